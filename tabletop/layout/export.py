"""`tabletop cards RULESET --out DIR`: print-ready card PNGs, print sheets, one PDF, backs and a TTS deck.

Sizes are exact: a card of W×H mm at D dpi is round(W/25.4·D) × round(H/25.4·D) pixels (63×88 mm
at 300 dpi: 744×1039), plus round(B/25.4·D) on each side with B mm of bleed. Bleed is drawn, not
stretched (see CardRenderer.print_face). Sheets hold as many cards as fit inside the printable
margin (5 mm unless --margin says otherwise; crop marks need 3 mm more on each side), centred;
back sheets mirror their front sheet for long-edge duplex printing, and --fold puts faces and backs
side by side on one page, to fold down the middle. Each card appears as often as its `copies:` or
the chosen deck list says. Pages are written to the PDF one at a time (memory does not grow with
the number of cards), with a progress bar on a terminal, and faces can be drawn by several processes.
"""
from __future__ import annotations

import difflib
import multiprocessing
import os
import re
import struct
import sys
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pygame.freetype

from ..engine.errors import DataError, DataErrors
from ..engine.ruleset import load_ruleset, load_ruleset_dir
from . import art as artmod
from .render import CardRenderer, print_px

PAGES_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN_MM = 5.0     # home printers cannot print closer to the page edge than this
MARK_MM = 5.0       # longest crop mark
MIN_MARK_MM = 1.5   # shortest crop mark worth drawing (sheets keep room for it)
MIN_OUTER_BLEED_MM = 2.0   # the bleed outside the grid may shrink to this to fit one more row or column
MARK_GAP_MM = 1.0   # space between the bleed edge and a crop mark
MARK_WIDTH_MM = 0.2
TTS_MAX = (10, 7)   # Tabletop Simulator's custom deck: at most 10×7 faces a sheet...
TTS_PX = 4096       # ...within 4096 pixels each way


def mm_to_px(mm: float, dpi: int) -> int:
    return round(mm / 25.4 * dpi)


@dataclass
class ExportResult:
    """What an export wrote: card PNGs, sheet PNGs (fronts, then backs), the PDF, the TTS files."""

    cards: list = field(default_factory=list)
    sheets: list = field(default_factory=list)
    backs: list = field(default_factory=list)       # back sheets (mirrored), one per front sheet
    back_pngs: list = field(default_factory=list)   # one PNG per distinct card back
    tts: list = field(default_factory=list)
    pdf: Path | None = None
    dpi: int = 0
    grid: tuple = (0, 0)
    copies: int = 0                                  # cards on the sheets, copies counted


def select_cards(ruleset, only: list[str] | None) -> list:
    """Return the ruleset's cards in file order, or those named by id, name or English name."""
    cards = list(ruleset.cards.values())
    if not only:
        return cards
    chosen, unknown = [], []
    for want in only:
        hits = [c for c in cards if want in (c.id, c.name, c.name_en) or want.lower() in (c.id.lower(), c.name_en.lower())]
        if not hits:
            unknown.append(want)
        for c in hits:
            if c not in chosen:
                chosen.append(c)
    if unknown:
        names = [c.id for c in cards] + [c.name for c in cards] + [c.name_en for c in cards if c.name_en]
        msgs = []
        for u in unknown:
            near = difflib.get_close_matches(u, names, n=3)
            msgs.append(f"no card {u!r} in {ruleset.id}" + (f" (did you mean: {', '.join(near)}?)" if near else ""))
        raise DataError("--only", None, "; ".join(msgs))
    return chosen


