"""Reading and moving cards: level and colors (IJ-R15, IJ-R16), keywords and power (IJ-R32, IJ-D17),
feats on leaving the battlefield (IJ-R20, IJ-R21), destruction (IJ-R25), and the effect hooks."""
from __future__ import annotations

from tabletop.engine.effects import QUEUE
from tabletop.engine.msg import msg
from tabletop.engine.state import split_key

from .rules import BONUS, BONUS_ROLE, FIELD


class IjindenCards:
    """Derived values, moves (where feats fire) and the effect engine's hooks."""

    # ------------------------------------------------------------------ derived values
    def zone_of(self, s, uid):
        return split_key(s.cards[uid].zone)

    def on_field(self, s, uid, owner=None):
        """Return whether the card lies on the battlefield (a guardian counts)."""
        p, z = split_key(s.cards[uid].zone)
        return z in FIELD and (owner is None or p == owner)

    def level_sum(self, s, p):
        """Return IJ-R16's level: face-up Maryoku levels plus face-down cards in p's mana zone."""
        total = 0
        for u in s.zones[f"{p}.mana"]:
            c = s.cards[u]
            if not c.face_up:
                total += 1
            else:
                d = self.rs.cards[c.cid]
                if d.kind == "maryoku":
                    total += d.get("level") or 0
        return total

    def mana_colors(self, s, p):
        """Return the colors of the face-up Maryoku in p's mana zone (IJ-R15)."""
        out = set()
        for u in s.zones[f"{p}.mana"]:
            c = s.cards[u]
            if c.face_up:
                d = self.rs.cards[c.cid]
                if d.kind == "maryoku" and d.color:
                    out.add(d.color)
        return out

    def static_sources(self, s):
        """Return (source uid, its owner, its static steps) for every lasting effect now at work (IJ-D17)."""
        out = []
        if not self._static:
            return out
        for q in (0, 1):
            for z in ("battlefield", "mana"):
                for src in s.zones[f"{q}.{z}"]:
                    sc = s.cards[src]
                    steps = self._static.get(sc.cid)
                    if steps and sc.face_up and (z == "mana") == (self.rs.cards[sc.cid].kind == "maryoku"):
                        out.append((src, q, steps))   # Maryoku work from the mana zone, the rest from the 戦場
        return out

    def keywords(self, s, uid, sources=None):
        """Return the card's abilities now: printed, gained this turn, and from lasting effects
        (`sources`: `static_sources(s)`, passed in when many cards are asked about at once)."""
        c = s.cards[uid]
        d = self.rs.cards[c.cid]
        out = list(d.keywords)
        for g in c.flags.get("grants", ()):
            out.append(g["kw"])
        owner, zone = split_key(c.zone)
        if zone in FIELD and c.face_up and d.kind == "ijin":
            for src, q, steps in (self.static_sources(s) if sources is None else sources):
                for st in steps:
                    if self.static_applies(s, st.get("target") or {}, src, q, uid, owner):
                        out.append(st["keyword"])
        return out

    def static_applies(self, s, st, src, src_owner, uid, owner):
        """Return whether a lasting effect's target spec `st` (side, kind, where, trait, not_self) reaches uid."""
        side = st.get("side", "own")
        if side == "own" and owner != src_owner or side == "enemy" and owner == src_owner:
            return False
        if st.get("not_self") and uid == src:
            return False
        d = self.rs.cards[s.cards[uid].cid]
        if st.get("kind") and d.kind != st["kind"]:
            return False
        if st.get("trait") and st["trait"] not in (d.get("traits") or ()):
            return False
        return all(d.get(k) == v for k, v in (st.get("where") or {}).items())

    def power(self, s, uid, role=None, sources=None):
        """Return an Ijin's power: printed, パワー+N, アタック+N as attacker, ブロック+N as blocker, and
        modifiers (IJ-R32). Any other card has power 0 (a guardian that is not an Ijin, IJ-D1)."""
        c = s.cards[uid]
        d = self.rs.cards[c.cid]
        if d.kind != "ijin":
            return 0
        total = d.get("power") or 0
        for k in self.keywords(s, uid, sources):
            m = BONUS.match(k)
            if m and BONUS_ROLE[m.group(1)] in (None, role):
                total += int(m.group(2))
        for mod in c.flags.get("mods", ()):
            if mod["stat"] == "power":
                total += mod["n"]
        return max(0, total)

    def has(self, s, uid, kw):
        if kw in self._static_kws:
            return kw in self.keywords(s, uid)
        # No lasting effect gives kw: only the printed keywords and this turn's grants can hold it.
        c = s.cards[uid]
        return kw in self.rs.cards[c.cid].keywords or any(g["kw"] == kw for g in c.flags.get("grants", ()))

    # ------------------------------------------------------------------ moves: feats fire here
    def move(self, s, uid, to, **kw):
        """Move a card; a card leaving its zone forgets its rule state, and a card going from the
        battlefield (guardians included) to the graveyard offers its feat ability (IJ-R20, IJ-R21)."""
        c = s.cards[uid]
        src = c.zone
        super().move(s, uid, to, **kw)
        if src != to:
            if c.flags:
                c.flags = {}
            if c.counters:
                c.counters = {}
            if (c.cid in self._feat and not self._manual_move and split_key(src)[1] in FIELD
                    and split_key(to)[1] == "graveyard" and s.outcome is None):
                d = self.rs.cards[c.cid]
                card = self.card_ref(s, uid, "all")   # in the graveyard: face up for everyone
                self.ask(s, c.owner, "feat", msg("{feat} of {card}: use it? — {text} (IJ-R20)",
                                                 feat=self.rs.field_term("ijin", "feat"), card=card,
                                                 text=d.get("feat") or ""),
                         card=uid, public_prompt=msg("P{n} decides whether to use the {feat} of {card} (IJ-R20)",
                                                     n=c.owner + 1, feat=self.rs.field_term("ijin", "feat"), card=card))
        return c

    def manual_apply(self, s, a):
        self._manual_move = True
        try:
            super().manual_apply(s, a)
        finally:
            self._manual_move = False

    def destroy(self, s, uid):
        """Destroy a battlefield card (IJ-R25): its 'when destroyed' abilities fire, then it goes to the graveyard."""
        c = s.cards[uid]
        if not self.on_field(s, uid):
            return
        if c.cid in self._destroyed:
            self.fire(s, uid, "destroyed")
            if not self.on_field(s, uid):
                return
        name = self.card_ref(s, uid, "all") if c.face_up else self.rs.word("guardian")
        self.move(s, uid, f"{c.owner}.graveyard")
        self.log(s, msg("{what} is destroyed → {card} to the graveyard (IJ-R25)", what=name,
                        card=self.card_ref(s, uid, "all")))

    # ------------------------------------------------------------------ effect hooks and ops
    def fx_destroy(self, s, uid, ctx):
        self.destroy(s, uid)

    def fx_bounce(self, s, uid, ctx):
        c = s.cards[uid]
        name = self.card_ref(s, uid, "all")   # named as it was seen before it went to the hand
        self.move(s, uid, f"{c.owner}.hand")
        self.log(s, msg("{card} returns to P{n}'s hand", card=name, n=c.owner + 1))

    def matches(self, s, uid, spec):
        """Match a target spec; a face-down card on the table matches only specs that ask nothing of
        its identity (so a choice never tells what a guardian is); `tapped` and `trait` are ours."""
        c = s.cards[uid]
        if not c.face_up and split_key(c.zone)[1] in ("battlefield", "guardians", "mana"):
            if spec.get("kind") or spec.get("where") or spec.get("trait"):
                return False
        if "tapped" in spec and c.tapped != spec["tapped"]:
            return False
        if spec.get("trait") and spec["trait"] not in (self.rs.cards[c.cid].get("traits") or ()):
            return False
        return super().matches(s, uid, spec)

    def queue_step(self, s, uid, player, step):
        s.data.setdefault(QUEUE, []).append({"source": uid, "player": player, "step": step, "event": {}})

    def requirement_problem(self, s, p, uid):
        """Return why a Mahou cannot be activated now (IJ-R14), or None: every required choice needs a
        candidate and every 「…のときに発動できる」 count must hold."""
        d = self.rs.cards[s.cards[uid].cid]
        for req in d.effects:
            if req.get("on") != "condition":
                continue
            n = len(self.effect_candidates(s, {"player": p, "source": uid}, req.get("target") or {}))
            if "min" in req and n < req["min"] or "max" in req and n > req["max"]:
                if req.get("text"):
                    return msg("{card} can be activated only when {text} (IJ-R14)",
                               card=self.card_ref(s, uid, p), text=req["text"])
                return msg("{card} can be activated only when its condition holds (IJ-R14)", card=self.card_ref(s, uid, p))
        for e in d.effects:
            spec = e.get("target")
            if e.get("on") != "cast" or not isinstance(spec, dict) or spec.get("all") or e.get("optional"):
                continue
            if not self.effect_candidates(s, {"player": p, "source": uid}, spec):
                return msg("{card} needs a target to choose and there is none (IJ-R14)", card=self.card_ref(s, uid, p))
        return None
