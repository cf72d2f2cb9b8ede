"""Deck rules and the set-up: the deck check (MM-R4), the state, janken, first or second, main
monsters, mulligan, extra draw and the reveal (MM-R6..R11).
"""
from __future__ import annotations

from tabletop.engine.msg import msg, Term

from .rules import _p, DECK_KEYS, MAIN_KEYS, MAINS


class MonmusuSetup:
    # --- deck rules ------------------------------------------------------------------------
    @classmethod
    def check_deck(cls, deck, rs):
        """Check MM-R4 beyond the generic rules: a cost-1 monster, at most 3 per card name."""
        problems = []
        rows = deck.sections.get("main", [])
        first = rows[0][2] if rows else 1
        if not any(rs.cards[c].kind == "monster" and rs.cards[c].get("cost") == 1 for c, _, _ in rows):
            problems.append((first, msg("the deck needs at least one cost-1 monster ({rule})", rule="MM-R4")))
        by_name: dict[str, int] = {}
        for cid, n, line in rows:
            d = rs.cards[cid]
            if d.copies == "any":
                continue
            by_name[d.name] = by_name.get(d.name, 0) + n
            if by_name[d.name] > 3 and by_name[d.name] - n <= 3:
                problems.append((line, msg("{card}: more than 3 cards of this card name ({rule})",
                                               card=Term(d.name_en or d.name, d.name, card=True), rule="MM-R4")))
        return problems

    # --- state set-up ----------------------------------------------------------------------
    def init(self, s, options):
        for p in (0, 1):
            s.players[p].setdefault("hp", self.hp0)
        for k, v in (("time", 0), ("turn_start", 0), ("charged", False), ("battle", None),
                     ("mulligan", [False, False])):
            s.data.setdefault(k, v)

    def setup(self, s, options):
        for p in (0, 1):
            self.shuffle(s, f"{p}.deck")
        s.phase = "setup"
        winner = 0 if self.coin(s, msg("janken {rule}", rule="MM-R6")) else 1
        self.log(s, msg("{player} wins the janken and chooses first or second ({rule})", player=_p(winner),
                        rule="MM-R6"))
        self.ask(s, winner, "order", msg("You won the janken: choose to go first or second ({rule})", rule="MM-R6"),
                 public_prompt=msg("{player} chooses first or second ({rule})", player=_p(winner), rule="MM-R6"))

    # --- setup actions (MM-R6..R11) -----------------------------------------------------
    def _pending(self, s, a, kind):
        if not s.pending or s.pending[0]["kind"] != kind or s.pending[0]["player"] != a.player:
            return None
        return s.pending[0]

    def check_choose_order(self, s, a):
        if self._pending(s, a, "order") is None:
            return msg("nobody is choosing first or second now")
        return None if a["choice"] in ("first", "second") else msg("choose first or second")

    def do_choose_order(self, s, a):
        s.pending.pop(0)
        first = a.player if a["choice"] == "first" else 1 - a.player
        s.first = s.active = first
        self.log(s, msg("{player} chooses to go first: {first} is the first player" if a["choice"] == "first"
                        else "{player} chooses to go second: {first} is the first player",
                        player=_p(a.player), first=_p(first)))
        self._ask_picks(s, first)

    def _taken_mains(self, s, p) -> set:
        """Return the monster names p has already chosen as main monsters (MM-R7)."""
        cards, defs = s.cards, self.rs.cards
        return {defs[cards[u].cid].get("monster") for key in MAIN_KEYS[p] for u in s.zones[key]}

    def _pickable_cids(self, s, p) -> set:
        """Return the card ids of p's deck that may still be chosen as a main monster (MM-R7)."""
        taken = self._taken_mains(s, p)
        choices = self.main_choices
        cards = s.cards
        in_deck = {cards[u].cid for u in s.zones[DECK_KEYS[p]]}
        return {cid for cid in in_deck.intersection(choices) if choices[cid] not in taken}

    def _any_pickable(self, s, p) -> bool:
        """Return whether `_pickable_cids` has any, stopping at the first."""
        taken = self._taken_mains(s, p)
        choices = self.main_choices
        cards = s.cards
        for u in s.zones[DECK_KEYS[p]]:
            cid = cards[u].cid
            if cid in choices and choices[cid] not in taken:
                return True
        return False

    def pickable(self, s, p) -> list[str]:
        return sorted(self._pickable_cids(s, p))

    def _ask_picks(self, s, p):
        names = {self.rs.cards[c].get("monster") for c in self.pickable(s, p)}
        n = min(int(self.params.get("max_mains", 4)), len(names))
        if n:
            self.ask(s, p, "pick_main", msg("Choose your main monsters: {n} different cost-1 monsters, face down "
                                            "({rule})", n=n, rule="MM-R7"),
                     public_prompt=msg("{player} chooses main monsters ({rule})", player=_p(p), rule="MM-R7"), left=n)
        else:
            self.log(s, msg("{player} has no cost-1 monster to choose", player=_p(p)))
            self._picks_done(s, p)

    def check_pick_main(self, s, a):
        if self._pending(s, a, "pick_main") is None:
            return msg("no main monster is being chosen now")
        # The same as `a["choice"] in self.pickable(...)`, without listing them all.
        cid = a["choice"]
        if (cid not in self.main_choices or self.main_choices[cid] in self._taken_mains(s, a.player)
                or not any(s.cards[u].cid == cid for u in s.zones[f"{a.player}.deck"])):
            return msg("choose a cost-1 monster from your deck, different from the ones already chosen ({rule})",
                       rule="MM-R7")
        return None

    def do_pick_main(self, s, a):
        pe = s.pending[0]
        p = a.player
        cid, cards = a["choice"], s.cards
        uid = next(u for u in s.zones[DECK_KEYS[p]] if cards[u].cid == cid)
        z = next(z for z in MAINS if not s.zones[f"{p}.{z}"])
        c = self.move(s, uid, f"{p}.{z}", face_up=False, tapped=True)
        c.flags.update(ct=0, since=0)
        self.log(s, msg("{player} puts a main monster face down and cast in {zone} ({rule})", player=_p(p),
                        zone=self.zone_label(c.zone), rule="MM-R7"),
                 {p: msg("{player} puts {card} face down and cast in {zone} ({rule})", player=_p(p),
                         card=self.card_ref(s, uid, p), zone=self.zone_label(c.zone), rule="MM-R7")})
        pe["left"] = pe.get("left", 1) - 1   # (a determinized copy of the other player's pick has no count)
        if pe["left"] <= 0 or not self._any_pickable(s, p):
            s.pending.pop(0)
            self._picks_done(s, p)

    def _picks_done(self, s, p):
        if p == s.first:
            self._ask_picks(s, 1 - p)
            return
        for q in (s.first, 1 - s.first):
            self.shuffle(s, f"{q}.deck")
            top = s.zones[f"{q}.deck"]
            if top:
                u = top[-1]
                self.move(s, u, f"{q}.mana", face_up=False)
                self.log(s, msg("{player} puts the top card of the deck face down into the mana zone ({rule})",
                                player=_p(q), rule="MM-R8"),
                         {q: msg("{player} puts {card} face down into the mana zone ({rule})", player=_p(q),
                                 card=self.card_ref(s, u, q), rule="MM-R8")})
        for q in (s.first, 1 - s.first):
            self.draw(s, q, int(self.params.get("hand_size", 5)))
        self.ask(s, s.first, "mulligan", msg("Redraw your hand? ({rule})", rule="MM-R10"),
                 public_prompt=msg("{player} decides whether to redraw ({rule})", player=_p(s.first), rule="MM-R10"))

    def check_mulligan(self, s, a):
        if self._pending(s, a, "mulligan") is None:
            return msg("no mulligan is being decided now")
        return None if isinstance(a["choice"], bool) else msg("answer yes or no")

    def do_mulligan(self, s, a):
        s.pending.pop(0)
        p = a.player
        if a["choice"]:
            hand = list(s.zones[f"{p}.hand"])
            for u in hand:
                self.move(s, u, f"{p}.deck", face_up=False)
            self.shuffle(s, f"{p}.deck")
            self.draw(s, p, len(hand))
            s.data["mulligan"][p] = True
            self.log(s, msg("{player} mulligans ({rule})", player=_p(p), rule="MM-R10"))
        else:
            self.log(s, msg("{player} keeps the hand", player=_p(p)))
        if p == s.first:
            self.ask(s, 1 - p, "mulligan", msg("Redraw your hand? ({rule})", rule="MM-R10"),
                     public_prompt=msg("{player} decides whether to redraw ({rule})", player=_p(1 - p), rule="MM-R10"))
            return
        for q in (s.first, 1 - s.first):
            if s.data["mulligan"][q]:
                self.ask(s, 1 - q, "extra_draw", msg("{player} mulliganed: draw 1 card? ({rule})", player=_p(q),
                                                     rule="MM-R10"),
                         public_prompt=msg("{player} decides whether to draw 1 card ({rule})", player=_p(1 - q),
                                           rule="MM-R10"))
        if not s.pending:
            self._reveal(s)

    def check_extra_draw(self, s, a):
        if self._pending(s, a, "extra_draw") is None:
            return msg("no extra draw is offered now")
        return None if isinstance(a["choice"], bool) else msg("answer yes or no")

    def do_extra_draw(self, s, a):
        s.pending.pop(0)
        if a["choice"]:
            self.draw(s, a.player, 1)
        if not s.pending:
            self._reveal(s)

    def _reveal(self, s):
        for p in (0, 1):
            for z in MAINS:
                for u in s.zones[f"{p}.{z}"]:
                    self.flip(s, u, True)
            for u in s.zones[f"{p}.mana"]:
                self.flip(s, u, True)
            s.players[p]["hp"] = self.hp0
        self.log(s, msg("main monsters and mana turn face up; both players' {hp} is {n} ({rule})",
                        hp=self.rs.word("value.hp"), n=self.hp0, rule="MM-R11"))
        s.turn = 0
        self._start_turn(s, s.first)
