"""Bot strength and speed figures for `make bench` (figures, never timed tests).

Per ruleset with its starter decks, seats alternated (half the games each bot sits at P1):
  bots.<id>.greedy_vs_random   share of decided games greedy wins (goal >= 0.90)
  bots.<id>.ends               how greedy-vs-greedy games end: share per rule (the first rule id
                               in the outcome's reason: DM-R11 is a main character at 0 HP, DM-R13
                               an empty deck...); bots.danmaku.hp_share: the DM-R11 share (goal >= 0.8)
  bots.<id>.search_vs_greedy   share of decided games search wins at SEARCH_THINK s a move, with its
                               95% Wilson interval in the note (goal >= 0.60), and how those games end
  bots.<id>.greedy_think_ms    median greedy think time per decision (goal <= 50)
  bots.<id>.search_budget      slowest search decision at SEARCH_THINK s / SEARCH_THINK (goal <= 1.2)
and once: bots.simulate_scaling  throughput of `simulate --workers 2` over `--workers 1` (goal >= 1.8).

Sizes: 200 games per pairing (20 with --quick; TABLETOP_BENCH_GAMES overrides, and
TABLETOP_BENCH_SEARCH_GAMES the search games alone: at 0.2 s a move they take hours at full size;
TABLETOP_BENCH_RULESETS=fourdeck,monmusu measures those rulesets only).
The search games run on a time budget, as a player meets it, so on a busy machine search is weaker
than on a quiet one: the note says how many games and workers. TABLETOP_BENCH_ROUNDS=N plays them at
a fixed N iterations a move instead (machine-independent, repeatable).
"""
from __future__ import annotations

import os
import re
import statistics
import time
from collections import Counter

from tabletop.engine import ruleset_ids
from tabletop.sim import Job, play_game, run_games, wilson

SEARCH_THINK = 0.2
_RULE = re.compile(r"\b([A-Z]{2}-[RD]\d+)")


def _rulesets() -> list[str]:
    """Return the rulesets with a game to play, or those TABLETOP_BENCH_RULESETS names (comma-separated)."""
    from tabletop.engine import controller_class, load_ruleset
    only = [r.strip() for r in os.environ.get("TABLETOP_BENCH_RULESETS", "").split(",") if r.strip()]
    out = []
    for r in ruleset_ids():
        if r != "sandbox" and (not only or r in only) and controller_class(load_ruleset(r).controller, missing_ok=True):
            out.append(r)
    return out


def win_share(ruleset: str, bot: str, other: str, games: int, seed: int, workers: int, rounds=None,
              think=None) -> tuple:
    """Return (share of decided games `bot` wins, wins, decided, errors, records) over `games` with seats alternated."""
    half = games // 2
    a = run_games(Job(ruleset, (bot, other), seed=seed, rounds=rounds, think=think), half, workers)
    b = run_games(Job(ruleset, (other, bot), seed=seed + 1, rounds=rounds, think=think), games - half, workers)
    won = sum(r["winner"] == 0 for r in a) + sum(r["winner"] == 1 for r in b)
    decided = sum(r["winner"] is not None for r in a + b)
    errors = sum(r["error"] is not None for r in a + b)
    return (won / decided if decided else 0.0), won, decided, errors, a + b


def end_rule(record: dict) -> str:
    """Return how a game ended: the first rule id in its outcome's reason ("DM-R11"), "draw" without
    one, "error" for a game that broke, "unfinished" for one still running at the simulator's cap
    (a bot that stalls)."""
    if record["error"] is not None:
        return "error"
    if record.get("unfinished"):
        return "unfinished"
    m = _RULE.search(record["reason"] or "")
    return m.group(1) if m else ("draw" if record["winner"] is None else "other")


def ends(records: list[dict]) -> dict[str, float]:
    """Return the share of games per way they ended (end_rule), most common first."""
    c = Counter(end_rule(r) for r in records)
    return {k: v / len(records) for k, v in c.most_common()} if records else {}


def ends_note(shares: dict) -> str:
    return ", ".join(f"{k} {v:.0%}" for k, v in shares.items())


class _Enough(Exception):
    """Raised inside a game to stop it once enough decisions are timed (play_game records and moves on)."""


