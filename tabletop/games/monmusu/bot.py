"""What the bots know of monmusu beyond its rules: its evaluation, `evaluate_position` (the generic HP,
board and hand terms of tabletop/games/evalkit.py plus payable spells), and how its search is kept cheap.

- SEARCH_HORIZON = 2: the search must see the opponent's next turn — battles are answered there —
  before it judges a move. At 0.2 s a move, 20 seeded games against greedy: rollouts to the end of
  the opponent's turn won 12, to the end of the bot's own turn 6 (see the bots' search.py).
- SEARCH_SCALE = 200: the evaluation counts HP twice a point (400 each at the start), so a rollout's
  end is "clearly better" by a hundred HP or so, not by the search's default 8 points — with 8 every
  rollout that ends a few HP ahead scored as a win, and candidates differed only in who was ahead.

The rest makes the search's rollouts cheap (opt-in hooks read by the bots' search.py), so that
many more determinizations fit in a move's budget: a rollout step scores each card of the hand once
per name, pays mana the suggested way (MM-D9), uses a triggered skill that costs nothing without
scoring the pass, and lets each attacker attack only the target a rule of thumb picks
(`attack_targets`) instead of every target; and the decks of a determinization are
cut to their top cards (`rollout_game`) before the rollouts copy it again and again. None of this
changes `evaluate_position`, so greedy plays as before.
"""
from __future__ import annotations

from tabletop.engine.hints import BotHints
from tabletop.games.evalkit import generic_terms, keep_top, once_per_name
from tabletop.games.monmusu.rules import SLOT_KEYS

ROLLOUT_DECK = 6       # top cards of each deck a rollout keeps
HAND_MOVES = ("charge", "summon", "set_trap")


def evaluate_position(game, player: int) -> dict:
    """Return the generic terms (HP, board, hand) plus the spells each player's recast mana can still
    pay: a small term, so that among payments that are otherwise equal a bot keeps the attribute its
    spells need (MM-D9) — a card on the board or a point of HP outweighs it many times."""
    out = generic_terms(game, player)
    s, ctl = game.state, game.controller
    cards = ctl.rs.cards
    for who, sign, side in ((player, 1.0, "my"), (1 - player, -1.0, "opponent")):
        spells = [u for u in s.zones[f"{who}.hand"] if cards[s.cards[u].cid].kind == "spell"]
        spells += [pile[-1] for pile in (s.zones[key] for key in SLOT_KEYS[who])
                   if pile and cards[s.cards[pile[-1]].cid].kind == "spell"]
        n = sum(1 for u in spells if ctl.can_pay(s, who, cards[s.cards[u].cid].get("cost"), cards[s.cards[u].cid].color))
        out[f"{side} payable spells"] = sign * 0.5 * n
    return out


def search_actions(game, acts):
    """Return the moves the search scores at its root: a card of the hand charged, summoned or set as
    a trap once per name (two copies in hand are one move; MM-D1 summons into an empty sub slot, which
    one changes little), everything else as legal."""
    return once_per_name(game, acts, HAND_MOVES)


def rollout_actions(game, acts):
    """Return the moves a search rollout considers: the suggested way to pay mana (MM-D9: the table's
    own choice, one of the spell's attribute first), each card of the hand once per name, and for
    each attacker only the target `attack_targets` picks (MM-R28); everything else as legal."""
    s = game.state
    if s.pending:
        pe = s.pending[0]
        if pe["kind"] == "pay_mana":
            pay = [a for a in acts if a.kind == "pay_mana"]
            return pay or acts
        if pe["kind"] == "skill_offer" and free_skill(game, pe):
            use = [a for a in acts if a.kind == "use_skill"]
            return use or acts
        return acts
    if s.phase == "cast":
        # In the cast phase ending the phase and ending the turn are the same move (both enter the end phase).
        acts = [a for a in attack_targets(game, acts) if a.kind != "end_turn"]
    return once_per_name(game, acts, HAND_MOVES)


def free_skill(game, offer) -> bool:
    """Return whether an offered triggered skill (MM-R3 [誘発]) is a monster's and asks no cost: using
    it is then almost always right (deal damage, gain HP, bounce), so a rollout uses it unscored; a
    skill with a cost, or a trap spell (paid with mana, MM-R26), is scored both ways."""
    s, ctl = game.state, game.controller
    c = s.cards.get(offer.get("card"))
    if c is None or ctl.rs.cards[c.cid].kind != "monster":
        return False
    return not ctl._skill_cost(c.cid, offer.get("trigger"))


def attack_targets(game, acts):
    """Keep, of each attacker's attacks (MM-R28), the one on the weakest defender: the battle it most
    surely wins, with the most damage (MM-R32: attacker POW − defender POW); a direct attack is kept
    as it is (it is the only target then)."""
    s, ctl = game.state, game.controller
    best: dict = {}
    pows: dict = {}
    for i, a in enumerate(acts):
        if a.kind != "attack":
            continue
        t = a.get("target")
        if t is None:
            continue
        p = pows.get(t)
        if p is None:
            p = pows[t] = ctl.pow(s, t)
        u = a["card"]
        if u not in best or p < best[u][0]:
            best[u] = (p, i)
    keep = {i for _, i in best.values()}
    return [a for i, a in enumerate(acts) if a.kind != "attack" or a.get("target") is None or i in keep]


def rollout_game(game) -> None:
    """Drop from a determinization what no rollout reaches before the search plays in it: all but the
    top ROLLOUT_DECK cards of each deck. Within the two turns a rollout plays a player draws 1 a turn
    (MM-R13) and 1 for each evolution or awakening (MM-R20, MM-R21); drawing from an empty deck is no
    loss (MM-R5), so a cut deck changes no result. Not during set-up, which picks main monsters from
    the whole deck (MM-R7) and shuffles it back (MM-R10)."""
    s = game.state
    if s.phase == "setup":
        return
    for p in (0, 1):
        keep_top(game, f"{p}.deck", ROLLOUT_DECK)


HINTS = BotHints(
    evaluate=evaluate_position,
    search_horizon=2,      # see the module docstring
    search_scale=200.0,
    search_actions=search_actions,
    rollout_actions=rollout_actions,
    rollout_game=rollout_game,
)
