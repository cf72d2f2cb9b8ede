"""The main phase, using cards: IJ-R11..R16 and 冥府発動 (IJ-R28)."""
from __future__ import annotations

from tabletop.engine.msg import msg

from .rules import UNDERWORLD


class IjindenMain:
    """Summon, put a Haikei, place a Maryoku, use a Mahou and pay its mana cost."""

    # ------------------------------------------------------------------ main phase: using cards
    def check_summon(self, s, a):
        r = self._main_gate(s, a) or self._in_hand(s, a, "ijin") or self._to(a, "battlefield")
        if r:
            return r
        if s.players[a.player].get("summon", 0) < 1:
            return msg("no {ijin} summon right left this turn (IJ-R13)", ijin=self.rs.kind_term("ijin"))
        return self._conditions(s, a.player, a["card"])

    def do_summon(self, s, a):
        p, u = a.player, a["card"]
        s.players[p]["summon"] -= 1
        self.move(s, u, f"{p}.battlefield", face_up=True)
        s.cards[u].flags["entered"] = s.turn
        self.log(s, msg("P{n} summons {card} (IJ-R13)", n=p + 1, card=self.card_ref(s, u, "all")))
        self.fire(s, u, "enter")

    def check_play_haikei(self, s, a):
        r = self._main_gate(s, a) or self._in_hand(s, a, "haikei") or self._to(a, "battlefield")
        return r or self._conditions(s, a.player, a["card"])

    def do_play_haikei(self, s, a):
        p, u = a.player, a["card"]
        self.move(s, u, f"{p}.battlefield", face_up=True)
        self.log(s, msg("P{n} puts the {haikei} {card} onto the battlefield (IJ-D4)", n=p + 1,
                        haikei=self.rs.kind_term("haikei"), card=self.card_ref(s, u, "all")))
        self.fire(s, u, "enter")

    def check_place(self, s, a):
        r = self._main_gate(s, a) or self._in_hand(s, a, "maryoku") or self._to(a, "mana")
        if r:
            return r
        if s.players[a.player].get("placement", 0) < 1:
            return msg("no {maryoku} placement right left this turn (IJ-R12)", maryoku=self.rs.kind_term("maryoku"))
        return None

    def do_place(self, s, a):
        p, u = a.player, a["card"]
        s.players[p]["placement"] -= 1
        self.move(s, u, f"{p}.mana", face_up=True)
        self.log(s, msg("P{n} places {card} into the mana zone (IJ-R12)", n=p + 1, card=self.card_ref(s, u, "all")))
        self.fire(s, u, "place")

    def check_cast(self, s, a):
        r = self._main_gate(s, a) or self._in_hand(s, a, "mahou")
        if r:
            return r
        p, u = a.player, a["card"]
        r = self._conditions(s, p, u)
        if r:
            return r
        cost = self.rs.cards[s.cards[u].cid].get("cost") or 0
        if len(s.zones[f"{p}.mana"]) < cost:
            return msg("{mana_cost}: {cost} cards of your mana zone must go to the graveyard, you have {have} (IJ-R11)",
                       mana_cost=self.rs.field_term("mahou", "cost"), cost=cost, have=len(s.zones[f"{p}.mana"]))
        return self.requirement_problem(s, p, u)

    def do_cast(self, s, a):
        p, u = a.player, a["card"]
        d = self.card_def(s, u)
        cost = d.get("cost") or 0
        self.move(s, u, f"{p}.graveyard")
        self.log(s, msg("P{n} uses the {mahou} {card} ({mana_cost} {cost}, IJ-R11)", n=p + 1,
                        mahou=self.rs.kind_term("mahou"), card=self.card_ref(s, u, "all"),
                        mana_cost=self.rs.field_term("mahou", "cost"), cost=cost))
        mana = s.zones[f"{p}.mana"]
        if cost and len(mana) == cost:
            for m in list(mana):
                self.pay_one(s, p, m)
            cost = 0
        if cost:
            card = self.card_ref(s, u, "all")
            self.ask(s, p, "pay", msg("{card}: choose {cost} cards of your mana zone to put into the graveyard (IJ-R11)",
                                      card=card, cost=cost), card=u, left=cost,
                     public_prompt=msg("P{n} pays the {mana_cost} of {card} (IJ-R11)", n=p + 1, card=card,
                                       mana_cost=self.rs.field_term("mahou", "cost")))
        else:
            self.fire(s, u, "cast")

    def pay_one(self, s, p, m):
        label = self.card_ref(s, m, "all")   # a face-down mana card is not named before it turns up
        self.move(s, m, f"{p}.graveyard")   # face up in the graveyard: now everyone may see it
        self.log(s, msg("P{n} pays with {what} → {card} to the graveyard (IJ-R11)", n=p + 1, what=label,
                        card=self.card_ref(s, m, "all")))

    def check_pay(self, s, a):
        pk = self._pending(s, a, "pay")
        if pk is None:
            return msg("no mana cost is waiting to be paid (IJ-R11)")
        if a["card"] not in s.zones[f"{a.player}.mana"]:
            return msg("pay with a card of your own mana zone (IJ-R11)")
        return None

    def do_pay(self, s, a):
        pk = s.pending[0]
        self.pay_one(s, a.player, a["card"])
        pk["left"] -= 1
        if pk["left"] <= 0:
            s.pending.pop(0)
            self.fire(s, pk["card"], "cast")

    def check_underworld(self, s, a):
        r = self._main_gate(s, a)
        if r:
            return r
        u = a["card"]
        if u not in s.cards or s.cards[u].zone != f"{a.player}.graveyard":
            return msg("{underworld} works from your own graveyard (IJ-R28)", underworld=self._kw_word(UNDERWORLD))
        d = self.card_def(s, u)
        if d.kind != "mahou" or UNDERWORLD not in d.keywords:
            return msg("{card} has no {underworld} (IJ-R28)", card=self.card_ref(s, u, a.player),
                       underworld=self._kw_word(UNDERWORLD))
        return self.requirement_problem(s, a.player, u)

    def do_underworld(self, s, a):
        p, u = a.player, a["card"]
        self.log(s, msg("P{n} activates {card} from the graveyard ({underworld}: color, level and mana cost "
                        "ignored, IJ-R28)", n=p + 1, card=self.card_ref(s, u, "all"),
                        underworld=self._kw_word(UNDERWORLD)))
        self.fire(s, u, "cast")
        self.queue_step(s, u, p, {"on": "cast", "do": "ij_bottom"})
        self.resolve_effects(s)
