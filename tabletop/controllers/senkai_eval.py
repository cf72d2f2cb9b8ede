"""How good a senkai position is for one player: the bots' evaluation, kept beside the rules.

`evaluate_position(game, player)` returns named, weighted terms seen from `player`'s side (the
bots sum them and name the biggest changes in their reasons; see tabletop/bots/evaluate.py).
Walls are life: a player with no walls who is attacked loses (SK-R22), so the last walls weigh
most; monsters in lanes count by AP and the HP they have left; mana and hand count a little.
"""
from __future__ import annotations

LANES = ("lane_left", "lane_center", "lane_right")


def _stat(game, cid: str, name: str) -> float:
    d = game.ruleset.cards.get(cid)
    v = d.stats.get(name) if d is not None else None
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else 0.0


def evaluate_position(game, player: int) -> dict[str, float]:
    """Return the weighted terms of the position for `player` (opponent terms negated)."""
    s = game.state
    out = {}
    for who, sign, side in ((player, 1.0, "my"), (1 - player, -1.0, "opponent")):
        walls = len(s.zones[f"{who}.walls"])
        board = 0.0
        for lane in LANES:
            for u in s.zones[f"{who}.{lane}"]:
                c = s.cards[u]
                hp = _stat(game, c.cid, "hp") - c.counters.get("damage", 0)
                board += 1.5 + 0.4 * _stat(game, c.cid, "ap") + 0.2 * max(0.0, hp) + 0.3 * len(c.attached)
        out[f"{side} walls"] = sign * (4.0 * walls + (6.0 if walls else 0.0))
        out[f"{side} board"] = sign * board
        out[f"{side} mana"] = sign * 0.4 * len(s.zones[f"{who}.mana"])
        out[f"{side} hand"] = sign * 0.5 * len(s.zones[f"{who}.hand"])
    return out
