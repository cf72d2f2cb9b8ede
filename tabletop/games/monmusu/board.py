"""The cards on the board: small helpers (places, monsters, down, CT and time MM-R34..R38), POW
(MM-R40) and attack targets (MM-R28).
"""
from __future__ import annotations

from tabletop.engine.msg import msg

from .rules import COLUMN, MAINS, SLOT_KEYS, SLOT_OF_KEY, SLOT_SET, SUB_KEYS, SUBS


class MonmusuBoard:
    # --- small helpers -----------------------------------------------------------------------
    def d(self, s, uid):
        return self.rs.cards[s.cards[uid].cid]

    def slot_of(self, s, uid) -> str | None:
        """Return the battle slot name of a top card (a monster or a set trap), else None."""
        c = s.cards[uid]
        if c.host is not None:
            return None
        return SLOT_OF_KEY.get(c.zone)

    def place(self, s, uid) -> str:
        """Return where a card is for MM-R39: battle, material, hand, grave, mana, deck."""
        c = s.cards[uid]
        if c.host is not None:
            return "material"
        z = c.zone[c.zone.index(".") + 1:]
        return "battle" if z in SLOT_SET else z

    def top(self, s, p, z):
        pile = s.zones[f"{p}.{z}"]
        return pile[-1] if pile else None

    def is_monster(self, s, uid) -> bool:
        """Return whether a card is a monster in the battle zone (material cards are not, MM-R42)."""
        c = s.cards[uid]
        return (c.host is None and c.zone in SLOT_OF_KEY and c.face_up
                and self.rs.cards[c.cid].kind == "monster")

    def monsters(self, s, p) -> list[int]:
        """Return p's monsters in the battle zone: the face-up monster cards on top of its slots, in slot order."""
        out = []
        cards, zones, kinds = s.cards, s.zones, self.card_kind
        for key in SLOT_KEYS[p]:
            pile = zones[key]
            if pile:
                u = pile[-1]
                c = cards[u]
                if c.face_up and kinds[c.cid] == "monster":
                    out.append(u)
        return out

    def down(self, s, uid) -> bool:
        return bool(s.cards[uid].flags.get("down"))

    def same_monster(self, s, p, cid) -> int | None:
        """Return the uid of p's battle-zone monster with the same name as card `cid` (MM-R1), if any."""
        name = self.rs.cards[cid].get("monster")
        names = self.monster_name           # (monsters only)
        for key in SLOT_KEYS[p]:            # (the loop of `monsters`, without building its list)
            pile = s.zones[key]
            if pile:
                c = s.cards[pile[-1]]
                if c.face_up and c.cid in names and names[c.cid] == name:
                    return pile[-1]
        return None

    def needs(self, s, uid) -> int:
        """Return how much more time a cast monster needs before its CT is complete (MM-R36)."""
        f = s.cards[uid].flags
        elapsed = s.data["time"] - f.get("since", 0)
        return max(0, f.get("ct", 0) + 1 - elapsed)

    def tick(self, s, why: str) -> None:
        """Advance the shared time counter by 1 (MM-R35)."""
        n = s.data["time"] = s.data["time"] + 1
        self.log(s, msg("{time} +1 → {n} ({why})", time=self.time_word, n=n, why=why), kind="time", time=n)

    def cast_monster(self, s, uid, ct: int | None = None) -> None:
        """Cast a monster: it enters CT `ct` (default its base CT) counted from this turn's start (MM-R34)."""
        c = s.cards[uid]
        c.tapped = True
        c.flags["ct"] = self.rs.cards[c.cid].get("ct") if ct is None else ct
        c.flags["since"] = s.data["turn_start"]

    def recast_monster(self, s, uid) -> None:
        c = s.cards[uid]
        c.tapped = False
        for k in ("ct", "since", "down"):
            c.flags.pop(k, None)

    def disabled(self, s, uid) -> bool:
        """Return whether a card's skills are off: not a monster, or down (MM-R38, MM-R43)."""
        return not self.is_monster(s, uid) or self.down(s, uid)

    # --- POW ---------------------------------------------------------------------------------
    def pow(self, s, uid) -> int:
        """Return a monster's POW: printed, plus modifiers, plus active [永続] skills."""
        c = s.cards[uid]
        v = self.printed_pow[c.cid]
        mods = c.flags.get("mods")
        if mods:
            v += sum(m["n"] for m in mods if m["stat"] == "pow")
        z = SLOT_OF_KEY.get(c.zone) if c.host is None else None      # (slot_of)
        if z is not None and not c.flags.get("down"):
            v += self.pow_per_material[c.cid] * len(c.attached)
            if z in SUBS and self.pow_aura:
                cards, aura = s.cards, self.pow_aura
                for o in self.monsters(s, c.owner):
                    if o == uid or cards[o].flags.get("down"):
                        continue
                    v += aura.get(cards[o].cid, 0)
        return max(0, v)

    def live_stats(self, s, uid):
        """Return a monster's POW when modifiers or [永続] skills make it differ from the printed one."""
        d = self.rs.cards.get(s.cards[uid].cid)
        if d is None or not isinstance(d.get("pow"), int):
            return {}
        now = self.pow(s, uid)
        return {"pow": now} if now != d.get("pow") else {}

    # --- attack targets (MM-R28) ----------------------------------------------------------
    def attackable(self, s, q) -> list[int]:
        """Return q's monsters that may be chosen as the defending monster."""
        out = []
        for i in range(4):
            sub = self.top(s, q, SUBS[i])
            main = self.top(s, q, MAINS[i])
            sub_mon = sub is not None and self.is_monster(s, sub)
            if sub_mon and not self.d(s, sub).has("unattackable"):
                out.append(sub)
            if (main is not None and self.is_monster(s, main) and not self.down(s, main)
                    and not self.d(s, main).has("unattackable")):
                if not sub_mon or self.d(s, sub).has("unattackable"):
                    out.append(main)
        return out

    def can_be_attacked(self, s, uid) -> bool:
        """Return whether one monster may be the defending monster (the per-card form of `attackable`)."""
        return self.is_monster(s, uid) and not self.down(s, uid) and self._open_to_attack(s, uid)

    def _open_to_attack(self, s, uid) -> bool:
        """`can_be_attacked` for a card already known to be a monster that is not down."""
        c = s.cards[uid]
        if self.rs.cards[c.cid].has("unattackable"):      # [永続] このモン娘は攻撃されない (MM-R40)
            return False
        z = SLOT_OF_KEY[c.zone]
        if z in SUBS:
            return True
        pile = s.zones[SUB_KEYS[c.owner][COLUMN[z] - 1]]     # the sub slot in front of this main
        sub = pile[-1] if pile else None
        return sub is None or not self.is_monster(s, sub) or self.d(s, sub).has("unattackable")
