"""The table's words for fourdeck: panels, zone texts and badges, actions described, drags mapped to actions."""
from __future__ import annotations

from tabletop.engine import Action
from tabletop.engine.msg import msg
from tabletop.games.fourdeck.rules import DOUBLE, LEVELS


class FourDeckWords:
    """The public panel, action descriptions and drags to actions."""

    # --- the table: panels, zone texts, badges, words -----------------------------------------
    def public(self, s, viewer):
        players, zones, badges = [], {}, {}
        for p in (0, 1):
            cost = self.field_cost(s, p)
            row = {self.rs.word("value.field_cost"): f"{cost} / {self.rebellion}"}
            for d in LEVELS:
                key = f"{p}.{d}"
                hp, n = s.players[p]["hp_" + d], len(s.zones[key])
                text = msg("HP {hp}/{most} · {n} cards", hp=hp, most=self.max_hp[d], n=n)
                row[self.rs.zones[d].term] = text
                zones[key] = text
            n_sp = len(s.zones[f"{p}.spell"])
            used = s.data["spell_turn"][p] == s.turn and s.turn > 0
            row[self.rs.zones["spell"].term] = (msg("{n} cards (used this turn)", n=n_sp) if used
                                                 else msg("{n} cards", n=n_sp))
            row[msg("{grave}/{exile}", grave=self.rs.zones["grave"].term, exile=self.rs.zones["exile"].term)] = \
                f"{len(s.zones[f'{p}.grave'])} / {len(s.zones[f'{p}.exile'])}"
            players.append(row)
            zones[f"{p}.field"] = msg("{cost} {n}/{most}", cost=self.rs.field_term("unit", "cost"), n=cost,
                                      most=self.rebellion)
            for u in s.zones[f"{p}.field"]:
                c = s.cards[u]
                marks = []
                if c.flags.get("partner"):
                    marks.append(self.rs.word("value.partner"))
                if c.flags.get("mods"):
                    marks.append(msg("{ap} {n_ap} {cost} {n_cost}", ap=self.rs.field_term("unit", "ap"),
                                     n_ap=self.stat(s, u, "ap"), cost=self.rs.field_term("unit", "cost"),
                                     n_cost=self.stat(s, u, "cost")))
                if c.flags.get("swung") and not c.tapped:
                    marks.append(msg("{keyword}: one more attack", keyword=self.rs.word("keyword." + DOUBLE)))
                if marks:
                    badges[u] = marks
        shared = {self.rs.word("value.field_cards"): f"{self.field_count(s)} / {self.exhaustion}"}
        if s.data.get("claim") is not None:
            shared[self.rs.word("value.exhaustion")] = msg("P{n} may declare victory", n=s.data["claim"] + 1)
        return {"players": players, "shared": shared, "badges": badges, "zones": zones}

    def describe(self, s, a, viewer=None):
        k = a.kind
        if k == "damage":
            return msg("damage {zone} by {amount}", zone=self.zone_label(a["target_zone"]), amount=a["amount"])
        if k == "end_phase":
            return msg("no damage (0): on to the {phase}", phase=self.rs.phase_term("battle"))
        if k == "attack":
            u = a["card"]
            return msg("attack: {card} ({ap}) → {zone}", card=self.card_ref(s, u, viewer), ap=self.stat(s, u, "ap"),
                       zone=self.zone_label(a["target_zone"]))
        if k == "cast":
            return msg("use the spell {card}", card=self.card_ref(s, a["card"], viewer))
        if k == "activate":
            return msg("{activate}: {card}", activate=self.rs.word("keyword.activate"),
                       card=self.card_ref(s, a["card"], viewer))
        if k == "choose_order":
            return msg("go first") if a["choice"] == "first" else msg("go second")
        if k == "choose_partner":
            d = self.rs.cards.get(a["choice"])
            shown = viewer is None or viewer == a.player
            if not (d and shown):
                return msg("partner: a card of the Level 1 deck")
            u = self._partner_card(s, a.player, a["choice"])
            name = self.card_ref(s, u, None) if u is not None else d.name   # shown: its chooser sees the Level 1 deck
            if d.kind == "unit":
                return msg("partner: {card} ({ap} {n})", card=name, ap=self.rs.field_term("unit", "ap"), n=d.get("ap"))
            return msg("partner: {card}", card=name)
        if k == "choose_target" and a.get("target_zone"):
            return msg("→ {zone}", zone=self.zone_label(a["target_zone"]))
        if k == "skip_effect":
            return msg("decline (the step is optional)")
        if k == "declare_victory":
            return msg("declare victory ({exhaustion})", exhaustion=self.rs.word("value.exhaustion"))
        if k == "decline_victory":
            return msg("do not declare victory now")
        if k == "end_turn":
            return msg("end the turn ({phase})", phase=self.rs.phase_term("end"))
        return super().describe(s, a, viewer)

    def drop_action(self, s, player, uid, zone, target):
        """Map drags: a unit onto an enemy deck attacks it; a spell onto your field or graveyard
        is used; a looked-at Level 1 card onto your field is chosen as partner."""
        if target is not None and target in s.cards:
            zone = s.cards[target].zone
        c = s.cards.get(uid)
        if c is None:
            return None
        if c.zone == f"{player}.field" and zone in [f"{1 - player}.{d}" for d in LEVELS]:
            return Action.make("attack", player, card=uid, target_zone=zone)
        if c.zone == f"{player}.spell" and zone in (f"{player}.field", f"{player}.grave"):
            return Action.make("cast", player, card=uid)
        if zone == f"{player}.field":
            for a in self.actions(s, player):
                if a.kind == "choose_partner" and a["choice"] == c.cid:
                    return a
        return None
