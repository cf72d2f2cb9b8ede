"""The optional match and side deck: IJ-R34, IJ-R35."""
from __future__ import annotations

from tabletop.engine.effects import QUEUE
from tabletop.engine.msg import msg


class IjindenMatch:
    """End a game (or one game of a match), start the next, and swap cards with the side deck."""

    # ------------------------------------------------------------------ match (IJ-R34)
    def end_game(self, s, winner, reason):
        """End a game: the whole game, or one game of a match (IJ-R34)."""
        m = s.data.get("match")
        if not m:
            self.win(s, winner, reason)
            return
        m["results"].append({"game": m["game"], "winner": winner, "reason": reason})
        if winner is not None:
            m["wins"][winner] += 1
        who = msg("a draw (IJ-R34)") if winner is None else msg("P{n} wins (IJ-R34)", n=winner + 1)
        self.log(s, msg("game {game} of the match: {who} ({reason}); wins {w1}–{w2}", game=m["game"], who=who,
                        reason=reason, w1=m["wins"][0], w2=m["wins"][1]), kind="game_end", winner=winner)
        w0, w1 = m["wins"]
        if max(w0, w1) >= 2 or m["game"] >= 3:
            best = 0 if w0 > w1 else 1 if w1 > w0 else None
            self.win(s, best, msg("match {w1}–{w2} (IJ-R34)", w1=w0, w2=w1))
            return
        # The finished board stays on the table until the loser (P1 after a draw) starts the next game.
        s.pending.clear()
        s.data.pop(QUEUE, None)
        nxt = 0 if winner is None else 1 - winner
        self.ask(s, nxt, "next_game", msg("game {game} is over ({who}) — start game {next} of the match (IJ-R34)",
                                          game=m["game"], who=who, next=m["game"] + 1),
                 public_prompt=msg("game {game} is over ({who}); P{n} starts the next game (IJ-R34)", game=m["game"],
                                   who=who, n=nxt + 1))

    def check_next_game(self, s, a):
        return None if self._pending(s, a, "next_game") else msg("no game of the match has just ended (IJ-R34)")

    def do_next_game(self, s, a):
        s.pending.pop(0)
        s.data["match"]["game"] += 1
        self.next_game(s)

    def next_game(self, s):
        """Gather every card back into its deck and set up the next game of the match."""
        s.pending.clear()
        s.data.pop(QUEUE, None)
        s.data["battle"] = None
        s.data["battled"] = False
        for p in (0, 1):
            s.players[p]["placement"] = 0
            s.players[p]["summon"] = 0
            for z in ("hand", "battlefield", "guardians", "mana", "graveyard"):
                for u in list(s.zones[f"{p}.{z}"]):
                    self.move(s, u, f"{p}.deck", face_up=False)
        self.renumber(s, list(s.cards))   # no id of the last game tells a card of this one (表面を見てはいけません)
        self.log(s, msg("— game {game} of the match —", game=s.data["match"]["game"]), kind="game_start")
        if s.data["rules"]["side_deck"]:
            s.phase = "sideboard"
            for p in (0, 1):
                self.ask(s, p, "sideboard", msg("Rebuild your deck: swap cards between your deck and side deck, "
                                                "then done (IJ-R35)"),
                         public_prompt=msg("P{n} rebuilds deck and side deck (IJ-R35)", n=p + 1))
        else:
            self.start_game(s)

    # ------------------------------------------------------------------ side deck (IJ-R35)
    def _side_gate(self, s, a):
        return None if self._pending(s, a, "sideboard") else msg("decks are rebuilt only between the games of a match "
                                                                 "(IJ-R35)")

    def copies_ok(self, cid, n):
        d = self.rs.cards[cid]
        limit = None if d.copies == "any" else d.copies if isinstance(d.copies, int) else 4
        return limit is None or n <= limit

    def check_side_in(self, s, a):
        r = self._side_gate(s, a)
        if r:
            return r
        p, cid = a.player, a["cid"]
        if not any(s.cards[u].cid == cid for u in s.zones[f"{p}.side"]):
            return msg("your side deck has no such card (IJ-R35)")
        n = sum(1 for u in s.zones[f"{p}.deck"] if s.cards[u].cid == cid)
        if not self.copies_ok(cid, n + 1):
            return msg("at most 4 cards of a name in a deck (IJ-R4)")
        return None

    def do_side_in(self, s, a):
        p, cid = a.player, a["cid"]
        u = next(u for u in s.zones[f"{p}.side"] if s.cards[u].cid == cid)
        card = self.card_ref(s, u, p)   # named while its owner still sees it in the side deck
        self.move(s, u, f"{p}.deck", face_up=False)
        self.log(s, msg("P{n} moves a card from the side deck into the deck (IJ-R35)", n=p + 1),
                 {p: msg("P{n} moves {card} from the side deck into the deck (IJ-R35)", n=p + 1, card=card)})

    def check_side_out(self, s, a):
        r = self._side_gate(s, a)
        if r:
            return r
        p, cid = a.player, a["cid"]
        if not any(s.cards[u].cid == cid for u in s.zones[f"{p}.deck"]):
            return msg("your deck has no such card (IJ-R35)")
        if len(s.zones[f"{p}.deck"]) <= 40:
            return msg("a deck holds at least 40 cards (IJ-R4)")
        if len(s.zones[f"{p}.side"]) >= int(self.params.get("side_max", 10)):
            return msg("a side deck holds at most 10 cards (IJ-R35)")
        n = sum(1 for u in s.zones[f"{p}.side"] if s.cards[u].cid == cid)
        if not self.copies_ok(cid, n + 1):
            return msg("at most 4 cards of a name in a side deck (IJ-R4)")
        return None

    def do_side_out(self, s, a):
        p, cid = a.player, a["cid"]
        u = next(u for u in s.zones[f"{p}.deck"] if s.cards[u].cid == cid)
        self.move(s, u, f"{p}.side", face_up=True)
        self.log(s, msg("P{n} moves a card from the deck into the side deck (IJ-R35)", n=p + 1),
                 {p: msg("P{n} moves {card} from the deck into the side deck (IJ-R35)", n=p + 1,
                         card=self.card_ref(s, u, p))})

    def check_side_done(self, s, a):
        return self._side_gate(s, a)

    def do_side_done(self, s, a):
        s.pending.pop(0)
        p = a.player
        self.log(s, msg("P{n} is ready: {deck} {count}, {side} {side_count} (IJ-R35)", n=p + 1,
                        deck=self.rs.zones["deck"].term, count=len(s.zones[f"{p}.deck"]), side=self.rs.zones["side"].term,
                        side_count=len(s.zones[f"{p}.side"])))
        if not any(pk["kind"] == "sideboard" for pk in s.pending):
            self.start_game(s)
