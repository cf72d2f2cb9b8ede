"""Pieces the rulesets' bot evaluations (`games/<id>/bot.py`) share, and the generic evaluation
(`generic_terms`: HP-like player values, cards on the board and their printed numbers, cards in hand)
that the bots' evaluate.py gives any ruleset without its own. Nothing here imports the bots.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine.state import split_key

if TYPE_CHECKING:   # annotations only: the bots' modules import this one, keep it light
    from tabletop.engine.game import Game

# Player values that count like life in most card games, and how much one point is worth.
HP_KEYS = {"hp": 1.0, "life": 1.0, "lp": 1.0, "health": 1.0, "lives": 3.0, "walls": 2.0,
           "guardians": 2.0, "shields": 2.0}
# Printed numbers that make a card on the board stronger.
STAT_KEYS = ("power", "ap", "atk", "attack", "hp", "def", "defense", "toughness", "bp", "level")


def once_per_name(game, acts, kinds) -> list:
    """Return `acts` with each move of a kind in `kinds` kept once per (kind, card name): two copies of a
    card in hand are one move to search (the first stands for both); every other move is kept."""
    cards = game.state.cards
    seen = set()
    out = []
    for a in acts:
        if a.kind in kinds:
            key = (a.kind, cards[a["card"]].cid)
            if key in seen:
                continue
            seen.add(key)
        out.append(a)
    return out


def keep_top(game, zone: str, n: int) -> None:
    """Cut a pile of a search's sampled game to its top `n` cards, forgetting the cards cut (a rollout
    that reaches no deeper copies a smaller game again and again)."""
    s = game.state
    pile = s.zones[zone]
    if len(pile) > n:
        for u in pile[:-n]:
            del s.cards[u]
        del pile[:-n]


# --- the generic evaluation ----------------------------------------------------------------------
class Tables:
    """Per-ruleset lookups the evaluations need often: zone owner/name/kind per key, printed stat sums."""

    def __init__(self, rs):
        self.rs = rs
        self.zone = {}
        self.stats: dict[str, float] = {}
        for cid, d in rs.cards.items():
            self.stats[cid] = sum(v for k in STAT_KEYS for v in [d.stats.get(k)]
                                  if isinstance(v, (int, float)) and not isinstance(v, bool))

    def zinfo(self, key: str) -> tuple:
        z = self.zone.get(key)
        if z is None:
            owner, name = split_key(key)
            z = self.zone[key] = (owner, name, self.rs.zones[name].kind)
        return z


_TABLES: dict[int, Tables] = {}


def tables(game: Game) -> Tables:
    """Return the lookups of the game's ruleset (built once per loaded ruleset)."""
    t = _TABLES.get(id(game.ruleset))
    if t is None or t.rs is not game.ruleset:
        t = _TABLES[id(game.ruleset)] = Tables(game.ruleset)
    return t


def hp_value(values: dict) -> float:
    """Return the weighted sum of a player's HP-like values (hp, life, walls...)."""
    hp = 0.0
    for k, v in values.items():
        w = HP_KEYS.get(str(k).lower())
        if w and isinstance(v, (int, float)) and not isinstance(v, bool):
            hp += w * v
    return hp


def generic_terms(game: Game, player: int) -> dict[str, float]:
    """Score HP-like player values, cards on the board (and their printed numbers), cards in hand."""
    s = game.state
    t = tables(game)
    board = [0.0, 0.0]
    hand = [0, 0]
    for key, uids in s.zones.items():
        owner, _, kind = t.zinfo(key)
        if kind == "hand":
            if owner is not None:
                hand[owner] += len(uids)
        elif kind in ("row", "slot"):
            for u in uids:
                c = s.cards[u]
                board[c.owner] += 1.0 + 0.25 * t.stats.get(c.cid, 0.0)
    out = {}
    for who, sign, side in ((player, 1.0, "my"), (1 - player, -1.0, "opponent")):
        out[f"{side} HP"] = sign * 2.0 * hp_value(s.players[who])
        out[f"{side} board"] = sign * board[who]
        out[f"{side} hand"] = sign * 0.3 * hand[who]
    return out
