"""Rulesets as data: `rulesets/<id>/ruleset.yaml`, `cards.yaml`, `decks/*.yaml`, `scenarios/*.yaml`.

Everything is validated once, here, with defaults filled in, so later code never checks for a
missing key. Every problem is reported as `path:line: what is wrong`.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from .errors import DataError, DataErrors, clip
from .msg import Msg, Term, msg
from .rulesetspec import (
    _CARD_COMMON,
    DEFAULT_WORDS,
    RULESET_SPEC,
    TABLE_OPTIONS,
    check_words,
)
from .yamlio import Checker, YList, YMap, load_yaml

# Where rulesets are found (re-exported: callers import them from here).
from .rulesetdirs import ROOT, folder_ruleset_id, ruleset_dir, ruleset_ids, rulesets_dirs  # noqa: E402,F401


@dataclass(frozen=True)
class ZoneSpec:
    id: str
    label: str
    label_en: str
    kind: str
    visibility: str
    facedown_seen_by: str
    face_up: bool
    capacity: int
    rect: tuple
    shared: bool
    group: str
    inspect: bool
    doc: str = ""

    @property
    def term(self) -> Term:
        """Return the zone's name in both languages."""
        return Term(self.label_en, self.label)

    @property
    def addressable(self) -> bool:
        """Whether a hidden card here is still shown as a card the viewer can point at."""
        return self.kind in ("row", "slot")


class CardDef:
    """A card as printed: common fields as attributes, kind-specific ones through `get` and `.stat`."""

    __slots__ = ("id", "name", "name_en", "kind", "color", "text", "text_en", "flavor", "rarity", "keywords",
                 "tags", "effects", "manual", "copies", "art", "side_only", "stats", "line", "path")

    # The common fields (_CARD_COMMON), set from the checked data in __init__.
    id: str
    name: str
    name_en: str
    kind: str
    color: str
    text: str
    text_en: str
    flavor: str
    rarity: str
    manual: bool
    copies: Any
    art: str
    side_only: bool

    def __init__(self, d: dict, stats: dict, path: str, line: int):
        for k in _CARD_COMMON:
            setattr(self, k, d[k])
        self.keywords = tuple(d["keywords"])
        self.tags = tuple(d["tags"])
        self.effects = tuple(d["effects"])
        self.stats = dict(stats)
        self.path = path
        self.line = line

    def get(self, name: str, default=None):
        """Return a kind-specific field (cost, ap, hp...) or a common one."""
        if name in self.stats:
            return self.stats[name]
        if name in _CARD_COMMON:
            return getattr(self, name)
        return default

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    def face_key(self) -> tuple:
        """Return a hashable key of everything a face shows (for render caches)."""
        return (self.id, self.name, self.name_en, self.kind, self.color, self.text, self.text_en, self.flavor, self.rarity,
                self.keywords, self.tags, tuple(sorted((k, repr(v)) for k, v in self.stats.items())),
                self.manual, self.art)

    def __repr__(self) -> str:
        return f"<CardDef {self.id} {self.name}>"


@dataclass
class DeckList:
    """A deck as listed in a file: for each section, (card id, count, line) in file order."""

    name: str
    path: str
    sections: dict
    title: str = ""
    description: str = ""

    def cards(self, section: str) -> list[str]:
        """Return the section's card ids, each repeated by its count, in file order."""
        return [cid for cid, n, _ in self.sections.get(section, []) for _ in range(n)]

    def to_dict(self) -> dict:
        return {"name": self.name, "title": self.title,
                "sections": {s: [[c, n] for c, n, _ in v] for s, v in self.sections.items()}}

    @classmethod
    def from_dict(cls, d: dict, path: str = "<save>") -> "DeckList":
        return cls(d["name"], path, {s: [(c, n, 0) for c, n in v] for s, v in d["sections"].items()},
                   d.get("title", ""))


