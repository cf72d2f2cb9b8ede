"""Deck construction and setup: FD-R2..R9 (decks, janken and the order, the partner unit; FD-D7,
FD-D10, FD-D15) and the start of each turn (FD-D1)."""
from __future__ import annotations

from tabletop.engine.msg import msg
from tabletop.games.fourdeck.rules import LEVELS, NO_PARTNER


class FourDeckSetup:
    """Deck rules, setting up, first or second, the partner unit, the start of a turn."""

    # --- deck rules ------------------------------------------------------------------------
    @classmethod
    def check_deck(cls, deck, rs):
        """Check what the generic section rules cannot: one copy of a NAME across all four decks
        (FD-R6), cards that name their own deck (FD-R2), and a possible partner (FD-R9)."""
        problems = []
        rows_by_name: dict[str, list] = {}
        for sec, rows in deck.sections.items():
            for cid, n, line in rows:
                card = rs.cards[cid]
                home = card.get("deck_section")
                if home and home != sec and sec in rs.deck:
                    problems.append((line, msg("{card}: the card says it goes in the {home}, not the {section} (FD-R2)",
                                               card=cid, home=rs.section_term(home), section=rs.section_term(sec))))
                rows_by_name.setdefault(card.name, []).append((sec, cid, n, line))
        for name, rows in rows_by_name.items():
            if len(rows) < 2:
                continue   # one row: the per-section copy limit already checks it
            card = rs.cards[rows[0][1]]
            limit = None if card.copies == "any" else (card.copies if isinstance(card.copies, int) else 1)
            total = sum(r[2] for r in rows)
            if limit is not None and total > limit:
                problems.append((rows[1][3], msg('{card}: {total} cards named "{name}" in the deck, at most {limit} '
                                                 "allowed (FD-R6)", card=rows[1][1], total=total, name=name, limit=limit)))
        lv1 = deck.sections.get("lv1", [])
        if lv1 and all(NO_PARTNER in rs.cards[cid].keywords for cid, _, _ in lv1):
            problems.append((lv1[0][2], msg("the Level 1 deck needs a card that can be the partner unit (FD-R9)")))
        return problems

    # --- setting up ----------------------------------------------------------------------
    def init(self, s, options):
        for p in (0, 1):
            for d in LEVELS:
                s.players[p].setdefault("hp_" + d, self.max_hp[d])
        s.data.setdefault("claim", None)          # who may declare exhaustion victory (FD-R18/D5)
        s.data.setdefault("spell_turn", [0, 0])   # the turn each player last used a spell (FD-R12)

    def setup(self, s, options):
        s.phase, s.turn = "setup", 0
        how = (options or {}).get("first_player") or "coin"
        if how in ("p1", "p2"):
            self.log(s, msg("P{n} goes first (agreed, FD-R8)", n=1 if how == "p1" else 2))
            self._order_decided(s, 0 if how == "p1" else 1)
            return
        # The seeded coin stands in for janken; its winner chooses first or second (FD-R8, FD-D10).
        winner = 0 if self.coin(s, msg("janken (FD-R8)")) else 1
        self.log(s, msg("P{n} wins janken and chooses to go first or second (FD-R8)", n=winner + 1))
        self.ask(s, winner, "choose_order", msg("P{n}: go first or second? (FD-R8)", n=winner + 1))

    def _order_decided(self, s, first: int) -> None:
        s.first = s.active = first
        # Each player looks through their own Level 1 deck to choose the partner (FD-R9, FD-D7).
        for p in (first, 1 - first):
            for u in s.zones[f"{p}.lv1"]:
                self.reveal_to(s, u, p)
            self.ask(s, p, "choose_partner", msg("P{n}: choose your partner unit from your Level 1 deck (FD-R9)", n=p + 1),
                     public_prompt=msg("P{n} is choosing a partner unit (FD-R9)", n=p + 1))

    def _start_turn(self, s, p: int) -> None:
        s.active = p
        s.turn += 1
        s.phase = "damage"
        for u in s.zones[f"{p}.field"]:
            c = s.cards[u]
            c.tapped = False                       # FD-D1: units ready again each own turn
            c.flags.pop("swung", None)
        self.log(s, msg("turn {turn}: P{n} — {phase}", turn=s.turn, n=p + 1, phase=self.rs.phase_term("damage")),
                 kind="turn", player=p)
        for u in list(s.zones[f"{p}.field"]):
            self._trigger(s, u, "start_of_turn")
        self.resolve_effects(s)

    # --- setup answers ----------------------------------------------------------------------
    def check_choose_order(self, s, a):
        if not s.pending or s.pending[0]["kind"] != "choose_order" or s.pending[0]["player"] != a.player:
            return msg("nobody asked you to choose first or second")
        return None if a["choice"] in ("first", "second") else msg("choose first or second (FD-R8)")

    def do_choose_order(self, s, a):
        s.pending.pop(0)
        first = a.player if a["choice"] == "first" else 1 - a.player
        self.log(s, msg("P{n} chooses to go first: P{first} is the first player (FD-R8)" if a["choice"] == "first"
                        else "P{n} chooses to go second: P{first} is the first player (FD-R8)",
                        n=a.player + 1, first=first + 1))
        self._order_decided(s, first)

    def check_choose_partner(self, s, a):
        if not s.pending or s.pending[0]["kind"] != "choose_partner" or s.pending[0]["player"] != a.player:
            return msg("you are not choosing a partner now")
        u = self._partner_card(s, a.player, a["choice"])
        if u is None:
            return msg("the partner unit comes from your own Level 1 deck (FD-R9)")
        if NO_PARTNER in self.card_def(s, u).keywords:
            return msg("{card} says it cannot be a partner unit (FD-R1)", card=self.card_ref(s, u, a.player))
        return None

    def _partner_card(self, s, p: int, cid) -> int | None:
        for u in reversed(s.zones[f"{p}.lv1"]):
            if s.cards[u].cid == cid:
                return u
        return None

    def do_choose_partner(self, s, a):
        """Keep the choice hidden until both players have chosen, then put both partners onto the
        field at once (FD-R9, FD-D15): the first chooser's card waits in a private 'partner_hold'
        entry, which only its owner's view shows."""
        s.pending.pop(0)
        p = a.player
        u = self._partner_card(s, p, a["choice"])
        if any(x["kind"] == "choose_partner" for x in s.pending):
            self.ask(s, p, "partner_hold", msg("Your partner is {card} (revealed when both have chosen)",
                                               card=self.card_ref(s, u, p)),
                     public_prompt=msg("P{n} has chosen a partner unit (hidden until both have chosen)", n=p + 1),
                     choice=u)
            self.log(s, msg("P{n} has chosen a partner unit (hidden until both have chosen, FD-R9)", n=p + 1),
                     {p: msg("P{n} chooses {card} as partner unit (hidden from the opponent until both have "
                             "chosen)", n=p + 1, card=self.card_ref(s, u, p))})
            return
        chosen = {p: u}
        for x in [x for x in s.pending if x["kind"] == "partner_hold"]:
            q, v = x["player"], x.get("choice")
            if v is None or v not in s.zones[f"{q}.lv1"]:
                # A bot's determinized world holds only the public part of the opponent's hold:
                # it guesses the first card that may be a partner.
                v = next(w for w in reversed(s.zones[f"{q}.lv1"])
                         if NO_PARTNER not in self.card_def(s, w).keywords)
            chosen[q] = v
            s.pending.remove(x)
        order = [q for q in (s.first, 1 - s.first) if q in chosen]
        for q in order:                            # both revealed together: 場に出します (FD-R9)
            v = chosen[q]
            self.move(s, v, f"{q}.field", face_up=True)
            s.cards[v].flags["partner"] = True
            self.log(s, msg("P{n} reveals the partner unit: {card} (FD-R9)", n=q + 1,
                            card=self.card_ref(s, v, "all")), kind="enter", card=v)
        for q in order:
            for d in LEVELS + ("spell",):        # FD-D7: then every deck is shuffled
                self.shuffle(s, f"{q}.{d}")
        for q in order:                            # FD-D15: put onto the field, so 場に出たとき fires
            self._trigger(s, chosen[q], "enter")
        s.data["partners_out"] = True
        self.resolve_effects(s)
