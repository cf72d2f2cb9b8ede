"""Fuzz figures: many seeded random games per ruleset, counting crashes, stuck games (no legal
action and no outcome) and invariant breaks (cards lost or duplicated, a replay that differs).
All three must be 0. Games still running after MAX_ACTIONS random actions are stopped and counted as
unfinished (no rule ends a game after a number of turns; the cap is the fuzzer's own). Games run in
worker processes; the seeds are the same whatever the count."""
from __future__ import annotations

import os
import random
from concurrent.futures import ProcessPoolExecutor

from tabletop.engine import Game, ruleset_ids

GAME_RULESETS = ("senkai", "fourdeck", "ijinden", "monmusu", "danmaku")
MAX_ACTIONS = 5000


def _conserved(g: Game, expected: set) -> bool:
    seen = []
    for uids in g.state.zones.values():
        for u in uids:
            seen.append(u)
            stack = list(g.state.cards[u].attached)
            while stack:
                a = stack.pop()
                seen.append(a)
                stack.extend(g.state.cards[a].attached)
    # A card that goes out of someone's sight gets a fresh id (Controller.settle_hidden): the ids
    # change, their number does not (as tests/simcheck.py's check_cards_conserved).
    return len(seen) == len(set(seen)) and set(seen) == set(g.state.cards) and len(seen) == len(expected)


def one_game(args) -> str:
    """Play one seeded random game; return 'ok', 'unfinished', 'crash: …', 'stuck' or 'invariant: …'."""
    ruleset_id, seed, replay_check = args
    rng = random.Random(seed)
    try:
        g = Game.new(ruleset_id, seed=seed)
        cards = set(g.state.cards)
        n = 0
        while g.outcome() is None and n < MAX_ACTIONS:
            legal = g.legal_actions()
            if not legal:
                return "stuck"
            g.apply(rng.choice(legal))
            n += 1
        if not _conserved(g, cards):
            return "invariant: cards lost or duplicated"
        if replay_check:
            again = Game.new(ruleset_id, seed=seed)
            for text in g.actions:
                again.replay_one(text)
            if again.state.to_dict() != g.state.to_dict():
                return "invariant: replay differs"
        return "ok" if g.outcome() is not None else "unfinished"
    except Exception as e:  # noqa: BLE001 - a crash is what we count
        return f"crash: {type(e).__name__}: {e}"


def fuzz(ruleset_id: str, games: int, workers: int | None = None) -> dict:
    jobs = [(ruleset_id, seed, seed % 50 == 0) for seed in range(games)]
    with ProcessPoolExecutor(max_workers=workers or os.cpu_count()) as ex:
        results = list(ex.map(one_game, jobs, chunksize=25))
    out = {"crashes": 0, "stuck": 0, "invariant_breaks": 0, "unfinished": 0, "first_problem": ""}
    for seed, r in enumerate(results):
        if r == "unfinished":
            out["unfinished"] += 1
            continue
        key = "crashes" if r.startswith("crash") else "stuck" if r.startswith("stuck") else \
            "invariant_breaks" if r.startswith("invariant") else None
        if key:
            out[key] += 1
            out["first_problem"] = out["first_problem"] or f"seed {seed}: {r}"
    return out


def run(report) -> None:
    games = 300 if getattr(report, "quick", False) else 10_000
    known = set(ruleset_ids())
    for rid in GAME_RULESETS:
        if rid not in known:
            report(f"fuzz.{rid}", "not available")
            continue
        r = fuzz(rid, games)
        for key in ("crashes", "stuck", "invariant_breaks"):
            report(f"fuzz.{rid}_{key}", r[key], f"of {games} games; must be 0")
        report(f"fuzz.{rid}_unfinished", r["unfinished"], f"of {games} games still running after {MAX_ACTIONS} "
                                                          "actions (the fuzzer's cap, not a draw)")
        if r["first_problem"]:
            report(f"fuzz.{rid}_first_problem", r["first_problem"])
