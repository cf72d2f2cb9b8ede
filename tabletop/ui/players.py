"""Who sits at each seat: a human (None) or a bot with `choose(view, legal_actions)`.

The bots come from `tabletop.bots.make_bot` when that package is installed; otherwise a seeded
uniform-random stand-in plays, so a table against "the computer" always works.
"""
from __future__ import annotations

import random

LEVELS = {"easy": "casual", "normal": "greedy", "hard": "search"}   # as tabletop.bots.BOT_LEVELS
LABELS = {**{v: k for k, v in LEVELS.items()}, "random": "random"}

try:
    from tabletop.bots import make_bot as _make_bot
except ImportError:
    _make_bot = None


class UniformBot:
    """Pick uniformly among the legal actions with a seeded generator (the UI's stand-in bot)."""

    name = "random"

    def __init__(self, player: int, seed: int = 0):
        self.player = player
        self.rng = random.Random(seed * 2 + player)
        self.last_reason = ""

    def choose(self, view, legal):
        self.last_reason = "chosen at random"
        return self.rng.choice(legal)


def is_human(spec: str | None) -> bool:
    return spec in (None, "", "human")


def make_seat(spec: str | None, player: int, seed: int = 0):
    """Return None for a human seat, else a bot for `spec` (random|greedy|search or easy|normal|hard)."""
    if is_human(spec):
        return None
    name = LEVELS.get(spec, spec)
    if name not in LABELS:
        raise ValueError(f"unknown player {spec!r}: use human, easy, normal, hard, random, greedy or search")
    if _make_bot is not None:
        bot = _make_bot(name, player, seed)
    else:
        bot = UniformBot(player, seed)
    bot.level = LABELS[name]
    return bot
