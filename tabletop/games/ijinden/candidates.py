"""The legal-action candidates and the checks' shared gates: IJ-R9, IJ-R15, IJ-R16."""
from __future__ import annotations

from tabletop.engine import Action
from tabletop.engine.msg import msg

from .rules import DOUBLE, HAND_KEY, HAND_KINDS, KEYS, SWIFT, UNBLOCKABLE


class IjindenCandidates:
    """`actions` (the candidates of every move) and the gates the checks share."""

    # ------------------------------------------------------------------ candidates
    # --- the answers to pending choices (Controller.answers) -------------------------------------
    # Built directly, like the main phase's candidates (args sorted by name: card, target).
    def answer_pay(self, s, p, pending):
        return [Action("pay", p, (("card", u),)) for u in s.zones[KEYS[p]["mana"]]]

    def answer_feat(self, s, p, pending):
        # yes/no with no card argument: the table shows them as buttons (the prompt names the card)
        return [Action("feat", p, ()), Action("no_feat", p, ())]

    def answer_block(self, s, p, pending, every=False):
        """The block step's answers. Speed: an attacker that check_block refuses whoever blocks it (an
        unblockable one, IJ-R26; a double-pressure one not yet blocked when fewer than two blockers are
        free, IJ-R31) gets no block candidates, unless `every` (drop_candidates) asks for them all."""
        b = s.data["battle"]
        free = self.free_blockers(s, p)
        targets = b["attackers"]
        if not every:    # skip: unblockable (IJ-R26), double pressure with too few blockers (IJ-R31)
            targets = [t for t in targets if self._blockable(s, t, b, len(free))]
        out = [Action("block", p, (("card", x), ("target", t))) for x in free for t in targets]
        out += [Action("unblock", p, (("card", x),)) for x, _ in b["blocks"]]
        out.append(Action("done_blocking", p, ()))
        return out

    def _blockable(self, s, t, b, n_free):
        """The attacker-level tests of check_block (IJ-R26, IJ-R31)."""
        if self.has(s, t, UNBLOCKABLE):
            return False
        return not (self.has(s, t, DOUBLE) and not any(tt == t for _, tt in b["blocks"]) and n_free < 2)

    def answer_resolve(self, s, p, pending):
        # card= (not target=): the attacker being resolved is the card that acts; a click on it resolves it
        return [Action("resolve", p, (("card", a),)) for a in s.data["battle"]["attackers"]]

    def answer_mulligan(self, s, p, pending):
        return [Action.make("mulligan", p), Action.make("keep", p)]

    def answer_next_game(self, s, p, pending):
        return [Action.make("next_game", p)]

    def answer_sideboard(self, s, p, pending):
        out = [Action.make("side_in", p, cid=c) for c in self.distinct(s, f"{p}.side")]
        out += [Action.make("side_out", p, cid=c) for c in self.distinct(s, f"{p}.deck")]
        out.append(Action.make("side_done", p))
        return out

    def actions(self, s, p, every=False):
        if s.outcome is not None:
            return []
        if s.pending:
            return self.answers(s, p)
        if p != s.active:
            return []
        # Actions are built directly (args already sorted by name): this list is made for every move.
        # Speed: a card that plainly fails its check (no placement right left, color or level or mana cost
        # not met, no summon right left, a tapped or new Ijin) is left out, unless `every` (drop_candidates)
        # asks for them all. The checks stay the authority: the kinds in `Ijinden.exact` are listed exactly
        # where their check passes, the others (cast, underworld) are checked on whatever is listed.
        prune = not every
        out = []
        cards, defs, keys = s.cards, self.rs.cards, KEYS[p]
        if s.phase == "main":
            mana, field = ("to", keys["mana"]), ("to", keys["battlefield"])
            can_place = not prune or s.players[p].get("placement", 0) >= 1
            can_summon = not prune or s.players[p].get("summon", 0) >= 1
            level, colors = self._mana_reach(s, p)
            n_mana = len(s.zones[keys["mana"]])
            for u in s.zones[keys["hand"]]:
                d = defs[cards[u].cid]
                act = HAND_KINDS.get(d.kind)
                if act is None:
                    continue
                if act == "place":
                    if can_place:
                        out.append(Action(act, p, (("card", u), mana)))
                    continue
                if act == "summon" and not can_summon:
                    continue        # skip: no summon right left (IJ-R13)
                if prune and not self._usable(d, level, colors):
                    continue
                if act == "cast":
                    if not prune or n_mana >= (d.get("cost") or 0):
                        out.append(Action(act, p, (("card", u),)))
                else:
                    out.append(Action(act, p, (("card", u), field)))
            underworld = self._underworld
            for u in s.zones[keys["graveyard"]]:
                if cards[u].cid in underworld:
                    out.append(Action("underworld", p, (("card", u),)))
        if s.phase in ("main", "attack"):
            # after this main phase's battle no attack passes check_attack
            if not (prune and s.phase == "main" and s.data.get("battled")):
                for u in s.zones[keys["battlefield"]]:
                    c = cards[u]
                    if defs[c.cid].kind == "ijin" and (not prune or self._may_attack(s, u, c)):
                        out.append(Action("attack", p, (("card", u),)))
            out.append(Action("end_phase", p, ()))
        return out

    def _may_attack(self, s, u, c):
        """The card-level tests of check_attack: face up, not attacking or tapped, not new without 即応."""
        return (c.face_up and not c.tapped and not c.flags.get("attacking")
                and (c.flags.get("entered") != s.turn or self.has(s, u, SWIFT)))

    def distinct(self, s, key):
        seen = []
        for u in s.zones[key]:
            cid = s.cards[u].cid
            if cid not in seen:
                seen.append(cid)
        return sorted(seen)

    def free_blockers(self, s, p):
        """Return p's cards that may still be chosen as blockers: untapped Ijin and guardians (IJ-R18, IJ-D2)."""
        b = s.data["battle"]
        used = {x for x, _ in b["blocks"]}
        out = []
        for u in s.zones[KEYS[p]["battlefield"]]:
            c = s.cards[u]
            if not c.tapped and u not in used and c.face_up and self.rs.cards[c.cid].kind == "ijin":
                out.append(u)
        for u in s.zones[KEYS[p]["guardians"]]:
            if not s.cards[u].tapped and u not in used:
                out.append(u)
        return out

    # ------------------------------------------------------------------ checks: shared gates
    def _pending(self, s, a, kind):
        if not s.pending or s.pending[0]["kind"] != kind or s.pending[0]["player"] != a.player:
            return None
        return s.pending[0]

    def _main_gate(self, s, a):
        if s.phase == "main" and not s.pending and a.player == s.active:   # the usual case, tested first
            return None
        if s.pending:
            return msg("first answer the question in front of you: {prompt}", prompt=s.pending[0]["prompt"])
        if a.player != s.active:
            return msg("you can use cards only in your own turn (IJ-R9)")
        if s.phase in ("attack", "block", "resolve"):
            return msg("cards cannot be used in the middle of a battle (IJ-R9)")
        if s.phase != "main":
            return msg("cards are used in the main phase (IJ-R9)")
        return None

    def _in_hand(self, s, a, kind):
        c = s.cards.get(a["card"])
        if c is None or c.zone != HAND_KEY[a.player]:
            return msg("that card is not in your hand (IJ-R9)")
        d = self.rs.cards[c.cid]
        if d.kind != kind:
            return msg("{card} is a {kind}, not a {wanted}", card=self.card_ref(s, c.uid, a.player),
                       kind=self.rs.kind_term(d.kind), wanted=self.rs.kind_term(kind))
        return None

    def _mana_reach(self, s, p):
        """Return (level, colors) of p's mana zone in one pass: the level of IJ-R16 and the colors of
        the face-up Maryoku for IJ-R15."""
        have, colors = 0, set()
        cards, maryoku = s.cards, self._maryoku
        for u in s.zones[KEYS[p]["mana"]]:
            c = cards[u]
            if not c.face_up:
                have += 1
                continue
            m = maryoku.get(c.cid)
            if m:
                have += m[0]
                colors.add(m[1])
        return have, colors

    @staticmethod
    def _usable(d, have, colors):
        """Whether card d meets the color and level conditions (the test of `_conditions`, without words)."""
        return (not d.color or d.color in colors) and have >= (d.stats.get("level") or 0)

    def _conditions(self, s, p, uid):
        """Check the color (IJ-R15) and level (IJ-R16) conditions of using a card (one pass over the mana zone)."""
        d = self.rs.cards[s.cards[uid].cid]
        have, colors = self._mana_reach(s, p)
        color = d.color
        if color and color not in colors:
            return msg("color condition: your mana zone has no {color} {maryoku} face up (IJ-R15)",
                       color=self.rs.color_term(color), maryoku=self.rs.kind_term("maryoku"))
        need = d.stats.get("level") or 0
        if have < need:
            return msg("level condition: your mana zone gives level {have}, {card} needs {need} (IJ-R16)",
                       have=have, card=self.card_ref(s, uid, p), need=need)
        return None

    def _to(self, a, zone):
        to = a.get("to")
        if to is not None and to != KEYS[a.player][zone]:   # after _main_gate: a.player is 0 or 1
            return msg("that card goes onto your {zone}", zone=self.rs.zones[zone].term)
        return None
