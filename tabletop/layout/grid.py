"""A scrollable grid of card faces, and what the card views around it share.

`CardGrid` lays out and draws a filtered set of faces (the layout studio's grid, the card browser's,
the deck editor's); `Watcher` notices a saved ruleset file; `draw_zoomed` shows one card large over
the grid; `draw_text` writes wrapped text with the layout's fonts.
"""
from __future__ import annotations

from pathlib import Path

import pygame

from . import text as textmod
from .render import CardRenderer

THUMB_W = 150
GAP = 14


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


def draw_text(surface, s: str, x: float, baseline: float, px: float, color, weight: str = "regular",
              max_w: float | None = None) -> float:
    """Draw text (wrapped to max_w) with its first baseline at `baseline`; return the last baseline."""
    lines = textmod.wrap(s, max_w, px, weight) if max_w else s.split("\n")
    y = baseline
    for i, line in enumerate(lines):
        if i:
            y += px * 1.35
        textmod.render_line(surface, line, x, y, px, color, weight)
    return y
