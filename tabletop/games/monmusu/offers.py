"""Triggered skills: offers to use or pass them, and when they lapse (MM-R39).
"""
from __future__ import annotations

from tabletop.engine.msg import msg

from .rules import _p, TRIGGER_WORDS


class MonmusuOffers:
    # --- triggered skills: offers (MM-R39) ----------------------------------------------------
    def _offer(self, s, uid, trigger, battle=False, exc=False, user=None) -> None:
        """Offer a card's triggered skill to its owner now, if it has one and may use it."""
        c = s.cards[uid]
        steps = self.steps[c.cid].get(trigger)
        if not steps:
            return
        d = self.rs.cards[c.cid]
        place = self.place(s, uid)
        if d.kind == "monster":
            if place == "battle" and (not c.face_up or (self.down(s, uid) and not exc)):
                return
            if place == "material":
                return
            if self._cost_problem(s, uid, self._skill_cost(c.cid, trigger)):
                return      # a monster's skill it cannot pay for is not offered (mana is public)
            why = self._target_problem(s, uid, steps, c.owner, user if user is not None else uid, public_only=True)
            if why:
                self.log(s, why, kind="skill")
                return      # nothing on the table to choose: it cannot be used (MM-D21)
        forced = any(st.get("forced") for st in steps)
        word = TRIGGER_WORDS.get(trigger, trigger)
        card = self.card_ref(s, uid, c.owner)       # (the prompt is the owner's; a set trap stays unnamed to others)
        if d.kind == "spell":
            prompt = msg("{card} (trap spell) — {when}: use the trap?", card=card, when=word)
            public = msg("{player} decides whether to react ({when})", player=_p(c.owner), when=word)
        else:
            prompt = msg("{card} [Triggered] {when} (forced): use the skill?" if forced
                         else "{card} [Triggered] {when}: use the skill?", card=card, when=word)
            public = msg("{player}: {card} [Triggered] {when}", player=_p(c.owner),
                         card=self.card_ref(s, uid, "all"), when=word)
        self.ask(s, c.owner, "skill_offer", prompt, public_prompt=public, card=uid, trigger=trigger, place=place,
                 battle=battle, exc=exc, forced=forced, user=user)

    def offer_valid(self, s, o) -> str | None:
        """Return why an offered triggered skill can no longer be used, or None (MM-R39)."""
        uid = o["card"]
        place = self.place(s, uid)
        if place == "material" and o["place"] == "battle":
            # Becoming material is not leaving (MM-R39), but a material card is no monster (MM-R42, MM-R43).
            return msg("{card} is now a material card, not a monster ({rule})", card=self.card_ref(s, uid, "all"),
                       rule="MM-R42")
        if place != o["place"]:
            return msg("{card} left the place where its condition was met ({rule})",
                       card=self.card_ref(s, uid, "all"), rule="MM-R39")
        c = s.cards[uid]
        if o["place"] == "battle":
            if self.d(s, uid).kind == "monster" and self.down(s, uid) and not o.get("exc"):
                return msg("{card} is down: its skills are disabled ({rule})", card=self.card_ref(s, uid, "all"),
                           rule="MM-R38")
            if self.d(s, uid).kind == "spell" and c.face_up:
                return msg("the trap is no longer set")
        if o.get("battle"):
            b = s.data.get("battle")
            if not b or b.get("cancelled"):
                return msg("the attack has ended")
        return None

    def _prune_offers(self, s):
        keep = []
        for o in s.pending:
            # An offer without its card is the other player's, as a bot's determinization copies it
            # from a view: it stays, and can only be passed.
            if o["kind"] == "skill_offer" and "card" in o:
                why = self.offer_valid(s, o)
                if why:
                    self.log(s, msg("{why}: its skill cannot be used", why=why), kind="skill")
                    continue
            keep.append(o)
        if len(keep) != len(s.pending):
            s.pending[:] = keep

    def _offer_cost(self, s, o) -> str | None:
        uid = o["card"]
        d = self.d(s, uid)
        if d.kind == "spell":
            m = o.get("user")
            if m is None or not self.is_monster(s, m) or self.down(s, m):
                return msg("no monster of this column can use the trap")
            if s.cards[m].tapped:
                return msg("the trap's user must be {recast} ({rule})", recast=self.rs.word("untapped"), rule="MM-R26")
            if self.d(s, m).color != d.color:
                return msg("the monster in this column has another attribute ({rule})", rule="MM-R26")
            return (self._cost_problem(s, uid, {}, d.color, d.get("cost"))
                    or self._target_problem(s, uid, self.steps[d.id][o["trigger"]], o["player"], m))
        return (self._cost_problem(s, uid, self._skill_cost(d.id, o["trigger"]))
                or self._target_problem(s, uid, self.steps[d.id][o["trigger"]], o["player"], o.get("user") or uid))

    def _offer_of(self, s, a):
        o = self._pending(s, a, "skill_offer")
        if o is None:
            return None, msg("no skill is offered to you now")
        if a.args:
            return None, msg("use_skill / pass_skill answer the offer in front and take no arguments")
        return o, None

    def check_use_skill(self, s, a):
        o, why = self._offer_of(s, a)
        if why:
            return why
        if "card" not in o:
            return msg("this offer is not known here")
        return self.offer_valid(s, o) or self._offer_cost(s, o)

    def do_use_skill(self, s, a):
        o = s.pending.pop(0)
        uid = o["card"]
        d = self.d(s, uid)
        then = {"do": "triggered", "player": a.player, "card": uid, "trigger": o["trigger"], "user": o.get("user")}
        if d.kind == "spell":
            self.pay_then(s, a.player, d.get("cost"), d.color, then)
        else:
            self.pay_then(s, a.player, int(self._skill_cost(d.id, o["trigger"]).get("mana", 0)), None, then)

    def _paid_triggered(self, s, then):
        p, uid, trigger = then["player"], then["card"], then["trigger"]
        d = self.d(s, uid)
        if d.kind == "spell":
            self.move(s, uid, f"{p}.grave", face_up=True)
            self.log(s, msg("{card} uses the trap spell {spell} ({rule})", card=self.card_ref(s, then["user"], "all"),
                            spell=self.card_ref(s, uid, "all"), rule="MM-R26"), kind="spell", card=uid)
        else:
            cost = self._skill_cost(d.id, trigger)
            if cost.get("cast"):
                self.cast_monster(s, uid, cost.get("ct"))
            self.log(s, msg("{card} uses its [Triggered] skill ({when})", card=self.card_ref(s, uid, "all"),
                            when=TRIGGER_WORDS.get(trigger, trigger)), kind="skill", card=uid)
        self.tick(s, msg("skill use") if d.kind == "monster" else msg("spell use"))
        self._queue(s, uid, self.steps[d.id][trigger], p, user=then["user"] or uid)

    def check_pass_skill(self, s, a):
        o, why = self._offer_of(s, a)
        if why:
            return why
        if o.get("forced") and "card" in o and self.offer_valid(s, o) is None and self._offer_cost(s, o) is None:
            return msg("this skill is forced: it must be used")
        return None

    def do_pass_skill(self, s, a):
        s.pending.pop(0)
        self.log(s, msg("{player} does not use it", player=_p(a.player)))
