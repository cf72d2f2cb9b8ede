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
not by the top card a determinization happened to put there. Greedy plays by this.

The rest shapes the search's rollouts (opt-in hooks read by tabletop/bots/search.py), which play
through the opponent's next turn: a rollout is cheap — no damage or the most damage to one deck in
the damage phase instead of all thirteen ways, the attacks of one unit at a time on two decks,
an effect's target by a rule of thumb, the level decks cut to their top cards — so about twice as
many determinizations fit in a move's budget. Where a rollout stops it scores the position with
`evaluate_cutoff`: the threat to a field also counts the cost curses the attacker has ready
(重税の呪い, 鴉の魔女: FD-R16 counts the modified cost), which greedy's evaluation leaves out.
"""
from __future__ import annotations

from tabletop.engine.hints import BotHints
from tabletop.games.evalkit import keep_top
from tabletop.games.fourdeck.rules import DOUBLE, LEVELS


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


def curse(ctl, s, p: int, ready_only: bool) -> int:
    """Return the cost `p` can add to the opponent's field besides attacks in a turn (FD-R16 counts
    a unit's cost as modified): the biggest cost curse in their spell deck (one spell a turn,
    FD-R12) and the cost curses their units can activate; with `ready_only`, as the turn stands
    (a spell not yet used, units not tapped)."""
    extra = 0
    if not (ready_only and s.data["spell_turn"][p] == s.turn):
        extra = max((_cost_curse(ctl, s.cards[u].cid, "cast") for u in s.zones[f"{p}.spell"]), default=0)
    for u in s.zones[f"{p}.field"]:
        c = s.cards[u]
        n = _cost_curse(ctl, c.cid, "activate")
        if n and (not ready_only or ctl.can_activate(s, c)):
            extra += n
    return extra


def _cost_curse(ctl, cid: str, trigger: str) -> int:
    n = 0
    for st in ctl.steps[cid].get(trigger, ()):
        t = st.get("target") or {}
        if st.get("do") == "modify" and st.get("stat") == "cost" and t.get("side") == "enemy":
            n += max(0, int(st.get("n", 1)))
    return n


def evaluate_cutoff(game, player: int) -> float:
    """Return the score where a search rollout stops: the evaluation, with the threat to each field
    counting the cost curses the attacker has ready besides its attacks (重税の呪い +2, 鴉の魔女 +1:
    a field at 6 that attacks cannot push over is still lost to them, FD-R16), which greedy's
    evaluation leaves out."""
    return sum(_terms(game, player, True).values())


def evaluate_position(game, player: int) -> dict[str, float]:
    """Return the weighted terms of the position for `player` (opponent terms negated)."""
    return _terms(game, player, False)


def _terms(game, player: int, curses: bool) -> dict[str, float]:
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
                if curses:
                    pushed += curse(ctl, s, 1 - who, ready_only=now)
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


# --- the search's rollouts ------------------------------------------------------------------------
ROLLOUT_DECK = 3   # top cards of each level deck a rollout keeps


def rollout_actions(game, acts):
    """Return the moves a search rollout considers: in the damage phase no damage or the most damage
    to one deck (min(3, its HP): FD-R11 allows 0-3, and damage beyond 0 is lost, FD-D2) instead of
    every amount; in the battle phase the attacks of one unit only (the strongest ready one: the
    order of attacks rarely changes what they do), on at most two decks (`attack_targets`);
    everything else as legal."""
    s = game.state
    if s.pending:
        if s.pending[0]["kind"] == "effect_target":
            a = target_answer(game, acts)
            return [a] if a is not None else acts
        return acts
    if s.phase == "damage":
        p = s.active
        out = []
        for a in acts:
            if a.kind == "damage":
                if a["amount"] != min(3, s.players[p]["hp_" + a["target_zone"].split(".", 1)[1]]):
                    continue
            out.append(a)
        return out or acts
    return attack_targets(game, acts)


def attack_targets(game, acts):
    """Keep the attacks of the strongest ready unit, on the deck it brings a card out of (FD-R3, the
    highest level there is) and on the deck it leaves lowest without one; drop the other units'
    attacks (they come in later steps)."""
    s, ctl = game.state, game.controller
    attackers = {}
    for a in acts:
        if a.kind == "attack":
            u = a["card"]
            if u not in attackers:
                attackers[u] = ctl.stat(s, u, "ap")
    if not attackers:
        return acts
    u = max(attackers, key=lambda x: attackers[x])
    ap = attackers[u]
    out_best = keep_best = None
    for a in acts:
        if a.kind != "attack" or a["card"] != u:
            continue
        p, d = a["target_zone"].split(".", 1)
        hp = s.players[int(p)]["hp_" + d]
        if hp <= ap:
            if out_best is None or LEVELS.index(d) > LEVELS.index(out_best[0]):
                out_best = (d, a)
        elif keep_best is None or hp - ap < keep_best[0]:
            keep_best = (hp - ap, a)
    keep = {e[1] for e in (out_best, keep_best) if e is not None}
    return [a for a in acts if a.kind != "attack" or a in keep]


def target_answer(game, acts):
    """Return a rollout's answer to an effect's choice by a rule of thumb, or None to score them all:
    damage to an enemy deck as an attack would (`attack_targets`), to an own deck on the fullest;
    a heal on the own deck that lacks the most HP; a unit of one's own sent back, destroyed or made
    cheaper: the costliest (FD-R16 is what such effects are played against); a cost curse on any
    enemy unit (the field's total is what counts); an own unit's attack raised or readied: the
    strongest ready or tapped one. Exile and destroy by choice of side are scored."""
    s, ctl = game.state, game.controller
    pe = s.pending[0]
    step = pe["item"]["step"]
    op = step.get("do")
    p = pe["player"]
    opts = [a for a in acts if a.kind == "choose_target"]
    if not opts:
        return None
    zones = [a for a in opts if a.get("target_zone")]
    if zones:
        def hp(a):
            q, d = a["target_zone"].split(".", 1)
            return s.players[int(q)]["hp_" + d], ctl.max_hp[d], d, int(q)
        if op == "deck_damage":
            n = int(step.get("n", 1))
            if all(hp(a)[3] != p for a in zones):
                out = [a for a in zones if hp(a)[0] <= n]
                if out:
                    return max(out, key=lambda a: hp(a)[2])
                return min(zones, key=lambda a: hp(a)[0] - n)
            return max(zones, key=lambda a: hp(a)[0])
        if op == "deck_heal":
            return max(zones, key=lambda a: (hp(a)[1] - hp(a)[0], hp(a)[2]))
        return None
    units = [a for a in opts if a.get("target") in s.cards]
    if not units or len(units) != len(opts):
        return None
    owners = {s.cards[a["target"]].owner for a in units}
    mine = owners == {p}
    if op in ("to_deck", "destroy") and mine and not step.get("optional"):
        return max(units, key=lambda a: (ctl.stat(s, a["target"], "cost"), -ctl.stat(s, a["target"], "ap")))
    if op == "modify" and step.get("stat") == "cost":
        if owners == {1 - p} and int(step.get("n", 1)) > 0:
            return units[0]
        if mine and int(step.get("n", 1)) < 0:
            return max(units, key=lambda a: ctl.stat(s, a["target"], "cost"))
        return None
    if op == "modify" and step.get("stat") == "ap" and mine and int(step.get("n", 1)) > 0:
        return max(units, key=lambda a: (not s.cards[a["target"]].tapped, ctl.stat(s, a["target"], "ap")))
    if op == "untap" and mine:
        return max(units, key=lambda a: (s.cards[a["target"]].tapped, ctl.stat(s, a["target"], "ap")))
    return None


def rollout_game(game) -> None:
    """Drop from a determinization what no rollout reaches before the search plays in it: all but the
    top ROLLOUT_DECK cards of each level deck (in the two turns a rollout plays a deck rarely falls
    more than twice, FD-R3; `push` looks at two cards a deck at most), and the log. Not during
    set-up, where the partner is chosen from the whole Level 1 deck (FD-R9, FD-D7)."""
    s = game.state
    if s.phase == "setup":
        return
    for p in (0, 1):
        for d in LEVELS:
            keep_top(game, f"{p}.{d}", ROLLOUT_DECK)
    s.log = []


HINTS = BotHints(
    evaluate=evaluate_position,
    evaluate_cutoff=evaluate_cutoff,
    # The bots' guesses of their own face-down decks keep each card in the deck it was built into (a
    # player knows their Level 3 deck holds their Level 3 units, FD-R2, FD-H1); see bots/determinize.py.
    determinize_by_section=True,
    # Rollouts play to the end of the opponent's next turn: their attacks decide whether a field rebels.
    search_horizon=2,
    # Search replaces greedy's move only on firm evidence: with up to 8 candidates, one of them beats
    # greedy's by a single standard error in a few samples by luck alone most of the time.
    search_confidence=2.0,
    search_min_pairs=4,
    rollout_actions=rollout_actions,
    rollout_game=rollout_game,
)
