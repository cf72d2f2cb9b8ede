"""The controller of the tiny test duel (tests/data/rulesets/tiny): small, but with every kind of
thing the engine must handle — hidden hands, owner-seen face-down cards, a coin, a pending
choice answered by the non-turn player, a win and a draw."""
from tabletop.engine import Action, Controller, register
from tabletop.engine.effects import EffectsMixin


@register
class Tiny(EffectsMixin, Controller):
    id = "tiny"
    EFFECT_ZONES = ("board",)

    def init(self, s, options):
        for p in (0, 1):
            s.players[p].setdefault("hp", self.params["hp"])

    def setup(self, s, options):
        for p in (0, 1):
            self.shuffle(s, f"{p}.deck")
            self.draw(s, p, 3)
        s.first = s.active = 0 if self.coin(s, "first player") else 1
        s.turn, s.phase = 1, "main"

    def actions(self, s, p):
        if s.pending and s.pending[0]["kind"] == "effect_target":
            return self.effect_actions(s, p)
        if s.pending:
            return [Action.make("block", p, card=u) for u in s.zone(p, "board")] + [Action.make("take", p)]
        out = []
        for u in s.zone(p, "hand"):
            out.append(Action.make("play", p, card=u, to=f"{p}.board"))
            out.append(Action.make("set", p, card=u, to=f"{p}.traps"))
        for u in s.zone(p, "board"):
            out.append(Action.make("attack", p, card=u))
        for u in s.zone(p, "traps"):
            out.append(Action.make("reveal", p, card=u))
        out.append(Action.make("end", p))
        return out

    def _own(self, s, a, zone):
        if a["card"] not in s.zone(a.player, zone):
            return f"that card is not in your {self.rs.zones[zone].label}"
        return None

    def _no_choice(self, s):
        return "first answer: block or take the hit" if s.pending else None

    def check_play(self, s, a):
        return (self._no_choice(s) or self._own(s, a, "hand")
                or (a["to"] != f"{a.player}.board" and "units go onto your board")
                or (len(s.zone(a.player, "board")) >= 3 and "your board is full (T-R3)") or None)

    def do_play(self, s, a):
        self.move(s, a["card"], a["to"])
        self.log(s, f"P{a.player + 1} plays {self.name(s, a['card'])}")
        self.fire(s, a["card"], "play")

    def check_set(self, s, a):
        return (self._no_choice(s) or self._own(s, a, "hand")
                or (a["to"] != f"{a.player}.traps" and "traps go into your trap row")
                or (len(s.zone(a.player, "traps")) >= 2 and "your trap row is full") or None)

    def do_set(self, s, a):
        self.move(s, a["card"], a["to"])
        self.log(s, f"P{a.player + 1} sets a trap")

    def check_reveal(self, s, a):
        return self._no_choice(s) or self._own(s, a, "traps")

    def do_reveal(self, s, a):
        self.move(s, a["card"], f"{a.player}.discard")
        self.log(s, f"P{a.player + 1} reveals {self.name(s, a['card'])}; the opponent loses 1")
        s.players[1 - a.player]["hp"] -= 1

    def check_attack(self, s, a):
        c = s.cards.get(a["card"])
        return (self._no_choice(s) or self._own(s, a, "board")
                or (c.tapped and "a tapped unit cannot attack") or (s.turn < 3 and "no attacks in the first turns")
                or None)

    def do_attack(self, s, a):
        self.tap(s, a["card"])
        self.ask(s, 1 - a.player, "block", "Block with a unit, or take the hit", attacker=a["card"])

    def check_block(self, s, a):
        if not s.pending or s.pending[0]["player"] != a.player or s.pending[0]["kind"] != "block":
            return "nothing to block"
        return self._own(s, a, "board")

    def do_block(self, s, a):
        att = s.pending.pop(0)["attacker"]
        pa, pb = self.card_def(s, att).get("power"), self.card_def(s, a["card"]).get("power")
        if pa == pb and not self.coin(s, "tie"):
            pa -= 1
        loser = a["card"] if pa >= pb else att
        self.move(s, loser, f"{s.cards[loser].owner}.discard")
        self.log(s, f"{self.name(s, loser)} is beaten")

    def check_take(self, s, a):
        ok = s.pending and s.pending[0]["player"] == a.player and s.pending[0]["kind"] == "block"
        return None if ok else "nothing to take"

    def do_take(self, s, a):
        att = s.pending.pop(0)["attacker"]
        s.players[a.player]["hp"] -= self.stat(s, att, "power")

    def fx_damage(self, s, target, n, ctx):
        """Damage in the tiny duel beats a unit whose power is at most the damage."""
        if self.stat(s, target, "power") <= n:
            self.move(s, target, f"{s.cards[target].owner}.discard")
            self.log(s, f"{self.name(s, target)} is beaten by an effect")

    def check_end(self, s, a):
        return self._no_choice(s)

    def do_end(self, s, a):
        self.expire_mods(s, "end_of_turn")
        s.active = 1 - s.active
        s.turn += 1
        for u in s.zone(s.active, "board"):
            self.untap(s, u)
        self.draw(s, s.active, 1)

    def after(self, s):
        for p in (0, 1):
            if s.players[p]["hp"] <= 0:
                self.win(s, 1 - p, f"P{p + 1} has no HP left")
        if s.turn > self.params["turn_limit"]:
            self.win(s, None, "turn limit")