class _Timer:
    """Wrap a bot and record how long each of its decisions takes (at most `limit` of them)."""

    def __init__(self, bot, game, times, limit=None, iterations=None):
        self.bot, self.times, self.limit, self.iterations = bot, times, limit, iterations

    def __getattr__(self, name):
        return getattr(self.bot, name)

    def choose(self, view, legal):
        if self.limit is not None and len(self.times) >= self.limit:
            raise _Enough()
        t = time.perf_counter()
        a = self.bot.choose(view, legal)
        if len(legal) > 1:
            self.times.append(time.perf_counter() - t)
            if self.iterations is not None and hasattr(self.bot, "last_iterations"):
                self.iterations.append(self.bot.last_iterations)
        return a


def think_times(ruleset: str, bot: str, games: int, seed: int = 0, think=None, limit=None, rounds=None,
                other: str = "random", iterations: list | None = None) -> list[float]:
    """Return the think time of every real decision of `bot` (vs `other`) over a few games; a search
    bot's iterations per decision are appended to `iterations` when given."""
    times: list[float] = []
    job = Job(ruleset, (bot, other), seed=seed, think=think, rounds=rounds)
    for i in range(games):
        play_game(job, i, wrap=lambda b, g: _Timer(b, g, times, limit, iterations) if b.name == bot else b)
        if limit and len(times) >= limit:
            break
    return times


def run(report) -> None:
    quick = getattr(report, "quick", False)
    games = int(os.environ.get("TABLETOP_BENCH_GAMES") or (20 if quick else 200))
    search_games = int(os.environ.get("TABLETOP_BENCH_SEARCH_GAMES") or games)
    rounds = int(os.environ["TABLETOP_BENCH_ROUNDS"]) if os.environ.get("TABLETOP_BENCH_ROUNDS") else None
    workers = os.cpu_count() or 1
    for r in _rulesets():
        share, _, decided, errors, _ = win_share(r, "greedy", "random", games, 100, workers)
        report(f"bots.{r}.greedy_vs_random", share, f"{decided} decided of {games}, {errors} errors; goal >= 0.9")
        recs = run_games(Job(r, ("greedy", "greedy"), seed=300), games, workers)
        shares = ends(recs)
        report(f"bots.{r}.ends", ends_note(shares), f"greedy vs greedy, {games} games: share per rule that ended them")
        if r == "danmaku":
            report("bots.danmaku.hp_share", shares.get("DM-R11", 0.0),
                   f"greedy vs greedy games ended by a main character at 0 HP (DM-R11), of {games}; goal >= 0.8")
        share, won, decided, errors, recs = win_share(r, "search", "greedy", search_games, 200, workers,
                                                      rounds=rounds, think=None if rounds else SEARCH_THINK)
        lo, hi = wilson(won, decided)
        how = f"{rounds} iterations a move" if rounds else f"{SEARCH_THINK:g} s a move, {workers} workers"
        report(f"bots.{r}.search_vs_greedy", share,
               f"95% interval {lo:.2f}-{hi:.2f}; search at {how}; {won} won of {decided} decided of {search_games}, "
               f"{errors} errors; seats alternated; ends: {ends_note(ends(recs))}; goal >= 0.6")
        times = think_times(r, "greedy", 3 if quick else 10)
        report(f"bots.{r}.greedy_think_ms", 1000 * statistics.median(times) if times else 0.0,
               f"median of {len(times)} decisions; goal <= 50")
        iters: list = []
        times = think_times(r, "search", 1, seed=7, think=SEARCH_THINK, other="greedy", limit=10 if quick else 30,
                            iterations=iters)
        # The iterations a decision reached say how busy the machine was, and which fixed
        # TABLETOP_BENCH_ROUNDS stands for SEARCH_THINK here.
        report(f"bots.{r}.search_budget", max(times) / SEARCH_THINK if times else 0.0,
               f"slowest of {len(times)} decisions at the {SEARCH_THINK:g} s budget, over it; "
               f"median {statistics.median(times) / SEARCH_THINK if times else 0:.2f}; "
               f"median {statistics.median(iters) if iters else 0:g} iterations a decision; goal <= 1.2")
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
