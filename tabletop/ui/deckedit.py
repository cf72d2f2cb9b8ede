"""The deck editor (main menu → Deck editor, or the browser's button): the card browser with a deck beside it.

A click on a card of the grid adds one copy to its home section (the mana deck for a senkai mana
card, the Level 2 deck for a fourdeck cost-2 unit...), or to the section chosen with "Add to"; a
drag drops it into the section it is let go on. In the list, − and + change a count. The deck's
rules are checked after every change (`Deck.problems()`), each problem shown with its rule id and
its card lit red; two small charts show the cost curve and the kinds. Save writes the deck to the
user's decks folder (`save_user_deck`: a shipped deck is never overwritten); Play saves it and opens
a table with it against a bot; Text… opens the plain-text list (export, copy, paste and import).
"""
from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton, UIDropDownMenu, UITextEntryLine

from tabletop.engine import Game, TabletopError
from tabletop.engine.decks import Deck, DeckError, list_decks, save_user_deck

from .cards import TOP, CardsScene
from .deckpanel import DeckPanel
from .players import make_seats, new_seed

NEW = "—"


class DeckEditorScene(CardsScene):
    """Build, check, save and play a deck of any ruleset's shape."""

    panel_w = 440
    title = "Deck editor"

    def __init__(self, app, ruleset_id: str, deck_name: str | None = None):
        self.deck = None
        self.target: str | None = None     # the section "Add to" names; None: each card's home section
        self.own_name: str | None = None   # the name of the user's deck this one was loaded from or saved as
        self.problems: list = []
        self.text_window = None
        super().__init__(app, ruleset_id)
        self.panel = DeckPanel(self)
        if deck_name:
            self.open_deck(deck_name)

    # --- the deck -------------------------------------------------------------------------------
    def ruleset_changed(self) -> None:
        """Rebuild the deck on the (re)loaded ruleset, keeping every card it still has."""
        old = self.deck
        deck = Deck(self.rs, old.name if old else "", old.title if old else "", old.description if old else "")
        for sec, cid, n in (old.cards() if old else []):
            if sec in deck.sections and cid in self.rs.cards:
                deck.add(cid, sec, n)
        self.deck = deck
        if self.target not in deck.sections:
            self.target = None
        self.changed()

    def changed(self) -> None:
        """Check the deck's rules again (after every edit)."""
        self.problems = self.deck.problems()

    def problem_text(self, p) -> str:
        """Return a problem as the panel shows it: "SK-R2: 河童: 3 copies, at most 2 allowed"."""
        return str(p.message)

    def cost_of(self, card):
        from .cardfilter import cost_field
        f = cost_field(self.rs)
        return card.get(f) if f else None

    def add(self, cid: str, section: str | None = None) -> None:
        try:
            sec = self.deck.add(cid, section or self.target)
        except DeckError as e:
            self.status = str(e)
            return
        self.panel.show(sec, cid)
        card = self.rs.cards[cid]
        name = card.name_en if self.app.words.language == "en" and card.name_en else card.name
        self.status = self.app.words("{card} → {section} ({n})", card=name,
                                     section=self.app.words.label(self.rs.deck[sec]), n=self.deck.count(cid, sec))
        self.changed()

    def open_deck(self, name: str) -> None:
        """Load a deck into the editor: one of the user's, or a shipped one as the start of a new deck."""
        t = self.app.words
        entry = next((e for e in list_decks(self.rs) if e.name == name), None)
        try:
            if entry is None:
                raise TabletopError(t("no deck named {name}", name=name))
            if entry.source == "shipped":
                deck = Deck.from_list(self.rs, self.rs.decks[name])
                deck.name, self.own_name = f"my_{name}", None   # a shipped deck is saved as a copy
            else:
                deck = Deck.load(entry.path, self.rs)
                self.own_name = deck.name = entry.name
        except (TabletopError, ValueError) as e:
            self.app.message(str(e), t("Deck editor"))
            return
        self.deck = deck
        self.panel.scroll = 0
        self.changed()
        if "name" in self.ui:
            self.ui["name"].set_text(deck.name)
        self.status = t("opened {name}", name=name)

    def new_deck(self) -> None:
        self.deck = Deck(self.rs)
        self.own_name = None
        self.changed()
        if "name" in self.ui:
            self.ui["name"].set_text("")

    def save(self) -> bool:
        """Save the deck under the name typed; say where, and whether it is still a draft."""
        t = self.app.words
        name = self.ui["name"].get_text().strip() if "name" in self.ui else self.deck.name
        self.deck.name = name
        if not self.deck.title or self.deck.title == self.own_name:
            self.deck.title = name
        try:
            path = save_user_deck(self.deck, overwrite=name == self.own_name)
        except (TabletopError, OSError) as e:
            self.app.message(str(e), t("Cannot save the deck"))
            return False
        self.own_name = name
        self.status = t("Saved to {path}", path=str(path)) + ("" if not self.problems else
                                                             "  " + t("(a draft: it breaks {n} deck rules)",
                                                                      n=len(self.problems)))
        self.build()
        return True

    def play(self) -> None:
        """Save the deck, then open a table with it (P1) against the normal bot with a starter deck."""
        t = self.app.words
        if self.problems:
            self.app.message("\n".join(self.problem_text(p) for p in self.problems), t("This deck breaks the rules"))
            return
        if not self.save():
            return
        try:
            seed = new_seed()
            game = Game.new(self.rs, decks=[self.deck.name, None], seed=seed)
            seats = make_seats(["human", "normal"], seed)
        except (TabletopError, ValueError, KeyError) as e:
            self.app.message(str(e), t("Cannot start the game"))
            return
        import os
        from .table import TableScene
        self.app.replace(TableScene(self.app, game, seats, save_folder=os.environ.get("TABLETOP_SAVES")))

    # --- widgets --------------------------------------------------------------------------------
    def build_extra(self, x: int) -> None:
        """Put the deck's own widgets at the top of the right-hand panel."""
        t, m = self.app.words, self.manager
        W = self.app.size[0]
        pw = self.panel_width()
        x0 = W - pw + 8
        iw = pw - 16
        y = TOP + 6
        self._add("name", UITextEntryLine(pygame.Rect(x0, y, iw - 206, 34), m, placeholder_text=t("deck name")))
        self.ui["name"].set_text(self.deck.name if self.deck else "")
        self._add("save", UIButton(pygame.Rect(x0 + iw - 200, y, 96, 34), t("Save"), m, object_id="#lit"))
        self._add("text", UIButton(pygame.Rect(x0 + iw - 98, y, 98, 34), t("Text…"), m))
        y += 40
        entries = list_decks(self.rs) if self.rs else []
        opts = [(t("new deck"), NEW)] + [(f"{e.title} ({t(e.source)})", e.name) for e in entries]
        self._add("open", UIDropDownMenu(opts, opts[0], pygame.Rect(x0, y, iw - 206, 34), m))
        self._add("target", UIButton(pygame.Rect(x0 + iw - 200, y, 96, 34), "", m))
        self._add("play", UIButton(pygame.Rect(x0 + iw - 98, y, 98, 34), t("Play a game"), m))
        self.relabel_target()

    def relabel_target(self) -> None:
        t = self.app.words
        if "target" in self.ui:
            sec = t.label(self.rs.deck[self.target]) if self.target else t("auto")
            self.ui["target"].set_text(t("Add to: {s}", s=sec))

    def list_top(self) -> int:
        return TOP + 88

    # --- events ---------------------------------------------------------------------------------
    def process_event(self, e) -> None:
        import pygame_gui
        if self.text_window is not None and self.text_window.process_event(e):
            return
        if e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and e.ui_element is self.ui.get("open"):
            value = e.ui_element.selected_option
            value = value[1] if isinstance(value, tuple) else value
            self.new_deck() if value == NEW else self.open_deck(value)
            return
        super().process_event(e)

    def on_button(self, el) -> None:
        ui = self.ui
        if el is ui.get("save"):
            self.save()
        elif el is ui.get("play"):
            self.play()
        elif el is ui.get("text"):
            from .decktext import DeckText
            if self.text_window is None:
                self.text_window = DeckText(self)
        elif el is ui.get("target"):
            from .cardfilter import cycle
            self.target = cycle(list(self.deck.sections), self.target)
            self.relabel_target()
        else:
            super().on_button(el)

    def clicked(self, card) -> None:
        self.selected = card.id
        self.add(card.id)

    def dropped(self, card, pos) -> None:
        sec = self.panel.section_at(pos)
        if sec is not None or self.panel.areas()[0].collidepoint(pos):
            self.add(card.id, sec)

    def panel_press(self, pos) -> None:
        hit = self.panel.hit(pos)
        if hit is None:
            return
        what, row = hit
        if what == "header":
            self.target = None if self.target == row.section else row.section
            self.relabel_target()
        elif what == "minus":
            self.deck.remove(row.card, row.section)
            self.changed()
        elif what == "plus":
            self.add(row.card, row.section)
        else:
            self.selected = row.card

    def wheel(self, pos, dy) -> bool:
        if self.panel.areas()[0].collidepoint(pos):
            self.panel.scroll_by(-dy * 48)
            return True
        return False

    def _typing(self) -> bool:
        box = self.text_window.box if self.text_window is not None else None
        return super()._typing() or (box is not None and box.is_focused)

    def key(self, e) -> None:
        if e.key == pygame.K_s and e.mod & pygame.KMOD_CTRL:
            self.save()
        else:
            super().key(e)

    def leave(self) -> None:
        if self.text_window is not None:
            self.text_window.close()
        super().leave()

    def marks(self) -> dict:
        """Mark the cards in the deck (green) and those a deck rule names (red) in the grid."""
        out = {cid: (80, 190, 110) for _, cid, _ in self.deck.cards()}
        out.update({p.card: (220, 70, 60) for p in self.problems if p.card})
        return out

    # --- drawing --------------------------------------------------------------------------------
    def draw_panel(self, surface) -> None:
        W, H = self.app.size
        pw = self.panel_width()
        pygame.draw.rect(surface, (33, 38, 46), (W - pw, TOP, pw, H - TOP - 26))
        self.panel.draw(surface)
