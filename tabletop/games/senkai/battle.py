"""Attacking: SK-R20..R23 and SK-R30 (attacks, walls, keywords SK-D10, SK-D3), activated abilities
(SK-R19) and the other player's ability window in the turn player's main phase (SK-D8)."""
from __future__ import annotations

from tabletop.engine.msg import msg
from tabletop.games.senkai.rules import COUNTER, FLYING, LANE_POS, LANE_ZONES, REACH, SIEGE, STEALTH, STURDY, USE_KEYS, WINDOW, facing


class SenkaiBattle:
    """Attacks, breaking walls, activated abilities and the other player's ability window."""

    # --- attacks -----------------------------------------------------------------------------------
    def check_attack(self, s, a):
        p = a.player
        why = self._idle(s, p)
        if why:
            return why
        u = a["card"]
        c = s.cards.get(u)
        where = LANE_ZONES.get(c.zone) if c is not None and c.host is None else None   # lane_of, inlined
        if where is None or where[0] != p:
            return msg("only your monsters in your lanes attack (SK-R20)")
        if c.tapped:
            return msg("a down monster cannot attack (SK-R20)")
        if a.get("target_player") is not None:
            if a["target_player"] != 1 - p:
                return msg("attack the opposing player (SK-R21)")
            if self._first_turns(s):
                return msg("no attack on a player in either player's first turn (SK-R12)")
            opp_lane = facing(where[1])
            if s.zones[f"{1 - p}.{opp_lane}"] and not self.has_kw(s, u, FLYING):
                return msg("an opposing monster in the facing lane blocks attacks on the player (SK-R21)")
            return None
        t = a.get("target")
        tc = s.cards.get(t)
        tw = LANE_ZONES.get(tc.zone) if tc is not None and tc.host is None else None
        if tw is None or tw[0] != 1 - p:
            return msg("attack an opposing monster in a lane, or the opposing player (SK-R23)")
        dist = abs(LANE_POS[facing(where[1])] - LANE_POS[tw[1]])
        if dist and self.has_kw(s, t, STEALTH):
            return msg("{card} has {keyword}: only the monster facing it can attack it (SK-D10)",
                       card=self.card_ref(s, t, p), keyword=self.rs.word("keyword." + STEALTH))
        if dist > 1 and not self.has_kw(s, u, REACH):
            return msg("a monster attacks the facing lane or a lane next to it; left and right are not adjacent (SK-R23)")
        return None

    def do_attack(self, s, a):
        p, u = a.player, a["card"]
        self.tap(s, u)   # SK-R20: the attacker goes down
        if a.get("target_player") is not None:
            opp = 1 - p
            walls = s.zones[f"{opp}.walls"]
            self.log(s, msg("{card} attacks P{n} (SK-R21)", card=self.card_ref(s, u, "all"), n=opp + 1),
                     kind="attack", card=u)
            if not walls:
                self.win(s, p, msg("P{n} has no walls left and is attacked (SK-R22)", n=opp + 1))
                return
            n = min(2 if self.has_kw(s, u, SIEGE) else 1, len(walls))
            if n >= len(walls):
                for w in list(walls):
                    self.break_wall(s, w)
            else:
                self.ask(s, p, "break_wall", msg("Choose {count} of P{n}'s walls to break (SK-R21)", count=n, n=opp + 1),
                         public_prompt=msg("P{n} chooses a wall to break (SK-R21)", n=p + 1), left=n, attacker=u)
            self.fire(s, u, "attack")
            return
        t = a["target"]
        dmg = self.stat(s, u, "ap")
        if self.has_kw(s, t, STURDY):
            dmg = max(0, dmg - 1)
        self._add_damage(s, t, dmg)
        self.log(s, msg("{card} attacks {target}: {damage} damage (SK-R23)", card=self.card_ref(s, u, "all"),
                        target=self.card_ref(s, t, "all"), damage=dmg), kind="attack", card=u, target=t)
        if self.has_kw(s, t, COUNTER):   # text beats the one-way rule (SK-R30 over SK-R23)
            back = self.stat(s, t, "ap")
            self._add_damage(s, u, back)
            self.log(s, msg("{card} strikes back ({keyword}): {damage} damage (SK-R30)", card=self.card_ref(s, t, "all"),
                            keyword=self.rs.word("keyword." + COUNTER), damage=back))
        self.check_destroyed(s)
        self.fire(s, u, "attack")

    def _add_damage(self, s, uid, n):
        if n > 0:
            c = s.cards[uid]
            c.counters["damage"] = c.counters.get("damage", 0) + n

    def break_wall(self, s, w):
        """Break a wall: it turns face up, then goes to its owner's discard (SK-R21, SK-D3)."""
        self.flip(s, w, True)
        self.log(s, msg("P{n}'s wall breaks: {card} (SK-R21)", n=s.cards[w].owner + 1, card=self.card_ref(s, w, "all")),
                 kind="wall", card=w)
        self.move(s, w, f"{s.cards[w].owner}.discard")

    def check_break_wall(self, s, a):
        if not s.pending or s.pending[0]["kind"] != "break_wall" or s.pending[0]["player"] != a.player:
            return msg("no wall is waiting to be broken")
        w = a["target"]
        if w not in s.zones[f"{1 - a.player}.walls"]:
            return msg("choose one of the attacked player's walls (SK-R21)")
        return None

    def do_break_wall(self, s, a):
        pd = s.pending[0]
        self.break_wall(s, a["target"])
        pd["left"] -= 1
        if pd["left"] <= 0 or not s.zones[f"{1 - a.player}.walls"]:
            s.pending.pop(0)

    # --- activated abilities ----------------------------------------------------------------------
    def _responding(self, s, p) -> bool:
        return bool(s.pending) and s.pending[0]["kind"] == "respond" and s.pending[0]["player"] == p

    def check_use(self, s, a):
        p = a.player
        why = None if self._responding(s, p) else self._idle(s, p)
        if why:
            return why
        u = a["card"]
        c = s.cards.get(u)
        if c is None or c.zone not in USE_KEYS[p] or c.host:
            return msg("use abilities of your cards in your lanes or mana zone (SK-R19)")
        if c.cid not in self._activated:
            return msg("that card has no ability to use (SK-R19)")
        if c.tapped:
            return msg("a down card cannot be downed (SK-R32)")
        return None

    def do_use(self, s, a):
        u = a["card"]
        self.tap(s, u)
        self.log(s, msg("P{n} downs {card} to use its ability (SK-R19)", n=a.player + 1, card=self.card_ref(s, u, "all")),
                 kind="use", card=u)
        self.fire(s, u, "activate")
        self.check_destroyed(s)

    # --- the other player's abilities in the turn player's main phase (SK-D8) -----------------------
    def usable_abilities(self, s, p) -> list[int]:
        """Return p's up cards whose 「ダウンする：」 ability would do something now (a target exists)."""
        out = []
        for key in USE_KEYS[p]:
            for u in s.zones[key]:
                c = s.cards[u]
                if c.tapped or c.cid not in self._activated:
                    continue
                for step in self.rs.cards[c.cid].effects:
                    spec = step.get("on") == "activate" and step.get("target")
                    if step.get("on") == "activate" and (not isinstance(spec, dict) or self.effect_candidates(
                            s, {"player": p, "source": u, "step": step}, spec)):
                        out.append(u)
                        break
        return out

    def _open_window(self, s) -> None:
        """As the turn player's main phase starts, and after they summon a monster, offer the other
        player the chance to use abilities (「使いたいときに」, SK-D8) if one would do something."""
        if not s.data.pop(WINDOW, False) or s.outcome is not None or s.phase != "main":
            return
        q = 1 - s.active
        if self.usable_abilities(s, q):
            self.ask(s, q, "respond", msg("Use an ability ({tap}: …) now, or pass (SK-D8)", tap=self.rs.word("tap")),
                     public_prompt=msg("P{n} may use an ability (SK-D8)", n=q + 1))

    def check_pass(self, s, a):
        return None if self._responding(s, a.player) else msg("nothing to pass: no ability window is open (SK-D8)")

    def do_pass(self, s, a):
        s.pending.pop(0)
        self.log(s, msg("P{n} passes (no ability now)", n=a.player + 1))
