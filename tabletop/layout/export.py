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
import shutil
import sys
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pygame.freetype

from ..engine.errors import DataError, DataErrors
from ..engine.ruleset import load_deck, load_ruleset, load_ruleset_dir
from . import art as artmod
from .pdf import PdfWriter
from .render import CardRenderer
from .sheets import (
    MARGIN_MM,
    PAGES_MM,
    Sheet,
    _save_png,
    encode_png,
    draw_marks,
    mm_to_px,
    plan_sheet,
)
from .tts import TtsWriter


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


def _safe_name(card_id: str) -> str:
    return re.sub(r"[^\w.-]+", "_", card_id) or "card"


# --- drawing faces, here or in worker processes -----------------------------------------------
_worker: dict = {}


def _worker_init(folder: str, layout: str | None) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.freetype.init()
    rs = load_ruleset_dir(Path(folder), decks=False)   # faces need no deck list
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

    def encode(self, surf: pygame.Surface, path: Path, dpi: int):
        """Write an opaque page as PNG: in a worker when there are workers (return its pending result),
        else here (return None)."""
        if self.pool is None:
            _save_png(surf, path, dpi)
            return None
        return self.pool.apply_async(encode_png, (surf.get_size(), pygame.image.tobytes(surf, "RGB"), str(path), dpi))

    def close(self) -> None:
        if self.pool is not None:
            self.pool.close()
            self.pool.join()
        _worker.pop("r", None)


class PageSink:
    """Pages on their way to PNG files and the PDF, in order: encoded by the workers while the next
    page is composed (at most `window` in flight), and a page equal to one already written (the same
    back sheet again) copied instead of encoded, and stored once in the PDF."""

    def __init__(self, faces: Faces, writer, window: int = 4):
        self.faces, self.writer, self.window = faces, writer, window
        self.pending: deque = deque()
        self.first: dict = {}   # key -> the PNG written for it

    def add(self, surf: pygame.Surface, path: Path, dpi: int, key=None) -> None:
        if key is not None and key in self.first:
            self.pending.append((None, path, key, self.first[key]))
        else:
            if key is not None:
                self.first[key] = path
            self.pending.append((self.faces.encode(surf, path, dpi), path, key, None))
        while len(self.pending) > self.window:
            self._finish_one()

    def _finish_one(self) -> None:
        job, path, key, copy_of = self.pending.popleft()
        if job is not None:
            job.get()
        if copy_of is not None:
            shutil.copyfile(copy_of, path)
        if self.writer is not None:
            self.writer.add_png(path, key)

    def flush(self) -> None:
        while self.pending:
            self._finish_one()


def _surface(res) -> pygame.Surface:
    size, data = res
    return pygame.image.frombytes(data, size, "RGB")


def default_workers(n_faces: int) -> int:
    """Return how many processes to draw faces with: one per core (at most 4) for big sets."""
    if n_faces < 24:
        return 1  # starting processes costs more than it saves on a few cards
    return max(1, min(4, os.cpu_count() or 1))