@dataclass
class Ruleset:
    id: str
    path: Path
    name: str
    name_en: str
    controller: str
    description: str
    parameters: dict
    options: dict
    words: dict
    colors: dict
    attributes: list
    phases: list
    card_kinds: dict
    deck: dict
    zones: dict
    starter_decks: list
    players: dict
    cards: dict = field(default_factory=dict)
    decks: dict = field(default_factory=dict)
    # Card and zone references of messages (Controller.card_ref, zone_label), kept for every game of the
    # ruleset: a card's name per (card id, uid), a face-down card per zone, a zone's label.
    _words: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    # (kind, name) -> Term: phase and stat names asked for in every log line (a loaded ruleset never changes)
    _terms: dict = field(default_factory=dict, repr=False, compare=False)
    _backs: dict | None = field(default=None, repr=False, compare=False)   # card id -> back id, read once

    def back_ids(self) -> dict[str, int]:
        """Return card id -> the id of its back design, {} when every kind shows one back (engine/backs.py)."""
        if self._backs is None:
            from .backs import back_groups
            kinds = back_groups(self.path, list(self.card_kinds))
            self._backs = {cid: kinds[c.kind] for cid, c in self.cards.items() if c.kind in kinds} if kinds else {}
        return self._backs

    def word(self, key: str) -> str:
        """Return a word of the game (a Term: English as a string, `.ja` Japanese); unknown keys as they are."""
        return self.words.get(key, DEFAULT_WORDS.get(key, key))

    @property
    def title(self) -> Term:
        """Return the game's name in both languages."""
        return Term(self.name_en, self.name)

    def phase_term(self, phase_id: str):
        """Return a phase's name in both languages (the id itself when the ruleset does not list it)."""
        got = self._terms.get(("phase", phase_id))
        if got is None:
            got = next((Term(p["label_en"], p["label"]) for p in self.phases if p["id"] == phase_id), phase_id)
            self._terms[("phase", phase_id)] = got
        return got

    def kind_term(self, kind: str):
        """Return a card kind's name in both languages."""
        spec = self.card_kinds.get(kind)
        return Term(spec["label_en"], spec["label"]) if spec else kind

    def color_term(self, color: str):
        """Return a colour's name in both languages."""
        spec = self.colors.get(color)
        return Term(spec["label_en"], spec["label"]) if spec else color

    def option_term(self, name: str):
        """Return an optional rule's name in both languages."""
        spec = self.options.get(name)
        return Term(spec["label_en"], spec["label"]) if spec else name

    def field_term(self, kind: str, name: str):
        """Return the label of a card kind's field (cost, ap...) in both languages, or the field's name."""
        spec = ((self.card_kinds.get(kind) or {}).get("fields") or {}).get(name) or {}
        return Term(spec["label_en"], spec["label"]) if spec.get("label") else name

    def stat_term(self, name: str):
        """Return the label of a card field (the first kind that labels it), in both languages, or the name."""
        got = self._terms.get(("stat", name))
        if got is None:
            got = name
            for kind, spec in self.card_kinds.items():
                fs = (spec.get("fields") or {}).get(name)
                if fs and fs.get("label"):
                    got = self.field_term(kind, name)
                    break
            self._terms[("stat", name)] = got
        return got

    def section_term(self, section: str):
        """Return a deck section's name in both languages, or its key."""
        spec = self.deck.get(section) or {}
        return Term(spec["label_en"], spec["label"]) if spec.get("label") else section

    def card(self, cid: str) -> CardDef:
        return self.cards[cid]

    def phase_label(self, phase_id: str) -> str:
        """Return a phase's name (a Term, see phase_term)."""
        return self.phase_term(phase_id)

    def starter(self, i: int) -> DeckList:
        names = self.starter_decks or sorted(self.decks)
        return self.decks[names[i % len(names)]]

    @property
    def scenarios_dir(self) -> Path:
        return self.path / "scenarios"

    def scenario_paths(self) -> list[Path]:
        return sorted(self.scenarios_dir.glob("*.yaml"))


# --- loading ----------------------------------------------------------------------------------
def load_ruleset(ruleset_id: str) -> Ruleset:
    """Load and validate a ruleset by id (cached; `reload_ruleset` forgets the cache)."""
    folder = ruleset_dir(ruleset_id)
    if folder is None:
        known = ", ".join(ruleset_ids()) or "none"
        raise DataError(ruleset_id, None, msg("no ruleset {ruleset!r} (known: {known})", ruleset=ruleset_id, known=known))
    return _load_cached(str(folder))


