"""Position evaluation for the bots: how good a (determinized) game is for one player.

An evaluation returns *terms*: a small dict of named, already weighted numbers seen from the
player's side ("opponent HP": -12.0, "my board": 4.5, ...). Their sum is the score; the names let
a bot say in one line why it moved ("raises my board, lowers opponent HP"). A win is +WIN, a loss
-WIN, a draw 0, whatever the terms.

Each ruleset registers its own function with `@evaluator("senkai")`; any other ruleset gets the
generic one (HP-like player values, cards on the board and their printed numbers, cards in hand).
Evaluators read the full State they are given: for a bot that is always a determinization built
from its own view, never the real hidden state.
"""
from __future__ import annotations

from typing import Callable

from tabletop.engine.game import Game
from tabletop.engine.state import State, split_key

WIN = 1000.0
EVALUATORS: dict[str, Callable[[Game, int], dict]] = {}

# Player values that count like life in most card games, and how much one point is worth.
HP_KEYS = {"hp": 1.0, "life": 1.0, "lp": 1.0, "health": 1.0, "lives": 3.0, "walls": 2.0,
           "guardians": 2.0, "shields": 2.0}
# Printed numbers that make a card on the board stronger.
STAT_KEYS = ("power", "ap", "atk", "attack", "hp", "def", "defense", "toughness", "bp", "level")


def evaluator(ruleset_id: str):
    """Register `fn(game, player) -> terms` as the evaluation of one ruleset."""
    def deco(fn):
        EVALUATORS[ruleset_id] = fn
        return fn
    return deco


def terms(game: Game, player: int) -> dict[str, float]:
    """Return the weighted terms of the position for `player` (a finished game is ±WIN or 0)."""
    out = game.state.outcome
    if out is not None:
        if out.winner is None:
            return {"draw": 0.0}
        return {"win": WIN} if out.winner == player else {"loss": -WIN}
    fn = EVALUATORS.get(game.ruleset.id, generic_terms)
    return fn(game, player)


def evaluate(game: Game, player: int) -> float:
    """Return the score of the position for `player`: the sum of its terms."""
    return sum(terms(game, player).values())


def explain(before: dict, after: dict, limit: int = 2) -> str:
    """Return the biggest changes between two term dicts, in words: 'lowers opponent HP, raises my board'."""
    if "win" in after:
        return "wins the game"
    keys = set(before) | set(after)
    deltas = [(after.get(k, 0.0) - before.get(k, 0.0), k) for k in keys]
    deltas = [d for d in deltas if abs(d[0]) > 1e-6]
    deltas.sort(key=lambda d: -abs(d[0]))
    if not deltas:
        return "keeps the position"
    words = []
    for d, k in deltas[:limit]:
        # Opponent terms are stored negated (good for the bot is positive), so flip them back.
        up = (d < 0) if k.startswith("opponent") else (d > 0)
        words.append(f"{'raises' if up else 'lowers'} {k}")
    return ", ".join(words)


# --- building blocks ----------------------------------------------------------------------------
def zone_kind(game: Game, key: str) -> str:
    return game.ruleset.zones[split_key(key)[1]].kind


def cards_of(s: State, player: int, kinds: tuple, game: Game):
    """Yield the cards `player` owns lying in zones of the given kinds (attached ones included)."""
    rs = game.ruleset
    for key, uids in s.zones.items():
        owner, name = split_key(key)
        if rs.zones[name].kind not in kinds:
            continue
        for u in uids:
            stack = [u]
            while stack:
                c = s.cards[stack.pop()]
                stack.extend(c.attached)
                if c.owner == player:
                    yield c


def stat_sum(game: Game, card, keys=STAT_KEYS) -> float:
    """Return the sum of a card's printed numbers among `keys`, plus its numeric counters' bonuses."""
    d = game.ruleset.cards.get(card.cid)
    total = 0.0
    if d is not None:
        for k in keys:
            v = d.stats.get(k)
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                total += v
    return total


def generic_terms(game: Game, player: int) -> dict[str, float]:
    """Score HP-like player values, cards on the board (and their printed numbers), cards in hand."""
    s = game.state
    out = {}
    for who, sign, side in ((player, 1.0, "my"), (1 - player, -1.0, "opponent")):
        hp = 0.0
        for k, v in s.players[who].items():
            w = HP_KEYS.get(str(k).lower())
            if w and isinstance(v, (int, float)) and not isinstance(v, bool):
                hp += w * v
        board = list(cards_of(s, who, ("row", "slot"), game))
        hand = sum(len(s.zones[k]) for k in s.zones
                   if split_key(k)[0] == who and game.ruleset.zones[split_key(k)[1]].kind == "hand")
        out[f"{side} HP"] = sign * 2.0 * hp
        out[f"{side} board"] = sign * sum(1.0 + 0.25 * stat_sum(game, c) for c in board if not c.host)
        out[f"{side} hand"] = sign * 0.3 * hand
    return out
