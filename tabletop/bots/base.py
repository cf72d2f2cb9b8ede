"""The bot interface every level shares, and the uniform-random baseline.

A bot is `Bot(player, rng)` with `choose(view, legal_actions) -> Action`: it receives only what
its player may know (`Game.view(player)`) and the legal actions. `choose` never raises and never
returns an illegal action: if a level's own reasoning fails, the bot logs the failure, counts it
in `fallbacks` and plays a legal action at random instead (tests assert this never happens in
normal play).
"""
from __future__ import annotations

import logging
import random

from tabletop.engine.action import Action
from tabletop.engine.msg import msg
from tabletop.engine.view import View

log = logging.getLogger("tabletop.bots")

END_KINDS = ("end_turn", "end_phase", "end", "pass")


class Bot:
    """Base of every bot: subclasses implement `decide(view, legal) -> (action, reason)`."""

    name = "bot"

    def __init__(self, player: int, rng: random.Random | None = None):
        self.player = player
        self.rng = rng if rng is not None else random.Random(player)
        self.last_reason = ""
        self.fallbacks = 0          # times decide() failed and a random legal action was played
        self.last_error = ""

    def choose(self, view: View, legal_actions: list[Action]) -> Action:
        """Return one of `legal_actions` (never raises once given at least one)."""
        legal = list(legal_actions)
        if not legal:
            raise ValueError(f"{self.name} bot for P{self.player + 1} was asked to move with no legal action")
        if len(legal) == 1:
            self.last_reason = msg("the only legal move")
            return legal[0]
        try:
            action, reason = self.decide(view, legal)
        except Exception as e:   # a bot must always answer: any bug in its reasoning becomes a random move
            action, reason = None, ""
            self.last_error = f"{type(e).__name__}: {e}"
            log.warning("%s bot (P%d) failed, playing at random: %s", self.name, self.player + 1,
                        self.last_error, exc_info=True)
        if action not in legal:
            if action is not None:
                self.last_error = f"chose {action}, which is not legal"
            self.fallbacks += 1
            self.last_reason = msg("fallback: a random legal move")
            return self.rng.choice(legal)
        self.last_reason = reason
        return action

    def decide(self, view: View, legal: list[Action]) -> tuple[Action, str]:
        raise NotImplementedError


class RandomBot(Bot):
    """Pick uniformly among the legal actions (the baseline every other level must beat)."""

    name = "random"

    def decide(self, view, legal):
        return self.rng.choice(legal), msg("chosen at random")


def is_end(action: Action) -> bool:
    """Return whether an action passes play on (ends a phase or the turn) rather than doing something."""
    return action.kind in END_KINDS
