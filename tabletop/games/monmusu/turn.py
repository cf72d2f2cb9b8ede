"""The turn: start, charge, phases, end (MM-R12..R17), and what follows every action: pending
choices, the battle's next step, the win check (MM-R44).
"""
from __future__ import annotations

from tabletop.engine.effects import QUEUE
from tabletop.engine.msg import msg

from .rules import _p, MANA_KEYS


class MonmusuTurn:
    # --- the turn (MM-R12..R17) ---------------------------------------------------------------
    def _start_turn(self, s, p):
        s.turn += 1
        s.active = p
        s.data["turn_start"] = s.data["time"]
        s.data["charged"] = False
        s.phase = "recast"
        self.log(s, msg("turn {turn}: {player} — {time} {n}", turn=s.turn, player=_p(p),
                        time=self.time_word, n=s.data["time"]), kind="turn", player=p)
        cards = s.cards
        for u in s.zones[MANA_KEYS[p]]:
            cards[u].tapped = False
        for u in self.monsters(s, p):
            c = s.cards[u]
            if c.tapped and self.needs(s, u) == 0:
                was_down = c.flags.get("down")
                self.recast_monster(s, u)
                self.log(s, msg("{card} stops being down and recasts ({rule})" if was_down
                                else "{card} recasts ({rule})", card=self.card_ref(s, u, "all"), rule="MM-R12"))
        s.phase = "draw"
        if s.turn != 1:
            self.draw(s, p, 1)
        self.tick(s, msg("draw phase ends"))
        s.phase = "charge"

    def check_charge(self, s, a):
        why = self._turn_action(s, a, "charge")
        if why:
            return why
        c, why = self._own_card(s, a)
        if why:
            return why
        if c.zone != f"{a.player}.hand":
            return msg("charge a card from your hand ({rule})", rule="MM-R14")
        if a["to"] != f"{a.player}.mana":
            return msg("a charged card goes into your mana zone ({rule})", rule="MM-R14")
        return None

    def do_charge(self, s, a):
        self.move(s, a["card"], a["to"], face_up=True, tapped=False)
        self.log(s, msg("{player} charges {card} into the mana zone ({rule})", player=_p(a.player),
                        card=self.card_ref(s, a["card"], "all"), rule="MM-R14"))
        self.tick(s, msg("charge phase ends"))
        s.phase = "home"

    def check_end_phase(self, s, a):
        return self._turn_action(s, a, ("charge", "home", "cast"))

    def do_end_phase(self, s, a):
        if s.phase == "charge":
            self.tick(s, msg("charge phase ends"))
            s.phase = "home"
        elif s.phase == "home":
            s.phase = "cast"
        elif s.phase == "cast":
            self._enter_end(s)

    def check_end_turn(self, s, a):
        return self._turn_action(s, a, ("charge", "home", "cast"))

    def do_end_turn(self, s, a):
        if s.phase == "charge":
            self.tick(s, msg("charge phase ends"))
        self._enter_end(s)

    def _enter_end(self, s):
        s.phase = "end"
        cards, steps = s.cards, self.steps
        for u in self.monsters(s, s.active):
            if "end_phase" in steps[cards[u].cid]:     # (what `_offer` asks first)
                self._offer(s, u, "end_phase")

    def _finish_turn(self, s):
        self.expire_mods(s, "end_of_turn")
        self.tick(s, msg("turn ends"))
        self._start_turn(s, 1 - s.active)

    # --- after every action ----------------------------------------------------------------
    def after(self, s):
        players = s.players
        if players[0].get("hp", 1) <= 0 or players[1].get("hp", 1) <= 0:      # (what `_check_end` asks first)
            self._check_end(s)
        if s.outcome is None:
            if s.pending:
                self._prune_offers(s)
            self._advance(s)
            if players[0].get("hp", 1) <= 0 or players[1].get("hp", 1) <= 0:
                self._check_end(s)

    def _advance(self, s):
        while s.outcome is None and not s.pending and not s.data.get(QUEUE):
            if s.data.get("battle"):
                self._battle_step(s)
                self._prune_offers(s)
            elif s.phase == "end":
                self._finish_turn(s)
            else:
                break

    def _check_end(self, s):
        if s.outcome is not None:
            return
        if s.players[0].get("hp", 1) > 0 and s.players[1].get("hp", 1) > 0:
            return          # (the usual case, after every action)
        dead = [p for p in (0, 1) if s.players[p].get("hp", 1) <= 0]
        if len(dead) == 2:
            self.win(s, None, msg("both players' {hp} reached 0 ({rule})", hp=self.rs.word("value.hp"), rule="MM-R44"))
        elif dead:
            self.win(s, 1 - dead[0], msg("{player}'s {hp} reached 0 ({rule})", player=_p(dead[0]),
                                         hp=self.rs.word("value.hp"), rule="MM-R44"))
