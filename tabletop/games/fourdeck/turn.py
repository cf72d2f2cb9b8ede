"""The turn: FD-R10..R15 (the candidate actions; the damage phase, FD-R11; the battle phase: attacks,
spells and activated abilities, FD-R12..R15, FD-D1, FD-D13, FD-D14)."""
from __future__ import annotations

from tabletop.engine import Action
from tabletop.engine.msg import msg
from tabletop.games.fourdeck.rules import DOUBLE, LEVELS


class FourDeckTurn:
    """The candidates of a seat, the damage phase and the battle phase."""

    # --- candidates ------------------------------------------------------------------------
    # --- the answers to pending choices (Controller.answers) -------------------------------------
    def answer_choose_order(self, s, p, pending):
        return [Action.make("choose_order", p, choice="first"), Action.make("choose_order", p, choice="second")]

    def answer_choose_partner(self, s, p, pending):
        # By card id, not uid: the choice is offered as buttons naming the cards, and the
        # card is one the chooser looks at inside a face-down pile.
        seen = dict.fromkeys(s.cards[u].cid for u in reversed(s.zones[f"{p}.lv1"]))
        return [Action.make("choose_partner", p, choice=cid) for cid in seen]

    def answer_claim(self, s, p, pending):
        return [Action.make("declare_victory", p), Action.make("decline_victory", p)]

    def actions(self, s, p):
        if s.pending:
            return self.answers(s, p)
        if p != s.active:
            return []
        # Candidates skip what is plainly refused (tapped units, attacks in the first turns, a second
        # spell): they cost time on every action, and drop_action builds those moves itself so a
        # drag still gets its reason (FD-D1, FD-R10, FD-R12).
        if s.phase == "damage":
            return self._damage_cands[p]
        if s.phase != "battle":
            return []
        out = []
        field = s.zones[f"{p}.field"]
        if s.turn > 2:
            for u in field:
                if not s.cards[u].tapped:
                    out += self._attacks(p, u)
        for u in field:
            c = s.cards[u]
            if "activate" in self.steps[c.cid] and self.can_activate(s, c):
                out.append(self._cached("activate", p, u))
        if s.turn != 1 and s.data["spell_turn"][p] != s.turn:
            for u in s.zones[f"{p}.spell"]:
                out.append(self._cached("cast", p, u))
        if s.data.get("claim") == p:
            out.append(Action.make("declare_victory", p))
        out.append(self._end_turn[p])
        return out

    def _attacks(self, p: int, u: int) -> list:
        key = ("attack", p, u)
        acts = self._acts.get(key)
        if acts is None:
            acts = self._acts[key] = [Action.make("attack", p, card=u, target_zone=f"{1 - p}.{d}") for d in LEVELS]
        return acts

    def _cached(self, kind: str, p: int, u: int) -> Action:
        key = (kind, p, u)
        a = self._acts.get(key)
        if a is None:
            a = self._acts[key] = Action.make(kind, p, card=u)
        return a

    # --- checks shared by the turn actions ---------------------------------------------------
    def _turn_check(self, s, a, phase: str):
        if s.pending:
            return msg("first answer: {prompt}", prompt=s.pending[0]["prompt"])
        if a.player != s.active:
            return msg("it is P{n}'s turn", n=s.active + 1)
        if s.phase != phase:
            return msg("only in the {phase} (now: {now})", phase=self.rs.phase_term(phase), now=self.rs.phase_term(s.phase))
        return None

    def _own_field_unit(self, s, a):
        c = s.cards.get(a["card"])
        if c is None or c.zone != f"{a.player}.field":
            return None
        return c

    # --- damage phase (FD-R11) ---------------------------------------------------------------
    def check_damage(self, s, a):
        r = self._turn_check(s, a, "damage")
        if r:
            return r
        z, n = a["target_zone"], a["amount"]
        if z not in self._decks[a.player]:
            if z == f"{a.player}.spell":
                return msg("the spell deck has no HP (FD-R3)")
            return msg("choose one of your own Level 1, 2 or 3 decks (FD-R11)")
        if isinstance(n, bool) or n not in self._amounts:
            return msg("reduce the HP by 0 to {most} (FD-R11)", most=self.max_self)
        return None

    def do_damage(self, s, a):
        self.log(s, msg("{phase}: P{n} damages {zone} by {amount} (FD-R11)", phase=self.rs.phase_term("damage"),
                        n=a.player + 1, zone=self.zone_label(a["target_zone"]), amount=a["amount"]))
        self.damage_deck(s, a["target_zone"], a["amount"])
        s.phase = "battle"
        self.resolve_effects(s)

    def check_end_phase(self, s, a):
        return self._turn_check(s, a, "damage")

    def do_end_phase(self, s, a):
        self.log(s, msg("P{n} deals no damage to their decks (0, FD-R11)", n=a.player + 1))
        s.phase = "battle"

    # --- battle phase (FD-R12, R14, R15) -----------------------------------------------------
    def check_attack(self, s, a):
        r = self._turn_check(s, a, "battle")
        if r:
            return r
        c = self._own_field_unit(s, a)
        if c is None:
            return msg("attack with one of your units on the field (FD-R14)")
        if s.turn <= 2:
            return msg("neither player may attack in their first turn (FD-R10)")
        if c.tapped:
            return msg("this unit is {tapped}: each unit attacks once per turn (FD-D1)", tapped=self.rs.word("tapped"))
        if a["target_zone"] not in self._decks[1 - a.player]:
            return msg("attack one of the opponent's Level 1, 2 or 3 decks (FD-R14)")
        return None

    def do_attack(self, s, a):
        u, z = a["card"], a["target_zone"]
        c = s.cards[u]
        if self.card_def(s, u).has(DOUBLE) and not c.flags.get("swung"):
            c.flags["swung"] = True                # 連撃: the first of two attacks leaves it ready
        else:
            self.tap(s, u)
        n = self.stat(s, u, "ap")
        self.log(s, msg("P{n}: {card} attacks {zone} for {damage} (FD-R14)", n=a.player + 1,
                        card=self.card_ref(s, u, "all"), zone=self.zone_label(z), damage=n), kind="attack",
                 card=u, zone=z)
        self.damage_deck(s, z, n)
        self._trigger(s, u, "attack")              # FD-D14: "after attacking" effects
        self.resolve_effects(s)

    def check_cast(self, s, a):
        r = self._turn_check(s, a, "battle")
        if r:
            return r
        c = s.cards.get(a["card"])
        if c is None or c.zone != f"{a.player}.spell":
            return msg("use a spell from your own spell deck (FD-R15)")
        if s.turn == 1:
            return msg("the first player may not use a spell in their first turn (FD-R10)")
        if s.data["spell_turn"][a.player] == s.turn:
            return msg("only one spell per turn (FD-R12)")
        return None

    def do_cast(self, s, a):
        p, u = a.player, a["card"]
        s.data["spell_turn"][p] = s.turn
        self.move(s, u, f"{p}.grave", face_up=True)   # FD-R15: used spells are destroyed
        self.log(s, msg("P{n} uses the spell {card} (it goes to the graveyard, FD-R15)", n=p + 1,
                        card=self.card_ref(s, u, "all")), kind="spell", card=u)
        self._trigger(s, u, "cast", p)
        self.resolve_effects(s)

    def activate_terms(self, cid: str) -> tuple[bool, bool]:
        """Return (taps, once per turn) of a card's 起動: what its text asks, nothing by rule (FD-D13).

        A card says it on its first activate step: `cost: tap` (「このユニットを行動済みにする」) or
        `limit: once_per_turn` (「1ターンに1回」).
        """
        steps = self.steps[cid].get("activate") or [{}]
        return steps[0].get("cost") == "tap", steps[0].get("limit") == "once_per_turn"

    def can_activate(self, s, c) -> bool:
        taps, once = self.activate_terms(c.cid)
        return not (taps and c.tapped) and not (once and c.flags.get("activated") == s.turn)

    def check_activate(self, s, a):
        r = self._turn_check(s, a, "battle")
        if r:
            return r
        c = self._own_field_unit(s, a)
        if c is None:
            return msg("activate one of your units on the field (FD-D13)")
        if "activate" not in self.steps[c.cid]:
            return msg("{card} has no effect to activate (FD-D13)", card=self.card_ref(s, c.uid, a.player))
        taps, once = self.activate_terms(c.cid)
        if taps and c.tapped:
            return msg("{card}'s {activate} makes it {tapped} and it already is (card text, FD-D13)",
                       card=self.card_ref(s, c.uid, a.player), activate=self.rs.word("keyword.activate"),
                       tapped=self.rs.word("tapped"))
        if once and c.flags.get("activated") == s.turn:
            return msg("{card}'s {activate} is {once} (card text, FD-D13)", card=self.card_ref(s, c.uid, a.player),
                       activate=self.rs.word("keyword.activate"), once=self.rs.word("keyword.once_per_turn"))
        return None

    def do_activate(self, s, a):
        u = a["card"]
        taps, once = self.activate_terms(s.cards[u].cid)
        if taps:
            self.tap(s, u)                         # FD-D13: only when its text says so
        if once:
            s.cards[u].flags["activated"] = s.turn
        self.log(s, msg("P{n} activates {card} ({activate}, FD-D13)", n=a.player + 1, card=self.card_ref(s, u, "all"),
                        activate=self.rs.word("keyword.activate")), card=u)
        self._trigger(s, u, "activate")
        self.resolve_effects(s)

    def check_end_turn(self, s, a):
        return self._turn_check(s, a, "battle")

    def do_end_turn(self, s, a):
        s.phase = "end"
        self.expire_mods(s, "end_of_turn")
        self.log(s, msg("P{n}: {phase} (FD-R13)", n=a.player + 1, phase=self.rs.phase_term("end")))
        self._start_turn(s, 1 - a.player)          # FD-R13
