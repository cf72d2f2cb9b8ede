"""Soak: bot against bot through the real table scene, headless, game after game through Rematch.

The first ten games visit every ruleset twice — a new table, then one Rematch — so that the memory
after game 10, the baseline, holds what every ruleset loads once (its cards, faces, fonts); growth from
there is what a long session adds. Then each ruleset in turn gets a block of the remaining games: the
first on a new table, the rest by pressing the result screen's Rematch button (a posted click, the
window's own event path). The table runs its real loop (`App.step`: events, update, draw) with
animations off and no bot delay, until the game ends (the cap of 1,000 actions is a guard: games between
two easy bots take 40–500, danmaku's 350–450, and a game stopped short opens no result screen and
cannot be rematched). Memory is read once a game's
result screen is up, where a player leaves a game. Figures: resident memory after game 10 and after
the last (target: within 10 %), Python memory blocks, pygame surfaces, open file handles and threads
left behind, bot problems, and the frame time of each ruleset's last game over its first. Nothing traces
allocations (tracemalloc's own records
grow the resident memory being measured). 200 games (20 with --quick; TABLETOP_SOAK_GAMES overrides).
"""
from __future__ import annotations

import contextlib
import gc
import io
import os
import statistics
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

RULESETS = ("senkai", "fourdeck", "ijinden", "monmusu", "danmaku")


def _new_table(app, rid: str, seed: int, bot: str):
    from tabletop.engine import Game
    from tabletop.ui.players import make_seat
    from tabletop.ui.table import TableScene
    g = Game.new(rid, seed=seed)
    return app.replace(TableScene(app, g, [make_seat(bot, 0, seed), make_seat(bot, 1, seed)]))


def _click(app, pos) -> None:
    """Press and release the left button at `pos` through the window's own event path."""
    import pygame
    for etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(etype, pos=pos, button=1))
        app.step(1 / 60)
    app.step(1 / 60)          # pygame_gui's UI_BUTTON_PRESSED arrives a frame later


def settle(app, scene) -> bool:
    """Run frames until a finished game's result screen is open; return whether it is."""
    for _ in range(600):      # the last move's pacing ends, then the result screen opens
        if scene.result.is_open() or not scene.game.is_over():
            break
        app.step(1 / 60)
    return scene.result.is_open()


def rematch(app, scene) -> bool:
    """Press the result screen's Rematch button as a player would; return whether a new table opened."""
    if not settle(app, scene):
        return False
    button = next(b for b, fn in scene.result.buttons.items() if fn == scene.result.rematch)
    _click(app, button.get_abs_rect().center)
    return app.scene is not scene


def play(app, scene, max_actions: int, times: list) -> int:
    """Run the table's frames (the real loop: events, update, draw) until the game ends or the cap."""
    g = scene.game
    frames = 0
    while not g.is_over() and len(g.actions) < max_actions and frames < max_actions * 40:
        t0 = time.perf_counter()
        app.step(1 / 60)
        times.append(time.perf_counter() - t0)
        frames += 1
        _wait_bot(scene, 1.0)
    return len(g.actions)


def _wait_bot(scene, seconds: float) -> None:
    """Let a bot that is thinking on its thread finish (the table keeps drawing meanwhile in play)."""
    job = scene.bot.job
    if job is not None and job["thread"].is_alive():
        job["thread"].join(seconds)


def surfaces() -> tuple[int, int]:
    """Return (pygame surfaces alive, their pixel bytes): those held by any Python container.

    A Surface holds no references, so the collector does not track it and `gc.get_objects()` never
    lists one; it is found among what the tracked objects refer to."""
    import pygame
    seen: dict = {}
    for o in gc.get_objects():
        for r in gc.get_referents(o):
            if isinstance(r, pygame.Surface):
                seen[id(r)] = r
    return len(seen), sum(s.get_width() * s.get_height() * s.get_bytesize() for s in seen.values())


class _ProblemCounter(io.TextIOBase):
    """A stream that counts the lines reporting a bot problem and keeps nothing else: the table narrates
    every bot move on stderr, and a soak that kept 200 games of narration would measure its own memory."""
    PREFIXES = ("tabletop: bot error", "tabletop: bot P")

    def __init__(self):
        super().__init__()
        self.problems = 0
        self._line = ""       # the line being written, up to its end

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        lines = (self._line + text).split("\n")
        self._line = lines.pop()[:40]    # the start of the unfinished line is all a prefix needs
        self.problems += sum(line.startswith(self.PREFIXES) for line in lines)
        return len(text)


def _fds() -> int:
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:
        return 0


