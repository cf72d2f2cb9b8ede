"""How good a danmaku position is for one player: the bots' evaluation, kept beside the rules.

`evaluate_position(game, player)` returns named, weighted terms seen from `player`'s side (the
bots sum them and name the biggest changes in their reasons; see tabletop/bots/evaluate.py).
"""
from __future__ import annotations


# Weights of the evaluation. A side card is a life; a declared spell card always falls in the end
# (time or durability) and then hands its owner's opponent a side card (DM-D8, DM-D24), so an active
# spell card is mostly a debt, the bigger the closer it is to falling. Decks run out (DM-D5): every
# card a player's own effects take from the deck is a turn less before they lose, and most games end
# that way, so a deck card weighs about as much as a familiar (measured: at 0.5 per card greedy
# summoned its dolls from the deck and lost the deck race as often as one game in four).
# Tried and dropped: valuing a spell card's future damage to the main character (greedy declared
# spell cards that then fell into the opponent's side cards), steeper costs for the last side cards.
EVAL_W = {"spell_debt": 0.5, "spell_close": 0.5, "spell_atk": 50.0, "spell_base": 1.0,
          "deck": 3.0, "deck_urgent": 15.0, "hp": 60.0, "power": 0.8, "power_cap": 8, "hand": 0.3,
          "fam": 1.0, "fam_hp": 1e9, "hp_cap": 1500, "hp_low": 0.0, "threat": 0.0, "threat_turns": 3,
          "sides": [0.0, 0.0, 8.0, 16.0, 24.0, 32.0, 40.0]}


def _side_cost(n: int) -> float:
    """Return what n side cards left cost their owner: 1 → 0 is the win, so the last steps weigh most."""
    t = EVAL_W["sides"]
    return t[n] if n < len(t) else t[-1] + 3.0 * (n - len(t) + 1)


def _main_hp(game, s, m) -> float:
    """Return the main character's HP: its counter, or its printed HP while it still lies face down."""
    c = s.cards[m]
    if "hp" in c.counters:
        return c.counters["hp"]
    d = game.ruleset.cards.get(c.cid)
    return float(d.get("hp") or 0) if d is not None else 0.0


def _spell_closeness(s, sp) -> float:
    """Return 0..1: how close a spell card is to falling (durability or time nearly gone)."""
    c = s.cards[sp]
    hp = c.counters.get("hp", 0)
    time = c.counters.get("time", 0)
    return max(0.0, min(1.0, max(1.0 - hp / 200.0, 1.0 - (time - 1) / 6.0)))


def hit_chance(hit: float, eva: float) -> float:
    """Return the chance a hit check succeeds (DM-R21, DM-D1): sure at +20, one coin within, two coins behind."""
    d = hit - eva
    return 1.0 if d >= 20 else 0.25 if d <= -20 else 0.5


def _threat(ctl, s, who, sp) -> float:
    """Return the damage `who`'s active spell card is expected to deal to the opponent's main character
    before it falls: per attack its attack − the main's defense times the hit chance, over the turns
    it has left (its time limit, at most THREAT_TURNS: it may well fall before)."""
    foe = ctl.main_of(s, 1 - who)
    if foe is None:
        return 0.0
    per = hit_chance(ctl.stat(s, sp, "hit"), ctl.stat(s, foe, "eva")) * max(0, ctl.stat(s, sp, "atk") - ctl.stat(s, foe, "def"))
    return per * min(s.cards[sp].counters.get("time", 1), EVAL_W["threat_turns"])


def evaluate_position(game, player: int) -> dict:
    """Return weighted terms of the position for `player`: the main character's HP (printed HP while
    face down) — the life DM-R11 ends the game on, worth most —, the familiars' HP that soaks hits
    (DM-R25), side cards left (fewer is better: they are the opponent's lives, the last one most),
    the active spell card (the damage it is expected to deal, less a debt of one side card to the
    opponent when it falls), power, hand and the deck race (DM-D5)."""
    s, ctl = game.state, game.controller
    w = EVAL_W
    out = {}
    decks = [len(s.zones["0.deck"]), len(s.zones["1.deck"])]
    for who, sign, side in ((player, 1.0, "my"), (1 - player, -1.0, "opponent")):
        m = ctl.main_of(s, who)
        hp = _main_hp(game, s, m) if m is not None else 0
        fam = sum(w["fam"] + ctl.shot_attack(s, u) / 25 + ctl.hp(s, u) / w["fam_hp"] for u in s.zones[f"{who}.familiars"])
        sp = ctl.spell_of(s, who)
        n_side = len(s.zones[f"{who}.side"])
        deck = decks[who]
        out[f"{side} side cards"] = sign * -_side_cost(n_side)
        out[f"{side} HP"] = sign * (min(hp, w["hp_cap"]) / w["hp"] + w["hp_low"] * (1.0 - min(hp, 200) / 200.0) * -1)
        out[f"{side} power"] = sign * w["power"] * min(ctl.power(s, m) if m is not None else 0, w["power_cap"])
        out[f"{side} familiars"] = sign * fam
        if sp is not None:
            # What falling costs: one side card taken by the opponent, from the opponent's pile.
            n_opp = len(s.zones[f"{1 - who}.side"])
            step = _side_cost(n_opp) - _side_cost(n_opp - 1) if n_opp > 1 else 40.0
            debt = step * (w["spell_debt"] + w["spell_close"] * _spell_closeness(s, sp))
            out[f"{side} spell card"] = sign * (w["spell_base"] + w["threat"] * _threat(ctl, s, who, sp) / w["hp"] - debt)
        else:
            out[f"{side} spell card"] = 0.0
        out[f"{side} hand"] = sign * w["hand"] * len(s.zones[f"{who}.hand"])
        out[f"{side} deck"] = sign * (w["deck"] * deck - w["deck_urgent"] / (deck + 1))
    return out
