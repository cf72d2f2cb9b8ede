"""Setup and the turn: `setup:` and each phase's `steps:` of `turn:`, run until a player must act.
"""
from __future__ import annotations

from tabletop.engine.effects import QUEUE
from tabletop.engine.msg import msg

from .common import DECKED, STEP, USED, _rule


class DeclaredTurn:
    # --- setup and the turn ---------------------------------------------------------------------------
    def init(self, s, options):
        for p in (0, 1):
            for name, spec in self.d.counters.items():
                s.players[p].setdefault(name, spec["start"])

    def setup(self, s, options):
        s.first = s.active = 0
        s.turn = 1
        for r in self.d.setup:
            for p in (0, 1) if r.kind != "first_player" else (None,):
                self.run_step(s, r, p)
        s.active = s.first
        s.phase = self.phase_ids[0]
        s.data[STEP] = 0
        self.log(s, msg("Turn {turn}: P{n}", turn=s.turn, n=s.active + 1), kind="turn")

    def after_scenario(self, s):
        s.data.setdefault(STEP, 0)
        self.after(s)

    def run_step(self, s, r, p) -> bool:
        """Run one automatic step for player p; return False when it waits for a choice (hand limit)."""
        a, k = r.args, r.kind
        if k == "shuffle":
            self.shuffle(s, self.zkey(p, a["zone"]))
        elif k == "draw":
            if a.get("skip_first_turn") and s.turn == 1:
                return True
            self.draw_cards(s, p, a["n"], a["zone"], a["to"], r)
        elif k == "place":
            pile = s.zones[self.zkey(p, a["zone"])]
            face_up = a.get("face_up")
            n = 0
            for _ in range(min(a["n"], len(pile))):
                self.move(s, pile[-1], self.zkey(p, a["to"]), face_up=face_up)
                n += 1
            self.log(s, _rule(msg("P{n} places {count} cards in {zone}", n=p + 1, count=n, zone=self.zone_term(a["to"])),
                              r.id))
        elif k == "first_player":
            s.first = 0 if self.coin(s, _rule(msg("who goes first"), r.id)) else 1
            self.log(s, _rule(msg("P{n} goes first", n=s.first + 1), r.id))
        elif k == "untap":
            for z in a["zones"]:
                for u in s.zones[self.zkey(p, z)]:
                    s.cards[u].tapped = False
        elif k == "gain":
            spec = self.d.counters[a["counter"]]
            v = s.players[p].get(a["counter"], 0) + a["n"]
            top = a.get("max", spec.get("max"))
            if top is not None:
                v = min(v, top)
            delta = v - s.players[p].get(a["counter"], 0)
            if delta:
                self.change(s, p, a["counter"], delta, r.id)
        elif k == "set":
            v = s.players[p].get(a["from"], 0) if "from" in a else a["n"]
            if "max" in a:
                v = min(v, a["max"])
            delta = v - s.players[p].get(a["counter"], 0)
            if delta:
                self.change(s, p, a["counter"], delta, r.id)
        elif k == "clear_damage":
            for q in (0, 1):
                for z in a["zones"] or self.creature_zones:
                    for u in s.zones[self.zkey(q, z)]:
                        s.cards[u].counters.pop("damage", None)
        elif k == "hand_limit":
            hand = s.zones[self.zkey(p, a["zone"])]
            if len(hand) > a["n"]:
                self.ask(s, p, "discard_down",
                         _rule(msg("Discard down to {n} cards: choose a card to discard", n=a["n"]), r.id),
                         public_prompt=_rule(msg("P{n} discards down to the hand size", n=p + 1), r.id),
                         rule=r.id, zone=a["zone"], to=a["to"], limit=a["n"])
                return False
        return True

    def draw_cards(self, s, p, n, zone, to, r):
        pile = s.zones[self.zkey(p, zone)]
        if len(pile) < n and self.win_of.get("deck_out"):
            w = [w for w in self.win_of["deck_out"] if w.args["zone"] == zone]
            if w:
                self.draw(s, p, len(pile), zone, to)
                self.log(s, _rule(msg("P{n} must draw from an empty {zone}", n=p + 1, zone=self.zone_term(zone)), w[0].id))
                s.data.setdefault(DECKED, []).append(p)
                return
        self.draw(s, p, n, zone, to)

    def after(self, s):
        self.check_destroyed(s)
        self.check_win(s)
        self._advance(s)
        self.check_win(s)

    def _advance(self, s):
        """Run the automatic steps and phases until a player must act."""
        guard = 0
        while s.outcome is None and not s.pending and not s.data.get(QUEUE):
            guard += 1
            if guard > 200:
                return
            phase = self.phase_of.get(s.phase)
            if phase is None:
                return
            i = s.data.get(STEP, 0)
            if i < len(phase.steps):
                if self.run_step(s, phase.steps[i], s.active):
                    s.data[STEP] = i + 1
                self.check_destroyed(s)
                self.check_win(s)
                continue
            if i == len(phase.steps):
                s.data[STEP] = i + 1
                if phase.id == self.phase_ids[0]:
                    self.fire_all(s, s.active, "start_of_turn")
                    continue
            if phase.actions and not s.data.get("phase_done"):
                return        # the turn player acts; `end_phase` moves on
            s.data.pop("phase_done", None)
            self.next_phase(s)

    def fire_all(self, s, p, trigger):
        for z in self.board_zones:
            for u in list(s.zones[self.zkey(p, z)]):
                if any(e.get("on") == trigger for e in self.rs.cards[s.cards[u].cid].effects):
                    self.fire(s, u, trigger)

    def next_phase(self, s):
        i = self.phase_ids.index(s.phase)
        if i + 1 < len(self.phase_ids):
            s.phase = self.phase_ids[i + 1]
            s.data[STEP] = 0
            return
        self.fire_all(s, s.active, "end_of_turn")
        if self.d.damage == "end_of_turn":
            for p in (0, 1):
                for z in self.creature_zones:
                    for u in s.zones[self.zkey(p, z)]:
                        s.cards[u].counters.pop("damage", None)
        self.expire_mods(s, "end_of_turn")
        for w in self.win_of.get("turn_limit", []):
            if s.turn >= w.args["n"]:
                self.turn_limit(s, w)
                return
        s.active = 1 - s.active
        s.turn += 1
        s.phase = self.phase_ids[0]
        s.data[STEP] = 0
        s.data.pop(USED, None)
        self.log(s, msg("Turn {turn}: P{n}", turn=s.turn, n=s.active + 1), kind="turn")
