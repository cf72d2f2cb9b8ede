"""A pygame_gui text box whose lines are broken by the project's rule, not by pygame_gui's.

pygame_gui breaks a line at a space, and text without one (Japanese) anywhere, inside a Latin word or
a rule id ("(Spac / e)", "（IJ-R1 / 2）") or before a closing bracket. `TextBox` hands it text already
broken into lines (`fonts.wrap_html`, i.e. `layout.text.break_spans`: words and ids whole, kinsoku) at
the width it lays the text out in each time it does (narrower when the text needs its scroll bar, or
after a resize), so it never breaks a line itself. `html_text` stays the text as given.
Use it wherever our words fill a text box.
"""
from __future__ import annotations

from pygame_gui.elements import UITextBox

from . import fonts

TEXT_BOX_PT = 13   # the theme's text_box font (ui/scene.py THEME)
# Pixels kept free at a line's end: pygame_gui adds a 4 px line-break box after a line's last chunk and
# moves it to a row of its own (an empty line) when the sum is wider than the box.
SLACK = 6


class TextBox(UITextBox):
    """UITextBox(html, rect, manager, ...) whose text is broken into lines before pygame_gui lays it out."""

    def __init__(self, html_text: str, relative_rect, manager=None, *, font_size: int = TEXT_BOX_PT, **kw):
        kw.setdefault("allow_split_dashes", False)
        self._font_size = font_size
        self._wrapped = (None, 0, "")      # (text, width, the text broken at that width)
        super().__init__(html_text, relative_rect, manager, **kw)

    @property
    def wrapped(self) -> str:
        """The text as last laid out: `html_text` with a <br> at each line break of ours."""
        return self._wrapped[2]

    def full_width(self) -> int:
        """Return the width lines are broken at when the box does not scroll."""
        return (self.rect.w - 2 * self.padding[0] - self.border_width["left"] - self.border_width["right"]
                - 2 * self.shadow_width - sum(self.rounded_corner_width_offsets)) - SLACK

    def wrap_width(self) -> int:
        """Return the width lines are broken at now: pygame_gui's text width (less its scroll bar) less SLACK."""
        w = self.text_wrap_rect.w if self.text_wrap_rect is not None else -1
        if w <= 0:   # not laid out yet, or a box that takes the width of its text
            return self.full_width()
        return w - SLACK

    def parse_html_into_style_data(self) -> None:
        """pygame_gui's parse, fed the text broken into lines at the width it lays it out in now."""
        shown = self.html_text
        if shown:
            width = self.wrap_width()
            if self._wrapped[:2] != (shown, width):
                self._wrapped = (shown, width, fonts.wrap_html(shown, self._font_size, width))
            self.html_text = self._wrapped[2]
        try:
            super().parse_html_into_style_data()
        finally:
            self.html_text = shown
