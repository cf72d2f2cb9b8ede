"""Who sits at each seat: a human (None) or a bot with `choose(view, legal_actions)`.

The menu, the `play` verb and the table share these helpers (seats, their save label, loading a
save with its seats), so none of them imports another for them. The bots come from `tabletop.bots.make_bot`,
imported when a bot first takes a seat; `UniformBot`, a seeded uniform-random player, is the tests' stand-in.
"""
from __future__ import annotations

import random
from pathlib import Path

from tabletop.engine import TabletopError

LEVELS = {"easy": "casual", "normal": "greedy", "hard": "search"}   # as tabletop.bots.BOT_LEVELS
LABELS = {**{v: k for k, v in LEVELS.items()}, "random": "random"}


def _bot_factory():
    """Return `tabletop.bots.make_bot`, imported when a bot first takes a seat (the menu starts without it)."""
    from tabletop.bots import make_bot
    return make_bot


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
    bot = _bot_factory()(name, player, seed)
    bot.level = LABELS[name]
    return PassesWithoutRules(bot)


def make_seats(specs, seed: int):
    """Return the seats for seat specs such as ["human", "hard"]."""
    return [make_seat(s, p, seed) for p, s in enumerate(specs)]


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 2 ** 31)


def seats_label(seats) -> str:
    """Return a save label that records who sat where, so Continue brings the bots back."""
    return "autosave; seats: " + ",".join("human" if b is None else getattr(b, "level", "easy") for b in seats)


def seats_from_label(label: str):
    """Return the seat specs written by `seats_label`, or None."""
    if "seats: " not in (label or ""):
        return None
    specs = label.split("seats: ", 1)[1].strip().split(",")
    return specs if len(specs) == 2 else None


def load_with_seats(path=None, folder=None):
    """Load a save (or the latest autosave) and the seat kinds recorded in its label."""
    from tabletop.engine import saves   # here: a new game's start reads no save
    if path is not None:
        game = saves.load_game(Path(path))
        label = saves.read_save(Path(path)).get("label", "")
        return game, seats_from_label(label), []
    game, problems = saves.load_latest(folder)
    specs = None
    if game is not None:
        auto = saves.saves_dir(folder) / saves.AUTOSAVE
        try:
            d = saves.read_save(auto)
            if d.get("actions") == game.actions:
                specs = seats_from_label(d.get("label", ""))
        except TabletopError:
            pass
    return game, specs, problems


class PassesWithoutRules:
    """A bot seat that passes its turn in a game whose controller says `bots_pass` (the sandbox:
    no rules to play by), and otherwise lets the bot choose."""

    def __init__(self, bot):
        self.bot = bot

    def __getattr__(self, name):
        return getattr(self.bot, name)

    def choose(self, view, legal):
        from tabletop.engine.controller import controller_class
        from tabletop.engine.ruleset import load_ruleset
        try:
            passes = getattr(controller_class(load_ruleset(view.ruleset).controller), "bots_pass", False)
        except Exception:  # noqa: BLE001 — a ruleset that does not load here is the bot's business
            passes = False
        if passes:
            for a in legal:
                if a.kind in ("s_pass", "m_pass"):
                    self.bot.last_reason = "no rules to play by: passes"
                    return a
        return self.bot.choose(view, legal)
