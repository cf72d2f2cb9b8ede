"""`BotHints`: what one game tells the bots about itself, as one typed value.

A game's `tabletop/games/<id>/bot.py` fills one (`HINTS = BotHints(evaluate=evaluate_position, ...)`)
and its controller class hands it over on request (`Controller.bot_hints()`, which imports bot.py
only when a bot first asks). The bots read every field from it (`tabletop.bots.evaluate.hints_of`),
so a game opts into a hook by filling a field, and every field a game leaves out has the default
documented here. It lives in the engine because both sides import it: the games fill it, the bots
read it, and neither may import the other's package for it (games never import bots).

Hooks receive full `Game`s: for a bot that is always a determinization built from its own view,
never the real hidden state.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping

if TYPE_CHECKING:
    from .action import Action
    from .game import Game

    Actions = list[Action]


@dataclass(frozen=True)
class BotHints:
    """A game's knowledge for the bots; every field is optional (the default is what a game without
    a bot.py gets)."""

    # --- evaluation -------------------------------------------------------------------------------
    evaluate: Callable[[Game, int], dict[str, float]] | None = None
    """`evaluate(game, player) -> terms`: the named, weighted numbers of the position for `player`
    (their sum is the score, the names make the bots' reasons). None: a function registered for the
    ruleset id with `tabletop.bots.evaluate.evaluator`, else the generic `generic_terms`."""

    evaluate_cutoff: Callable[[Game, int], float] | None = None
    """`evaluate_cutoff(game, player) -> score`: how a search rollout stopped at its horizon scores the
    position, in place of the sum of `evaluate`'s terms (senkai adds the attacks the side to move is
    about to make). None: the evaluation's sum."""

    # --- the search's settings (tabletop/bots/search.py) -------------------------------------------
    search_horizon: int = 1
    """Turns a search rollout plays: 1 = to the end of this turn, 2 = to the end of the opponent's
    next (where the opponent's answer decides, as monmusu's battles)."""

    search_scale: float = 8.0
    """The evaluation points that make a rollout's end "clearly better" (the squash to a win chance)."""

    search_confidence: float = 1.0
    """The standard errors by which a candidate must beat greedy's move before the search plays it."""

    search_min_pairs: int = 2
    """The paired samples a candidate needs before it may replace greedy's move (at least 2)."""

    search_widen: float = 2.0
    """The progressive-widening constant: more candidates from the first iterations where a game's
    samples differ little."""

    # --- which moves the bots consider -------------------------------------------------------------
    search_actions: Callable[[Game, Actions], Actions] | None = None
    """`search_actions(game, legal) -> actions`: the moves the search scores at its root among the
    legal ones (danmaku keeps each distinct move once), so its budget buys samples. None: all."""

    rollout_actions: Callable[[Game, Actions], Actions] | None = None
    """`rollout_actions(game, legal) -> actions`: the moves a search rollout step (and greedy's look at
    the forced replies inside one) considers (senkai keeps one of its equivalent ways to pay). None: all."""

    greedy_answer: Callable[[Game, Actions], Action | None] | None = None
    """`greedy_answer(game, scored_actions) -> action or None`: greedy's move where the evaluation cannot
    tell the moves apart and the game has a rule of thumb (ijinden's blocks). The search takes it as
    greedy's move too. None (or an answer of None): the best scored move."""

    # --- the positions the bots play in ------------------------------------------------------------
    rollout_game: Callable[[Game], None] | None = None
    """`rollout_game(game)`: what the search changes in a determinization, in place, before it plays its
    rollouts there (senkai drops the deck cards no rollout reaches). None: nothing."""

    determinize_by_section: bool = False
    """Whether a player's own hidden pile cards are guessed deck section by deck section (fourdeck,
    whose Level 3 deck holds only its Level 3 units). False: from the whole list."""

    # --- words: what a move does, for hints and the bots' reasons ----------------------------------
    # Room for the move explanations (issue 30, tabletop/bots/explain.py); the bots read them from here.
    explain_spec: Mapping[str, Any] | None = None
    """The game's table of the zones and values whose changes a reason names, with their rule ids
    (the `Spec` of tabletop/bots/explain.py). None: the generic facts only."""

    explain: Callable[..., list] | None = None
    """`explain(before, after, action, reader) -> [Msg]`: the game's own facts about a move. None: none."""

    threats: Callable[..., dict] | None = None
    """`threats(game, seat) -> {key: Msg}`: what `seat` can do to the opponent next turn. None: none."""

    danger: Callable[..., Any] | None = None
    """`danger(game, seat) -> Msg or None`: the warning that one hit decides the game for `seat`.
    None: no warning."""


NO_HINTS = BotHints()   # a game without a bot.py
