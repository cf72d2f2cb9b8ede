"""Card faces and backs: the layout renderer, else (a layout that fails to load) a clean built-in face.

Both offer the same interface (`face(card_def, width_px)`, `back(width_px, back_id=None)`, `aspect`), so the
table never knows which one it has. `make_renderer(ruleset)` picks one.
"""
from __future__ import annotations

import sys

import pygame

from tabletop.layout import CardRenderer as _LayoutRenderer

from . import fonts

ASPECT = 88 / 63   # a standard trading card, height / width
_DEFAULT_COLOR = (120, 120, 128)
# The built-in back's (edge, field, lattice) colours, one set per back design: blue, then red, green, ochre.
_BACK_COLOURS = [((28, 36, 70), (52, 66, 120), (62, 78, 140)), ((70, 28, 32), (120, 52, 58), (140, 62, 70)),
                 ((26, 62, 40), (48, 108, 70), (58, 128, 84)), ((74, 56, 20), (128, 98, 40), (148, 116, 50))]


def _rgb(text: str, default=_DEFAULT_COLOR):
    try:
        return tuple(pygame.Color(text))[:3]
    except (ValueError, TypeError):
        return default


def _mix(a, b, t: float):
    return tuple(int(x + (y - x) * t) for x, y in zip(a, b))


