"""The main phase: point cards, familiars, supports, spell cards and abilities (DM-R1..R9, DM-R18,
DM-R30, DM-D16, DM-D29)."""
from __future__ import annotations

from tabletop.engine.msg import msg

from .rules import PN


class DanmakuMain:
    """Power, Score and Bomb; summon, support and declare; abilities and their costs."""

    # --- main phase: point cards ------------------------------------------------------------------
    def _point_check(self, s, a, pt, flag):
        r = self._main_phase(s, a) or self._in_hand(s, a, "point")
        if r:
            return r
        d = self.rs.cards[s.cards[a["card"]].cid]
        if d.get("point") != pt:
            return msg("{card} is not a {point} card", card=self.card_ref(s, a["card"], a.player),
                       point=self.rs.word(pt))
        if not self._own_field(s, a.player, a["target"]):
            return msg("put it on one of your characters or familiars ({rule})", rule="DM-R5")
        if s.data[flag]:
            return msg("you have already used a {point} card this turn ({rule})", point=self.rs.word(pt), rule="DM-R18")
        return None

    def check_power(self, s, a):
        return self._point_check(s, a, "power", "power_used")

    def do_power(self, s, a):
        s.data["power_used"] = True
        self.attach(s, a["card"], a["target"], under=True)
        # (a point card is played openly from the hand: its name is public, as the card under the target shows)
        self.log(s, msg("{player} attaches {card} to {target}: P{n}", player=PN(a.player),
                        card=self.card_ref(s, a["card"], None), target=self.card_ref(s, a["target"], "all"),
                        n=self.power(s, a["target"])))

    def check_score(self, s, a):
        r = self._point_check(s, a, "score", "score_used")
        if r:
            return r
        d = self.card_def(s, a["card"])
        if d.get("heal_x") and self.card_def(s, a["target"]).kind != "character":
            return msg("{card} heals a character card ({rule})", card=self.card_ref(s, a["card"], a.player), rule="DM-R6")
        return None

    def do_score(self, s, a):
        s.data["score_used"] = True
        d = self.card_def(s, a["card"])
        t = a["target"]
        n = (d.get("heal") or 0) + (d.get("heal_x") or 0) * (self.card_def(s, t).get("hp") or 0)
        self.move(s, a["card"], f"{a.player}.discard")
        s.cards[t].counters["hp"] = self.hp(s, t) + n
        self.log(s, msg("{player} uses {card}: {target} heals {n} ({hp} {left})", player=PN(a.player),
                        card=self.card_ref(s, a["card"], None), target=self.card_ref(s, t, "all"), n=n,
                        hp=self.rs.word("counter.hp"), left=self.hp(s, t)))

    def check_bomb(self, s, a):
        r = self._main_phase(s, a) or self._in_hand(s, a, "point")
        if r:
            return r
        return None if self.card_def(s, a["card"]).get("point") == "bomb" else msg(
            "that is not a {bomb} card", bomb=self.rs.word("bomb"))

    def do_bomb(self, s, a):
        self.move(s, a["card"], f"{a.player}.discard")
        self.log(s, msg("{player} uses {card}", player=PN(a.player), card=self.card_ref(s, a["card"], None)))
        self.fire(s, a["card"], "play", a.player)

    # --- main phase: familiars, supports, spell cards ----------------------------------------------
    def check_summon(self, s, a):
        r = self._main_phase(s, a) or self._in_hand(s, a)
        if r:
            return r
        d = self.card_def(s, a["card"])
        if d.kind == "character":
            return msg("a character card cannot be put onto the field from hand, only by an ability ({rule})",
                       rule="DM-R8")
        if d.kind != "familiar":
            return msg("only familiars go to the familiar zone")
        if a.get("to") not in (None, self.zk[a.player]["familiars"]):
            return msg("familiars go to your familiar zone")
        m = self.main_of(s, a.player)
        need = d.get("req_p") or 0
        if m is None or self.power(s, m) < need:
            have = 0 if m is None else self.power(s, m)
            return msg("{card} needs P{need} on your main character, it has P{have} ({rule})",
                       card=self.card_ref(s, a["card"], a.player), need=need, have=have, rule="DM-R2")
        return None

    def do_summon(self, s, a):
        self.enter_field(s, a["card"], f"{a.player}.familiars")
        self.log(s, msg("{player} puts {card} onto the field", player=PN(a.player), card=self.card_ref(s, a["card"], "all")))
        self.fire(s, a["card"], "enter", a.player)

    def check_support(self, s, a):
        r = self._main_phase(s, a) or self._in_hand(s, a, "support")
        if r:
            return r
        if a.get("to") not in (None, self.zk[a.player]["supports"]):
            return msg("supports go to your support area")
        return self._target_problem(s, a["card"], "play", a.player)

    def do_support(self, s, a):
        c = self.move(s, a["card"], f"{a.player}.supports", face_up=True)
        c.counters["time"] = self.card_def(s, c.uid).get("time") or 1
        self.log(s, msg("{player} uses {card} ({time} {n})", player=PN(a.player), card=self.card_ref(s, c.uid, "all"),
                        time=self.rs.word("counter.time"), n=c.counters["time"]))
        self.fire(s, c.uid, "play", a.player)

    def check_declare(self, s, a):
        r = self._main_phase(s, a) or self._in_hand(s, a, "spell")
        if r:
            return r
        p = a.player
        if a.get("to") not in (None, self.zk[p]["spell"]):
            return msg("a spell card is declared into your spell card slot")
        if self.spell_of(s, p) is not None:
            return msg("only one spell card can be in use at a time ({rule})", rule="DM-R9")
        d = self.card_def(s, a["card"])
        card = self.card_ref(s, a["card"], p)
        if self.same_name_in_grave(s, p, a["card"]):
            return msg("{card} is in your spell graveyard: a spell card of the same name cannot be used ({rule})",
                       card=card, rule="DM-R9")
        m = self.main_of(s, p)
        fu, pw = self.stat(s, m, "spell"), self.power(s, m)
        if fu < (d.get("req_spell") or 0) or pw < (d.get("req_p") or 0):
            return msg("{card} needs {spell} {need_spell} P{need_p} on your main character, it has {spell} {spell_n} "
                       "P{p} ({rule})", card=card, spell=self.rs.stat_term("spell"), need_spell=d.get("req_spell"),
                       need_p=d.get("req_p"), spell_n=fu, p=pw, rule="DM-R3, DM-R29")
        return None

    def do_declare(self, s, a):
        c = self.move(s, a["card"], f"{a.player}.spell", face_up=True)
        d = self.card_def(s, c.uid)
        c.counters["hp"] = d.get("hp") or 1
        c.counters["time"] = d.get("time") or 1
        st = self.rs.stat_term
        self.log(s, msg("{player} declares {card} ({atk} {a}/{hit} {h}, {time} {t}/{hp} {n})", player=PN(a.player),
                        card=self.card_ref(s, c.uid, "all"), atk=st("atk"), a=d.get("atk"), hit=st("hit"), h=d.get("hit"),
                        time=st("time"), t=d.get("time"), hp=st("hp"), n=d.get("hp")), kind="declare")
        self.fire(s, c.uid, "declare", a.player)

    # --- main phase: abilities ------------------------------------------------------------------------
    def check_ability(self, s, a):
        r = self._main_phase(s, a)
        if r:
            return r
        u = a["card"]
        if not self._own_field(s, a.player, u):
            return msg("only your characters and familiars on the field use abilities")
        card = self.card_ref(s, u, a.player)
        if s.cards[u].cid not in self.abilities:
            return msg("{card} has no ability", card=card)
        d = self.card_def(s, u)
        pw = self.power(s, u)
        if pw < (d.get("ability_p") or 0):
            return msg("the ability needs P{need} on {card}, it has P{p} ({rule})", need=d.get("ability_p"), card=card,
                       p=pw, rule="DM-R1")
        if pw < (d.get("cost_p") or 0):
            return msg("the ability discards P{need} from {card}, it has P{p} ({rule})", need=d.get("cost_p"),
                       card=card, p=pw, rule="DM-R30")
        if len(s.zones[self.zk[a.player]["hand"]]) < (d.get("cost_hand") or 0):
            return msg("the ability discards {n} card(s) from your hand ({rule})", n=d.get("cost_hand"), rule="DM-R1")
        return self._target_problem(s, u, "activate", a.player)

    def _target_problem(self, s, uid, trigger, player):
        """Return why a card's ability or support cannot be used for want of the card its text acts on
        (no active spell card for 霊夢's ability, for 懐中時計), or None (DM-D29)."""
        for spec in self.target_specs.get((s.cards[uid].cid, trigger), ()):
            if not self.effect_candidates(s, {"player": player, "source": uid}, spec):
                return msg("{card}: there is nothing for its text to act on ({rule})",
                           card=self.card_ref(s, uid, player), rule="DM-D29")
        return None

    def do_ability(self, s, a):
        u, p = a["card"], a.player
        d = self.card_def(s, u)
        card = self.card_ref(s, u, "all")
        self.log(s, msg("{player} uses the ability of {card}", player=PN(p), card=card))
        if d.get("cost_p"):
            self.pay_power(s, u, d.get("cost_p"))
        if d.get("cost_hp"):
            c = s.cards[u]
            c.counters["hp"] = max(0, self.hp(s, u) - d.get("cost_hp"))
            hp = self.rs.word("counter.hp")
            self.log(s, msg("{card} pays {hp} {n} ({hp} {left})", card=card, hp=hp, n=d.get("cost_hp"),
                            left=c.counters["hp"]))
        if d.get("cost_hand"):
            self.ask(s, p, "pay_discard", msg("{card}: discard a card from your hand (cost)", card=card),
                     public_prompt=msg("{player} discards for {card}'s ability", player=PN(p), card=card), source=u,
                     left=d.get("cost_hand"))
        else:
            self.fire(s, u, "activate", p)

    def pay_power(self, s, u, n):
        """Pay P n from the card itself (DM-R30) by discarding whole point cards: the fewest P over n,
        then the fewest cards; a card is never split, so no change is given (DM-D16)."""
        reach = {0: []}          # P total -> the fewest cards that make it (a 0/1 knapsack over the cards)
        for a in sorted(s.cards[u].attached, key=lambda a: self.point_power.get(s.cards[a].cid, 0)):
            v = self.point_power.get(s.cards[a].cid, 0)
            if v <= 0:
                continue
            for total, picked in list(reach.items()):
                if total + v not in reach or len(reach[total + v]) > len(picked) + 1:
                    reach[total + v] = picked + [a]
        enough = [total for total in reach if total >= n]
        paid = min(enough) if enough else max(reach)
        for a in reach[paid]:
            self.move(s, a, f"{s.cards[a].owner}.discard")
        self.log(s, msg("{card} discards P{paid} (P{left} left)", card=self.card_ref(s, u, "all"), paid=paid,
                        left=self.power(s, u)))

    def check_discard(self, s, a):
        if not self._pending(s, a, "pay_discard"):
            return msg("nothing asks you to discard now")
        return self._in_hand(s, a)

    def do_discard(self, s, a):
        q = s.pending[0]
        self.move(s, a["card"], f"{a.player}.discard")
        self.log(s, msg("{player} discards {card}", player=PN(a.player), card=self.card_ref(s, a["card"], "all")))
        q["left"] -= 1
        if q["left"] <= 0 or not s.zones[f"{a.player}.hand"]:
            s.pending.pop(0)
            self.fire(s, q["source"], "activate", a.player)
