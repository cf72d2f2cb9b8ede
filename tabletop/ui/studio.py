"""The layout studio (main menu → Layout studio, or `tabletop studio RULESET`): every card of a
ruleset, redrawn as its files change.

A scene on the window's stack: a grid of all cards (filter by kind, colour and name), a click zooms
a card and the side panel lists its data (studiopanel.py draws the panel and the error banner). The
studio polls the modification times of ruleset.yaml, cards.yaml, layout.yaml, decks/ and assets/ a
few times a second; a saved change shows at once. A file that does not load shows its
`path:line: what is wrong` in a red banner while the last good version stays on screen. Back or Esc
returns to the scene underneath (the menu), or closes the window the command line opened.
"""
from __future__ import annotations

import time
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryLine

from tabletop import i18n
from tabletop.engine.errors import DataError, DataErrors
from tabletop.engine.msg import msg
from tabletop.engine.ruleset import load_ruleset_dir, ruleset_dir, ruleset_ids
from tabletop.layout import text as textmod
from tabletop.layout.checks import art_problems, blank_cards, face_warnings
from tabletop.layout.grid import CardGrid, Watcher, draw_text
from tabletop.layout.model import default_layout, load_layout
from tabletop.layout.render import CardRenderer

from . import studiopanel
from .scene import App, WidgetScene
from .studiopanel import TOP
from .theme import BG, DIM, FG, PANEL_BG, WARN
from .theme import ERROR as RED

POLL_S = 0.3
PANEL_W = 430


def studio_folder(ruleset_id: str) -> Path:
    """Return the folder of a ruleset the studio opens; raise DataError naming the known ones."""
    folder = ruleset_dir(ruleset_id)
    if folder is None:
        known = ", ".join(ruleset_ids()) or msg("none")
        raise DataError(ruleset_id, None, msg("no ruleset {ruleset!r} (known: {known})", ruleset=ruleset_id, known=known))
    return folder


