"""The board: small queries (zone keys, words, card stats), moving cards, destroying them and
changing a player's counters (`counters:`, `stats:`, `combat:`).
"""
from __future__ import annotations

from tabletop.engine import Controller
from tabletop.engine.msg import msg
from tabletop.engine.state import split_key

from .common import ACTIVATED, ENTERED, _rule


class DeclaredBoard:
    # --- small queries ------------------------------------------------------------------------------
    def zkey(self, p, zone):
        return f"{p}.{zone}"

    def zone_term(self, zone):
        return self.rs.zones[zone].term

    def counter_term(self, name):
        c = self.d.counters.get(name)
        return c["term"] if c else name

    def value_word(self, key):
        return self.counter_term(key) if key in self.d.counters else super().value_word(key)

    def printed(self, s, uid, name):
        v = self.rs.cards[s.cards[uid].cid].get(name)
        return v if isinstance(v, int) and not isinstance(v, bool) else 0

    def atk(self, s, uid):
        return self.stat(s, uid, self.d.attack) if self.d.attack else 0

    def health(self, s, uid):
        return self.stat(s, uid, self.d.health) if self.d.health else 0

    def sick(self, s, uid):
        return s.cards[uid].flags.get(ENTERED) == s.turn

    def on_board(self, s, uid):
        c = s.cards[uid]
        return c.host is None and split_key(c.zone)[1] in self.board_zones

    # --- moving cards -------------------------------------------------------------------------------
    def move(self, s, uid, to, **kw):
        """Move a card; one leaving the board forgets its damage, modifiers and turn marks."""
        c = s.cards[uid]
        if c.zone != to and split_key(c.zone)[1] in self.board_zones:
            c.counters.pop("damage", None)
            for k in ("mods", ENTERED, ACTIVATED):
                c.flags.pop(k, None)
        return Controller.move(self, s, uid, to, **kw)

    def destroy(self, s, uid):
        owner = s.cards[uid].owner
        self.move(s, uid, self.zkey(owner, self.d.destroyed_to))
        self.log(s, msg("{card} is destroyed", card=self.card_ref(s, uid, "all")), kind="destroyed", card=uid)
        self.fire(s, uid, "destroyed")

    def check_destroyed(self, s):
        """Destroy every card on the board whose damage reaches its health (turn player's first)."""
        if not self.d.health:
            return
        dead = []
        for p in (s.active, 1 - s.active):
            for z in self.creature_zones:
                for u in s.zones[self.zkey(p, z)]:
                    c = s.cards[u]
                    hp = self.rs.cards[c.cid].get(self.d.health)
                    if isinstance(hp, int) and c.counters.get("damage", 0) >= self.health(s, u):
                        dead.append(u)
        for u in dead:
            if self.on_board(s, u):
                self.destroy(s, u)

    def after_step(self, s):
        self.check_destroyed(s)

    def fx_destroy(self, s, uid, ctx):
        if self.on_board(s, uid):
            self.destroy(s, uid)

    def fx_player_value(self, s, player, key, delta, ctx):
        self.change(s, player, key, delta)

    def change(self, s, p, counter, delta, rule=None):
        """Change a player's counter by delta (kept within its declared min and max) and log it."""
        spec = self.d.counters.get(counter, {})
        v = s.players[p].get(counter, 0) + delta
        if spec.get("max") is not None:
            v = min(v, spec["max"])
        if spec.get("min") is not None:
            v = max(v, spec["min"])
        s.players[p][counter] = v
        text = msg("P{n} {value} {delta:+d} → {total}", n=p + 1, value=self.counter_term(counter), delta=delta, total=v)
        self.log(s, _rule(text, rule) if rule else text, kind="counter", player=p)
