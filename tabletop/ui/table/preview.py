"""The large preview of the card under the mouse: its face at reading size with its full text."""
from __future__ import annotations

from dataclasses import replace

import pygame

from tabletop.i18n import JAPANESE

from .. import fonts
from .actions import pointed_at, source

HOVER_S = 0.35   # seconds the mouse rests on a card before its preview shows


class Preview:
    """Draw the hovered card's preview (cached per card and state) beside the table's middle."""

    def __init__(self, scene):
        self.scene = scene
        self.cache: dict = {}
        self.previewed = None    # the card whose large preview was drawn last
        self._placed = None      # (spots, legal, card and size, where) of the last placement

    def draw(self, surface) -> None:
        sc = self.scene
        if sc.tools.open:   # the picker's card under the mouse, large, at the side it is not on
            c = sc.tools.hovered_card()
            if c is not None and c.cid in sc.rs.cards and sc.tools.faces[0][0].w < 150:   # only small faces
                img = self.image(replace(c, face_up=True))   # (face down in its pile: not what the picker shows)
                x = sc.area.x + 8 if sc.mouse[0] > sc.area.centerx else sc.area.right - img.get_width() - 8
                surface.blit(img, (x, sc.area.y + 4))    # above the picker's buttons
            return
        if sc.pointer.drag or sc.hover_key is None or sc.hover_t < HOVER_S:
            return
        sp = next((s for s in sc.spots if s.key == sc.hover_key), None)
        if sp is None or sp.card.cid is None or sp.card.cid not in sc.rs.cards:
            return
        img = self.image(sp.card)
        at = self.place(img.get_rect(), sp)
        if at is None:   # every place would cover something lit to pick: no preview (right-click shows it)
            return
        self.previewed = sp.card
        surface.blit(img, at)

    def lit_rects(self, sp) -> list:
        """Return the rectangles lit for the player to pick from now (cards, zones, player panels), the
        hovered card's own spot left out: a preview never covers them."""
        sc = self.scene
        a = sc.actions
        # what must be picked: an aimed action's targets, else the answers a click gives now (not the places
        # the hovered card may go: those it only avoids where it can)
        zones, cards, players = a.pointed(a.targeting[1]) if a.targeting else sc.answer_lit
        out = [z.rect for z in sc.zones if z.key in zones]
        out += [s.rect for s in sc.spots if s.key in cards and s.key != sp.key]
        for p in players:
            r = sc.hud.panel_rect(p)
            if r is not None:
                out.append(r)
        return out

    def place(self, r: pygame.Rect, sp) -> pygame.Rect | None:
        """Return where the preview goes: beside the hovered card, or at a side of the table, wherever it
        covers least of the card, of the places its legal moves point at (where it may be dragged next) and
        of the viewer's hand; always inside the table area, and never over what is lit to pick from now
        (a choice's walls, an aimed action's targets): None when every place would be."""
        sc = self.scene
        lit = self.lit_rects(sp)
        # The answer changes only with the table (a refresh makes new spots and legal lists), the card or what is lit.
        key = (sp.key, tuple(sp.rect), r.size, tuple(tuple(x) for x in lit))
        memo = self._placed
        if memo is not None and memo[0] is sc.spots and memo[1] is sc.legal and memo[2] == key:
            return memo[3].copy() if memo[3] is not None else None
        area = sc.area.inflate(-12, -12)
        zones, cards, _ = pointed_at(sc.actions.moves_from(source(sp)))
        # the card itself counts most, then where it may go, then the rest of the viewer's hand
        avoid = [sp.rect] * 6 + [z.rect for z in sc.zones if z.key in zones] * 2
        avoid += [s.rect for s in sc.spots if s.key in cards] * 2
        avoid += [s.rect for s in sc.spots if s.hand and s.zone == f"{sc.viewer}.hand"]
        spots = []
        for x in (sp.rect.right + 12, sp.rect.left - 12 - r.w, area.x, area.right - r.w):
            for y in (sp.rect.centery - r.h // 2, area.y, area.bottom - r.h):
                c = r.copy()
                c.topleft = (x, y)
                spots.append(c.clamp(area))

        def covered(c):
            return sum(c.clip(a).w * c.clip(a).h for a in avoid)
        free = [c for c in spots if c.collidelist(lit) < 0]
        best = min(free, key=covered) if free else None   # the first of equals: beside the card, level with it
        self._placed = (sc.spots, sc.legal, key, best)
        return best

    def image(self, card) -> pygame.Surface:
        """Return a large, readable picture of a card with its full text (cached per card and state)."""
        marks = tuple(self.scene.tools.card_lines(card)) if card.uid is not None else ()   # a token's name, a note
        key = (card.cid, card.tapped, card.face_up, tuple(sorted(card.counters.items())),
               self.scene.app.words.language, marks)
        img = self.cache.get(key)
        if img is not None:
            return img
        d = self.scene.rs.cards[card.cid]
        pw = 300
        face = self.scene.renderer.face(d, pw)
        lines, text, state = self.text(card)
        lines = lines + list(marks)
        text_lines = []
        for ln in lines:
            text_lines += fonts.wrap(ln, 15, pw - 16, bold=ln is lines[0])
        body = fonts.wrap(text, 15, pw - 16) if text else []
        lh = fonts.font(15).get_linesize()
        h_text = (len(text_lines) + len(body) + 1) * lh + 16
        img = pygame.Surface((pw + 12, face.get_height() + h_text + 12), pygame.SRCALPHA)
        pygame.draw.rect(img, (12, 14, 18, 235), img.get_rect(), border_radius=8)
        img.blit(face, (6, 6))
        y = face.get_height() + 12
        for i, ln in enumerate(text_lines):
            img.blit(fonts.text(ln, 15, (255, 255, 255), bold=i == 0), (12, y))
            y += lh
        for ln in body:
            img.blit(fonts.text(ln, 15, (225, 225, 225)), (12, y))
            y += lh
        if state:
            img.blit(fonts.text(" · ".join(state), 14, (170, 200, 255)), (12, y + 2))
        self.cache[key] = img
        return img

    def text(self, card) -> tuple[list[str], str, list[str]]:
        """Return the preview's words: (name and kind lines, a translation of the card text if the
        interface language has one, state words such as tapped)."""
        rs, t = self.scene.rs, self.scene.app.words
        d = rs.cards[card.cid]
        # the card's name in the reader's language first, the other beside it ("Kappa  (河童)", "河童  (Kappa)")
        first, other = (d.name_en, d.name) if t.language == "en" and d.name_en else (d.name, d.name_en)
        lines = [first + (f"  ({other})" if other and other != first else "")]
        kind = rs.card_kinds.get(d.kind, {})
        kind = kind if isinstance(kind, dict) else {}
        lines.append("  ".join([t.label(kind) or d.kind] + stat_texts(d, kind, t)))
        # the state word only when it says something: most games never tap, and untapped is the norm
        state = [t.render(rs.word("tapped"))] if card.tapped else []
        if not card.face_up:
            state.append(t.render(rs.word("face_down")))
        state += [f"{t.render(rs.words.get('counter.' + k, k))} {v}" for k, v in card.counters.items() if v]
        # The face at this size shows the card's own text; below it only a translation adds anything
        # (none when the face itself is read in English: a `language: player` layout).
        en_face = getattr(self.scene.renderer, "reading", lambda: None)() == "en"
        text = (getattr(d, "text_en", "") or d.get("text_en") or "") if t.language == "en" and not en_face else ""
        return lines, text or "", state


def stat_texts(d, kind: dict, words=None) -> list[str]:
    """Return a card's kind fields as "label value": ruleset labels (in `words`' language), no empty values,
    no zero costs. A field's English twin (`attribute_en`, `feat_en`) is no row of its own: an English reader
    sees it in place of the field's printed value."""
    fields = kind.get("fields") or {}
    en = getattr(words, "language", None) == "en"
    out = []
    for name, v in d.stats.items():
        if name.endswith("_en") and name[:-3] in d.stats:   # a field's English twin shows in the field's place
            continue
        if en and d.stats.get(name + "_en") not in (None, "", [], ()):
            v = d.stats[name + "_en"]
        elif en and isinstance(v, str) and JAPANESE.search(v):
            continue   # printed words with no English twin (monmusu's title): one language at a time
        if v is None or v == "" or (isinstance(v, (list, tuple, dict)) and not v) or v is False:
            continue
        if name.startswith("cost_") and v == 0 or name == "text_en":   # text_en: the translation, shown below
            continue
        spec = fields.get(name)
        label = ((words.label(spec) if words is not None else spec.get("label")) if isinstance(spec, dict) else "") or name
        if isinstance(v, bool):   # a yes/no field: its name when yes, nothing when no
            if v:
                out.append(label)
            continue
        if isinstance(v, (list, tuple)):
            v = "・".join(str(x) for x in v)
        out.append(f"{label} {v}")
    return out
