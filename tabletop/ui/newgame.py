"""What the new-game page shows of a ruleset: its one-line description and its decks with key card faces.

`blurb` picks the description's first sentence in the interface language (`in_language`: the data's
English, or the catalogue's translation of it; `deck_title`: a title's "日本語 / English" half); `key_cards` the two or
three cards that say what a deck does (its most expensive, then strongest); `DeckShowcase` builds the
page's deck column — every deck of the ruleset, shipped ones first, then the user's own
(`tabletop.engine.decks.list_decks`), each with its title, description and key faces; a deck that a
game would refuse is greyed with its first problem.
"""
from __future__ import annotations

import re

import pygame
from pygame_gui.elements import UIImage, UILabel

from tabletop import i18n
from tabletop.engine import TabletopError
from tabletop.engine.ruleset import load_deck

from .scene import html_escape
from .textbox import TextBox

_SENTENCE = re.compile(r"(?<=[.!?。])\s*")


def in_language(text: str, language: str) -> str:
    """Return a ruleset's or deck's description in the interface language: the data gives it in English,
    the language's catalogue (tabletop/locale/ja/decks.yaml) by that English text; as given when it has none."""
    text = " ".join((text or "").split())
    if language != "en" and text:
        return i18n.catalogue(language).get(text, text)
    return text


def deck_title(title: str, language: str) -> str:
    """Return a deck's title in the interface language: titles are written "日本語 / English"."""
    if " / " in (title or ""):
        ja, en = title.split(" / ", 1)
        return ja.strip() if language == "ja" else en.strip()
    return title or ""


def blurb(rs, language: str) -> str:
    """Return the ruleset's description, one sentence long, in the interface language (`in_language`);
    a description that gives both languages itself yields its sentences in the one asked for."""
    text = in_language(rs.description, language)
    if not text:
        return ""
    parts = [p for p in _SENTENCE.split(text) if p.strip()]
    ja = [p for p in parts if i18n.JAPANESE.search(p)]
    en = [p for p in parts if not i18n.JAPANESE.search(p)]
    pick = (ja or en) if language == "ja" else (en or ja)
    return pick[0].strip() if pick else text


def _score(card) -> tuple:
    cost = card.get("cost")
    if not isinstance(cost, (int, float)):
        cost = card.get("level")
    if not isinstance(cost, (int, float)):
        cost = sum(v for k, v in card.stats.items() if k.startswith("cost") and isinstance(v, (int, float)))
    total = sum(v for v in card.stats.values() if isinstance(v, (int, float)) and not isinstance(v, bool))
    return (cost or 0, total)


def key_cards(rs, deck, n: int = 3) -> list:
    """Return up to `n` distinct cards of a deck that show what it is about: the costliest, then the strongest."""
    seen, cards = set(), []
    for sec in rs.deck:
        for cid in deck.cards(sec):
            if cid not in seen and cid in rs.cards:
                seen.add(cid)
                cards.append(rs.cards[cid])
    cards.sort(key=_score, reverse=True)
    return cards[:n]


def deck_of(rs, entry):
    """Return the DeckList of a listed deck, or None when it does not load."""
    if entry.source == "shipped" and entry.name in rs.decks:
        return rs.decks[entry.name]
    try:
        return load_deck(entry.path, rs)
    except TabletopError:
        return None


class DeckShowcase:
    """The new-game page's list of decks (widgets added to `widgets`; faces cached across pages)."""

    FACE_W = 60

    def __init__(self, manager, words, renderer_for):
        self.manager = manager
        self.words = words
        self.renderer_for = renderer_for   # ruleset -> face renderer (made once per ruleset)
        self.faces: dict = {}

    def face(self, rs, card) -> pygame.Surface:
        key = (rs.id, card.id, self.FACE_W)
        surf = self.faces.get(key)
        if surf is None:
            surf = self.renderer_for(rs).face(card, self.FACE_W)
            if surf.get_width() != self.FACE_W:
                surf = pygame.transform.smoothscale(
                    surf, (self.FACE_W, round(self.FACE_W * surf.get_height() / surf.get_width())))
            self.faces[key] = surf
        return surf

    def build(self, rect: pygame.Rect, rs, entries, widgets: list) -> None:
        """Lay out one row per deck inside `rect` (rows that do not fit are summed up in a last line)."""
        t = self.words
        row_h = 100
        y = rect.y
        widgets.append(UILabel(pygame.Rect(rect.x, y, rect.w, 26), t("Decks"), self.manager))
        y += 28
        room = max(1, (rect.bottom - y) // row_h)
        shown = entries if len(entries) <= room else entries[:room - 1]
        for e in shown:
            deck = deck_of(rs, e)
            x = rect.x
            for card in key_cards(rs, deck) if deck is not None else ():
                img = self.face(rs, card)
                h = min(img.get_height(), row_h - 8)
                widgets.append(UIImage(pygame.Rect(x, y, self.FACE_W, h), img, self.manager))
                x += self.FACE_W + 4
            x = rect.x + 3 * (self.FACE_W + 4) + 6
            mine = " " + t("(yours)") if e.source == "user" else ""
            title = html_escape(deck_title(e.title, t.language) + mine)
            if e.playable:
                desc = html_escape(in_language(getattr(deck, "description", "") or "", t.language))
                html = f"<b>{title}</b><br>{desc}"
            else:   # greyed: a game would refuse it; say why
                html = (f"<font color='#808080'><b>{title}</b><br>"
                        f"{html_escape(t('cannot be played'))}: {html_escape(str(e.problems[0]))}</font>")
            box = TextBox(html, pygame.Rect(x, y, rect.right - x, row_h - 6), self.manager,
                            object_id="#deck_off" if not e.playable else None)
            widgets.append(box)
            y += row_h
        if len(shown) < len(entries):
            widgets.append(UILabel(pygame.Rect(rect.x, y, rect.w, 26),
                                   t("… and {n} more decks", n=len(entries) - len(shown)), self.manager))
