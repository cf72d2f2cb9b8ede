"""Engine speed: per-action cost of random legal play for each ruleset, over python-chess's random
playout cost per move (legal moves listed, one pushed, game over checked), measured in the same run."""
from __future__ import annotations

import random
import time

from tabletop.engine import Game, ruleset_ids

GAME_RULESETS = ("senkai", "fourdeck", "ijinden", "monmusu", "danmaku")


def per_action_cost(ruleset_id: str, games: int, seed: int = 0) -> tuple[float, int]:
    """Return (seconds per action, actions) of seeded random legal play, set-up excluded."""
    total, actions = 0.0, 0
    for i in range(games):
        rng = random.Random(seed + i)
        g = Game.new(ruleset_id, seed=seed + i)
        t0 = time.perf_counter()
        n = 0
        while g.outcome() is None and n < 5000:
            legal = g.legal_actions()
            g.apply(rng.choice(legal))
            n += 1
        total += time.perf_counter() - t0
        actions += n
    return total / max(1, actions), actions


def chess_cost(games: int, seed: int = 0) -> float | None:
    """Return python-chess's seconds per move of random playouts, or None when it is not installed."""
    try:
        import chess
    except ImportError:
        return None
    total, moves = 0.0, 0
    for i in range(games):
        rng = random.Random(seed + i)
        board = chess.Board()
        t0 = time.perf_counter()
        while not board.is_game_over():
            legal = list(board.legal_moves)
            board.push(rng.choice(legal))
            moves += 1
        total += time.perf_counter() - t0
    return total / max(1, moves)


def run(report) -> None:
    quick = getattr(report, "quick", False)
    games = 5 if quick else 40
    peer = chess_cost(3 if quick else 20)
    if peer is None:
        report("engine.peer", "python-chess missing (pip install -e '.[bench]')")
    else:
        report("engine.chess_us_per_move", peer * 1e6)
    known = set(ruleset_ids())
    for rid in GAME_RULESETS:
        if rid not in known:
            report(f"engine.{rid}", "not available")
            continue
        cost, n = per_action_cost(rid, games)
        report(f"engine.{rid}_us_per_action", cost * 1e6, f"{n} actions")
        if peer:
            report(f"engine.{rid}_over_chess", cost / peer, "target <= 1.0")
