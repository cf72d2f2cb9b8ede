"""The card browser's filters: kind, colour, cost and a free-text search, as plain data (no pygame).

The search compares after Unicode NFKC and case folding (so full-width ＡＢＣ and ２ from a Japanese
keyboard match), over the card's printed name, English name, id, rules text, flavour, keywords and
tags: a player may type 鬼, oni, or a word of the text.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass


def norm(text: str) -> str:
    """Return text as the search compares it: NFKC, case-folded, spaces squeezed."""
    return " ".join(unicodedata.normalize("NFKC", str(text)).casefold().split())


def cost_field(rs) -> str | None:
    """Return the field the cost filter and the deck curve count (as `Deck.curve_field`)."""
    chosen = rs.parameters.get("deck_curve")
    if chosen:
        return str(chosen)
    for name in ("cost", "level"):
        if any(k["fields"].get(name, {}).get("type") == "int" for k in rs.card_kinds.values()):
            return name
    return None


def cost_label(rs, words) -> str:
    """Return the cost field's label in the interface language (its English name when it has no label_en)."""
    f = cost_field(rs)
    for k in rs.card_kinds.values():
        spec = k["fields"].get(f) if f else None
        if spec and spec.get("label"):
            if words.language == "en" and not spec.get("label_en"):
                return f.replace("_", " ").capitalize()
            return words.label(spec)
    return words("Cost")


def _haystack(card) -> str:
    parts = [card.name, card.name_en, card.id, card.text, card.flavor, *card.keywords, *card.tags]
    return norm(" ".join(str(p) for p in parts if p))


@dataclass
class CardFilter:
    """What the browser shows: None means any kind, colour or cost; `text` is the search words."""

    kind: str | None = None
    color: str | None = None
    cost: object = None
    text: str = ""

    def matches(self, card, rs) -> bool:
        """Return whether the card passes every filter (all search words must appear)."""
        if self.kind is not None and card.kind != self.kind:
            return False
        if self.color is not None and (card.color or "") != self.color:
            return False
        if self.cost is not None:
            f = cost_field(rs)
            if f is None or card.get(f) != self.cost:
                return False
        words = norm(self.text).split()
        if words:
            hay = _haystack(card)
            if not all(w in hay for w in words):
                return False
        return True

    def cards(self, rs) -> list:
        """Return the ruleset's cards that pass, in file order."""
        return [c for c in rs.cards.values() if self.matches(c, rs)]

    def fit(self, rs) -> None:
        """Forget a chosen kind, colour or cost the (reloaded) ruleset no longer has."""
        if self.kind is not None and self.kind not in rs.card_kinds:
            self.kind = None
        if self.color is not None and self.color not in colors(rs):
            self.color = None
        if self.cost is not None and self.cost not in costs(rs):
            self.cost = None


def colors(rs) -> list[str]:
    """Return the colours the cards use, in ruleset order ("" for cards without one)."""
    used = {c.color or "" for c in rs.cards.values()}
    out = [c for c in rs.colors if c in used]
    return out + sorted(used - set(out))


def costs(rs) -> list:
    """Return the cost values the cards have, ascending."""
    f = cost_field(rs)
    if f is None:
        return []
    return sorted({v for c in rs.cards.values() for v in [c.get(f)]
                   if isinstance(v, (int, float)) and not isinstance(v, bool)})


def cycle(options: list, current):
    """Return the option after `current` in [None, *options] (None is "all")."""
    seq = [None, *options]
    i = seq.index(current) if current in seq else 0
    return seq[(i + 1) % len(seq)]
