"""Messages for people: an English text with {named} fields (the catalogue key) and the values to fill it.

This is gettext's way: the English text is the key a translator looks up, so code reads as it did and a
missing translation falls back to readable English. Engine, controllers and bots build messages with
`msg("{card} attacks P{n}", card=..., n=2)`; the interface renders them in the chosen language
(`tabletop.i18n.render`), each value rendered too: a Msg inside a Msg, a `Term` in its language.

A Msg *is* its English rendering (a `str` subclass), so code that only prints, compares or searches
text keeps working unchanged, and `str(m)` is the English text. A `Term` is a word given in both
languages by data (a ruleset's zone label or phase name, a card's printed and English name); its
`str` is the English word.

A card enters a message only as a Term made by `Controller.card_ref` (a `CardName`, which remembers
its card), which names the card only to a viewer who may see it, so a message never names a hidden
card; `Controller.describe_for` checks every name in a description against its reader once more.

Messages travel in saves as readable JSON: `to_json`/`from_json` (see docs/ui.md).
"""
from __future__ import annotations

from typing import Any


def _plain(v: Any) -> Any:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, (tuple, list)):
        return ", ".join(str(x) for x in v)
    return v


def _english(text: str, args: tuple) -> str:
    if not args:
        return text
    try:
        return text.format(**{k: _plain(v) for k, v in args})
    except (KeyError, IndexError, ValueError):
        return text


class Msg(str):
    """A message: `text` is the English source with {named} fields, `args` its (name, value) pairs.

    Its string value is the English rendering.
    """

    text: str
    args: tuple[tuple[str, Any], ...]

    def __new__(cls, text: str, args: tuple = ()) -> Msg:
        args = tuple(args)
        self = str.__new__(cls, _english(text, args))
        self.text = text
        self.args = args
        return self

    def get(self, name: str, default: Any = None) -> Any:
        """Return the value of field `name` (or `default`)."""
        for k, v in self.args:
            if k == name:
                return v
        return default

    def __str__(self) -> str:
        return str.__str__(self)

    def __repr__(self) -> str:
        inner = "".join(f", {k}={v!r}" for k, v in self.args)
        return f"msg({self.text!r}{inner})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Msg, (self.text, self.args))


def msg(text: str, /, **args: Any) -> Msg:
    """Build a message; the values are kept in name order, so equal messages compare and hash equal."""
    return Msg(text, tuple(sorted(args.items())))


class Term(str):
    """A word given by data in both languages; its string value is the English word, `ja` the Japanese.

    `card` marks a card's name (printed as it is on the card, never translated by a catalogue).
    """

    ja: str
    card: bool

    def __new__(cls, en: str, ja: str | None = None, card: bool = False) -> Term:
        en = en or ja or ""
        self = str.__new__(cls, en)
        self.ja = ja or en
        self.card = card
        return self

    def by(self, lang: str) -> str:
        """Return the word in language `lang` ('en' or 'ja')."""
        return self.ja if lang == "ja" else str.__str__(self)

    def __str__(self) -> str:
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"Term({str.__str__(self)!r}, {self.ja!r}{', card=True' if self.card else ''})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Term, (str.__str__(self), self.ja, self.card))


# --- JSON (saves) -------------------------------------------------------------------------------
def to_json(v: Any) -> Any:
    """Return `v` as JSON data: a Msg as {"msg": text, "args": {...}}, a Term as {"term": {"en", "ja"}}.

    Dicts and lists are walked; anything else is returned as it is.
    """
    if isinstance(v, Msg):
        out: dict[str, Any] = {"msg": v.text}
        if v.args:
            out["args"] = {k: to_json(x) for k, x in v.args}
        return out
    if isinstance(v, Term):
        out = {"term": {"en": str.__str__(v), "ja": v.ja}}
        if v.card:
            out["card"] = True
        return out
    if isinstance(v, dict):
        return {k: to_json(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [to_json(x) for x in v]
    return v


def _arg(v: Any) -> Any:
    v = from_json(v)
    return tuple(v) if isinstance(v, list) else v


def from_json(v: Any) -> Any:
    """Undo `to_json` (plain strings, as older saves hold, come back as plain strings)."""
    if isinstance(v, dict):
        keys = v.keys()
        if "msg" in v and keys <= {"msg", "args"} and isinstance(v["msg"], str):
            args = v.get("args") or {}
            return Msg(v["msg"], tuple(sorted((k, _arg(x)) for k, x in args.items())))
        if "term" in v and keys <= {"term", "card"} and isinstance(v["term"], dict):
            t = v["term"]
            return Term(t.get("en", ""), t.get("ja"), bool(v.get("card")))
        return {k: from_json(x) for k, x in v.items()}
    if isinstance(v, list):
        return [from_json(x) for x in v]
    return v
