"""Combat: attacks on a card or the player, blocks, damage by the two `stats:` (`combat:`).
"""
from __future__ import annotations

from tabletop.engine.msg import msg

from .common import BREACHED, _rule


class DeclaredCombat:
    # --- combat ---------------------------------------------------------------------------------------
    def do_attack(self, s, a, r):
        p, u = a.player, a["card"]
        self.pay(s, p, u, r)
        self._used(s, r)
        if r.args.get("tap"):
            s.cards[u].tapped = True
        opp = 1 - p
        if a.get("target_player") is not None:
            self.log(s, _rule(msg("{card} attacks P{n}", card=self.card_ref(s, u, "all"), n=opp + 1), r.id),
                     kind="attack", card=u)
            blockers = self.blockers(s, opp, {"rule": r.name, "attacker": u})
            if blockers:
                self.ask(s, opp, "block", _rule(msg("Block {card} with one of your cards, or take the hit",
                                                    card=self.card_ref(s, u, opp)), r.id),
                         public_prompt=_rule(msg("P{n} may block", n=opp + 1), r.id), attacker=u, rule=r.name)
                return
            self.hit_player(s, u, opp, r)
        else:
            self.fight(s, u, a["target"], r)
        if u in s.cards:
            self.fire(s, u, "attack")

    def blockers(self, s, p, pd):
        r = self.d.actions.get(pd.get("rule"))
        if r is None or not r.args.get("block"):
            return []
        return [u for z in r.args["block"] for u in s.zones[self.zkey(p, z)] if not s.cards[u].tapped]

    def fight(self, s, u, t, r):
        dmg = self.atk(s, u)
        back = self.atk(s, t) if self.d.strike_back else 0
        self._damage(s, t, dmg)
        self.log(s, _rule(msg("{card} attacks {target}: {damage} damage", card=self.card_ref(s, u, "all"),
                              target=self.card_ref(s, t, "all"), damage=dmg), r.id), kind="attack", card=u, target=t)
        if back:
            self._damage(s, u, back)
            self.log(s, _rule(msg("{card} strikes back: {damage} damage", card=self.card_ref(s, t, "all"), damage=back),
                              r.id))
        self.check_destroyed(s)

    def _damage(self, s, uid, n):
        if n > 0:
            c = s.cards[uid]
            c.counters["damage"] = c.counters.get("damage", 0) + n

    def hit_player(self, s, u, p, r):
        hit = r.args["hit"]
        if "counter" in hit:
            self.change(s, p, hit["counter"], -self.atk(s, u), r.id)
            return
        pile = s.zones[self.zkey(p, hit["zone"])]
        if not pile:
            if any(w.args["zone"] == hit["zone"] for w in self.win_of.get("breached", [])):
                s.data.setdefault(BREACHED, []).append(p)
            return
        w = pile[-1]
        self.flip(s, w, True)
        self.log(s, _rule(msg("P{n} loses a card from {zone}: {card}", n=p + 1, zone=self.zone_term(hit["zone"]),
                              card=self.card_ref(s, w, "all")), r.id), kind="hit", card=w)
        self.move(s, w, self.zkey(p, hit["to"]))

    def check_block(self, s, a):
        pd = s.pending[0] if s.pending else None
        if pd is None or pd["kind"] != "block" or pd["player"] != a.player:
            return msg("no attack is waiting for a block")
        if a["card"] not in self.blockers(s, a.player, pd):
            r = self.d.actions[pd["rule"]]
            return _rule(msg("block with an untapped card of your {zones}",
                             zones=tuple(self.zone_term(z) for z in r.args["block"])), r.id)
        return None

    def do_block(self, s, a):
        pd = s.pending.pop(0)
        r = self.d.actions[pd["rule"]]
        att, b = pd["attacker"], a["card"]
        self.log(s, _rule(msg("{card} blocks", card=self.card_ref(s, b, "all")), r.id), kind="block", card=b)
        if att in s.cards and self.on_board(s, att):
            self.fight(s, att, b, r)

    def check_no_block(self, s, a):
        pd = s.pending[0] if s.pending else None
        if pd is None or pd["kind"] != "block" or pd["player"] != a.player:
            return msg("no attack is waiting for a block")
        return None

    def do_no_block(self, s, a):
        pd = s.pending.pop(0)
        r = self.d.actions[pd["rule"]]
        if pd["attacker"] in s.cards and self.on_board(s, pd["attacker"]):
            self.hit_player(s, pd["attacker"], a.player, r)