@lru_cache(maxsize=None)
def _load_cached(folder: str) -> Ruleset:
    return load_ruleset_dir(Path(folder))


def reload_ruleset(ruleset_id: str) -> Ruleset:
    _load_cached.cache_clear()
    return load_ruleset(ruleset_id)


def load_ruleset_dir(folder: Path, decks: bool = True) -> Ruleset:
    """Load ruleset.yaml, cards.yaml (and/or cards.csv) and decks/*.yaml of one folder; raise every
    problem found. `decks=False` leaves the decks out (the layout studio shows faces while a deck
    file is broken)."""
    path = folder / "ruleset.yaml"
    raw = load_yaml(path)
    chk = Checker(path)
    if not isinstance(raw, dict):
        raise DataError(path, 1, "the file must be a mapping of ruleset keys")
    d = chk.check(raw, RULESET_SPEC, "", 1)
    chk.done()
    for k, z in d["zones"].items():
        if len(z["rect"]) != 4:
            chk.error(d["zones"].line_of(k), msg("zones.{zone}.rect: expected [x, y, w, h]", zone=k))
    chk.done()
    words: dict[str, str] = dict(DEFAULT_WORDS)
    words.update({k: Term(w["label_en"], w["label"]) for k, w in d["words"].items()})
    if d["hidden_phases"]:
        words["hidden_phases"] = " ".join(d["hidden_phases"])   # the phase bar reads it from here
    zones = {k: ZoneSpec(id=k, label=z["label"], label_en=z["label_en"] or k, kind=z["kind"],
                         visibility=z["visibility"], facedown_seen_by=z["facedown_seen_by"],
                         face_up=z["face_up"], capacity=z["capacity"], rect=tuple(z["rect"]),
                         shared=z["shared"], group=z["group"], inspect=z["inspect"], doc=z["doc"])
             for k, z in d["zones"].items()}
    rs = Ruleset(id=d["id"], path=folder, name=d["name"], name_en=d["name_en"] or d["id"],
                 controller=d["controller"], description=d["description"], parameters=dict(d["parameters"]),
                 options={**{k: dict(v) for k, v in d["options"].items()},
                          **{k: dict(v) for k, v in TABLE_OPTIONS.items() if k not in d["options"]}}, words=words,
                 colors={k: dict(v) for k, v in d["colors"].items()}, attributes=list(d["attributes"]),
                 phases=[dict(p) for p in d["phases"]], card_kinds=d["card_kinds"], deck=d["deck"],
                 zones=zones, starter_decks=list(d["starter_decks"]), players=dict(d["players"]))
    from .controller import (  # here: controllers import this module
        controller_class,
        import_error,
    )
    if controller_class(rs.controller, missing_ok=True) is None:
        why = import_error(rs.controller)
        raise DataError(path, d.line_of("controller"),
                        msg("controller {name!r} failed to load: {why}", name=rs.controller, why=why) if why
                        else msg("controller {name!r} is not known", name=rs.controller))
    check_words(d, chk)
    chk.done()
    errors: list[DataError] = []
    csv_path = folder / "cards.csv"
    rs.cards = load_cards(folder / "cards.yaml", rs) if (folder / "cards.yaml").exists() or not csv_path.exists() else {}
    if csv_path.exists():  # a spreadsheet's cards, as well as (or instead of) cards.yaml
        for cid, card in load_cards(csv_path, rs).items():
            if cid in rs.cards:
                errors.append(DataError(csv_path, card.line, f"card {cid}: the id is used twice "
                                        f"(first at {rs.cards[cid].path}:{rs.cards[cid].line})"))
            else:
                rs.cards[cid] = card
    for p in sorted((folder / "decks").glob("*.yaml")) if decks else []:
        try:
            deck = load_deck(p, rs)
            rs.decks[deck.name] = deck
        except DataErrors as e:
            errors.extend(e.errors)
        except DataError as e:
            errors.append(e)
    for name in rs.starter_decks if decks else []:
        if name not in rs.decks and not any(e.path.endswith(f"{name}.yaml") for e in errors):
            errors.append(DataError(path, d.line_of("starter_decks"),
                                    msg("starter deck {name!r} not found in decks/", name=name)))
    check = getattr(controller_class(rs.controller, missing_ok=True), "check_ruleset", None)
    errors += check(rs) if check is not None and not errors else []   # e.g. a declared game's rules
    if errors:
        raise DataErrors(errors) if len(errors) > 1 else errors[0]
    return rs


