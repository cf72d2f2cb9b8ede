"""What would print badly, found before printing: the warnings of `tabletop validate`, `tabletop
cards` and the studio's grid marks (text cut or shrunk to its minimum size, characters no font can
draw, regions that overlap, a kind whose layout draws nothing, an unknown `{icon}`)."""
from __future__ import annotations

from . import text as textmod
from .spec import PT_MM

from tabletop.engine.errors import DataError, TabletopError, clip
from tabletop.engine.msg import msg
from tabletop.engine.yamlio import load_yaml

CONTENT = ("text", "number", "pips", "rarity")  # regions whose overlap hides something


def face_warnings(rs, renderer, layout_checks: bool = True) -> list[tuple]:
    """Return (card id or None, kind of problem, `path:line: warning`) for everything that would print badly.

    The kind is "cut" (text cut at its minimum size) or "warn" (everything else).
    """
    out = []
    lay = renderer.layout
    if layout_checks and not lay.generated:
        out += layout_warnings(lay, rs, renderer)
    for c in rs.cards.values():
        kl = lay.for_kind(c.kind)
        scale = round(kl.size_mm[0] / 25.4 * lay.dpi) / kl.size_mm[0]
        where = f"{c.path}:{c.line}: card {c.id}"
        if c.id in blank_cards(rs, renderer, [c]):
            out.append((c.id, "warn", f"{where}: the face shows nothing but its background (no region of "
                        f"kind {c.kind!r} has anything of this card to show)"))
        for r, s, face in _texts_read(renderer, c):
            fit = renderer._fit(r, s, scale)
            if fit.overflow:
                out.append((c.id, "cut", f"{where}: {r.name!r}{face} text is cut (…) even at its minimum size "
                            f"{r.min_size:g} pt"))
            elif r.min_size < r.size and fit.px <= r.min_size * PT_MM * scale * 1.05:  # within a shrink step of it
                out.append((c.id, "warn", f"{where}: {r.name!r}{face} text only fits shrunk to its minimum size "
                            f"{r.min_size:g} pt"))
            weight = renderer._weights.get(r.weight, r.weight)
            missing = textmod.missing_glyphs(s, weight)
            if missing:
                out.append((c.id, "warn", f"{where}: {r.name!r}{face}: no font can draw {' '.join(missing)} "
                            f"({', '.join(f'U+{ord(ch):04X}' for ch in missing)}): it prints as a box"))
        for r, name in renderer.unknown_icons(c):
            out.append((c.id, "warn", f"{where}: {r.name!r}: unknown icon {{{name}}} (no assets/icons/{name}.png)"))
    return out


def _texts_read(renderer, card) -> list[tuple]:
    """Return (region, text, "" or " (English face)") for each text the card's face shows: as printed, and,
    for a `language: player` layout, each text an English reader sees instead."""
    was = getattr(renderer, "language", None)
    try:
        renderer.language = None       # as printed, whoever reads the warnings
        out = [(r, s, "") for r, s in renderer.texts(card)]
        if renderer.layout.language == "player":
            renderer.language = "en"
            printed = {(r.name, s) for r, s, _ in out}
            out += [(r, s, " (English face)") for r, s in renderer.texts(card) if (r.name, s) not in printed]
    finally:
        renderer.language = was
    return out


def card_warnings(rs, renderer, layout_checks: bool = True) -> list[str]:
    """Return the `path:line: warning` lines of face_warnings."""
    return [m for _, _, m in face_warnings(rs, renderer, layout_checks)]


