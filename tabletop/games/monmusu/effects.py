"""Effects: role targets, the effect queue, destroy and bounce (MM-R37, MM-R38, MM-R41, MM-D6).
"""
from __future__ import annotations

from tabletop.engine import Action
from tabletop.engine.effects import QUEUE, step_words
from tabletop.engine.msg import msg

from .rules import _p, MAINS, ROLES, SLOT_SET, SUBS, ZONE_GROUPS


def _spec_zones(spec) -> tuple:
    """Return, for each player, the (zone key, is a slot) pairs a target spec's `zones` names (groups
    such as `battle` spread into their slots), kept by the zones' names (`_SPEC_ZONES`)."""
    names = tuple(spec.get("zones") or ("battle",))
    zones = []
    for z in names:
        zones.extend(ZONE_GROUPS.get(z, (z,)))
    got = _SPEC_ZONES[names] = tuple(tuple((f"{p}.{z}", z in SLOT_SET) for z in zones) for p in (0, 1))
    return got


_SPEC_ZONES: dict[tuple, tuple] = {}


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
                if self.effect_candidates(s, {"player": player, "source": source}, spec, first=True):
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

    # --- put out (出す) into a space the owner chooses (MM-R23, MM-D16) -------------------------
    def put_out_into(self, s, t, key) -> None:
        """Put card t into the empty space `key`: cast with CT 0, not a summon, no time (MM-R23)."""
        self.move(s, t, key, face_up=True, tapped=True)
        self.cast_monster(s, t, 0)
        self.log(s, msg("{card} is put into {zone} (put out, not a summon, {rule})", card=self.card_ref(s, t, "all"),
                        zone=self.zone_label(key), rule="MM-R23"))

    def _space_pending(self, s, player):
        pe = s.pending[0] if s.pending else None
        if pe and pe["kind"] == "effect_target" and pe.get("target_kind") == "space" and pe["player"] == player:
            return pe
        return None

    def effect_actions(self, s, player):
        pe = s.pending[0] if s.pending else None
        if pe and pe.get("target_kind") == "space":
            if pe["player"] != player:
                return []
            return [Action("put_out", player, (("card", pe["card"]), ("to", key))) for key in pe["options"]]
        return super().effect_actions(s, player)

    def check_put_out(self, s, a):
        pe = self._space_pending(s, a.player)
        if pe is None:
            return msg("no card is waiting to be put out")
        if a.get("card") != pe["card"]:
            return msg("put out the card the effect chose ({rule})", rule="MM-D16")
        if a.get("to") not in pe["options"]:
            return msg("a card put out goes into an empty space of your battle zone ({rule})", rule="MM-R23, MM-D16")
        return None

    def do_put_out(self, s, a):
        s.pending.pop(0)
        self.put_out_into(s, a["card"], a["to"])
        self.resolve_effects(s)

    def check_choose_target(self, s, a):
        if self._space_pending(s, a.player) is not None:
            return msg("choose the space: drag the card into an empty space of your battle zone ({rule})",
                       rule="MM-D16")
        return super().check_choose_target(s, a)

    def effect_candidates(self, s, ctx, spec, first=False):
        """Return the cards (or players) a target spec allows, in table order; with `first`, stop at the
        first one (`_target_problem` asks only whether there is one)."""
        if not isinstance(spec, dict):
            return []
        if "uids" in spec:
            return [u for u in spec["uids"] if u in s.cards and self.is_monster(s, u) and not self.down(s, u)]
        me = ctx["player"]
        side = spec.get("side", "any")
        players = (me,) if side == "own" else (1 - me,) if side == "enemy" else (me, 1 - me)
        if spec.get("player"):
            return list(players)
        zones = _SPEC_ZONES.get(tuple(spec.get("zones") or ("battle",)))
        if zones is None:
            zones = _spec_zones(spec)
        cards = s.cards
        pow_max = spec.get("pow_max")
        cast = spec.get("cast")
        out = []
        for p in players:
            for key, slot in zones[p]:
                pile = s.zones.get(key, ())
                for u in (pile[-1:] if slot else pile):
                    c = cards[u]
                    if slot and (not c.face_up or c.flags.get("down")):
                        continue
                    if not self.matches(s, u, spec):
                        continue
                    if pow_max is not None and self.pow(s, u) > pow_max:
                        continue
                    if cast and not c.tapped:
                        continue
                    out.append(u)
                    if first:
                        return out
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
