"""Limits and costs: once per turn, the first turn, zone capacity, and an action's `cost:` paid with a
counter or by tapping cards.
"""
from __future__ import annotations

from tabletop.engine.state import split_key

from .common import N_, USED


class DeclaredCosts:
    # --- limits and costs -----------------------------------------------------------------------------
    def _limits(self, s, r):
        if r.args.get("once_per_turn") and s.data.get(USED, {}).get(r.name):
            return (r.id, N_("once per turn"), {})
        if r.args.get("first_turn") is False and s.turn == 1:
            return (r.id, N_("not in the first player's first turn"), {})
        return None

    def cost_of(self, s, uid, r):
        cost = r.args.get("cost")
        if not cost:
            return 0
        if "field" in cost:
            return self.printed(s, uid, cost["field"]) if uid is not None else 0
        return cost.get("n", 0)

    def _payers(self, s, p, uid, r):
        """Return the untapped cards that would pay a tap cost, or None when they cannot."""
        cost = r.args["cost"]
        n = self.cost_of(s, uid, r)
        up = [u for u in s.zones[self.zkey(p, cost["tap"])] if not s.cards[u].tapped]
        if len(up) < n:
            return None
        if not n:
            return []
        if cost.get("color") and uid is not None:
            color = self.rs.cards[s.cards[uid].cid].color
            if color:
                match = [u for u in up if self.rs.cards[s.cards[u].cid].color == color]
                if not match:
                    return None
                rest = [u for u in up if u != match[0]]
                return [match[0]] + rest[:n - 1]
        return up[:n]

    def _pay_reason(self, s, p, uid, r):
        cost = r.args.get("cost")
        if not cost:
            return None
        n = self.cost_of(s, uid, r)
        if "counter" in cost:
            have = s.players[p].get(cost["counter"], 0)
            if have < n:
                return (r.id, N_("it costs {cost} {value} and you have {have}"), dict(cost=n,
                                 value=self.counter_term(cost["counter"]), have=have))
            return None
        if self._payers(s, p, uid, r) is None:
            up = sum(1 for u in s.zones[self.zkey(p, cost["tap"])] if not s.cards[u].tapped)
            if up < n:
                return (r.id, N_("it costs {cost} and you have {up} untapped cards in {zone}"), dict(cost=n, up=up,
                                 zone=self.zone_term(cost["tap"])))
            color = self.rs.cards[s.cards[uid].cid].color
            return (r.id, N_("one card you tap must be {color}"), dict(color=self.rs.color_term(color)))
        return None

    def pay(self, s, p, uid, r):
        cost = r.args.get("cost")
        if not cost:
            return
        n = self.cost_of(s, uid, r)
        if "counter" in cost:
            if n:
                self.change(s, p, cost["counter"], -n, r.id)
            return
        for u in self._payers(s, p, uid, r) or []:
            s.cards[u].tapped = True

    def _room(self, s, key, r):
        spec = self.rs.zones[split_key(key)[1]]
        if spec.capacity and len(s.zones[key]) >= spec.capacity:
            return (r.id, N_("{zone} is full ({n} at most)"), dict(zone=self.zone_term(split_key(key)[1]), n=spec.capacity))
        return None
