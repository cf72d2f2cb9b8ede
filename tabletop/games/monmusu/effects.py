"""Effects: role targets, the effect queue, destroy and bounce (MM-R37, MM-R38, MM-R41, MM-D6).
"""
from __future__ import annotations

from tabletop.engine.effects import QUEUE, step_words
from tabletop.engine.msg import msg

from .rules import _p, MAINS, ROLES, SLOT_SET, SUBS, ZONE_GROUPS


class MonmusuEffects:
    # --- effects -----------------------------------------------------------------------------
    def _role_target(self, s, role, source, user):
        """Return the card a role target names (user, attacker, defender, foe), or None."""
        if role == "user":
            return user
        b = s.data.get("battle") or {}
        if role == "foe":
            return b.get("defender") if source == b.get("attacker") or user == b.get("attacker") else b.get("attacker")
        return b.get(role)

    def _target_problem(self, s, source, steps, player, user, public_only=False):
        """Return why a skill or spell cannot be used for want of a target, or None (MM-D21).

        Using one is paying its 【コスト】, choosing its 【対象】 and resolving its 【効果】 (⑤スキル): a step
        with a target (other than the card itself) and no card to choose makes the whole skill unusable.
        With `public_only`, steps that choose from a hidden place (a hand) are not judged: an offer must
        not tell the opponent what that place holds.
        """
        for st in steps:
            spec = st.get("target")
            if spec is None or spec == "self":
                continue
            if spec in ROLES:
                who = self._role_target(s, spec, source, user)
                if who is not None and who in s.cards and self.is_monster(s, who) and not self.down(s, who):
                    continue
            elif isinstance(spec, dict):
                if public_only and any(z not in ZONE_GROUPS and z not in SLOT_SET for z in spec.get("zones") or ()):
                    continue
                if self.effect_candidates(s, {"player": player, "source": source}, spec):
                    continue
            return msg("{card}: no target for 「{step}」, so it cannot be used ({rule})",
                       card=self.card_ref(s, source, player), step=step_words(st), rule="MM-D21")
        return None

    def _queue(self, s, source, steps, player, user=None) -> None:
        """Queue a skill's or spell's steps; role targets (user, attacker, ...) are fixed now."""
        q = s.data.setdefault(QUEUE, [])
        for st in steps:
            st = {k: v for k, v in st.items() if k not in ("cost", "forced")}
            t = st.get("target")
            if t in ROLES:
                who = self._role_target(s, t, source, user)
                st["target"] = {"uids": [who] if who is not None else [], "all": True}
            q.append({"source": source, "player": player, "step": st, "event": {"user": user}})
        self.resolve_effects(s)

    def effect_candidates(self, s, ctx, spec):
        if not isinstance(spec, dict):
            return []
        if "uids" in spec:
            return [u for u in spec["uids"] if u in s.cards and self.is_monster(s, u) and not self.down(s, u)]
        me = ctx["player"]
        players = {"own": [me], "enemy": [1 - me]}.get(spec.get("side", "any"), [me, 1 - me])
        if spec.get("player"):
            return players
        zones = []
        for z in spec.get("zones") or ["battle"]:
            zones.extend(ZONE_GROUPS.get(z, (z,)))
        out = []
        for p in players:
            for z in zones:
                pile = s.zones.get(f"{p}.{z}", ())
                for u in (pile[-1:] if z in SLOT_SET else pile):
                    c = s.cards[u]
                    if z in SLOT_SET and (not c.face_up or c.flags.get("down")):
                        continue
                    if not self.matches(s, u, spec):
                        continue
                    if "pow_max" in spec and self.pow(s, u) > spec["pow_max"]:
                        continue
                    if spec.get("cast") and not c.tapped:
                        continue
                    out.append(u)
        return out

    def destroy(self, s, uid, in_battle=False) -> bool:
        """Destroy a monster: a sub goes to the graveyard (MM-R37), a main goes down (MM-R38)."""
        c = s.cards[uid]
        z = self.slot_of(s, uid)
        if z is None or not self.is_monster(s, uid):
            return False
        if c.flags.get("down"):
            self.log(s, msg("{card} is down and cannot be destroyed ({rule})", card=self.card_ref(s, uid, "all"),
                            rule="MM-R38"))
            return False
        if z in SUBS:
            for m in list(c.attached):
                self.move(s, m, f"{c.owner}.grave", face_up=True)
            self.move(s, uid, f"{c.owner}.grave", face_up=True)
            c.flags.clear()
            self.log(s, msg("{card} is destroyed and goes to the graveyard ({rule})", card=self.card_ref(s, uid, "all"),
                            rule="MM-R37"), kind="destroy", card=uid)
            if not in_battle:
                self._offer(s, uid, "destroyed")
        else:
            c.flags.pop("mods", None)
            ct = 0 if self.d(s, uid).has("quick_revive") else None
            self.cast_monster(s, uid, ct)
            c.flags["down"] = True
            self.log(s, msg("{card} is destroyed: a main monster goes down, CT {ct} ({rule})",
                            card=self.card_ref(s, uid, "all"), ct=c.flags["ct"], rule="MM-R38"),
                     kind="destroy", card=uid)
        return True

    def fx_destroy(self, s, uid, ctx):
        self.destroy(s, uid)

    def fx_bounce(self, s, uid, ctx):
        c = s.cards[uid]
        z = self.slot_of(s, uid)
        if z in MAINS:
            self.log(s, msg("{card} is a main monster and never leaves its main area ({rule})",
                            card=self.card_ref(s, uid, "all"), rule="MM-R41"))
            return
        card = self.card_ref(s, uid, "all")     # (named while it is on the table: in the hand it is hidden)
        for m in list(c.attached):
            self.move(s, m, f"{c.owner}.grave", face_up=True)
        self.move(s, uid, f"{c.owner}.hand")
        c.flags.clear()
        self.log(s, msg("{card} returns to its owner's hand", card=card))

    def fx_player_value(self, s, player, key, delta, ctx):
        s.players[player][key] = max(0, s.players[player].get(key, 0) + delta)   # MM-D6: never below 0
        self.log(s, msg("{player} {value} {delta:+d} → {n}", player=_p(player), value=self.rs.word("value." + key),
                        delta=delta, n=s.players[player][key]), kind="hp", player=player, delta=delta)
        # MM-R44: HP 0 loses the moment it happens, before any later step or triggered skill resolves
        # (resolve_effects and the battle stop once the outcome is set).
        self._check_end(s)
