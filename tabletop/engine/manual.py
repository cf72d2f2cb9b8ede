"""The manual override in the controller base: the free moves of the sandbox, also every table's override
toggle (move, flip, tap, counters, draw, shuffle), checked only for their form.

Beside them, the free table's tools (`TOOLS`, issue #35), also checked only for their form:
search a pile you own (`m_search`, then `m_search_end` taking one card or none; a hidden pile is
shuffled after), look at the top N of a pile (`m_look`, then `m_move` of a looked card or
`m_look_end`, back on top or to the bottom), reveal a card you alone see (`m_reveal`), create a
token on the table (`m_token`; a token leaves the game when it leaves the table) and write a note
on a card on the table (`m_note`). While a search or a look is open (`State.data["tool"]`, public
and without card ids) its player may only finish it. Free text travels in actions percent-encoded
(`text_arg` / `arg_text`), so an action's text form still parses back.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from .action import Action
from .msg import Term, msg
from .state import Card, State, split_key

from .words import player_name

N_ = str   # marks a message key for the catalogue scan (tabletop.i18n_scan); rendered later

if TYPE_CHECKING:
    pass

TOOLS = ("m_search", "m_search_end", "m_look", "m_look_end", "m_reveal", "m_token", "m_note")
TABLE_KINDS = ("row", "slot")     # the zones of the table: a token lives there, a note is written there
TOOL = "tool"                     # key in State.data of the open search or look: {kind, player, pile, n}
TOKEN_HIGH = "token_high"         # key in State.data: the highest id a token was given (ids only grow)
NOTE_MAX = 80                     # characters of a note or a token's name


def text_arg(text: str) -> str:
    """Return free text as an action argument: spaces, commas and % percent-encoded, never read as a number."""
    out = "".join(ch if not (ch.isspace() or ch in "%,=") else "".join(f"%{b:02X}" for b in ch.encode())
                  for ch in text)
    if out in ("yes", "no", "-") or out.lstrip("-").isdigit():
        out = f"%{ord(out[0]):02X}" + out[1:]      # (a digit, y, n or - : all ASCII)
    return out


def arg_text(v: Any) -> str | None:
    """Return the text of an argument written by `text_arg`, or None if it is not one."""
    if not isinstance(v, str) or any(ch.isspace() or ch == "," for ch in v):
        return None
    return unquote(v)


def is_token(c: Card) -> bool:
    return bool(c.flags) and c.flags.get("token") is True


class ControllerManual:
    """The manual moves every table allows with its override toggle (a part of Controller)."""

    def manual_check(self, s: State, a: Action) -> str | None:
        """Return why a manual action is malformed (manual actions ignore the rules, not the table)."""
        try:
            if a.kind not in self.MANUAL and a.kind not in TOOLS:
                return msg("{kind!r} is not a manual action", kind=a.kind)
            busy = self.tool_block(s, a)
            if busy is not None:
                return busy
            if a.kind in TOOLS:
                return self.tool_check(s, a)
            if a.kind in ("m_move", "m_tap", "m_untap", "m_flip", "m_count"):
                if a["card"] not in s.cards:
                    return msg("there is no card {card}", card=a["card"])
            if a.kind == "m_move" and a["to"] not in s.zones:
                return msg("there is no zone {zone}", zone=a["to"])
            if a.kind == "m_top" and (a["zone"] not in s.zones or a["to"] not in s.zones):
                return msg("m_top needs zone=KEY to=KEY")
            if a.kind == "m_move" and a["card"] not in self.pointable(s, a.player):
                return msg("you cannot point at that card (it is hidden in a pile)")
            if a.kind == "m_move" and a.get("bottom") and self.zone_spec(a["to"])[1].kind != "pile":
                return msg("only a pile has a bottom")
            if a.kind == "m_shuffle" and a["zone"] not in s.zones:
                return msg("there is no zone {zone}", zone=a["zone"])
            if a.kind == "m_count" and not isinstance(a["name"], str):
                return msg("a counter needs a name")
            if a.kind == "m_hp" and not isinstance(a["delta"], int):
                return msg("m_hp needs delta=N")
        except KeyError as e:
            return msg("{kind}: missing argument {arg}", kind=a.kind, arg=str(e))
        return None

    def manual_apply(self, s: State, a: Action) -> None:
        who = player_name(a.player)

        def said(text: str, uid: int, **args: Any) -> None:
            # The line everyone reads names the card only if both players see it; the mover's own
            # line names it if they see it.
            public = msg(text, who=who, card=self.card_ref(s, uid, "all"), **args)
            mine = msg(text, who=who, card=self.card_ref(s, uid, a.player), **args)
            self.log(s, public, {a.player: mine} if mine != public else None, kind="manual")

        if a.kind in ("m_move", "m_top"):
            if a.kind == "m_top":
                pile = s.zones[a["zone"]]
                if not pile:
                    return
                uid = pile[-1]
            else:
                uid = a["card"]
            c = s.cards[uid]
            src = c.zone
            leaves = self.zone_spec(a["to"])[1].kind not in TABLE_KINDS
            if leaves and is_token(c):
                self.remove_token(s, uid, a["to"], said)
                return
            if leaves and c.flags.get("note"):
                del c.flags["note"]   # a note is written on the table: it stays there
            self.move(s, uid, a["to"], face_up=a.get("face_up"), tapped=None, index=0 if a.get("bottom") else None)
            if a.get("bottom"):
                said(N_("[manual] {who} puts {card} from {src} on the bottom of {dst}"), uid,
                     src=self.zone_label(src), dst=self.zone_label(a["to"]))
            else:
                said(N_("[manual] {who} moves {card} from {src} to {dst}"), uid, src=self.zone_label(src),
                     dst=self.zone_label(a["to"]))
        elif a.kind in ("m_tap", "m_untap"):
            s.cards[a["card"]].tapped = a.kind == "m_tap"
            said(N_("[manual] {who}: {word} {card}"), a["card"], word=self.rs.word("tap" if a.kind == "m_tap" else "untap"))
        elif a.kind == "m_flip":
            c = s.cards[a["card"]]
            self.flip(s, c.uid, not c.face_up)
            said(N_("[manual] {who} turns {card} face up") if c.face_up else N_("[manual] {who} turns {card} face down"), c.uid)
        elif a.kind == "m_count":
            c = s.cards[a["card"]]
            value = max(0, c.counters.get(a["name"], 0) + a.get("delta", 1))
            if value:
                c.counters[a["name"]] = value
            else:
                c.counters.pop(a["name"], None)
            said(N_("[manual] {who}: {name} on {card} = {value}"), c.uid, name=self.counter_word(a["name"]), value=value)
        elif a.kind == "m_shuffle":
            self.shuffle(s, a["zone"])
            self.log(s, msg("[manual] {who} shuffles {zone}", who=who, zone=self.zone_label(a["zone"])), kind="manual")
        elif a.kind == "m_hp":
            p = a.get("target", a.player)
            key = a.get("value", "hp")
            s.players[p][key] = s.players[p].get(key, 0) + a["delta"]
            self.log(s, msg("[manual] {who}: {player} {value} {delta:+d} → {total}", who=who, player=player_name(p),
                            value=self.value_word(key), delta=a["delta"], total=s.players[p][key]), kind="manual")
        elif a.kind in TOOLS:
            self.tool_apply(s, a, said)
        elif a.kind == "m_pass":
            s.active = self.other(s.active)
            s.turn += 1
            s.pending.clear()
            self.log(s, msg("[manual] {who} passes the turn to {player}", who=who, player=player_name(s.active)),
                     kind="manual")

    # --- the free table's tools: search, look at the top N, reveal, tokens, notes (TOOLS) ---------
    def tool_block(self, s: State, a: Action) -> str | None:
        """Return why `a` must wait while a search or a look is open (only finishing it may come), or None."""
        tool = s.data.get(TOOL)
        if not tool:
            return None
        zone = self.zone_label(tool["pile"])
        if a.player != tool["player"]:
            return msg("P{n} is looking through {zone}: wait until they finish", n=tool["player"] + 1, zone=zone)
        if tool["kind"] == "search" and a.kind == "m_search_end":
            return None
        if tool["kind"] == "look" and (a.kind == "m_look_end" or a.kind == "m_move" and self._looked(s, a.get("card"))):
            return None
        return (msg("finish searching {zone} first", zone=zone) if tool["kind"] == "search"
                else msg("finish looking at {zone} first", zone=zone))

    def _looked(self, s: State, uid: Any) -> bool:
        """Return whether card `uid` is one of the cards of the open look (in its pile, shown to its player)."""
        tool = s.data.get(TOOL)
        c = s.cards.get(uid) if isinstance(uid, int) else None
        return bool(tool and c is not None and c.zone == tool["pile"] and c.host is None and tool["player"] in c.reveal)

    def _pile(self, s: State, key: Any) -> str | None:
        """Return why `key` is not a pile of the table with cards in it, or None."""
        if key not in s.zones or self.zone_spec(key)[1].kind != "pile":
            return msg("there is no pile {pile}", pile=key)
        if not s.zones[key]:
            return msg("{zone} is empty", zone=self.zone_label(key))
        return None

    def _text(self, v: Any) -> str | None:
        """Return why `v` is not a short line of text written by `text_arg`, or None."""
        text = arg_text(v)
        if text is None or not text.strip():
            return msg("write the text with text_arg (percent-encoded, not empty)")
        if len(text) > NOTE_MAX or not text.isprintable():
            return msg("a note or a name is one line of at most {n} characters", n=NOTE_MAX)
        return None

    def tool_check(self, s: State, a: Action) -> str | None:
        """Return why a tool action (`TOOLS`) is malformed now, or None."""
        k, p = a.kind, a.player
        tool = s.data.get(TOOL)
        if k in ("m_search", "m_look"):
            why = self._pile(s, a["pile"])
            if why is not None:
                return why
            if k == "m_search" and self.zone_spec(a["pile"])[0] not in (p, None):
                return msg("you may search only a pile of your own")
            if k == "m_look" and (not isinstance(a["n"], int) or isinstance(a["n"], bool) or a["n"] < 1):
                return msg("look needs n=N (1 or more)")
            return None
        if k in ("m_search_end", "m_look_end"):
            want = "search" if k == "m_search_end" else "look"
            if not tool or tool["kind"] != want or tool["pile"] != a["pile"]:
                return (msg("no search of that pile is open") if want == "search"
                        else msg("no look at that pile is open"))
            if k == "m_search_end" and (a.get("card") is None) != (a.get("to") is None):
                return msg("take needs card=ID and to=ZONE, or neither")
            if k == "m_search_end" and a.get("card") is not None:
                c = s.cards.get(a["card"])
                if c is None or c.zone != a["pile"] or c.host is not None:
                    return msg("that card is not in the pile you are searching")
                if a["to"] not in s.zones or a["to"] == a["pile"]:
                    return msg("there is no zone {zone}", zone=a["to"])
            return None
        if k == "m_reveal":
            c = s.cards.get(a["card"])
            if c is None:
                return msg("there is no card {card}", card=a["card"])
            seen = self.seen_by(s, c)
            if not seen[p]:
                return msg("you can reveal only a card you see")
            if seen[1 - p]:
                return msg("the other player already sees that card")
            return None
        if k == "m_token":
            d = self.rs.cards.get(a["card_id"]) if isinstance(a["card_id"], str) else None
            if d is None or "token" not in d.tags:
                return msg("{card} is not a token of this game", card=a["card_id"])
            if a["to"] not in s.zones or self.zone_spec(a["to"])[1].kind not in TABLE_KINDS:
                return msg("a token goes on the table (a play zone)")
            return None if a.get("name") is None else self._text(a["name"])
        # m_note
        c = s.cards.get(a["card"])
        if c is None:
            return msg("there is no card {card}", card=a["card"])
        if self.zone_spec(c.zone)[1].kind not in TABLE_KINDS:
            return msg("a note goes on a card on the table")
        if a.get("text") is None:
            return None if c.flags.get("note") else msg("that card has no note")
        return self._text(a["text"])

    def tool_apply(self, s: State, a: Action, said: Any) -> None:
        """Carry out a tool action (`TOOLS`); `said` logs a line naming a card as each reader may see it."""
        k, p = a.kind, a.player
        who = player_name(p)
        if k == "m_search":
            key = a["pile"]
            s.data[TOOL] = {"kind": "search", "player": p, "pile": key,
                            "hidden": self.zone_spec(key)[1].visibility != "public"}
            for u in s.zones[key]:
                self.reveal_to(s, u, p)
            self.log(s, msg("{who} searches {zone}", who=who, zone=self.zone_label(key)), kind="manual")
        elif k == "m_search_end":
            key = a["pile"]
            tool = s.data.pop(TOOL)
            if a.get("card") is not None:
                uid = a["card"]
                self.move(s, uid, a["to"], tapped=None)
                src, dst = self.zone_label(key), self.zone_label(a["to"])
                mine = msg("{who} takes {card} from {src} to {dst}", who=who, card=self.card_ref(s, uid, p), src=src,
                           dst=dst)
                public = (mine if all(self.seen_by(s, s.cards[uid])) else
                          msg("{who} takes a card from {src} to {dst}", who=who, src=src, dst=dst))
                self.log(s, public, {p: mine} if public is not mine else None, kind="manual")
            else:
                self.log(s, msg("{who} takes nothing from {zone}", who=who, zone=self.zone_label(key)), kind="manual")
            if tool.get("hidden") and s.zones[key]:
                self.shuffle(s, key)      # the usual rule after a search; logs "<pile> shuffled" once
            else:
                self._forget(s, key)
        elif k == "m_look":
            key = a["pile"]
            top = s.zones[key][-a["n"]:]
            s.data[TOOL] = {"kind": "look", "player": p, "pile": key, "n": len(top)}
            for u in top:
                self.reveal_to(s, u, p)
            names = tuple(self.card_ref(s, u, p) for u in reversed(top))
            public = (msg("{who} looks at the top card of {zone}", who=who, zone=self.zone_label(key)) if len(top) == 1
                      else msg("{who} looks at the top {n} cards of {zone}", who=who, n=len(top), zone=self.zone_label(key)))
            self.log(s, public, {p: msg("{line}: {cards}", line=public, cards=names)}, kind="manual")
        elif k == "m_look_end":
            key = a["pile"]
            s.data.pop(TOOL)
            pile = s.zones[key]
            looked = [u for u in pile if p in s.cards[u].reveal]
            if a.get("bottom") and looked:
                s.zones[key] = looked + [u for u in pile if u not in looked]
                self.log(s, msg("{who} puts {n} cards on the bottom of {zone}", who=who, n=len(looked),
                                zone=self.zone_label(key)), kind="manual")
            else:
                self.log(s, msg("{who} puts the cards back on top of {zone}", who=who, zone=self.zone_label(key)),
                         kind="manual")
            self._forget(s, key)
        elif k == "m_reveal":
            uid = a["card"]
            self.reveal_to(s, uid, 1 - p)
            said(N_("{who} reveals {card} from {src}"), uid, src=self.zone_label(s.cards[uid].zone))
        elif k == "m_token":
            uid = max(max(s.cards, default=0), s.data.get(TOKEN_HIGH, 0)) + 1
            s.data[TOKEN_HIGH] = uid
            flags: dict[str, Any] = {"token": True}
            if a.get("name") is not None:
                flags["name"] = arg_text(a["name"])
            s.cards[uid] = Card(uid, a["card_id"], p, a["to"], face_up=True, flags=flags)
            s.zones[a["to"]].append(uid)
            said(N_("{who} creates a token, {card}, in {dst}"), uid, dst=self.zone_label(a["to"]))
        else:   # m_note
            c = s.cards[a["card"]]
            if a.get("text") is None:
                del c.flags["note"]
                said(N_("{who} removes the note on {card}"), c.uid)
            else:
                c.flags["note"] = arg_text(a["text"])
                said(N_("{who} writes a note on {card}: “{note}”"), c.uid, note=c.flags["note"])

    def _forget(self, s: State, key: str) -> None:
        """End every reveal in pile `key` (a search or look is over: its cards go out of sight again)."""
        for u in s.zones[key]:
            c = s.cards[u]
            if c.reveal:
                before = self.seen_by(s, c)
                c.reveal = []
                self._note_reveal(s, before, c)

    def remove_token(self, s: State, uid: int, to: str, said: Any) -> None:
        """Take a token off the table for good (it goes to no pile); cards attached to it go to `to`."""
        c = s.cards[uid]
        for a in list(c.attached):
            self.move(s, a, to)
        said(N_("{who} removes the token {card} from the game"), uid)
        if c.host is not None:
            s.cards[c.host].attached.remove(uid)
        else:
            s.zones[c.zone].remove(uid)
        del s.cards[uid]

    def stat_word(self, s: State, uid: int, stat: Any) -> Any:
        """Return the label of a card's stat (its kind's field label in both languages), or the stat's name."""
        if not isinstance(stat, str):
            return stat
        got = self.rs.field_term(self.rs.cards[s.cards[uid].cid].kind, stat)
        return got if isinstance(got, Term) else self.rs.stat_term(stat)

    def value_word(self, key: Any) -> Any:
        """Return a player value's name as the ruleset words it (`value.<key>` in its words), or the key."""
        return self.rs.words.get("value." + key, key) if isinstance(key, str) else key

    def pointable(self, s: State, player: int) -> list[int]:
        """Return the uids `player` may point at: every card they see, and hidden cards on the table."""
        out = []
        for key, uids in s.zones.items():
            spec = self.rs.zones[split_key(key)[1]]
            for u in uids:
                c = s.cards[u]
                if spec.addressable or self.visible(s, c, player):
                    out.append(u)
                    out.extend(a for a in c.attached if self.visible(s, s.cards[a], player) or spec.addressable)
        return out

    def manual_actions(self, s: State, player: int) -> list[Action]:
        """Return the manual moves `player` can make (for the sandbox and the override menu)."""
        out = []
        for u in self.pointable(s, player):
            c = s.cards[u]
            out.append(Action.make("m_untap" if c.tapped else "m_tap", player, card=u))
            out.append(Action.make("m_flip", player, card=u))
            for dest in s.zones:
                if dest != c.zone or c.host is not None:
                    out.append(Action.make("m_move", player, card=u, to=dest))
        for key, uids in s.zones.items():
            if uids and self.rs.zones[split_key(key)[1]].kind == "pile":
                for dest in s.zones:
                    if dest != key:
                        out.append(Action.make("m_top", player, zone=key, to=dest))
        out.append(Action.make("m_pass", player))
        return out
