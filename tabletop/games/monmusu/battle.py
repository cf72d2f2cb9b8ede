"""The battle: MM-R28..R33.
"""
from __future__ import annotations

from tabletop.engine.msg import msg


# A battle's result in words (MM-R31).
RESULT_WORDS = {"attacker": msg("the attacker wins"), "defender": msg("the defender wins"), "draw": msg("a draw")}


class MonmusuBattle:
    # --- the battle (MM-R28..R33) ------------------------------------------------------------
    def _battler_ok(self, s, uid, owner) -> bool:
        return (uid in s.cards and self.is_monster(s, uid) and s.cards[uid].owner == owner
                and not self.down(s, uid))

    def _end_battle(self, s, why=""):
        b = s.data["battle"]
        s.data["battle"] = None
        if why:
            self.log(s, msg("the attack ends: {why}", why=why))
        self.tick(s, msg("attack"))
        del b

    def _battle_step(self, s):
        b = s.data["battle"]
        att, dfn, p = b["attacker"], b["defender"], b["player"]
        step = b["step"]
        if step in ("before", "during"):
            if b.get("cancelled"):
                return self._end_battle(s, msg("it was cancelled"))
            if not self._battler_ok(s, att, p):
                return self._end_battle(s, msg("the attacking monster is gone"))
            if dfn is not None and not self._battler_ok(s, dfn, 1 - p):
                return self._end_battle(s, msg("the defending monster is gone"))
        if step == "before":
            self.cast_monster(s, att)
            b["step"] = "during"
            self.log(s, msg("attack decided: {card} is {state}, CT {ct} ({rule})", card=self.card_ref(s, att, "all"),
                            state=self.rs.word("tapped"), ct=s.cards[att].flags["ct"], rule="MM-R29"))
            self._offer(s, att, "during_battle", battle=True)
            if dfn is not None:
                self._offer(s, dfn, "during_battle", battle=True)
        elif step == "during":
            pa = self.pow(s, att)
            if dfn is None:
                b.update(result="direct", destroy=None, hurt=1 - p, damage=pa)
                self.log(s, msg("direct attack: POW {n} ({rule})", n=pa, rule="MM-R32"))
            else:
                pd = self.pow(s, dfn)
                if pa > pd:
                    b.update(result="attacker", destroy=dfn, hurt=1 - p, damage=pa - pd)
                elif pd > pa:
                    b.update(result="defender", destroy=None, hurt=p, damage=pd - pa)
                else:
                    b.update(result="draw", destroy=None, hurt=None, damage=0)
                self.log(s, msg("POW {a} against {d}: {result} ({rule})", a=pa, d=pd, rule="MM-R31",
                                result=RESULT_WORDS[b["result"]]))
            b["step"] = "decide"
            if b["destroy"] is not None:
                self._offer(s, b["destroy"], "before_destroyed", battle=True)
        elif step == "decide":
            b["step"] = "after"
            gone = b["destroy"]
            if gone is not None and self._battler_ok(s, gone, 1 - p):
                self.destroy(s, gone, in_battle=True)
            if b["hurt"] is not None and b["damage"] > 0:
                self.fx_player_value(s, b["hurt"], "hp", -b["damage"], {})
            if s.outcome is not None:
                return
            for u in (att, dfn):
                if u is None:
                    continue
                self._offer(s, u, "after_battle", battle=True, exc=True)
                if u == att and b["result"] in ("attacker", "direct"):
                    self._offer(s, u, "after_win", battle=True, exc=True)
                if u == gone:
                    self._offer(s, u, "destroyed", battle=True, exc=True)
        else:
            self._end_battle(s)
