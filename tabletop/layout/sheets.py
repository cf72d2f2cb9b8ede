"""Print sheets: card and page sizes in pixels, the grid of cards on a page, bleed, crop marks.

A `Sheet` is the plan of one page (its grid, the trim and bleed of each card, the printable margin);
`plan_sheet` fits it, `Sheet.place` puts a face on it, `draw_marks` draws the crop marks. Used by
the export (export.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame

from .render import print_px

PAGES_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN_MM = 5.0     # home printers cannot print closer to the page edge than this
MARK_MM = 5.0       # longest crop mark
MIN_MARK_MM = 1.5   # shortest crop mark worth drawing (sheets keep room for it)
MIN_OUTER_BLEED_MM = 2.0   # the bleed outside the grid may shrink to this to fit one more row or column
MARK_GAP_MM = 1.0   # space between the bleed edge and a crop mark
MARK_WIDTH_MM = 0.2


def mm_to_px(mm: float, dpi: int) -> int:
    return round(mm / 25.4 * dpi)


def grid_for(page_mm: tuple, card_mm: tuple, bleed_mm: float = 0.0, margin_mm: float = 0.0,
             marks: bool = False) -> tuple[int, int]:
    """Return (columns, rows) of cards that fit on a page inside the margin.

    Cards need their bleed on the outside of the grid (and 3 mm for crop marks when asked);
    between two cards the bleed may shrink down to nothing (they then share a cut line), so
    poker cards fit 3×3 on A4 with 3 mm bleed, and 44×63 mm minis 4×4.
    """
    return tuple(_fit_axis(page_mm[i], card_mm[i], bleed_mm, margin_mm, marks)[0] for i in (0, 1))


def _fit_axis(page: float, card: float, bleed: float, margin: float, marks: bool) -> tuple[int, float]:
    """Return how many cards fit along one side of the page, and the gutter between their trims.

    The bleed outside the grid is kept whole when it can be; if shrinking it to MIN_OUTER_BLEED_MM
    (the page's margin cuts it) fits one more card, it shrinks and the cards share their cut lines.
    """
    mark_room = MARK_GAP_MM + MIN_MARK_MM if marks else 0.0
    best = None
    for edge in (max(bleed, mark_room), max(min(bleed, MIN_OUTER_BLEED_MM), mark_room)):
        room = page - 2 * margin - 2 * edge
        n = max(0, int((room + 1e-6) // card))
        gutter = 0.0 if n <= 1 else max(0.0, min(2 * bleed, (room - n * card) / (n - 1)))
        if best is None or n > best[0]:
            best = (n, gutter)
    return best


def _save_png(surf: pygame.Surface, path: Path, dpi: int) -> None:
    """Save as RGB PNG carrying its resolution (pHYs), so print dialogs pick the real size."""
    flat = pygame.Surface(surf.get_size())
    flat.fill((255, 255, 255))
    flat.blit(surf, (0, 0))
    try:
        from PIL import Image
    except ImportError:  # Pillow is a dependency; without it the PNG simply has no dpi note
        pygame.image.save(flat, str(path))
        return
    img = Image.frombytes("RGB", flat.get_size(), pygame.image.tobytes(flat, "RGB"))
    img.save(str(path), dpi=(dpi, dpi), optimize=False, compress_level=6)


# --- sheets ------------------------------------------------------------------------------------
@dataclass
class Sheet:
    """Where cards go on a page, in pixels: trims at `origin` + i·`pitch`, each face drawn with its
    bleed and clipped to its cell (its bleed shrinks to half the gutter between two cards)."""

    page_px: tuple
    trim: tuple          # card size without bleed
    bleed: int
    pitch: tuple         # trim + gutter
    origin: tuple        # top-left of the first trim
    cols: int
    rows: int
    dpi: int
    margin: int = 0      # printable margin

    @property
    def cell(self) -> tuple:
        """Return the size of a face with its bleed."""
        return self.trim[0] + 2 * self.bleed, self.trim[1] + 2 * self.bleed

    def trim_at(self, i: int, mirror: bool = False) -> tuple[int, int]:
        """Return the top-left of slot i's trim; mirrored, of the slot a long-edge duplex flip puts behind it."""
        c, r = i % self.cols, i // self.cols
        x = self.origin[0] + c * self.pitch[0]
        if mirror:
            x = self.page_px[0] - x - self.trim[0]
        return x, self.origin[1] + r * self.pitch[1]

    def cell_at(self, i: int, mirror: bool = False) -> tuple[int, int]:
        """Return where slot i's face (with bleed) goes."""
        x, y = self.trim_at(i, mirror)
        return x - self.bleed, y - self.bleed

    def clip_at(self, i: int, mirror: bool = False) -> pygame.Rect:
        """Return the part of the page slot i's face may cover: its bleed outside the grid, half
        the gutter between cards."""
        c, r = i % self.cols, i // self.cols
        x, y = self.trim_at(i, mirror)
        gx, gy = self.pitch[0] - self.trim[0], self.pitch[1] - self.trim[1]
        # On the page, a card with a neighbour to its left takes gx//2 of the gutter, the one to the right the rest.
        has_left = c < self.cols - 1 if mirror else c > 0
        has_right = c > 0 if mirror else c < self.cols - 1
        left = min(self.bleed, gx // 2) if has_left else self.bleed
        right = min(self.bleed, gx - gx // 2) if has_right else self.bleed
        top = min(self.bleed, gy // 2) if r > 0 else self.bleed
        bottom = min(self.bleed, gy - gy // 2) if r < self.rows - 1 else self.bleed
        return pygame.Rect(x - left, y - top, self.trim[0] + left + right, self.trim[1] + top + bottom)

    def place(self, page: pygame.Surface, i: int, face: pygame.Surface, mirror: bool = False) -> None:
        """Draw a face (with its bleed) into slot i, clipped to its cell and to the printable area."""
        old = page.get_clip()
        m = self.margin
        page.set_clip(self.clip_at(i, mirror).clip(pygame.Rect(m, m, self.page_px[0] - 2 * m, self.page_px[1] - 2 * m)))
        page.blit(face, self.cell_at(i, mirror))
        page.set_clip(old)


def plan_sheet(page_mm: tuple, card_mm: tuple, dpi: int, bleed_mm: float, margin_mm: float, marks: bool,
               half: bool = False) -> Sheet:
    """Lay out a page for cards of one size; `half` keeps them in the left half (fold-over)."""
    fold_edge = (max(bleed_mm, MARK_GAP_MM + MIN_MARK_MM) if marks else bleed_mm)
    # Folded, the left half's inner edge is the fold line, which needs no margin but the bleed.
    width = page_mm[0] / 2 + margin_mm + fold_edge - bleed_mm if half else page_mm[0]
    cols, gx = _fit_axis(width, card_mm[0], bleed_mm, margin_mm, marks)
    rows, gy = _fit_axis(page_mm[1], card_mm[1], bleed_mm, margin_mm, marks)
    tw, th = print_px(card_mm, dpi)
    pitch = (tw + mm_to_px(gx, dpi), th + mm_to_px(gy, dpi))
    page_px = (mm_to_px(page_mm[0], dpi), mm_to_px(page_mm[1], dpi))
    grid_w = cols * tw + max(0, cols - 1) * (pitch[0] - tw)
    grid_h = rows * th + max(0, rows - 1) * (pitch[1] - th)
    b = mm_to_px(bleed_mm, dpi)
    # Folded: the grid's right bleed edge on the fold line, so the mirrored backs meet it there.
    x0 = page_px[0] // 2 - grid_w - b if half else (page_px[0] - grid_w) // 2
    return Sheet(page_px, (tw, th), b, pitch, (x0, (page_px[1] - grid_h) // 2), cols, rows, dpi,
                 mm_to_px(margin_mm, dpi))


def draw_marks(page: pygame.Surface, sheet: Sheet, n: int, mirror: bool = False, sides: str = "tblr") -> None:
    """Draw crop marks on every cut line of the used slots, outside the grid, inside the printable margin.

    A mark starts past the bleed when there is room for it there, else 1 mm past the trim (over
    the outer bleed, which the cut takes away).
    """
    dpi = sheet.dpi
    cols_used = min(sheet.cols, n)
    rows_used = (n + sheet.cols - 1) // sheet.cols
    xs, ys = set(), set()
    for c in range(cols_used):
        x = sheet.trim_at(c, mirror)[0]
        xs |= {x, x + sheet.trim[0]}
    for r in range(rows_used):
        y = sheet.trim_at(r * sheet.cols)[1]
        ys |= {y, y + sheet.trim[1]}
    left, right = min(xs), max(xs)
    top, bottom = min(ys), max(ys)
    gap = mm_to_px(MARK_GAP_MM, dpi)
    lw = max(1, mm_to_px(MARK_WIDTH_MM, dpi))
    longest = mm_to_px(MARK_MM, dpi)
    shortest = mm_to_px(MIN_MARK_MM, dpi)
    edge = sheet.margin
    W, H = sheet.page_px
    black = (0, 0, 0)

    def out(start: int, limit: int) -> tuple | None:  # from a trim edge outward to the printable limit
        room = abs(limit - start)
        off = sheet.bleed + gap if room - sheet.bleed - gap >= shortest else gap
        length = min(longest, room - off)
        if length < mm_to_px(0.8, dpi):
            return None
        sign = 1 if limit > start else -1
        a, b = start + sign * off, start + sign * (off + length)
        return (min(a, b), max(a, b))

    for x in sorted(xs):
        if "t" in sides and (seg := out(top, edge)):
            pygame.draw.line(page, black, (x, seg[0]), (x, seg[1]), lw)
        if "b" in sides and (seg := out(bottom, H - 1 - edge)):
            pygame.draw.line(page, black, (x, seg[0]), (x, seg[1]), lw)
    for y in sorted(ys):
        if "l" in sides and (seg := out(left, edge)):
            pygame.draw.line(page, black, (seg[0], y), (seg[1], y), lw)
        if "r" in sides and (seg := out(right, W - 1 - edge)):
            pygame.draw.line(page, black, (seg[0], y), (seg[1], y), lw)
