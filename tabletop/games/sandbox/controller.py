"""The sandbox: a table where any move is allowed and logged, for playtesting a game without rules.

It is the free table for playtesting a game whose rules no controller knows yet. Its actions are
the manual moves every table offers (move, tap, flip, counters, shuffle, pass) under their own
kinds, worded as the game does ("Move 名もなき影 to your deck", not "[manual] m move ..."),
plus what a designer reaches for at a real table: change a player's counters (HP, any named one),
draw N, flip a coin, roll a die; and the table's tools (engine/manual.py `TOOLS`): search a pile of
your own, look at the top N of a pile, reveal a card, create a token, write a note on a card. While a
search or a look is open, its player is offered only the ways to finish it. Bots pass here
(`bots_pass`): there are no rules to play by.
"""
from __future__ import annotations

from tabletop.engine import Action, Controller, register
from tabletop.engine.msg import Term, msg
from tabletop.engine.controller import player_name
from tabletop.engine.manual import TABLE_KINDS, TOOL, TOOLS, arg_text, text_arg
from tabletop.engine.state import split_key, zone_key
from tabletop.engine.words import CardName

# The manual moves keep their kinds (the table's gestures, the bots and saves know them); the
# sandbox words them in the game's words and adds moves of its own (s_...).
_MANUAL = {k: k for k in Controller.MANUAL + TOOLS}
DIE_SIDES = (6, 20)
DRAW_COUNTS = (1, 2, 3)
LOOK_COUNTS = (1, 3, 5)
NOTE = text_arg("note")   # the text a "write a note" candidate carries (the table asks for the real words)


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
        s.first = s.active = 0 if self.coin(s, msg("who goes first")) else 1
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
        tool = s.data.get(TOOL)
        if tool:
            return self.tool_actions(s, player, tool)
        out = self.manual_actions(s, player)
        out += self.tool_starts(s, player)
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

    def tool_actions(self, s, player, tool):
        """Return the ways `player` may finish the open search or look (none for the other player)."""
        if player != tool["player"]:
            return []
        key = tool["pile"]
        whose = split_key(key)[0]
        whose = player if whose is None else whose   # the pile owner's zones (a look at the other deck: theirs)
        dests = [z for z in s.zones if z != key and split_key(z)[0] in (whose, None)]
        if tool["kind"] == "search":
            out = [Action.make("m_search_end", player, pile=key, card=u, to=z)
                   for u in reversed(s.zones[key]) for z in dests]
            return out + [Action.make("m_search_end", player, pile=key)]
        out = []
        for u in reversed(s.zones[key]):
            if player in s.cards[u].reveal:
                out += [Action.make("m_move", player, card=u, to=z) for z in dests]
                out.append(Action.make("m_move", player, card=u, to=key, bottom=True))
        return out + [Action.make("m_look_end", player, pile=key), Action.make("m_look_end", player, pile=key, bottom=True)]

    def tool_starts(self, s, player):
        """Return the tools `player` may take up: search, look, reveal, tokens, notes."""
        out = []
        for key, uids in s.zones.items():
            owner, name = split_key(key)
            kind = self.rs.zones[name].kind
            if uids and kind == "pile":
                if owner in (player, None):
                    out.append(Action.make("m_search", player, pile=key))
                out += [Action.make("m_look", player, pile=key, n=n) for n in LOOK_COUNTS if n <= len(uids)]
            if kind in TABLE_KINDS:
                if owner in (player, None):
                    out += [Action.make("m_token", player, card_id=d.id, to=key) for d in self.token_defs()]
                for u in uids:
                    out.append(Action.make("m_note", player, card=u, text=NOTE))
                    if s.cards[u].flags.get("note"):
                        out.append(Action.make("m_note", player, card=u))
            elif kind != "pile":
                for u in uids:
                    c = s.cards[u]
                    seen = self.seen_by(s, c)
                    if seen[player] and not seen[1 - player]:
                        out.append(Action.make("m_reveal", player, card=u))
        return out

    def token_defs(self):
        """Return the ruleset's token cards (tagged `token` in cards.yaml), in the file's order."""
        return [d for d in self.rs.cards.values() if "token" in d.tags]

    def card_ref(self, s, uid, viewer):
        """A token with a name of its own is called by it (a token lies face up on the table: its name is public)."""
        got = super().card_ref(s, uid, viewer)
        c = s.cards[uid]
        name = c.flags.get("name") if c.flags else None
        if name and isinstance(got, CardName):
            return CardName(name, name, uid)
        return got

    def public(self, s, viewer):
        """The notes on the table's cards and the tokens' own names, for both players to read on the cards."""
        notes, names = {}, {}
        for key, uids in s.zones.items():
            if self.rs.zones[split_key(key)[1]].kind in TABLE_KINDS:
                for u in uids:
                    flags = s.cards[u].flags
                    if flags.get("note"):
                        notes[u] = flags["note"]
                    if flags.get("name"):
                        names[u] = flags["name"]
        return {"notes": notes, "names": names} if notes or names else {}

    def check(self, s, a):
        if a.kind not in _MANUAL:
            busy = self.tool_block(s, a)
            if busy is not None:
                return str(busy)
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
            label = Term((spec.label_en or spec.label).lower(), spec.label) if spec else name   # both languages
            if owner is None:
                return msg("the {zone}", zone=label)
            if owner == me:
                return msg("your {zone}", zone=label)
            return msg("{player}'s {zone}", player=player_name(owner), zone=label)

        card = a.get("card")
        name = self.card_label(s, card, viewer) if isinstance(card, int) and card in s.cards else ""
        if k == "s_move" and not a.get("bottom"):
            m = msg("Move {card} to {zone}", card=name, zone=zone(a["to"]))
        elif k == "s_top":
            m = msg("Move the top card of {src} to {zone}", src=zone(a["zone"]), zone=zone(a["to"]))
        elif k == "s_tap":
            m = msg("{Tap} {card}", Tap=_capital(self.rs.word("tap")), card=name)
        elif k == "s_untap":
            m = msg("{Untap} {card}", Untap=_capital(self.rs.word("untap")), card=name)
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
        elif k == "s_search":
            m = msg("Search {zone}", zone=zone(a["pile"]))
        elif k == "s_search_end":
            m = (msg("Take {card} to {zone}", card=name, zone=zone(a["to"])) if card is not None
                 else msg("Take nothing from {zone}", zone=zone(a["pile"])))
        elif k == "s_look":
            m = (msg("Look at the top card of {zone}", zone=zone(a["pile"])) if a["n"] == 1
                 else msg("Look at the top {n} cards of {zone}", n=a["n"], zone=zone(a["pile"])))
        elif k == "s_look_end":
            m = (msg("Put them on the bottom of {zone}", zone=zone(a["pile"])) if a.get("bottom")
                 else msg("Put them back on top in the same order"))
        elif k == "s_move" and a.get("bottom"):
            m = msg("Put {card} on the bottom of {zone}", card=name, zone=zone(a["to"]))
        elif k == "s_reveal":
            m = msg("Reveal {card}", card=name)
        elif k == "s_token":
            d = self.rs.cards[a["card_id"]]
            label = arg_text(a["name"]) if a.get("name") is not None else Term(d.name_en or d.name, d.name, True)
            m = (msg("Create a token: {card} (name it)", card=label) if d.id == "token" and a.get("name") is None
                 else msg("Create a token: {card}", card=label))
        elif k == "s_note":
            if a.get("text") is None:
                m = msg("Remove the note on {card}", card=name)
            elif card in s.cards and s.cards[card].flags.get("note"):
                m = msg("Edit the note on {card}", card=name)
            else:
                m = msg("Write a note on {card}", card=name)
        elif k == "m_pass":
            m = msg("End your turn")
        else:
            return super().describe(s, a, viewer)
        return m    # a Msg: rendered in the reader's language (str() would fix it in English)

    def drop_action(self, s, player, uid, zone, target):
        return Action.make("m_move", player, card=uid, to=zone)


def _capital(word):
    """Return a word of the game with its English capitalised (the Japanese as it is)."""
    return Term(word.capitalize(), word.ja) if isinstance(word, Term) else str(word).capitalize()


def _own(kind: str) -> str:
    return "s_" + kind[2:] if kind.startswith("m_") and kind != "m_pass" else kind  # describe's names