class StudioScene(WidgetScene):
    """The studio's state, widgets and drawing over one ruleset folder."""

    def __init__(self, app, folder: Path):
        super().__init__(app)
        self.folder = Path(folder)
        self.watcher = Watcher(self.folder)
        self.ruleset = None
        self.renderer: CardRenderer | None = None
        self.errors: list[str] = []
        self.reloads = 0
        self.last_poll = 0.0
        self.kind = None
        self.color = None
        self.name_filter = ""
        self.outlines = False
        self.selected: str | None = None
        self.zoomed = False
        self.overflowing: set = set()
        self.warned: set = set()
        self.warnings: dict = {}      # card id -> its print warnings
        self.art_missing: dict = {}   # card id -> why its art is not shown (missing, unreadable)
        self.blank: set = set()       # cards whose face shows only its background
        self.deck_errors: list = []   # problems of decks/ (the faces still reload)
        self.scroll = 0
        self.grid = CardGrid(pygame.Rect(0, TOP, 100, 100))
        self.status: list = []        # messages, rendered in the language when drawn
        self.title_w = 150
        self.reload()

    @property
    def size(self) -> tuple[int, int]:
        return self.app.size

    # --- files --------------------------------------------------------------------------------
    def reload(self) -> bool:
        """Load the ruleset and layout again; on any problem keep the last good ones and show why."""
        deck_errors = []
        lang = self.app.words.language
        now = time.strftime("%H:%M:%S")
        try:
            try:
                rs = load_ruleset_dir(self.folder)
            except (DataError, DataErrors) as e:
                # A broken deck file does not stop the faces: load without decks, and show the deck's problem.
                errs = e.errors if isinstance(e, DataErrors) else [e]
                decks = self.folder / "decks"
                if not all(Path(x.path).parent == decks or "starter deck" in i18n.render(x.message) for x in errs):
                    raise
                rs = load_ruleset_dir(self.folder, decks=False)
                deck_errors = [i18n.render_error(x, lang) for x in errs]
            path = self.folder / "layout.yaml"
            layout = load_layout(path, rs) if path.exists() else default_layout(rs)
            renderer = CardRenderer(rs, layout)
            renderer.language = self.app.words   # faces in the reader's language where the layout says so
        except Exception as e:  # noqa: BLE001 — whatever a half-saved file does, the studio stays up
            self.errors = _messages(e, lang)
            self.status = [msg("{time} not loaded: showing the last good version", time=now)]
            return False
        self.ruleset, self.renderer = rs, renderer
        self.errors = list(deck_errors)
        self.deck_errors = deck_errors
        self.reloads += 1
        # Cards whose text is cut even at its minimum size get a red corner in the grid, cards with
        # another print warning an orange one.
        found = face_warnings(rs, renderer)
        self.warnings = {}
        for cid, _, m in found:
            if cid is not None:
                self.warnings.setdefault(cid, []).append(m)
        self.overflowing = {cid for cid, kind, _ in found if kind == "cut"}
        # Art that is set but missing or unreadable: the face shows the generated picture, which looks
        # like art, so the grid says so (a red corner and "no art"); a face showing only its background
        # says "blank".
        self.art_missing = art_problems(rs)
        for cid, m in self.art_missing.items():
            self.warnings.setdefault(cid, []).append(m)
        self.blank = blank_cards(rs, renderer)
        self.warned = set(self.warnings) - self.overflowing - set(self.art_missing)
        self.status = [msg("{time} loaded ({n} cards, layout.yaml)" if not layout.generated
                           else "{time} loaded ({n} cards, default layout)", time=now, n=len(rs.cards))]
        if self.overflowing:
            self.status.append(msg("{n} with text cut", n=len(self.overflowing)))
        if self.art_missing:
            self.status.append(msg("{n} with art missing", n=len(self.art_missing)))
        if self.warned:
            self.status.append(msg("{n} with warnings", n=len(self.warned)))
        if self.selected not in rs.cards:
            self.selected, self.zoomed = None, False
        self._refresh_filters()
        return True

    def status_text(self) -> str:
        return " — ".join(self.app.words.render(m) for m in self.status)

    def poll(self, force: bool = False) -> bool:
        """Check the files (at most every POLL_S seconds unless forced); reload if one changed."""
        now = time.monotonic()
        if not force and now - self.last_poll < POLL_S:
            return False
        self.last_poll = now
        if self.watcher.changed():
            self.reload()
            return True
        return False

    # --- widgets ------------------------------------------------------------------------------
    def language_changed(self) -> None:
        self.reload()          # the errors and warnings, rendered in the new language
        self.build()

    def build(self) -> None:
        """(Re)create the top bar's widgets for the window size, in the language."""
        self.kill()
        t, m = self.app.words, self.manager
        self.b_back = UIButton(pygame.Rect(10, 8, 80, 36), "◀ " + t("Back"), m)
        # After the title; in a narrow window the title gives way, then the buttons narrow.
        widths = [180, 160, 180, 130, 80]
        need = sum(widths) + 8 * (len(widths) - 1)
        x = max(100 + 150, min(420, self.size[0] - 10 - need))
        k = min(1.0, (self.size[0] - 10 - x - 8 * (len(widths) - 1)) / sum(widths))
        self.title_w = x - 110
        row = []
        for width in widths:
            w = int(width * k)
            row.append(pygame.Rect(x, 8, w, 36))
            x += w + 8
        self.b_kind = UIButton(row[0], "", m)
        self.b_color = UIButton(row[1], "", m)
        self.e_name = UITextEntryLine(row[2], m, placeholder_text=t("name filter"))
        if self.name_filter:
            self.e_name.set_text(self.name_filter)
        self.b_outline = UIButton(row[3], "", m)
        self.b_reload = UIButton(row[4], t("Reload"), m)
        self.widgets = [self.b_back, self.b_kind, self.b_color, self.e_name, self.b_outline, self.b_reload]
        self._refresh_filters()

    def _refresh_filters(self) -> None:
        rs, t = self.ruleset, self.app.words
        if rs is not None:
            if self.kind and self.kind not in rs.card_kinds:
                self.kind = None
            if self.color and self.color not in self._colors():
                self.color = None
        if self.widgets:
            self.b_kind.set_text(t("Kind: {v}", v=self._kind_label(self.kind)))
            self.b_color.set_text(t("Colour: {v}", v=self._color_label(self.color)))
            self.b_outline.set_text(t("Outlines: on") if self.outlines else t("Outlines: off"))

    def _colors(self) -> list[str]:
        if self.ruleset is None or self.renderer is None:
            return []
        field = self.renderer.layout.palette_field
        seen = []
        for c in self.ruleset.cards.values():
            v = self.renderer.value(c, field)
            v = "" if v is None else str(v)
            if v not in seen:
                seen.append(v)
        return seen

    def _kind_label(self, k) -> str:
        t = self.app.words
        if k is None:
            return t("all")
        return t.label(self.ruleset.card_kinds[k]) or k

    def _color_label(self, c) -> str:
        t = self.app.words
        if c is None:
            return t("all")
        if c == "":
            return t("none")
        return t.label(self.ruleset.colors.get(c, {})) or c

    def cycle_kind(self) -> None:
        if self.ruleset is None:
            return
        kinds = [None, *self.ruleset.card_kinds]
        self.kind = kinds[(kinds.index(self.kind) + 1) % len(kinds)]
        self.scroll = 0
        self._refresh_filters()

    def cycle_color(self) -> None:
        colors = [None, *self._colors()]
        self.color = colors[(colors.index(self.color) + 1) % len(colors)] if self.color in colors else None
        self.scroll = 0
        self._refresh_filters()

    def step_selection(self, delta: int) -> None:
        """Select the previous or next card of the filtered grid (arrow keys, also while zoomed)."""
        ids = [c.id for c in self.cards()]
        if not ids:
            return
        i = ids.index(self.selected) if self.selected in ids else 0
        self.selected = ids[(i + delta) % len(ids)]

    def toggle_outlines(self) -> None:
        self.outlines = not self.outlines
        self._refresh_filters()

    def cards(self) -> list:
        """Return the cards the filters let through, in file order."""
        if self.ruleset is None:
            return []
        out = []
        needle = self.name_filter.strip().lower()
        field = self.renderer.layout.palette_field
        for c in self.ruleset.cards.values():
            if self.kind and c.kind != self.kind:
                continue
            if self.color is not None:
                v = self.renderer.value(c, field)
                if ("" if v is None else str(v)) != self.color:
                    continue
            if needle and needle not in c.name.lower() and needle not in c.name_en.lower() and needle not in c.id.lower():
                continue
            out.append(c)
        return out

    # --- geometry -----------------------------------------------------------------------------
    @property
    def panel_w(self) -> int:
        return min(PANEL_W, max(300, self.size[0] // 3))

    def grid_rect(self) -> pygame.Rect:
        return pygame.Rect(0, TOP, self.size[0] - self.panel_w, self.size[1] - TOP)

    def _sync_grid(self) -> CardGrid:
        """Give the grid what it shows now: the filtered cards, the renderer, selection and marks."""
        g = self.grid
        g.rect = self.grid_rect()
        g.renderer = self.renderer
        g.cards = self.cards()
        g.scroll = self.scroll
        g.selected = self.selected
        g.outlines = self.outlines
        g.marks = {cid: WARN for cid in self.warned}
        g.marks.update({cid: RED for cid in self.overflowing | set(self.art_missing)})
        no_art, blank = self.app.words.render(msg("no art")), self.app.words.render(msg("blank"))
        g.badges = {cid: blank for cid in self.blank}
        g.badges.update({cid: no_art for cid in self.art_missing})
        g.bottom_room = studiopanel.banner_height(self) if self.errors else 0
        return g

    def thumb_rects(self) -> list[tuple[object, pygame.Rect]]:
        """Return (card, screen rect) of each filtered card in the grid, scroll applied."""
        return self._sync_grid().thumb_rects()

    def card_at(self, pos) -> object | None:
        return self._sync_grid().card_at(pos)

    # --- events -------------------------------------------------------------------------------
    def process_event(self, e: pygame.event.Event) -> None:
        """Handle one event the widgets left: buttons, the name filter, clicks, the wheel and keys."""
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            if e.ui_element is self.b_back:
                self.app.pop()
            elif e.ui_element is self.b_kind:
                self.cycle_kind()
            elif e.ui_element is self.b_color:
                self.cycle_color()
            elif e.ui_element is self.b_outline:
                self.toggle_outlines()
            elif e.ui_element is self.b_reload:
                self.watcher.changed()
                self.reload()
        elif e.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and e.ui_element is self.e_name:
            self.name_filter = e.text
            self.scroll = 0
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            if self.zoomed:
                self.zoomed = False
                return
            c = self.card_at(e.pos)
            if c is not None:
                self.selected, self.zoomed = c.id, True
        elif e.type == pygame.MOUSEWHEEL:
            self._sync_grid().scroll_by(-e.y * 60)
            self.scroll = self.grid.scroll
        elif e.type == pygame.KEYDOWN and not self.e_name.is_focused:
            self.key(e.key)

    def key(self, k: int) -> None:
        if k == pygame.K_ESCAPE:
            if self.zoomed:
                self.zoomed = False
            else:
                self.app.pop()
        elif k == pygame.K_o:
            self.toggle_outlines()
        elif k in (pygame.K_LEFT, pygame.K_RIGHT) and self.selected:
            self.step_selection(-1 if k == pygame.K_LEFT else 1)
        elif k == pygame.K_F5:
            self.reload()

    # --- drawing ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.poll()

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole studio; a face that cannot be drawn shows its error instead of closing it."""
        try:
            self._draw(surface)
        except Exception as e:  # noqa: BLE001 — a face that cannot be drawn must not close the studio
            self.errors = [self.app.words("drawing failed: {what}", what=f"{type(e).__name__}: {e}")]
            surface.fill(BG)
            studiopanel.draw_banner(self, surface)

    def _draw(self, surface: pygame.Surface) -> None:
        t = self.app.words
        surface.fill(BG)
        pygame.draw.rect(surface, PANEL_BG, (0, 0, self.size[0], TOP))
        title = t(self.ruleset.title) if self.ruleset else self.folder.name
        if textmod.width(title, 16, "bold") > self.title_w:
            title = textmod.ellipsize(title, self.title_w, 16, "bold")
        draw_text(surface, title, 100, 18, 16, FG, "bold")
        status = self.status_text()
        if textmod.width(status, 11) > self.title_w:
            status = textmod.ellipsize(status, self.title_w, 11)
        draw_text(surface, status, 100, 38, 11, DIM)
        if self.renderer is not None:
            area = self.grid_rect()
            self._sync_grid().draw(surface)
            if not self.cards():
                draw_text(surface, t("No card matches the filters."), area.x + 30, area.y + 40, 16, DIM)
            studiopanel.draw_panel(self, surface)
            if self.zoomed and self.selected in self.ruleset.cards:
                studiopanel.draw_zoom(self, surface)
        if self.errors:
            studiopanel.draw_banner(self, surface)


def _messages(e: BaseException, lang: str) -> list[str]:
    if isinstance(e, DataErrors):
        return [i18n.render_error(x, lang) for x in e.errors]
    if isinstance(e, DataError):
        return [i18n.render_error(e, lang)]
    return [f"{type(e).__name__}: {e}"]


def parse_size(text) -> tuple[int, int]:
    """Turn `--size 1366x768` into a window size (at least 800x560; default 1600x900)."""
    if not text:
        return (1600, 900)
    try:
        w, h = (int(v) for v in str(text).lower().split("x"))
    except ValueError:
        raise DataError("--size", None, msg("{size!r}: expected WIDTHxHEIGHT, e.g. 1366x768", size=text)) from None
    return max(800, w), max(560, h)


def run(args) -> int:
    """Run `tabletop studio RULESET [--size WxH]`: a window with the studio alone; Back closes it."""
    folder = studio_folder(args.ruleset)
    app = App(size=parse_size(getattr(args, "size", None)))
    pygame.display.set_caption(f"tabletop studio — {args.ruleset}")
    app.push(StudioScene(app, folder))
    return app.run()
