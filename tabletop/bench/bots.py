"""Bot strength and speed figures for `make bench` (figures, never timed tests).

Per ruleset with its starter decks, seats alternated (half the games each bot sits at P1):
  bots.<id>.greedy_vs_random   share of decided games greedy wins (goal >= 0.90)
  bots.<id>.search_vs_greedy   share of decided games search wins (goal >= 0.60)
  bots.<id>.greedy_think_ms    median greedy think time per decision (goal <= 50)
  bots.<id>.search_rounds_ms   median search decision time at the strength games' rounds
  bots.<id>.search_budget      slowest search decision / its budget (goal <= 1.0)
and once: bots.simulate_scaling  throughput of `simulate --workers 2` over `--workers 1` (goal >= 1.8).

Sizes: 200 games per pairing (20 with --quick; TABLETOP_BENCH_GAMES overrides): the search games
take hours at full size. In the strength games `search` plays a fixed number of rounds per decision
(BENCH_ROUNDS, named in the figure's note) instead of a time budget, so that the figure does not
depend on how busy the machine is and a run can be repeated exactly; that many rounds takes well
under the default 1 s budget per decision on a quiet machine (the budget figure, measured with the
default budget, shows the time side).
"""
from __future__ import annotations

import os
import statistics
import time

from tabletop.bots.search import DEFAULT_THINK
from tabletop.engine import ruleset_ids
from tabletop.sim import Job, play_game, run_games

BENCH_ROUNDS = 4


def _rulesets() -> list[str]:
    from tabletop.engine import controller_class, load_ruleset
    out = []
    for r in ruleset_ids():
        if r != "sandbox" and controller_class(load_ruleset(r).controller, missing_ok=True):
            out.append(r)
    return out


def win_share(ruleset: str, bot: str, other: str, games: int, seed: int, workers: int, rounds=None) -> tuple:
    """Return (share of decided games `bot` wins, decided, errors) over `games` with seats alternated."""
    half = games // 2
    a = run_games(Job(ruleset, (bot, other), seed=seed, rounds=rounds), half, workers)
    b = run_games(Job(ruleset, (other, bot), seed=seed + 1, rounds=rounds), games - half, workers)
    won = sum(r["winner"] == 0 for r in a) + sum(r["winner"] == 1 for r in b)
    decided = sum(r["winner"] is not None for r in a + b)
    errors = sum(r["error"] is not None for r in a + b)
    return (won / decided if decided else 0.0), decided, errors


class _Enough(Exception):
    """Raised inside a game to stop it once enough decisions are timed (play_game records and moves on)."""


class _Timer:
    """Wrap a bot and record how long each of its decisions takes (at most `limit` of them)."""

    def __init__(self, bot, game, times, limit=None):
        self.bot, self.times, self.limit = bot, times, limit

    def __getattr__(self, name):
        return getattr(self.bot, name)

    def choose(self, view, legal):
        if self.limit is not None and len(self.times) >= self.limit:
            raise _Enough()
        t = time.perf_counter()
        a = self.bot.choose(view, legal)
        if len(legal) > 1:
            self.times.append(time.perf_counter() - t)
        return a


def think_times(ruleset: str, bot: str, games: int, seed: int = 0, think=None, limit=None, rounds=None,
                other: str = "random") -> list[float]:
    """Return the think time of every real decision of `bot` (vs `other`) over a few games."""
    times: list[float] = []
    job = Job(ruleset, (bot, other), seed=seed, think=think, rounds=rounds)
    for i in range(games):
        play_game(job, i, wrap=lambda b, g: _Timer(b, g, times, limit) if b.name == bot else b)
        if limit and len(times) >= limit:
            break
    return times


def run(report) -> None:
    quick = getattr(report, "quick", False)
    games = int(os.environ.get("TABLETOP_BENCH_GAMES") or (20 if quick else 200))
    workers = os.cpu_count() or 1
    for r in _rulesets():
        share, decided, errors = win_share(r, "greedy", "random", games, 100, workers)
        report(f"bots.{r}.greedy_vs_random", share, f"{decided} decided of {games}, {errors} errors; goal >= 0.9")
        share, decided, errors = win_share(r, "search", "greedy", games, 200, workers, rounds=BENCH_ROUNDS)
        report(f"bots.{r}.search_vs_greedy", share,
               f"search at {BENCH_ROUNDS} rounds; {decided} decided of {games}, {errors} errors; goal >= 0.6")
        times = think_times(r, "greedy", 3 if quick else 10)
        report(f"bots.{r}.greedy_think_ms", 1000 * statistics.median(times) if times else 0.0,
               f"median of {len(times)} decisions; goal <= 50")
        times = think_times(r, "search", 1, seed=7, rounds=BENCH_ROUNDS, other="greedy", limit=10 if quick else 30)
        report(f"bots.{r}.search_rounds_ms", 1000 * statistics.median(times) if times else 0.0,
               f"median of {len(times)} decisions at {BENCH_ROUNDS} rounds (vs greedy); the strength games' setting")
        times = think_times(r, "search", 1, seed=7, think=DEFAULT_THINK, limit=3 if quick else 8)
        report(f"bots.{r}.search_budget", max(times) / DEFAULT_THINK if times else 0.0,
               f"slowest of {len(times)} decisions at the {DEFAULT_THINK:g} s budget; goal <= 1.0")
    rs = _rulesets()
    if rs:
        # Games of every ruleset (greedy vs random), timed twice each way, best of each: the machine
        # is shared, and the least disturbed run is the closest to what the code can do.
        n = 8 if quick else 24   # enough games per ruleset that the last one's tail is small
        jobs = [Job(r, ("greedy", "random"), seed=5) for r in rs]

        def timed(workers):
            t = time.perf_counter()
            for job in jobs:
                run_games(job, n, workers)
            return time.perf_counter() - t
        ones, twos = [], []
        for _ in range(2):
            ones.append(timed(1))
            twos.append(timed(2))
        one, two = min(ones), min(twos)
        report("bots.simulate_scaling", one / two if two else 0.0,
               f"{n} greedy games per ruleset: --workers 1 {one:.1f} s, --workers 2 {two:.1f} s, best of 2, "
               f"on {os.cpu_count()} cores (shared); goal >= 1.8")
