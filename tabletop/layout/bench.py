"""Card-face rendering cost, as ratios measured in one run (for `make bench`).

Figures: a first (uncached) face at table size and at print size, over the cost of drawing one
fixed line of text ("千怪戦戯 Card Name", 24 px bold) with the same fonts, the least any face costs;
a cached face lookup over one blit of that face. Run with `python -m tabletop.layout.bench`, or from tabletop.bench as module `layout`.
"""
from __future__ import annotations

import os
import time

GAME_RULESETS = ("senkai", "fourdeck", "ijinden", "monmusu", "danmaku")


def _per_call(fn, items) -> float:
    t0 = time.perf_counter()
    for x in items:
        fn(x)
    return (time.perf_counter() - t0) / max(1, len(items))


def run(report) -> None:
    """Report face-rendering ratios for every game ruleset found."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    import pygame.freetype

    from ..engine.ruleset import load_ruleset, ruleset_ids
    from . import text as textmod
    from .render import CardRenderer

    pygame.freetype.init()
    quick = getattr(report, "quick", False)
    for rid in [r for r in GAME_RULESETS if r in ruleset_ids()]:
        rs = load_ruleset(rid)
        cards = list(rs.cards.values())[: 12 if quick else None]
        target = pygame.Surface((400, 60), pygame.SRCALPHA)

        def one_line(_):
            target.fill((0, 0, 0, 0))
            textmod.render_line(target, "千怪戦戯 Card Name", 0, 40, 24, (0, 0, 0), "bold")

        _per_call(one_line, range(50))          # warm the glyph caches first
        floor = _per_call(one_line, range(400))
        r = CardRenderer(rs)
        table = _per_call(lambda c: r.face(c, 126), cards)
        r.clear()
        printed = _per_call(lambda c: r.face(c, 744), cards[: 6 if quick else 20])
        faces = [r.face(c, 126) for c in cards]  # cached again (clear() emptied the cache)
        cached = _per_call(lambda c: r.face(c, 126), cards * 20)
        screen = pygame.Surface((1600, 900))
        blit = _per_call(lambda f: screen.blit(f, (10, 10)), faces * 20)
        report(f"layout.{rid}.face_126_over_line", table / floor, f"{table * 1000:.1f} ms a face at table size")
        report(f"layout.{rid}.face_744_over_line", printed / floor, f"{printed * 1000:.1f} ms a face at 300 dpi")
        report(f"layout.{rid}.cached_face_over_blit", cached / blit, "a cached face lookup against one blit of it")


if __name__ == "__main__":
    def _report(name, value, note=""):
        print(f"{name}: {value:.3f}  # {note}" if isinstance(value, float) else f"{name}: {value}")
    run(_report)
