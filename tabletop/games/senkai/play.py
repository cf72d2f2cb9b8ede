"""Playing cards: SK-R14..R18 (summon, enchant, cast, pay mana), the main-phase checks (SK-R11) and the
payment choice (SK-D6, SK-D17)."""
from __future__ import annotations

from tabletop.engine.msg import msg
from tabletop.games.senkai.rules import ANY_COLOR, HAND_KEYS, LANE_POS, LANE_WORDS, MANA_KEYS, PLAY_KINDS, WINDOW


class SenkaiPlay:
    """Playing a card from the hand and paying its mana."""

    # --- checks shared by main-phase actions -------------------------------------------------------
    def _idle(self, s, p):
        if s.pending:
            return msg("first answer the choice in progress: {prompt}", prompt=s.pending[0]["prompt"])
        if p != s.active:
            return msg("it is not your turn")
        if s.phase != "main":
            return msg("actions are taken in the main phase (SK-R11)")
        return None

    def _pay_reason(self, s, p, uid):
        """Return why `p` cannot pay for card `uid` now (SK-R14), or None."""
        cards, defs = s.cards, self.rs.cards
        d = defs[cards[uid].cid]
        c = d.get("cost") or 0
        if c == 0:
            return None
        # One pass over the mana zone, stopping as soon as enough up mana and one of the card's
        # colour (or counting as every colour) are seen; otherwise the reason, the count first.
        color = d.color
        up, colored = 0, False
        for m in s.zones[MANA_KEYS[p]]:
            mc = cards[m]
            if not mc.tapped:
                up += 1
                if not colored:
                    md = defs[mc.cid]
                    colored = md.color == color or ANY_COLOR in md.keywords
                if colored and up >= c:
                    return None
        if up < c:
            return msg("it costs {cost} and you have {up} up mana (SK-R14)", cost=c, up=up)
        return msg("you need at least one up {color} mana to pay for it (SK-R14)", color=self.rs.color_term(color))

    # --- play --------------------------------------------------------------------------------
    def check_play(self, s, a):
        p = a.player
        why = self._idle(s, p)
        if why:
            return why
        u = a["card"]
        c = s.cards.get(u)
        if c is None or c.zone != HAND_KEYS[p]:
            return msg("that card is not in your hand")
        kind = self.rs.cards[c.cid].kind
        if kind not in PLAY_KINDS:
            return msg("mana cards are never in the hand (SK-R18)")
        if kind == "monster":
            to = a.get("to")
            owner, _, lane = to.partition(".") if isinstance(to, str) else (None, None, None)
            if lane not in LANE_POS:
                return msg("a monster enters one of your lanes (SK-R15)")
            if owner != str(p):
                return msg("a monster enters one of your own lanes (SK-R15)")
            there = s.zones[to]
            if there and s.cards[there[0]].tapped:
                return msg("that lane holds your down monster (SK-R15)")
        elif kind == "enchantment":
            t = a.get("target")
            if t not in s.cards or self.lane_of(s, t) is None:
                return msg("an enchantment attaches to a monster in a lane (SK-R16)")
        elif a.get("to") is not None or a.get("target") is not None:
            return msg("a spell is simply used (SK-R17)")
        return self._pay_reason(s, p, u)

    def do_play(self, s, a):
        p, u = a.player, a["card"]
        c = self.cost(s, u)
        intent = {"card": u, "to": a.get("to"), "target": a.get("target")}
        if c == 0:
            self._resolve_play(s, p, intent)
            return
        up = self.up_mana(s, p)
        if len(up) == c or len({s.cards[m].cid for m in up}) == 1:
            # The choice cannot matter: every up mana is downed, or they are all the same card (SK-D6).
            for m in up[-c:]:
                self.tap(s, m)
            self.log(s, msg("P{n} downs {count} mana (SK-R14)", n=p + 1, count=c))
            self._resolve_play(s, p, intent)
            return
        self.ask(s, p, "pay", msg("Down {count} mana for {card} (click mana, or pay automatically) (SK-R14)",
                                  count=c, card=self.card_ref(s, u, p)),
                 public_prompt=msg("P{n} is paying {count} mana (SK-R14)", n=p + 1, count=c), left=c, paid=[],
                 color=self.rs.cards[s.cards[u].cid].color, **intent)

    def _resolve_play(self, s, p, intent):
        u = intent["card"]
        d = self.rs.cards[s.cards[u].cid]
        if d.kind == "monster":
            to = intent["to"]
            there = s.zones[to]
            if there:
                old = there[0]
                self.move(s, old, f"{p}.discard")     # not destroyed: no on-destroy effect (SK-R35)
                self.log(s, msg("{card} makes way and goes to the discard (SK-R15)", card=self.card_ref(s, old, "all")))
            self.move(s, u, to)
            self.log(s, msg("P{n} summons {card} into {lane} (SK-R15)", n=p + 1, card=self.card_ref(s, u, "all"),
                            lane=LANE_WORDS[to.partition(".")[2]]), kind="play", card=u)
            if p == s.active:
                s.data[WINDOW] = True    # a new monster: the other player may answer before it acts (SK-D8)
            self.fire(s, u, "enter")
        elif d.kind == "enchantment":
            host = intent["target"]
            self.attach(s, u, host)
            self.log(s, msg("P{n} attaches {card} to {target} (SK-R16)", n=p + 1, card=self.card_ref(s, u, "all"),
                            target=self.card_ref(s, host, "all")), kind="play", card=u)
            self.fire(s, u, "play")
        else:
            self.move(s, u, f"{p}.discard")   # SK-D17: into the discard as it resolves
            self.log(s, msg("P{n} casts {card} (SK-R17)", n=p + 1, card=self.card_ref(s, u, "all")), kind="play", card=u)
            self.fire(s, u, "play")
        self.check_destroyed(s)

    # --- paying ----------------------------------------------------------------------------------
    def _pay_pending(self, s, p):
        if not s.pending or s.pending[0]["kind"] != "pay" or s.pending[0]["player"] != p:
            return None
        return s.pending[0]

    def check_pay(self, s, a):
        p = a.player
        pending = s.pending   # _pay_pending, inlined: this check runs for every up mana while paying
        if not pending or pending[0]["kind"] != "pay" or pending[0]["player"] != p:
            return msg("no card is waiting to be paid for")
        pd = pending[0]
        m = a["card"]
        c = s.cards.get(m)
        if c is None or c.zone != MANA_KEYS[p]:
            return msg("pay with mana from your mana zone (SK-R14)")
        if c.tapped:
            return msg("that mana is already down (SK-R32)")
        # Only the last mana to down must make up for a colour not paid yet.
        if (pd["left"] == 1 and not self._mana_colors_ok(s, m, pd["color"])
                and not any(self._mana_colors_ok(s, x, pd["color"]) for x in pd["paid"])):
            return msg("at least one downed mana must be {color} (SK-R14)", color=self.rs.color_term(pd["color"]))
        return None

    def do_pay(self, s, a):
        pd = s.pending[0]
        m = a["card"]
        self.tap(s, m)
        pd["paid"].append(m)
        pd["left"] -= 1
        self.log(s, msg("P{n} downs {card} (SK-R14)", n=a.player + 1, card=self.card_ref(s, m, "all")))
        if pd["left"] == 0:
            s.pending.pop(0)
            self._resolve_play(s, a.player, pd)

    def check_pay_auto(self, s, a):
        return None if self._pay_pending(s, a.player) else msg("no card is waiting to be paid for")

    def auto_pay_choice(self, s, p, color, left, paid):
        """Return the mana to down: plain mana before mana with text, one of the card's colour if needed."""
        def rank(m):
            d = self.rs.cards[s.cards[m].cid]
            return (ANY_COLOR in d.keywords) * 2 + bool(d.effects)
        up = sorted(self.up_mana(s, p), key=rank)
        chosen = []
        if not any(self._mana_colors_ok(s, x, color) for x in paid):
            same = [m for m in up if self._mana_colors_ok(s, m, color)]
            chosen.append(same[0])
        for m in up:
            if len(chosen) >= left:
                break
            if m not in chosen:
                chosen.append(m)
        return chosen

    def do_pay_auto(self, s, a):
        pd = s.pending.pop(0)
        for m in self.auto_pay_choice(s, a.player, pd["color"], pd["left"], pd["paid"]):
            self.tap(s, m)
        self.log(s, msg("P{n} downs {count} more mana (SK-R14)", n=a.player + 1, count=pd["left"]))
        self._resolve_play(s, a.player, pd)

    def check_cancel(self, s, a):
        return None if self._pay_pending(s, a.player) else msg("nothing to cancel")

    def do_cancel(self, s, a):
        pd = s.pending.pop(0)
        for m in pd["paid"]:
            self.untap(s, m)
        self.log(s, msg("P{n} takes the card back", n=a.player + 1))
