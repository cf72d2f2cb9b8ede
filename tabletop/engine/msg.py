"""Messages for people: an English text with {named} fields (the catalogue key) and the values to fill it.

This is gettext's way: the English text is the key a translator looks up, so code reads as it did and a
missing translation falls back to readable English. Engine, controllers and bots build messages with
`msg("{card} attacks P{n}", card=..., n=2)`; the interface renders them in the chosen language (each value
rendered too: a Msg inside a Msg). `str(m)` is the English rendering, for logs, tests and the CLI.
"""
from __future__ import annotations

from typing import NamedTuple


class Msg(NamedTuple):
    """A message: `text` is the English source with {named} fields, `args` its (name, value) pairs."""

    text: str
    args: tuple = ()

    def get(self, name: str, default=None):
        """Return the value of field `name` (or `default`)."""
        for k, v in self.args:
            if k == name:
                return v
        return default

    def __str__(self) -> str:
        if not self.args:
            return self.text
        return self.text.format(**{k: str(v) for k, v in self.args})


def msg(text: str, **args) -> Msg:
    """Build a message; the values are kept in name order, so equal messages compare and hash equal."""
    return Msg(text, tuple(sorted(args.items())))
