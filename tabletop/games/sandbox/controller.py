"""The sandbox: a table where any move is allowed and logged, for playtesting a game without rules.

It is the free table for playtesting a game whose rules no controller knows yet. Its actions are
the manual moves every table offers (move, tap, flip, counters, shuffle, pass) under their own
kinds, worded as the game does ("Move 名もなき影 to your deck", not "[manual] m move ..."),
plus what a designer reaches for at a real table: change a player's counters (HP, any named one),
draw N, flip a coin, roll a die. Bots pass here (`bots_pass`): there are no rules to play by.
"""
from __future__ import annotations

from tabletop.engine import Action, Controller, register
from tabletop.engine.msg import msg
from tabletop.engine.controller import player_name
from tabletop.engine.state import split_key, zone_key

# The manual moves keep their kinds (the table's gestures, the bots and saves know them); the
# sandbox words them in the game's words and adds moves of its own (s_...).
_MANUAL = {k: k for k in Controller.MANUAL}
DIE_SIDES = (6, 20)
DRAW_COUNTS = (1, 2, 3)


@register
class Sandbox(Controller):
    id = "sandbox"
    bots_pass = True   # seats played by a bot pass their turn (tabletop/ui/players.py asks)

    def init(self, s, options):
        for p in (0, 1):
            s.players[p].setdefault("hp", int(self.params.get("hp", 20)))
            for name, value in self.rs.players.items():   # ruleset.yaml `players: {fire: 3}`: every player's counters
                if isinstance(value, int) and not isinstance(value, bool):
                    s.players[p].setdefault(str(name), value)

    def card_counters(self) -> list[str]:
        """Return the counters every card on the table offers: damage, each `counter.<name>` word of the
        ruleset, and the names in `parameters.card_counters`."""
        names = {"damage"} | {k[len("counter."):] for k in self.rs.words if k.startswith("counter.")}
        extra = self.params.get("card_counters") or []
        names |= {str(n) for n in (extra if isinstance(extra, list) else [extra])}
        return sorted(names)

    def counter_label(self, name: str):
        """Return the designer's word for a counter (`words: value.<name>` or `counter.<name>`), else its name."""
        return self.rs.words.get(f"value.{name}") or self.rs.words.get(f"counter.{name}") or name

    def setup(self, s, options):
        for p in (0, 1):
            self.shuffle(s, zone_key(p, "deck"))
            self.draw(s, p, int(self.params.get("hand_size", 5)))
        s.first = s.active = 0 if self.coin(s, "who goes first") else 1
        s.turn = 1
        s.phase = "main"
        self.log(s, f"P{s.active + 1} goes first")

    def counters(self, s) -> list[str]:
        """Return the player counters the table offers: hp and every number the players have."""
        names = {"hp"}
        for p in (0, 1):
            names |= {k for k, v in s.players[p].items() if isinstance(v, int) and not isinstance(v, bool)}
        return sorted(names)

    def actions(self, s, player):
        out = self.manual_actions(s, player)
        for key, uids in s.zones.items():
            if uids and self.rs.zones[split_key(key)[1]].kind == "pile":
                out.append(Action.make("s_shuffle", player, pile=key))  # pile=, not zone=: a click still spreads it
        offered = set(self.card_counters())
        for key, uids in s.zones.items():   # counters on the cards on the table: the game's, and any they carry
            if self.rs.zones[split_key(key)[1]].kind not in ("row", "slot"):
                continue
            for u in uids:
                c = s.cards[u]
                for name in sorted(set(c.counters) | offered):
                    out.append(Action.make("m_count", player, card=u, name=name, delta=1))
                    if c.counters.get(name):
                        out.append(Action.make("m_count", player, card=u, name=name, delta=-1))
        for p in (0, 1):
            for name in self.counters(s):
                for delta in (-1, 1):
                    out.append(Action.make("s_hp", player, whom=p, value=name, delta=delta))
        if s.zones.get(zone_key(player, "deck")):
            out += [Action.make("s_draw", player, n=n, pile=zone_key(player, "deck")) for n in DRAW_COUNTS]
        out.append(Action.make("s_coin", player))
        out += [Action.make("s_roll", player, sides=n) for n in DIE_SIDES]
        return out

    def check(self, s, a):
        if a.kind in _MANUAL:
            return self.manual_check(s, Action.make(_MANUAL[a.kind], a.player, **dict(a.args)))
        try:
            if a.kind == "s_shuffle":
                return None if a["pile"] in s.zones else str(msg("there is no pile {pile}", pile=a["pile"]))
            if a.kind == "s_hp":
                if a["whom"] not in (0, 1) or not isinstance(a["delta"], int) or not isinstance(a["value"], str):
                    return str(msg("a counter change needs whom=0|1, value=NAME, delta=N"))
                return None
            if a.kind == "s_draw":
                return None if isinstance(a["n"], int) and a["n"] > 0 else str(msg("draw needs n=N (1 or more)"))
            if a.kind == "s_coin":
                return None
            if a.kind == "s_roll":
                return None if isinstance(a["sides"], int) and a["sides"] > 1 else str(msg("a die needs sides=N"))
        except KeyError as e:
            return str(msg("{kind}: missing argument {arg}", kind=a.kind, arg=str(e)))
        return str(msg("{kind} is not an action of the free table", kind=repr(a.kind)))

    def execute(self, s, a):
        who = player_name(a.player)
        if a.kind in _MANUAL:
            self.manual_apply(s, Action.make(_MANUAL[a.kind], a.player, **dict(a.args)))
        elif a.kind == "s_hp":
            p, name = a["whom"], a["value"]
            s.players[p][name] = s.players[p].get(name, 0) + a["delta"]
            self.log(s, str(msg("{who}: {player} {counter} {delta} → {value}", who=who, player=player_name(p),
                                counter=self.counter_label(name), delta=f"{a['delta']:+d}",
                                value=s.players[p][name])), kind="manual")
        elif a.kind == "s_shuffle":
            self.shuffle(s, a["pile"])   # logs "<pile> shuffled" itself: once is enough
        elif a.kind == "s_draw":
            self.draw(s, a.player, a["n"])
        elif a.kind == "s_coin":
            self.coin(s, str(msg("{who} flips a coin", who=who)))
        elif a.kind == "s_roll":
            n = s.rng.below(a["sides"]) + 1
            self.log(s, str(msg("{who} rolls a d{sides}: {n}", who=who, sides=a["sides"], n=n)), kind="roll",
                     sides=a["sides"], value=n)

    def describe(self, s, a, viewer=None):
        """Word an action as a player would say it, from `viewer`'s side of the table."""
        k = _own(a.kind)
        me = viewer if viewer is not None else a.player

        def zone(key):
            owner, name = split_key(key)
            spec = self.rs.zones.get(name)
            label = (spec.label_en or spec.label) if spec else name
            if owner is None:
                return msg("the {zone}", zone=label.lower())
            if owner == me:
                return msg("your {zone}", zone=label.lower())
            return msg("{player}'s {zone}", player=player_name(owner), zone=label.lower())

        card = a.get("card")
        name = self.card_label(s, card, viewer) if isinstance(card, int) and card in s.cards else ""
        if k == "s_move":
            m = msg("Move {card} to {zone}", card=name, zone=zone(a["to"]))
        elif k == "s_top":
            m = msg("Move the top card of {src} to {zone}", src=zone(a["zone"]), zone=zone(a["to"]))
        elif k == "s_tap":
            m = msg("{Tap} {card}", Tap=self.rs.word("tap").capitalize(), card=name)
        elif k == "s_untap":
            m = msg("{Untap} {card}", Untap=self.rs.word("untap").capitalize(), card=name)
        elif k == "s_flip":
            face_up = s.cards[card].face_up if card in s.cards else True
            m = msg("Turn {card} face down", card=name) if face_up else msg("Turn {card} face up", card=name)
        elif k == "s_count":
            m = msg("{sign}1 {counter} on {card}", sign="+" if a.get("delta", 1) > 0 else "−",
                    counter=self.counter_label(a["name"]), card=name)
        elif k == "s_shuffle":
            m = msg("Shuffle {zone}", zone=zone(a.get("pile") or a["zone"]))
        elif k == "s_hp":
            whose = msg("your") if a["whom"] == me else msg("{player}'s", player=player_name(a["whom"]))
            m = msg("{sign}1 {whose} {counter}", sign="+" if a["delta"] > 0 else "−", whose=whose,
                    counter=self.counter_label(a["value"]))   # the panel's word, not "HP"
        elif k == "s_draw":
            m = msg("Draw {n} card", n=a["n"]) if a["n"] == 1 else msg("Draw {n} cards", n=a["n"])
        elif k == "s_coin":
            m = msg("Flip a coin")
        elif k == "s_roll":
            m = msg("Roll a d{sides}", sides=a["sides"])
        elif k == "m_pass":
            m = msg("End your turn")
        else:
            return super().describe(s, a, viewer)
        return str(m)

    def drop_action(self, s, player, uid, zone, target):
        return Action.make("m_move", player, card=uid, to=zone)


def _own(kind: str) -> str:
    return "s_" + kind[2:] if kind.startswith("m_") and kind != "m_pass" else kind  # describe's names
