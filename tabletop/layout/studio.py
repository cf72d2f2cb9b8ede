"""The layout studio (`tabletop studio RULESET`): every card of a ruleset, redrawn as its files change.

A grid of all cards (filter by kind, colour and name), a click zooms a card and the side panel
lists its data. The studio polls the modification times of ruleset.yaml, cards.yaml, layout.yaml,
decks/ and assets/ a few times a second; a saved change shows at once. A file that does not load
shows its `path:line: what is wrong` in a red banner while the last good version stays on screen.
"""
from __future__ import annotations

import time
from pathlib import Path

import pygame
import pygame.freetype
import pygame_gui

from ..engine.errors import DataError, DataErrors, TabletopError
from ..engine.ruleset import load_ruleset_dir, ruleset_dir, ruleset_ids
from . import text as textmod
from .model import default_layout, load_layout
from .render import CardRenderer

POLL_S = 0.3
TOP = 52
PANEL_W = 430
THUMB_W = 150
GAP = 14
BG = (26, 30, 36)
PANEL_BG = (34, 39, 47)
FG = (232, 232, 232)
DIM = (150, 156, 166)
RED = (200, 60, 60)
WARN = (230, 150, 30)   # a card with a print warning (glyphs, text shrunk to its minimum, overlaps, icons)
THEME = {
    "defaults": {
        "colours": {"normal_bg": "#2b3440", "hovered_bg": "#3b4a5c", "active_bg": "#1f5f8b",
                    "normal_text": "#eeeeee", "dark_bg": "#1c2229", "normal_border": "#55606e",
                    "selected_bg": "#1f5f8b", "text_cursor": "#eeeeee"},
        "font": {"name": "noto_sans_jp", "size": "14"},
    },
}


class Watcher:
    """Report when any file of a ruleset folder that shapes its cards is saved, added or removed."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.seen = self.snapshot()

    def files(self) -> list[Path]:
        f = self.folder
        out = [f / "ruleset.yaml", f / "cards.yaml", f / "cards.csv", f / "layout.yaml"]
        out += sorted((f / "decks").glob("*.yaml"))
        assets = f / "assets"
        if assets.is_dir():
            out += sorted(p for p in assets.rglob("*") if p.is_file())
        return out

    def snapshot(self) -> dict:
        snap = {}
        for p in self.files():
            try:
                st = p.stat()
            except OSError:
                continue
            snap[str(p)] = (st.st_mtime_ns, st.st_size)
        return snap

    def changed(self) -> bool:
        """Return True once for each change since the last call."""
        now = self.snapshot()
        if now != self.seen:
            self.seen = now
            return True
        return False


def _messages(e: BaseException) -> list[str]:
    if isinstance(e, DataErrors):
        return [str(x) for x in e.errors]
    if isinstance(e, (DataError, TabletopError)):
        return [str(e)]
    return [f"{type(e).__name__}: {e}"]


def draw_zoomed(surface, area: pygame.Rect, renderer, card, margin: int, **face_options) -> None:
    """Shade the grid `area` and draw `card` over it as large as fits, `margin` px short of its size."""
    shade = pygame.Surface(area.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 170))
    surface.blit(shade, area.topleft)
    aspect = renderer.aspect_of(card.kind)
    h = area.h - margin
    w = min(round(h / aspect), area.w - margin)
    h = round(w * aspect)
    surface.blit(renderer.face(card, w, h, **face_options), (area.centerx - w // 2, area.y + (area.h - h) // 2))


class CardGrid:
    """A scrollable grid of card faces in a rectangle: the studio's, and any view that shows a
    filtered set of cards (a card browser).

    Give it the cards to show (`cards`, already filtered) and a renderer; it lays them out in rows
    of `thumb_w`-pixel faces, scrolls with `scroll_by`, finds the card under a point, and draws
    each face with a frame around `selected` and a corner mark for each card in `marks`
    ({card id: colour}).
    """

    def __init__(self, rect: pygame.Rect, thumb_w: int = THUMB_W, gap: int = GAP):
        self.rect = pygame.Rect(rect)
        self.thumb_w = thumb_w
        self.gap = gap
        self.renderer: CardRenderer | None = None
        self.cards: list = []
        self.scroll = 0
        self.selected: str | None = None
        self.marks: dict = {}
        self.outlines = False
        self.bottom_room = 0   # pixels at the bottom covered by something else (a banner)

    def thumb_rects(self) -> list[tuple[object, pygame.Rect]]:
        """Return (card, screen rect) of each card, scroll applied."""
        if self.renderer is None:
            return []
        area, tw, gap = self.rect, self.thumb_w, self.gap
        th = round(tw * self.renderer.aspect)
        cols = max(1, (area.w - gap) // (tw + gap))
        out = []
        for i, c in enumerate(self.cards):
            col, row = i % cols, i // cols
            out.append((c, pygame.Rect(area.x + gap + col * (tw + gap), area.y + gap + row * (th + gap) - self.scroll,
                                       tw, round(tw * self.renderer.aspect_of(c.kind)))))
        return out

    def max_scroll(self) -> int:
        rects = self.thumb_rects()
        if not rects:
            return 0
        bottom = max(r.bottom for _, r in rects) + self.scroll
        return max(0, bottom + self.gap - self.rect.bottom + self.bottom_room)

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll(), self.scroll + dy))

    def card_at(self, pos) -> object | None:
        if not self.rect.collidepoint(pos):
            return None
        for c, r in self.thumb_rects():
            if r.collidepoint(pos):
                return c
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the visible faces, the selection frame and the corner marks, clipped to the grid."""
        if self.renderer is None:
            return
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        for c, r in self.thumb_rects():
            if r.bottom < self.rect.top or r.top > self.rect.bottom:
                continue
            surface.blit(self.renderer.face(c, self.thumb_w, r.h, outlines=self.outlines), r.topleft)
            if c.id == self.selected:
                pygame.draw.rect(surface, (255, 210, 80), r.inflate(6, 6), 3, border_radius=6)
            mark = self.marks.get(c.id)
            if mark:
                pygame.draw.polygon(surface, mark, [(r.right - 22, r.top), (r.right, r.top), (r.right, r.top + 22)])
        surface.set_clip(clip)


