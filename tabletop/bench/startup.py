"""Start-up: process start to the first table frame, over a bare pygame-ce window's start-up (process
start to its first flip), both measured in the same run, headless. Also the peak memory (RSS) of a full
table with every card face of the ruleset cached."""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

BARE = ("import pygame; pygame.init(); s = pygame.display.set_mode((1600, 900), pygame.SCALED | pygame.RESIZABLE);"
        "s.fill((20, 20, 20)); pygame.display.flip()")

TABLE = """
from tabletop.engine import Game
from tabletop.ui.app import make_seats
from tabletop.ui.scene import App
from tabletop.ui.table import TableScene
app = App(size=(1600, 900))
game = Game.new({ruleset!r}, seed=1)
app.push(TableScene(app, game, make_seats(["human", "human"], 1)))
app.step()
"""

FULL = """
import resource
from tabletop.engine import Game
from tabletop.ui.app import make_seats
from tabletop.ui.scene import App
from tabletop.ui.table import TableScene
app = App(size=(1600, 900))
game = Game.new({ruleset!r}, seed=1)
scene = app.push(TableScene(app, game, make_seats(["human", "human"], 1)))
for _ in range(30):
    app.step()
try:
    from tabletop.layout import CardRenderer
    r = CardRenderer(game.ruleset)
    for card in game.ruleset.cards.values():
        for w in (126, 360):
            r.face(card, w)
except ImportError:
    pass
app.step()
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def _env() -> dict:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    return env


def _time(code: str, runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, env=_env(), capture_output=True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def run(report) -> None:
    runs = 3 if getattr(report, "quick", False) else 7
    bare = _time(BARE, runs)
    report("startup.bare_window_s", bare)
    for rid in ("senkai", "monmusu"):
        t = _time(TABLE.format(ruleset=rid), runs)
        report(f"startup.{rid}_first_frame_s", t)
        report(f"startup.{rid}_over_bare", t / bare)
    out = subprocess.run([sys.executable, "-c", FULL.format(ruleset="monmusu")], check=True, env=_env(),
                         capture_output=True, text=True).stdout.split()
    report("memory.full_table_all_faces_peak_rss_mb", int(out[-1]) / 1024)
