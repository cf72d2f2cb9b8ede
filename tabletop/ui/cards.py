"""The card browser (main menu → Cards): every card face of a ruleset in a scrollable grid.

The grid is the layout studio's `CardGrid` (one card grid in the code). Above it: the ruleset, the
kind, colour and cost filters (each button cycles through its values, "all" first) and a search
box over names (Japanese and English), ids and rules text. A click shows the large face; a second
click or Esc closes it. The ruleset's files are polled twice a second: a card added or edited in
cards.yaml appears without a restart (F5 or Reload forces it); a file that does not load keeps the
last good cards on screen and shows its `path:line` message in the status line.

`DeckEditorScene` (deckedit.py) is this scene with a deck beside the grid.
"""
from __future__ import annotations

import time

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UITextEntryLine

from tabletop.engine import TabletopError, ruleset_ids
from tabletop.engine.ruleset import load_ruleset_dir, reload_ruleset, ruleset_dir
from tabletop.layout.model import default_layout, load_layout
from tabletop.layout.render import CardRenderer
from tabletop.layout.grid import CardGrid, Watcher, draw_zoomed

from . import cardfilter as cf
from . import fonts
from .scene import WidgetScene
from .theme import BG, DIM, FG, PANEL_BG  # the colours of every scene: ui/theme.json

TOP = 50
POLL_S = 0.5


