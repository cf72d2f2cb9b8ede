"""The cast phase: attack, activated skills, spells, traps (MM-R24..R27).
"""
from __future__ import annotations

from tabletop.engine.msg import msg
from tabletop.engine.state import split_key

from .rules import _p, COLUMN, MAINS, SLOT_SET, SUBS


class MonmusuCast:
    # --- cast phase: attack, skills, spells, traps (MM-R24..R27) ------------------------------
    def check_attack(self, s, a):
        why = self._turn_action(s, a, "cast")
        if why:
            return why
        c, why = self._own_monster(s, a)
        if why:
            return why
        if s.turn == 1:
            return msg("the first player cannot attack in the first turn ({rule})", rule="MM-R24")
        if c.flags.get("down"):
            return msg("a down monster cannot battle ({rule})", rule="MM-R38")
        if c.tapped:
            return msg("only a {recast} monster can attack ({rule})", recast=self.rs.word("untapped"), rule="MM-R28")
        q = 1 - a.player
        t, tp = a.get("target"), a.get("target_player")
        if t is not None:
            tc = s.cards.get(t)
            if tc is None or not self.is_monster(s, t) or tc.owner != q:
                return msg("attack a monster of the opponent's battle zone")
            if tc.flags.get("down"):
                return msg("a down monster cannot battle ({rule})", rule="MM-R38")
            if not self._open_to_attack(s, t):
                return msg("that monster cannot be attacked: attack a sub monster, or a main monster whose column "
                           "has no attackable sub monster ({rule})", rule="MM-R28")
            return None
        if tp is None:
            return msg("choose the defending monster or the opponent")
        if tp != q:
            return msg("attack the opponent")
        if self.attackable(s, q):
            return msg("a direct attack needs every opposing monster to be unattackable ({rule})", rule="MM-R28")
        return None

    def do_attack(self, s, a):
        p, u = a.player, a["card"]
        t = a.get("target")
        s.data["battle"] = {"attacker": u, "defender": t, "player": p, "step": "before"}
        if t is None:
            self.log(s, msg("{card} makes a direct attack on {player} ({rule})", card=self.card_ref(s, u, "all"),
                            player=_p(1 - p), rule="MM-R28"), kind="attack", attacker=u)
        else:
            self.log(s, msg("{card} attacks {target} ({rule})", card=self.card_ref(s, u, "all"),
                            target=self.card_ref(s, t, "all"), rule="MM-R28"), kind="attack", attacker=u, defender=t)
        self._offer(s, u, "before_battle", battle=True)
        if t is not None:
            self._offer(s, t, "attacked", battle=True)
            self._offer(s, t, "before_battle", battle=True)
            col = COLUMN[self.slot_of(s, t)]
            for z in (SUBS[col - 1], MAINS[col - 1]):
                x = self.top(s, 1 - p, z)
                if x is not None and self.d(s, x).kind == "spell" and "attacked" in self.steps[s.cards[x].cid]:
                    self._offer(s, x, "attacked", battle=True, user=t)

    def _skill_cost(self, cid, trigger) -> dict:
        for st in self.steps[cid].get(trigger, ()):
            if isinstance(st.get("cost"), dict):
                return st["cost"]
        return {}

    def _cost_problem(self, s, uid, cost, attr=None, extra=0):
        c = s.cards[uid]
        if cost.get("cast") and c.tapped:
            return msg("the cost casts this monster, so it must be {recast} ({rule})", recast=self.rs.word("untapped"),
                       rule="MM-R25")
        n = int(cost.get("mana", 0)) + extra
        if not self.can_pay(s, c.owner, n, attr):
            if attr:
                return msg("not enough {recast} mana (needs {n}, one of them {attr})", recast=self.rs.word("untapped"),
                           n=n, attr=self.rs.color_term(attr))
            return msg("not enough {recast} mana (needs {n})", recast=self.rs.word("untapped"), n=n)
        return None

    def check_skill(self, s, a):
        why = self._turn_action(s, a, "cast")
        if why:
            return why
        c, why = self._own_monster(s, a)
        if why:
            return why
        if "activate" not in self.steps[c.cid]:
            return msg("this monster has no [Activated] skill")
        if self.down(s, c.uid):
            return msg("a down monster's skills are disabled ({rule})", rule="MM-R38")
        return (self._cost_problem(s, c.uid, self._skill_cost(c.cid, "activate"))
                or self._target_problem(s, c.uid, self.steps[c.cid]["activate"], a.player, c.uid))

    def do_skill(self, s, a):
        u = a["card"]
        cost = self._skill_cost(s.cards[u].cid, "activate")
        self.pay_then(s, a.player, int(cost.get("mana", 0)), None, {"do": "activated", "player": a.player, "card": u})

    def _paid_activated(self, s, then):
        u = then["card"]
        cost = self._skill_cost(s.cards[u].cid, "activate")
        if cost.get("cast"):
            self.cast_monster(s, u, cost.get("ct"))
        self.log(s, msg("{card} uses its [Activated] skill ({rule})", card=self.card_ref(s, u, "all"), rule="MM-R25"),
                 kind="skill", card=u)
        self.tick(s, msg("skill use"))
        self._queue(s, u, self.steps[s.cards[u].cid]["activate"], s.cards[u].owner, user=u)

    def check_spell(self, s, a):
        why = self._turn_action(s, a, "cast")
        if why:
            return why
        sp, why = self._own_card(s, a)
        if why:
            return why
        d = self.rs.cards[sp.cid]
        if d.kind != "spell":
            return msg("that is not a spell")
        m, why = self._own_monster(s, a, "target")
        if why:
            return msg("a spell is used by a monster of your battle zone: {why}", why=why)
        if self.down(s, m.uid):
            return msg("a down monster cannot use spells ({rule})", rule="MM-R38")
        if m.tapped:
            return msg("only a {recast} monster can use a spell ({rule})", recast=self.rs.word("untapped"),
                       rule="MM-R26")
        if self.d(s, m.uid).color != d.color:
            return msg("a monster uses only spells of its own attribute ({rule})", rule="MM-R26")
        z = self.slot_of(s, sp.uid)
        if d.get("trap"):
            if z is None:
                return msg("a trap spell is used only after it is set in your battle zone ({rule})",
                           rule="MM-R26, MM-R27")
            if COLUMN[z] != COLUMN[self.slot_of(s, m.uid)]:
                return msg("only the monster in the trap's own column may use it ({rule})", rule="MM-R27")
            if "use" not in self.steps[sp.cid]:
                return msg("this trap can only be used when its column is attacked ({rule})", rule="MM-R27")
        elif sp.zone != f"{a.player}.hand":
            return msg("use a spell from your hand")
        if not self.can_pay(s, a.player, d.get("cost"), d.color):
            return msg("cast {n} {recast} mana, including one of the spell's attribute {attr} ({rule})",
                       n=d.get("cost"), recast=self.rs.word("untapped"), attr=self.rs.color_term(d.color),
                       rule="MM-R26")
        return self._target_problem(s, sp.uid, self.steps[sp.cid].get("use", ()), a.player, m.uid)

    def do_spell(self, s, a):
        u = a["card"]
        d = self.d(s, u)
        self.pay_then(s, a.player, d.get("cost"), d.color,
                      {"do": "spell", "player": a.player, "card": u, "user": a["target"]})

    def _paid_spell(self, s, then):
        p, u, m = then["player"], then["card"], then["user"]
        d = self.d(s, u)
        self.move(s, u, f"{p}.grave", face_up=True)
        self.log(s, msg("{card} uses the spell {spell} ({rule})", card=self.card_ref(s, m, "all"),
                        spell=self.card_ref(s, u, "all"), rule="MM-R26"), kind="spell", card=u, user=m)
        self.tick(s, msg("spell use"))
        self._queue(s, u, self.steps[d.id].get("use", ()), p, user=m)

    def check_set_trap(self, s, a):
        why = self._turn_action(s, a, "cast")
        if why:
            return why
        c, why = self._own_card(s, a)
        if why:
            return why
        d = self.rs.cards[c.cid]
        if c.zone != f"{a.player}.hand" or d.kind != "spell" or not d.get("trap"):
            return msg("set a trap spell from your hand ({rule})", rule="MM-R27")
        owner, z = split_key(a["to"])
        if owner != a.player or z not in SLOT_SET:
            return msg("set it into a slot of your battle zone ({rule})", rule="MM-R27")
        if s.zones[a["to"]]:
            return msg("that slot is not empty ({rule})", rule="MM-R27, MM-D2")
        return None

    def do_set_trap(self, s, a):
        self.move(s, a["card"], a["to"], face_up=False, tapped=False)
        self.log(s, msg("{player} sets a trap spell face down in {zone} ({rule})", player=_p(a.player),
                        zone=self.zone_label(a["to"]), rule="MM-R27"),
                 {a.player: msg("{player} sets {card} in {zone} ({rule})", player=_p(a.player),
                                card=self.card_ref(s, a["card"], a.player), zone=self.zone_label(a["to"]),
                                rule="MM-R27")})