class Studio:
    """The studio's state and drawing; `handle(event)` and `frame(surface, dt)` drive it (a window or a test)."""

    def __init__(self, folder: Path, size=(1600, 900)):
        self.folder = Path(folder)
        self.size = tuple(size)
        if not pygame.font.get_init():
            pygame.font.init()
        pygame.freetype.init()
        self.manager = pygame_gui.UIManager(self.size, THEME, starting_language="ja")
        self.manager.preload_fonts([{"name": "noto_sans_jp", "point_size": 14, "style": "bold", "antialiased": "1"}])
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
        self.deck_errors: list = []   # problems of decks/ (the faces still reload)
        self.scroll = 0
        self.grid = CardGrid(pygame.Rect(0, TOP, self.size[0] - PANEL_W, self.size[1] - TOP))
        self.done = False
        self.status = ""
        self._build_widgets()
        self.reload()

    # --- files --------------------------------------------------------------------------------
    def reload(self) -> bool:
        """Load the ruleset and layout again; on any problem keep the last good ones and show why."""
        deck_errors = []
        try:
            try:
                rs = load_ruleset_dir(self.folder)
            except (DataError, DataErrors) as e:
                # A broken deck file does not stop the faces: load without decks, and show the deck's problem.
                errs = e.errors if isinstance(e, DataErrors) else [e]
                decks = self.folder / "decks"
                if not all(Path(x.path).parent == decks or "starter deck" in x.message for x in errs):
                    raise
                rs = load_ruleset_dir(self.folder, decks=False)
                deck_errors = [str(x) for x in errs]
            path = self.folder / "layout.yaml"
            layout = load_layout(path, rs) if path.exists() else default_layout(rs)
            renderer = CardRenderer(rs, layout)
        except Exception as e:  # noqa: BLE001 — whatever a half-saved file does, the studio stays up
            self.errors = _messages(e)
            self.status = f"{time.strftime('%H:%M:%S')} not loaded: showing the last good version"
            return False
        self.ruleset, self.renderer = rs, renderer
        self.errors = list(deck_errors)
        self.deck_errors = deck_errors
        self.reloads += 1
        # Cards whose text is cut even at its minimum size get a red corner in the grid, cards with
        # another print warning an orange one.
        from .checks import face_warnings
        found = face_warnings(rs, renderer)
        self.warnings = {}
        for cid, _, m in found:
            if cid is not None:
                self.warnings.setdefault(cid, []).append(m)
        self.overflowing = {cid for cid, kind, _ in found if kind == "cut"}
        self.warned = set(self.warnings) - self.overflowing
        self.status = f"{time.strftime('%H:%M:%S')} loaded ({len(rs.cards)} cards, " \
                      f"{'layout.yaml' if not layout.generated else 'default layout'})" \
                      + (f" — {len(self.overflowing)} with text cut" if self.overflowing else "") \
                      + (f" — {len(self.warned)} with warnings" if self.warned else "")
        if self.selected not in rs.cards:
            self.selected, self.zoomed = None, False
        self._refresh_filters()
        return True

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
    def _build_widgets(self) -> None:
        m = self.manager
        self.b_back = pygame_gui.elements.UIButton(pygame.Rect(10, 8, 80, 36), "◀ Back", m)
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
        self.b_kind = pygame_gui.elements.UIButton(row[0], "Kind: all", m)
        self.b_color = pygame_gui.elements.UIButton(row[1], "Colour: all", m)
        self.e_name = pygame_gui.elements.UITextEntryLine(row[2], m, placeholder_text="name filter")
        self.b_outline = pygame_gui.elements.UIButton(row[3], "Outlines: off", m)
        self.b_reload = pygame_gui.elements.UIButton(row[4], "Reload", m)

    def _refresh_filters(self) -> None:
        rs = self.ruleset
        if self.kind and self.kind not in rs.card_kinds:
            self.kind = None
        colors = self._colors()
        if self.color and self.color not in colors:
            self.color = None
        self.b_kind.set_text(f"Kind: {self._kind_label(self.kind)}")
        self.b_color.set_text(f"Colour: {self._color_label(self.color)}")

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
        if k is None:
            return "all"
        return self.ruleset.card_kinds[k].get("label") or k

    def _color_label(self, c) -> str:
        if c is None:
            return "all"
        if c == "":
            return "(none)"
        return self.ruleset.colors.get(c, {}).get("label") or c

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
        self.b_outline.set_text(f"Outlines: {'on' if self.outlines else 'off'}")

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

    def thumb_size(self) -> tuple[int, int]:
        aspect = self.renderer.aspect if self.renderer else 88 / 63
        return THUMB_W, round(THUMB_W * aspect)

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
        g.marks.update({cid: RED for cid in self.overflowing})
        g.bottom_room = self._banner_h() if self.errors else 0
        return g

    def thumb_rects(self) -> list[tuple[object, pygame.Rect]]:
        """Return (card, screen rect) of each filtered card in the grid, scroll applied."""
        return self._sync_grid().thumb_rects()

    def max_scroll(self) -> int:
        return self._sync_grid().max_scroll() if self.renderer else 0

    def card_at(self, pos) -> object | None:
        return self._sync_grid().card_at(pos)

    # --- events -------------------------------------------------------------------------------
    def handle(self, e: pygame.event.Event) -> None:
        """Handle one event: widgets first, then clicks, the wheel and keys."""
        consumed = self.manager.process_events(e)
        if e.type == pygame.QUIT:
            self.done = True
        elif e.type == pygame_gui.UI_BUTTON_PRESSED:
            if e.ui_element is self.b_back:
                self.done = True
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
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and not consumed:
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
            if e.key == pygame.K_ESCAPE:
                if self.zoomed:
                    self.zoomed = False
                else:
                    self.done = True
            elif e.key == pygame.K_o:
                self.toggle_outlines()
            elif e.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.selected:
                self.step_selection(-1 if e.key == pygame.K_LEFT else 1)
            elif e.key == pygame.K_F5:
                self.reload()

    # --- drawing ------------------------------------------------------------------------------
    def frame(self, surface: pygame.Surface, dt: float = 1 / 30) -> None:
        """Poll the files, then draw the whole studio onto surface."""
        self.poll()
        self.manager.update(dt)
        try:
            self.draw(surface)
        except Exception as e:  # noqa: BLE001 — a face that cannot be drawn must not close the studio
            self.errors = [f"drawing failed: {type(e).__name__}: {e}"]
            surface.fill(BG)
            self._draw_banner(surface)
        self.manager.draw_ui(surface)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BG)
        pygame.draw.rect(surface, PANEL_BG, (0, 0, self.size[0], TOP))
        title = self.ruleset.name if self.ruleset else self.folder.name
        _text(surface, textmod.ellipsize(title, self.title_w, 16, "bold") if textmod.width(title, 16, "bold") > self.title_w
              else title, 100, 18, 16, FG, "bold")
        status = self.status
        if textmod.width(status, 11) > self.title_w:
            status = textmod.ellipsize(status, self.title_w, 11)
        _text(surface, status, 100, 38, 11, DIM)
        if self.renderer is not None:
            area = self.grid_rect()
            self._sync_grid().draw(surface)
            if not self.cards():
                _text(surface, "No card matches the filters.", area.x + 30, area.y + 40, 16, DIM)
            self._draw_panel(surface)
            if self.zoomed and self.selected in self.ruleset.cards:
                self._draw_zoom(surface)
        if self.errors:
            self._draw_banner(surface)

    def _draw_zoom(self, surface) -> None:
        draw_zoomed(surface, self.grid_rect(), self.renderer, self.ruleset.cards[self.selected], 40,
                    outlines=self.outlines)

    def _draw_panel(self, surface) -> None:
        x0 = self.size[0] - self.panel_w
        pygame.draw.rect(surface, PANEL_BG, (x0, TOP, self.panel_w, self.size[1] - TOP))
        x, y = x0 + 16, TOP + 16
        if self.selected not in (self.ruleset.cards if self.ruleset else {}):
            _text(surface, "Click a card to zoom it and see its data.", x, y + 14, 14, DIM, max_w=self.panel_w - 32)
            y += 40
            for line in self._help():
                y = _text(surface, line, x, y + 16, 12, DIM, max_w=self.panel_w - 32)
            return
        c = self.ruleset.cards[self.selected]
        pw = 170
        face = self.renderer.face(c, pw, outlines=self.outlines)
        surface.blit(face, (x, y))
        kx = x + pw + 14
        yy = _text(surface, c.name, kx, y + 18, 17, FG, "bold", max_w=self.panel_w - pw - 46)
        if c.name_en:
            yy = _text(surface, c.name_en, kx, yy + 18, 12, DIM, max_w=self.panel_w - pw - 46)
        yy = _text(surface, f"id {c.id}", kx, yy + 18, 12, DIM, max_w=self.panel_w - pw - 46)
        yy = _text(surface, f"{c.path.rsplit('/', 1)[-1]}:{c.line}", kx, yy + 18, 12, DIM, max_w=self.panel_w - pw - 46)
        back = self.renderer.back(72, kind=c.kind)
        if yy + 24 + back.get_height() <= y + face.get_height():   # the kind's back, under the card's words
            _text(surface, "back", kx, yy + 22, 11, DIM)
            surface.blit(back, (kx, y + face.get_height() - back.get_height()))
        y = max(y + face.get_height(), yy) + 10
        rows = self._data_rows(c)
        for k, v in rows:
            if y > self.size[1] - 20:
                break
            _text(surface, k, x, y + 14, 12, DIM)
            y = _text(surface, v, x + 96, y + 14, 12, FG, max_w=self.panel_w - 128) + 4

    def _data_rows(self, c) -> list[tuple[str, str]]:
        r = self.renderer
        rows = [("kind", f"{r.value(c, 'kind_label')} ({c.kind})")]
        if c.color:
            rows.append(("colour", f"{r.value(c, 'color_label')} ({c.color})"))
        rows.append(("rarity", str(c.rarity)))
        for k, v in c.stats.items():
            if v not in (None, "", [], {}):
                rows.append((k, ", ".join(map(str, v)) if isinstance(v, (list, tuple)) else str(v)))
        for k in ("keywords", "tags"):
            if getattr(c, k):
                rows.append((k, "・".join(getattr(c, k))))
        if c.text:
            rows.append(("text", c.text))
        if c.flavor:
            rows.append(("flavor", c.flavor))
        if c.manual:
            rows.append(("manual", "yes: the table asks the players to resolve it"))
        if c.art:
            rows.append(("art", c.art))
        if c.id in r.problems:
            rows.append(("problem", r.problems[c.id]))
        over = r.overflows(c)
        if over:
            rows.append(("overflow", ", ".join(n for n, _ in over) + " (cut at the minimum size)"))
        for m in self.warnings.get(c.id, []):
            rows.append(("warning", m.split(": ", 1)[-1].replace(f"card {c.id}: ", "")))
        return rows

    def _help(self) -> list[str]:
        return ["Wheel: scroll.  ←/→: previous/next card.  O: region outlines.  F5: reload.  "
                "Esc: close the zoom / leave.  A red corner: text cut at its minimum size; an orange one: "
                "another print warning (see `tabletop validate`).",
                "Edit layout.yaml, cards.yaml or a picture in assets/ and save: the cards redraw within a second.",
                f"Folder: {self.folder}"]

    def _banner_h(self) -> int:
        return min(self.size[1] // 2, 40 + 20 * len(self._banner_lines()))

    def _banner_lines(self) -> list[str]:
        lines = []
        for m in self.errors[:12]:
            lines += textmod.wrap(m, self.size[0] - 40, 13)
        if len(self.errors) > 12:
            lines.append(f"... and {len(self.errors) - 12} more")
        return lines

    def _draw_banner(self, surface) -> None:
        lines = self._banner_lines()
        h = self._banner_h()
        rect = pygame.Rect(0, self.size[1] - h, self.size[0], h)
        pygame.draw.rect(surface, (60, 18, 20), rect)
        pygame.draw.rect(surface, RED, rect, 2)
        title = ("A deck does not load (the cards are up to date):" if self.errors == self.deck_errors
                 else "This version does not load — still showing the last good one:")
        _text(surface, title, 14, rect.y + 20, 14, (255, 200, 200), "bold")
        y = rect.y + 22
        for line in lines:
            if y > self.size[1] - 6:
                break
            y = _text(surface, line, 20, y + 18, 13, (255, 230, 230))


def _text(surface, s: str, x: float, baseline: float, px: float, color, weight: str = "regular",
          max_w: float | None = None) -> float:
    """Draw text (wrapped to max_w) with its first baseline at `baseline`; return the last baseline."""
    lines = textmod.wrap(s, max_w, px, weight) if max_w else s.split("\n")
    y = baseline
    for i, line in enumerate(lines):
        if i:
            y += px * 1.35
        textmod.render_line(surface, line, x, y, px, color, weight)
    return y


def run_studio(ruleset_id: str, screen: pygame.Surface | None = None, max_frames: int | None = None,
               size: tuple = (1600, 900)) -> int:
    """Open the studio for a ruleset on `screen` (or a new window) until Back, Esc or closing the window.

    Inside another window (the main menu's), the studio borrows it and leaves pygame running.
    """
    folder = ruleset_dir(ruleset_id)
    if folder is None:
        known = ", ".join(ruleset_ids()) or "none"
        raise DataError(ruleset_id, None, f"no ruleset {ruleset_id!r} (known: {known})")
    own_window = screen is None and pygame.display.get_surface() is None
    if own_window:
        pygame.init()
        pygame.display.set_caption(f"tabletop studio — {ruleset_id}")
        screen = pygame.display.set_mode(size)
    elif screen is None:
        screen = pygame.display.get_surface()
    studio = Studio(folder, screen.get_size())
    clock = pygame.time.Clock()
    frames = 0
    quit_app = False
    while not studio.done:
        dt = clock.tick(30) / 1000.0
        for e in pygame.event.get():
            if e.type == pygame.QUIT:
                quit_app = True
            studio.handle(e)
        studio.frame(screen, min(dt, 0.1))
        pygame.display.flip()
        frames += 1
        if max_frames is not None and frames >= max_frames:
            break
    if own_window:
        pygame.quit()
    elif quit_app:
        pygame.event.post(pygame.event.Event(pygame.QUIT))  # the window's owner should close too
    return 0


def run(args) -> int:
    """Run `tabletop studio RULESET [--size WxH]`."""
    size = (1600, 900)
    if getattr(args, "size", None):
        try:
            w, h = (int(v) for v in args.size.lower().split("x"))
        except ValueError:
            raise DataError("--size", None, f"{args.size!r}: expected WIDTHxHEIGHT, e.g. 1366x768") from None
        size = (max(800, w), max(560, h))
    return run_studio(args.ruleset, size=size)
