"""Errors the engine raises. Every one carries a message meant for a person."""
from __future__ import annotations


QUOTE_MAX = 200   # characters of a value a message quotes (a 5 MB card name is not echoed whole)


def clip(text, limit: int = QUOTE_MAX) -> str:
    """Return `text` cut to `limit` characters, saying how much was left out (for quoting in a message)."""
    text = str(text)
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… (+{len(text) - limit:,} characters)"


class TabletopError(Exception):
    """Base of every error tabletop reports to a user instead of a traceback."""


class DataError(TabletopError):
    """A data file (YAML, deck, scenario, save) is wrong: `path:line: what is wrong`."""

    def __init__(self, path, line: int | None, message: str):
        self.path = clip(path, 1000)
        self.line = line
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: {self.message}"


class DataErrors(TabletopError):
    """Several DataErrors found in one pass (validation reports them all at once)."""

    def __init__(self, errors: list[DataError]):
        self.errors = list(errors)
        super().__init__("\n".join(str(e) for e in self.errors))


class IllegalAction(TabletopError):
    """An action the rules refuse. The game state is left exactly as it was."""

    def __init__(self, reason: str, action=None):
        self.reason = reason
        self.action = action
        super().__init__(reason)


class SaveError(TabletopError):
    """A save file that cannot be read: corrupt, truncated, of another version, or not matching its replay."""
