"""Soak: bot against bot through the real table scene, headless, watching memory and slowdown.

Each game runs in a `TableScene` with both seats bots, animations off and no bot delay, one
frame (update + draw + pygame_gui) per loop, until the game ends or an action cap. Figures: the
Python heap growth from the end of the first round (one game of each ruleset, so every card face
cache is warm) to the end of the last game (tracemalloc, after a collection), and the frame time of
the last round of games over the first (median ms; 1.0 = no slowdown). 200 games in a row (10 with
--quick; TABLETOP_SOAK_GAMES overrides).
"""
from __future__ import annotations

import contextlib
import gc
import io
import os
import statistics
import time
import tracemalloc

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

RULESETS = ("senkai", "fourdeck", "ijinden", "monmusu", "danmaku")


def play_one(app, rid: str, seed: int, max_actions: int, bot: str = "easy"):
    """Play one bot game through the table; return (actions, frame times in seconds, bot problems)."""
    from tabletop.engine import Game
    from tabletop.ui.players import make_seat
    from tabletop.ui.table import TableScene

    g = Game.new(rid, seed=seed)
    scene = app.replace(TableScene(app, g, [make_seat(bot, 0, seed), make_seat(bot, 1, seed)]))
    times = []
    # The table narrates every bot move on stderr; a soak keeps that to itself and counts the errors.
    with contextlib.redirect_stderr(io.StringIO()) as err:
        _frames(app, scene, g, max_actions, times)
    problems = sum(line.startswith(("tabletop: bot error", "tabletop: bot P")) for line in err.getvalue().splitlines())
    return len(g.actions), times, problems


def _frames(app, scene, g, max_actions: int, times: list) -> None:
    frames = 0
    while not g.is_over() and len(g.actions) < max_actions and frames < max_actions * 40:
        t0 = time.perf_counter()
        scene.update(1 / 60)
        scene.draw(app.screen)
        app.manager.update(1 / 60)
        app.manager.draw_ui(app.screen)
        times.append(time.perf_counter() - t0)
        frames += 1
        job = scene.bot_job
        if job is not None and job["thread"].is_alive():
            job["thread"].join(1.0)


def measure(games: int = 10, max_actions: int = 300):
    from tabletop.engine import ruleset_ids
    from tabletop.ui.scene import App

    os.environ.setdefault("TABLETOP_SAVES", os.path.join(os.environ.get("TMPDIR", "/tmp"), "tabletop-soak-saves"))
    app = App(size=(1600, 900), settings={"size": [1600, 900], "anim": 0.0, "language": "en", "bot_delay": 0.0})
    rids = [r for r in RULESETS if r in ruleset_ids()] or ["sandbox"]
    tracemalloc.start()
    first_ms = last_ms = None
    heap0 = heap1 = 0
    rss0 = 0
    total_actions = 0
    problems = 0
    for i in range(games):
        n, times, bad = play_one(app, rids[i % len(rids)], seed=100 + i, max_actions=max_actions)
        total_actions += n
        problems += bad
        gc.collect()
        heap = tracemalloc.get_traced_memory()[0]
        if i == min(len(rids), games) - 1:
            heap0 = heap      # after one game of each ruleset: every card cache is warm
            rss0 = _rss()
        if (i + 1) % 20 == 0:
            print(f"  soak: {i + 1}/{games} games, heap {heap / 1e6:.1f} MB, RSS {_rss() / 1e6:.0f} MB", flush=True)
        heap1 = heap
        if i < len(rids):
            first_ms = (first_ms or {})
            first_ms[rids[i % len(rids)]] = statistics.median(times) * 1000 if times else 0.0
        if i >= games - len(rids):
            last_ms = (last_ms or {})
            last_ms[rids[i % len(rids)]] = statistics.median(times) * 1000 if times else 0.0
    tracemalloc.stop()
    common = [r for r in first_ms if r in last_ms and first_ms[r] > 0]
    slowdown = statistics.mean(last_ms[r] / first_ms[r] for r in common) if common else 1.0
    for s in list(app.scenes):
        s.leave()
    rss1 = _rss()
    return {"games": games, "actions": total_actions, "heap_growth_mb": (heap1 - heap0) / 1e6,
            "slowdown": slowdown, "bot_problems": problems,
            "rss_growth_mb": (rss1 - rss0) / 1e6 if rss0 and rss1 else None}


def _rss() -> int:
    """Return this process's resident memory in bytes (Linux; 0 where /proc is missing)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, AttributeError):
        return 0


def run(report) -> None:
    quick = getattr(report, "quick", False)
    games = int(os.environ.get("TABLETOP_SOAK_GAMES") or (10 if quick else 200))
    r = measure(games=games, max_actions=60 if quick else 200)
    report("soak.games", r["games"], "bot vs bot through the real table scene, headless")
    report("soak.actions", r["actions"])
    report("soak.heap_growth_mb", r["heap_growth_mb"], "Python heap after the last game minus after the first round")
    if r["rss_growth_mb"] is not None:
        report("soak.rss_growth_mb", r["rss_growth_mb"], "resident memory (surfaces included), same span; bounded caches fill")
    report("soak.bot_problems", r["bot_problems"], "bot errors and illegal choices seen by the table (goal 0)")
    report("soak.slowdown", r["slowdown"], "median frame time, last round of games / first round (1.0 = none)")


if __name__ == "__main__":
    print(measure(games=10, max_actions=60))
