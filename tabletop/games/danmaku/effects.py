"""The effect engine's hooks for danmaku: putting cards onto the field (DM-R8), damage, heal (DM-R1),
destroy, and choices from inside a pile."""
from __future__ import annotations

from tabletop.engine import Action
from tabletop.engine.msg import msg

from .rules import PN


class DanmakuEffects:
    """Overrides of EffectsMixin's candidates, effects and target choices."""

    # --- effect hooks ----------------------------------------------------------------------------------
    def effect_candidates(self, s, ctx, spec):
        if not (isinstance(spec, dict) and spec.get("enter")):
            return super().effect_candidates(s, ctx, spec)
        p = ctx["player"]
        on_field = {self.name(s, u) for u in self.field(s, p)}
        # DM-R8: no second copy of a character on your field; only characters and familiars enter.
        return [u for u in super().effect_candidates(s, ctx, spec)
                if self.card_def(s, u).kind in ("character", "familiar")
                and not (self.card_def(s, u).kind == "character" and self.name(s, u) in on_field)]

    def fx_damage(self, s, target, n, ctx):
        c = s.cards[target]
        c.counters["hp"] = max(0, c.counters.get("hp", 0) - n)
        self.log(s, msg("{card} takes {n} damage ({hp} {left})", card=self.card_ref(s, target, "all"), n=n,
                        hp=self.rs.word("counter.hp"), left=c.counters["hp"]))
        self.state_rules(s)     # a main character at 0 HP loses at once, before the effect's next step

    def fx_heal(self, s, target, n, ctx):
        c = s.cards[target]
        c.counters["hp"] = c.counters.get("hp", 0) + n      # DM-R1: HP is no maximum
        self.log(s, msg("{card} heals {n} ({hp} {left})", card=self.card_ref(s, target, "all"), n=n,
                        hp=self.rs.word("counter.hp"), left=c.counters["hp"]))

    def fx_destroy(self, s, uid, ctx):
        c = s.cards[uid]
        dest = "spell_grave" if c.zone.endswith(".spell") else "discard"
        self.leave_field(s, uid, f"{c.owner}.{dest}")
        self.log(s, msg("{card} is destroyed", card=self.card_ref(s, uid, "all")))

    # A card chosen from inside a pile (a deck search, アリス's summon) cannot be clicked on the
    # table, which shows only the pile's top: such options are `choice=` buttons instead of `target=`.
    def effect_actions(self, s, player):
        out = super().effect_actions(s, player)
        return [Action.make("choose_target", player, choice=a["target"])
                if a.kind == "choose_target" and a.get("target") is not None
                and self.rs.zones[s.cards[a["target"]].zone.split(".", 1)[1]].kind == "pile" else a
                for a in out]

    def _as_target(self, a):
        return Action.make("choose_target", a.player, target=a["choice"]) if a.get("choice") is not None else a

    def check_choose_target(self, s, a):
        if a.get("choice") is not None:
            if a["choice"] not in s.cards or self.rs.zones[s.cards[a["choice"]].zone.split(".", 1)[1]].kind != "pile":
                return msg("that is not a legal choice for this effect")
        elif a.get("target") in s.cards and self.rs.zones[s.cards[a["target"]].zone.split(".", 1)[1]].kind == "pile":
            return msg("choose that card with choice=, it lies in a pile")
        return super().check_choose_target(s, self._as_target(a))

    def do_choose_target(self, s, a):
        super().do_choose_target(s, self._as_target(a))

    def do_skip_effect(self, s, a):
        q = s.pending.pop(0)
        step = q["item"]["step"]
        self.log(s, msg("{player} declines: {card}", player=PN(a.player), card=self.card_ref(s, q["item"]["source"], "all")))
        if step.get("do") == "_take":
            self.shuffle(s, step["from"])
        elif step.get("do") == "_summon" and step.get("shuffle"):
            self.shuffle(s, step["shuffle"])
        self.resolve_effects(s)
