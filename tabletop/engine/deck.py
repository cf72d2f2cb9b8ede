"""One deck as a player builds it: the deck model and the deck rules it breaks.

A `Deck` holds the sections of any ruleset's shape (senkai's main and mana decks, fourdeck's four
decks, ijinden's side deck, danmaku's side cards) as ordered {card id: count} maps, and answers the
deck editor's questions live: `problems()` (every deck rule broken, each with its rule id),
`curve()` and `breakdown()` (the data of its charts), `add`/`remove`/`count`/`total`. No pygame here.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import yaml

from .errors import DataError, TabletopError
from .msg import Msg, msg
from .ruleset import DeckList, Ruleset, deck_from_data, deck_rule_problems
from .yamlio import load_yaml

_RULE_AT_END = re.compile(r"\s*\(([A-Z]{1,4}-[A-Z]\d+[a-z]?)\)\s*$")
_RULE_ANYWHERE = re.compile(r"\b([A-Z]{1,4}-[RD]\d+[a-z]?)\b")
NO_RULE = "deck"   # the rule id shown when a ruleset names none for a check


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
        from .controller import (
            controller_class,  # here: controllers import the ruleset module
        )
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
