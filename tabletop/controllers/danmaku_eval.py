"""How good a danmaku position is for one player: the bots' evaluation, kept beside the rules.

`evaluate_position(game, player)` returns named, weighted terms seen from `player`'s side (the
bots sum them and name the biggest changes in their reasons; see tabletop/bots/evaluate.py).
"""
from __future__ import annotations


# Weights of the evaluation. A side card is a life; a declared spell card always falls in the end
# (time or durability) and then hands its owner's opponent a side card (DM-D8, DM-D24), so an active
# spell card is mostly a debt, the bigger the closer it is to falling. Decks run out (DM-D5): every
# card a player's own effects take from the deck is a turn less before they lose, so a deck card
# weighs about as much as a familiar (measured: at 0.5 per card greedy summoned its dolls from the
# deck and lost the deck race as often as one game in four).
# HP above the printed HP (DM-R1: no maximum) counts a quarter: with abilities usable as often as they
# are paid (DM-D14), full-value overhealing made greedy throw its whole hand away for 東風谷早苗's 60 HP
# a card, turn after turn, never declare a spell card, and a third of greedy-vs-greedy games end by an
# empty deck (DM-R13) instead of a main character at 0 HP (DM-R11).
# Measured (greedy vs greedy, 16 seeded games, DM-D14 as implemented now): 9 end by HP, 7 by the deck
# race; overhealing worth nothing made it 4 of 16 by HP, worth full up to 100 over the printed HP 5.
# Tried and dropped: valuing a spell card's expected damage over its time limit (greedy declared
# spell cards as shields and the games ran into the deck race: 5 of 16 by HP), HP weighed 3x, the
# familiars' HP as a soak (all 20 of 20 to the deck race).
EVAL_W = {"spell_debt": 0.5, "spell_close": 0.5, "spell_atk": 50.0, "spell_base": 1.0,
          "deck": 3.0, "deck_urgent": 15.0, "hp": 60.0, "overheal": 0.25, "power": 0.8, "power_cap": 8,
          "hand": 0.3, "fam": 1.0, "sides": [0.0, 0.0, 8.0, 16.0, 24.0, 32.0, 40.0]}


def _side_cost(n: int) -> float:
    """Return what n side cards left cost their owner: 1 → 0 is the win, so the last steps weigh most."""
    t = EVAL_W["sides"]
    return t[n] if n < len(t) else t[-1] + 3.0 * (n - len(t) + 1)


def _main_hp(game, s, m) -> tuple[float, float]:
    """Return the main character's (HP, printed HP): HP is its counter, or the printed HP while it
    still lies face down."""
    c = s.cards[m]
    d = game.ruleset.cards.get(c.cid)
    printed = float(d.get("hp") or 0) if d is not None else 0.0
    return float(c.counters.get("hp", printed)), printed


def _spell_closeness(s, sp) -> float:
    """Return 0..1: how close a spell card is to falling (durability or time nearly gone)."""
    c = s.cards[sp]
    hp = c.counters.get("hp", 0)
    time = c.counters.get("time", 0)
    return max(0.0, min(1.0, max(1.0 - hp / 200.0, 1.0 - (time - 1) / 6.0)))


def evaluate_position(game, player: int) -> dict:
    """Return weighted terms of the position for `player`: side cards left (fewer is better: they are
    the opponent's lives, the last one most), the active spell cards (a debt of one side card to the
    opponent, larger as time or durability runs out), the deck race (DM-D5: a card drawn or summoned
    from the deck is a turn less), the main character's HP (printed HP while face down; HP above the
    printed HP a quarter) and power, familiars and hand."""
    s, ctl = game.state, game.controller
    w = EVAL_W
    out = {}
    decks = [len(s.zones["0.deck"]), len(s.zones["1.deck"])]
    for who, sign, side in ((player, 1.0, "my"), (1 - player, -1.0, "opponent")):
        m = ctl.main_of(s, who)
        hp, printed = _main_hp(game, s, m) if m is not None else (0.0, 0.0)
        fam = sum(w["fam"] + ctl.shot_attack(s, u) / 25 for u in s.zones[f"{who}.familiars"])
        sp = ctl.spell_of(s, who)
        n_side = len(s.zones[f"{who}.side"])
        deck = decks[who]
        out[f"{side} side cards"] = sign * -_side_cost(n_side)
        hp = min(hp, printed) + w["overheal"] * max(0.0, hp - printed)
        out[f"{side} HP"] = sign * hp / w["hp"]
        out[f"{side} power"] = sign * w["power"] * min(ctl.power(s, m) if m is not None else 0, w["power_cap"])
        out[f"{side} familiars"] = sign * fam
        if sp is not None:
            # What falling costs: one side card taken by the opponent, from the opponent's pile.
            n_opp = len(s.zones[f"{1 - who}.side"])
            step = _side_cost(n_opp) - _side_cost(n_opp - 1) if n_opp > 1 else 40.0
            debt = step * (w["spell_debt"] + w["spell_close"] * _spell_closeness(s, sp))
            out[f"{side} spell card"] = sign * (w["spell_base"] + ctl.stat(s, sp, "atk") / w["spell_atk"] - debt)
        else:
            out[f"{side} spell card"] = 0.0
        out[f"{side} hand"] = sign * w["hand"] * len(s.zones[f"{who}.hand"])
        out[f"{side} deck"] = sign * (w["deck"] * deck - w["deck_urgent"] / (deck + 1))
    return out