def load_cards(path: Path, rs: Ruleset) -> dict:
    """Load cards.yaml (or cards.csv): a list of cards, each checked against the common fields and its kind's fields."""
    if Path(path).suffix == ".csv":
        from .cardcsv import read_cards_csv
        raw = read_cards_csv(path, rs, _CARD_COMMON)
    else:
        raw = load_yaml(path)
    chk = Checker(path)
    if isinstance(raw, dict) and "cards" in raw:
        raw = raw["cards"]
    if not isinstance(raw, list):
        raise DataError(path, getattr(raw, "line", 1), "expected a list of cards (or a mapping with key 'cards')")
    cards: dict[str, CardDef] = {}
    for i, item in enumerate(raw):
        line = raw.line_of(i) if isinstance(raw, YList) else 1
        if not isinstance(item, dict):
            chk.error(line, msg("card {n}: expected a mapping", n=i + 1))
            continue
        kind = item.get("kind")
        kspec = rs.card_kinds.get(kind) if isinstance(kind, str) else None   # `kind: [mana]` is no kind
        if kspec is None:
            chk.error(item.line_of("kind") if isinstance(item, YMap) else line,
                      msg("card {card}: unknown kind {kind!r} (known: {known})", card=clip(item.get("id", i + 1)),
                          kind=clip(kind),
                          known=", ".join(rs.card_kinds)))
            continue
        fields = dict(_CARD_COMMON)
        for fname, fspec in kspec["fields"].items():
            spec = {k: v for k, v in fspec.items() if v is not None and k != "label"}
            if not spec.get("required") and "default" not in spec:
                spec["default"] = None
            fields[fname] = spec
        n_errors = len(chk.errors)
        d = chk.check(item, {"type": "map", "fields": fields}, f"card {clip(item.get('id', i + 1))}", line)
        if len(chk.errors) > n_errors or d.get("id") is None:
            continue   # reported; a half-read card is not built
        if d["id"] in cards:
            chk.error(line, msg("card {card}: the id is used twice (first at line {line})", card=d["id"],
                                line=cards[d["id"]].line))
        if rs.colors and d["color"] and d["color"] not in rs.colors:
            chk.error(d.line_of("color"), msg("card {card}: unknown color {color!r} (known: {known})", card=d["id"],
                                              color=d["color"], known=", ".join(rs.colors)))
        if d["copies"] not in (None, "any") and not isinstance(d["copies"], int):
            chk.error(d.line_of("copies"), msg("card {card}: copies must be a number or 'any'", card=d["id"]))
        stats = {k: d[k] for k in kspec["fields"]}
        cards[d["id"]] = CardDef(d, stats, str(path), line)
    chk.done()
    return cards


def load_deck(path: Path, rs: Ruleset) -> DeckList:
    """Load one deck file and check it against the ruleset's deck rules."""
    raw = load_yaml(path)
    if not isinstance(raw, dict):
        raise DataError(path, 1, "a deck file must be a mapping (name, sections of card: count)")
    return deck_from_data(raw, path, rs)


