"""A pygame_gui text box whose lines are broken by the project's rule, not by pygame_gui's.

pygame_gui breaks a line at a space, and text without one (Japanese) anywhere, inside a Latin word or
a rule id ("(Spac / e)", "（IJ-R1 / 2）") or before a closing bracket. `TextBox` hands it text already
broken into lines (`fonts.wrap_html`, i.e. `layout.text.break_spans`: words and ids whole, kinsoku), at
the width it lays text out in — the narrower one when the text needs its scroll bar — so it never
breaks a line itself. Use it wherever our words fill a text box.
"""
from __future__ import annotations

from pygame_gui.elements import UITextBox

from . import fonts

TEXT_BOX_PT = 13   # the theme's text_box font (ui/scene.py THEME)
SLACK = 2          # pixels kept free at a line's end (rounding of pygame_gui's own measure)


class TextBox(UITextBox):
    """UITextBox(html, rect, manager, ...) whose text is broken into lines before pygame_gui lays it out."""

    def __init__(self, html_text: str, relative_rect, manager=None, *, font_size: int = TEXT_BOX_PT, **kw):
        kw.setdefault("allow_split_dashes", False)
        self._font_size = font_size
        self.source_html = self.wrapped = ""
        super().__init__("", relative_rect, manager, **kw)
        if html_text:
            self.set_text(html_text)

    def text_width(self, scrolled: bool) -> int:
        """Return the width pygame_gui lays this box's text out in (without or with its scroll bar)."""
        w = (self.rect.w - 2 * self.padding[0] - self.border_width["left"] - self.border_width["right"]
             - 2 * self.shadow_width - sum(self.rounded_corner_width_offsets))
        return w - (self.scroll_bar_width if scrolled else 0) - SLACK

    def set_text(self, html_text: str, *, text_kwargs=None) -> None:
        """Show `html_text` (kept as `html_text`, what the box says); the lines laid out are `wrapped`."""
        self.source_html = html_text
        self.wrapped = fonts.wrap_html(html_text, self._font_size, self.text_width(False))
        super().set_text(html_text, text_kwargs=text_kwargs)
        if self.scroll_bar is not None:   # too long for the box: the scroll bar takes its width from the lines
            self.wrapped = fonts.wrap_html(html_text, self._font_size, self.text_width(True))
            super().set_text(html_text, text_kwargs=text_kwargs)

    def parse_html_into_style_data(self) -> None:
        """pygame_gui's parse, fed the broken lines instead of the text as given."""
        shown = self.html_text
        if shown and shown == getattr(self, "source_html", None):
            self.html_text = self.wrapped
        try:
            super().parse_html_into_style_data()
        finally:
            self.html_text = shown
