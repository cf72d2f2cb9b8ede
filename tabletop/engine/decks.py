"""Decks as players build them: the deck model, its rule problems, plain-text lists, the user's folder.

A `Deck` holds the sections of any ruleset's shape (senkai's main and mana decks, fourdeck's four
decks, ijinden's side deck, danmaku's side cards) as ordered {card id: count} maps, and answers the
deck editor's questions live: `problems()` (every deck rule broken, each with its rule id),
`curve()` and `breakdown()` (the data of its charts), `add`/`remove`/`count`/`total`.

Text lists are what card players paste between tools, one card a line ("2 鬼の咆哮"); see
docs/decks.md for the format. User decks are deck YAML files in the user's config folder
(`decks/<ruleset>/<name>.yaml`); a shipped deck is never overwritten. No pygame here.
"""
from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .atomic import write_atomic
from .userdirs import config_dir
from .errors import DataError, DataErrors, TabletopError
from .msg import Msg, msg
from .ruleset import DeckList, Ruleset, deck_from_data, deck_rule_problems, load_deck
from .yamlio import load_yaml

_RULE_AT_END = re.compile(r"\s*\(([A-Z]{1,4}-[A-Z]\d+[a-z]?)\)\s*$")
_RULE_ANYWHERE = re.compile(r"\b([A-Z]{1,4}-[RD]\d+[a-z]?)\b")
NO_RULE = "deck"   # the rule id shown when a ruleset names none for a check
_NAME = re.compile(r"^[\w][\w\- ]{0,63}$")


class DeckError(TabletopError):
    """A deck operation the model refuses (unknown card, bad name, a shipped deck's name); `message` is a Msg."""

    def __init__(self, message: Msg):
        self.message = message
        super().__init__(str(message))


@dataclass(frozen=True)
class Problem:
    """One deck rule a deck breaks: `rule` its id ("SK-R2"), `what` the problem, where it lies."""

    rule: str
    what: Msg
    section: str | None = None
    card: str | None = None

    @property
    def message(self) -> Msg:
        """Return the problem as the editor shows it: "SK-R2: kappa: 3 copies, at most 2 allowed"."""
        return msg("{rule}: {what}", rule=self.rule, what=self.what)

    def __str__(self) -> str:
        return str(self.message)


def split_rule(text: str) -> tuple[str, str]:
    """Split a controller's deck message into (rule id, text without a trailing "(rule)")."""
    m = _RULE_AT_END.search(text)
    if m:
        return m.group(1), text[:m.start()]
    m = _RULE_ANYWHERE.search(text)
    return (m.group(1) if m else NO_RULE), text


