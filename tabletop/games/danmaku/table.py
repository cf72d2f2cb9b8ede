"""Reading the table and moving cards on and off the field: P (DM-R5, DM-R6), values and auras,
normal-shot attack (DM-R22, DM-R23, DM-D12), same-name spells (DM-R9), deck-out (DM-R13, DM-D5),
side cards (DM-D9)."""
from __future__ import annotations

from tabletop.engine.msg import msg

from .rules import PN


class DanmakuTable:
    """Derived values of cards and players, and the moves every rule goes through."""

    # --- reading the table ----------------------------------------------------------------------
    def main_of(self, s, p):
        z = s.zones[self.zk[p]["main"]]
        return z[0] if z else None

    def spell_of(self, s, p):
        z = s.zones[self.zk[p]["spell"]]
        return z[0] if z else None

    def field(self, s, p):
        z = self.zk[p]
        return s.zones[z["main"]] + s.zones[z["familiars"]]

    def power(self, s, uid) -> int:
        """Return the card's P: the power values of the point cards attached to it (DM-R5, DM-R6)."""
        cards, point_power = s.cards, self.point_power
        total = 0
        for a in cards[uid].attached:
            total += point_power.get(cards[a].cid, 0)
        return total

    def hp(self, s, uid) -> int:
        return s.cards[uid].counters.get("hp", 0)

    def stat(self, s, uid, name):
        """Return a card's value: printed + modifiers until end of turn + auras on the field, ≥ 0."""
        c = s.cards[uid]
        v = self.rs.cards[c.cid].get(name) or 0
        mods = c.flags.get("mods")
        if mods:
            v += sum(m["n"] for m in mods if m["stat"] == name)
        for p, key in self.aura_zones:
            for src in s.zones[key]:
                for e in self.statics[s.cards[src].cid]:
                    if e.get("stat") == name and self._aura_hits(s, src, p, e, c):
                        v += self._aura_amount(s, p, e)
        return max(0, v)

    def _aura_hits(self, s, src, p, e, c) -> bool:
        to = e.get("to", "own")
        z = self.zk[p]
        if to == "self":
            ok = c.uid == src
        elif to == "own":
            ok = c.zone in (z["main"], z["familiars"])
        elif to == "enemy":
            ok = c.zone in (self.zk[1 - p]["main"], self.zk[1 - p]["familiars"])
        elif to == "main":
            ok = c.zone == z["main"]
        elif to == "spell":
            ok = c.zone == z["spell"]
        else:
            ok = False
        if not ok:
            return False
        if e.get("where") and not self.matches(s, c.uid, {"where": e["where"]}):
            return False
        if e.get("if_main"):
            m = self.main_of(s, p)
            if m is None or not self.matches(s, m, {"where": e["if_main"]}):
                return False
        return True

    def _aura_amount(self, s, p, e) -> int:
        n = int(e.get("n", 0))
        if e.get("per"):
            spec = {"where": e["per"]}
            return n * sum(1 for u in self.field(s, p) if self.matches(s, u, spec))
        return n

    def shot_attack(self, s, uid) -> int:
        """Return a card's normal-shot attack: 通 + 5 × its power (DM-R23, DM-D12)."""
        return self.stat(s, uid, "shot") + self.bonus * self.power(s, uid)

    def normal_attack(self, s, p, with_familiars: bool) -> int:
        """Return the normal-shot attack of player p: the main character, plus the familiars and
        other characters only against a spell card (DM-R22/R23; DM-D3 without them)."""
        m = self.main_of(s, p)
        total = self.shot_attack(s, m) if m is not None else 0
        if with_familiars:
            total += sum(self.shot_attack(s, u) for u in s.zones[f"{p}.familiars"])
        return total

    def same_name_in_grave(self, s, p, uid) -> bool:
        """Return whether a spell card of the same name (family and level) lies in the spell graveyard (DM-R9)."""
        d = self.card_def(s, uid)
        key = (d.get("family"), d.get("level"))
        return any((self.rs.cards[s.cards[u].cid].get("family"), self.rs.cards[s.cards[u].cid].get("level")) == key
                   for u in s.zones[f"{p}.spell_grave"])

    # --- moving cards on and off the field -------------------------------------------------------
    def move(self, s, uid, to, **kw):
        """Move a card (Controller.move); the last card leaving a deck loses its owner the game at
        once (DM-R13, DM-D5), whatever took it: a draw, a search, a summon, the opponent's Bomb."""
        src = s.cards[uid].zone
        c = super().move(s, uid, to, **kw)
        p = self.deck_owner.get(src)
        if p is not None and not s.zones[src] and s.outcome is None and s.data.get("ready"):
            self.win(s, 1 - p, msg("{player}'s deck has run out ({rule})", player=PN(p), rule="DM-R13, DM-D5"))
        return c

    def enter_field(self, s, uid, to):
        c = self.move(s, uid, to, face_up=True)
        c.counters["hp"] = self.rs.cards[c.cid].get("hp") or 1
        return c

    def leave_field(self, s, uid, to):
        """Move a card off the field: its power cards go to the graveyard, its counters are cleared."""
        c = s.cards[uid]
        for a in list(c.attached):
            self.move(s, a, f"{s.cards[a].owner}.discard")
        c.counters.clear()
        c.flags.pop("mods", None)
        self.move(s, uid, to)

    def take_side(self, s, p, why):
        """Move the top side card of p into p's hand (DM-D9)."""
        side = s.zones[f"{p}.side"]
        if not side:
            return
        u = side[-1]
        self.move(s, u, f"{p}.hand")
        self.log(s, msg("{player} takes a side card ({why}); {n} left", player=PN(p), why=why, n=len(side)),
                 {p: msg("{player} takes a side card: {card} ({why}); {n} left", player=PN(p),
                         card=self.card_ref(s, u, p), why=why, n=len(side))}, kind="side", player=p)
