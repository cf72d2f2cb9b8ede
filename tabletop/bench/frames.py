"""Frame time of a full table over the floor of blitting the same pre-rendered surfaces.

The table: a sandbox game with at least 80 cards drawn (rows of cards on both sides, hands,
piles), 20 of them tapped, a hover preview open, and the pygame_gui panels. One frame is the
scene's update and draw plus pygame_gui's update and draw (as in the real loop, without the
display flip). The floor blits exactly the surfaces that frame blitted, at the same places, with
`fblits`: no Python logic, no widget updates. Both run in the same process, headless, on the same
kind of target surface; the figure is the ratio of their medians (target: at most 1.2).

Time is this thread's CPU time where the system measures it finely (Linux, macOS): a frame is work on
one thread, and the CPU time it took does not grow when other processes share the machine, while the
wall clock does, in bursts as long as a frame. Elsewhere it is the wall clock.
"""
from __future__ import annotations

import os
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

SIZE = (1600, 900)
ROUNDS = 5


def _pick_clock():
    """Return the thread's CPU-time clock if it ticks at least every microsecond, else perf_counter."""
    try:
        if time.get_clock_info("thread_time").resolution <= 1e-6:
            return time.thread_time
    except (AttributeError, ValueError, OSError):
        pass
    return time.perf_counter


_clock = _pick_clock()


class _Recorder(pygame.Surface):
    """A surface that remembers every blit made onto it (source, destination, area, flags)."""

    def __init__(self, size):
        super().__init__(size)
        self.log = []

    def blit(self, source, dest, area=None, special_flags=0):
        self.log.append((source, dest, area, special_flags))
        return super().blit(source, dest, area, special_flags)

    def blits(self, blit_sequence, doreturn=1):
        out = []
        for item in blit_sequence:
            out.append(self.blit(*item))
        return out if doreturn else None

    def fblits(self, blit_sequence, special_flags=0):
        for src, dest in blit_sequence:
            self.blit(src, dest, None, special_flags)


def full_table():
    """Return (app, scene) showing a sandbox table with ≥80 cards, 20 tapped, a preview open."""
    from tabletop.engine import Action, Game, load_ruleset
    from tabletop.engine.ruleset import DeckList
    from tabletop.ui.scene import App
    from tabletop.ui.table import HOVER_S, TableScene

    rs = load_ruleset("sandbox")
    cids = sorted(rs.cards)
    deck = DeckList("bench", "<bench>", {"main": [(cids[i % len(cids)], 1, 0) for i in range(50)]})
    g = Game.new(rs, decks=[deck, deck], seed=1)
    for p in (0, 1):
        for _ in range(34):
            g.manual(Action.make("m_top", p, zone=f"{p}.deck", to=f"{p}.play"))
    tapped = 0
    for p in (0, 1):
        for uid in g.state.zone(p, "play")[:10]:
            g.manual(Action.make("m_tap", p, card=uid))
            tapped += 1
    app = App(size=SIZE, settings={"size": list(SIZE), "anim": 0.0, "language": "en", "bot_delay": 0.6})
    scene = app.push(TableScene(app, g, [None, None]))
    scene.curtain = None
    scene.viewer = g.to_act
    scene.refresh()
    hand = [s for s in scene.spots if s.zone == f"{scene.viewer}.hand"]
    scene.mouse = hand[0].rect.center
    scene.update(0.0)                    # finds the card under the mouse
    scene.update(HOVER_S + 0.1)          # the preview is up from here on
    assert scene.hover_key is not None and scene.hover_t >= HOVER_S
    return app, scene, tapped


def _frame(app, scene, target, dt=1 / 60):
    scene.update(dt)
    target.fill((22, 27, 33))
    scene.draw(target)
    app.manager.update(dt)
    app.manager.draw_ui(target)


def measure(frames: int = 300):
    """Return a dict of figures: median ms of a full frame and of its floor, their ratio, card counts."""
    app, scene, tapped = full_table()
    target = pygame.Surface(SIZE).convert()
    rec = _Recorder(SIZE)
    for _ in range(10):                  # warm every cache (faces, rotations, text) first
        _frame(app, scene, target)
    _frame(app, scene, rec)
    plain = [(s, d) for s, d, a, f in rec.log if a is None and not f]
    other = [(s, d, a, f) for s, d, a, f in rec.log if a is not None or f]

    def floor():
        target.fill((22, 27, 33))
        target.fblits(plain)
        for s, d, a, f in other:
            target.blit(s, d, a, f)

    full_t, floor_t = [], []
    for _i in range(frames):
        # interleave, so that any slowdown of the machine hits both alike
        t0 = _clock()
        _frame(app, scene, target)
        t1 = _clock()
        floor()
        t2 = _clock()
        full_t.append(t1 - t0)
        floor_t.append(t2 - t1)
    drawn = [s for s in scene.spots]
    # The ratio per round of consecutive frames, so the spread shows how steady the machine was.
    n = max(1, len(full_t) // ROUNDS)
    rounds = [statistics.median(full_t[i:i + n]) / statistics.median(floor_t[i:i + n])
              for i in range(0, n * ROUNDS, n)]
    out = {"full_ms": statistics.median(full_t) * 1000, "floor_ms": statistics.median(floor_t) * 1000,
           "rounds": rounds,
           "cards": len(drawn), "tapped": sum(1 for s in drawn if s.tapped), "blits": len(rec.log),
           "preview": scene.hover_t >= 0.35}
    assert out["preview"] and out["cards"] >= 80 and out["tapped"] >= 20
    out["ratio"] = out["full_ms"] / out["floor_ms"]
    for s in list(app.scenes):
        s.leave()
    return out


def run(report) -> None:
    r = measure(60 if getattr(report, "quick", False) else 300)
    report("frames.cards_drawn", r["cards"], "cards on the table in the measured frame (≥80)")
    report("frames.tapped", r["tapped"], "of them tapped (20)")
    report("frames.full_ms", r["full_ms"], "median ms: scene update+draw, pygame_gui update+draw, preview open")
    report("frames.floor_ms", r["floor_ms"], f"median ms: fblits of the same {r['blits']} surfaces")
    report("frames.ratio", r["ratio"], "full / floor over every frame, target ≤ 1.2")
    rounds = sorted(r["rounds"])
    report("frames.ratio_rounds", statistics.median(rounds),
           f"median of {len(rounds)} rounds of interleaved frames; spread {rounds[0]:.2f}–{rounds[-1]:.2f}")


if __name__ == "__main__":
    print(measure())
