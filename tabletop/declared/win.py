"""Win and lose: the `win:` conditions (counter_zero, breached, deck_out, count, reach, turn_limit).
"""
from __future__ import annotations

from tabletop.engine.msg import msg

from .common import BREACHED, DECKED, _rule


class DeclaredWin:
    # --- win and lose ---------------------------------------------------------------------------------
    def turn_limit(self, s, w):
        c = w.args.get("counter")
        a, b = (s.players[0].get(c, 0), s.players[1].get(c, 0)) if c else (0, 0)
        if a == b:
            self.win(s, None, _rule(msg("the last turn ended even"), w.id))
        else:
            p = 0 if a > b else 1
            self.win(s, p, _rule(msg("the last turn ended: P{n} has the most {value}", n=p + 1,
                                     value=self.counter_term(c)), w.id))

    def check_win(self, s):
        if s.outcome is not None:
            return
        losers = {}
        for w in self.win_of.get("counter_zero", []):
            for p in (0, 1):
                if s.players[p].get(w.args["counter"], 0) <= 0:
                    losers.setdefault(p, _rule(msg("P{n}'s {value} fell to 0", n=p + 1,
                                                   value=self.counter_term(w.args["counter"])), w.id))
        for p in s.data.get(DECKED, []):
            w = self.win_of["deck_out"][0]
            losers.setdefault(p, _rule(msg("P{n} had to draw from an empty {zone}", n=p + 1,
                                           zone=self.zone_term(w.args["zone"])), w.id))
        for p in s.data.get(BREACHED, []):
            w = self.win_of["breached"][0]
            losers.setdefault(p, _rule(msg("P{n} was hit with no {zone} left", n=p + 1,
                                           zone=self.zone_term(w.args["zone"])), w.id))
        winners = {}
        for w in self.win_of.get("count", []):
            for p in (0, 1):
                if len(s.zones[self.zkey(p, w.args["zone"])]) >= w.args["n"]:
                    winners.setdefault(p, _rule(msg("P{n} has {count} cards in {zone}", n=p + 1, count=w.args["n"],
                                                    zone=self.zone_term(w.args["zone"])), w.id))
        for w in self.win_of.get("reach", []):
            for p in (0, 1):
                if s.players[p].get(w.args["counter"], 0) >= w.args["n"]:
                    winners.setdefault(p, _rule(msg("P{n} reached {count} {value}", n=p + 1, count=w.args["n"],
                                                    value=self.counter_term(w.args["counter"])), w.id))
        if len(losers) == 2:
            self.win(s, None, losers[s.active])
        elif losers:
            p, why = next(iter(losers.items()))
            self.win(s, 1 - p, why)
        elif len(winners) == 2:
            self.win(s, None, winners[s.active])
        elif winners:
            p, why = next(iter(winners.items()))
            self.win(s, p, why)
