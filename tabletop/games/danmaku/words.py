"""Words and panels: what the table shows and the words of every action."""
from __future__ import annotations

from tabletop.engine.msg import msg

from .rules import PN


class DanmakuWords:
    """The public view and the action words."""

    # --- words and panels --------------------------------------------------------------------------------
    def public(self, s, viewer):
        players = []
        for p in (0, 1):
            m = self.main_of(s, p)
            zs, w = self.rs.zones, self.rs.word
            used = (msg("used") if s.data.get("power_used") and p == s.active else msg("free"),
                    msg("used") if s.data.get("score_used") and p == s.active else msg("free"))
            players.append({
                zs["main"].term: self.card_ref(s, m, "all") if m is not None and s.cards[m].face_up else "—",
                w("counter.hp"): self.hp(s, m) if m is not None else 0,
                w("value.p"): self.power(s, m) if m is not None else 0,
                zs["side"].term: len(s.zones[f"{p}.side"]),
                zs["deck"].term: len(s.zones[f"{p}.deck"]),
                zs["hand"].term: len(s.zones[f"{p}.hand"]),
                zs["spell_grave"].term: len(s.zones[f"{p}.spell_grave"]),
                msg("Power/Score"): msg("{power}/{score}", power=used[0], score=used[1]),
            })
        badges = {}
        for p in (0, 1):
            for u in self.field(s, p):
                if not s.cards[u].face_up:
                    continue
                pw = self.power(s, u)
                tags = [msg("P{n}", n=pw)] if pw else []
                if u == self.main_of(s, p):
                    tags.append(msg("{stat} {n}", stat=self.rs.stat_term("shot"), n=self.shot_attack(s, u)))
                badges[u] = tags
            sp = self.spell_of(s, p)
            if sp is not None:
                badges[sp] = [msg("{stat} {n}", stat=self.rs.stat_term("atk"), n=self.stat(s, sp, "atk")),
                              msg("{stat} {n}", stat=self.rs.stat_term("hit"), n=self.stat(s, sp, "hit"))]
        return {"players": players,
                "shared": {},   # the turn is on the top bar, the phase on the phase bar
                "badges": {u: t for u, t in badges.items() if t}}

    def describe(self, s, a, viewer=None):
        k = a.kind
        lab = (lambda u: self.card_label(s, u, viewer))
        if k == "keep":
            return msg("Keep this hand")
        if k == "redraw":
            return msg("Redraw {n}", n=self.hand_n)
        if k == "choose_main":
            return lab(a["choice"])
        if k == "defend":
            return msg("Take the hit with {card}", card=lab(a["card"]))
        if k == "discard":
            return msg("Discard {card}", card=lab(a["card"]))
        if k == "end_phase":
            return msg("To the {phase} phase", phase=self.rs.phase_term("danmaku"))
        if k == "attack":
            return msg("Attack {target}", target=lab(a["target"])) if a.get("target") else msg("Attack")
        if k in ("power", "score"):
            return msg("{card} → {target}", card=lab(a["card"]), target=lab(a["target"]))
        if k == "declare":
            return msg("Declare {card}", card=lab(a["card"]))
        if k == "ability":
            return msg("Ability of {card}", card=lab(a["card"]))
        if k == "summon":
            return msg("Put {card} onto the field", card=lab(a["card"]))
        if k == "support":
            return msg("Use {card}", card=lab(a["card"]))
        if k == "bomb":
            return msg("{bomb}: use {card}", bomb=self.rs.word("bomb"), card=lab(a["card"]))
        if k == "choose_target":
            if a.get("target_player") is not None:
                return PN(a["target_player"])
            return lab(a["choice"] if a.get("choice") is not None else a["target"])
        if k == "skip_effect":
            return msg("Decline")
        return super().describe(s, a, viewer)
