"""Start-up: process start to the first table frame of `tabletop play RULESET`, over a bare pygame-ce
window's start-up (process start to its first flip), both measured in the same run, headless, for every
ruleset, with the table's time split into imports, data, UI and first draw. Also the peak memory (RSS) of a full
table with every card face of the ruleset cached.

Both sides are timed the same way: from just before the process is started to the moment the child
reports its first frame drawn (the wall clock, which parent and child share), so the time a process
takes to exit, which the player never waits for, counts on neither side. The whole process life is
reported too. The children run with bytecode caching on, as a player's Python does, even when this
shell sets PYTHONDONTWRITEBYTECODE: an untimed first start writes the .pyc files, as on a player's
first start."""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time

BARE = ("import pygame; pygame.init(); s = pygame.display.set_mode((1600, 900), pygame.SCALED | pygame.RESIZABLE);"
        "s.fill((20, 20, 20)); pygame.display.flip(); import time; print(time.time(), time.process_time())")

# The bare window with pygame_gui imported and a manager on its own default theme, drawn once: the least
# any table built on pygame_gui can take, so the part of the table's ratio the widget layer alone costs.
GUI_FLOOR = ("import pygame; pygame.init(); s = pygame.display.set_mode((1600, 900), pygame.SCALED | pygame.RESIZABLE);"
             "import pygame_gui; m = pygame_gui.UIManager((1600, 900)); m.update(1 / 60);"
             "s.fill((20, 20, 20)); m.draw_ui(s); pygame.display.flip(); import time; print(time.time(), time.process_time())")

# The `tabletop play RULESET` path up to its first frame, in four timed parts (imports, data, UI, first
# draw); the process's whole life is timed from outside, like the bare window's. The target's table is
# two people's (hotseat) without the briefing: a saved game opened with --load, or a new one once its
# briefing is read. `BRIEFED` adds the two first frames a new game shows (informational): the briefing
# over the hotseat curtain, and the briefing over the table against a bot.
TABLE = """
import json, time
t0 = time.perf_counter()
from types import SimpleNamespace
from tabletop.ui import app as appmod
from tabletop.ui.players import make_seats
from tabletop.ui.table import TableScene
t1 = time.perf_counter()
args = SimpleNamespace(ruleset={ruleset!r}, seed=1, p1="human", p2={p2!r}, size="1600x900")
game, specs = appmod.build_game(args)
seats = make_seats(specs, game.state.seed)
t2 = time.perf_counter()
app = appmod.App(size=appmod.parse_size(args.size), home=getattr(appmod, "home", None))
app.push(TableScene(app, game, seats, brief={brief!r}))
t3 = time.perf_counter()
app.step()
t4 = time.perf_counter()
print(time.time(), time.process_time())
print(json.dumps([t1 - t0, t2 - t1, t3 - t2, t4 - t3]))
"""

FULL = """
import resource
from tabletop.engine import Game
from tabletop.ui.players import make_seats
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
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


RULESETS = ("senkai", "fourdeck", "ijinden", "monmusu", "danmaku")
BRIEFED = {"briefing": ("human", True), "solo": ("normal", True)}   # senkai's new game: name -> (P2, brief)


def _table(rid: str, p2: str = "human", brief: bool = False) -> str:
    return TABLE.format(ruleset=rid, p2=p2, brief=brief)
PARTS = ("imports", "data", "ui", "first_draw")


def _once(code: str) -> tuple[float, float, float, str]:
    """Run `code` in a new interpreter; return (seconds to the first frame it reports, the CPU seconds
    it had used by then, seconds to its exit, its output after the frame's time stamps)."""
    t0 = time.time()
    p0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], check=True, env=_env(), capture_output=True, text=True)
    life = time.perf_counter() - p0
    stamps, _, rest = out.stdout.strip().partition("\n")
    wall, cpu = (float(x) for x in stamps.split())
    return wall - t0, cpu, life, rest


