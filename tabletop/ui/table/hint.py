"""The practice hint: the Hint button asks the normal bot what it would do here (tabletop.bots.hint),
lights that move's card and its targets and says the bot's reason in the status line. It changes
nothing in the game; the light goes out at the next change of the table. Offered only where one human
plays against a bot (not in hotseat, not in a replay or a spectated game).
"""
from __future__ import annotations

from .actions import pointed_at


class Hint:
    """The hint shown now (an action, or None) and the button's availability."""

    def __init__(self, scene):
        self.scene = scene
        self.shown = None

    def offered(self) -> bool:
        """Return whether this table offers hints: one human seat against a bot."""
        seats = self.scene.seats
        return sum(b is None for b in seats) == 1 and not getattr(self.scene, "replay", None)

    def available(self) -> bool:
        """Return whether a hint can be asked now: offered, the game on, and the human to decide."""
        sc = self.scene
        return self.offered() and not sc.game.is_over() and sc.game.to_act == sc.viewer and sc.curtain is None

    def ask(self) -> None:
        """Ask the normal bot for the viewer's move; light it and say why (the game is not changed)."""
        sc = self.scene
        if not self.available():
            return
        from tabletop.bots.hint import hint
        action, reason = hint(sc.game, sc.viewer)
        self.shown = action
        sc.say(sc.app.words.render(reason) if hasattr(sc.app.words, "render") else str(reason))

    def clear(self) -> None:
        self.shown = None

    def lit(self):
        """Return (zones, cards, players) of the shown hint: its card and every place it points at."""
        zones, cards, players = pointed_at([self.shown])
        for k in ("card", "source"):
            if isinstance(self.shown.get(k), int):
                cards.add(self.shown.get(k))
        return zones, cards, players
