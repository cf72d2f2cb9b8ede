"""Choices as cards: when the viewer's answers pick cards (a main monster, a partner, a main character,
a card named by an effect), their faces are laid out over the table to click, instead of buttons with
names. The faces are placed once per choice, so nothing moves under the pointer while choosing; the
strip closes as soon as the choice is answered (the answers change).
"""
from __future__ import annotations

import pygame

from .. import fonts

GAP = 14


def chosen_card(scene, a):
    """Return the card definition an answer's `choice` names (a card id, or a visible card's uid), or None."""
    v = a.get("choice")
    if v is None:
        return None
    rs = scene.rs
    if isinstance(v, str) and v in rs.cards:
        return rs.cards[v]
    try:
        uid = int(v)
    except (TypeError, ValueError):
        return None
    card = scene.view.cards.get(uid)
    if card is None or card.cid is None:
        return None
    return rs.cards.get(card.cid)


class CardChoice:
    """The strip of card faces of a pending card choice: `refresh` after a change, `draw`, `click`."""

    def __init__(self, scene):
        self.scene = scene
        self.items: list = []       # (rect, face surface, action)
        self.title = None
        self._sig = None

    @property
    def open(self) -> bool:
        return bool(self.items)

    def actions(self) -> list:
        """Return the answers shown as faces (the side panel leaves them out of its buttons)."""
        return [a for _, _, a in self.items]

    def refresh(self) -> None:
        """Lay the faces out again when the viewer's card answers changed (else keep them where they are)."""
        sc = self.scene
        waiting = any(p.get("player") == sc.viewer for p in sc.view.pending)
        answers = [] if sc.curtain is not None or sc.manual_mode or not waiting else [
            a for a in sc.actions.answers() if a.get("card") is None and a.get("target") is None]
        picks = [(a, d) for a in answers if (d := chosen_card(sc, a)) is not None]
        sig = tuple(a for a, _ in picks)
        if sig == self._sig:
            return
        old, self._sig = self._sig, sig
        if sig and old and set(sig) < set(old):
            # one more pick of the same choice (four main monsters): the rest stay where they were
            self.items = [it for it in self.items if it[2] in sig]
            return
        self.items = []
        if len(picks) < 1:
            return
        area = sc.area
        n = len(picks)
        # as large as fits in one row of the table's width, at most 220 px and at least 90
        w = int(max(90, min(220, (area.w - 40 - GAP * (n - 1)) / n)))
        h = round(w * sc.ch / sc.cw)
        per_row = max(1, (area.w - 40 + GAP) // (w + GAP))
        rows = [picks[i:i + per_row] for i in range(0, n, per_row)]
        top = area.centery - (len(rows) * (h + GAP) - GAP) // 2 + 14
        for r, row in enumerate(rows):
            x = area.centerx - (len(row) * (w + GAP) - GAP) // 2
            for a, d in row:
                rect = pygame.Rect(x, top + r * (h + GAP), w, h)
                self.items.append((rect, sc.renderer.face(d, w), a))
                x += w + GAP
        pend = next((p for p in sc.view.pending if p.get("player") == sc.viewer), None)
        self.title = pend.get("prompt") or "" if pend else ""   # a message: rendered when drawn, in the language shown

    def draw(self, surface) -> None:
        if not self.items:
            return
        sc = self.scene
        shade = pygame.Surface(sc.area.size, pygame.SRCALPHA)
        shade.fill((8, 10, 14, 170))
        surface.blit(shade, sc.area.topleft)
        first = self.items[0][0]
        if self.title:
            title = sc.app.words.render(self.title)
            t = fonts.text(fonts.ellipsize(title, 18, sc.area.w - 40), 18, (255, 235, 170), bold=True)
            surface.blit(t, t.get_rect(midbottom=(sc.area.centerx, first.top - 10)))
        for rect, face, _ in self.items:
            over = rect.collidepoint(sc.mouse)
            pygame.draw.rect(surface, (255, 215, 90) if over else (120, 200, 255), rect.inflate(8, 8),
                             width=3, border_radius=8)
            surface.blit(face, rect)

    def click(self, pos) -> bool:
        """Answer with the face under `pos`; return whether the strip took the click (any click over it)."""
        if not self.items:
            return False
        for rect, _, a in self.items:
            if rect.collidepoint(pos):
                self.scene.actions.act(a)
                return True
        return False

    def at(self, pos):
        """Return the action of the face under a point, or None (for the hover preview and tests)."""
        return next((a for rect, _, a in self.items if rect.collidepoint(pos)), None)
