"""Deck rules and setting up a game: IJ-R4..R6, the mulligan (IJ-R33), the deck cap of IJ-R35."""
from __future__ import annotations

from tabletop.engine.errors import DataError
from tabletop.engine.msg import msg


class IjindenSetup:
    """Deck check, game setup, guardians and the optional mulligan."""

    # ------------------------------------------------------------------ deck rules
    @classmethod
    def check_deck(cls, deck, rs):
        """Check IJ-R35 for a deck built with a side deck: deck and side deck together hold at most
        60 cards. A deck without one has no maximum (IJ-R4: 40枚以上); the side-deck option checks
        the cap again when a match starts (`init`)."""
        limit = int(rs.parameters.get("deck_and_side_max", 60))
        main = sum(n for _, n, _ in deck.sections.get("main", []))
        side = sum(n for _, n, _ in deck.sections.get("side", []))
        rows = deck.sections.get("side") or deck.sections.get("main") or []
        if side and main + side > limit:
            return [(rows[0][2] if rows else 1, msg("deck and side deck hold {n} cards together, at most {limit} "
                                                    "allowed (IJ-R35)", n=main + side, limit=limit))]
        return []

    # ------------------------------------------------------------------ setup
    def init(self, s, options):
        for p in (0, 1):
            s.players[p].setdefault("placement", 1)
            s.players[p].setdefault("summon", 1)
        s.data.setdefault("rules", {"mulligan": bool(options.get("mulligan")), "match": bool(options.get("match")),
                                    "side_deck": bool(options.get("match") and options.get("side_deck"))})
        s.data.setdefault("battle", None)
        s.data.setdefault("battled", False)

    def setup(self, s, options):
        if s.data["rules"]["side_deck"]:
            limit = int(self.params.get("deck_and_side_max", 60))
            for p in (0, 1):
                n = len(s.zones.get(f"{p}.deck", [])) + len(s.zones.get(f"{p}.side", []))
                if n > limit:
                    raise DataError(f"P{p + 1}'s deck", None, msg(
                        "with the side-deck rule the deck and side deck hold at most {limit} cards together; "
                        "this one has {n} (IJ-R35)", limit=limit, n=n))
        for p in (0, 1):
            for u in s.zones[f"{p}.side"]:
                s.cards[u].face_up = True   # the side deck pile is its owner's to look through
        if s.data["rules"]["match"]:
            s.data["match"] = {"game": 1, "wins": [0, 0], "results": [], "firsts": []}
        self.start_game(s)

    def start_game(self, s):
        """Set up one game (IJ-R5, IJ-R6): shuffle, draw 6, four guardians, first player, mulligans."""
        hand, guards = int(self.params.get("hand_size", 6)), int(self.params.get("guardians", 4))
        s.phase = "setup"
        for p in (0, 1):
            s.players[p]["placement"] = 0   # rights exist only in their owner's turn (IJ-R7, IJ-R10)
            s.players[p]["summon"] = 0
            self.shuffle(s, f"{p}.deck")
            self.draw(s, p, hand)
            self.place_guardians(s, p, guards)
        m = s.data.get("match")
        if m and m["game"] == 2 and m["firsts"]:
            first = 1 - m["firsts"][0]
            self.log(s, msg("game 2: first and second player swap — P{n} goes first (IJ-R34)", n=first + 1))
        else:
            first = 0 if self.coin(s, msg("first player (IJ-R6)")) else 1
            self.log(s, msg("P{n} goes first (IJ-R6)", n=first + 1))
        if m:
            m["firsts"].append(first)
        s.first = s.active = first
        s.turn = 0
        if s.data["rules"]["mulligan"]:
            s.phase = "mulligan"
            self.ask_mulligan(s, first)
        else:
            self.begin_turn(s, first)

    def ask_mulligan(self, s, p):
        self.ask(s, p, "mulligan", msg("Mulligan? Return your {n} cards, shuffle, draw {n} (IJ-R33)",
                                       n=int(self.params.get("hand_size", 6))),
                 public_prompt=msg("P{n} decides whether to mulligan (IJ-R33)", n=p + 1))

    def place_guardians(self, s, p, n):
        """Put the top n cards of p's deck face down onto the battlefield as guardians."""
        pile = s.zones[f"{p}.deck"]
        k = min(n, len(pile))
        for _ in range(k):
            self.move(s, pile[-1], f"{p}.guardians", face_up=False)
        if k:
            self.log(s, msg("P{n} puts {count} cards from the deck as {guardian} (IJ-R5)", n=p + 1, count=k,
                            guardian=self.rs.word("guardian")))

    # ------------------------------------------------------------------ mulligan (IJ-R33)
    def check_mulligan(self, s, a):
        return None if self._pending(s, a, "mulligan") else msg("no mulligan is offered now (IJ-R33)")

    check_keep = check_mulligan

    def do_mulligan(self, s, a):
        p = a.player
        s.pending.pop(0)
        for u in list(s.zones[f"{p}.hand"]):
            self.move(s, u, f"{p}.deck", face_up=False)
        self.shuffle(s, f"{p}.deck")
        self.draw(s, p, int(self.params.get("hand_size", 6)))
        self.log(s, msg("P{n} mulligans: {count} cards back, shuffle, draw {count} (IJ-R33)", n=p + 1,
                        count=int(self.params.get("hand_size", 6))))
        self.after_mulligan(s, p)

    def do_keep(self, s, a):
        s.pending.pop(0)
        self.log(s, msg("P{n} keeps the hand (IJ-R33)", n=a.player + 1))
        self.after_mulligan(s, a.player)

    def after_mulligan(self, s, p):
        if p == s.first:
            self.ask_mulligan(s, 1 - p)
        else:
            self.begin_turn(s, s.first)
