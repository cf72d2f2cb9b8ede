"""Turn passing and the state-based rules: DM-R11..R13, DM-R17, DM-R20, DM-R24, DM-R26, DM-D8, DM-D17."""
from __future__ import annotations

from tabletop.engine.msg import msg

from .rules import PN


class DanmakuTurn:
    """End and start phases, falling cards, and the wins."""

    # --- turn passing ------------------------------------------------------------------------------
    def end_turn(self, s):
        p = s.active
        s.phase = "end"
        self.expire_mods(s, "end_of_turn")
        self.log(s, msg("{player}: {phase} phase", player=PN(p), phase=self.rs.phase_term("end")), kind="phase")
        self.state_rules(s)
        if s.outcome is not None:
            return
        s.data.update(power_used=False, score_used=False, attacked=False)
        s.active = 1 - p
        s.turn += 1
        self.start_phase(s)

    def start_phase(self, s):
        p = s.active
        s.phase = "start"
        self.log(s, msg("turn {turn}: {player} — {phase} phase", turn=s.turn, player=PN(p),
                        phase=self.rs.phase_term("start")), kind="turn")
        if not s.zones[f"{p}.deck"]:     # (a position set up with an empty deck: it has run out already)
            self.win(s, 1 - p, msg("{player}'s deck has run out ({rule})", player=PN(p), rule="DM-R13, DM-D5"))
            return
        self.draw(s, p, 1)
        if s.outcome is not None:        # the last card was drawn: the deck has run out (DM-D5)
            return
        # DM-D8: time limits count down in their owner's start phase.
        for u in list(s.zones[f"{p}.supports"]) + list(s.zones[f"{p}.spell"]):
            c = s.cards[u]
            c.counters["time"] = max(0, c.counters.get("time", 0) - 1)
            self.log(s, msg("{card}: {time} {n}", card=self.card_ref(s, u, "all"), time=self.rs.word("counter.time"),
                            n=c.counters["time"]))
        self.state_rules(s)
        if s.outcome is None:
            s.phase = "main"

    # --- state-based rules and winning ---------------------------------------------------------------
    def state_rules(self, s):
        """Remove defeated and timed-out cards (DM-R24, DM-R26, DM-D8), then check the wins (DM-R11–13)."""
        if not s.data.get("ready"):
            return
        if self._something_falls(s):
            self._remove_fallen(s)
        if s.outcome is not None:
            return
        zones = s.zones
        z0, z1 = self.zk
        if (zones[z0["main"]] and zones[z1["main"]] and zones[z0["side"]] and zones[z1["side"]]
                and zones[z0["deck"]] and zones[z1["deck"]]):
            return      # the usual case: no win condition reached
        lost = [p for p in (0, 1) if not zones[self.zk[p]["main"]] or not zones[self.zk[p]["deck"]]]
        won = [p for p in (0, 1) if not zones[self.zk[p]["side"]]]
        if len(lost) == 2 or len(won) == 2 or (lost and won and lost[0] == won[0]):
            self.win(s, None, msg("both players reached a win condition at once ({rule})", rule="DM-D17"))
        elif lost:
            p = lost[0]
            self.win(s, 1 - p, msg("{player}'s main character is at 0 {hp} ({rule})", player=PN(p),
                                   hp=self.rs.word("counter.hp"), rule="DM-R11") if not zones[self.zk[p]["main"]]
                     else msg("{player}'s deck has run out ({rule})", player=PN(p), rule="DM-R13, DM-D5"))
        elif won:
            self.win(s, won[0], msg("{player} has no side cards left ({rule})", player=PN(won[0]), rule="DM-R12"))

    def _something_falls(self, s) -> bool:
        """Return whether a card on the field is at 0 HP or 0 time (a cheap scan: usually none is)."""
        cards, zones = s.cards, s.zones
        for key in self.hp_zones:
            for u in zones[key]:
                if cards[u].counters.get("hp", 0) <= 0:
                    return True
        for key in self.time_zones:
            for u in zones[key]:
                if cards[u].counters.get("time", 0) <= 0:
                    return True
        return False

    def _remove_fallen(self, s):
        """Move the cards at 0 HP or 0 time off the field, player by player (a spell card falling
        hands its owner's opponent a side card)."""
        zones, cards = s.zones, s.cards
        for p in (0, 1):
            z = self.zk[p]
            for u in list(zones[z["spell"]]):
                c = cards[u]
                if c.counters.get("hp", 0) <= 0 or c.counters.get("time", 0) <= 0:
                    why = msg("its durability is 0") if c.counters.get("hp", 0) <= 0 else msg("its time limit is 0")
                    self.leave_field(s, u, z["spell_grave"])
                    card = self.card_ref(s, u, "all")
                    self.log(s, msg("{card} goes to {zone} ({why}, {rule})", card=card, zone=self.zone_label(z["spell_grave"]),
                                    why=why, rule="DM-R24"), kind="spell_down")
                    self.take_side(s, 1 - p, msg("{card} fell", card=card))
            for u in list(zones[z["supports"]]):
                if cards[u].counters.get("time", 0) <= 0:
                    self.leave_field(s, u, z["discard"])
                    self.log(s, msg("{card}: time is up, to the graveyard ({rule})", card=self.card_ref(s, u, "all"),
                                    rule="DM-D8"))
            for u in zones[z["main"]] + zones[z["familiars"]]:
                if cards[u].counters.get("hp", 0) <= 0:
                    self.leave_field(s, u, z["discard"])
                    self.log(s, msg("{card} is at 0 {hp} and goes to the graveyard ({rule})",
                                    card=self.card_ref(s, u, "all"), hp=self.rs.word("counter.hp"), rule="DM-R26"),
                             kind="defeated")

    def after(self, s):
        if s.outcome is None:
            self.state_rules(s)
