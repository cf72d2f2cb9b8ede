"""How good a fourdeck position is for one player: the bots' evaluation, kept beside the rules.

`evaluate_position(game, player)` returns named, weighted terms seen from `player`'s side (see
tabletop/bots/evaluate.py). A field of total cost 8 or more rebels (FD-R16) and an empty one is
ruined (FD-R17), so a field's cost is scored by its distance from those edges; units' attack; the
opponent's deck HP (hurting it pushes their units out, towards their rebellion); spells in hand.
"""
from __future__ import annotations


def _stat(game, cid: str, name: str) -> float:
    d = game.ruleset.cards.get(cid)
    v = d.stats.get(name) if d is not None else None
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else 0.0


def evaluate_position(game, player: int) -> dict[str, float]:
    """Return the weighted terms of the position for `player` (opponent terms negated)."""
    s = game.state
    ctl = game.controller
    rebel = float(game.ruleset.parameters.get("rebellion_cost", 8))
    out = {}
    for who, sign, side in ((player, 1.0, "my"), (1 - player, -1.0, "opponent")):
        try:
            cost = float(ctl.field_cost(s, who))
            ap = sum(float(ctl.stat(s, u, "ap")) for u in s.zones[f"{who}.field"])
        except Exception:   # a position the controller's helpers cannot read: printed numbers instead
            cost = sum(_stat(game, s.cards[u].cid, "cost") for u in s.zones[f"{who}.field"])
            ap = sum(_stat(game, s.cards[u].cid, "ap") for u in s.zones[f"{who}.field"])
        danger = max(0.0, cost - (rebel - 3)) ** 2 * 3.0 + (6.0 if cost <= 1 else 0.0)
        hp = sum(v for k, v in s.players[who].items() if str(k).startswith("hp_") and isinstance(v, (int, float)))
        out[f"{side} field danger"] = sign * -danger
        out[f"{side} attack"] = sign * 0.6 * ap
        out[f"{side} deck HP"] = sign * 0.15 * hp
        out[f"{side} spells"] = sign * 0.3 * len(s.zones[f"{who}.spell"])
    return out