def copies_of(ruleset, cards: list, deck: str | None = None) -> list[tuple]:
    """Return (card, count) for each card to print: the deck list's counts when a deck is named
    (its sections in order, only the chosen cards), else each card's `copies:` (1 when unset or 'any')."""
    if deck:
        d = ruleset.decks.get(deck)
        if d is None:
            near = difflib.get_close_matches(deck, list(ruleset.decks), n=3)
            raise DataError("--deck", None, f"no deck {deck!r} in {ruleset.id} (decks: {', '.join(sorted(ruleset.decks))})"
                            + (f"; did you mean {', '.join(near)}?" if near else ""))
        wanted = {c.id for c in cards}
        counts: dict = {}
        for entries in d.sections.values():
            for cid, n, _ in entries:
                if cid in wanted:
                    counts[cid] = counts.get(cid, 0) + n
        return [(ruleset.cards[cid], n) for cid, n in counts.items()]
    return [(c, c.copies if isinstance(c.copies, int) and c.copies > 0 else 1) for c in cards]


def check_art(ruleset, cards) -> None:
    """Raise the art problems of these cards (a path outside assets/, a missing file) all at once."""
    errors = []
    for c in cards:
        try:
            p = artmod.resolve_art(ruleset.path, c)
            if p is not None:
                artmod.load_image(p)
        except DataError as e:
            errors.append(e if e.path == c.path else DataError(c.path, c.line, f"card {c.id}: {e}"))
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise DataErrors(errors)


def with_bleed(face: pygame.Surface, bleed_px: int) -> pygame.Surface:
    """Return the face grown by bleed_px on each side, its edge pixels stretched into the margin.

    Only for faces drawn without a layout (the export draws real bleed with CardRenderer.print_face).
    """
    if bleed_px <= 0:
        return face
    w, h = face.get_size()
    b = bleed_px
    out = pygame.Surface((w + 2 * b, h + 2 * b))
    out.blit(face, (b, b))
    out.blit(pygame.transform.scale(face.subsurface((0, 0, w, 1)), (w, b)), (b, 0))
    out.blit(pygame.transform.scale(face.subsurface((0, h - 1, w, 1)), (w, b)), (b, h + b))
    out.blit(pygame.transform.scale(face.subsurface((0, 0, 1, h)), (b, h)), (0, b))
    out.blit(pygame.transform.scale(face.subsurface((w - 1, 0, 1, h)), (b, h)), (w + b, b))
    for (sx, sy), (dx, dy) in (((0, 0), (0, 0)), ((w - 1, 0), (w + b, 0)), ((0, h - 1), (0, h + b)),
                               ((w - 1, h - 1), (w + b, h + b))):
        out.fill(face.get_at((sx, sy)), (dx, dy, b, b))
    return out


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


def _safe_name(card_id: str) -> str:
    return re.sub(r"[^\w.-]+", "_", card_id) or "card"


# --- drawing faces, here or in worker processes -----------------------------------------------
_worker: dict = {}


def _worker_init(folder: str, layout: str | None) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.freetype.init()
    rs = load_ruleset_dir(Path(folder))
    _worker["r"] = CardRenderer(rs, layout)


def _draw_job(job) -> tuple:
    """Draw one face (or a kind's back), save its PNG if asked; return (size, RGB bytes)."""
    r = _worker["r"]
    what, key, dpi, bleed_mm, png = job
    surf = r.print_back(key, dpi, bleed_mm) if what == "back" else r.print_face(r.ruleset.cards[key], dpi, bleed_mm)
    flat = pygame.Surface(surf.get_size())
    flat.fill((255, 255, 255))
    flat.blit(surf, (0, 0))
    if png:
        _save_png(flat, Path(png), dpi)
    return flat.get_size(), pygame.image.tobytes(flat, "RGB")


