"""`tabletop cards RULESET --out DIR`: card faces as print-ready PNGs, 3×3 print sheets, one PDF.

Sizes are exact: a card of W×H mm at D dpi is round(W/25.4·D) × round(H/25.4·D) pixels (63×88 mm
at 300 dpi: 744×1039). Sheets place as many cards as fit on the page (3×3 for poker-size cards on A4),
centred, each with optional bleed (the face's edge pixels stretched outward) and crop marks in the
page margin at every cut line. The PDF is made with fpdf2, one page per sheet at its real size.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pygame.freetype

from ..engine.errors import DataError, DataErrors
from ..engine.ruleset import load_ruleset
from . import art as artmod
from .render import CardRenderer

PAGES_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARK_MM = 5.0       # longest crop mark
MARK_GAP_MM = 1.0   # space between the bleed edge and a crop mark
MARK_WIDTH_MM = 0.2


def mm_to_px(mm: float, dpi: int) -> int:
    return round(mm / 25.4 * dpi)


@dataclass
class ExportResult:
    """What an export wrote: card PNGs, sheet PNGs and the PDF (None when no sheet was made)."""

    cards: list = field(default_factory=list)
    sheets: list = field(default_factory=list)
    pdf: Path | None = None
    dpi: int = 0


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


def check_art(ruleset, cards) -> None:
    """Raise the art problems of these cards (a path outside assets/, a missing file) all at once."""
    errors = []
    for c in cards:
        try:
            artmod.resolve_art(ruleset.path, c)
        except DataError as e:
            errors.append(e)
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise DataErrors(errors)


def with_bleed(face: pygame.Surface, bleed_px: int) -> pygame.Surface:
    """Return the face grown by bleed_px on each side, its edge pixels stretched into the margin."""
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


def grid_for(page_mm: tuple, cell_mm: tuple, limit: tuple = (3, 3)) -> tuple[int, int]:
    """Return (columns, rows) of cells that fit on a page, at most `limit`."""
    cols = min(limit[0], int((page_mm[0] + 1e-6) // cell_mm[0]))
    rows = min(limit[1], int((page_mm[1] + 1e-6) // cell_mm[1]))
    return max(0, cols), max(0, rows)


def _save_png(surf: pygame.Surface, path: Path, dpi: int) -> None:
    """Save as RGB PNG carrying its resolution (pHYs), so print dialogs pick the real size."""
    flat = pygame.Surface(surf.get_size())
    flat.fill((255, 255, 255))
    flat.blit(surf, (0, 0))
    try:
        from PIL import Image
    except ImportError:  # Pillow comes with fpdf2; without it the PNG simply has no dpi note
        pygame.image.save(flat, str(path))
        return
    img = Image.frombytes("RGB", flat.get_size(), pygame.image.tobytes(flat, "RGB"))
    img.save(str(path), dpi=(dpi, dpi), optimize=False, compress_level=6)


def _safe_name(card_id: str) -> str:
    return re.sub(r"[^\w.-]+", "_", card_id) or "card"


def export_cards(ruleset, out: Path, *, dpi: int | None = None, sheet: str = "a4", bleed_mm: float = 0.0,
                 crop_marks: bool = False, only: list[str] | None = None, renderer: CardRenderer | None = None,
                 pdf: bool = True, progress=None) -> ExportResult:
    """Write card PNGs to out/cards/, sheet PNGs to out/sheets/ and out/<ruleset>-sheets.pdf."""
    renderer = renderer or CardRenderer(ruleset)
    dpi = dpi or renderer.layout.dpi
    if bleed_mm < 0 or bleed_mm > 10:
        raise DataError("--bleed", None, f"bleed {bleed_mm:g} mm: expected 0 to 10 mm")
    if sheet not in PAGES_MM:
        raise DataError("--sheet", None, f"unknown sheet {sheet!r} (known: {', '.join(PAGES_MM)})")
    cards = select_cards(ruleset, only)
    check_art(ruleset, cards)
    out = Path(out)
    (out / "cards").mkdir(parents=True, exist_ok=True)
    result = ExportResult(dpi=dpi)
    faces = []
    for c in cards:
        kl = renderer.layout.for_kind(c.kind)
        w, h = mm_to_px(kl.size_mm[0], dpi), mm_to_px(kl.size_mm[1], dpi)
        face = renderer.face(c, w, h, square=True)
        path = out / "cards" / f"{_safe_name(c.id)}.png"
        _save_png(face, path, dpi)
        result.cards.append(path)
        faces.append((kl.size_mm, face))
        if progress:
            progress(f"card {c.id}")
    renderer.clear()  # print-size faces are big: do not keep them in the cache
    # Sheets: cards of one size share pages (kinds may differ in size).
    page_mm = PAGES_MM[sheet]
    page_px = (mm_to_px(page_mm[0], dpi), mm_to_px(page_mm[1], dpi))
    bleed_px = mm_to_px(bleed_mm, dpi)
    by_size: dict = {}
    for size, face in faces:
        by_size.setdefault(size, []).append(face)
    (out / "sheets").mkdir(parents=True, exist_ok=True)
    n = 0
    for size, group in by_size.items():
        cell_mm = (size[0] + 2 * bleed_mm, size[1] + 2 * bleed_mm)
        cols, rows = grid_for(page_mm, cell_mm)
        if cols == 0 or rows == 0:
            raise DataError("--sheet", None, f"a {size[0]:g}×{size[1]:g} mm card with {bleed_mm:g} mm bleed "
                            f"does not fit on a {sheet} page")
        per = cols * rows
        for start in range(0, len(group), per):
            n += 1
            page = draw_sheet(group[start:start + per], page_px, cols, rows, bleed_px, crop_marks, dpi)
            path = out / "sheets" / f"sheet-{n:02d}.png"
            _save_png(page, path, dpi)
            result.sheets.append(path)
            if progress:
                progress(f"sheet {n}")
    for old in sorted((out / "sheets").glob("sheet-*.png")):
        if old not in result.sheets:
            old.unlink()  # a previous, longer export's pages would otherwise end up looking current
    if pdf and result.sheets:
        result.pdf = write_pdf(result.sheets, page_mm, out / f"{ruleset.id}-sheets.pdf", title=ruleset.name)
    return result


def draw_sheet(faces: list, page_px: tuple, cols: int, rows: int, bleed_px: int, crop_marks: bool,
               dpi: int) -> pygame.Surface:
    """Draw one page: faces (trim size) in a centred grid, each with bleed, and crop marks if asked."""
    page = pygame.Surface(page_px)
    page.fill((255, 255, 255))
    fw, fh = faces[0].get_size()
    cw, ch = fw + 2 * bleed_px, fh + 2 * bleed_px
    x0 = (page_px[0] - cols * cw) // 2
    y0 = (page_px[1] - rows * ch) // 2
    for i, face in enumerate(faces):
        c, r = i % cols, i // cols
        page.blit(with_bleed(face, bleed_px), (x0 + c * cw, y0 + r * ch))
    if crop_marks:
        used_rows = (len(faces) + cols - 1) // cols
        used_cols = min(cols, len(faces))
        gap = mm_to_px(MARK_GAP_MM, dpi)
        lw = max(1, mm_to_px(MARK_WIDTH_MM, dpi))
        length = mm_to_px(MARK_MM, dpi)
        top, bottom = y0, y0 + used_rows * ch
        left, right = x0, x0 + used_cols * cw
        xs = sorted({x0 + c * cw + bleed_px for c in range(used_cols)} | {x0 + c * cw + bleed_px + fw for c in range(used_cols)})
        ys = sorted({y0 + r * ch + bleed_px for r in range(used_rows)} | {y0 + r * ch + bleed_px + fh for r in range(used_rows)})
        black = (0, 0, 0)
        for x in xs:  # vertical marks above and below the grid
            a = max(0, top - gap - length)
            if top - gap > a:
                pygame.draw.line(page, black, (x, a), (x, top - gap), lw)
            b = min(page_px[1] - 1, bottom + gap + length)
            if b > bottom + gap:
                pygame.draw.line(page, black, (x, bottom + gap), (x, b), lw)
        for y in ys:  # horizontal marks left and right of the grid
            a = max(0, left - gap - length)
            if left - gap > a:
                pygame.draw.line(page, black, (a, y), (left - gap, y), lw)
            b = min(page_px[0] - 1, right + gap + length)
            if b > right + gap:
                pygame.draw.line(page, black, (right + gap, y), (b, y), lw)
    return page


def write_pdf(pngs: list, page_mm: tuple, path: Path, title: str = "") -> Path:
    """Write one PDF page per sheet PNG, each filling a page of page_mm (images kept lossless)."""
    from fpdf import FPDF
    pdf = FPDF(unit="mm", format=page_mm)
    pdf.set_auto_page_break(False)
    pdf.set_margin(0)
    pdf.set_creator("tabletop")
    if title:
        pdf.set_title(title)
    for p in pngs:
        pdf.add_page()
        pdf.image(str(p), x=0, y=0, w=page_mm[0], h=page_mm[1])
    pdf.output(str(path))
    return path


def run(args) -> int:
    """Run `tabletop cards`: print what was written, or the problem (`path:line: ...`) and exit 1."""
    pygame.freetype.init()  # fonts and images only: no window, no sound device
    rs = load_ruleset(args.ruleset)
    res = export_cards(rs, Path(args.out), dpi=args.dpi, sheet=args.sheet, bleed_mm=args.bleed or 0.0,
                       crop_marks=bool(args.crop_marks), only=args.only)
    print(f"{len(res.cards)} card{'s' if len(res.cards) != 1 else ''} written to {Path(args.out) / 'cards'}")
    print(f"{len(res.sheets)} sheet{'s' if len(res.sheets) != 1 else ''} ({args.sheet}, {res.dpi} dpi) "
          f"written to {Path(args.out) / 'sheets'}")
    if res.pdf:
        print(f"PDF: {res.pdf}")
    return 0
