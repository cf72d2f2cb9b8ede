"""How good a senkai position is for one player: the bots' evaluation, kept beside the rules.

`evaluate_position(game, player)` returns named, weighted terms seen from `player`'s side (the
bots sum them and name the biggest changes in their reasons; see tabletop/bots/evaluate.py).
Walls are life: a player with no walls who is attacked loses (SK-R22), so the last walls weigh
most; monsters in lanes count by AP and the HP they have left; mana and hand count a little.
"""
from __future__ import annotations

from tabletop.engine.hints import BotHints
from tabletop.games.senkai.rules import FLYING, SIEGE, facing

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


def rollout_actions(game, acts):
    """Return the moves a search rollout considers: paying only by `pay_auto` (SK-D6: plain mana
    first, one of the card's colour included), breaking the first of the face-down walls (they are
    alike to the attacker, SK-R21/SK-D3), and a monster summoned into one empty lane only — the one
    facing an opposing monster if there is one (it blocks that monster's attacks on the player,
    SK-R21), else the first; the evaluation cannot tell empty lanes apart, so scoring each would
    only cost time. Everything else as legal."""
    s = game.state
    pd = s.pending
    if pd:
        kind = pd[0]["kind"]
        if kind == "pay":
            auto = [a for a in acts if a.kind == "pay_auto"]
            return auto or acts
        if kind == "break_wall":
            return acts[:1]
        return acts
    zones = s.zones
    keep = {}       # card -> (blocks, the summon kept), in the order of `acts`
    for a in acts:
        if a.kind == "play" and a.get("to") is not None and not zones[a["to"]]:
            p, lane = a["to"].split(".", 1)
            blocks = bool(zones[f"{1 - int(p)}.{facing(lane)}"])
            have = keep.get(a["card"])
            if have is None or (blocks and not have[0]):
                keep[a["card"]] = (blocks, a)
    if not keep:
        return acts
    kept = {id(a) for _, a in keep.values()}
    return [a for a in acts if id(a) in kept or not (a.kind == "play" and a.get("to") is not None
                                                      and not zones[a["to"]])]


LOST = 40.0     # a side that is about to be attacked with no walls left (SK-R22): as good as lost


def _has_kw(game, card, kw) -> bool:
    cards, defs = game.state.cards, game.ruleset.cards
    return kw in defs[card.cid].keywords or any(kw in defs[cards[a].cid].keywords for a in card.attached)


def evaluate_cutoff(game, player: int) -> float:
    """Return the score where a search rollout stops: the evaluation, after the attacks the side to
    move makes at once with the up monsters it has in lanes — each one whose facing lane is empty,
    or with 飛翔, breaks a wall (two with 破城; SK-R21, SK-D5, SK-D10), and one more such attack than
    the walls left wins (SK-R22). So a rollout that ends as the opponent's turn begins sees the
    opponent's counterattack without playing it out."""
    s = game.state
    out = evaluate_position(game, player)
    a = s.active
    d = 1 - a
    hits = 0
    for lane in LANES:
        for u in s.zones[f"{a}.{lane}"]:
            c = s.cards[u]
            if c.tapped or (s.zones[f"{d}.{facing(lane)}"] and not _has_kw(game, c, FLYING)):
                continue
            hits += 2 if _has_kw(game, c, SIEGE) else 1
    if hits:
        walls = len(s.zones[f"{d}.walls"])
        left = max(0, walls - hits)
        side, sign = ("my", 1.0) if d == player else ("opponent", -1.0)
        out[f"{side} walls"] = sign * (4.0 * left + (6.0 if left else 0.0))
        if hits > walls:
            out[f"{side} lost"] = -sign * LOST
    return sum(out.values())


ROLLOUT_DECKS = {"deck": 5, "mana_deck": 4}    # top cards of each deck a rollout keeps


def rollout_game(game) -> None:
    """Drop from a determinization all but the top cards of every deck before the search's rollouts
    run in it: within the turns a rollout plays, a player draws 1 a turn and sets 2 mana (SK-R9,
    SK-R10), so the rest are never reached, and every copy of the game a rollout makes is about half
    as big. (A deck is never emptied by this, so the draw of SK-R27 comes no sooner; a search of the
    deck by a card's effect looks through the kept cards only.)"""
    s = game.state
    for p in (0, 1):
        for name, k in ROLLOUT_DECKS.items():
            pile = s.zones[f"{p}.{name}"]
            if len(pile) > k:
                for u in pile[:-k]:
                    del s.cards[u]
                del pile[:-k]


HINTS = BotHints(
    evaluate=evaluate_position,
    # The search's rollouts play to the end of this turn and score the position with `evaluate_cutoff`,
    # which makes the opponent's coming attacks (through an open lane, on the last wall: SK-R21/SK-R22)
    # at once: it sees the counterattack a one-step look walks into, for about 2/5 of the cost of
    # playing the opponent's turn out (search_horizon=2), so more samples fit in a think.
    search_horizon=1,
    evaluate_cutoff=evaluate_cutoff,
    # Those rollouts hardly depend on the hidden cards (the rest of one's own turn, then the opponent's
    # attacks with the monsters on the table), so a second sample of a candidate teaches little and a
    # third candidate much: the search widens twice as fast as by default.
    search_widen=4.0,
    rollout_actions=rollout_actions,
    rollout_game=rollout_game,
)
