"""The bot driver: asks a bot seat for its move on a thread, and hands the move to `Actions.play_bot`.

The bot thinks on a copy of its view and legal list while the table keeps drawing; its move is
applied only once the think time (`bot_delay`) has passed and the cards have stopped moving, and
only if the game is still where the bot saw it.
"""
from __future__ import annotations

import threading


class BotDriver:
    """Run the bot whose turn it is, one move at a time (`step` is called every frame)."""

    def __init__(self, scene):
        self.scene = scene
        self.job = None          # {"player", "n", "action", "error", "thread"} of the move being thought
        self.wait = 0.0

    @property
    def busy(self) -> bool:
        return self.job is not None

    def step(self, dt: float) -> None:
        sc = self.scene
        g = sc.game
        p = g.to_act
        if p is None or sc.seats[p] is None or sc.curtain is not None or sc.paused:
            return   # paused (Esc, briefing, rules): a move being thought waits until the table is back
        self.wait += dt
        if self.job is None:
            self._start(p)
            return
        job = self.job
        delay = sc.app.settings.get("bot_delay", 0.6) * max(0.25, sc.app.settings.get("anim", 1.0))
        if job["thread"].is_alive() or self.wait < delay or sc.sprites.moving() or sc.pacing.busy():
            return
        self.job, self.wait = None, 0.0
        a = job["action"]
        if job["player"] != g.to_act or job["n"] != len(g.actions) or a is None:
            return
        sc.actions.play_bot(p, a, sc.seats[p], job["error"])

    def _start(self, p: int) -> None:
        g = self.scene.game
        bot = self.scene.seats[p]
        view, legal = g.view(p), g.legal_actions(p)
        job = {"player": p, "n": len(g.actions), "action": None, "error": None}

        def think():
            try:
                job["action"] = bot.choose(view, legal)
            except Exception as e:  # noqa: BLE001 - a bot bug must not freeze the table: fall back to the first move
                job["error"] = e
                job["action"] = legal[0] if legal else None
        th = threading.Thread(target=think, daemon=True)
        job["thread"] = th
        self.job = job
        th.start()
