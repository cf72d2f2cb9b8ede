"""Bots: `Bot(player, rng).choose(view, legal_actions) -> Action`, in three levels.

    from tabletop.bots import make_bot, BOT_LEVELS
    bot = make_bot("greedy", player=1, seed=7)      # or "normal"
    action = bot.choose(game.view(1), game.legal_actions(1))
    bot.last_reason                                  # one short line of why

- `casual` (easy): greedy's scores with a human's mistakes (a softmax over them, shallower).
- `greedy` (normal): one-step lookahead with the ruleset's evaluation (`evaluate.py`).
- `search` (hard): information-set Monte-Carlo search within a think-time budget (default 1 s).
- `random`: uniform over the legal actions (a baseline for tests and `simulate`, no level).

`LEVELS` holds each level's one-line description for the new-game screen (messages, `msg`);
`hint(game, seat)` (hint.py) asks the normal bot what it would do, changing nothing.

A bot only ever receives its player's view and the legal actions; for lookahead it builds its
own guesses of the hidden cards (`determinize.py`).

The bot classes are imported on first use (`make_bot`, or an attribute such as `SearchBot`): a
controller that registers its evaluation imports `tabletop.bots.evaluate`, and a table between two
people should not pay for loading the search at start-up.
"""
from __future__ import annotations

import importlib
import random
from typing import TYPE_CHECKING

from tabletop.engine.msg import msg

if TYPE_CHECKING:   # the annotation only: the classes load on first use
    from .base import Bot

BOT_LEVELS = {"easy": "casual", "normal": "greedy", "hard": "search"}
# name -> (module, class): the bots, imported when first asked for
_WHERE = {"random": (".base", "RandomBot"), "casual": (".easy", "CasualBot"), "greedy": (".greedy", "GreedyBot"),
          "search": (".search", "SearchBot")}
_CLASSES = {cls: name for name, (_, cls) in _WHERE.items()}
# What each level does, in one line, for the new-game screen.
LEVELS = {
    "easy": msg("Easy: plays what looks good at a glance, and now and then misses the best move"),
    "normal": msg("Normal: tries every move one step ahead and plays the one that leaves it best placed"),
    "hard": msg("Hard: plays each promising move out a turn ahead over many guesses of your hidden cards"),
}


def bot_name(name: str) -> str:
    """Return the bot name behind a name or level (easy|normal|hard); raise ValueError if unknown."""
    key = BOT_LEVELS.get(name, name)
    if key not in _WHERE:
        raise ValueError(f"unknown bot {name!r}: use {', '.join(_WHERE)} (or {', '.join(BOT_LEVELS)})")
    return key


def bot_class(name: str) -> type:
    """Return the class of a bot name or level (imported on first use); raise ValueError if unknown."""
    module, cls = _WHERE[bot_name(name)]
    return getattr(importlib.import_module(module, __name__), cls)


def __getattr__(attr: str):
    """Import a bot class (`SearchBot`...), the base `Bot`, or `BOTS` {name: class} when first asked for."""
    if attr in _CLASSES:
        return bot_class(_CLASSES[attr])
    if attr == "Bot":
        from .base import Bot
        return Bot
    if attr == "BOTS":
        return {name: bot_class(name) for name in _WHERE}
    raise AttributeError(f"module {__name__!r} has no attribute {attr!r}")


def make_bot(name: str, player: int, seed: int = 0, **options) -> Bot:
    """Return a bot of level `name` for `player`, its choices driven by `seed`.

    `options` go to the bot class (search: `think` seconds, `rounds` for a fixed, reproducible
    amount of search); options a level does not take are ignored.
    """
    cls = bot_class(name)
    rng = random.Random(f"{seed}:{player}:{cls.name}")
    if cls.name == "search":
        return cls(player, rng, **{k: v for k, v in options.items() if k in ("think", "rounds") and v is not None})
    return cls(player, rng)


__all__ = ["Bot", "RandomBot", "CasualBot", "GreedyBot", "SearchBot", "BOT_LEVELS", "BOTS", "LEVELS",
           "make_bot", "bot_name"]
