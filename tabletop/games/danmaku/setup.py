"""Deck rules and the start of a game: DM-R7, DM-R14..R17, DM-D7, DM-D11."""
from __future__ import annotations

from tabletop.engine.msg import msg

from .rules import PN


class DanmakuSetup:
    """Deck check, main character, side cards, first player, first hands and the one redraw."""

    # --- deck rules ---------------------------------------------------------------------------
    @classmethod
    def check_deck(cls, deck, rs):
        problems = []
        rows = deck.sections.get("main", [])
        if rows and not any(rs.cards[c].kind == "character" for c, _, _ in rows):
            problems.append((rows[0][2], msg("the deck needs a character card to choose the main character from "
                                             "({rule})", rule="DM-R14")))
        side = deck.sections.get("side", [])
        n = int(rs.parameters.get("side_cards", 4))
        if sum(k for _, k, _ in side) > n:
            problems.append((side[0][2], msg("{k} side-only cards, but only {n} side cards are set ({rule})",
                                             k=sum(k for _, k, _ in side), n=n, rule="DM-D7")))
        return problems

    # --- start of a game ----------------------------------------------------------------------
    def init(self, s, options):
        d = s.data
        d.setdefault("ready", False)          # setup finished: state-based rules and wins apply
        d.setdefault("power_used", False)     # DM-R18: one Power (or Big Power) per turn
        d.setdefault("score_used", False)     # DM-R18: one Score (or 1UP) per turn
        d.setdefault("attacked", False)       # DM-R19: one attack in the danmaku phase
        d.setdefault("redrawn", [False, False])

    def setup(self, s, options):
        """Ask each player for a main character (DM-R14); the rest of setup follows the answers."""
        s.phase = "setup"
        for p in (0, 1):
            chars = [u for u in s.zones[f"{p}.deck"] if self.card_def(s, u).kind == "character"]
            for u in chars:
                self.reveal_to(s, u, p)
            self.ask(s, p, "choose_main", msg("Choose your main character from your deck ({rule})", rule="DM-R14"),
                     public_prompt=msg("{player} chooses a main character ({rule})", player=PN(p), rule="DM-R14"),
                     options=chars)

    def after_scenario(self, s):
        """Fill the counters a scenario leaves out (printed HP, durability, time) and start play."""
        s.data["ready"] = s.phase != "setup"
        for key, uids in s.zones.items():
            name = key.split(".", 1)[1]
            for u in uids:
                c = s.cards[u]
                d = self.rs.cards[c.cid]
                if name in ("main", "familiars", "spell"):
                    c.counters.setdefault("hp", d.get("hp") or 1)
                if name in ("spell", "supports"):
                    c.counters.setdefault("time", d.get("time") or 1)

    def _finish_setup(self, s):
        for p in (0, 1):
            for u in s.zones[f"{p}.main"]:
                self.flip(s, u, True)
                s.cards[u].counters["hp"] = self.card_def(s, u).get("hp") or 1
            self.log(s, msg("{player}'s main character: {card}", player=PN(p),
                            card=self.card_ref(s, s.zones[f"{p}.main"][0], "all")))
        for p in (0, 1):
            # DM-R15/D7: side-only cards of the deck list first, the open slots at random from the deck.
            self.shuffle(s, f"{p}.deck")
            side = s.zones[f"{p}.side"]
            while len(side) < self.side_n and s.zones[f"{p}.deck"]:
                self.move(s, s.zones[f"{p}.deck"][-1], f"{p}.side", face_up=False)
            self.shuffle(s, f"{p}.side")      # DM-D11: which side card comes up is unknown
            self.log(s, msg("{player} sets {n} side cards ({rule})", player=PN(p), n=len(side), rule="DM-R15"))
        s.first = s.active = 0 if self.coin(s, msg("first player ({rule})", rule="DM-R16")) else 1
        self.log(s, msg("{player} goes first", player=PN(s.first)))
        for p in (s.first, 1 - s.first):
            self.shuffle(s, f"{p}.deck")
            self.draw(s, p, self.hand_n)
        for p in (s.first, 1 - s.first):
            self.ask(s, p, "redraw", msg("Keep this hand, or redraw {n} once ({rule})", n=self.hand_n, rule="DM-R16"),
                     public_prompt=msg("{player} decides whether to redraw ({rule})", player=PN(p), rule="DM-R16"))

    def _begin_play(self, s):
        s.data["ready"] = True
        s.turn, s.active = 1, s.first
        s.phase = "main"            # DM-R17: the first player's first start phase is skipped
        self.log(s, msg("turn 1: {player} (the start phase of the first turn is skipped, {rule})", player=PN(s.active),
                        rule="DM-R17"), kind="turn")

    # --- setup answers ----------------------------------------------------------------------------
    def check_choose_main(self, s, a):
        q = self._pending(s, a, "choose_main")
        if q is None:
            return msg("no main character is being chosen now")
        if a["choice"] not in q["options"]:
            return msg("choose a character card from your deck ({rule})", rule="DM-R14")
        return None

    def do_choose_main(self, s, a):
        s.pending.pop(0)
        self.move(s, a["choice"], f"{a.player}.main", face_up=False)
        self.log(s, msg("{player} chooses a main character (shown when both have chosen)", player=PN(a.player)),
                 {a.player: msg("{player} chooses {card} as main character", player=PN(a.player),
                                card=self.card_ref(s, a["choice"], a.player))})
        if not any(q["kind"] == "choose_main" for q in s.pending):
            self._finish_setup(s)

    def check_keep(self, s, a):
        return None if self._pending(s, a, "redraw") else msg("there is no hand to keep now")

    def do_keep(self, s, a):
        s.pending.pop(0)
        self.log(s, msg("{player} keeps the hand", player=PN(a.player)))
        if not s.pending:
            self._begin_play(s)

    def check_redraw(self, s, a):
        if not self._pending(s, a, "redraw"):
            return msg("you can redraw only right after drawing your first hand ({rule})", rule="DM-R16")
        if s.data["redrawn"][a.player]:
            return msg("you have already redrawn once ({rule})", rule="DM-R16")
        return None

    def do_redraw(self, s, a):
        s.pending.pop(0)
        p = a.player
        s.data["redrawn"][p] = True
        for u in list(s.zones[f"{p}.hand"]):
            self.move(s, u, f"{p}.deck", face_up=False)
        self.shuffle(s, f"{p}.deck")
        self.log(s, msg("{player} redraws the hand ({rule})", player=PN(p), rule="DM-R16"))
        self.draw(s, p, self.hand_n)
        if not s.pending:
            self._begin_play(s)