class Deck:
    """A deck being built: for each section of the ruleset, an ordered {card id: count}."""

    def __init__(self, rs: Ruleset, name: str = "", title: str = "", description: str = "",
                 sections: dict | None = None):
        self.rs = rs
        self.name = name
        self.title = title
        self.description = description
        self.sections: dict[str, dict[str, int]] = {sec: {} for sec in rs.deck}
        for sec, rows in (sections or {}).items():
            for cid, n in (rows.items() if isinstance(rows, dict) else rows):
                self.add(cid, sec, n)

    # --- conversions ---------------------------------------------------------------------------
    @classmethod
    def from_list(cls, rs: Ruleset, deck: DeckList) -> "Deck":
        """Return an editable copy of a loaded deck (shipped, user or from a save)."""
        d = cls(rs, deck.name, deck.title, deck.description)
        for sec, rows in deck.sections.items():
            if sec not in rs.deck:
                raise DeckError(msg("the deck has a section {section!r} that {ruleset} does not have",
                                    section=sec, ruleset=rs.id))
            for cid, n, _ in rows:
                d.add(cid, sec, n)
        return d

    @classmethod
    def load(cls, path, rs: Ruleset) -> "Deck":
        """Read a deck file for editing: its shape, ids and counts are checked, not the deck rules."""
        raw = load_yaml(path)
        if not isinstance(raw, dict):
            raise DataError(path, 1, "a deck file must be a mapping (name, sections of card: count)")
        return cls.from_list(rs, deck_from_data(raw, path, rs, check_rules=False))

    def to_list(self, path: str = "<deck editor>") -> DeckList:
        """Return the deck as a DeckList (what Game.new takes); rows are numbered 2, 3... in order."""
        rows: dict[str, list[tuple[str, int, int]]]
        rows, line = {}, 2
        for sec, cards in self.sections.items():
            rows[sec] = []
            for cid, n in cards.items():
                rows[sec].append((cid, n, line))
                line += 1
        return DeckList(self.name, path, rows, self.title or self.name, self.description)

    def to_yaml(self) -> str:
        """Return the deck as a deck file (the format of rulesets/<id>/decks/*.yaml)."""
        body: dict = {"name": self.name}
        if self.title:
            body["title"] = self.title
        if self.description:
            body["description"] = self.description
        for sec, spec in self.rs.deck.items():
            if self.sections[sec] or spec["required"]:
                body[sec] = dict(self.sections[sec])
        return yaml.safe_dump(body, allow_unicode=True, sort_keys=False, default_flow_style=False, width=100)

    def copy(self) -> "Deck":
        return Deck(self.rs, self.name, self.title, self.description, self.sections)

    def __eq__(self, other) -> bool:
        """Return whether both hold the same cards in the same sections, in the same order."""
        return (isinstance(other, Deck) and self.rs.id == other.rs.id
                and {s: list(c.items()) for s, c in self.sections.items()}
                == {s: list(c.items()) for s, c in other.sections.items()})

    def __repr__(self) -> str:
        sizes = ", ".join(f"{s} {self.total(s)}" for s in self.sections)
        return f"<Deck {self.rs.id}/{self.name or '?'}: {sizes}>"

    # --- editing -------------------------------------------------------------------------------
    def home_section(self, cid: str) -> str:
        """Return the section a card goes in when none is named: the first whose rules take it."""
        card = self._card(cid)
        home = card.get("deck_section")
        if isinstance(home, str) and home in self.rs.deck:
            return home
        for sec, spec in self.rs.deck.items():
            if spec.get("kinds") and card.kind not in spec["kinds"]:
                continue
            if card.side_only and sec != "side":
                continue
            if any(card.get(f) != want for f, want in spec["where"].items()):
                continue
            return sec
        return next(iter(self.rs.deck))

    def add(self, cid: str, section: str | None = None, n: int = 1) -> str:
        """Add `n` copies of a card (to its home section unless one is named); return the section.

        The deck rules are not enforced here: a deck may break them while it is being built, and
        `problems()` says which.
        """
        self._card(cid)
        sec = section or self.home_section(cid)
        if sec not in self.sections:
            raise DeckError(msg("{ruleset} decks have no section {section!r} (sections: {known})",
                                ruleset=self.rs.id, section=sec, known=", ".join(self.sections)))
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise DeckError(msg("the count must be a whole number of at least 1, found {n!r}", n=n))
        rows = self.sections[sec]
        rows[cid] = rows.get(cid, 0) + n
        return sec

    def remove(self, cid: str, section: str | None = None, n: int = 1) -> int:
        """Remove up to `n` copies (from the named section, else from the last one holding it); return how many."""
        secs = [section] if section else [s for s in reversed(self.sections) if cid in self.sections[s]]
        removed = 0
        for sec in secs:
            rows = self.sections.get(sec, {})
            take = min(n - removed, rows.get(cid, 0))
            if take:
                rows[cid] -= take
                removed += take
                if rows[cid] == 0:
                    del rows[cid]
            if removed == n:
                break
        return removed

    def set_count(self, cid: str, section: str, n: int) -> None:
        """Set a card's count in a section (0 removes it), keeping its place in the list."""
        if n <= 0:
            self.sections.get(section, {}).pop(cid, None)
        elif cid in self.sections.get(section, {}):
            self.sections[section][cid] = n
        else:
            self.add(cid, section, n)

    def count(self, cid: str, section: str | None = None) -> int:
        """Return how many copies of the card the section (or the whole deck) holds."""
        secs = [section] if section else list(self.sections)
        return sum(self.sections.get(s, {}).get(cid, 0) for s in secs)

    def total(self, section: str | None = None) -> int:
        secs = [section] if section else list(self.sections)
        return sum(sum(self.sections.get(s, {}).values()) for s in secs)

    def cards(self, section: str | None = None) -> list[tuple[str, str, int]]:
        """Return (section, card id, count) rows in list order."""
        secs = [section] if section else list(self.sections)
        return [(s, cid, n) for s in secs for cid, n in self.sections.get(s, {}).items()]

    def _card(self, cid: str):
        card = self.rs.cards.get(cid)
        if card is None:
            raise DeckError(msg("{ruleset} has no card {card!r}", ruleset=self.rs.id, card=cid))
        return card

    # --- the rules -------------------------------------------------------------------------------
    def problems(self) -> list[Problem]:
        """Return every deck rule the deck breaks: the generic rules of ruleset.yaml, then the controller's."""
        dl = self.to_list()
        where = {line: (sec, cid) for sec, rows in dl.sections.items() for cid, _, line in rows}
        out = []
        for line, rule, what in deck_rule_problems(dl, self.rs):
            sec, cid = where.get(line, (None, None))
            named = what.get("card")
            if named in self.rs.cards:   # a player reads the card's name; the deck file's message has its id
                what = msg(what.text, **{**dict(what.args), "card": self.rs.cards[named].name})
            out.append(Problem(rule or NO_RULE, what, sec, named if named in self.rs.cards else None))
        from .controller import controller_class  # here: controllers import the ruleset module
        cls = controller_class(self.rs.controller, missing_ok=True)
        for line, text in (cls.check_deck(dl, self.rs) if cls is not None else []):
            if isinstance(text, Msg) and text.get("rule"):
                rule, what = str(text.get("rule")), text
            else:   # a controller's English text ending in "(FD-R6)"
                rule, rest = split_rule(str(text))
                what = msg(rest)
            sec, cid = where.get(line, (None, None))
            shown = str(what)
            card = cid if cid and (cid in shown or self.rs.cards[cid].name in shown) else None
            out.append(Problem(rule, what, sec, card))
        return out

    def is_legal(self) -> bool:
        return not self.problems()

    # --- chart data ----------------------------------------------------------------------------
    def curve_field(self) -> str | None:
        """Return the card field the curve counts: parameters.deck_curve, else an int `cost`, else `level`."""
        chosen = self.rs.parameters.get("deck_curve")
        if chosen:
            return str(chosen)
        for name in ("cost", "level"):
            if any(k["fields"].get(name, {}).get("type") == "int" for k in self.rs.card_kinds.values()):
                return name
        return None

    def curve(self, section: str | None = None) -> dict:
        """Return the cost curve: {"field", "label", "bins": [(value, count)] in value order, "none": count}.

        "none" counts cards without that field (senkai's mana cards, danmaku's characters).
        """
        fname = self.curve_field()
        label = fname or ""
        for k in self.rs.card_kinds.values():
            if fname in k["fields"] and k["fields"][fname].get("label"):
                label = k["fields"][fname]["label"]
                break
        bins: dict = {}
        none = 0
        for _, cid, n in self.cards(section):
            v = self.rs.cards[cid].get(fname) if fname else None
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                bins[v] = bins.get(v, 0) + n
            else:
                none += n
        return {"field": fname, "label": label, "bins": sorted(bins.items()), "none": none}

    def breakdown(self, section: str | None = None) -> list[dict]:
        """Return the type breakdown: one {"kind", "label", "label_en", "count"} per card kind, ruleset order."""
        counts: dict[str, int] = {}
        for _, cid, n in self.cards(section):
            kind = self.rs.cards[cid].kind
            counts[kind] = counts.get(kind, 0) + n
        return [{"kind": k, "label": spec["label"], "label_en": spec["label_en"] or k, "count": counts[k]}
                for k, spec in self.rs.card_kinds.items() if counts.get(k)]


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
    out: dict[str, str] = {}
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


def delete_user_deck(rs: Ruleset, name: str) -> bool:
    """Delete the user's deck `name`; return whether there was one (shipped decks are never touched)."""
    p = find_user_deck(rs, name)
    if p is None:
        return False
    p.unlink()
    return True


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
