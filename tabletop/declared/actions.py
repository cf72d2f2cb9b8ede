"""The actions a phase allows (`turn:` `actions:`): the candidates and their checks.
"""
from __future__ import annotations

from tabletop.engine import Action
from tabletop.engine.msg import msg
from tabletop.engine.state import split_key

from .common import ACTIVATED, N_, _said


class DeclaredActions:
    # --- candidates -----------------------------------------------------------------------------------
    def answer_block(self, s, p, pd):
        """The blocks the defender may declare, and no block."""
        return [Action("block", p, (("card", u),)) for u in self.blockers(s, p, pd)] + [Action("no_block", p, ())]

    def answer_discard_down(self, s, p, pd):
        """The cards of the zone a player must discard down from."""
        return [Action("discard_down", p, (("card", u),)) for u in s.zones[self.zkey(p, pd["zone"])]]

    def actions(self, s, p):
        if s.outcome is not None:
            return []
        if s.pending:
            return self.answers(s, p)
        if p != s.active:
            return []
        phase = self.phase_of.get(s.phase)
        if phase is None or not phase.actions:
            return []
        out = []
        zones, cards = s.zones, s.cards
        opp = 1 - p
        for name in phase.actions:
            r = self.d.actions[name]
            a = r.args
            k = r.kind
            if k == "play":
                for z in a["from"]:
                    for u in zones[self.zkey(p, z)]:
                        for to in a["to"]:
                            out.append(Action(name, p, (("card", u), ("to", self.zkey(p, to)))))
            elif k == "attack":
                for z in a["from"]:
                    for u in zones[self.zkey(p, z)]:
                        for t in a["targets"]:
                            out += [Action(name, p, (("card", u), ("target", v))) for v in zones[self.zkey(opp, t)]]
                        if a["player"]:
                            out.append(Action(name, p, (("card", u), ("target_player", opp))))
            elif k == "activate":
                for z in a["from"]:
                    out += [Action(name, p, (("card", u),)) for u in zones[self.zkey(p, z)]
                            if any(e.get("on") == "activate" for e in self.rs.cards[cards[u].cid].effects)]
            elif k == "move":
                for z in a["from"]:
                    for u in zones[self.zkey(p, z)]:
                        for to in a["to"]:
                            if to != z:
                                out.append(Action(name, p, (("card", u), ("to", self.zkey(p, to)))))
            elif k == "discard":
                for z in a["from"]:
                    out += [Action(name, p, (("card", u),)) for u in zones[self.zkey(p, z)]]
            elif k == "draw":
                out.append(Action(name, p, ()))
        out.append(Action("end_phase", p, ()))
        return out

    # --- the checks ---------------------------------------------------------------------------------
    # A declared check returns None, a message, or (rule id, text, fields): a refusal whose words are
    # built only when someone reads them (`check`, for why_not and the table), not for each of the
    # many candidates `legal` refuses (about a third of the cost of an action otherwise).
    def check(self, s, a):
        r = self.d.actions.get(a.kind)
        if r is None:
            return super().check(s, a)
        try:
            why = self.check_declared(s, a, r)
        except KeyError as e:
            return msg("{kind}: missing or unknown argument {arg}", kind=a.kind, arg=str(e))
        except (TypeError, ValueError, IndexError) as e:
            return msg("{kind}: malformed arguments ({error})", kind=a.kind, error=str(e))
        return _said(why)

    def legal(self, s, cands):
        out = []
        actions = self.d.actions
        for a in cands:
            r = actions.get(a.kind)
            if r is None:
                ok = self.check(s, a) is None
            else:
                try:
                    ok = self.check_declared(s, a, r) is None
                except (KeyError, TypeError, ValueError, IndexError):
                    ok = False      # malformed: refused, as check() says in words
            if ok:
                out.append(a)
        return out

    def execute(self, s, a):
        r = self.d.actions.get(a.kind)
        if r is None:
            return super().execute(s, a)
        getattr(self, "do_" + r.kind)(s, a, r)

    def _idle(self, s, p, name=None):
        if s.pending:
            return msg("first answer the choice in progress: {prompt}", prompt=s.pending[0]["prompt"])
        if p != s.active:
            return msg("it is not your turn")
        phase = self.phase_of.get(s.phase)
        if name is not None and (phase is None or name not in phase.actions):
            where = [ph for ph in self.d.phases if name in ph.actions]
            if where:
                return (where[0].rule.id, N_("that is done in the {phase} phase"), dict(phase=self.rs.phase_term(where[0].id)))
            return msg("no phase allows that")
        return None

    def _card_in(self, s, p, uid, zones, r):
        c = s.cards.get(uid)
        if c is None or c.host is not None or c.owner != p or split_key(c.zone)[1] not in zones or \
                split_key(c.zone)[0] != p:
            return (r.id, N_("take a card from your {zones}"), dict(zones=tuple(self.zone_term(z) for z in zones)))
        return None

    def _kind_ok(self, s, uid, r):
        kinds = r.args.get("kinds")
        if kinds and self.rs.cards[s.cards[uid].cid].kind not in kinds:
            return (r.id, N_("only a {kinds} card may do that"), dict(kinds=tuple(self.rs.kind_term(k) for k in kinds)))
        return None

    def check_declared(self, s, a, r):
        p = a.player
        why = self._idle(s, p, r.name) or self._limits(s, r)
        if why:
            return why
        k, args = r.kind, r.args
        if k == "draw":
            return self._pay_reason(s, p, None, r)
        u = a["card"]
        if k in ("play", "activate", "move", "discard"):
            why = self._card_in(s, p, u, args["from"], r) or self._kind_ok(s, u, r)
            if why:
                return why
        if k in ("play", "move"):
            to = a["to"]
            owner, zname = split_key(to)
            if owner != p or zname not in args["to"]:
                return (r.id, N_("it goes to your {zones}"), dict(zones=tuple(self.zone_term(z) for z in args["to"])))
            if k == "move" and s.cards[u].zone == to:
                return (r.id, N_("it is there already"), {})
            if k == "move" and args.get("tap") and s.cards[u].tapped:
                return (r.id, N_("a tapped card cannot do that"), {})
            if k == "move" and args.get("sickness") and self.sick(s, u):
                return (r.id, N_("it entered play this turn"), {})
            return self._room(s, to, r) or self._pay_reason(s, p, u, r)
        if k == "discard":
            return self._pay_reason(s, p, u, r)
        if k == "activate":
            c = s.cards[u]
            if not any(e.get("on") == "activate" for e in self.rs.cards[c.cid].effects):
                return (r.id, N_("that card has no ability to use"), {})
            if args.get("tap") and c.tapped:
                return (r.id, N_("a tapped card cannot do that"), {})
            if c.flags.get(ACTIVATED) == s.turn:
                return (r.id, N_("its ability is used once per turn"), {})
            if args.get("sickness") and self.sick(s, u):
                return (r.id, N_("it entered play this turn"), {})
            return self._pay_reason(s, p, u, r)
        if k == "attack":
            why = self._card_in(s, p, u, args["from"], r)
            if why:
                return why
            c = s.cards[u]
            if args.get("tap") and c.tapped:
                return (r.id, N_("a tapped card cannot attack"), {})
            if args.get("sickness") and self.sick(s, u):
                return (r.id, N_("it entered play this turn and cannot attack yet"), {})
            if self.d.attack and self.atk(s, u) <= 0:
                return (r.id, N_("a card with no {stat} cannot attack"), dict(stat=self.rs.stat_term(self.d.attack)))
            why = self._pay_reason(s, p, u, r)
            if why:
                return why
            opp = 1 - p
            lane = split_key(c.zone)[1]
            if a.get("target_player") is not None:
                if not args["player"]:
                    return (r.id, N_("attack a card, not the player"), {})
                if a["target_player"] != opp:
                    return (r.id, N_("attack the opposing player"), {})
                if args.get("guarded"):
                    across = self.facing.get((r.name, lane))
                    guards = ([self.zkey(opp, across)] if across else [self.zkey(opp, t) for t in args["targets"]])
                    if args.get("guarded") and any(s.zones[g] for g in guards):
                        return (r.id, N_("an opposing card in {zone} stands in the way"),
                                dict(zone=self.zone_term(split_key(guards[0])[1])))
                return None
            t = a["target"]
            tc = s.cards.get(t)
            if tc is None or tc.host is not None or split_key(tc.zone)[0] != opp or \
                    split_key(tc.zone)[1] not in args["targets"]:
                return (r.id, N_("attack an opposing card in {zones}"),
                        dict(zones=tuple(self.zone_term(z) for z in args["targets"])))
            if args.get("facing") and split_key(tc.zone)[1] != self.facing.get((r.name, lane)):
                return (r.id, N_("a card attacks only the card facing it"), {})
            return None
        return None
