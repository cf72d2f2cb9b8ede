"""The turn structure: IJ-R7..R10 and the deck-out loss (IJ-R23)."""
from __future__ import annotations

from tabletop.engine.msg import msg

from .rules import FIELD, KEYS


class IjindenTurn:
    """Begin and end a turn: rights, untapping, the draw, end-of-turn modifiers."""

    # ------------------------------------------------------------------ turn structure
    def begin_turn(self, s, p):
        """Run the start and draw phases of p's turn (IJ-R7, IJ-R8, IJ-R23) and stop in the main phase."""
        s.active = p
        s.turn += 1
        s.phase = "start"
        s.data["battled"] = False
        s.data["battle"] = None
        self.log(s, msg("— turn {turn}: P{n} —", turn=s.turn, n=p + 1), kind="turn", player=p)
        if not s.zones[f"{p}.deck"]:
            self.end_game(s, 1 - p, msg("P{n} starts a turn with no cards in the deck (IJ-R23)", n=p + 1))
            return
        s.players[p]["placement"] = 1
        s.players[p]["summon"] = 1
        for z in FIELD:
            for u in s.zones[f"{p}.{z}"]:
                s.cards[u].tapped = False
        s.phase = "draw"
        if s.turn == 1:
            self.log(s, msg("P{n} does not draw in the first player's first turn (IJ-R8)", n=p + 1))
        else:
            self.draw(s, p, 1)
        s.phase = "main"

    def end_turn(self, s):
        """Run the end phase (IJ-R10) and begin the opponent's turn."""
        p = s.active
        s.phase = "end"
        s.players[p]["placement"] = 0
        s.players[p]["summon"] = 0
        for q in (0, 1):
            for z in FIELD:
                for u in s.zones[KEYS[q][z]]:
                    f = s.cards[u].flags
                    if "mods" in f:
                        f["mods"] = [m for m in f["mods"] if m["until"] != "end_of_turn"]
                        if not f["mods"]:
                            del f["mods"]
                    if "grants" in f:
                        f["grants"] = [g for g in f["grants"] if g["until"] != "end_of_turn"]
                        if not f["grants"]:
                            del f["grants"]
        self.log(s, msg("P{n} ends the turn; unused placement and summon rights vanish (IJ-R10)", n=p + 1))
        self.begin_turn(s, 1 - p)
