"""The legal-action candidates and the checks' shared gates: DM-R18, DM-R19."""
from __future__ import annotations

from tabletop.engine import Action
from tabletop.engine.msg import msg

_act = tuple.__new__     # _act(Action, (kind, player, args)): an Action without the named tuple's own __new__ frame


class DanmakuCandidates:
    """`actions` (the candidates of every move), drag-and-drop mapping, and the gates the checks share."""

    # --- candidates ---------------------------------------------------------------------------
    # Candidates are built as Action(kind, player, args) with `args` already sorted by name
    # (card < choice < target < to): what Action.make would build, without its cost.
    # --- the answers to pending choices (Controller.answers) -------------------------------------
    def answer_choose_main(self, s, p, q):
        # `choice=` (not `card=`): the characters lie in the deck pile, so the table offers buttons.
        return [_act(Action, ("choose_main", p, (("choice", u),))) for u in q["options"]]

    def answer_redraw(self, s, p, q):
        return [Action.make("keep", p), Action.make("redraw", p)]

    def answer_defend(self, s, p, q):
        return [_act(Action, ("defend", p, (("card", u),))) for u in q["options"]]

    def answer_pay_discard(self, s, p, q):
        return [_act(Action, ("discard", p, (("card", u),))) for u in s.zones[self.zk[p]["hand"]]]

    def actions(self, s, p):
        if s.pending:
            return self.answers(s, p)
        if p != s.active:
            return []
        if s.phase == "main":
            return self._main_actions(s, p)
        if s.phase == "danmaku":
            return [self._attack_action(s, p)]
        return []

    def _main_actions(self, s, p, every=False):
        """Return the main-phase candidates of the turn player p.

        Candidates that their check is sure to refuse are left out (random play and the bots ask for
        the legal actions every move, and most hand cards are not playable): the conditions below
        repeat those of `check_power`/`check_score`/`check_summon`/`check_declare`/`check_ability`,
        which stay the authority and give the reasons. `every=True` lists them all, legal or not,
        for `drop_action` (a refused drop still maps to its action, so the table can show why).
        """
        z = self.zk[p]
        data = s.data
        cards, facts = s.cards, self.hand_facts
        field = s.zones[z["main"]] + s.zones[z["familiars"]]
        m = field[0] if s.zones[z["main"]] else None
        main_p = self.power(s, m) if m is not None else 0
        spell_free = not s.zones[z["spell"]]
        main_fu = grave = None                # found when a spell card in hand needs them
        out = []
        for u in s.zones[z["hand"]]:
            kind, pt, heals_characters, req_p, name, req_spell = facts[cards[u].cid]
            if kind == "point":
                if pt == "bomb":
                    out.append(_act(Action, ("bomb", p, (("card", u),))))
                elif pt == "power":
                    if every or not data["power_used"]:
                        out += [_act(Action, ("power", p, (("card", u), ("target", t)))) for t in field]
                elif pt == "score":
                    if every or not data["score_used"]:
                        out += [_act(Action, ("score", p, (("card", u), ("target", t)))) for t in field
                                if every or not heals_characters or facts[cards[t].cid][0] == "character"]
                else:
                    out += [Action(pt, p, (("card", u), ("target", t))) for t in field]
            elif kind in ("familiar", "character"):
                if every or (kind == "familiar" and m is not None and main_p >= req_p):
                    out.append(_act(Action, ("summon", p, (("card", u), ("to", z["familiars"])))))
            elif kind == "support":
                if every or self._target_problem(s, u, "play", p) is None:    # DM-D29
                    out.append(_act(Action, ("support", p, (("card", u), ("to", z["supports"])))))
            elif kind == "spell":
                if not every:
                    if not spell_free or m is None:
                        continue
                    if grave is None:
                        main_fu = self.stat(s, m, "spell")
                        grave = [facts[cards[g].cid][4] for g in s.zones[z["spell_grave"]]]
                    if name in grave or main_fu < req_spell or main_p < req_p:
                        continue
                out.append(_act(Action, ("declare", p, (("card", u), ("to", z["spell"])))))
        hand_n = len(s.zones[z["hand"]])
        for u in field:
            needs = self.ability_needs.get(cards[u].cid)
            if needs is not None:
                if not every:
                    need_p, cost_hand = needs
                    pw = main_p if u == m else self.power(s, u)
                    if (pw < need_p or hand_n < cost_hand
                            or self._target_problem(s, u, "activate", p) is not None):   # DM-D29
                        continue
                out.append(_act(Action, ("ability", p, (("card", u),))))
        out.append(_act(Action, ("end_phase", p, ())))
        return out

    def _attack_action(self, s, p):
        me = self.spell_of(s, p)
        src = me if me is not None else self.main_of(s, p)
        foe = self.spell_of(s, 1 - p)
        if foe is not None:
            return _act(Action, ("attack", p, (("card", src), ("target", foe))))
        return _act(Action, ("attack", p, (("card", src),)))

    def drop_candidates(self, s, p):
        # Every main-phase candidate, legal or not (see `_main_actions`).
        if not s.pending and p == s.active and s.phase == "main":
            return self._main_actions(s, p, every=True)
        return self.actions(s, p)

    def drop_action(self, s, player, uid, zone, target):
        a = super().drop_action(s, player, uid, zone, target)
        if a is None:
            # A card whose one action names no zone and no target (a score card, an ability): dropped anywhere.
            own = [x for x in self.drop_candidates(s, player)
                   if x.get("card") == uid and x.get("to") is None and x.get("target") is None]
            if len(own) == 1:
                return own[0]
        return a

    # --- shared checks -------------------------------------------------------------------------
    def _main_phase(self, s, a):
        if s.pending:
            return msg("first answer the open choice")
        if a.player != s.active:
            return msg("it is not your turn")
        if s.phase != "main":
            return msg("only in your {main} phase ({rule}), not the {phase} phase", main=self.rs.phase_term("main"),
                       phase=self.rs.phase_term(s.phase), rule="DM-R18")
        return None

    def _in_hand(self, s, a, kind=None):
        c = s.cards.get(a["card"])
        if c is None or c.zone != self.zk[a.player]["hand"]:
            return msg("that card is not in your hand")
        if kind and self.rs.cards[c.cid].kind != kind:
            return msg("that is not a {kind} card", kind=self.rs.kind_term(kind))
        return None

    def _own_field(self, s, p, t):
        c = s.cards.get(t)
        if c is None or c.host is not None:
            return False
        z = self.zk[p]
        return c.zone == z["main"] or c.zone == z["familiars"]

    def _pending(self, s, a, kind):
        if not s.pending or s.pending[0]["kind"] != kind or s.pending[0]["player"] != a.player:
            return None
        return s.pending[0]
