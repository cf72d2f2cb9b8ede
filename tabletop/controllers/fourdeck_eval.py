"""How good a fourdeck position is for one player: the bots' evaluation, kept beside the rules.

`evaluate_position(game, player)` returns named, weighted terms seen from `player`'s side (see
tabletop/bots/evaluate.py). A field of total cost 8 or more rebels (FD-R16) and an empty one is
ruined (FD-R17), so a field's cost is scored by its distance from those edges; units' attack; the
opponent's deck HP (hurting it pushes their units out, towards their rebellion); spells in hand.

The threat: rebellion comes from the opponent's attacks, which bring a card out of a deck for
every time its HP falls to 0 (FD-R3, FD-R14). So a field is judged by its cost plus the most cost
the player who attacks it next can push onto it with the units they have ready: the player not
on turn faces the active player's untapped units now, the active player faces all the opponent's
units next turn (a threat they may still answer, so it weighs less). Decks count by their level,
not by the top card a determinization happened to put there.
"""
from __future__ import annotations

from tabletop.controllers.fourdeck import DOUBLE, LEVELS

# The bots' guesses of their own face-down decks keep each card in the deck it was built into (a
# player knows their Level 3 deck holds their Level 3 units, FD-R2, FD-H1); see bots/determinize.py.
DETERMINIZE_BY_SECTION = True
# Rollouts play to the end of the opponent's next turn: their attacks decide whether a field rebels.
SEARCH_HORIZON = 2
# Search replaces greedy's move only on firm evidence: with up to 8 candidates, one of them beats
# greedy's by a single standard error in a few samples by luck alone most of the time.
SEARCH_CONFIDENCE = 2.0
SEARCH_MIN_PAIRS = 4

LETHAL_NOW = 40.0     # a field the attacker on turn can push to rebellion with its ready units
LETHAL_NEXT = 12.0    # a field the opponent can push to rebellion in their next turn
LEVEL_COST = {"lv1": 1, "lv2": 2, "lv3": 3}


def _stat(game, cid: str, name: str) -> float:
    d = game.ruleset.cards.get(cid)
    v = d.stats.get(name) if d is not None else None
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else 0.0


def attacks(ctl, s, p: int, ready_only: bool) -> list[int]:
    """Return the attack powers `p` can swing with: untapped units (a 連撃 unit twice unless it has
    swung) when `ready_only`, else every unit on their field as it will be at their turn's start."""
    out = []
    for u in s.zones[f"{p}.field"]:
        c = s.cards[u]
        if ready_only and c.tapped:
            continue
        ap = ctl.stat(s, u, "ap")
        if ap <= 0:
            continue
        out.append(ap)
        if ctl.card_def(s, u).has(DOUBLE) and not (ready_only and c.flags.get("swung")):
            out.append(ap)
    return out


def push(ctl, s, target: int, aps: list[int]) -> int:
    """Return the most cost attacks of powers `aps` can bring out onto `target`'s field.

    A deck brings out a card each time its HP reaches 0, then its HP is full again (FD-R3); every
    card out takes at least one attack, and damage beyond 0 is lost (FD-D2) — which the total
    ignores, so this is an upper bound a little above what the attacks can really do.
    """
    total, swings = sum(aps), len(aps)
    if not total:
        return 0
    first, more, cap = [], [], []
    for d in LEVELS:
        first.append(s.players[target]["hp_" + d])
        more.append(ctl.max_hp[d])
        cap.append(min(2, len(s.zones[f"{target}.{d}"])))
    best = 0
    for k1 in range(cap[0] + 1):
        n1 = first[0] + (k1 - 1) * more[0] if k1 else 0
        if n1 > total:
            break
        for k2 in range(cap[1] + 1):
            n2 = n1 + (first[1] + (k2 - 1) * more[1] if k2 else 0)
            if n2 > total:
                break
            for k3 in range(cap[2] + 1):
                n3 = n2 + (first[2] + (k3 - 1) * more[2] if k3 else 0)
                if n3 > total or k1 + k2 + k3 > swings:
                    break
                best = max(best, k1 + 2 * k2 + 3 * k3)
    return best


def evaluate_position(game, player: int) -> dict[str, float]:
    """Return the weighted terms of the position for `player` (opponent terms negated)."""
    s = game.state
    ctl = game.controller
    rebel = float(game.ruleset.parameters.get("rebellion_cost", 8))
    out = {}
    for who, sign, side in ((player, 1.0, "my"), (1 - player, -1.0, "opponent")):
        threat = 0.0
        try:
            cost = float(ctl.field_cost(s, who))
            ap = sum(float(ctl.stat(s, u, "ap")) for u in s.zones[f"{who}.field"])
            if s.phase != "setup":
                now = s.active != who
                pushed = push(ctl, s, who, attacks(ctl, s, 1 - who, ready_only=now))
                if cost + pushed >= rebel:
                    threat = LETHAL_NOW if now else LETHAL_NEXT
        except Exception:   # a position the controller's helpers cannot read: printed numbers instead
            cost = sum(_stat(game, s.cards[u].cid, "cost") for u in s.zones[f"{who}.field"])
            ap = sum(_stat(game, s.cards[u].cid, "ap") for u in s.zones[f"{who}.field"])
        danger = max(0.0, cost - (rebel - 3)) ** 2 * 3.0 + (6.0 if cost <= 1 else 0.0)
        hp = sum(v for k, v in s.players[who].items() if str(k).startswith("hp_") and isinstance(v, (int, float)))
        out[f"{side} field danger"] = sign * -(danger + threat)
        out[f"{side} attack"] = sign * 0.6 * ap
        out[f"{side} deck HP"] = sign * 0.15 * hp
        out[f"{side} spells"] = sign * 0.3 * len(s.zones[f"{who}.spell"])
    return out
