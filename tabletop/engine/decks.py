"""Decks as players keep them: plain-text lists and the user's folder (the model is deck.py).

Text lists are what card players paste between tools, one card a line ("2 鬼の咆哮"); see
docs/decks.md for the format. User decks are deck YAML files in the user's config folder
(`decks/<ruleset>/<name>.yaml`); a shipped deck is never overwritten. No pygame here.

`Deck`, `DeckError`, `Problem` and `split_rule` (deck.py) are importable from here too.
"""
from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from .atomic import write_atomic
from .deck import Deck, DeckError, Problem, split_rule  # noqa: F401  (the model, importable from here too)
from .errors import DataError, DataErrors
from .msg import msg
from .ruleset import Ruleset, load_deck
from .userdirs import config_dir
from .yamlio import load_yaml

_NAME = re.compile(r"^[\w][\w\- ]{0,63}$")


# --- plain-text lists ---------------------------------------------------------------------------
_COUNT_FIRST = re.compile(r"^(\d+)\s*[x×]?\s+(\S.*)$", re.IGNORECASE)
_COUNT_LAST = re.compile(r"^(\S.*?)\s+[x×](\d+)$", re.IGNORECASE)
_SECTION_ALIASES = {"main": ("deck", "main deck", "maindeck", "main"), "side": ("sideboard", "side deck", "side")}


def _norm(text: str) -> str:
    """Return text as lists are compared: NFKC (full-width digits and letters), case-folded, one space."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def card_index(rs: Ruleset) -> dict[str, list[str]]:
    """Return {normalised name, English name or id: [card ids]} (a list: two cards may share a name)."""
    index: dict[str, list[str]] = {}
    for cid, card in rs.cards.items():
        for key in {_norm(card.name), _norm(card.name_en) if card.name_en else "", _norm(cid)} - {""}:
            index.setdefault(key, []).append(cid)
    return index


def section_header(rs: Ruleset, sec: str) -> str:
    """Return the header a text list writes before a section: its English label, else its id ("Mana deck:")."""
    spec = rs.deck[sec]
    return f"{spec.get('label_en') or sec.capitalize()}:"


def _section_index(rs: Ruleset) -> dict[str, str]:
    out = {}
    for sec, spec in rs.deck.items():
        names = {sec, spec["label"], spec.get("label_en") or "", section_header(rs, sec)[:-1],
                 *_SECTION_ALIASES.get(sec, ())}
        for n in names - {""}:
            out.setdefault(_norm(n), sec)
    return out


def export_text(deck: Deck, english: bool = False) -> str:
    """Return the deck as a text list: "2 鬼の咆哮" a line, a header before each section.

    A ruleset with one section gets no header. A name two cards share is written as the card id,
    so that the list reads back to the same cards.
    """
    rs = deck.rs
    index = card_index(rs)
    lines = [f"# {deck.title or deck.name} ({rs.id})"] if (deck.title or deck.name) else []
    many = len(rs.deck) > 1
    for sec, spec in rs.deck.items():
        rows = deck.sections[sec]
        if not rows:
            continue
        if many:
            if lines:
                lines.append("")
            lines.append(section_header(rs, sec))
        for cid, n in rows.items():
            card = rs.cards[cid]
            name = card.name_en if english and card.name_en else card.name
            if index.get(_norm(name)) != [cid]:
                name = cid
            lines.append(f"{n} {name}")
    return "\n".join(lines) + "\n"


def parse_text(text: str, rs: Ruleset, path="<text>", name: str = "") -> tuple[Deck, list[DataError]]:
    """Read a text list into a Deck; return it with every line that could not be read.

    Each bad line (unknown card, odd count, unknown section header) is a DataError naming the
    path and line, with the closest card names as a suggestion; the good lines are kept.
    """
    index = card_index(rs)
    headers = _section_index(rs)
    deck = Deck(rs, name)
    errors: list[DataError] = []
    sec = next(iter(rs.deck))
    for i, raw in enumerate(text.splitlines(), start=1):
        line = unicodedata.normalize("NFKC", raw).strip().lstrip("\ufeff")
        if not line or line.startswith("#") or line.startswith("//"):
            continue
        if line.endswith(":") and _norm(line) not in index:
            key = _norm(line[:-1])
            if key in headers:
                sec = headers[key]
            else:
                known = ", ".join(section_header(rs, s) for s in rs.deck)
                errors.append(DataError(path, i, msg("unknown section {header!r} (the sections of {ruleset}: {known})",
                                                     header=raw.strip(), ruleset=rs.id, known=known)))
            continue
        m = _COUNT_FIRST.match(line) or None
        if m and _norm(line) not in index:
            n, cname = int(m.group(1)), m.group(2)
        elif (m2 := _COUNT_LAST.match(line)) and _norm(line) not in index:
            n, cname = int(m2.group(2)), m2.group(1)
        else:
            n, cname = 1, line
        if n < 1:
            errors.append(DataError(path, i, msg("{card}: the count must be at least 1, found {n}", card=cname, n=n)))
            continue
        ids = index.get(_norm(cname), [])
        if not ids:
            close = difflib.get_close_matches(_norm(cname), list(index), n=3, cutoff=0.6)
            hint = msg(" (did you mean {names}?)", names=" / ".join(rs.cards[index[c][0]].name for c in close)) if close else ""
            errors.append(DataError(path, i, msg("unknown card {card!r} in {ruleset}{hint}", card=cname, ruleset=rs.id,
                                                 hint=hint)))
            continue
        if len(ids) > 1:
            errors.append(DataError(path, i, msg("{card!r} names several cards ({ids}): write the card id instead",
                                                 card=cname, ids=", ".join(ids))))
            continue
        deck.add(ids[0], sec, n)
    return deck, errors


def import_text(text: str, rs: Ruleset, path="<text>", name: str = "") -> Deck:
    """Read a text list into a Deck; raise DataError(s) naming every line that could not be read."""
    deck, errors = parse_text(text, rs, path, name)
    if errors:
        raise DataErrors(errors) if len(errors) > 1 else errors[0]
    return deck


def read_text_file(path) -> str:
    """Read a text list file (UTF-8, with or without a byte-order mark); a read problem is a DataError."""
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise DataError(path, None, "file not found") from None
    except UnicodeDecodeError as e:
        raise DataError(path, None, f"not UTF-8 text ({e.reason})") from None
    except OSError as e:
        raise DataError(path, None, f"cannot read: {e.strerror}") from None


# --- the user's decks ---------------------------------------------------------------------------


def user_decks_dir(ruleset_id: str) -> Path:
    """Return the folder of the user's decks of one ruleset: <config>/decks/<ruleset>/ (may not exist yet)."""
    return config_dir() / "decks" / ruleset_id


