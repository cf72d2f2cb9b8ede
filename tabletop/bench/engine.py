"""Engine speed: per-action cost of random legal play for each ruleset, over python-chess's random
playout cost per move (legal moves listed, one pushed, game over checked), measured in the same run.

The machine is shared, so both costs are process CPU time, measured in turns (chess, then the
ruleset, several times over the same seeded games) and the least disturbed turn of each is kept.
"""
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
        t0 = time.process_time()
        n = 0
        while g.outcome() is None and n < 5000:
            legal = g.legal_actions()
            g.apply(rng.choice(legal))
            n += 1
        total += time.process_time() - t0
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
        t0 = time.process_time()
        while not board.is_game_over():
            legal = list(board.legal_moves)
            board.push(rng.choice(legal))
            moves += 1
        total += time.process_time() - t0
    return total / max(1, moves)


def run(report) -> None:
    quick = getattr(report, "quick", False)
    games, chess_games, turns = (5, 3, 3) if quick else (40, 20, 5)
    known = set(ruleset_ids())
    peers, ours = [], {}
    for rid in GAME_RULESETS:
        if rid not in known:
            report(f"engine.{rid}", "not available")
            continue
        costs = []
        for _ in range(turns):
            peer = chess_cost(chess_games)
            if peer is not None:
                peers.append(peer)
            costs.append(per_action_cost(rid, games))
        ours[rid] = min(costs)
    if peers:
        report("engine.chess_us_per_move", min(peers) * 1e6, f"best of {len(peers)} turns")
    else:
        report("engine.peer", "python-chess missing (pip install -e '.[bench]')")
    for rid, (cost, n) in ours.items():
        report(f"engine.{rid}_us_per_action", cost * 1e6, f"{n} actions, best of {turns}")
        if peers:
            report(f"engine.{rid}_over_chess", cost / min(peers), "target <= 0.8")
