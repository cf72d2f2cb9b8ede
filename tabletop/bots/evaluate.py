"""Position evaluation for the bots: how good a (determinized) game is for one player.

An evaluation returns *terms*: a small dict of named, already weighted numbers seen from the
player's side ("opponent HP": -12.0, "my board": 4.5, ...). Their sum is the score; the names let
a bot say in one line why it moved ("raises my board, lowers opponent HP"). A win is +WIN, a loss
-WIN, a draw 0, whatever the terms.

Each game's own evaluation lives beside its rules, so one game is one place to read: its
`tabletop/games/<controller>/bot.py` fills a `BotHints` (tabletop/engine/hints.py) with
`evaluate=evaluate_position` (`fn(game, player) -> terms`) and the search's settings and hooks, and its
controller hands it over (`Controller.bot_hints`; `hints_of` here); a ruleset may instead register a
function with `@evaluator("id")`.
Any other ruleset gets the generic one, `generic_terms` (HP-like player values, cards on the
board and their printed numbers, cards in hand): it lives in tabletop/games/evalkit.py, so that a
game's bot.py builds on it without importing the bots, and is re-exported here.
Evaluators read the full State they are given: for a bot that is always a determinization built
from its own view, never the real hidden state.
"""
from __future__ import annotations

from typing import Callable

from tabletop.engine.controller import controller_class
from tabletop.engine.game import Game
from tabletop.engine.hints import NO_HINTS, BotHints
from tabletop.engine.state import State, split_key
# The generic evaluation lives with the games' shared evaluation pieces; re-exported here for its users.
from tabletop.games.evalkit import HP_KEYS, STAT_KEYS, Tables, generic_terms, hp_value, tables  # noqa: F401

WIN = 1000.0
EVALUATORS: dict[str, Callable[[Game, int], dict]] = {}


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
    return evaluator_of(game.ruleset)(game, player)


_FOUND: dict[int, tuple] = {}


def hints_of(ruleset) -> BotHints:
    """Return the game's `BotHints` (its controller's `bot_hints()`, filled in its bot.py; the defaults
    for a ruleset without a controller or whose controller gives none). Looked up once per loaded ruleset."""
    hit = _FOUND.get(id(ruleset))
    if hit is not None and hit[0] is ruleset:
        return hit[1]
    name = getattr(ruleset, "controller", None)
    cls = controller_class(name, missing_ok=True) if name else None
    hints = cls.bot_hints() if cls is not None else NO_HINTS
    _FOUND[id(ruleset)] = (ruleset, hints)
    return hints


def evaluator_of(ruleset) -> Callable[[Game, int], dict]:
    """Return the evaluation of a ruleset: its hints' `evaluate`, else the one registered for its id,
    else the generic one."""
    return hints_of(ruleset).evaluate or EVALUATORS.get(ruleset.id, generic_terms)


def answered(game: Game, scored: list[tuple]):
    """Return the entry of `scored` ((score, action, game after it)) the ruleset's `greedy_answer`
    names, or None where it has none or names no scored move."""
    hook = hints_of(game.ruleset).greedy_answer
    if hook is None:
        return None
    a = hook(game, [e[1] for e in scored])
    return next((e for e in scored if e[1] == a), None) if a is not None else None


def evaluate(game: Game, player: int) -> float:
    """Return the score of the position for `player`: the sum of its terms."""
    return sum(terms(game, player).values())


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
