"""The deck editor's right-hand panel, drawn by hand: the deck's sections and cards, two small charts
(the cost curve and the kinds), and the deck rules it breaks, each with its rule id.

`DeckPanel.rows(...)` lays the list out; `hit(pos)` says what a click or a drop there means (a
section header, a card row's − or +); `draw` only reads. No game code here: the editor scene
(deckedit.py) changes the deck.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from . import fonts
from .theme import BAR, DIM, FG  # the colours of every scene: ui/theme.json
from .theme import GOOD as GREEN
from .theme import HIGHLIGHT as LIT
from .theme import PROBLEM as RED

HEADER_H = 28
ROW_H = 24
CHART_H = 104


@dataclass
class Row:
    """One line of the list: a section header (card None) or a card of a section."""

    section: str
    card: str | None
    count: int
    rect: pygame.Rect


class DeckPanel:
    """Lay out and draw one deck editor's panel; the scene owns the deck and the scroll."""

    def __init__(self, scene):
        self.scene = scene
        self.scroll = 0

    # --- geometry ---------------------------------------------------------------------------------
    def areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """Return the list, chart and problem areas of the panel."""
        sc = self.scene
        W, H = sc.app.size
        pw = sc.panel_width()
        x0, top, bottom = W - pw, sc.list_top(), H - 26
        prob_h = 118
        chart = pygame.Rect(x0 + 8, bottom - prob_h - CHART_H - 4, pw - 16, CHART_H)
        probs = pygame.Rect(x0 + 8, bottom - prob_h, pw - 16, prob_h - 4)
        lst = pygame.Rect(x0 + 4, top, pw - 8, chart.top - 6 - top)
        return lst, chart, probs

    def rows(self) -> list[Row]:
        """Return every header and card row with its rectangle, scroll applied."""
        sc = self.scene
        lst = self.areas()[0]
        y = lst.y - self.scroll
        out = []
        for sec in sc.deck.sections:
            out.append(Row(sec, None, sc.deck.total(sec), pygame.Rect(lst.x, y, lst.w, HEADER_H)))
            y += HEADER_H
            for cid, n in sc.deck.sections[sec].items():
                out.append(Row(sec, cid, n, pygame.Rect(lst.x, y, lst.w, ROW_H)))
                y += ROW_H
            y += 4
        return out

    def max_scroll(self) -> int:
        rows = self.rows()
        if not rows:
            return 0
        return max(0, rows[-1].rect.bottom + self.scroll - self.areas()[0].bottom)

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll(), self.scroll + dy))

    def show(self, section: str, card: str | None = None) -> None:
        """Scroll the list so that a section's header (or one of its card rows) is in view."""
        lst = self.areas()[0]
        for r in self.rows():
            if r.section == section and r.card == card:
                if r.rect.top < lst.top:
                    self.scroll_by(r.rect.top - lst.top)
                elif r.rect.bottom > lst.bottom:
                    self.scroll_by(r.rect.bottom - lst.bottom)
                return

    def hit(self, pos) -> tuple[str, Row] | None:
        """Return ("header"|"minus"|"plus"|"row", row) under pos, or None outside the list."""
        lst = self.areas()[0]
        if not lst.collidepoint(pos):
            return None
        for r in self.rows():
            if r.rect.collidepoint(pos):
                if r.card is None:
                    return "header", r
                if pos[0] < r.rect.x + 26:
                    return "minus", r
                if pos[0] > r.rect.right - 26:
                    return "plus", r
                return "row", r
        return None

    def section_at(self, pos) -> str | None:
        """Return the section a drop at pos means (its header or one of its rows), or None."""
        h = self.hit(pos)
        return h[1].section if h else None

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        sc = self.scene
        t = sc.app.words
        lst, chart, probs = self.areas()
        bad = {p.card for p in sc.problems if p.card}
        clip = surface.get_clip()
        surface.set_clip(lst)
        for r in self.rows():
            if r.rect.bottom < lst.top or r.rect.top > lst.bottom:
                continue
            if r.card is None:
                spec = sc.rs.deck[r.section]
                lit = sc.target == r.section
                pygame.draw.rect(surface, (52, 60, 72) if not lit else (84, 74, 40), r.rect, border_radius=4)
                want = spec.get("size")
                count = f"{r.count}" + (f" / {want}" if isinstance(want, int) else "")
                surface.blit(fonts.text(f"{t.label(spec)}   {count}", 14, LIT if lit else FG, bold=True),
                             (r.rect.x + 8, r.rect.y + 5))
                continue
            card = sc.rs.cards[r.card]
            color = RED if r.card in bad else FG
            surface.blit(fonts.text("−", 16, DIM, bold=True), (r.rect.x + 8, r.rect.y + 2))
            surface.blit(fonts.text("+", 16, DIM, bold=True), (r.rect.right - 20, r.rect.y + 2))
            cost = sc.cost_of(card)
            name = card.name_en if t.language == "en" and card.name_en else card.name
            label = f"{r.count} × {name}"
            surface.blit(fonts.text(fonts.ellipsize(label, 14, r.rect.w - 90), 14, color), (r.rect.x + 30, r.rect.y + 3))
            if cost is not None:
                s = fonts.text(str(cost), 13, DIM)
                surface.blit(s, (r.rect.right - 34 - s.get_width(), r.rect.y + 4))
        if not sc.deck.total():
            surface.blit(fonts.text(t("Click or drag cards here to add them."), 14, DIM), (lst.x + 8, lst.y + 200))
        surface.set_clip(clip)
        self.draw_charts(surface, chart)
        self.draw_problems(surface, probs)

    def draw_charts(self, surface, area) -> None:
        """Draw the cost curve (left) and the kinds (right) as small bar charts."""
        sc = self.scene
        t = sc.app.words
        pygame.draw.rect(surface, (26, 30, 37), area, border_radius=4)
        half = area.w // 2
        curve = sc.deck.curve()
        bins = [(str(v), n) for v, n in curve["bins"]]
        if curve["none"]:
            bins.append(("–", curve["none"]))
        from .cardfilter import cost_label
        title = cost_label(sc.rs, t)
        _bars(surface, pygame.Rect(area.x + 6, area.y + 4, half - 12, area.h - 8), t("{label} curve", label=title),
              bins, BAR)
        kinds = [(t.label(k), k["count"]) for k in sc.deck.breakdown()]
        _bars(surface, pygame.Rect(area.x + half + 6, area.y + 4, half - 12, area.h - 8), t("Kinds"), kinds,
              (150, 120, 200), labels_wide=True)

    def draw_problems(self, surface, area) -> None:
        """List the deck rules the deck breaks (rule id first), or say it is legal."""
        sc = self.scene
        t = sc.app.words
        if not sc.problems:
            surface.blit(fonts.text("✓ " + t("Legal deck: every deck rule holds."), 14, GREEN, bold=True),
                         (area.x + 4, area.y + 4))
            return
        y = area.y + 2
        shown = 0
        for p in sc.problems:
            lines = fonts.wrap(sc.problem_text(p), 13, area.w - 8)
            if y + 18 * len(lines) > area.bottom - 16 and shown:
                more = len(sc.problems) - shown
                surface.blit(fonts.text(t("… {n} more", n=more), 13, RED), (area.x + 4, y))
                return
            for line in lines:
                surface.blit(fonts.text(line, 13, RED), (area.x + 4, y))
                y += 18
            shown += 1


def _bars(surface, area, title, bins, color, labels_wide=False) -> None:
    """Draw a titled bar chart of (label, count) in area: the count above each bar, the label under it."""
    surface.blit(fonts.text(title, 12, DIM, bold=True), (area.x, area.y))
    if not bins:
        return
    top, base = area.y + 32, area.bottom - 16
    peak = max(n for _, n in bins) or 1
    bw = max(6, min(34, (area.w - 4) // len(bins) - 4))
    for i, (label, n) in enumerate(bins):
        x = area.x + 2 + i * (bw + 4)
        h = max(2, round((base - top) * n / peak))
        pygame.draw.rect(surface, color, (x, base - h, bw, h), border_radius=2)
        s = fonts.text(str(n), 11, FG)
        surface.blit(s, (x + (bw - s.get_width()) // 2, base - h - 14))
        lab = fonts.ellipsize(label, 11, bw + (2 if labels_wide else 6))
        s = fonts.text(lab, 11, DIM)
        surface.blit(s, (x + (bw - s.get_width()) // 2, base + 2))