def run(report) -> None:
    runs = 3 if getattr(report, "quick", False) else 7
    for rid in RULESETS:             # one untimed start each: the parse cache and .pyc files are warm, as
        _once(_table(rid))                  # on a player's second start
    # Interleaved: each round starts a bare window, then every ruleset's table, so that a busy moment
    # of the machine hits both sides of every ratio alike. The figure is the median of the rounds' ratios.
    bare_t, table_t = [], {r: [] for r in RULESETS}
    bare_cpu, table_cpu = [], {r: [] for r in RULESETS}
    bare_life, table_life = [], {r: [] for r in RULESETS}
    parts = {r: [] for r in RULESETS}
    floor_t, floor_cpu, floor_abs = [], [], []
    briefed = {name: [] for name in BRIEFED}
    for _ in range(runs):
        t, cpu, life, _ = _once(BARE)
        bare_t.append(t)
        bare_cpu.append(cpu)
        bare_life.append(life)
        t, cpu, _, _ = _once(GUI_FLOOR)
        floor_abs.append(t)
        floor_t.append(t / bare_t[-1])
        floor_cpu.append(cpu)
        for name, (p2, brief) in BRIEFED.items():
            briefed[name].append(_once(_table("senkai", p2, brief))[0] / floor_abs[-1])
        for rid in RULESETS:
            t, cpu, life, out = _once(_table(rid))
            table_t[rid].append(t)
            table_cpu[rid].append(cpu)
            table_life[rid].append(life)
            parts[rid].append(json.loads(out.strip().splitlines()[-1]))
    report("startup.bare_window_s", statistics.median(bare_t), "process start to its first flip")
    report("startup.gui_floor_over_bare", statistics.median(floor_t),
           f"the bare window with pygame_gui imported and a default manager drawn, over the bare window: what "
           f"the widget layer alone adds to every table (CPU {statistics.median(floor_cpu) / statistics.median(bare_cpu):.2f}×)")
    for rid in RULESETS:
        ratios = [t / b for t, b in zip(table_t[rid], bare_t)]
        report(f"startup.{rid}_first_frame_s", statistics.median(table_t[rid]),
               f"process start to the first table frame; whole process life {statistics.median(table_life[rid]):.3f} s "
               f"(bare {statistics.median(bare_life):.3f} s)")
        report(f"startup.{rid}_over_bare", statistics.median(ratios),
               f"rounds {min(ratios):.2f}–{max(ratios):.2f}")
        over_floor = [t / f for t, f in zip(table_t[rid], floor_abs)]
        report(f"startup.{rid}_over_gui_floor", statistics.median(over_floor),
               f"target ≤ 1.25: the first table frame over the pygame_gui floor of the same round; rounds "
               f"{min(over_floor):.2f}–{max(over_floor):.2f}; CPU "
               f"{statistics.median(table_cpu[rid]) / statistics.median(floor_cpu):.2f}×")
        report(f"startup.{rid}_cpu_over_bare", statistics.median(table_cpu[rid]) / statistics.median(bare_cpu),
               f"CPU time to the first frame over the bare window's ({statistics.median(table_cpu[rid]) * 1000:.0f} / "
               f"{statistics.median(bare_cpu) * 1000:.0f} ms): steadier on a busy machine, stricter (the bare "
               f"window's start waits more, computes less)")
        split = [statistics.median(p[i] for p in parts[rid]) * 1000 for i in range(len(PARTS))]
        report(f"startup.{rid}_parts_ms", " ".join(f"{n}={v:.0f}" for n, v in zip(PARTS, split)),
               "after the interpreter: imports, data (ruleset, game), UI (window, theme, scene), first draw")
    report("startup.senkai_briefing_over_gui_floor", statistics.median(briefed["briefing"]),
           "informational: `tabletop play senkai` as a new game opens it, the briefing over the hotseat curtain")
    report("startup.senkai_solo_over_gui_floor", statistics.median(briefed["solo"]),
           "informational: `tabletop play senkai --p2 normal`, the briefing over the table against a bot")
    out = subprocess.run([sys.executable, "-c", FULL.format(ruleset="monmusu")], check=True, env=_env(),
                         capture_output=True, text=True).stdout.split()
    report("memory.full_table_all_faces_peak_rss_mb", int(out[-1]) / 1024)