def check_deck_name(name: str) -> None:
    """Raise DeckError unless `name` can be a deck's name and file name (letters, digits, _, - and spaces)."""
    if not isinstance(name, str) or not _NAME.match(name) or name != name.strip():
        raise DeckError(msg("{name!r} cannot be a deck name: use up to 64 letters, digits, '_', '-' or spaces, "
                            "starting with a letter or digit", name=name))


def find_user_deck(rs: Ruleset, name: str) -> Path | None:
    """Return the file of the user's deck `name` of this ruleset (by file name, then by its `name:`), or None."""
    try:
        check_deck_name(name)
    except DeckError:
        return None
    folder = user_decks_dir(rs.id)
    p = folder / f"{name}.yaml"
    if p.is_file():
        return p
    for q in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        try:
            raw = load_yaml(q)
        except DataError:
            continue
        if isinstance(raw, dict) and raw.get("name") == name:
            return q
    return None


def save_user_deck(deck: Deck, overwrite: bool = False) -> Path:
    """Write the deck to the user's folder, atomically; return its path.

    A deck that breaks the deck rules is saved too (a draft; games refuse it until it is fixed).
    Refused: a bad name, the name of a shipped deck of the ruleset (those are never overwritten),
    and an existing user deck of that name unless `overwrite`.
    """
    check_deck_name(deck.name)
    rs = deck.rs
    if deck.name in rs.decks:
        raise DeckError(msg("{name!r} is a deck shipped with {ruleset}: save yours under another name",
                            name=deck.name, ruleset=rs.id))
    path = user_decks_dir(rs.id) / f"{deck.name}.yaml"
    if path.exists() and not overwrite:
        raise DeckError(msg("you already have a {ruleset} deck named {name!r} ({path})", ruleset=rs.id,
                            name=deck.name, path=str(path)))
    try:
        write_atomic(path, deck.to_yaml())
    except OSError as e:
        raise DataError(path, None, f"cannot write the deck: {e.strerror or e}") from None
    return path


@dataclass
class DeckEntry:
    """One deck a player can pick: `source` is "shipped" or "user"; `problems` why a game would refuse it."""

    name: str
    title: str
    source: str
    path: Path
    problems: list = field(default_factory=list)

    @property
    def playable(self) -> bool:
        return not self.problems


def list_decks(rs: Ruleset) -> list[DeckEntry]:
    """Return every deck of the ruleset a player can pick: shipped (starters first), then the user's, by name.

    A user deck whose name a shipped deck also has is listed but not playable by name (the shipped
    one wins, see `resolve_deck`); a user deck that does not load or breaks the rules carries its problems.
    """
    out = []
    for name in sorted(rs.decks, key=lambda d: (d not in rs.starter_decks, d)):
        d = rs.decks[name]
        out.append(DeckEntry(name, d.title or name, "shipped", Path(d.path)))
    folder = user_decks_dir(rs.id)
    for p in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        try:
            dl = load_deck(p, rs)
            entry = DeckEntry(dl.name, dl.title or dl.name, "user", p)
        except DataErrors as e:
            entry = DeckEntry(p.stem, p.stem, "user", p, [str(x) for x in e.errors])
        except DataError as e:
            entry = DeckEntry(p.stem, p.stem, "user", p, [str(e)])
        if entry.name in rs.decks:
            entry.problems.append(msg("{name!r} is also a shipped deck's name: by name, the shipped deck is "
                                      "picked", name=entry.name))
        out.append(entry)
    return out