class Faces:
    """Draw print faces in order, in this process or in `workers` processes a few jobs ahead.

    Only a window of jobs is in flight, so memory stays flat however many cards there are.
    """

    def __init__(self, renderer: CardRenderer, workers: int = 1):
        self.pool = None
        if workers > 1:
            layout = None if renderer.layout.generated else renderer.layout.path
            ctx = multiprocessing.get_context("spawn" if sys.platform == "darwin" else None)
            self.pool = ctx.Pool(workers, _worker_init, (str(renderer.ruleset.path), layout))
            self.window = workers * 3
        else:
            _worker["r"] = renderer

    def map(self, jobs):
        """Yield a surface for each job, in order."""
        if self.pool is None:
            for job in jobs:
                yield _surface(_draw_job(job))
            return
        pending: deque = deque()
        for job in jobs:
            pending.append(self.pool.apply_async(_draw_job, (job,)))
            if len(pending) >= self.window:
                yield _surface(pending.popleft().get())
        while pending:
            yield _surface(pending.popleft().get())

    def close(self) -> None:
        if self.pool is not None:
            self.pool.close()
            self.pool.join()
        _worker.pop("r", None)


def _surface(res) -> pygame.Surface:
    size, data = res
    return pygame.image.frombytes(data, size, "RGB")


def default_workers(n_faces: int) -> int:
    """Return how many processes to draw faces with: one per core (at most 4) for big sets."""
    if n_faces < 24:
        return 1  # starting processes costs more than it saves on a few cards
    return max(1, min(4, os.cpu_count() or 1))


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