def deck_from_data(raw: dict, path, rs: Ruleset, check_rules: bool = True) -> DeckList:
    """Build a DeckList from a deck file's mapping; raise every problem with its line.

    `check_rules=False` reads a deck that breaks the deck rules (a draft in the deck editor): only
    the file's shape, card ids and counts are checked.
    """
    chk = Checker(path)
    known = {"name", "title", "description", *rs.deck}
    for k in raw:
        if k not in known:
            chk.error(raw.line_of(k) if isinstance(raw, YMap) else 1,
                      msg("unknown key {key!r} (a deck has: name, title, description, {sections})", key=k,
                          sections=", ".join(rs.deck)))
    name = raw.get("name") or Path(path).stem
    sections: dict[str, list] = {}
    for sec, spec in rs.deck.items():
        entries = raw.get(sec)
        if entries is None:
            if spec["required"]:
                chk.error(1, msg("section {section!r} is missing", section=sec))
            sections[sec] = []
            continue
        if not isinstance(entries, dict):
            chk.error(raw.line_of(sec) if isinstance(raw, YMap) else 1,
                      msg("section {section!r}: expected a mapping of card id: count", section=sec))
            continue
        rows = []
        for cid, n in entries.items():
            line = entries.line_of(cid) if isinstance(entries, YMap) else 1
            if cid not in rs.cards:
                chk.error(line, msg("unknown card {card!r} in section {section!r}", card=cid, section=sec))
                continue
            if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                chk.error(line, msg("{card}: the count must be a whole number of at least 1, found {n!r}", card=cid, n=n))
                continue
            rows.append((cid, n, line))
        sections[sec] = rows
    deck = DeckList(str(name), str(path), sections, str(raw.get("title", "") or name),
                    str(raw.get("description", "") or ""))
    if not chk.errors and check_rules:
        for line, text in check_deck_rules(deck, rs):
            chk.error(line, text)
        from .controller import controller_class  # here: controllers import this module
        cls = controller_class(rs.controller, missing_ok=True)
        if cls is not None:
            for line, text in cls.check_deck(deck, rs):
                chk.error(line, text)
    chk.done()
    return deck


def check_deck_rules(deck: DeckList, rs: Ruleset) -> list[tuple[int, str]]:
    """Return (line, message) for each deck rule the deck breaks, naming the rule."""
    return [(line, msg("{problem} ({rule})", problem=what, rule=rule) if rule else what)
            for line, rule, what in deck_rule_problems(deck, rs)]


def deck_rule_problems(deck: DeckList, rs: Ruleset) -> list[tuple[int, str | None, Msg]]:
    """Return (line, rule id or None, what is wrong) for each rule of ruleset.yaml's `deck` the deck breaks."""
    problems = []
    for sec, spec in rs.deck.items():
        rows = deck.sections.get(sec, [])
        rule = spec["rules"]
        total = sum(n for _, n, _ in rows)
        first = rows[0][2] if rows else 1
        label = rs.section_term(sec)
        if spec.get("size") is not None and total != spec["size"]:
            problems.append((first, rule.get("size"), msg("{section}: {n} cards, the deck rules need exactly {want}",
                                                          section=label, n=total, want=spec["size"])))
        if spec.get("min") is not None and total < spec["min"]:
            problems.append((first, rule.get("size"), msg("{section}: {n} cards, the deck rules need at least {want}",
                                                          section=label, n=total, want=spec["min"])))
        if spec.get("max") is not None and total > spec["max"]:
            problems.append((first, rule.get("size"), msg("{section}: {n} cards, the deck rules allow at most {want}",
                                                          section=label, n=total, want=spec["max"])))
        counts: Counter[str] = Counter()
        for cid, n, _line in rows:
            counts[cid] += n
        for cid, _n, line in rows:
            card = rs.cards[cid]
            limit = spec.get("max_copies")
            if card.copies == "any":
                limit = None
            elif isinstance(card.copies, int):
                limit = card.copies
            if limit is not None and counts[cid] > limit:
                problems.append((line, rule.get("copies"), msg("{card}: {n} copies, at most {limit} allowed",
                                                               card=cid, n=counts[cid], limit=limit)))
                counts[cid] = 0  # report once
            if spec.get("kinds") and card.kind not in spec["kinds"]:
                problems.append((line, rule.get("kinds"), msg("{card}: a {kind} card cannot go in {section} (allowed: "
                                                              "{allowed})", card=cid, kind=rs.kind_term(card.kind), section=label,
                                                              allowed=tuple(rs.kind_term(k) for k in spec["kinds"]))))
            if card.side_only and sec != "side":
                problems.append((line, rule.get("side_only"), msg("{card}: a side-only card cannot go in {section}",
                                                                  card=cid, section=label)))
            for fname, want in spec["where"].items():
                if card.get(fname) != want and not _overrides_section(card, sec):
                    problems.append((line, rule.get("where"), msg("{card}: {section} holds cards with {field} {want}, "
                                                                  "this one has {has}", card=cid, section=label,
                                                                  field=rs.field_term(card.kind, fname), want=want, has=card.get(fname))))
    return problems


def _overrides_section(card: CardDef, sec: str) -> bool:
    return card.get("deck_section") == sec

