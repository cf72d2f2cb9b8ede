"""The sandbox: a table where any move is allowed and logged as a manual move.

It is the free table for playtesting a game whose rules no controller knows yet, and the same
moves are the manual override every other table offers for card text no controller automates.
"""
from __future__ import annotations

from tabletop.engine import Controller, register
from tabletop.engine.state import zone_key


@register
class Sandbox(Controller):
    id = "sandbox"

    def init(self, s, options):
        for p in (0, 1):
            s.players[p].setdefault("hp", int(self.params.get("hp", 20)))

    def setup(self, s, options):
        for p in (0, 1):
            self.shuffle(s, zone_key(p, "deck"))
            self.draw(s, p, int(self.params.get("hand_size", 5)))
        s.first = s.active = 0 if self.coin(s, "who goes first") else 1
        s.turn = 1
        s.phase = "main"
        self.log(s, f"P{s.active + 1} goes first")

    def actions(self, s, player):
        return self.manual_actions(s, player)

    def check(self, s, a):
        return self.manual_check(s, a)

    def execute(self, s, a):
        self.manual_apply(s, a)

    def drop_action(self, s, player, uid, zone, target):
        from tabletop.engine import Action
        return Action.make("m_move", player, card=uid, to=zone)