class CardsScene(WidgetScene):
    """Browse a ruleset's cards; `panel_w` is the room on the right (the card's data; the deck in the editor)."""

    panel_w = 360
    title = "Cards"

    def __init__(self, app, ruleset_id: str, open_editor=None):
        super().__init__(app)
        self.ruleset_id = ruleset_id
        self.open_editor = open_editor   # (app, ruleset id) -> the deck editor scene; its opener knows it
        self.filter = cf.CardFilter()
        self.grid = CardGrid(pygame.Rect(0, TOP, 100, 100), thumb_w=130, gap=12)
        self.rs = None
        self.renderer = None
        self.selected: str | None = None
        self.zoomed = False
        self.status = ""
        self.ui: dict = {}
        self.press = None        # (card, pos) of a press on the grid, before it is a click or a drag
        self.mouse = (0, 0)      # where the pointer is (from the events: what the wheel scrolls, where a drag is)
        self.last_poll = 0.0
        self.load()

    # --- the ruleset ----------------------------------------------------------------------------
    def load(self) -> bool:
        """Load the ruleset's cards and faces again; on a problem keep the last good ones and say why."""
        t = self.app.words
        folder = ruleset_dir(self.ruleset_id)
        try:
            if folder is None:
                raise TabletopError(t("no ruleset {name}", name=self.ruleset_id))
            rs = load_ruleset_dir(folder)
            path = folder / "layout.yaml"
            renderer = CardRenderer(rs, load_layout(path, rs) if path.exists() else default_layout(rs))
            renderer.language = self.app.words   # faces in the reader's language where the layout says so
        except Exception as e:  # noqa: BLE001 — a half-saved file must not close the browser
            self.status = t("not loaded, showing the last good cards: {why}", why=str(e).splitlines()[0])
            return False
        self.watcher = Watcher(folder)
        if self.rs is not None:
            reload_ruleset(self.ruleset_id)   # games started from here see the edited cards too
        self.rs, self.renderer = rs, renderer
        self.filter.fit(rs)
        if self.selected not in rs.cards:
            self.selected, self.zoomed = None, False
        self.status = t("{n} cards, loaded at {time}", n=len(rs.cards), time=time.strftime("%H:%M:%S"))
        self.ruleset_changed()
        self.relabel()
        return True

    def ruleset_changed(self) -> None:
        """Hook: the ruleset was (re)loaded (the editor rebuilds its deck on it)."""

    def poll(self) -> None:
        now = time.monotonic()
        if now - self.last_poll >= POLL_S and getattr(self, "watcher", None) is not None:
            self.last_poll = now
            if self.watcher.changed():
                self.load()

    # --- widgets --------------------------------------------------------------------------------
    def kill(self) -> None:
        super().kill()
        self.ui = {}

    def _add(self, name, widget):
        self.widgets.append(widget)
        self.ui[name] = widget
        return widget

    def build(self) -> None:
        """(Re)create the toolbar's widgets for the window size."""
        self.kill()
        t, m = self.app.words, self.manager
        W = self.app.size[0]
        x = 8

        def rect(w):
            nonlocal x
            r = pygame.Rect(x, 7, w, 36)
            x += w + 6
            return r
        narrow = W < 1500
        self._add("back", UIButton(rect(80), "◀ " + t("Back"), m))
        ids = ruleset_ids()
        self._add("ruleset", UIDropDownMenu(ids, self.ruleset_id if self.ruleset_id in ids else ids[0],
                                            rect(120 if narrow else 150), m))
        self._add("kind", UIButton(rect(150 if narrow else 180), "", m))
        self._add("color", UIButton(rect(130 if narrow else 160), "", m))
        self._add("cost", UIButton(rect(100 if narrow else 130), "", m))
        self._add("search", UITextEntryLine(rect(170 if narrow else 220), m, placeholder_text=t("search names and text")))
        self.ui["search"].set_text(self.filter.text)
        self._add("reload", UIButton(rect(80), t("Reload"), m))
        self.build_extra(x)
        self.relabel()

    def build_extra(self, x: int) -> None:
        """Add the browser's own toolbar buttons from x (the editor adds its panel instead)."""
        if self.open_editor is not None:
            self._add("editor", UIButton(pygame.Rect(x, 7, 130, 36), self.app.words("Deck editor"), self.manager,
                                         object_id="#lit"))

    def relabel(self) -> None:
        """Write the filter buttons' current values."""
        if not self.ui or self.rs is None:
            return
        t, f, rs = self.app.words, self.filter, self.rs
        kind = t.label(rs.card_kinds[f.kind]) if f.kind else t("all")
        self.ui["kind"].set_text(t("Kind: {v}", v=kind))
        self.ui["color"].set_text(t("Colour: {v}", v=self.color_label(f.color)))
        label = cf.cost_label(rs, t)
        self.ui["cost"].set_text(f"{label}: {t('all') if f.cost is None else f.cost}")

    def color_label(self, c) -> str:
        t = self.app.words
        if c is None:
            return t("all")
        if c == "":
            return t("none")
        spec = self.rs.colors.get(c) or {}
        return t.label(spec) or c

    # --- geometry -------------------------------------------------------------------------------
    def panel_width(self) -> int:
        return min(self.panel_w, self.app.size[0] // 3)

    def grid_rect(self) -> pygame.Rect:
        W, H = self.app.size
        return pygame.Rect(0, TOP, W - self.panel_width(), H - TOP - 26)

    def sync_grid(self) -> CardGrid:
        """Give the grid the filtered cards, the faces and the selection."""
        g = self.grid
        g.rect = self.grid_rect()
        g.renderer = self.renderer
        g.cards = self.filter.cards(self.rs) if self.rs else []
        g.selected = self.selected
        g.marks = self.marks()
        g.scroll = max(0, min(g.scroll, g.max_scroll()))
        return g

    def marks(self) -> dict:
        """Return {card id: colour} of the corner marks (the editor marks cards in the deck)."""
        return {}

    # --- events ---------------------------------------------------------------------------------
    def process_event(self, e) -> None:
        if e.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = e.pos
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            self.on_button(e.ui_element)
        elif e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and e.ui_element is self.ui.get("ruleset"):
            self.switch_ruleset(e.text)
        elif e.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and e.ui_element is self.ui.get("search"):
            self.filter.text = e.text
            self.grid.scroll = 0
        elif e.type == pygame.MOUSEWHEEL:
            if not self.wheel(self.mouse, e.y):
                self.sync_grid().scroll_by(-e.y * 60)
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            if self.zoomed:
                self.zoomed = False
                return
            c = self.sync_grid().card_at(e.pos)
            self.press = (c, e.pos) if c is not None else None
            self.panel_press(e.pos)
        elif e.type == pygame.MOUSEBUTTONUP and e.button == 1:
            press, self.press = self.press, None
            if press is not None:
                c, start = press
                if abs(e.pos[0] - start[0]) + abs(e.pos[1] - start[1]) > 6:
                    self.dropped(c, e.pos)
                elif self.sync_grid().card_at(e.pos) is c:
                    self.clicked(c)
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 3:
            c = self.sync_grid().card_at(e.pos)
            if c is not None:
                self.selected, self.zoomed = c.id, True
        elif e.type == pygame.KEYDOWN and not self._typing():
            self.key(e)

    def _typing(self) -> bool:
        return any(isinstance(w, UITextEntryLine) and w.is_focused for w in self.widgets)

    def key(self, e) -> None:
        if e.key == pygame.K_ESCAPE:
            if self.zoomed:
                self.zoomed = False
            else:
                self.app.go_home()
        elif e.key == pygame.K_F5:
            self.load()
        elif e.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.selected:
            ids = [c.id for c in self.sync_grid().cards]
            if ids:
                i = ids.index(self.selected) if self.selected in ids else 0
                self.selected = ids[(i + (1 if e.key == pygame.K_RIGHT else -1)) % len(ids)]

    def on_button(self, el) -> None:
        ui, f, rs = self.ui, self.filter, self.rs
        if el is ui.get("back"):
            self.app.go_home()
        elif rs is None:
            return
        elif el is ui.get("kind"):
            f.kind = cf.cycle(list(rs.card_kinds), f.kind)
        elif el is ui.get("color"):
            f.color = cf.cycle(cf.colors(rs), f.color)
        elif el is ui.get("cost"):
            f.cost = cf.cycle(cf.costs(rs), f.cost)
        elif el is ui.get("reload"):
            self.load()
        elif el is ui.get("editor"):
            self.app.replace(self.open_editor(self.app, self.ruleset_id))
            return
        else:
            return
        self.grid.scroll = 0
        self.relabel()

    def switch_ruleset(self, rid: str) -> None:
        self.ruleset_id, self.rs, self.selected, self.zoomed = rid, None, None, False
        self.filter = cf.CardFilter()
        self.load()
        self.build()

    def clicked(self, card) -> None:
        """A click on a card of the grid: show its large face."""
        self.selected, self.zoomed = card.id, True

    def dropped(self, card, pos) -> None:
        """A card of the grid dragged and let go at pos (the editor adds it to the deck)."""

    def panel_press(self, pos) -> None:
        """A press in the right-hand panel (the editor's deck list)."""

    def wheel(self, pos, dy) -> bool:
        """Scroll something under pos other than the grid; return whether it did."""
        return False

    # --- drawing --------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.poll()

    def draw(self, surface) -> None:
        W, H = self.app.size
        surface.fill(BG)
        pygame.draw.rect(surface, PANEL_BG, (0, 0, W, TOP))
        if self.rs is not None:
            g = self.sync_grid()
            g.draw(surface)
            if not g.cards:
                surface.blit(fonts.text(self.app.words("No card matches the filters."), 16, DIM),
                             (g.rect.x + 30, g.rect.y + 30))
        self.draw_panel(surface)
        self.draw_drag(surface)
        if self.zoomed and self.rs is not None and self.selected in self.rs.cards:
            self.draw_zoom(surface)
        bar = pygame.Rect(0, H - 26, W, 26)
        surface.fill((16, 20, 25), bar)
        surface.blit(fonts.text(fonts.ellipsize(self.status, 13, W - 16), 13, DIM), (8, bar.y + 5))

    def draw_drag(self, surface) -> None:
        """Draw the card being dragged at the pointer."""
        if self.press is None or self.renderer is None:
            return
        c, start = self.press
        pos = self.mouse
        if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > 6:
            face = self.renderer.face(c, 90)
            surface.blit(face, (pos[0] - 45, pos[1] - face.get_height() // 2))

    def draw_zoom(self, surface) -> None:
        draw_zoomed(surface, self.grid_rect(), self.renderer, self.rs.cards[self.selected], 30)

    def draw_panel(self, surface) -> None:
        """Draw the selected card's face and data in the right-hand panel."""
        W, H = self.app.size
        pw = self.panel_width()
        x0 = W - pw
        pygame.draw.rect(surface, PANEL_BG, (x0, TOP, pw, H - TOP - 26))
        t = self.app.words
        if self.rs is None or self.selected not in self.rs.cards:
            for i, line in enumerate(fonts.wrap(t("Click a card to see it large. Right-click too. "
                                                  "Wheel: scroll. ←/→: next card. F5: reload."), 14, pw - 32)):
                surface.blit(fonts.text(line, 14, DIM), (x0 + 16, TOP + 20 + i * 22))
            return
        c = self.rs.cards[self.selected]
        fw = min(pw - 32, 240)
        face = self.renderer.face(c, fw)
        surface.blit(face, (x0 + 16, TOP + 12))
        y = TOP + 24 + face.get_height()
        name = c.name + (f"  ({c.name_en})" if c.name_en and c.name_en != c.name else "")
        rows = [(name, 16, FG, True), (f"{t.label(self.rs.card_kinds[c.kind])} · {self.color_label(c.color or '')}",
                                        13, DIM, False)]
        rows += [(c.text, 13, FG, False)] if c.text else []
        for text, size, color, bold in rows:
            for line in fonts.wrap(text, size, pw - 32, bold):
                if y > H - 50:
                    return
                surface.blit(fonts.text(line, size, color, bold), (x0 + 16, y))
                y += size + 6
            y += 4
