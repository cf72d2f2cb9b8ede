"""The candidate actions of a seat and the common refusals (MM-R18..R28, MM-R42).
"""
from __future__ import annotations

from tabletop.engine import Action
from tabletop.engine.msg import msg

from .rules import COLUMN, HAND_KEYS, MAIN_KEYS, MANA_KEYS, PHASE_ACTIONS, SLOT_KEYS, SLOT_OF_KEY, SLOTS, SUB_KEYS, SUMMON_KEYS

_act = tuple.__new__     # _act(Action, (kind, player, args)): an Action without the named tuple's own __new__ frame


# The actions that take no card, made once for each player (actions are values: one serves every position).
FIXED = tuple({"order": (Action("choose_order", p, (("choice", "first"),)), Action("choose_order", p, (("choice", "second"),))),
               "mulligan": (Action("mulligan", p, (("choice", True),)), Action("mulligan", p, (("choice", False),))),
               "extra_draw": (Action("extra_draw", p, (("choice", True),)), Action("extra_draw", p, (("choice", False),))),
               "skill_offer": (Action("use_skill", p, ()), Action("pass_skill", p, ())),
               "end": (Action("end_phase", p, ()), Action("end_turn", p, ()))} for p in (0, 1))


def _payable(mana, n, attr) -> bool:
    """`can_pay` from the mana zone's facts (`_mana_facts`)."""
    _, ready, ready_attrs = mana
    if ready < n:
        return False
    if attr and n > 0:
        return attr in ready_attrs
    return True


