"""The candidate actions of a seat and the common refusals (MM-R18..R28, MM-R42).
"""
from __future__ import annotations

from tabletop.engine import Action
from tabletop.engine.msg import msg

from .rules import COLUMN, PHASE_ACTIONS, SLOT_KEYS, SLOT_OF_KEY, SLOTS, SUMMON_KEYS


class MonmusuActions:
    # --- the candidate actions ---------------------------------------------------------------
    # --- the answers to pending choices (Controller.answers) -------------------------------------
    def answer_order(self, s, p, pending):
        return [Action.make("choose_order", p, choice="first"), Action.make("choose_order", p, choice="second")]

    def answer_pick_main(self, s, p, pending):
        return [Action("pick_main", p, (("choice", cid),)) for cid in self.pickable(s, p)]

    def answer_mulligan(self, s, p, pending):
        return [Action.make("mulligan", p, choice=True), Action.make("mulligan", p, choice=False)]

    def answer_extra_draw(self, s, p, pending):
        return [Action.make("extra_draw", p, choice=True), Action.make("extra_draw", p, choice=False)]

    def answer_skill_offer(self, s, p, pending):
        # Buttons, not card clicks: the offer names its card (a face-down trap cannot be pointed at).
        return [Action.make("use_skill", p), Action.make("pass_skill", p)]

    def answer_pay_mana(self, s, p, pending):
        return self._pay_actions(s, p, pending)

    def actions(self, s, p):
        return self._actions(s, p, every=False)

    def _actions(self, s, p, every: bool):
        """Return p's candidate actions, in a fixed order.

        Without `every`, candidates that fail their check are not listed (the lines marked "skip:"),
        for speed: most shapes fail (a full slot, a cast monster...) and checking each costs more
        than knowing it once. For the kinds in `exact` the loop asks every question their check asks,
        so `legal` takes them as listed (the cast phase lists 10 and more attacks a position, all
        legal); `check_<kind>` stays the authority on any other action, and test_legal_exact holds
        the two to the same answers.
        With `every`, all action shapes are listed, legal or not, so that `drop_action` still finds
        the action a gesture means and the table can say why it is illegal.
        Most actions are built as Action(kind, player, args) with `args` already sorted by name
        (what Action.make does, minus its cost).
        """
        if s.outcome is not None:
            return []
        if s.pending:
            return self.answers(s, p)
        if p != s.active or s.phase not in PHASE_ACTIONS:
            return []
        if not every and s.data.get("battle"):
            return []       # skip: no turn action while a battle is in progress
        hand = s.zones[f"{p}.hand"]
        if s.phase == "charge":
            mana = f"{p}.mana"
            out = [Action("charge", p, (("card", u), ("to", mana))) for u in hand]
        elif s.phase == "home":
            out = self._home_actions(s, p, hand, every)
        else:
            out = self._cast_actions(s, p, hand, every)
        out.append(Action("end_phase", p, ()))
        out.append(Action("end_turn", p, ()))
        return out

    def _home_actions(self, s, p, hand, every: bool) -> list:
        """Summon, evolve and awaken candidates (see `_actions` for `every`)."""
        out = []
        mine = self.monsters(s, p)
        # What check_summon and _stack_reason refuse on, known once for the whole hand.
        attrs = self.mana_attrs(s, p)
        ready = len(self.ready_mana(s, p))
        spaces = SUMMON_KEYS[p] if every else [key for key in SUMMON_KEYS[p] if not s.zones[key]]   # skip: full
        same: dict[str, list] = {}      # monster name -> [(uid, cost)] of mine, in order
        for t in mine:
            dt = self.rs.cards[s.cards[t].cid]
            same.setdefault(dt.get("monster"), []).append((t, dt.get("cost")))
        for u in hand:
            d = self.rs.cards[s.cards[u].cid]
            if d.kind != "monster":
                continue
            if not every and d.color not in attrs:
                continue        # skip: its attribute is not in the mana zone (MM-R18)
            name, cost = d.get("monster"), d.get("cost")
            if every or (name not in same and cost <= ready):     # skip: same monster out (MM-R22), mana
                out += [Action("summon", p, (("card", u), ("to", key))) for key in spaces]
            for t, t_cost in same.get(name, ()):
                # skip: a down target (MM-D10), or not enough mana for the stack cost (MM-R20, MM-R21)
                if every or (not s.cards[t].flags.get("down") and max(1, cost - t_cost) <= ready):
                    out.append(Action("evolve", p, (("card", u), ("target", t))))
                    out.append(Action("awaken", p, (("card", u), ("target", t))))
        return out

    def _cast_actions(self, s, p, hand, every: bool) -> list:
        """Attack, skill, spell and trap candidates (see `_actions` for `every`)."""
        out = []
        q = 1 - p
        mine = self.monsters(s, p)
        foes = self.monsters(s, q)
        if every:
            attackers, targets, direct = mine, foes, True
        else:
            # skip: monsters that cannot attack now (MM-R24, MM-R28, MM-R38), targets check_attack
            # refuses whoever attacks, and a direct attack while some monster can be attacked (MM-R28;
            # a monster that can be attacked is always in `attackable`, so that scan is rarely needed)
            attackers = [] if s.turn == 1 else [
                a for a in mine if not s.cards[a].tapped and not s.cards[a].flags.get("down")]
            targets = [t for t in foes if self.can_be_attacked(s, t)] if attackers else []
            direct = bool(attackers) and not targets and not self.attackable(s, q)
        for a in attackers:
            out += [Action("attack", p, (("card", a), ("target", t))) for t in targets]
            if direct:
                out.append(Action("attack", p, (("card", a), ("target_player", q))))
        for a in mine:
            if "activate" in self.steps[s.cards[a].cid]:
                out.append(Action("skill", p, (("card", a),)))
        # skip: spell users that are cast or down (MM-R26, MM-R38); the attribute is matched below
        users = mine if every else [m for m in mine if not s.cards[m].tapped and not s.cards[m].flags.get("down")]
        free = None     # the empty slots, once a trap in hand asks
        for u in hand:
            d = self.rs.cards[s.cards[u].cid]
            if d.kind == "spell":
                if d.get("trap"):
                    if free is None:        # skip: full slots (MM-D2)
                        free = SLOT_KEYS[p] if every else [key for key in SLOT_KEYS[p] if not s.zones[key]]
                    out += [Action("set_trap", p, (("card", u), ("to", key))) for key in free]
                elif every or self.can_pay(s, p, d.get("cost"), d.color):   # skip: no mana (MM-R26)
                    ok = [m for m in users if every or self.rs.cards[s.cards[m].cid].color == d.color]
                    # skip: no target for its 【対象】 (MM-D21; a `user` target is any of these users)
                    if ok and (every or not self._target_problem(s, u, self.steps[d.id].get("use", ()), p, ok[0])):
                        out += [Action("spell", p, (("card", u), ("target", m))) for m in ok]
        for i, key in enumerate(SLOT_KEYS[p]):
            pile = s.zones[key]
            t = pile[-1] if pile else None
            if t is not None and self.rs.cards[s.cards[t].cid].kind == "spell":
                d = self.rs.cards[s.cards[t].cid]
                # skip: a trap used only when attacked, or not payable (MM-R26, MM-R27)
                if not every and (not d.get("trap") or "use" not in self.steps[d.id]
                                  or not self.can_pay(s, p, d.get("cost"), d.color)):
                    continue
                col = COLUMN[SLOTS[i]]
                for m in users:
                    if COLUMN[self.slot_of(s, m)] == col and (every or self.rs.cards[s.cards[m].cid].color == d.color):
                        if every or not self._target_problem(s, t, self.steps[d.id]["use"], p, m):   # skip: MM-D21
                            out.append(Action("spell", p, (("card", t), ("target", m))))
        return out

    # --- common refusals -------------------------------------------------------------------
    def _turn_action(self, s, a, phase: str | tuple) -> str | None:
        if s.pending:
            return msg("first answer the choice that is waiting")
        if a.player != s.active:
            return msg("it is not your turn")
        if s.phase != phase and (isinstance(phase, str) or s.phase not in phase):
            phases = (phase,) if isinstance(phase, str) else phase
            names = self.rs.phase_term(phases[0])
            for x in phases[1:]:
                names = msg("{a} or {b}", a=names, b=self.rs.phase_term(x))
            return msg("only in your {phases} (now: {phase})", phases=names, phase=self.rs.phase_term(s.phase))
        if s.data.get("battle"):
            return msg("a battle is in progress")
        return None

    def _own_card(self, s, a, key="card"):
        u = a[key]
        if u not in s.cards:
            return None, msg("there is no card {uid}", uid=u)
        c = s.cards[u]
        if c.owner != a.player:
            return None, msg("that is not your card")
        return c, None

    def _own_monster(self, s, a, key="card"):
        c, why = self._own_card(s, a, key)
        if why:
            return None, why
        # (is_monster, on the card at hand)
        if not (c.host is None and c.zone in SLOT_OF_KEY and c.face_up and self.rs.cards[c.cid].kind == "monster"):
            return None, msg("that is not a monster in your battle zone ({rule})", rule="MM-R42")
        return c, None
