"""How good an ijinden position is for one player: the bots' evaluation, kept beside the rules.

`evaluate_position(game, player)` returns named, weighted terms seen from `player`'s side (the bots
sum them and name the biggest changes in their reasons; see tabletop/bots/evaluate.py): guardians,
Ijin on the battlefield (more for power and for being awake to block), mana level, hand, a deck close
to running out, and in a battle the attackers' pressure (more attackers than the defender has
blockers wins, IJ-R22). Greedy plays by it.

The rest shapes the search's rollouts (opt-in hooks read by tabletop/bots/search.py), which play to
the end of the turn: a rollout is cheap — each distinct move once, one way to pay, the defender's
blocks answered by a rule of thumb instead of scoring every blocker against every attacker, the
decks trimmed to the cards a turn can reach — and the position where it stops is scored with the
battle the player to move can declare at once (`evaluate_cutoff`): more attackers than the other
side has blockers is a won game (IJ-R22). So the search sees the counterattack an attack leaves
itself open to, which greedy's one step does not.
"""
from __future__ import annotations

from tabletop.games.evalkit import keep_top, once_per_name
from tabletop.engine.action import Action
from tabletop.engine.hints import BotHints

DOUBLE = "ダブルプレッシャー"
UNBLOCKABLE = "ブロックされない"
SWIFT = "即応"


def evaluate_position(game, player: int) -> dict:
    """Return weighted terms of the position for `player`: guardians, Ijin on the battlefield (more for
    power and for being awake to block), mana level, hand, a deck close to running out, and in a
    battle the attackers' pressure (more attackers than the defender has blockers wins)."""
    s, ctl = game.state, game.controller
    sources = ctl.static_sources(s)
    b = s.data.get("battle")
    out = {}
    for who, sign, side in ((player, 1.0, "my"), (1 - player, -1.0, "opponent")):
        board = 0.0
        for u in s.zones[f"{who}.battlefield"]:
            c = s.cards[u]
            if c.face_up and ctl.rs.cards[c.cid].kind == "ijin":
                awake = not c.tapped or c.flags.get("attacking")
                board += 1.0 + 0.4 * ctl.power(s, u, None, sources) / 1000 + (0.5 if awake else 0.0)
            else:
                board += 1.0
        deck = len(s.zones[f"{who}.deck"])
        out[f"{side} guardians"] = sign * 2.5 * len(s.zones[f"{who}.guardians"])
        out[f"{side} board"] = sign * board
        out[f"{side} mana"] = sign * 0.5 * ctl.level_sum(s, who)
        out[f"{side} hand"] = sign * 0.4 * len(s.zones[f"{who}.hand"])
        out[f"{side} deck"] = sign * -3.0 * max(0, 3 - deck)
    if b and s.phase == "attack":
        sign = 1.0 if b["attacker"] == player else -1.0
        free = len(ctl.free_blockers(s, b["defender"]))
        n = len(b["attackers"])
        out["battle pressure"] = sign * (2.0 * n + (40.0 if n > free else 0.0))
    return out


# --- the search's rollouts ------------------------------------------------------------------------
LOST = 40.0        # the side not to move faces more attackers than it has blockers (IJ-R22): as good as lost
EVEN = 3.0         # ... exactly as many: one 即応 Ijin or one blocker tapped away from that
HAND_MOVES = ("place", "summon", "cast", "play_haikei")
ROLLOUT_DECK = 8   # top cards of each deck a rollout keeps


def _ijin(game, u) -> bool:
    c = game.state.cards[u]
    return c.face_up and game.ruleset.cards[c.cid].kind == "ijin"


def search_actions(game, acts):
    """Return the moves the search scores at its root: a card of the hand once per name (two 紅蓮石
    in hand are one move to place), everything else as legal."""
    return once_per_name(game, acts, HAND_MOVES)


def rollout_actions(game, acts):
    """Return the moves a search rollout considers: one way to pay a mana cost (IJ-R11: a face-down
    card or the lowest Maryoku whose color another one still gives), the defender's next block by a
    rule of thumb (`block_answer`), the first attacker to resolve (the order changes no fight), a feat
    ability always used while the deck holds more than three cards (a draw that empties it would lose
    by IJ-R23), and each card of the hand once per name."""
    s = game.state
    pd = s.pending
    if pd:
        kind = pd[0]["kind"]
        if kind == "pay":
            return [_pay_answer(game, acts)] if acts else acts
        if kind == "block":
            a = block_answer(game, acts)
            return [a] if a is not None else acts
        if kind == "resolve":
            return acts[:1]
        if kind == "feat" and len(s.zones[f"{pd[0]['player']}.deck"]) > 3:
            return [a for a in acts if a.kind == "feat"] or acts
        return acts
    return once_per_name(game, acts, HAND_MOVES)


def greedy_answer(game, acts):
    """Return greedy's move in the block step: `block_answer`'s, the same rule of thumb a rollout plays
    (IJ-R18, IJ-D1). The evaluation cannot see which blocker will meet which attacker — the fights come
    after the block step — so every assignment scored the same and greedy wandered among them: in
    ten games between two normal bots, 462 of 1,020 moves were a block or an unblock. None elsewhere."""
    pd = game.state.pending
    if pd and pd[0]["kind"] == "block":
        return block_answer(game, acts)
    return None


