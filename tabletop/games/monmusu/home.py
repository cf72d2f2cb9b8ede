"""The home phase: summon, evolve, awaken (MM-R18..R23).
"""
from __future__ import annotations

from tabletop.engine.msg import msg
from tabletop.engine.state import split_key

from .rules import _p, SLOT_SET


class MonmusuHome:
    # --- home phase: summon, evolve, awaken (MM-R18..R23) -------------------------------------
    def _hand_monster(self, s, a):
        why = self._turn_action(s, a, "home")
        if why:
            return None, why
        c, why = self._own_card(s, a)
        if why:
            return None, why
        d = self.rs.cards[c.cid]
        if c.zone != f"{a.player}.hand" or d.kind != "monster":
            return None, msg("choose a monster in your hand")
        if not self.has_attr(s, a.player, d.color):
            return None, msg("its attribute must be among the cards of your mana zone ({rule})", rule="MM-R18")
        return c, None

    def check_summon(self, s, a):
        c, why = self._hand_monster(s, a)
        if why:
            return why
        owner, z = split_key(a["to"])
        if owner != a.player or z not in SLOT_SET:
            return msg("summon into a slot of your battle zone")
        if s.zones[a["to"]]:
            return msg("a normal summon goes into an empty space of your battle zone: {zone} is taken ({rule})",
                       zone=self.zone_label(a["to"]), rule="MM-R19, MM-D1")
        if self.same_monster(s, a.player, c.cid) is not None:
            return msg("the same monster is already in your battle zone: evolve or awaken instead ({rule})",
                       rule="MM-R19, MM-R22")
        cost = self.rs.cards[c.cid].get("cost")
        if not self.can_pay(s, a.player, cost):
            return msg("not enough {recast} mana: the cost is {n} ({rule})", recast=self.rs.word("untapped"), n=cost,
                       rule="MM-R18")
        return None

    def do_summon(self, s, a):
        u = a["card"]
        self.pay_then(s, a.player, self.d(s, u).get("cost"), None,
                      {"do": "summon", "player": a.player, "card": u, "to": a["to"]})

    def _paid_summon(self, s, t):
        p, u = t["player"], t["card"]
        d = self.d(s, u)
        self.move(s, u, t["to"], face_up=True, tapped=True)
        self.cast_monster(s, u, 0)
        if d.has("haste"):
            self.recast_monster(s, u)
        self.log(s, msg("{player} summons {card} into {zone}, {state} ({rule})" if not d.has("haste") else
                        "{player} summons {card} into {zone}, {state} ([Special]) ({rule})", player=_p(p),
                        card=self.card_ref(s, u, "all"), zone=self.zone_label(t["to"]),
                        state=self.rs.word("untapped" if d.has("haste") else "tapped"), rule="MM-R19"))
        self.tick(s, msg("summon"))
        self._offer(s, u, "summoned")

    def _stack_check(self, s, a):
        c, why = self._hand_monster(s, a)
        if why:
            return None, None, why
        t, why = self._own_monster(s, a, "target")
        if why:
            return None, None, why
        if self.monster_name[t.cid] != self.monster_name[c.cid]:       # (both are monsters)
            return None, None, msg("it must be the same monster: the same name ({rule})", rule="MM-R1")
        if self.down(s, t.uid):
            return None, None, msg("a down monster cannot evolve or awaken ({rule})", rule="MM-D10")
        return c, t, None

    def stack_cost(self, s, uid, target) -> int:
        return max(1, self.d(s, uid).get("cost") - self.d(s, target).get("cost"))

    def _stack_reason(self, s, a, doing, rule: str):
        """Return why evolving or awakening (`doing`) with `a` is illegal: same monster, not down, mana."""
        c, t, why = self._stack_check(s, a)
        if why:
            return why
        cost = self.stack_cost(s, c.uid, t.uid)
        if not self.can_pay(s, a.player, cost):
            return msg("not enough {recast} mana: {doing} costs {n} ({rule})", recast=self.rs.word("untapped"),
                       doing=doing, n=cost, rule=rule)
        return None

    def check_evolve(self, s, a):
        return self._stack_reason(s, a, msg("evolving"), "MM-R20")

    def do_evolve(self, s, a):
        u, t = a["card"], a["target"]
        self.pay_then(s, a.player, self.stack_cost(s, u, t), None,
                      {"do": "evolve", "player": a.player, "card": u, "target": t})

    def _paid_evolve(self, s, then):
        p, u, t = then["player"], then["card"], then["target"]
        slot = s.cards[t].zone
        self.move(s, u, slot, face_up=True, tapped=False)
        for m in list(s.cards[t].attached):
            self.attach(s, m, u)
        self.attach(s, t, u)
        s.cards[t].flags.clear()
        self.log(s, msg("{player} evolves {target} into {card}: on top, {state} ({rule})", player=_p(p),
                        target=self.card_ref(s, t, None), card=self.card_ref(s, u, "all"),
                        state=self.rs.word("untapped"), rule="MM-R20"))
        self.draw(s, p, 1)
        self.tick(s, msg("summon (evolution)"))
        self._offer(s, u, "summoned")

    def check_awaken(self, s, a):
        return self._stack_reason(s, a, msg("awakening"), "MM-R21")

    def do_awaken(self, s, a):
        u, t = a["card"], a["target"]
        self.pay_then(s, a.player, self.stack_cost(s, u, t), None,
                      {"do": "awaken", "player": a.player, "card": u, "target": t})

    def _paid_awaken(self, s, then):
        p, u, t = then["player"], then["card"], then["target"]
        self.attach(s, u, t, under=True)
        self.log(s, msg("{player} awakens {target} with {card} underneath; it stays {state} ({rule})", player=_p(p),
                        target=self.card_ref(s, t, "all"), card=self.card_ref(s, u, None),
                        state=self.rs.word("tapped" if s.cards[t].tapped else "untapped"), rule="MM-R21"))
        self.draw(s, p, 1)
        self.tick(s, msg("awakening"))
        self._offer(s, t, "awakened")
