"""The turn: SK-R8..R13 (the candidate actions of the main phase; up, draw, set and end phases), the
end of the turn (SK-R25, SK-R27) and end-of-turn effects (SK-D13)."""
from __future__ import annotations

from tabletop.engine import Action
from tabletop.engine.effects import QUEUE
from tabletop.engine.msg import msg
from tabletop.games.senkai.rules import (ANY_COLOR, FLYING, HAND_KEYS, LANE_KEYS, LANE_POS, LANE_ZONES, LANES, MANA_KEYS,
                                         REACH, STEALTH, USE_KEYS, WINDOW, facing)

_act = tuple.__new__     # _act(Action, (kind, player, args)): an Action without the named tuple's own __new__ frame


class SenkaiTurn:
    """The candidates of a seat, the end phase and the automatic up/draw/set phases."""

    # --- candidates ----------------------------------------------------------------------------
    # --- the answers to pending choices (Controller.answers) -------------------------------------
    def answer_pay(self, s, p, pending, down=False):
        up = self.up_mana(s, p)
        color = pending["color"]
        if (not down and pending["left"] == 1
                and not any(self._mana_colors_ok(s, x, color) for x in pending["paid"])):
            # skip: SK-R14, the last mana to down must be of the card's colour when none paid so far is
            # (what check_pay refuses; `down` lists them all, for a click on the wrong mana).
            up = [u for u in up if self._mana_colors_ok(s, u, color)]
        out = [_act(Action, ("pay", p, (("card", u),))) for u in up]
        return out + [_act(Action, ("pay_auto", p, ())), _act(Action, ("cancel", p, ()))]

    def answer_break_wall(self, s, p, pending):
        return [_act(Action, ("break_wall", p, (("target", u),))) for u in s.zones[f"{1 - p}.walls"]]

    def answer_respond(self, s, p, pending, down=False):
        cards = s.cards
        out = [_act(Action, ("use", p, (("card", u),))) for key in USE_KEYS[p] for u in s.zones[key]
               if cards[u].cid in self._activated and (down or not cards[u].tapped)]
        return out + [_act(Action, ("pass", p, ()))]

    def actions(self, s, p, down=False):
        """Return the candidates; `down=True` also lists the moves a down card makes illegal, which
        are left out otherwise (for `drop_action`: a refused drop still maps to its action)."""
        if s.outcome is not None:
            return []
        if s.pending:
            pd = s.pending[0]
            if down and pd["player"] == p:
                if pd["kind"] == "respond":
                    return self.answer_respond(s, p, pd, down=True)     # a down card's ability too, for a drag
                if pd["kind"] == "pay":
                    return self.answer_pay(s, p, pd, down=True)         # every up mana, for a click
            return self.answers(s, p)
        if p != s.active or s.phase != "main":
            return []
        # Actions are built as Action(kind, player, args) with `args` already sorted by name (what
        # Action.make would do, minus its cost). Candidates that check_* plainly refuses are left out:
        # unaffordable cards, and unless `down`, a monster onto your own down monster, down attackers
        # and down cards' abilities. The checks stay the authority and still give the reason when
        # such an action is asked for (why_not, a drag).
        cards, defs, zones, hand_facts = s.cards, self.rs.cards, s.zones, self._hand_facts
        out = []
        mine = LANE_KEYS[p]
        theirs = [t for key in LANE_KEYS[1 - p] for t in zones[key]]     # opposing monsters, table order
        monsters = None      # every monster in a lane, the enchantments' targets: made when one is in hand
        up = self.up_mana(s, p)
        up_defs = [defs[cards[m].cid] for m in up]
        colors = {d.color for d in up_defs}
        wild = any(ANY_COLOR in d.keywords for d in up_defs)
        for u in zones[HAND_KEYS[p]]:
            kind, c, color = hand_facts[cards[u].cid]
            if c and (c > len(up) or not (wild or color in colors)):
                continue
            if kind == "monster":
                for key in mine:
                    there = zones[key]
                    if down or not there or not cards[there[0]].tapped:
                        out.append(_act(Action, ("play", p, (("card", u), ("to", key)))))
            elif kind == "spell":
                out.append(_act(Action, ("play", p, (("card", u),))))
            elif kind == "enchantment":
                if monsters is None:
                    monsters = [u for key in mine for u in zones[key]] + theirs
                out += [_act(Action, ("play", p, (("card", u), ("target", m)))) for m in monsters]
        if down:
            for key in mine:
                for u in zones[key]:
                    out += [_act(Action, ("attack", p, (("card", u), ("target", t)))) for t in theirs]
                    out.append(_act(Action, ("attack", p, (("card", u), ("target_player", 1 - p)))))
        else:
            # Only the attacks check_attack allows (attack is `exact`): an up attacker; a monster
            # target in reach (SK-R23) and not hidden by stealth (SK-D10); the player after the first
            # turns with the facing lane empty or the attacker flying (SK-R12, SK-R21).
            q = 1 - p
            far = None      # (target, its lane's position, stealth) of each opposing monster: made for the first up attacker
            first = self._first_turns(s)
            for key in mine:
                lane = LANE_ZONES[key][1]
                pos = LANE_POS[facing(lane)]
                for u in zones[key]:
                    if cards[u].tapped:
                        continue
                    if far is None:
                        far = [(t, LANE_POS[LANE_ZONES[cards[t].zone][1]], self.has_kw(s, t, STEALTH)) for t in theirs]
                    reach = None
                    for t, tpos, stealth in far:
                        dist = abs(pos - tpos)
                        if dist and stealth:
                            continue
                        if dist > 1:
                            if reach is None:
                                reach = self.has_kw(s, u, REACH)
                            if not reach:
                                continue
                        out.append(_act(Action, ("attack", p, (("card", u), ("target", t)))))
                    if not first and (not zones[LANE_KEYS[q][pos]] or self.has_kw(s, u, FLYING)):
                        out.append(_act(Action, ("attack", p, (("card", u), ("target_player", q)))))
        activated = self._activated
        for key in mine:
            for u in zones[key]:
                c = cards[u]
                if (down or not c.tapped) and c.cid in activated:
                    out.append(_act(Action, ("use", p, (("card", u),))))
        mana = zones[MANA_KEYS[p]] if down else up
        out += [_act(Action, ("use", p, (("card", m),))) for m in mana if cards[m].cid in activated]
        out.append(_act(Action, ("end_phase", p, ())))
        return out

    # --- turn flow -------------------------------------------------------------------------------
    def check_end_phase(self, s, a):
        return self._idle(s, a.player)

    def do_end_phase(self, s, a):
        p = a.player
        s.phase = "end"
        self.log(s, msg("P{n} ends the main phase (SK-R13)", n=p + 1), kind="phase", phase="end")
        # End-of-turn effects of the turn player's cards (SK-R13, SK-D13).
        for key in USE_KEYS[p]:
            for u in list(s.zones[key]):
                if s.cards[u].cid in self._end_of_turn:   # fire() would find nothing to do for the others
                    self.fire(s, u, "end_of_turn")

    def after(self, s):
        self.check_destroyed(s)
        self._advance(s)
        if not s.pending and not s.data.get(QUEUE):
            self._open_window(s)

    def _advance(self, s):
        """Run the automatic phases until a player must act."""
        while s.outcome is None and not s.pending and not s.data.get(QUEUE):
            if s.phase == "end":
                self._finish_turn(s)
            elif s.phase == "up":
                p = s.active
                for key in USE_KEYS[p]:                # SK-R8
                    for u in s.zones[key]:
                        self.untap(s, u)
                s.phase = "draw"
            elif s.phase == "draw":
                if not self.draw(s, s.active, 1):        # SK-R9
                    self.log(s, msg("P{n} has no card to draw (SK-R9)", n=s.active + 1))
                s.phase = "set"
            elif s.phase == "set":
                p = s.active
                n = int(self.params.get("first_turn_mana", 1) if s.turn == 1 else self.params.get("mana_per_turn", 2))
                pile = s.zones[f"{p}.mana_deck"]
                placed = []
                for _ in range(min(n, len(pile))):       # SK-R10
                    placed.append(self.move(s, pile[-1], f"{p}.mana", face_up=True).uid)
                if placed:
                    self.log(s, msg("P{n} sets {cards} (SK-R10)", n=p + 1,
                                    cards=tuple(self.card_ref(s, u, "all") for u in placed)), kind="set")
                s.phase = "main"
                s.data[WINDOW] = True    # the other player may use abilities before the turn player acts (SK-D8)
                self.log(s, msg("P{n}'s main phase (turn {turn})", n=p + 1, turn=s.turn), kind="phase", phase="main")
            else:
                return

    def _finish_turn(self, s):
        for p in (0, 1):                                 # SK-R13, SK-R25
            for lane in LANES:
                for u in s.zones[f"{p}.{lane}"]:
                    s.cards[u].counters.pop("damage", None)
        self.expire_mods(s, "end_of_turn")
        if not s.zones["0.deck"] and not s.zones["1.deck"]:
            self.win(s, None, msg("both main decks are empty at the end of the turn (SK-R27)"))
            return
        s.active = 1 - s.active
        s.turn += 1
        s.phase = "up"
        self.log(s, msg("Turn {turn}: P{n}", turn=s.turn, n=s.active + 1), kind="turn")