class BuiltinRenderer:
    """Draw a readable face: name, cost, kind, rules text wrapped, stats; cached by (card, width)."""

    aspect = ASPECT

    def __init__(self, ruleset):
        self.rs = ruleset
        self._faces: dict = {}
        self._backs: dict = {}

    def face(self, card, width: int) -> pygame.Surface:
        key = (card.face_key(), int(width))
        surf = self._faces.get(key)
        if surf is None:
            surf = self._faces[key] = self._draw_face(card, int(width))
        return surf

    def back(self, width: int, back_id: int | None = None) -> pygame.Surface:
        """Return the back at a width; each back design of the layout (`back_id`, a hidden card's
        `CardView.back`) in its own colours, so cards with different backs stay apart."""
        key = (int(width), back_id)
        surf = self._backs.get(key)
        if surf is None:
            surf = self._backs[key] = self._draw_back(int(width), back_id or 0)
        return surf

    # --- drawing ---------------------------------------------------------------------------
    def _color(self, card):
        spec = self.rs.colors.get(card.color)
        return _rgb(spec["rgb"]) if spec else _DEFAULT_COLOR

    def _draw_face(self, card, w: int) -> pygame.Surface:
        h = round(w * self.aspect)
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        col = self._color(card)
        r = max(3, w // 16)
        pygame.draw.rect(s, _mix(col, (20, 20, 24), 0.35), s.get_rect(), border_radius=r)
        inner = s.get_rect().inflate(-max(4, w // 18), -max(4, w // 18))
        pygame.draw.rect(s, (246, 242, 232), inner, border_radius=max(2, r - 2))
        pad = max(3, w // 20)
        x0, y = inner.x + pad, inner.y + pad // 2
        iw = inner.w - 2 * pad
        stats = dict(card.stats)
        cost = stats.pop("cost", None)
        # name bar (cost in a circle on the left)
        ns = max(8, w // 10)
        bar = pygame.Rect(inner.x, inner.y, inner.w, ns + pad + 2)
        pygame.draw.rect(s, _mix(col, (255, 255, 255), 0.55), bar, border_top_left_radius=max(2, r - 2),
                         border_top_right_radius=max(2, r - 2))
        nx = x0
        if cost is not None:
            cr = (ns + 4) // 2 + 1
            c = (x0 + cr - 1, bar.centery)
            pygame.draw.circle(s, _mix(col, (0, 0, 0), 0.2), c, cr)
            t = fonts.text(str(cost), ns, (255, 255, 255), True)
            s.blit(t, t.get_rect(center=c))
            nx = x0 + 2 * cr + 2
        name = fonts.ellipsize(card.name, ns, inner.right - pad - nx, True)
        t = fonts.text(name, ns, (25, 25, 30), True)
        s.blit(t, t.get_rect(midleft=(nx, bar.centery)))
        y = bar.bottom + 2
        # kind line
        ks = max(7, w // 15)
        kind = self.rs.card_kinds.get(card.kind, {})
        kind_label = kind.get("label", card.kind) if isinstance(kind, dict) else card.kind
        line = kind_label + ("  ・" + "・".join(card.keywords) if card.keywords else "")
        t = fonts.text(fonts.ellipsize(line, ks, iw), ks, (70, 70, 80))
        s.blit(t, (x0, y))
        y += t.get_height()
        # art window: a tinted panel with the card's initial, so faces differ at a glance
        art_h = int(h * 0.26)
        art = pygame.Rect(x0, y, iw, art_h)
        pygame.draw.rect(s, _mix(col, (255, 255, 255), 0.25), art, border_radius=3)
        pygame.draw.rect(s, _mix(col, (0, 0, 0), 0.3), art, 1, border_radius=3)
        big = fonts.text(card.name[:1], int(art_h * 0.7), _mix(col, (255, 255, 255), 0.8), True)
        s.blit(big, big.get_rect(center=art.center))
        y = art.bottom + 3
        # stats line at the bottom
        stat_text = "  ".join(f"{self._stat_label(card, k)} {v}" for k, v in stats.items()
                              if isinstance(v, (int, float, str)) and str(v) != "")
        bottom = inner.bottom - pad // 2
        if stat_text:
            ss = max(8, w // 12)
            t = fonts.text(fonts.ellipsize(stat_text, ss, iw, True), ss, (30, 30, 35), True)
            bottom -= t.get_height()
            s.blit(t, (inner.right - pad - t.get_width(), bottom))
        # rules text: the largest size that fits, down to a floor; cut with … below that
        if card.text:
            box_h = bottom - y - 2
            for ts in range(max(8, w // 13), 6, -1):
                lines = fonts.wrap(card.text, ts, iw)
                lh = fonts.font(ts).get_linesize()
                if len(lines) * lh <= box_h:
                    break
            max_lines = max(1, box_h // lh)
            if len(lines) > max_lines:
                lines = lines[:max_lines]
                lines[-1] = fonts.ellipsize(lines[-1] + "…", ts, iw)
            for ln in lines:
                t = fonts.text(ln, ts, (20, 20, 25))
                s.blit(t, (x0, y))
                y += lh
        return s

    def _stat_label(self, card, key: str) -> str:
        kind = self.rs.card_kinds.get(card.kind, {})
        fields = kind.get("fields", {}) if isinstance(kind, dict) else {}
        spec = fields.get(key) or {}
        label = spec.get("label") if isinstance(spec, dict) else ""
        return label or key.upper() if len(key) <= 3 else (label or key)

    def _draw_back(self, w: int, n: int = 0) -> pygame.Surface:
        h = round(w * self.aspect)
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        r = max(3, w // 16)
        dark, mid, line = _BACK_COLOURS[n % len(_BACK_COLOURS)]
        pygame.draw.rect(s, dark, s.get_rect(), border_radius=r)
        inner = s.get_rect().inflate(-max(6, w // 10), -max(6, w // 10))
        pygame.draw.rect(s, mid, inner, border_radius=max(2, r - 2))
        step = max(6, w // 8)
        for i in range(-h, w + h, step):
            pygame.draw.line(s, line, (inner.x + i, inner.y), (inner.x + i + inner.h, inner.bottom))
        pygame.draw.rect(s, (200, 180, 110), inner, max(1, w // 50), border_radius=max(2, r - 2))
        t = fonts.text(fonts.ellipsize(self.rs.name, max(8, w // 9), inner.w - 4, True), max(8, w // 9),
                       (230, 215, 160), True)
        s.blit(t, t.get_rect(center=inner.center))
        return s


def make_renderer(ruleset):
    """Return the layout renderer for this ruleset, or the built-in one when its layout does not load."""
    try:
        return _LayoutRenderer(ruleset)
    except Exception as e:  # noqa: BLE001 — a broken layout must not stop a game: fall back, and say why
        print(f"tabletop: card layout for {ruleset.id} failed ({e}); using the built-in faces", file=sys.stderr)
    return BuiltinRenderer(ruleset)