class MonmusuActions:
    # --- the candidate actions ---------------------------------------------------------------
    # --- the answers to pending choices (Controller.answers) -------------------------------------
    def answer_order(self, s, p, pending):
        return list(FIXED[p]["order"])

    def answer_pick_main(self, s, p, pending):
        return [_act(Action, ("pick_main", p, (("choice", cid),))) for cid in self.pickable(s, p)]

    def answer_mulligan(self, s, p, pending):
        return list(FIXED[p]["mulligan"])

    def answer_extra_draw(self, s, p, pending):
        return list(FIXED[p]["extra_draw"])

    def answer_skill_offer(self, s, p, pending):
        # Buttons, not card clicks: the offer names its card (a face-down trap cannot be pointed at).
        return list(FIXED[p]["skill_offer"])

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
        hand = s.zones[HAND_KEYS[p]]
        if s.phase == "charge":
            mana = MANA_KEYS[p]
            out = [_act(Action, ("charge", p, (("card", u), ("to", mana)))) for u in hand]
        elif s.phase == "home":
            out = self._home_actions(s, p, hand, every)
        else:
            out = self._cast_actions(s, p, hand, every)
        out += FIXED[p]["end"]
        return out

    def _home_actions(self, s, p, hand, every: bool) -> list:
        """Summon, evolve and awaken candidates (see `_actions` for `every`)."""
        out: list = []
        cards, zones = s.cards, s.zones
        names, costs, colors, kinds = self.monster_name, self.card_cost, self.card_color, self.card_kind
        mana = None         # what check_summon and _stack_reason refuse on, known once for the whole hand
        spaces: list | tuple | None = SUMMON_KEYS[p] if every else None    # (without `every`: the empty ones)
        same: dict[str, list] = {}      # monster name -> [(uid, cost)] of my monsters (`monsters`), in order
        for key in SLOT_KEYS[p]:
            pile = zones[key]
            if pile:
                t = pile[-1]
                c = cards[t]
                if c.face_up and kinds[c.cid] == "monster":
                    same.setdefault(names[c.cid], []).append((t, costs[c.cid]))
        for u in hand:
            cid = cards[u].cid
            if kinds[cid] != "monster":
                continue
            if mana is None and not every:
                mana = attrs, ready, _ = self._mana_facts(s, p)
            if not every and colors[cid] not in attrs:
                continue        # skip: its attribute is not in the mana zone (MM-R18)
            name, cost = names[cid], costs[cid]
            mates = same.get(name)
            if every or (mates is None and cost <= ready):     # skip: same monster out (MM-R22), mana
                if spaces is None:
                    spaces = [key for key in SUMMON_KEYS[p] if not zones[key]]     # skip: full
                out += [_act(Action, ("summon", p, (("card", u), ("to", key)))) for key in spaces]
            if mates:
                for t, t_cost in mates:
                    # skip: not enough mana for the stack cost (MM-R20, MM-R21); a down target is fine (MM-D10)
                    if every or max(1, cost - t_cost) <= ready:
                        args = (("card", u), ("target", t))
                        out.append(_act(Action, ("evolve", p, args)))
                        out.append(_act(Action, ("awaken", p, args)))
        return out

    def _mana_facts(self, s, p) -> tuple[set, int, set]:
        """Return (the attributes of p's mana zone, how many of its cards are recast, their attributes):
        what `has_attr`, `ready_mana` and `can_pay` ask, in one pass for a whole candidate list."""
        attrs, ready_attrs = set(), set()
        ready = 0
        cards, colors = s.cards, self.card_color
        for u in s.zones[MANA_KEYS[p]]:
            c = cards[u]
            col = colors[c.cid]
            attrs.add(col)
            if not c.tapped:
                ready += 1
                ready_attrs.add(col)
        return attrs, ready, ready_attrs

    def _cast_actions(self, s, p, hand, every: bool) -> list:
        """Attack, skill, spell and trap candidates (see `_actions` for `every`)."""
        if every:
            return self._cast_shapes(s, p, hand)
        out = []
        q = 1 - p
        cards, zones, defs, steps = s.cards, s.zones, self.rs.cards, self.steps
        kinds, traps = self.card_kind, self.trap_cards
        # p's side in one pass: the monsters (`monsters`), and the spells set in a slot.
        mine, set_spells = [], []
        for i, key in enumerate(SLOT_KEYS[p]):
            pile = zones[key]
            if pile:
                u = pile[-1]
                c = cards[u]
                kind = kinds[c.cid]
                if kind == "monster":
                    if c.face_up:
                        mine.append(u)
                elif kind == "spell":
                    set_spells.append((i, u))
        # skip: monsters that cannot attack or use a spell now (MM-R24, MM-R26, MM-R28, MM-R38)
        users = [m for m in mine if not cards[m].tapped and not cards[m].flags.get("down")]
        if users and s.turn != 1:
            attackers = users
            # skip: targets check_attack refuses whoever attacks (`can_be_attacked`, in one pass over
            # q's columns, in the order of `monsters`), and a direct attack while some monster can be
            # attacked (MM-R28; such a monster is always in `attackable`, so that scan is rarely needed)
            targets = self._attack_targets(s, q)
            if targets:
                aimed = [("target", t) for t in targets]      # (argument pairs shared by the attackers' actions)
                for a in attackers:
                    card = ("card", a)
                    out += [_act(Action, ("attack", p, (card, x))) for x in aimed]
            if not targets and not self.attackable(s, q):
                for a in attackers:
                    out.append(_act(Action, ("attack", p, (("card", a), ("target_player", q)))))
        casts = self.activate_casts
        for a in mine:
            c = cards[a]
            if "activate" in steps[c.cid]:
                # skip: a down monster's skill, and one whose cost casts a monster already cast (MM-R25, MM-R38);
                # check_skill asks the rest (mana, targets)
                if c.flags.get("down") or (c.tapped and c.cid in casts):
                    continue
                out.append(_act(Action, ("skill", p, (("card", a),))))
        free = None     # the empty slots, once a trap in hand asks
        mana = None     # the mana zone's facts, once a spell asks
        colors = self.card_color
        for u in hand:
            cid = cards[u].cid
            if kinds[cid] != "spell":
                continue
            d = defs[cid]
            if cid in traps:
                if free is None:        # skip: full slots (MM-D2)
                    free = [key for key in SLOT_KEYS[p] if not zones[key]]
                out += [_act(Action, ("set_trap", p, (("card", u), ("to", key)))) for key in free]
                continue
            if mana is None:
                mana = self._mana_facts(s, p)
            if not _payable(mana, d.get("cost"), d.color):    # skip: no mana (MM-R26)
                continue
            ok = [m for m in users if colors[cards[m].cid] == d.color]
            # skip: no target for its 【対象】 (MM-D21; a `user` target is any of these users)
            if ok and not self._target_problem(s, u, steps[cid].get("use", ()), p, ok[0]):
                out += [_act(Action, ("spell", p, (("card", u), ("target", m)))) for m in ok]
        for i, t in set_spells:
            cid = cards[t].cid
            d = defs[cid]
            # skip: a trap used only when attacked, or not payable (MM-R26, MM-R27)
            if cid not in traps or "use" not in steps[d.id]:
                continue
            if mana is None:
                mana = self._mana_facts(s, p)
            if not _payable(mana, d.get("cost"), d.color):
                continue
            col = COLUMN[SLOTS[i]]
            for m in users:
                if COLUMN[self.slot_of(s, m)] == col and colors[cards[m].cid] == d.color:
                    if not self._target_problem(s, t, steps[d.id]["use"], p, m):   # skip: MM-D21
                        out.append(_act(Action, ("spell", p, (("card", t), ("target", m)))))
        return out

    def _attack_targets(self, s, q) -> list:
        """Return q's monsters that `can_be_attacked`, in the order of `monsters` (mains, then subs).

        One pass over q's columns; a card lying where its own zone key or owner says otherwise (a
        position moved by hand) is asked `can_be_attacked` itself.
        """
        cards, zones = s.cards, s.zones
        kinds, shy = self.card_kind, self.unattackable
        subs = []       # per column: the sub slot's top card (uid, card) if `is_monster`, else None
        for key in SUB_KEYS[q]:
            pile = zones[key]
            c = cards[pile[-1]] if pile else None
            ok = c is not None and c.face_up and c.host is None and c.zone in SLOT_OF_KEY and kinds[c.cid] == "monster"
            subs.append((pile[-1], c) if ok else None)
        out = []
        for i, key in enumerate(MAIN_KEYS[q]):
            pile = zones[key]
            if pile:
                u = pile[-1]
                c = cards[u]
                if c.face_up and kinds[c.cid] == "monster":
                    if c.zone != key or c.owner != q:
                        if self.can_be_attacked(s, u):
                            out.append(u)
                    elif c.host is None and not c.flags.get("down") and c.cid not in shy:
                        sub = subs[i]       # the sub slot in front of this main (MM-R28)
                        if sub is None or sub[1].cid in shy:
                            out.append(u)
        for key, sub in zip(SUB_KEYS[q], subs):
            if sub is not None:
                u, c = sub
                if c.zone != key:
                    if self.can_be_attacked(s, u):
                        out.append(u)
                elif not c.flags.get("down") and c.cid not in shy:
                    out.append(u)
        return out

    def _cast_shapes(self, s, p, hand) -> list:
        """Every attack, skill, spell and trap shape, legal or not (`_actions` with `every`)."""
        out = []
        q = 1 - p
        mine = self.monsters(s, p)
        foes = self.monsters(s, q)
        for a in mine:
            out += [Action("attack", p, (("card", a), ("target", t))) for t in foes]
            out.append(Action("attack", p, (("card", a), ("target_player", q))))
        for a in mine:
            if "activate" in self.steps[s.cards[a].cid]:
                out.append(Action("skill", p, (("card", a),)))
        for u in hand:
            d = self.rs.cards[s.cards[u].cid]
            if d.kind == "spell":
                if d.get("trap"):
                    out += [Action("set_trap", p, (("card", u), ("to", key))) for key in SLOT_KEYS[p]]
                else:
                    out += [Action("spell", p, (("card", u), ("target", m))) for m in mine]
        for i, key in enumerate(SLOT_KEYS[p]):
            pile = s.zones[key]
            t = pile[-1] if pile else None
            if t is not None and self.rs.cards[s.cards[t].cid].kind == "spell":
                col = COLUMN[SLOTS[i]]
                for m in mine:
                    if COLUMN[self.slot_of(s, m)] == col:
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