def _pay_answer(game, acts):
    s, rs = game.state, game.ruleset
    colors: dict = {}
    for a in acts:
        c = s.cards[a["card"]]
        if c.face_up:
            colors[rs.cards[c.cid].color] = colors.get(rs.cards[c.cid].color, 0) + 1

    def cost(a):
        c = s.cards[a["card"]]
        if not c.face_up:
            return (0, 1, 0)      # level 1 (IJ-R16) and no color
        d = rs.cards[c.cid]
        return (1 if colors.get(d.color, 0) <= 1 else 0, d.stats.get("level") or 0, 1)
    return min(acts, key=cost)


def block_answer(game, acts):
    """Return the defender's next move in the block step as a rollout plays it (IJ-R18, IJ-D1): for the
    strongest attacker still short of blockers (two for ダブルプレッシャー, IJ-R31), the weakest Ijin
    that beats it, else a guardian, else an Ijin that trades with it, else the weakest Ijin; done
    blocking once every attacker is covered or no blocker is left. None if that move is not among
    `acts` (the caller then scores them all)."""
    s, ctl = game.state, game.controller
    b = s.data.get("battle")
    if not b:
        return None
    d = b["defender"]
    free = list(ctl.free_blockers(s, d))
    mine: dict = {}
    for x, t in b["blocks"]:
        mine.setdefault(t, []).append(x)
    want = None

    def pw(u, role):
        return ctl.power(s, u, role) if s.cards[u].face_up else 0
    if free:
        for t in sorted(b["attackers"], key=lambda u: -pw(u, "attack")):
            if ctl.has(s, t, UNBLOCKABLE):
                continue
            have = mine.get(t, [])
            need = 2 if ctl.has(s, t, DOUBLE) else 1
            if len(have) >= need:
                continue
            if need == 2 and not have and len(free) < 2:
                continue      # it cannot be blocked with what is left (IJ-R31)
            left = pw(t, "attack") - sum(pw(x, "block") for x in have)
            want = Action("block", d, (("card", _answer(game, free, left, pw)), ("target", t)))
            break
    if want is None:
        want = Action("done_blocking", d, ())
    return want if want in acts else None


def _answer(game, free, left, pw):
    ijin = sorted((x for x in free if _ijin(game, x)), key=lambda x: pw(x, "block"))
    for x in ijin:
        if pw(x, "block") > left:
            return x
    for x in free:
        if not _ijin(game, x):
            return x
    for x in ijin:
        if pw(x, "block") == left:
            return x
    return ijin[0]


def rollout_game(game) -> None:
    """Drop from a determinization what no rollout reaches before the search plays in it: all but the
    top ROLLOUT_DECK cards of each deck (a turn draws one, IJ-R8, and a few more by effects; a deck is
    never emptied by this, so IJ-R23 comes no sooner), and the side decks outside a match (IJ-R35:
    they change only between games). Every copy a rollout makes is then less than half as big."""
    s = game.state
    match = bool(s.data.get("match"))
    for p in (0, 1):
        keep_top(game, f"{p}.deck", ROLLOUT_DECK)
        side = s.zones.get(f"{p}.side")
        if side and not match:
            for u in side:
                del s.cards[u]
            side.clear()


def coming_battle(game) -> int:
    """Return how many blockers the side not to move has beyond what the battle the side to move can
    declare now needs (IJ-R17..R19): its untapped Ijin able to attack (one needs two blockers with
    ダブルプレッシャー, IJ-R31; ブロックされない none can block, IJ-R26) against the other's untapped Ijin
    and guardians (blocking does not tap, IJ-D2). Below 0 the side to move wins by IJ-R22."""
    s, ctl = game.state, game.controller
    a = s.active
    d = 1 - a
    need = 0
    for u in s.zones[f"{a}.battlefield"]:
        c = s.cards[u]
        if not c.tapped and _ijin(game, u) and (c.flags.get("entered") != s.turn or ctl.has(s, u, SWIFT)):
            if ctl.has(s, u, UNBLOCKABLE):
                return -1
            need += 2 if ctl.has(s, u, DOUBLE) else 1
    blockers = len(s.zones[f"{d}.guardians"])
    for u in s.zones[f"{d}.battlefield"]:
        if not s.cards[u].tapped and _ijin(game, u):
            blockers += 1
    return blockers - need


def evaluate_cutoff(game, player: int) -> float:
    """Return the score where a search rollout stops: the evaluation, and at the start of a main phase
    with no battle yet the battle the side to move can declare at once (`coming_battle`): more
    attackers than blockers is a lost game for the side not to move (IJ-R22), exactly as many a risk.
    A rollout that ends as the opponent's turn begins thus sees the attack it left itself open to."""
    s = game.state
    score = sum(evaluate_position(game, player).values())
    if s.phase != "main" or s.pending or s.data.get("battled"):
        return score
    margin = coming_battle(game)
    sign = 1.0 if s.active == player else -1.0
    if margin < 0:
        score += sign * LOST
    elif margin == 0:
        score += sign * EVEN
    return score


HINTS = BotHints(
    evaluate=evaluate_position,
    evaluate_cutoff=evaluate_cutoff,
    search_horizon=1,      # rollouts play to the end of the turn in which the search decides
    search_actions=search_actions,
    rollout_actions=rollout_actions,
    greedy_answer=greedy_answer,
    rollout_game=rollout_game,
)
