"""Actions (what a player does) and Events (what happened, in words).

An Action is a small frozen value with a readable text form that parses back:
``p1 attack card=17 target=23``; ``p2 pay cards=3,5,9``; ``p1 end``. Players are 0 and 1 inside,
``p1``/``p2`` in text. Argument values are ints, identifiers or tuples of ints.
"""
from __future__ import annotations

import re
from collections import namedtuple
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .msg import from_json, to_json

_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_.\-]*$")


def _fmt(v: Any) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, tuple):
        return ",".join(str(x) for x in v) if v else "-"
    return str(v)


def _parse_value(text: str) -> Any:
    if text == "-":
        return ()
    if "," in text:
        return tuple(int(x) for x in text.split(","))
    if text == "yes":
        return True
    if text == "no":
        return False
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return text


class Action(namedtuple("ActionTuple", "kind player args", defaults=((),))):
    """One thing a player does. `args` are (name, value) pairs, kept sorted by name.

    A named tuple underneath, so that comparing and hashing the few dozen candidates of every
    position happens in C (the engine's hottest path). Read it as `a.kind`, `a.player`, `a.args`,
    and an argument as `a["card"]` or `a.get("card")`.
    """

    __slots__ = ()

    if TYPE_CHECKING:   # the tuple's fields, as the type checker should read them
        kind: str
        player: int
        args: tuple[tuple[str, Any], ...]

    def __repr__(self) -> str:
        return f"Action(kind={self.kind!r}, player={self.player!r}, args={self.args!r})"

    @classmethod
    def make(cls, kind: str, player: int, **kwargs: Any) -> "Action":
        """Build an action from keyword arguments (lists become tuples)."""
        # Hot path: controllers build every candidate with it, so the common case stays cheap.
        for k, v in kwargs.items():
            if type(v) is list:
                kwargs[k] = tuple(v)
        args = tuple(sorted(kwargs.items())) if len(kwargs) > 1 else tuple(kwargs.items())
        return cls(kind, player, args)

    def get(self, name: str, default: Any = None) -> Any:
        for k, v in self.args:
            if k == name:
                return v
        return default

    def __getitem__(self, name: str) -> Any:  # type: ignore[override]  # by argument name, not index
        for k, v in self.args:
            if k == name:
                return v
        raise KeyError(name)

    def with_args(self, **kwargs: Any) -> "Action":
        """Return a copy with some arguments replaced or added."""
        d = dict(self.args)
        d.update(kwargs)
        return Action.make(self.kind, self.player, **d)

    def __str__(self) -> str:
        kind, player, args = self
        text = f"p{player + 1} {kind}"
        for k, v in args:
            text += f" {k}={v}" if type(v) is int or type(v) is str else f" {k}={_fmt(v)}"
        return text

    @classmethod
    def parse(cls, text: str) -> "Action":
        """Parse the text form back into an Action; raise ValueError naming what is wrong."""
        words = text.split()
        if len(words) < 2:
            raise ValueError(f"not an action: {text!r} (expected 'p1 KIND [name=value ...]')")
        m = re.fullmatch(r"p([12])", words[0])
        if not m:
            raise ValueError(f"not an action: {text!r} (it must start with p1 or p2)")
        kind = words[1]
        if not _IDENT.match(kind):
            raise ValueError(f"not an action: {text!r} (bad kind {kind!r})")
        kwargs: dict[str, Any] = {}
        for w in words[2:]:
            if "=" not in w:
                raise ValueError(f"not an action: {text!r} (argument {w!r} is not name=value)")
            k, v = w.split("=", 1)
            kwargs[k] = _parse_value(v)
        return cls.make(kind, int(m.group(1)) - 1, **kwargs)


@dataclass(slots=True)
class Event:
    """What happened, in words, for the log panel and for animations.

    `text` is what everyone may read: a Msg (rendered in the reader's language when shown) or a
    plain string. `private` maps a player to the fuller text only they may read (e.g. the name of
    the card they drew). `data` carries public facts for the UI (card ids that moved, zones, a
    coin's result) and never a hidden identity.
    """

    kind: str
    text: str
    private: dict[int, str] = field(default_factory=dict)
    data: dict[str, Any] = field(default_factory=dict)

    def text_for(self, player: int | None) -> str:
        if player is not None and player in self.private:
            return self.private[player]
        return self.text

    def to_dict(self) -> dict:
        """Return the event as JSON data; messages as {"msg": English text, "args": {...}} (see msg.to_json)."""
        d = {"kind": self.kind, "text": to_json(self.text)}
        if self.private:
            d["private"] = {str(k): to_json(v) for k, v in self.private.items()}
        if self.data:
            d["data"] = self.data
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "Event":
        """Read an event written by to_dict (older saves hold plain strings: they stay strings)."""
        return cls(d["kind"], from_json(d["text"]), {int(k): from_json(v) for k, v in d.get("private", {}).items()},
                   d.get("data", {}))
