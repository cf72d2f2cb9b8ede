"""The danmaku phase: the attack, the defender's choice, hit check and damage (DM-R19, DM-R21..R28,
DM-D1..D4)."""
from __future__ import annotations

from tabletop.engine.msg import msg

from .rules import PN


class DanmakuAttack:
    """End the main phase, attack, defend, and resolve the hit."""

    # --- phases --------------------------------------------------------------------------------------
    def check_end_phase(self, s, a):
        if s.pending:
            return msg("first answer the open choice")
        if a.player != s.active:
            return msg("it is not your turn")
        if s.phase == "danmaku":
            return msg("fire your danmaku first: the turn player attacks in the danmaku phase ({rule})", rule="DM-R19")
        if s.phase != "main":
            return msg("nothing to end now")
        return None

    def do_end_phase(self, s, a):
        s.phase = "danmaku"
        mode = msg("spell card") if self.spell_of(s, a.player) is not None else msg("normal shot")
        self.log(s, msg("{player}: {phase} ({mode})", player=PN(a.player), phase=self.rs.phase_term("danmaku"),
                        mode=mode), kind="phase")

    def check_attack(self, s, a):
        if s.pending:
            return msg("first answer the open choice")
        if a.player != s.active:
            return msg("only the turn player attacks ({rule})", rule="DM-R19")
        if s.phase != "danmaku":
            return msg("attacks happen in the {phase} phase ({rule})", phase=self.rs.phase_term("danmaku"), rule="DM-R19")
        want = self._attack_action(s, a.player)
        if a.get("card") != want.get("card"):
            return (msg("your active spell card attacks ({rule})", rule="DM-R19") if self.spell_of(s, a.player) is not None
                    else msg("with no spell card, your main character fires a normal shot ({rule})", rule="DM-R19"))
        if a.get("target") != want.get("target"):
            return (msg("the attack goes to the defending spell card ({rule})", rule="DM-R22, DM-D4")
                    if want.get("target") is not None
                    else msg("the defender chooses which card takes the hit ({rule})", rule="DM-R25, DM-D3"))
        return None

    def do_attack(self, s, a):
        p, d = a.player, 1 - a.player
        s.data["attacked"] = True
        mine = self.spell_of(s, p)
        shooter = (self.card_ref(s, mine, "all") if mine is not None
                   else msg("{card}'s normal shot", card=self.card_ref(s, self.main_of(s, p), "all")))
        self.log(s, msg("{player} fires danmaku: {shooter}", player=PN(p), shooter=shooter), kind="attack",
                 card=a["card"])
        if self.spell_of(s, d) is not None:
            self.resolve_attack(s, p, self.spell_of(s, d))
            self.end_turn(s)
            return
        options = self.field(s, d)
        if len(options) == 1:
            self.resolve_attack(s, p, options[0])
            self.end_turn(s)
            return
        self.ask(s, d, "defend", msg("Choose which of your cards takes the hit ({rule})", rule="DM-R25"),
                 public_prompt=msg("{player} chooses which card takes the hit ({rule})", player=PN(d), rule="DM-R25"),
                 options=options)

    def check_defend(self, s, a):
        q = self._pending(s, a, "defend")
        if q is None:
            return msg("nothing is attacking you now")
        if a["card"] not in q["options"]:
            return msg("choose one of your characters or familiars ({rule})", rule="DM-R25")
        return None

    def do_defend(self, s, a):
        s.pending.pop(0)
        self.log(s, msg("{player} takes the hit with {card}", player=PN(a.player), card=self.card_ref(s, a["card"], "all")))
        self.resolve_attack(s, s.active, a["card"])
        self.end_turn(s)

    # --- the danmaku: hit check and damage -------------------------------------------------------------
    def hit_check(self, s, hit, eva) -> bool:
        """Decide a hit (DM-R21, DM-D1): d ≥ 20 hits, d ≤ −20 needs two heads, otherwise one head."""
        d = hit - eva
        st = self.rs.stat_term
        if d >= 20:
            self.log(s, msg("hit check: {hit} {h} − {eva} {e} = {d} ≥ 20: hit ({rule})", hit=st("hit"), h=hit,
                            eva=st("eva"), e=eva, d=d, rule="DM-R21"), kind="hit")
            return True
        if d <= -20:
            c1 = self.coin(s, msg("hit check {rule}: evasion ahead by 20 or more, two heads hit", rule="DM-D1"))
            c2 = self.coin(s, msg("hit check: second coin"))
            ok = c1 and c2
        else:
            ok = self.coin(s, msg("hit check {rule}: {hit} {h} − {eva} {e} = {d}, heads hits", hit=st("hit"), h=hit,
                                  eva=st("eva"), e=eva, d=d, rule="DM-R21"))
        self.log(s, msg("hit!") if ok else msg("missed: the danmaku phase ends"), kind="hit" if ok else "miss")
        return ok

    def resolve_attack(self, s, p, target):
        """Resolve p's attack on `target` (the defending spell card, or the card the defender chose)."""
        d = 1 - p
        mine = self.spell_of(s, p)
        foe_main = self.main_of(s, d)
        at_spell = s.cards[target].zone == f"{d}.spell"
        if mine is not None:
            hit, attack, who = self.stat(s, mine, "hit"), self.stat(s, mine, "atk"), self.card_ref(s, mine, "all")
        else:
            m = self.main_of(s, p)
            hit = self.stat(s, m, "hit")                                  # DM-R28
            attack = self.normal_attack(s, p, with_familiars=at_spell)    # DM-R22/R23, DM-D3
            who = msg("{card}'s normal shot with familiars" if at_spell and s.zones[f"{p}.familiars"]
                      else "{card}'s normal shot", card=self.card_ref(s, m, "all"))
        guard = foe_main if at_spell else target                           # DM-R22 / DM-R25
        self.log(s, msg("{who} → {target} ({atk} {n})", who=who, target=self.card_ref(s, target, "all"),
                        atk=self.rs.stat_term("atk"), n=attack), kind="attack_value", target=target)
        if not self.hit_check(s, hit, self.stat(s, guard, "eva")):
            return
        guard_def = self.stat(s, guard, "def")
        dmg = max(0, attack - guard_def)                                   # DM-R23, DM-D2
        c = s.cards[target]
        c.counters["hp"] = max(0, self.hp(s, target) - dmg)
        self.log(s, msg("{card} takes {n} damage ({atk} {a} − {def_} {d}); {hp} {left}", card=self.card_ref(s, target, "all"),
                        n=dmg, atk=self.rs.stat_term("atk"), a=attack, def_=self.rs.stat_term("def"), d=guard_def,
                        hp=self.rs.word("counter.hp"), left=c.counters["hp"]), kind="damage", target=target, amount=dmg)
        self.state_rules(s)
