"""The manual override in the controller base: the free moves of the sandbox, also every table's override
toggle (move, flip, tap, counters, draw, shuffle), checked only for their form.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .action import Action
from .msg import Term, msg
from .state import State, split_key

from .words import player_name

N_ = str   # marks a message key for the catalogue scan (tabletop.i18n_scan); rendered later

if TYPE_CHECKING:
    pass


class ControllerManual:
    """The manual moves every table allows with its override toggle (a part of Controller)."""

    def manual_check(self, s: State, a: Action) -> str | None:
        """Return why a manual action is malformed (manual actions ignore the rules, not the table)."""
        try:
            if a.kind not in self.MANUAL:
                return msg("{kind!r} is not a manual action", kind=a.kind)
            if a.kind in ("m_move", "m_tap", "m_untap", "m_flip", "m_count"):
                if a["card"] not in s.cards:
                    return msg("there is no card {card}", card=a["card"])
            if a.kind == "m_move" and a["to"] not in s.zones:
                return msg("there is no zone {zone}", zone=a["to"])
            if a.kind == "m_top" and (a["zone"] not in s.zones or a["to"] not in s.zones):
                return msg("m_top needs zone=KEY to=KEY")
            if a.kind == "m_move" and a["card"] not in self.pointable(s, a.player):
                return msg("you cannot point at that card (it is hidden in a pile)")
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
            src = s.cards[uid].zone
            self.move(s, uid, a["to"], face_up=a.get("face_up"), tapped=None)
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
        elif a.kind == "m_pass":
            s.active = self.other(s.active)
            s.turn += 1
            s.pending.clear()
            self.log(s, msg("[manual] {who} passes the turn to {player}", who=who, player=player_name(s.active)),
                     kind="manual")

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
