"""Messages for people: an English text with {named} fields (the catalogue key) and the values to fill it.

This is gettext's way: the English text is the key a translator looks up, so code reads as it did and a
missing translation falls back to readable English. Engine, controllers and bots build messages with
`msg("{card} attacks P{n}", card=..., n=2)`; the interface renders them in the chosen language
(`tabletop.i18n.render`), each value rendered too: a Msg inside a Msg, a `Term` in its language.

A Msg is built lazily: `msg()` only keeps the text and the values; the English rendering is
formatted (once) when someone reads it (`str(m)`, an f-string, a comparison, a `str` method). The
engine builds thousands of messages a game (every refused check's reason, every log line) and nobody
reads most of them, so the hot path formats nothing. A Msg behaves as the text it renders to: `==`
and `hash` follow the English rendering, `in`, `len`, `+`, `%`, slicing and the `str` methods work
on it, `str(m)` is the English text. It is not a `str` subclass (a `str`'s value is fixed when it is
made), so code that needs a real string (a file, `"".join`, pygame) asks for `str(m)`, or better
`tabletop.i18n.render(m, lang)`.

A `Term` is a word given in both languages by data (a ruleset's zone label or phase name, a card's
printed and English name); it is a `str` whose value is the English word.

A card enters a message only as a Term made by `Controller.card_ref` (a `CardName`, which remembers
its card), which names the card only to a viewer who may see it, so a message never names a hidden
card; `Controller.describe_for` checks every name in a description against its reader once more.

Messages travel in saves as readable JSON: `to_json`/`from_json` (see docs/ui.md).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator


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


_new = object.__new__

if TYPE_CHECKING:       # a Msg behaves as the English text it renders to (below): typed as a str
    _TextBase = str
else:
    _TextBase = object


class Msg(_TextBase):
    """A message: `text` is the English source with {named} fields, `args` its (name, value) pairs.

    Its English rendering (`str(m)`) is formatted on first use and kept.
    """

    __slots__ = ("text", "_args", "_kw", "_en")
    text: str
    _args: tuple[tuple[str, Any], ...] | None
    _kw: dict[str, Any] | None
    _en: str | None

    def __new__(cls, text: str, args: tuple = ()) -> Msg:
        self = object.__new__(cls)
        self.text = text
        self._args = tuple(args)
        self._kw = None
        self._en = None
        return self

    @property
    def args(self) -> tuple[tuple[str, Any], ...]:
        """The (name, value) pairs, in name order."""
        a = self._args
        if a is None:      # (_kw stays: a message may be read from two threads at once)
            kw = self._kw or {}
            a = self._args = tuple(sorted(kw.items())) if len(kw) > 1 else tuple(kw.items())
        return a

    def get(self, name: str, default: Any = None) -> Any:
        """Return the value of field `name` (or `default`)."""
        if self._kw is not None:
            return self._kw.get(name, default)
        for k, v in self._args or ():
            if k == name:
                return v
        return default

    def __str__(self) -> str:
        en = self._en
        if en is None:
            en = self._en = _english(self.text, self.args)
        return en

    def __repr__(self) -> str:
        inner = "".join(f", {k}={v!r}" for k, v in self.args)
        return f"msg({self.text!r}{inner})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Msg, (self.text, self.args))

    # --- behaving as the English text it renders to ---------------------------------------
    def __eq__(self, other: object) -> bool:
        if isinstance(other, Msg):
            if self is other or (self.text == other.text and self.args == other.args):
                return True
            return str(self) == str(other)
        if isinstance(other, str):
            return str(self) == other
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return hash(str(self))

    def __lt__(self, other: Any) -> Any:
        return str(self) < str(other) if isinstance(other, (str, Msg)) else NotImplemented

    def __le__(self, other: Any) -> Any:
        return str(self) <= str(other) if isinstance(other, (str, Msg)) else NotImplemented

    def __gt__(self, other: Any) -> Any:
        return str(self) > str(other) if isinstance(other, (str, Msg)) else NotImplemented

    def __ge__(self, other: Any) -> Any:
        return str(self) >= str(other) if isinstance(other, (str, Msg)) else NotImplemented

    def __bool__(self) -> bool:
        t = self.text     # literal text at either end: not empty, whatever the values
        return bool(t) and (t[0] != "{" or t[-1] != "}" or bool(str(self)))

    def __len__(self) -> int:
        return len(str(self))

    def __contains__(self, part: object) -> bool:
        return str(part) in str(self)

    def __iter__(self) -> Iterator[str]:
        return iter(str(self))

    def __getitem__(self, i: Any) -> str:
        return str(self)[i]

    def __add__(self, other: Any) -> str:
        return str(self) + (str(other) if isinstance(other, Msg) else other)

    def __radd__(self, other: Any) -> str:
        return other + str(self)

    def __mul__(self, n: Any) -> str:
        return str(self) * n

    def __mod__(self, values: Any) -> str:
        return str(self) % values

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __getattr__(self, name: str) -> Any:
        # The str methods (startswith, split, lower...) on the English text. Only names a str has:
        # anything else is a plain AttributeError.
        if name.startswith("__") or not hasattr(str, name):
            raise AttributeError(name)
        return getattr(str(self), name)


def msg(text: str, /, **args: Any) -> Msg:
    """Build a message; the values are kept in name order, so equal messages compare and hash equal.

    Nothing is formatted here: the English text is made when first read (see Msg).
    """
    m = _new(Msg)
    m.text, m._args, m._kw, m._en = text, None, args, None
    return m


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


def json_default(v: Any) -> str:
    """`json.dumps(..., default=json_default)`: a Msg left in plain data is written as its English text."""
    if isinstance(v, Msg):
        return str(v)
    raise TypeError(f"Object of type {type(v).__name__} is not JSON serializable")


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
