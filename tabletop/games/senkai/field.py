"""Deck construction, setup and the field: SK-R3..R7, lanes and stats (SK-R16, SK-R33), destroying
(SK-R24, SK-R28, SK-R35; SK-D9) and what the shared effect ops mean here (SK-R31, SK-R32)."""
from __future__ import annotations

from tabletop.engine import Controller
from tabletop.engine.msg import msg
from tabletop.games.senkai.rules import ANY_COLOR, LANE_KEYS, LANE_POS, LANE_ZONES, MANA_KEYS


class SenkaiField:
    """Deck rules, setup, the lanes' queries, leaving a lane and destroying, the effects hooks."""

    # --- deck rules ------------------------------------------------------------------------
    @classmethod
    def check_deck(cls, deck, rs):
        """Check each deck's exact size against the parameters (SK-R3, sizes SK-D1)."""
        out = []
        for sec, param in (("main", "main_deck_size"), ("mana", "mana_deck_size")):
            want = int(rs.parameters.get(param, 40 if sec == "main" else 20))
            rows = deck.sections.get(sec, [])
            total = sum(n for _, n, _ in rows)
            if total != want:
                label = rs.section_term(sec)
                out.append((rows[0][2] if rows else 1,
                            msg("{deck}: {total} cards, the deck must have exactly {want} (SK-R3)",
                                deck=label, total=total, want=want)))
        return out

    # --- setup -----------------------------------------------------------------------------
    def setup(self, s, options):
        for p in (0, 1):
            self.shuffle(s, f"{p}.deck")          # SK-R4
            self.shuffle(s, f"{p}.mana_deck")
        for p in (0, 1):
            deck = s.zones[f"{p}.deck"]
            for _ in range(min(int(self.params.get("walls", 4)), len(deck))):   # SK-R5
                self.move(s, deck[-1], f"{p}.walls", face_up=False)
            self.log(s, msg("P{n} sets {count} walls (SK-R5)", n=p + 1, count=len(s.zones[f"{p}.walls"])))
            self.draw(s, p, int(self.params.get("opening_hand", 4)))          # SK-R6
        s.first = s.active = 0 if self.coin(s, msg("who goes first (SK-R7)")) else 1
        self.log(s, msg("P{n} goes first (SK-R7)", n=s.first + 1))
        s.turn, s.phase = 1, "up"

    def after_scenario(self, s):
        """Run the automatic phases a scenario starts in (e.g. phase: up)."""
        self.after(s)

    # --- small queries -----------------------------------------------------------------------
    def lane_of(self, s, uid):
        """Return (owner, lane name) of a monster in a lane, or None."""
        c = s.cards[uid]
        if c.host is not None:
            return None
        return LANE_ZONES.get(c.zone)

    def monster_at(self, s, p, lane):
        z = s.zones[f"{p}.{lane}"]
        return z[0] if z else None

    def has_kw(self, s, uid, kw):
        c = s.cards[uid]
        if kw in self.rs.cards[c.cid].keywords:
            return True
        return any(kw in self.rs.cards[s.cards[a].cid].keywords for a in c.attached)

    def stat(self, s, uid, name):
        """Return AP or HP: printed value, plus enchantment modifiers and effects, never below 0 (SK-R16, SK-R33)."""
        c = s.cards[uid]
        defs = self.rs.cards
        total = defs[c.cid].stats.get(name) or 0      # (ap, hp and their _mod are kind-specific stats)
        if c.attached:
            mod = name + "_mod"
            for a in c.attached:
                total += defs[s.cards[a].cid].stats.get(mod) or 0
        if c.flags:
            for m in c.flags.get("mods", ()):
                if m["stat"] == name:
                    total += m["n"]
        return max(0, total)

    def cost(self, s, uid):
        return self.rs.cards[s.cards[uid].cid].get("cost") or 0

    def _mana_colors_ok(self, s, mana_uid, color):
        d = self.rs.cards[s.cards[mana_uid].cid]
        return d.color == color or ANY_COLOR in d.keywords

    def up_mana(self, s, p):
        cards = s.cards
        return [u for u in s.zones[MANA_KEYS[p]] if not cards[u].tapped]

    def _first_turns(self, s):
        return s.turn <= 2   # turn 1 is the first player's first turn, turn 2 the second player's

    # --- moving cards out of lanes -----------------------------------------------------------
    def move(self, s, uid, to, **kw):
        """Move a card; one leaving a lane sheds its enchantments into their owners' discards (SK-R16)
        and forgets its damage and this-turn modifiers."""
        c = s.cards[uid]
        if c.host is None and c.zone != to and c.zone.partition(".")[2] in LANE_POS:
            for a in list(c.attached):
                Controller.move(self, s, a, f"{s.cards[a].owner}.discard")
                self.log(s, msg("{card} goes to the discard with its monster (SK-R16)", card=self.card_ref(s, a, "all")))
            c.counters.pop("damage", None)
            c.flags.pop("mods", None)
        return Controller.move(self, s, uid, to, **kw)

    def destroy(self, s, uid, rule=None):
        """Destroy a monster: it and its enchantments go to the discard at once; then its on-destroy
        effects are used from the discard (SK-R24, SK-R35)."""
        owner = s.cards[uid].owner
        self.move(s, uid, f"{owner}.discard")
        card = self.card_ref(s, uid, "all")
        text = msg("{card} is destroyed ({rule})", card=card, rule=rule) if rule else msg("{card} is destroyed", card=card)
        self.log(s, text, kind="destroyed", card=uid)
        self.fire(s, uid, "destroyed")

    def check_destroyed(self, s):
        """Destroy every monster whose damage reaches its HP (HP 0 included, SK-D9), turn player's first (SK-R28)."""
        dead = []
        cards, printed_hp = s.cards, self._printed_hp
        for p in (s.active, 1 - s.active):
            for key in LANE_KEYS[p]:
                for u in s.zones[key]:
                    c = cards[u]
                    # No enchantment and no modifier: stat() would return the printed HP.
                    hp = printed_hp[c.cid] if not c.attached and not c.flags else self.stat(s, u, "hp")
                    if c.counters.get("damage", 0) >= hp:
                        dead.append(u)
        for u in dead:
            if self.lane_of(s, u) is not None:
                self.destroy(s, u, "SK-R24")

    # --- effects hooks -----------------------------------------------------------------------
    def effect_candidates(self, s, ctx, spec):
        """Leave out the cards an op cannot change: a down card cannot be downed, an up card cannot be
        upped (「ダウンしている状態のカードはダウンできず…」, SK-R32); with none left the step is
        processed as far as possible, i.e. skipped (SK-R31)."""
        out = super().effect_candidates(s, ctx, spec)
        op = ctx["step"].get("do")
        if op == "tap":
            out = [u for u in out if not s.cards[u].tapped]
        elif op == "untap":
            out = [u for u in out if s.cards[u].tapped]
        return out

    def fx_destroy(self, s, uid, ctx):
        if self.lane_of(s, uid) is not None:
            self.destroy(s, uid)
