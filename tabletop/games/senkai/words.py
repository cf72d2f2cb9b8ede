"""The table's words for senkai: drags mapped to actions, actions described, the public panel (SK-R12)."""
from __future__ import annotations

from tabletop.engine import Action
from tabletop.engine.msg import msg
from tabletop.games.senkai.rules import LANE_POS, LANE_WORDS


class SenkaiWords:
    """Drags to actions, action descriptions and the public panel."""

    # --- table helpers ------------------------------------------------------------------------------
    def drop_action(self, s, player, uid, zone, target):
        """Map drags: a spell anywhere, a monster onto a lane (or your monster there), an enchantment onto
        a monster, an attacker onto an enemy monster or the opponent's walls/lanes."""
        if uid not in s.cards:
            return None
        c = s.cards[uid]
        kind = self.rs.cards[c.cid].kind
        if c.zone == f"{player}.hand":
            if kind == "spell":
                return Action.make("play", player, card=uid)
            if kind == "enchantment" and target is not None:
                return Action.make("play", player, card=uid, target=target)
            if kind == "monster":
                if target is not None and self.lane_of(s, target) is not None:
                    zone = s.cards[target].zone
                if zone and zone.partition(".")[2] in LANE_POS:
                    return Action.make("play", player, card=uid, to=zone)
            return None
        if self.lane_of(s, uid) is not None:
            if target is not None and self.lane_of(s, target) is not None:
                return Action.make("attack", player, card=uid, target=target)
            if zone and zone.startswith(f"{1 - player}.") or (target in s.cards and s.cards[target].owner != player):
                return Action.make("attack", player, card=uid, target_player=1 - player)
        return super().drop_action(s, player, uid, zone, target)

    def drop_candidates(self, s, p):
        return self.actions(s, p, down=True)     # the moves of a down card too

    def describe(self, s, a, viewer=None):
        k = a.kind
        if k == "play" and a.get("to"):
            lane = a["to"].partition(".")[2]
            return msg("summon {card} into {lane}", card=self.card_ref(s, a["card"], viewer),
                       lane=LANE_WORDS[lane] if lane in LANE_WORDS else self.zone_label(a["to"]))
        if k == "play" and a.get("target") is not None:
            return msg("attach {card} to {target}", card=self.card_ref(s, a["card"], viewer),
                       target=self.card_ref(s, a["target"], viewer))
        if k == "play":
            return msg("cast {card}", card=self.card_ref(s, a["card"], viewer))
        if k == "attack" and a.get("target_player") is not None:
            return msg("{card} attacks P{n}", card=self.card_ref(s, a["card"], viewer), n=a["target_player"] + 1)
        if k == "attack":
            return msg("{card} attacks {target}", card=self.card_ref(s, a["card"], viewer),
                       target=self.card_ref(s, a["target"], viewer))
        if k == "pay":
            return msg("down {card}", card=self.card_ref(s, a["card"], viewer))
        if k == "pay_auto":
            return msg("pay automatically")
        if k == "cancel":
            return msg("take the card back")
        if k == "break_wall":
            return msg("break this wall")
        if k == "use":
            return msg("down {card}: use its ability", card=self.card_ref(s, a["card"], viewer))
        if k == "pass":
            return msg("pass (no ability now)")
        if k == "end_phase":
            return msg("end the turn ({phase})", phase=self.rs.phase_term("end"))
        return super().describe(s, a, viewer)

    def public(self, s, viewer):
        players = []
        for p in (0, 1):
            mana = s.zones[f"{p}.mana"]
            up = sum(1 for u in mana if not s.cards[u].tapped)
            players.append({
                self.rs.word("value.walls"): len(s.zones[f"{p}.walls"]),
                self.rs.word("value.mana"): f"{up}/{len(mana)}",
                self.rs.zones["hand"].term: len(s.zones[f"{p}.hand"]),
                self.rs.zones["deck"].term: len(s.zones[f"{p}.deck"]),
                self.rs.zones["mana_deck"].term: len(s.zones[f"{p}.mana_deck"]),
                self.rs.zones["discard"].term: len(s.zones[f"{p}.discard"]),
                self.rs.word("value.order"): self.rs.word("value.first" if p == s.first else "value.second"),
            })
        badges = {}   # current AP/HP are in the view's card stats (live_stats), drawn by the table
        shared = {}   # the turn is on the top bar already, the phase on the phase bar
        if s.turn <= 2:
            shared[self.rs.word("value.player_attacks")] = self.rs.word("value.not_yet")   # SK-R12
        return {"players": players, "shared": shared, "badges": badges}
