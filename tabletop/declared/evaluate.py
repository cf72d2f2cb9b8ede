"""The bots' evaluation of any declared game, read from its declaration alone.

Terms, seen from `player`'s side (the opponent's negated): the counters a win condition reads (life
that must not reach 0: "HP"; a count to reach: "tempo"), the cards of a zone the player loses
without ("walls"),
cards on the board by their attack and the health they have left, the resources that pay costs
(counters and cards to tap), and cards in hand. See tabletop/bots/evaluate.py for how bots use them.
"""
from __future__ import annotations


def _weights(ctl):
    """Return (life counters {name: weight}, life zones, goal counters {name: n}, goal zones {zone: n},
    resource counters, resource zones), found once per controller."""
    got = getattr(ctl, "_eval_weights", None)
    if got is not None:
        return got
    d = ctl.d
    life = {w.args["counter"]: 1.0 for w in d.win if w.kind == "counter_zero"}
    walls = {w.args["zone"] for w in d.win if w.kind == "breached"}
    goals = {w.args["counter"]: w.args["n"] for w in d.win if w.kind == "reach"}
    goal_zones = {w.args["zone"]: w.args["n"] for w in d.win if w.kind == "count"}
    res_counters, res_zones = set(), set()
    for r in d.actions.values():
        cost = r.args.get("cost") or {}
        if "counter" in cost:
            res_counters.add(cost["counter"])
        if "tap" in cost:
            res_zones.add(cost["tap"])
    for a in d.actions.values():   # the counter an attack on the player hits is life too
        hit = a.args.get("hit") or {}
        if "counter" in hit:
            life.setdefault(hit["counter"], 1.0)
        if "zone" in hit:
            walls.add(hit["zone"])
    got = ctl._eval_weights = (life, walls, goals, goal_zones, res_counters - set(life), res_zones)
    return got


def evaluate_position(game, player: int) -> dict[str, float]:
    """Return the weighted terms of the position for `player`."""
    s, ctl = game.state, game.controller
    life, walls, goals, goal_zones, res_counters, res_zones = _weights(ctl)
    cards, defs = s.cards, ctl.rs.cards
    atk_f, hp_f = ctl.d.attack, ctl.d.health
    out = {}
    for who, sign, side in ((player, 1.0, "my"), (1 - player, -1.0, "opponent")):
        vals = s.players[who]
        hp = 0.0
        for name in life:
            v = max(0, vals.get(name, 0))
            hp += 2.0 * v + (8.0 if v > 0 else 0.0) - (4.0 if v <= 3 else 0.0)
        wall = 0.0
        for z in walls:
            n = len(s.zones[f"{who}.{z}"])
            wall += 5.0 * n + (8.0 if n else 0.0)
        goal = 0.0
        for name, n in goals.items():
            goal += 20.0 * min(vals.get(name, 0), n) / max(1, n)
        for z, n in goal_zones.items():
            goal += 20.0 * min(len(s.zones[f"{who}.{z}"]), n) / max(1, n)
        board = 0.0
        for z in ctl.board_zones:
            for u in s.zones[f"{who}.{z}"]:
                c = cards[u]
                d = defs[c.cid]
                atk = ctl.stat(s, u, atk_f) if atk_f else 0
                left = (ctl.stat(s, u, hp_f) - c.counters.get("damage", 0)) if hp_f and isinstance(d.get(hp_f), int) else 0
                board += 1.0 + 0.6 * atk + 0.35 * max(0, left)
        res = 0.0
        for name in res_counters:
            res += 0.15 * vals.get(name, 0)
        for z in res_zones:
            res += 0.6 * len(s.zones[f"{who}.{z}"])
        # The terms' names are those of the other evaluations (tabletop/locale/ja/terms.yaml), so a
        # bot's reason reads in Japanese too: life counters are "HP", life zones "walls", progress
        # towards a count or a counter to reach "tempo", the resources that pay costs "mana".
        if life:
            out[f"{side} HP"] = sign * hp
        if walls:
            out[f"{side} walls"] = sign * wall
        if goal:
            out[f"{side} tempo"] = sign * goal
        out[f"{side} board"] = sign * board
        if res_counters or res_zones:
            out[f"{side} mana"] = sign * res
        out[f"{side} hand"] = sign * 0.4 * len(s.zones.get(f"{who}.hand", ()))
    return out
