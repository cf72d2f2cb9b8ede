"""What would print badly, found before printing: the warnings of `tabletop validate`, `tabletop
cards` and the studio's grid marks (text cut or shrunk to its minimum size, characters no font can
draw, regions that overlap, a kind whose layout draws nothing, an unknown `{icon}`)."""
from __future__ import annotations

from . import text as textmod
from .spec import PT_MM

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
        for r, s in renderer.texts(c):
            fit = renderer._fit(r, s, scale)
            if fit.overflow:
                out.append((c.id, "cut", f"{where}: {r.name!r} text is cut (…) even at its minimum size {r.min_size:g} pt"))
            elif r.min_size < r.size and fit.px <= r.min_size * PT_MM * scale * 1.05:  # within a shrink step of it
                out.append((c.id, "warn", f"{where}: {r.name!r} text only fits shrunk to its minimum size {r.min_size:g} pt"))
            weight = renderer._weights.get(r.weight, r.weight)
            missing = textmod.missing_glyphs(s, weight)
            if missing:
                out.append((c.id, "warn", f"{where}: {r.name!r}: no font can draw {' '.join(missing)} "
                            f"({', '.join(f'U+{ord(ch):04X}' for ch in missing)}): it prints as a box"))
        for r, name in renderer.unknown_icons(c):
            out.append((c.id, "warn", f"{where}: {r.name!r}: unknown icon {{{name}}} (no assets/icons/{name}.png)"))
    return out


def card_warnings(rs, renderer, layout_checks: bool = True) -> list[str]:
    """Return the `path:line: warning` lines of face_warnings."""
    return [m for _, _, m in face_warnings(rs, renderer, layout_checks)]


def layout_warnings(lay, rs, renderer=None) -> list[tuple]:
    """Return (card id or None, "warn", warning) about the layout itself: kinds that draw nothing, and
    text regions that overlap on a card that shows both (named once per pair, with the first such card)."""
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
        content = [r for r in kl.regions if r.type in CONTENT and renderer._applies(r, c)]
        for i, a in enumerate(content):
            for b in content[i + 1:]:
                ox = min(a.rect[0] + a.rect[2], b.rect[0] + b.rect[2]) - max(a.rect[0], b.rect[0])
                oy = min(a.rect[1] + a.rect[3], b.rect[1] + b.rect[3]) - max(a.rect[1], b.rect[1])
                if ox > 0.3 and oy > 0.3 and (a.line, b.line, c.kind) not in reported:
                    reported.add((a.line, b.line, c.kind))
                    out.append((c.id, "warn", f"{lay.path}:{b.line}: region {b.name!r} overlaps {a.name!r} "
                                f"(line {a.line}) by {ox:.1f}×{oy:.1f} mm on card {c.id} ({c.path}:{c.line})"))
    return out
