"""The table: drags, the actions' verbs and descriptions, and the public view.
"""
from __future__ import annotations

from tabletop.engine.msg import msg
from tabletop.engine.state import split_key


class DeclaredWords:
    # --- the table ------------------------------------------------------------------------------------
    def drop_action(self, s, player, uid, zone, target):
        """Map drags: a card from a zone onto a zone (play, move) or onto an opposing card or the
        opponent's side (attack)."""
        if uid not in s.cards:
            return None
        cands = [a for a in self.drop_candidates(s, player) if a.get("card") == uid]
        if target is not None:
            for a in cands:
                if a.get("target") == target:
                    return a
        for a in cands:
            if a.get("to") == zone:
                return a
        if target is not None and target in s.cards and s.cards[target].owner != player or \
                (zone and zone.startswith(f"{1 - player}.")):
            for a in cands:
                if a.get("target_player") is not None:
                    return a
        if target == uid or zone == s.cards[uid].zone:
            return None
        single = [a for a in cands if a.kind in self.d.actions and self.d.actions[a.kind].kind in ("discard",)]
        return single[0] if single else None

    def verb(self, kind):
        r = self.d.actions.get(kind)
        if r is not None and r.args.get("verb"):
            return r.args["verb"]
        from .text import default_verb
        return default_verb(self, kind)

    def describe(self, s, a, viewer=None):
        k = a.kind
        r = self.d.actions.get(k)
        if r is not None:
            verb = self.verb(k)
            card = a.get("card")
            ref = self.card_ref(s, card, viewer) if card in s.cards else None
            if a.get("target") is not None and a["target"] in s.cards:
                return msg("{verb}: {card} → {target}", verb=verb, card=ref,
                           target=self.card_ref(s, a["target"], viewer))
            if a.get("target_player") is not None:
                return msg("{verb}: {card} → P{n}", verb=verb, card=ref, n=a["target_player"] + 1)
            if a.get("to") is not None and len(r.args.get("to") or ()) > 1:
                return msg("{verb}: {card} → {zone}", verb=verb, card=ref, zone=self.zone_term(split_key(a["to"])[1]))
            if ref is not None:
                return msg("{verb}: {card}", verb=verb, card=ref)
            return verb
        if k == "end_phase":
            return msg("end the {phase} phase", phase=self.rs.phase_term(s.phase))
        if k == "block":
            return msg("block with {card}", card=self.card_ref(s, a["card"], viewer))
        if k == "no_block":
            return msg("take the hit (no block)")
        if k == "discard_down":
            return msg("discard {card}", card=self.card_ref(s, a["card"], viewer))
        return super().describe(s, a, viewer)

    def public(self, s, viewer):
        players = []
        for p in (0, 1):
            row = {}
            for name, spec in self.d.counters.items():
                row[spec["term"]] = s.players[p].get(name, 0)
            for z, spec in self.rs.zones.items():
                if not spec.shared and spec.kind in ("pile", "hand"):
                    row[spec.term] = len(s.zones[self.zkey(p, z)])
            for w in self.d.win:
                if w.kind == "breached" and self.rs.zones[w.args["zone"]].kind not in ("pile", "hand"):
                    row[self.zone_term(w.args["zone"])] = len(s.zones[self.zkey(p, w.args["zone"])])
            players.append(row)
        return {"players": players, "shared": {}, "badges": {}}