def layout_warnings(lay, rs, renderer=None) -> list[tuple]:
    """Return (card id or None, "warn", warning) about the layout itself: kinds that draw nothing, text
    regions that overlap on a card that shows both, and a picture drawn over (after, by `z` and then the
    file's order) a text region it covers (each named once per pair and kind, with the first such card)."""
    out = []
    for kname, kl in sorted(lay.kinds.items()):
        if not [r for r in kl.regions if r.type != "manual"]:
            out.append((None, "warn", f"{lay.path}: kind {kname!r}: the layout draws nothing but the background "
                        "(no regions)"))
    if renderer is None:
        return out
    reported = set()
    for c in rs.cards.values():
        kl = lay.for_kind(c.kind)
        shown = [r for r in kl.regions if renderer._applies(r, c)]
        for i, a in enumerate(shown):   # a picture drawn after (over) a text region hides it
            if a.type not in CONTENT:
                continue
            for b in shown[i + 1:]:
                if b.type != "image":
                    continue
                ox, oy = _overlap(a, b)
                if ox > 0.3 and oy > 0.3 and (a.line, b.line, c.kind, "z") not in reported:
                    reported.add((a.line, b.line, c.kind, "z"))
                    out.append((c.id, "warn", f"{lay.path}:{b.line}: image region {b.name!r} is drawn over "
                                f"{a.type} region {a.name!r} (line {a.line}) and covers {ox:.1f}×{oy:.1f} mm of it "
                                f"on card {c.id} ({c.path}:{c.line}): give {b.name!r} a lower z (z: -1) or "
                                f"{a.name!r} a higher one"))
        content = [r for r in shown if r.type in CONTENT]
        for i, a in enumerate(content):
            for b in content[i + 1:]:
                ox, oy = _overlap(a, b)
                if ox > 0.3 and oy > 0.3 and (a.line, b.line, c.kind) not in reported:
                    reported.add((a.line, b.line, c.kind))
                    out.append((c.id, "warn", f"{lay.path}:{b.line}: region {b.name!r} overlaps {a.name!r} "
                                f"(line {a.line}) by {ox:.1f}×{oy:.1f} mm on card {c.id} ({c.path}:{c.line})"))
    return out


def _overlap(a, b) -> tuple[float, float]:
    """Return how far two regions' rectangles overlap across and down, in mm (≤ 0: they do not)."""
    ox = min(a.rect[0] + a.rect[2], b.rect[0] + b.rect[2]) - max(a.rect[0], b.rect[0])
    oy = min(a.rect[1] + a.rect[3], b.rect[1] + b.rect[3]) - max(a.rect[1], b.rect[1])
    return ox, oy


def blank_cards(rs, renderer, cards=None) -> set:
    """Return the ids of cards whose face shows only its background, though their kind has regions (a kind
    with none is a layout warning of its own): every region needs a field the card lacks."""
    out = set()
    for c in rs.cards.values() if cards is None else cards:
        regions = [r for r in renderer.layout.for_kind(c.kind).regions if r.type != "manual"]
        if regions and not any(renderer._applies(r, c) for r in regions):
            out.add(c.id)
    return out


def art_problems(rs) -> dict:
    """Return card id -> `path:line: card X: art ...` for each card whose art is set but missing, outside
    assets/ or unreadable: its face shows the generated picture instead, which looks like real art."""
    from ..engine.errors import DataError
    from . import art as artmod
    out = {}
    for c in rs.cards.values():
        try:
            p = artmod.resolve_art(rs.path, c)
            if p is not None:
                if not p.is_file():
                    raise DataError(p, None, "file not found")
                artmod.load_image(p)
        except DataError as e:
            out[c.id] = str(e) if e.path == c.path else f"{c.path}:{c.line}: card {c.id}: art {e}"
    return out


def font_problems(rs, lay) -> list[DataError]:
    """Return a DataError for each of a layout's `fonts:` that is not a file (a folder named x.ttf) or
    not a font FreeType reads; the export stops on them too (otherwise Noto Sans JP stands in unsaid)."""
    from .model import asset_path
    out = []
    fonts = {}
    try:
        raw = load_yaml(lay.path)
        fonts = raw.get("fonts") if isinstance(raw, dict) else {}
    except TabletopError:
        pass
    for weight, name in (lay.fonts or {}).items():
        line = fonts.line_of(weight) if hasattr(fonts, "line_of") else None
        try:
            p = asset_path(rs.path, name)
        except ValueError as e:
            out.append(DataError(lay.path, line, msg("fonts.{weight}: {why}", weight=weight, why=str(e))))
            continue
        if not p.is_file():
            out.append(DataError(lay.path, line, msg("fonts.{weight}: {file} is not a file", weight=weight,
                                                     file=str(p))))
            continue
        try:
            import pygame.freetype
            if not pygame.freetype.get_init():
                pygame.freetype.init()
            pygame.freetype.Font(str(p))
        except Exception as e:   # noqa: BLE001 - OSError, pygame.error: whatever FreeType says of a broken file
            out.append(DataError(lay.path, line, msg("fonts.{weight}: {file} is not a font file ({why})",
                                                     weight=weight, file=str(p), why=clip(str(e), 120))))
    return out
