"""Position evaluation for the bots: how good a (determinized) game is for one player.

An evaluation returns *terms*: a small dict of named, already weighted numbers seen from the
player's side ("opponent HP": -12.0, "my board": 4.5, ...). Their sum is the score; the names let
a bot say in one line why it moved ("raises my board, lowers opponent HP"). A win is +WIN, a loss
-WIN, a draw 0, whatever the terms.

Each game's own evaluation lives beside its rules, so one game is one place to read: a module
`tabletop/games/<controller>/bot.py` with `evaluate_position(game, player) -> terms`
(senkai, fourdeck, ijinden, danmaku, monmusu), or a function registered with `@evaluator("id")`.
Any other ruleset gets the generic one, `generic_terms` (HP-like player values, cards on the
board and their printed numbers, cards in hand): it lives in tabletop/games/evalkit.py, so that a
game's bot.py builds on it without importing the bots, and is re-exported here.
Evaluators read the full State they are given: for a bot that is always a determinization built
from its own view, never the real hidden state.
"""
from __future__ import annotations

import importlib
from typing import Callable

from tabletop.engine.game import Game
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


def eval_module(ruleset):
    """Return the ruleset's `tabletop.games.<controller>.bot` module, or None without one."""
    name = getattr(ruleset, "controller", None)
    if not name:
        return None
    try:
        return importlib.import_module(f"tabletop.games.{name}.bot")
    except ModuleNotFoundError as e:
        if e.name not in (f"tabletop.games.{name}", f"tabletop.games.{name}.bot"):
            raise
        return None


def evaluator_of(ruleset) -> Callable[[Game, int], dict]:
    """Return the evaluation of a ruleset: its controller's `tabletop/games/<controller>/bot.py`'s
    `evaluate_position`, else the one registered for its id, else the generic one (looked up once
    per loaded ruleset)."""
    hit = _FOUND.get(id(ruleset))
    if hit is not None and hit[0] is ruleset:
        return hit[1]
    fn = getattr(eval_module(ruleset), "evaluate_position", None)
    fn = fn or EVALUATORS.get(ruleset.id, generic_terms)
    _FOUND[id(ruleset)] = (ruleset, fn)
    return fn


def search_horizon(ruleset, default: int = 1) -> int:
    """Return how many turns the search's rollouts play in this game: the eval module's
    SEARCH_HORIZON (2 where the opponent's answer decides, as monmusu's battles), else `default`."""
    return int(getattr(eval_module(ruleset), "SEARCH_HORIZON", default))


def search_setting(ruleset, name: str, default: float) -> float:
    """Return a number the search reads from the eval module (`SEARCH_SCALE`: the evaluation points
    that make a rollout's end "clearly better"; `SEARCH_CONFIDENCE`: the standard errors by which a
    candidate must beat greedy's move; `SEARCH_MIN_PAIRS`: the paired samples it needs to try;
    `SEARCH_WIDEN`: the widening constant, more candidates from the first iterations where a game's
    samples differ little), else `default`: a game opts in, the others keep theirs."""
    return float(getattr(eval_module(ruleset), name, default))


def rollout_actions(ruleset):
    """Return the eval module's `rollout_actions(game, acts) -> acts`, or None: the moves a search
    rollout considers among the legal ones (senkai keeps one of its equivalent ways to pay and
    to pick a face-down wall, so a rollout spends its time on the moves that matter)."""
    return getattr(eval_module(ruleset), "rollout_actions", None)


def search_actions(ruleset):
    """Return the eval module's `search_actions(game, acts) -> acts`, or None: the moves the search
    scores at its root among the legal ones (danmaku keeps each distinct move once: one of several
    equal cards in hand, Power and Score onto the main character), so its budget buys samples."""
    return getattr(eval_module(ruleset), "search_actions", None)


def greedy_answer(ruleset):
    """Return the eval module's `greedy_answer(game, acts) -> action or None`, or None: greedy's move
    where the evaluation cannot tell the moves apart and the game has a rule of thumb for them
    (ijinden's blocks: which blocker meets which attacker is fought only after the block step, so every
    assignment scores the same). The search takes it as greedy's move too."""
    return getattr(eval_module(ruleset), "greedy_answer", None)


def answered(game: Game, scored: list[tuple]):
    """Return the entry of `scored` ((score, action, game after it)) the ruleset's `greedy_answer`
    names, or None where it has none or names no scored move."""
    hook = greedy_answer(game.ruleset)
    if hook is None:
        return None
    a = hook(game, [e[1] for e in scored])
    return next((e for e in scored if e[1] == a), None) if a is not None else None


def rollout_start(ruleset):
    """Return the eval module's `rollout_game(game)`, or None: what it changes in a determinization
    before the search plays its rollouts in it (senkai drops the deck cards no rollout reaches, so
    each of the many copies a rollout makes is cheaper)."""
    return getattr(eval_module(ruleset), "rollout_game", None)


def cutoff_evaluation(ruleset):
    """Return the eval module's `evaluate_cutoff(game, player) -> score`, or None: how a search
    rollout stopped at its horizon scores the position (senkai adds the attacks the side to move
    is about to make), in place of `evaluate`."""
    return getattr(eval_module(ruleset), "evaluate_cutoff", None)


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
