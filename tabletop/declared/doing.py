"""Doing the actions: play, activate, move, discard, draw, `end_phase`, and the hand limit's
`discard_down`.
"""
from __future__ import annotations

from tabletop.engine import Controller
from tabletop.engine.msg import msg
from tabletop.engine.state import split_key

from .common import ACTIVATED, ENTERED, USED, _rule, _said


class DeclaredDoing:
    # --- doing ----------------------------------------------------------------------------------------
    def _used(self, s, r):
        used = s.data.setdefault(USED, {})
        used[r.name] = used.get(r.name, 0) + 1

    def do_play(self, s, a, r):
        p, u = a.player, a["card"]
        self.pay(s, p, u, r)
        self._used(s, r)
        face_up = r.args.get("face_up")
        self.move(s, u, a["to"], face_up=face_up)
        c = s.cards[u]
        if split_key(a["to"])[1] in self.board_zones:
            c.flags[ENTERED] = s.turn
        ref = self.card_ref(s, u, "all")
        self.log(s, _rule(msg("P{n} plays {card} to {zone}", n=p + 1, card=ref, zone=self.zone_term(split_key(a["to"])[1])),
                          r.id), {p: _rule(msg("P{n} plays {card} to {zone}", n=p + 1, card=self.card_ref(s, u, p),
                                               zone=self.zone_term(split_key(a["to"])[1])), r.id)}
                 if ref != self.card_ref(s, u, p) else None, kind="play", card=u)
        if c.face_up and self.play_fires[r.name]:
            self.fire(s, u, "play")
            if u in s.cards and s.cards[u].zone == a["to"]:
                self.fire(s, u, "enter")

    def check_discard_down(self, s, a):
        pd = s.pending[0] if s.pending else None
        if pd is None or pd["kind"] != "discard_down" or pd["player"] != a.player:
            return msg("no discard is asked for")
        if a["card"] not in s.zones[self.zkey(a.player, pd["zone"])]:
            return _rule(msg("discard a card from your {zone}", zone=self.zone_term(pd["zone"])), pd["rule"])
        return None

    def do_discard_down(self, s, a):
        pd = s.pending.pop(0)
        u = a["card"]
        self.move(s, u, self.zkey(a.player, pd["to"]))
        self.log(s, _rule(msg("P{n} discards {card}", n=a.player + 1, card=self.card_ref(s, u, "all")), pd["rule"]),
                 kind="discard", card=u)

    def do_activate(self, s, a, r):
        p, u = a.player, a["card"]
        self.pay(s, p, u, r)
        self._used(s, r)
        c = s.cards[u]
        if r.args.get("tap"):
            c.tapped = True
        c.flags[ACTIVATED] = s.turn
        self.log(s, _rule(msg("P{n} uses {card}", n=p + 1, card=self.card_ref(s, u, "all")), r.id), kind="use", card=u)
        self.fire(s, u, "activate")

    def do_move(self, s, a, r):
        p, u = a.player, a["card"]
        self.pay(s, p, u, r)
        self._used(s, r)
        c = s.cards[u]
        entered, act = c.flags.get(ENTERED), c.flags.get(ACTIVATED)
        tapped = True if r.args.get("tap") else c.tapped
        src = split_key(c.zone)[1]
        Controller.move(self, s, u, a["to"], tapped=tapped)   # stays on the board: damage and marks kept
        self.log(s, _rule(msg("{card} moves from {src} to {zone}", card=self.card_ref(s, u, "all"),
                              src=self.zone_term(src), zone=self.zone_term(split_key(a["to"])[1])), r.id),
                 kind="move", card=u)
        if entered is not None:
            c.flags[ENTERED] = entered
        if act is not None:
            c.flags[ACTIVATED] = act

    def do_discard(self, s, a, r):
        p, u = a.player, a["card"]
        self.pay(s, p, u, r)
        self._used(s, r)
        self.move(s, u, self.zkey(p, r.args["to"]))
        self.log(s, _rule(msg("P{n} discards {card}", n=p + 1, card=self.card_ref(s, u, "all")), r.id),
                 kind="discard", card=u)
        gain = r.args.get("gain")
        if gain:
            self.change(s, p, gain["counter"], int(gain.get("n", 1)), r.id)

    def do_draw(self, s, a, r):
        p = a.player
        self.pay(s, p, None, r)
        self._used(s, r)
        self.draw_cards(s, p, r.args["n"], r.args["zone"], r.args["to"], r)

    def check_end_phase(self, s, a):
        why = self._idle(s, a.player)
        if why:
            return _said(why)
        phase = self.phase_of.get(s.phase)
        if phase is None or not phase.actions:
            return msg("nothing to end now")
        return None

    def do_end_phase(self, s, a):
        phase = self.phase_of[s.phase]
        self.log(s, _rule(msg("P{n} ends the {phase} phase", n=a.player + 1, phase=self.rs.phase_term(phase.id)),
                          phase.rule.id), kind="phase", phase=phase.id)
        s.data["phase_done"] = True
