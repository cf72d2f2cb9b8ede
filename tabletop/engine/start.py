"""What starting a game needs, below `Game` and the scenario loader (both import it, it imports neither).

The zone keys of a two-player table, a ruleset's options with their defaults filled in, and a deck
named or given in any of the ways the CLI, the table and the tests give one.
"""
from __future__ import annotations

from pathlib import Path

from .errors import DataError
from .msg import msg
from .ruleset import DeckList, Ruleset, load_deck
from .state import zone_key


def zone_keys(rs: Ruleset) -> list[str]:
    """Return every zone key of a two-player table, in ruleset order."""
    keys = []
    for name, spec in rs.zones.items():
        if spec.shared:
            keys.append(zone_key(None, name))
        else:
            keys += [zone_key(0, name), zone_key(1, name)]
    return keys


def resolve_deck(rs: Ruleset, deck: DeckList | str | Path | None, seat: int) -> DeckList:
    """Accept a DeckList, a deck name, a path to a deck file, or None (starter deck).

    A name is looked up first among the ruleset's shipped decks, then among the user's decks
    (docs/decks.md), then taken as a file path.
    """
    if deck is None:
        return rs.starter(seat)
    if isinstance(deck, DeckList):
        return deck
    if isinstance(deck, str) and deck in rs.decks:
        return rs.decks[deck]
    from .decks import find_user_deck, list_decks   # the user's own decks come after the shipped ones
    mine = find_user_deck(rs, deck) if isinstance(deck, str) else None
    if mine is not None:
        return load_deck(mine, rs)
    path = Path(deck)
    if path.exists():
        return load_deck(path, rs)
    known = ", ".join(e.name for e in list_decks(rs))
    raise DataError(deck, None, msg("no deck named {deck!r} in {ruleset} (known: {known}) and no such file",
                                    deck=deck, ruleset=rs.id, known=known))


def resolve_options(rs: Ruleset, options: dict | None) -> dict:
    """Fill the ruleset's optional rules with their defaults; refuse unknown ones."""
    out = {k: v.get("default") for k, v in rs.options.items()}
    for k, v in (options or {}).items():
        if k not in rs.options:
            known = ", ".join(rs.options) or msg("none")
            raise DataError(rs.path / "ruleset.yaml", None, msg("unknown option {option!r} for {ruleset} (known: {known})",
                                                                option=k, ruleset=rs.id, known=known))
        out[k] = v
    return out
