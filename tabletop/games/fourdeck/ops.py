"""Card effects: fourdeck's effect ops (`OPS`, added to its controller's `EFFECT_OPS`) and what the
shared ops mean in this game (FD-R1, FD-R3, FD-R4, FD-R9, FD-R20, FD-R21)."""
from __future__ import annotations

from tabletop.engine import Action
from tabletop.engine.effects import Op
from tabletop.engine.msg import msg
from tabletop.engine.state import split_key
from tabletop.games.fourdeck.rules import LEVELS


def _dispatch(name: str):
    """Return an op function that calls the controller's `op_<name>` (a method, so the op reads
    beside the effect hooks below)."""
    def fn(ctl, s, ctx):
        getattr(ctl, "op_" + name)(s, ctx)
    return fn


# This game's effect ops (its controller's EFFECT_OPS adds them to the shared ones).
OPS = {
    "deck_damage": Op(_dispatch("deck_damage"), "zone"),   # n damage to a deck (FD-R3 applies)
    "deck_heal": Op(_dispatch("deck_heal"), "zone"),       # restore n HP, up to the maximum
    "to_deck": Op(_dispatch("to_deck"), "card"),           # a field unit → bottom of its home deck
    "peek": Op(_dispatch("peek"), "zone"),                 # look at the top card of a deck (FD-R7)
    "win_if": Op(_dispatch("win_if")),                     # win with n units of a type (FD-R20)
}


class FourDeckEffects:
    """The effect hooks and fourdeck's own ops (`op_<name>`, found by `_dispatch`)."""

    # --- effect hooks: what the shared ops mean here ------------------------------------------
    def effect_candidates(self, s, ctx, spec):
        if isinstance(spec, dict) and spec.get("decks"):
            me = ctx["player"]
            players = {"own": [me], "enemy": [1 - me], "any": [me, 1 - me]}.get(spec.get("side", "own"), [me])
            return [f"{p}.{d}" for p in players for d in spec["decks"]]
        out = super().effect_candidates(s, ctx, spec)
        if isinstance(spec, dict) and spec.get("not_partner"):
            out = [u for u in out if not s.cards[u].flags.get("partner")]
        if ctx["step"].get("do") == "destroy":
            out = [u for u in out if not self.indestructible(s, u)]   # FD-R1: "cannot" wins
        return out

    def _zone_choice(self, p) -> bool:
        return bool(p["options"]) and isinstance(p["options"][0], str)

    def effect_actions(self, s, player):
        if not s.pending or s.pending[0]["kind"] != "effect_target" or s.pending[0]["player"] != player:
            return []
        p = s.pending[0]
        if not self._zone_choice(p):
            return super().effect_actions(s, player)
        out = [Action.make("choose_target", player, target_zone=z) for z in p["options"]]
        if p.get("optional"):
            out.append(Action.make("skip_effect", player))
        return out

    def check_choose_target(self, s, a):
        p = self._effect_pending(s, a)
        if p is not None and self._zone_choice(p):
            return None if a.get("target_zone") in p["options"] else msg("choose one of the decks offered")
        return super().check_choose_target(s, a)

    def do_choose_target(self, s, a):
        p = s.pending[0]
        if not self._zone_choice(p):
            return super().do_choose_target(s, a)
        s.pending.pop(0)
        item = p["item"]
        self._run(s, self.EFFECT_OPS[item["step"]["do"]].fn, {**item, "target": a["target_zone"]})
        self.after_step(s)
        self.resolve_effects(s)

    def fx_destroy(self, s, uid, ctx):
        c = s.cards[uid]
        if c.zone != f"{c.owner}.field":
            return
        if self.indestructible(s, uid):
            self.log(s, msg("{card} cannot be destroyed (FD-R9/FD-R1)", card=self.card_ref(s, uid, "all")))
            return
        self._leave_field(s, uid)
        self.move(s, uid, f"{c.owner}.grave", face_up=True)
        self.log(s, msg("{card} is destroyed and goes to the graveyard (FD-R21)", card=self.card_ref(s, uid, "all")),
                 kind="destroy", card=uid)
        self._trigger(s, uid, "destroyed")         # FD-R21: on-destroy effects fire

    def fx_exile(self, s, uid, ctx):
        c = s.cards[uid]
        if c.zone != f"{c.owner}.field":
            return
        self._leave_field(s, uid)
        self.move(s, uid, f"{c.owner}.exile", face_up=True)
        self.log(s, msg("{card} is exiled: out of the game, nothing fires (FD-R21)", card=self.card_ref(s, uid, "all")),
                 kind="exile", card=uid)

    def fx_bounce(self, s, uid, ctx):
        self.op_to_deck(s, {**ctx, "target": uid})   # there is no hand (FD-R4)

    def op_deck_damage(self, s, ctx):
        self.damage_deck(s, ctx["target"], int(ctx["step"].get("n", 1)))

    def op_deck_heal(self, s, ctx):
        key = ctx["target"]
        p, d = split_key(key)
        if d not in LEVELS:
            return
        hk = "hp_" + d
        before = s.players[p][hk]
        s.players[p][hk] = min(self.max_hp[d], before + int(ctx["step"].get("n", 1)))
        self.log(s, msg("{zone}: HP {before} → {after} (FD-R3)", zone=self.zone_label(key), before=before,
                        after=s.players[p][hk]), kind="deck_hp", zone=key)

    def op_to_deck(self, s, ctx):
        uid = ctx["target"]
        c = s.cards.get(uid)
        if c is None or c.zone != f"{c.owner}.field":
            return
        self._leave_field(s, uid)
        c.flags.pop("partner", None)
        name = self.card_ref(s, uid, "all")   # named while it is still face up on the field
        dest = f"{c.owner}.{self.home_deck(s, uid)}"
        self.move(s, uid, dest, index=0, face_up=False)
        self.log(s, msg("{card} returns to the bottom of {zone}", card=name, zone=self.zone_label(dest)),
                 kind="move", card=uid)

    def op_peek(self, s, ctx):
        key = ctx["target"]
        pile = s.zones.get(key)
        p = ctx["player"]
        if not pile:
            self.log(s, msg("P{n} looks at {zone}: it is empty", n=p + 1, zone=self.zone_label(key)))
            return
        self.reveal_to(s, pile[-1], p)
        self.log(s, msg("P{n} looks at the top card of {zone}", n=p + 1, zone=self.zone_label(key)),
                 {p: msg("P{n} looks at the top card of {zone}: {card}", n=p + 1, zone=self.zone_label(key),
                         card=self.card_ref(s, pile[-1], p))})

    def op_win_if(self, s, ctx):
        p, st = ctx["player"], ctx["step"]
        tag, n = st.get("tag"), int(st.get("n", 1))
        have = sum(1 for u in s.zones[f"{p}.field"] if tag in self.card_def(s, u).tags)
        word = self.rs.words.get(f"tag.{tag}", tag)   # the tag in the reader's language (ruleset.yaml words)
        if have >= n:
            self.win(s, p, msg("P{n} wins by the effect of {card}: {count} {tag} units on the field (FD-R20)",
                               n=p + 1, card=self.card_ref(s, ctx["source"], "all"), count=have, tag=word))
        else:
            self.log(s, msg("{card}: only {count} {tag} units (needs {need}) — nothing happens (FD-R20)",
                            card=self.card_ref(s, ctx["source"], "all"), count=have, tag=word, need=n))