# --- the export -------------------------------------------------------------------------------
def export_cards(ruleset, out: Path, *, dpi: int | None = None, sheet: str = "a4", bleed_mm: float = 0.0,
                 crop_marks: bool = False, only: list[str] | None = None, renderer: CardRenderer | None = None,
                 pdf: bool = True, progress=None, margin_mm: float = MARGIN_MM, backs: bool = False,
                 fold: bool = False, deck: str | None = None, tts: bool = False, workers: int | None = None,
                 card_pngs: bool = True) -> ExportResult:
    """Write card PNGs to out/cards/, sheets to out/sheets/, out/<ruleset>-sheets.pdf, and with
    `backs` the back PNGs (out/backs/) and mirrored back sheets after each front, with `fold` the
    fold-over pages instead, with `tts` out/tts/ (deck sheets and a back per kind's back, and the saved
    object Tabletop Simulator imports, every copy in it).

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
    if not renderer.layout.generated:   # a font that is no font would silently print in Noto Sans JP
        from .checks import font_problems
        problems = font_problems(ruleset, renderer.layout)
        if problems:
            raise problems[0] if len(problems) == 1 else DataErrors(problems)
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
    if tts:   # a previous export's sheets would otherwise look current
        for old in [*(out / "tts").glob("deck-*.png"), *(out / "tts").glob("back*.png")]:
            old.unlink()
    workers = default_workers(len(plan)) if workers is None else max(1, workers)
    faces = Faces(renderer, workers)
    writer = PdfWriter(out / f"{ruleset.id}-sheets.pdf", page_mm, ruleset.name) if pdf else None
    sink = PageSink(faces, writer, window=2 * workers)
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

    tts_sheets = TtsWriter(out / "tts", renderer.back_key, ruleset.id, ruleset.name_en or ruleset.id) if tts else None
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
                    n_page = _emit(page_items, sh, n_page, out, result, sink, crop_marks, backs, fold, back_for,
                                   tts_sheets)
                    page_items = []
                    done += 1
                    if progress:
                        progress(done, total_pages)
            if page_items:
                n_page = _emit(page_items, sh, n_page, out, result, sink, crop_marks, backs, fold, back_for,
                               tts_sheets)
                done += 1
                if progress:
                    progress(done, total_pages)
        sink.flush()
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
        result.tts = tts_sheets.close(back_for)
    return result


def _copies(group, faces):
    for (c, n), face in zip(group, faces):
        for _ in range(n):
            yield c, face


def _emit(items, sh: Sheet, n_page: int, out: Path, result: ExportResult, sink: PageSink, crop_marks: bool,
          backs: bool, fold: bool, back_for, tts_sheets) -> int:
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
        lw = max(1, mm_to_px(0.2, sh.dpi))
        for y0, y1 in ((max(sh.margin + lw, top - mm_to_px(4, sh.dpi)), top - mm_to_px(1, sh.dpi)),
                       (bottom + mm_to_px(1, sh.dpi), min(sh.page_px[1] - 1 - sh.margin - lw, bottom + mm_to_px(4, sh.dpi)))):
            if y1 - y0 >= mm_to_px(0.8, sh.dpi):   # only inside the printable area, never into the margin
                pygame.draw.line(page, (120, 120, 120), (x, y0), (x, y1), lw)
    path = out / "sheets" / f"sheet-{n_page:02d}.png"
    sink.add(page, path, sh.dpi)
    result.sheets.append(path)
    if backs and not fold:
        bpage = pygame.Surface(sh.page_px)
        bpage.fill((255, 255, 255))
        for i, (c, _) in enumerate(items):
            sh.place(bpage, i, back_for(c.kind), mirror=True)
        if crop_marks:
            draw_marks(bpage, sh, len(items), mirror=True)
        bpath = out / "sheets" / f"sheet-{n_page:02d}-back.png"
        # A back page is the same as an earlier one whenever the same backs fill the same slots.
        key = ("back", id(sh), crop_marks, tuple(id(back_for(c.kind)) for c, _ in items))
        sink.add(bpage, bpath, sh.dpi, key)
        result.backs.append(bpath)
    if tts_sheets is not None:
        for c, face in items:
            tts_sheets.add(c, face, sh)
    return n_page


def load_export_ruleset(ruleset_id: str, deck: str | None = None):
    """Load the ruleset to export. A broken deck file does not stop an export that does not use it: its
    problems are printed as warnings and the faces, sheets and backs are written (with `--deck NAME`
    the deck named must load)."""
    from ..engine.ruleset import ruleset_dir
    try:
        return load_ruleset(ruleset_id)
    except (DataError, DataErrors) as e:
        errors = e.errors if isinstance(e, DataErrors) else [e]
        folder = ruleset_dir(ruleset_id)
        decks = folder / "decks" if folder else None
        only_decks = decks is not None and all(Path(str(x.path)).parent == decks for x in errors)
        if not only_decks:
            raise
        rs = load_ruleset_dir(folder, decks=False)
        for p in sorted(decks.glob("*.yaml")):   # the decks that do load are still there for --deck
            try:
                d = load_deck(p, rs)
                rs.decks[d.name] = d
            except (DataError, DataErrors):
                pass
        if deck and deck not in rs.decks:
            raise   # the deck asked for may be the broken one: say why
        for x in errors:
            print(f"warning: {x}  (the export does not use this deck)", file=sys.stderr)
        return rs


def run(args) -> int:
    """Run `tabletop cards`: write the cards as CSV (--csv), and/or print the print warnings,
    export with a progress bar and print what was written; or the problem (`path:line: ...`), exit 1."""
    pygame.freetype.init()  # fonts and images only: no window, no sound device
    rs = load_export_ruleset(args.ruleset, getattr(args, "deck", None))
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
