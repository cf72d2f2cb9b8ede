"""Views and words: what a seat sees (public), how actions read (describe), the drop action.
"""
from __future__ import annotations

from tabletop.engine.msg import msg, Term

from .rules import _p, SLOTS


class MonmusuWords:
    # --- views and words -----------------------------------------------------------------------
    def public(self, s, viewer):
        players = []
        for p in (0, 1):
            mana = s.zones[f"{p}.mana"]
            ready = sum(1 for u in mana if not s.cards[u].tapped)
            zs = self.rs.zones
            players.append({self.rs.word("value.hp"): s.players[p].get("hp", 0), zs["deck"].term: len(s.zones[f"{p}.deck"]),
                            zs["hand"].term: len(s.zones[f"{p}.hand"]),
                            self.rs.word("value.mana"): f"{ready}/{len(mana)}",
                            zs["grave"].term: len(s.zones[f"{p}.grave"])})
        badges = {}
        zones = {}
        for p in (0, 1):
            for z in SLOTS:
                pile = s.zones[f"{p}.{z}"]
                if not pile:
                    continue
                u = pile[-1]
                c = s.cards[u]
                if not c.face_up or self.rs.cards[c.cid].kind != "monster":
                    continue
                out = []
                if c.flags.get("down"):
                    out.append(self.rs.word("down"))
                if c.tapped:
                    need = self.needs(s, u)
                    # complete (完了): the CT is over; the monster recasts in its owner's next recast phase.
                    out.append(msg("CT{ct} {need} left", ct=c.flags.get("ct", 0), need=need) if need
                               else msg("CT{ct} complete", ct=c.flags.get("ct", 0)))
                # (a POW other than the printed one is shown by the table's stat chip, from live_stats)
                if c.attached:
                    out.append(msg("material {n}", n=len(c.attached)))
                if out:
                    badges[u] = out
        pe = s.pending[0] if s.pending else None
        if pe and pe["kind"] == "pay_mana" and pe["player"] == viewer and "need" in pe:
            # The suggestion the pay_mana button casts, marked for the payer only (MM-D9).
            for u in self.suggested_mana(s, viewer, pe["need"], pe["attr"], pe["then"]["card"]):
                badges.setdefault(u, []).append(msg("suggested"))
        b = s.data.get("battle")
        if b:
            badges.setdefault(b["attacker"], []).append(msg("attacking"))
            if b["defender"] is not None:
                badges.setdefault(b["defender"], []).append(msg("defending"))
        # (the turn is on the top bar already)
        shared = {self.rs.word("value.time"): s.data["time"], self.rs.word("value.turn_start"): s.data["turn_start"]}
        return {"players": players, "shared": shared, "badges": badges, "zones": zones}

    def describe(self, s, a, viewer=None):
        k = a.kind
        lab = lambda key: self.card_label(s, a[key], viewer)  # noqa: E731
        # A cost told only of a card the viewer sees: the cost of a hidden card would name it.
        seen = viewer is None or (a.get("card") in s.cards and self.visible(s, s.cards[a["card"]], viewer))
        try:
            if k == "choose_order":
                return msg("Go first") if a["choice"] == "first" else msg("Go second")
            if k == "pick_main":
                if viewer is not None and viewer != a.player:   # the pick is face down (MM-R7)
                    return msg("Main monster: a face-down card ({rule})", rule="MM-R7")
                d = self.rs.cards[a["choice"]]
                return msg("Main monster: {card}", card=Term(d.name_en or d.name, d.name, card=True))
            if k == "mulligan":
                return msg("Redraw the hand") if a["choice"] else msg("Keep the hand")
            if k == "extra_draw":
                return msg("Draw 1 card") if a["choice"] else msg("Do not draw")
            if k in ("use_skill", "pass_skill") and s.pending and "card" in s.pending[0]:
                card = self.card_label(s, s.pending[0]["card"], viewer)
                return msg("Use: {card}", card=card) if k == "use_skill" else msg("Do not use: {card}", card=card)
            if k == "summon":
                cost = self.d(s, a["card"]).get("cost") if seen else "?"
                return msg("Summon {card} → {zone} (cost {cost})", card=lab("card"), zone=self.zone_label(a["to"]),
                           cost=cost)
            if k in ("evolve", "awaken"):
                both = seen and (viewer is None or self.visible(s, s.cards[a["target"]], viewer))
                cost = self.stack_cost(s, a["card"], a["target"]) if both else "?"
                return msg("Evolve {card} → {target} (cost {cost})" if k == "evolve"
                           else "Awaken {card} → {target} (cost {cost})", card=lab("card"), target=lab("target"),
                           cost=cost)
            if k == "attack":
                if a.get("target") is None:
                    return msg("Direct attack: {card} → {player}", card=lab("card"), player=_p(a["target_player"]))
                return msg("Attack: {card} → {target}", card=lab("card"), target=lab("target"))
            if k == "skill":
                return msg("[Activated] {card}", card=lab("card"))
            if k == "spell":
                return msg("Spell {card} (used by {target})", card=lab("card"), target=lab("target"))
            if k == "put_out":
                return msg("Put out {card} → {zone}", card=lab("card"), zone=self.zone_label(a["to"]))
            if k == "set_trap":
                return msg("Set {card} → {zone}", card=lab("card"), zone=self.zone_label(a["to"]))
            if k == "charge":
                return msg("Charge {card}", card=lab("card"))
            if k == "end_phase":
                return msg("End the {phase}", phase=self.rs.phase_term(s.phase))
            if k == "end_turn":
                return msg("End the turn")
            if k == "pay_mana":
                mana = a["mana"] if isinstance(a["mana"], tuple) else (a["mana"],)
                return msg("Cast the suggested mana: {cards}", cards=self._mana_words(s, mana, viewer))
            if k == "cast_mana":
                return msg("Cast {card}", card=self._mana_words(s, (a["target"],), viewer))
        except (KeyError, TypeError, AttributeError):
            pass
        return super().describe(s, a, viewer)

    def _mana_words(self, s, uids, viewer=None):
        """Return mana cards in words, each with its attribute (mana lies face up: named for everyone,
        MM-D3); a card `viewer` may not see (an action naming a card of a hand, a face-down main
        monster) is told without its name or attribute."""
        out = []
        for u in uids:
            c = s.cards[u]
            if viewer is None or self.visible(s, c, viewer):
                key = ("mana", c.cid, u)       # (words never change: kept with card_ref's, per card id and uid)
                got = self._words.get(key)
                if got is None:
                    got = self._words[key] = msg("{card} ({attr})", card=self.card_ref(s, u, None),
                                                 attr=self.rs.color_term(self.d(s, u).color))
                out.append(got)
            else:
                out.append(self.card_ref(s, u, viewer))
        return tuple(out)

    def drop_candidates(self, s, p):
        return self._actions(s, p, every=True)   # every action shape: a drop means an action, legal or not

    def drop_action(self, s, player, uid, zone, target):
        a = super().drop_action(s, player, uid, zone, target)
        if a is None and target is None and zone.startswith(f"{1 - player}."):
            # A monster dropped on the opponent's side: the direct attack.
            for x in self.drop_candidates(s, player):
                if x.get("card") == uid and x.kind == "attack" and x.get("target_player") is not None:
                    return x
        return a
