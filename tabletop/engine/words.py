"""Words in the controller base: an action, a card or a zone in words for one reader, never naming a card
that reader may not see (`describe_for`, `card_ref`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, cast

from .action import Action
from .msg import Msg, Term, msg
from .state import State, split_key

if TYPE_CHECKING:
    pass


class CardName(Term):
    """A card's name as `Controller.card_ref` gives it: a Term that remembers which card it names, so
    `describe_for` can check that its reader may see that card (saved and copied as a plain Term)."""

    uid: int

    def __new__(cls, en: str, ja: str | None, uid: int) -> "CardName":
        self = cast("CardName", Term.__new__(cls, en, ja, True))
        self.uid = uid
        return self


_PLAYER_NAMES = ("P1", "P2")


def player_name(p: int | None) -> str:
    """Return "P1"/"P2", or the word for shared (a Msg)."""
    if p == 0 or p == 1:
        return _PLAYER_NAMES[p]     # (a player's name is in nearly every log line)
    return msg("shared") if p is None else f"P{p + 1}"


class ControllerWords:
    """Actions, cards and zones in words for a reader (a part of Controller)."""

    def describe_for(self, s: State, a: Action, viewer: int | None = None) -> Msg | str:
        """Return an action in words for `viewer` (a Msg): the one way the engine asks for a description.

        Any action text may be asked about, legal or not, of either player, naming any card: an
        action whose arguments a ruleset's `describe` cannot read is told in the generic words
        (`Controller.describe`), and a card name in the answer whose card `viewer` may not see is
        replaced by `card_ref`'s words for it, so no ruleset's description names a hidden card.
        """
        try:
            text = self.describe(s, a, viewer)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            try:
                text = ControllerWords.describe(self, s, a, viewer)
            except (KeyError, TypeError, ValueError, IndexError, AttributeError):
                text = a.kind.replace("_", " ")     # (an action's own name, as the controller spells it)
        return text if viewer is None else self._unseen_out(s, text, viewer)

    def _unseen_out(self, s: State, v: Any, viewer: int) -> Any:
        """Return `v` (a Msg, Term, tuple or text) with every card name `viewer` may not see replaced."""
        if isinstance(v, CardName):
            c = s.cards.get(v.uid)
            if c is not None and not self.visible(s, c, viewer):
                return self.card_ref(s, v.uid, viewer)
            return v
        if isinstance(v, Msg):
            args = tuple((k, self._unseen_out(s, x, viewer)) for k, x in v.args)
            return v if all(x is y for (_, x), (_, y) in zip(v.args, args)) else Msg(v.text, args)
        if isinstance(v, tuple):
            out = tuple(self._unseen_out(s, x, viewer) for x in v)
            return v if all(x is y for x, y in zip(v, out)) else out
        return v

    def describe(self, s: State, a: Action, viewer: int | None = None) -> str:
        """Return an action in words (a Msg), for menus and the log (the hook `describe_for` asks).

        The default names the action's kind (a manual move in words, anything else as its kind with
        its arguments, the cards among them named as `viewer` may see them).
        """
        if a.kind in self.MANUAL:
            return self.describe_manual(s, a, viewer)
        if a.kind == "choose_target":
            t = a.get("target")
            who = a.get("target_player")
            return msg("target: {target}", target=self.card_ref(s, t, viewer) if t in s.cards
                       else (f"P{who + 1}" if isinstance(who, int) else t))
        if a.kind == "skip_effect":
            return msg("skip this effect")
        parts: list[Any] = []
        for k, v in a.args:
            if isinstance(v, int) and not isinstance(v, bool) and v in s.cards and k in (
                    "card", "target", "attacker", "blocker", "host", "defender", "wall"):
                parts.append(self.card_ref(s, v, viewer))
            elif isinstance(v, tuple) and all(isinstance(x, int) and x in s.cards for x in v) and v:
                parts.append(tuple(self.card_ref(s, x, viewer) for x in v))
            else:
                parts.append(f"{k} {v}")
        out = a.kind.replace("_", " ")   # an action's own name, as the controller spells it
        for part in parts:
            out = msg("{a} {b}", a=out, b=part)
        return out

    def describe_manual(self, s: State, a: Action, viewer: int | None = None) -> str:
        """Return a manual move in words (a Msg)."""
        k = a.kind
        card = a.get("card")
        ref = self.card_ref(s, card, viewer) if card in s.cards else card
        if k == "m_move":
            return msg("move {card} to {zone}", card=ref, zone=self.zone_label(a["to"]) if a.get("to") in s.zones
                       else a.get("to"))
        if k == "m_top":
            return msg("move the top card of {zone} to {to}", zone=self._zone_or_key(s, a.get("zone")),
                       to=self._zone_or_key(s, a.get("to")))
        if k in ("m_tap", "m_untap"):
            return msg("{word}: {card}", word=self.rs.word("tap" if k == "m_tap" else "untap"), card=ref)
        if k == "m_flip":
            return msg("turn {card} over", card=ref)
        if k == "m_count":
            return msg("{name} {delta:+d} on {card}", name=self.counter_word(a.get("name")),
                       delta=a.get("delta", 1), card=ref)
        if k == "m_shuffle":
            return msg("shuffle {zone}", zone=self._zone_or_key(s, a.get("zone")))
        if k == "m_hp":
            p = a.get("target", a.player)
            return msg("{player} {value} {delta:+d}", player=player_name(p), value=a.get("value", "hp"),
                       delta=a.get("delta", 0))
        return msg("pass the turn")

    def _zone_or_key(self, s: State, key: Any) -> Any:
        return self.zone_label(key) if key in s.zones else key

    def counter_word(self, name: Any) -> Any:
        """Return a counter's name as the ruleset words it (`counter.<name>` in its words), or the name."""
        return self.rs.words.get("counter." + name, name) if isinstance(name, str) else name

    # --- table operations shared by every ruleset -----------------------------------------
    def name(self, s: State, uid: int) -> str:
        return self.rs.cards[s.cards[uid].cid].name

    def card_ref(self, s: State, uid: int, viewer: int | Literal["all"] | None) -> Term | Msg:
        """Return how a message refers to card `uid`: the only way a card enters a message.

        Its name (a Term: the English name where the card has one, the printed name in Japanese) when
        `viewer` may see the card: `viewer` a player, None for a reader who sees everything (a replay),
        or "all" for a line everyone reads (named only when both players see the card). Otherwise a
        face-down card in its zone, never its name.
        """
        c = s.cards[uid]
        if viewer is None:
            named = True
        elif viewer == "all":
            pair = self.seen_by(s, c)
            named = pair[0] and pair[1]
        else:
            named = self.visible(s, c, viewer)
        if named:      # a CardName remembers its card (describe_for checks it): kept per (card id, uid)
            key = (c.cid, uid)
            got = self._words.get(key)
            if got is None:
                d = self.rs.cards[c.cid]
                got = self._words[key] = CardName(d.name_en or d.name, d.name, uid)
            return got
        spot = ("face-down", c.zone)
        got = self._words.get(spot)
        if got is None:
            got = self._words[spot] = msg("a face-down card ({zone})", zone=self.zone_label(c.zone))
        return got

    def card_label(self, s: State, uid: int, viewer: int | None) -> str:
        """Return the card's name if `viewer` may see it, else a neutral description (see card_ref)."""
        return self.card_ref(s, uid, viewer)

    def zone_label(self, key: str) -> str:
        """Return a zone's name in words (a Msg): "P1 Deck", or the shared zone's name."""
        got = self._words.get(("zone", key))
        if got is None:
            owner, name = split_key(key)
            spec = self.rs.zones.get(name)
            label = spec.term if spec else name
            got = label if owner is None else msg("{player} {zone}", player=player_name(owner), zone=label)
            self._words[("zone", key)] = got
        return got
