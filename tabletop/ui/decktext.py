"""The deck editor's plain-text window: the deck as a list ("2 鬼の咆哮" a line) to copy, or a list to paste.

Export writes the deck into the box (printed names; English names in the English interface when
cards have them); Copy puts the box on the clipboard; Import reads the box: every line it cannot
read is listed with its number (an unknown card, with the names it might mean) and the deck is left
as it was, so nothing is lost; a list that reads whole replaces the deck.
"""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryBox, UIWindow

from tabletop.engine.decks import export_text, parse_text

from .scene import html_escape
from .textbox import TextBox


class DeckText:
    """One open text window of a deck editor; `process_event` returns whether the event was its own."""

    def __init__(self, editor):
        self.editor = editor
        app = editor.app
        t, m = app.words, app.manager
        W, H = app.size
        w, h = min(640, W - 60), min(620, H - 60)
        self.window = UIWindow(pygame.Rect((W - w) // 2, (H - h) // 2, w, h), m,
                               window_display_title=t("Deck as text"))
        cw, ch = self.window.get_container().get_size()
        self.box = UITextEntryBox(pygame.Rect(6, 6, cw - 12, ch - 160), "", m, container=self.window)
        self.report = TextBox("", pygame.Rect(6, ch - 150, cw - 12, 96), m, container=self.window)
        bw = (cw - 12 - 3 * 6) // 4
        y = ch - 48
        self.buttons = {}
        for i, (name, label) in enumerate((("export", "Export"), ("copy", "Copy"), ("import", "Import"),
                                           ("close", "Close"))):
            b = UIButton(pygame.Rect(6 + i * (bw + 6), y, bw, 40), t(label), m, container=self.window,
                         object_id="#lit" if name == "import" else None)
            self.buttons[b] = name
        self.export()

    def text(self) -> str:
        return self.box.get_text()

    def set_report(self, lines: list[str], ok: bool) -> None:
        color = "#8fd19e" if ok else "#f08a80"
        self.report.set_text(f"<font color='{color}'>" + "<br>".join(html_escape(x) for x in lines) + "</font>")

    def export(self) -> None:
        """Write the deck into the box as a plain-text list."""
        ed = self.editor
        self.box.set_text(export_text(ed.deck, english=ed.app.words.language == "en"))
        self.set_report([ed.app.words("The deck as a list: copy it, or paste another list and press Import.")], True)

    def copy(self) -> None:
        t = self.editor.app.words
        try:
            pygame_gui.core.utility.clipboard_copy(self.text())
            self.set_report([t("Copied to the clipboard.")], True)
        except Exception as e:  # noqa: BLE001 — a desktop without a clipboard: the text stays in the box
            self.set_report([t("No clipboard here ({why}): select the text and copy it.", why=e)], False)

    def do_import(self) -> bool:
        """Read the box as a list; replace the deck only when every line reads. Return whether it did."""
        ed = self.editor
        t = ed.app.words
        deck, errors = parse_text(self.text(), ed.rs, path=t("list"), name=ed.deck.name)
        if errors:
            self.set_report([t("Nothing imported; fix these lines:")] + [str(e) for e in errors], False)
            return False
        deck.name, deck.title, deck.description = ed.deck.name, ed.deck.title or deck.title, ed.deck.description
        ed.deck = deck
        ed.changed()
        self.set_report([t("Imported {n} cards.", n=deck.total())], True)
        return True

    def process_event(self, e) -> bool:
        if e.type == pygame_gui.UI_WINDOW_CLOSE and e.ui_element is self.window:
            self.editor.text_window = None
            return True
        if e.type != pygame_gui.UI_BUTTON_PRESSED or e.ui_element not in self.buttons:
            return False
        name = self.buttons[e.ui_element]
        if name == "close":
            self.close()
        else:
            {"export": self.export, "copy": self.copy, "import": self.do_import}[name]()
        return True

    def close(self) -> None:
        self.window.kill()
        self.editor.text_window = None