def schedule(games: int, rids: list[str], warm: int = 10) -> list[tuple[str, bool]]:
    """Return (ruleset, on a new table) for each game: `warm` games visiting every ruleset in pairs
    (a new table, then Rematch), then one block per ruleset, its first game on a new table."""
    out = []
    for i in range(min(warm, games)):
        out.append((rids[(i // 2) % len(rids)], i % 2 == 0))
    rest = games - len(out)
    per = -(-rest // len(rids)) if rest > 0 else 0
    for i in range(rest):
        out.append((rids[(i // per) % len(rids)], i % per == 0))
    return out


def measure(games: int = 10, max_actions: int = 1000):
    """Play `games` bot games in a row through the real table: each ruleset's first game on a new table,
    the next ones through the result screen's Rematch button. Return the figures (see `run`)."""
    import threading

    from tabletop.engine import ruleset_ids
    from tabletop.ui.scene import App

    os.environ.setdefault("TABLETOP_SAVES", os.path.join(os.environ.get("TMPDIR", "/tmp"), "tabletop-soak-saves"))
    app = App(size=(1600, 900), settings={"size": [1600, 900], "anim": 0.0, "language": "en", "bot_delay": 0.0})
    rids = [r for r in RULESETS if r in ruleset_ids()] or ["sandbox"]
    plan = schedule(games, rids)
    threads0 = threading.active_count()
    at10 = {}
    rss = []                 # resident memory after each game, its result screen up (after a collection)
    first_ms, last_ms = {}, {}
    total_actions = rematches = unfinished = 0
    scene = None
    err = _ProblemCounter()
    with contextlib.redirect_stderr(err):   # the table narrates bot moves on stderr: counted, not kept
        for i, (rid, new) in enumerate(plan):
            if new or scene is None or not scene.game.is_over() or not rematch(app, scene):
                scene = _new_table(app, rid, 100 + i, "easy")
            else:
                scene = app.scene
                rematches += 1
            times = []
            total_actions += play(app, scene, max_actions, times)
            unfinished += not scene.game.is_over()
            settle(app, scene)   # memory is read with the result screen up, as a player leaves a game
            first_ms.setdefault(rid, statistics.median(times) * 1000 if times else 0.0)
            last_ms[rid] = statistics.median(times) * 1000 if times else 0.0
            gc.collect()
            rss.append(_rss())
            if i + 1 == min(10, games):
                at10 = {"rss": rss[-1], "blocks": sys.getallocatedblocks(), "surfaces": surfaces(),
                        "fds": _fds(), "threads": threading.active_count()}
            if (i + 1) % 10 == 0:
                print(f"  soak: {i + 1}/{games} games, RSS {rss[-1] / 1e6:.0f} MB", file=sys.__stdout__, flush=True)
    problems = err.problems
    _wait_bot(scene, 5.0)
    gc.collect()
    end = {"rss": _rss(), "blocks": sys.getallocatedblocks(), "surfaces": surfaces(), "fds": _fds(),
           "threads": threading.active_count()}
    common = [r for r in first_ms if r in last_ms and first_ms[r] > 0]
    slowdown = statistics.mean(last_ms[r] / first_ms[r] for r in common) if common else 1.0
    for s in list(app.scenes):
        s.leave()
    return {"games": games, "actions": total_actions, "rss": rss, "rematches": rematches, "unfinished": unfinished,
            "bot_problems": problems, "slowdown": slowdown, "at10": at10, "end": end, "threads0": threads0}


def _rss() -> int:
    """Return this process's resident memory in bytes (Linux; 0 where /proc is missing)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, AttributeError):
        return 0


def run(report) -> None:
    quick = getattr(report, "quick", False)
    games = int(os.environ.get("TABLETOP_SOAK_GAMES") or (20 if quick else 200))
    r = measure(games=games)
    a, e = r["at10"], r["end"]
    report("soak.games", r["games"], f"bot vs bot through the real table, headless; {r['rematches']} through Rematch")
    report("soak.actions", r["actions"], f"{r['unfinished']} games stopped at the action cap")
    report("soak.rss_game10_mb", a["rss"] / 1e6, "resident memory after game 10 (surfaces included)")
    report(f"soak.rss_game{r['games']}_mb", e["rss"] / 1e6, "resident memory after the last game")
    report("soak.rss_ratio", e["rss"] / a["rss"] if a.get("rss") else 0.0, "last / game 10, target ≤ 1.10")
    series = r["rss"]
    if len(series) >= 15:   # one game's memory wavers by several percent: the same comparison over five games
        early, late = statistics.median(series[5:10]), statistics.median(series[-5:])
        report("soak.rss_ratio_5games", late / early,
               f"median of the last 5 games / of games 6-10 ({late / 1e6:.0f} / {early / 1e6:.0f} MB); "
               f"highest after game 10: {max(series[10:]) / 1e6:.0f} MB")
    report("soak.python_blocks_growth", e["blocks"] - a["blocks"],
           "Python memory blocks alive, last game minus game 10 (sys.getallocatedblocks: no tracing, which "
           "would itself grow the resident memory it is compared with)")
    report("soak.surfaces_left", e["surfaces"][0] - a["surfaces"][0],
           f"pygame surfaces alive, last game minus game 10 (bounded caches): {a['surfaces'][0]} then "
           f"{e['surfaces'][0]}, {a['surfaces'][1] / 1e6:.0f} then {e['surfaces'][1] / 1e6:.0f} MB of pixels")
    report("soak.file_handles_left", e["fds"] - a["fds"], "open file handles, last game minus game 10 (goal 0)")
    report("soak.threads_left", e["threads"] - r["threads0"], "threads alive at the end minus before the first game (goal 0)")
    report("soak.bot_problems", r["bot_problems"], "bot errors and illegal choices seen by the table (goal 0)")
    report("soak.slowdown", r["slowdown"], "median frame time, last game of each ruleset / its first (1.0 = none)")


if __name__ == "__main__":
    print(measure(games=10))
