"""The practice hint: what the normal bot would do here, and why — the game is not touched.

    from tabletop.bots.hint import hint
    action, reason = hint(game, seat)   # None, reason when it is not `seat`'s move

The bot sees only `game.view(seat)` and `game.legal_actions(seat)`, like any bot, so a hint never
uses a card the player cannot see; its guesses of the hidden cards come from its own generator,
seeded by the position (`hint_seed`), never from the game's, so asking changes nothing and asking
twice gives the same answer. Its reason may name the player's own hand, which the player sees. It
never suggests a move that does nothing now (`useful`).
"""
from __future__ import annotations

from tabletop.engine.action import Action
from tabletop.engine.game import Game
from tabletop.engine.msg import Msg, msg

HINT_LEVEL = "normal"


def hint_seed(game: Game) -> int:
    """Return the seed of the hint bot: the number of moves made so far. (Not the game's seed: the
    bot's guesses must owe nothing to the generator that shuffled the real decks.)"""
    return len(game.actions)


def hint_bot(game: Game, seat: int):
    """Return the bot a hint for `seat` asks: the normal level, seeded by the position."""
    from . import make_bot
    bot = make_bot(HINT_LEVEL, seat, hint_seed(game))
    bot.hint_for = seat
    return bot


def hint(game: Game, seat: int) -> tuple[Action | None, Msg]:
    """Return (the action the normal bot would play for `seat`, its reason), or (None, why not).

    The game is left exactly as it was: no action applied, no random number drawn from it.
    """
    if game.is_over():
        return None, msg("the game is over")
    legal = game.legal_actions(seat)
    if not legal:
        return None, msg("it is not your move")
    bot = hint_bot(game, seat)
    action = bot.choose(game.view(seat), useful(game, legal))
    return action, bot.last_reason


def useful(game: Game, legal: list) -> list:
    """Return the legal moves a hint may suggest: not those that do nothing now (a spell with no
    target, `explain.does_nothing` — the table does not light them either), unless nothing else is left."""
    from .explain import does_nothing
    out = [a for a in legal if not does_nothing(game, a)]
    return out or legal
