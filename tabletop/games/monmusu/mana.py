"""Mana: attributes, what can be paid and the payer's choice of mana (MM-R18, MM-R26, MM-D3, MM-D9).
"""
from __future__ import annotations

from tabletop.engine import Action
from tabletop.engine.msg import msg

from .rules import _p, HAND_KEYS, MANA_KEYS, SLOT_KEYS

_act = tuple.__new__     # _act(Action, (kind, player, args)): as in actions.py


class MonmusuMana:
    # --- mana ------------------------------------------------------------------------------
    def mana_attrs(self, s, p) -> set:
        cards, colors = s.cards, self.card_color
        return {colors[cards[u].cid] for u in s.zones[MANA_KEYS[p]]}

    def ready_mana(self, s, p) -> list[int]:
        cards = s.cards
        return [u for u in s.zones[MANA_KEYS[p]] if not cards[u].tapped]

    def has_attr(self, s, p, attr) -> bool:
        """Return whether `attr` is among the attributes of p's mana zone (`attr in mana_attrs`)."""
        cards, colors = s.cards, self.card_color
        for u in s.zones[MANA_KEYS[p]]:
            if colors[cards[u].cid] == attr:
                return True
        return False

    def can_pay(self, s, p, n: int, attr: str | None = None) -> bool:
        """Return whether p has n recast mana, one of them of `attr` when given (one pass, no list)."""
        ready, has_attr = 0, False
        cards, colors = s.cards, self.card_color
        for u in s.zones[MANA_KEYS[p]]:
            c = cards[u]
            if not c.tapped:
                ready += 1
                if attr and not has_attr and colors[c.cid] == attr:
                    has_attr = True
        if ready < n:
            return False
        if attr and n > 0:
            return has_attr
        return True

    def mana_choice(self, s, p, n: int, attr: str | None = None) -> bool:
        """Return whether paying n recast mana (one of `attr` when given) leaves p a choice (MM-D9).

        Mana cards differ only by attribute, so there is a choice when some attribute may be cast
        more or fewer times: its least and most count over all valid payments differ.
        """
        if n <= 0:
            return False
        counts: dict = {}
        cards, colors = s.cards, self.card_color
        for u in s.zones[MANA_KEYS[p]]:
            c = cards[u]
            if not c.tapped:
                col = colors[c.cid]
                counts[col] = counts.get(col, 0) + 1
        total = sum(counts.values())
        lo_total = 1 if attr and attr in counts else 0
        for col, c in counts.items():
            lo = 1 if col == attr else 0
            if max(lo, n - (total - c)) != min(c, n - (lo_total - lo)):
                return True
        return False

    def suggested_mana(self, s, p, n: int, attr: str | None = None, skip: int | None = None,
                       ready: list[int] | None = None) -> list[int]:
        """Return the mana the table suggests casting (MM-D9): one of `attr` first, then from the
        attribute with the most recast cards left, never the last recast card of an attribute that a
        spell in hand or a set trap of p still needs (`skip`: the card being paid for, which leaves).

        Ties go to the card listed first in the mana zone. Cards differ here only by attribute, so each
        pick compares the attributes, each by its first card not yet chosen. `ready`: `ready_mana(s, p)`
        when the caller has it already.
        """
        if n <= 0:
            return []
        if ready is None:
            ready = self.ready_mana(s, p)
        cards, colors = s.cards, self.card_color
        by_color: dict = {}     # attribute -> positions in `ready` of its cards not yet chosen
        for i, u in enumerate(ready):
            by_color.setdefault(colors[cards[u].cid], []).append(i)
        chosen = []
        if attr and attr in by_color:
            chosen.append(ready[by_color[attr].pop(0)])
        if len(chosen) >= n:
            return chosen
        needed = None       # (`_needed_attrs`, worked out when an attribute's last card is first in question)
        while len(chosen) < n:
            best, best_key = None, None
            for col, left in by_color.items():
                if left:
                    last = len(left) <= 1
                    if last and needed is None:
                        needed = self._needed_attrs(s, p, skip)
                    key = (last and col in needed, -len(left), left[0])
                    if best_key is None or key < best_key:
                        best, best_key = col, key
            if best is None:
                break
            chosen.append(ready[by_color[best].pop(0)])
        return chosen

    def _needed_attrs(self, s, p, skip: int | None) -> set:
        """Return the attributes of p's spells in hand and set traps, but `skip` (`suggested_mana`)."""
        cards, colors, kinds = s.cards, self.card_color, self.card_kind
        needed = set()
        for u in s.zones[HAND_KEYS[p]]:
            cid = cards[u].cid
            if kinds[cid] == "spell" and u != skip:
                needed.add(colors[cid])
        for key in SLOT_KEYS[p]:
            pile = s.zones[key]
            if pile and pile[-1] != skip and kinds[cards[pile[-1]].cid] == "spell":
                needed.add(colors[cards[pile[-1]].cid])
        return needed

    def cast_mana_cards(self, s, p, uids) -> None:
        """Cast the given mana cards of p (MM-R18, MM-R26) and say which."""
        for u in uids:
            s.cards[u].tapped = True
        if uids:      # (mana lies face up: which cards are cast is public, MM-D3)
            self.log(s, msg("{player} casts {n} mana: {cards}", player=_p(p), n=len(uids),
                            cards=self._mana_words(s, uids)), kind="mana", player=p, count=len(uids), cards=list(uids))

    def pay_then(self, s, p, n: int, attr: str | None, then: dict) -> None:
        """Pay n recast mana (one of `attr`) for an action, then finish it (`then`, see `_paid`).

        With nothing to choose the mana is cast at once; otherwise p is asked which (MM-D9): the
        answers are `cast_mana target=<mana>` (one card; the lit cards) and `pay_mana mana=...` (the
        suggested rest, a button). The choice goes in front of any other waiting choice.
        """
        if not self.mana_choice(s, p, n, attr):
            self.cast_mana_cards(s, p, self.suggested_mana(s, p, n, attr, then["card"]))
            self._paid(s, then)
            return
        s.pending.insert(0, {"kind": "pay_mana", "player": p, "prompt": "", "need": n, "attr": attr,
                             "then": then, "public_prompt": msg("{player} chooses which mana to cast ({rule})",
                                                                player=_p(p), rule="MM-D9")})
        self._pay_prompt(s, s.pending[0])

    def _pay_prompt(self, s, pe) -> None:
        attr = pe["attr"]
        what = self.card_ref(s, pe["then"]["card"], pe["player"])     # (the prompt is the payer's)
        if attr:
            pe["prompt"] = msg("{card}: cast {n} mana, one of them {attr} — click the lit mana cards, or take the "
                               "suggestion ({rule})", card=what, n=pe["need"],
                               attr=self.rs.color_term(attr), rule="MM-D9")
        else:
            pe["prompt"] = msg("{card}: cast {n} mana — click the lit mana cards, or take the suggestion ({rule})",
                               card=what, n=pe["need"], rule="MM-D9")

    def _pay_pending(self, s, a):
        pe = self._pending(s, a, "pay_mana")
        if pe is None or "need" not in pe:
            return None, msg("no mana is being paid now")
        return pe, None

    def _mana_ok(self, s, p, u) -> bool:
        c = s.cards.get(u) if isinstance(u, int) and not isinstance(u, bool) else None
        return c is not None and c.zone == f"{p}.mana" and c.host is None and not c.tapped

    def _pay_actions(self, s, p, pe) -> list:
        """Return the answers to a pay_mana choice: the suggestion (a button), then each castable mana card.

        Both kinds are `exact`: the suggestion is listed only where check_pay_mana allows it (it is the
        suggestion, so only its count, its cards and the attribute are in question).
        """
        if "need" not in pe:
            return []       # the other player's choice, copied from a view without its data
        ready = self.ready_mana(s, p)
        rest = self.suggested_mana(s, p, pe["need"], pe["attr"], pe["then"]["card"], ready)
        out = []
        attr = pe["attr"]
        cards, colors, key = s.cards, self.card_color, MANA_KEYS[p]
        ok = len(rest) == pe["need"] and len(set(rest)) == len(rest)
        has_attr = not attr
        for u in rest if ok else ():      # (a loop, not all()/any(): this list is made for every payment)
            c = cards[u]
            if c.zone != key or c.host is not None:
                ok = False
                break
            if colors[c.cid] == attr:
                has_attr = True
        if ok and has_attr:
            out.append(_act(Action, ("pay_mana", p, (("mana", rest[0] if len(rest) == 1 else tuple(rest)),))))
        last_attr = attr if pe["need"] == 1 and attr else None     # (as check_cast_mana: `exact`)
        for u in ready:
            if last_attr is None or colors[cards[u].cid] == last_attr:
                out.append(_act(Action, ("cast_mana", p, (("target", u),))))
        return out

    def check_cast_mana(self, s, a):
        pe, why = self._pay_pending(s, a)
        if why:
            return why
        u = a["target"]
        if not self._mana_ok(s, a.player, u):
            return msg("choose a {recast} card of your mana zone ({rule})", recast=self.rs.word("untapped"),
                       rule="MM-D9")
        if pe["need"] == 1 and pe["attr"] and self.rs.cards[s.cards[u].cid].color != pe["attr"]:
            return msg("the last mana to cast must be {attr}: the spell needs one of its attribute ({rule})",
                       attr=self.rs.color_term(pe["attr"]), rule="MM-R26")
        return None

    def do_cast_mana(self, s, a):
        pe = s.pending[0]
        u, p = a["target"], a.player
        self.cast_mana_cards(s, p, [u])
        pe["need"] -= 1
        if pe["attr"] and self.rs.cards[s.cards[u].cid].color == pe["attr"]:
            pe["attr"] = None
        if pe["need"] > 0 and self.mana_choice(s, p, pe["need"], pe["attr"]):
            self._pay_prompt(s, pe)
            return
        # Nothing left to choose: the rest is cast at once.
        s.pending.pop(0)
        self.cast_mana_cards(s, p, self.suggested_mana(s, p, pe["need"], pe["attr"], pe["then"]["card"]))
        self._paid(s, pe["then"])

    def check_pay_mana(self, s, a):
        pe, why = self._pay_pending(s, a)
        if why:
            return why
        mana = a["mana"]
        mana = (mana,) if not isinstance(mana, tuple) else mana
        if len(mana) != pe["need"] or len(set(mana)) != len(mana):
            return msg("cast exactly {n} different mana cards ({rule})", n=pe["need"], rule="MM-D9")
        if not all(self._mana_ok(s, a.player, u) for u in mana):
            return msg("choose {recast} cards of your mana zone ({rule})", recast=self.rs.word("untapped"),
                       rule="MM-D9")
        if pe["attr"] and not any(self.rs.cards[s.cards[u].cid].color == pe["attr"] for u in mana):
            return msg("one of the mana cast must be {attr} ({rule})", attr=self.rs.color_term(pe["attr"]),
                       rule="MM-R26")
        rest = self.suggested_mana(s, a.player, pe["need"], pe["attr"], pe["then"]["card"])
        if list(mana) != rest:
            # The button casts the table's suggestion; other mana is chosen a card at a time (cast_mana).
            return msg("pay_mana casts the suggested mana: click the mana cards to cast others ({rule})",
                       rule="MM-D9")
        return None

    def do_pay_mana(self, s, a):
        pe = s.pending.pop(0)
        mana = a["mana"]
        self.cast_mana_cards(s, a.player, list(mana) if isinstance(mana, tuple) else [mana])
        self._paid(s, pe["then"])

    def _paid(self, s, then: dict) -> None:
        """Finish an action whose mana is paid: `then["do"]` names the `_paid_<do>` step."""
        getattr(self, "_paid_" + then["do"])(s, then)