def draw_sheet(faces: list, page_px: tuple, cols: int, rows: int, bleed_px: int, crop_marks: bool,
               dpi: int) -> pygame.Surface:
    """Draw one page of faces (each with bleed_px of bleed) in a centred grid, crop marks if asked."""
    fw, fh = faces[0].get_size()
    tw, th = fw - 2 * bleed_px, fh - 2 * bleed_px
    sheet = Sheet(page_px, (tw, th), bleed_px, (fw, fh),
                  ((page_px[0] - cols * fw) // 2 + bleed_px, (page_px[1] - rows * fh) // 2 + bleed_px), cols, rows, dpi)
    page = pygame.Surface(page_px)
    page.fill((255, 255, 255))
    for i, face in enumerate(faces):
        sheet.place(page, i, face)
    if crop_marks:
        draw_marks(page, sheet, len(faces))
    return page


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




# --- PDF, one page at a time ------------------------------------------------------------------
class PdfWriter:
    """Write a PDF of full-page images page by page: each PNG's compressed data goes straight into
    the file (PNG data with the PNG predictor, as PDF readers expect), so memory holds one page at most."""

    def __init__(self, path: Path, page_mm: tuple, title: str = ""):
        self.path = Path(path)
        self.f = open(self.path, "wb")
        self.offsets: list = []
        self.pages: list = []
        self.page_pt = (page_mm[0] / 25.4 * 72, page_mm[1] / 25.4 * 72)
        self.f.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
        # Objects 1 and 2 (catalog, page tree) are written last, when the pages are known.
        self.offsets = [0, 0, 0]
        self.title = title

    def _obj(self, body: bytes) -> int:
        self.offsets.append(self.f.tell())
        n = len(self.offsets) - 1
        self.f.write(b"%d 0 obj\n" % n + body + b"\nendobj\n")
        return n

    def _at(self, n: int, body: bytes) -> None:
        self.offsets[n] = self.f.tell()
        self.f.write(b"%d 0 obj\n" % n + body + b"\nendobj\n")

    def add_png(self, png: Path) -> None:
        """Add a page showing a PNG (RGB, 8 bits) over the whole page."""
        w, h, idat = _png_idat(Path(png))
        img = self._obj(b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceRGB "
                        b"/BitsPerComponent 8 /Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors 3 "
                        b"/BitsPerComponent 8 /Columns %d >> /Length %d >>\nstream\n" % (w, h, w, len(idat))
                        + idat + b"\nendstream")
        pw, ph = self.page_pt
        content = b"q %.3f 0 0 %.3f 0 0 cm /I%d Do Q" % (pw, ph, img)
        cobj = self._obj(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
        page = self._obj(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.3f %.3f] /Resources << /XObject "
                         b"<< /I%d %d 0 R >> >> /Contents %d 0 R >>" % (pw, ph, img, img, cobj))
        self.pages.append(page)

    def close(self) -> Path:
        self._at(1, b"<< /Type /Catalog /Pages 2 0 R >>")
        kids = b" ".join(b"%d 0 R" % p for p in self.pages)
        self._at(2, b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, len(self.pages)))
        title = self.title.encode("utf-16-be")
        info = self._obj(b"<< /Creator (tabletop) /Title <feff" + title.hex().encode() + b"> >>")
        xref = self.f.tell()
        self.f.write(b"xref\n0 %d\n0000000000 65535 f \n" % len(self.offsets))
        for off in self.offsets[1:]:
            self.f.write(b"%010d 00000 n \n" % off)
        self.f.write(b"trailer\n<< /Size %d /Root 1 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n"
                     % (len(self.offsets), info, xref))
        self.f.close()
        return self.path


def _png_idat(path: Path) -> tuple[int, int, bytes]:
    """Return width, height and the joined IDAT data of an 8-bit RGB, non-interlaced PNG."""
    data = path.read_bytes()
    pos, chunks, w, h = 8, [], 0, 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype != 2 or interlace:
                raise ValueError(f"{path}: expected an 8-bit RGB PNG")
        elif kind == b"IDAT":
            chunks.append(body)
        pos += 12 + n
    return w, h, b"".join(chunks)


def write_pdf(pngs: list, page_mm: tuple, path: Path, title: str = "") -> Path:
    """Write one PDF page per sheet PNG, each filling a page of page_mm (images kept lossless)."""
    w = PdfWriter(path, page_mm, title)
    for p in pngs:
        w.add_png(p)
    return w.close()


# --- Tabletop Simulator -----------------------------------------------------------------------
def tts_grid(n: int, card_px: tuple) -> tuple[tuple[int, int], tuple[int, int]]:
    """Return (columns, rows) and the face size of a TTS deck sheet for n faces: at most 10×7
    and 4096 px each way, faces scaled down to fit (TTS wants at least 2×2)."""
    cols = max(2, min(TTS_MAX[0], n))
    rows = max(2, min(TTS_MAX[1], -(-n // cols)))
    scale = min(1.0, TTS_PX / (cols * card_px[0]), TTS_PX / (rows * card_px[1]))
    return (cols, rows), (max(1, int(card_px[0] * scale)), max(1, int(card_px[1] * scale)))


# --- the export -------------------------------------------------------------------------------
def export_cards(ruleset, out: Path, *, dpi: int | None = None, sheet: str = "a4", bleed_mm: float = 0.0,
                 crop_marks: bool = False, only: list[str] | None = None, renderer: CardRenderer | None = None,
                 pdf: bool = True, progress=None, margin_mm: float = MARGIN_MM, backs: bool = False,
                 fold: bool = False, deck: str | None = None, tts: bool = False, workers: int | None = None,
                 card_pngs: bool = True) -> ExportResult:
    """Write card PNGs to out/cards/, sheets to out/sheets/, out/<ruleset>-sheets.pdf, and with
    `backs` the back PNGs (out/backs/) and mirrored back sheets after each front, with `fold` the
    fold-over pages instead, with `tts` out/tts/ (deck sheets and back image).

    `progress` is called with (done, total) after each page; `workers` processes draw the faces
    (default: see default_workers).
    """
    renderer = renderer or CardRenderer(ruleset)
    dpi = dpi or renderer.layout.dpi
    if bleed_mm < 0 or bleed_mm > 10:
        raise DataError("--bleed", None, f"bleed {bleed_mm:g} mm: expected 0 to 10 mm")
    if margin_mm < 0 or margin_mm > 40:
        raise DataError("--margin", None, f"margin {margin_mm:g} mm: expected 0 to 40 mm")
    if sheet not in PAGES_MM:
        raise DataError("--sheet", None, f"unknown sheet {sheet!r} (known: {', '.join(PAGES_MM)})")
    cards = select_cards(ruleset, only)
    check_art(ruleset, cards)
    plan = copies_of(ruleset, cards, deck)
    out = Path(out)
    result = ExportResult(dpi=dpi)
    page_mm = PAGES_MM[sheet]
    # Cards of one size share pages (kinds may differ in size); copies of a card stay together.
    by_size: dict = {}
    for c, n in plan:
        by_size.setdefault(renderer.layout.for_kind(c.kind).size_mm, []).append((c, n))
    layouts = {}
    for size in by_size:
        sh = plan_sheet(page_mm, size, dpi, bleed_mm, margin_mm, crop_marks, half=fold)
        if sh.cols == 0 or sh.rows == 0:
            raise DataError("--sheet", None, f"a {size[0]:g}×{size[1]:g} mm card with {bleed_mm:g} mm bleed does "
                            f"not fit inside the {margin_mm:g} mm margin of a {sheet} page"
                            + (" (folded: half a page)" if fold else ""))
        layouts[size] = sh
    result.grid = (layouts[next(iter(layouts))].cols, layouts[next(iter(layouts))].rows) if layouts else (0, 0)
    per_page = {size: layouts[size].cols * layouts[size].rows for size in layouts}
    total_pages = sum(-(-sum(n for _, n in group) // per_page[size]) for size, group in by_size.items())
    result.copies = sum(n for _, n in plan)
    for sub in ("cards", "sheets") + (("backs",) if backs or fold else ()) + (("tts",) if tts else ()):
        (out / sub).mkdir(parents=True, exist_ok=True)
    workers = default_workers(len(plan)) if workers is None else max(1, workers)
    faces = Faces(renderer, workers)
    writer = PdfWriter(out / f"{ruleset.id}-sheets.pdf", page_mm, ruleset.name) if pdf else None
    back_cache: dict = {}

    def back_for(kind):
        key = renderer.back_key(kind)
        if key not in back_cache:
            surf = renderer.print_back(kind, dpi, bleed_mm)
            flat = pygame.Surface(surf.get_size())
            flat.fill((255, 255, 255))
            flat.blit(surf, (0, 0))
            if backs or fold:
                path = out / "backs" / f"back-{len(back_cache) + 1:02d}-{_safe_name(kind or 'default')}.png"
                _save_png(flat, path, dpi)
                result.back_pngs.append(path)
            back_cache[key] = flat
        return back_cache[key]

    tts_sheets = TtsWriter(out / "tts") if tts else None
    n_page = 0
    done = 0
    try:
        for size, group in by_size.items():
            sh = layouts[size]
            jobs = [("face", c.id, dpi, bleed_mm, str(out / "cards" / f"{_safe_name(c.id)}.png") if card_pngs else None)
                    for c, _ in group]
            it = _copies(group, faces.map(jobs))
            if card_pngs:
                result.cards += [out / "cards" / f"{_safe_name(c.id)}.png" for c, _ in group]
            page_items: list = []
            for item in it:
                page_items.append(item)
                if len(page_items) == per_page[size]:
                    n_page = _emit(page_items, sh, n_page, out, result, writer, crop_marks, backs, fold, back_for,
                                   tts_sheets)
                    page_items = []
                    done += 1
                    if progress:
                        progress(done, total_pages)
            if page_items:
                n_page = _emit(page_items, sh, n_page, out, result, writer, crop_marks, backs, fold, back_for,
                               tts_sheets)
                done += 1
                if progress:
                    progress(done, total_pages)
    finally:
        faces.close()
        if writer is not None:
            if writer.pages:
                result.pdf = writer.close()
            else:
                writer.f.close()
                writer.path.unlink(missing_ok=True)
    for old in sorted((out / "sheets").glob("sheet-*.png")):
        if old not in result.sheets and old not in result.backs:
            old.unlink()  # a previous, longer export's pages would otherwise end up looking current
    if tts_sheets is not None:
        result.tts = tts_sheets.close(back_for(plan[0][0].kind) if plan else None)
    return result


def _copies(group, faces):
    for (c, n), face in zip(group, faces):
        for _ in range(n):
            yield c, face


def _emit(items, sh: Sheet, n_page: int, out: Path, result: ExportResult, writer, crop_marks: bool, backs: bool,
          fold: bool, back_for, tts_sheets) -> int:
    """Compose, save and add to the PDF one front page (and its back page, or its fold-over half)."""
    n_page += 1
    page = pygame.Surface(sh.page_px)
    page.fill((255, 255, 255))
    for i, (c, face) in enumerate(items):
        sh.place(page, i, face)
        if fold:
            sh.place(page, i, back_for(c.kind), mirror=True)
    if crop_marks:
        draw_marks(page, sh, len(items), sides="tbl" if fold else "tblr")
        if fold:
            draw_marks(page, sh, len(items), mirror=True, sides="tbr")
    if fold:  # short dashes on the fold line, in the top and bottom margins
        x = sh.page_px[0] // 2
        top, bottom = sh.origin[1] - sh.bleed, sh.origin[1] + (sh.rows - 1) * sh.pitch[1] + sh.trim[1] + sh.bleed
        for y0, y1 in ((max(sh.margin, top - mm_to_px(4, sh.dpi)), top - mm_to_px(1, sh.dpi)),
                       (bottom + mm_to_px(1, sh.dpi), min(sh.page_px[1] - 1 - sh.margin, bottom + mm_to_px(4, sh.dpi)))):
            pygame.draw.line(page, (120, 120, 120), (x, y0), (x, y1), max(1, mm_to_px(0.2, sh.dpi)))
    path = out / "sheets" / f"sheet-{n_page:02d}.png"
    _save_png(page, path, sh.dpi)
    result.sheets.append(path)
    if writer is not None:
        writer.add_png(path)
    if backs and not fold:
        bpage = pygame.Surface(sh.page_px)
        bpage.fill((255, 255, 255))
        for i, (c, _) in enumerate(items):
            sh.place(bpage, i, back_for(c.kind), mirror=True)
        if crop_marks:
            draw_marks(bpage, sh, len(items), mirror=True)
        bpath = out / "sheets" / f"sheet-{n_page:02d}-back.png"
        _save_png(bpage, bpath, sh.dpi)
        result.backs.append(bpath)
        if writer is not None:
            writer.add_png(bpath)
    if tts_sheets is not None:
        for c, face in items:
            tts_sheets.add(c.id, face, sh)
    return n_page


class TtsWriter:
    """Write Tabletop Simulator deck sheets as faces come: at most 10×7 faces and 4096 px each way,
    one slot per card (the 70th slot stays empty: TTS shows it for hidden cards), and back.png.

    Only the sheet being filled is in memory; its name says its grid and card count, which TTS's
    custom deck import asks for (width, height, number).
    """

    PER = TTS_MAX[0] * TTS_MAX[1] - 1

    def __init__(self, folder: Path):
        self.folder = folder
        self.seen: set = set()
        self.sheet = None
        self.count = 0
        self.size = (0, 0)
        self.written: list = []

    def add(self, card_id: str, face: pygame.Surface, sh: Sheet) -> None:
        if card_id in self.seen:
            return
        self.seen.add(card_id)
        if self.sheet is None:
            self.size = _tts_face_size(sh)
            self.sheet = pygame.Surface((TTS_MAX[0] * self.size[0], TTS_MAX[1] * self.size[1]))
            self.sheet.fill((0, 0, 0))
            self.count = 0
        b = sh.bleed
        trim = face.subsurface((b, b, face.get_width() - 2 * b, face.get_height() - 2 * b))
        i = self.count
        self.sheet.blit(pygame.transform.smoothscale(trim, self.size),
                        ((i % TTS_MAX[0]) * self.size[0], (i // TTS_MAX[0]) * self.size[1]))
        self.count += 1
        if self.count == self.PER:
            self._flush()

    def _flush(self) -> None:
        if self.sheet is None or not self.count:
            return
        (cols, rows), _ = tts_grid(self.count + (1 if self.count == self.PER else 0), self.size)
        cols, rows = (max(cols, min(TTS_MAX[0], self.count)), rows)
        out = self.sheet.subsurface((0, 0, cols * self.size[0], rows * self.size[1]))
        path = self.folder / f"deck-{len(self.written) + 1:02d}-{cols}x{rows}-{self.count}cards.png"
        _save_png(out, path, 72)
        self.written.append(path)
        self.sheet = None

    def close(self, back: pygame.Surface | None) -> list:
        self._flush()
        if back is not None and self.size[0]:
            path = self.folder / "back.png"
            _save_png(pygame.transform.smoothscale(back, self.size), path, 72)
            self.written.append(path)
        return self.written


def _tts_face_size(sh: Sheet) -> tuple[int, int]:
    # The trim only (TTS shows the whole image) at a size a 10×7 sheet of them fits in 4096 px.
    w, h = sh.trim
    scale = min(1.0, TTS_PX / (TTS_MAX[0] * w), TTS_PX / (TTS_MAX[1] * h))
    return max(1, int(w * scale)), max(1, int(h * scale))


def run(args) -> int:
    """Run `tabletop cards`: write the cards as CSV (--csv), and/or print the print warnings,
    export with a progress bar and print what was written; or the problem (`path:line: ...`), exit 1."""
    pygame.freetype.init()  # fonts and images only: no window, no sound device
    rs = load_ruleset(args.ruleset)
    if getattr(args, "csv", None):
        from ..engine.cardcsv import write_cards_csv
        from ..engine.ruleset import _CARD_COMMON
        n = write_cards_csv(rs, Path(args.csv), _CARD_COMMON)
        print(f"{n} card{'s' if n != 1 else ''} written to {args.csv}")
        if not args.out:
            return 0
    if not args.out:
        raise DataError("cards", None, "say where to write: --out DIR (or --csv FILE for the cards as CSV)")
    from .checks import card_warnings
    renderer = CardRenderer(rs)
    for w in card_warnings(rs, renderer):
        print(f"warning: {w}", file=sys.stderr)
    bar = None
    progress = None
    if sys.stderr.isatty() or getattr(args, "progress", False):
        from tqdm import tqdm
        bar = tqdm(total=0, unit="page", desc="pages", file=sys.stderr)

        def progress(done, total):
            bar.total = total
            bar.update(done - bar.n)
    try:
        res = export_cards(rs, Path(args.out), dpi=args.dpi, sheet=args.sheet, bleed_mm=args.bleed or 0.0,
                           crop_marks=bool(args.crop_marks), only=args.only, renderer=renderer,
                           margin_mm=getattr(args, "margin", MARGIN_MM), backs=bool(getattr(args, "backs", False)),
                           fold=bool(getattr(args, "fold", False)), deck=getattr(args, "deck", None),
                           tts=bool(getattr(args, "tts", False)), workers=getattr(args, "workers", None),
                           progress=progress)
    finally:
        if bar is not None:
            bar.close()
    print(f"{len(res.cards)} card{'s' if len(res.cards) != 1 else ''} written to {Path(args.out) / 'cards'}")
    print(f"{len(res.sheets)} sheet{'s' if len(res.sheets) != 1 else ''} ({args.sheet}, {res.dpi} dpi, "
          f"{res.grid[0]}×{res.grid[1]} a page, {res.copies} cards with copies) written to {Path(args.out) / 'sheets'}")
    if res.backs:
        print(f"{len(res.backs)} back sheet{'s' if len(res.backs) != 1 else ''}, mirrored for long-edge duplex")
    if res.tts:
        print(f"Tabletop Simulator: {', '.join(str(p) for p in res.tts)}")
    if res.pdf:
        print(f"PDF: {res.pdf}")
    return 0
