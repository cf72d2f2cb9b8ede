"""Layout: where zones and cards lie for a view and a window size, and what is under a point.

`geometry.layout` places the zones and the cards of a view; this module adds the spread of an
inspected pile, the drawing order (the hovered hand card on top) and hit tests that follow the cards
as they slide. Nothing here changes the game or the scene.
"""
from __future__ import annotations

import pygame

from .. import geometry


def measure(rs, size, aspect):
    """Return (table area, card width, card height) for a window size."""
    area = geometry.table_area(size)
    cw = geometry.card_width(rs, area, aspect)
    return area, cw, round(cw * aspect)


def place(scene):
    """Return (zones, spots) of the scene's view at its size (the spread pile is added after)."""
    return geometry.layout(scene.view, scene.rs, scene.area, scene.cw, scene.ch)


def zone(zones, key):
    """Return the zone with this key, or None."""
    return next((z for z in zones if z.key == key), None)


def inspect_spots(scene, zones) -> list:
    """Return an inspected pile's visible cards spread over the table, so they can be read and used.

    A hidden pile (a searched deck) shows only the cards the viewer may name, not rows of backs.
    """
    cards = scene.view.zones.get(scene.inspect, [])
    z = zone(zones, scene.inspect)
    if z is not None and not (z.spec.inspect or z.spec.visibility == "public"):
        cards = [c for c in cards if c.uid is not None]
    cw, ch, area = scene.cw, scene.ch, scene.area
    w = max(cw, min(150, int(cw * 1.5)))   # larger than on the table: they are to be read
    h = round(w * ch / cw)
    cols = max(1, (area.w - 40) // (w + 8))
    left = area.centerx - (min(cols, len(cards)) * (w + 8) - 8) // 2   # a short row is centred
    out = []
    for i, c in enumerate(cards):
        row, col = divmod(i, cols)
        cx = left + col * (w + 8) + w // 2
        cy = area.y + 40 + row * (h + 8) + h // 2
        sp = geometry.Spot(("insp", i), c, scene.inspect, (cx, cy), False, 1000 + i, w=w)
        sp.rect = pygame.Rect(0, 0, w, h)
        sp.rect.center = (cx, cy)
        out.append(sp)
    return out


def draw_order(spots, hover_key):
    """Return spots in drawing order: the hovered card of the viewer's hand on top of its hand."""
    if hover_key is None:
        return spots
    for i, s in enumerate(spots):
        if s.key == hover_key and s.hand:
            return spots[:i] + spots[i + 1:] + [s]
    return spots


def spot_rect(scene, s) -> pygame.Rect:
    """Return where a card is drawn now: at its motion's position, a hovered own hand card raised."""
    m = scene.sprites.motions.get(s.key)
    r = s.rect.copy()
    if m is not None:
        r.center = (round(m.pos[0]), round(m.pos[1]))
    if s.hand and s.key == scene.hover_key and s.card.owner == scene.viewer and not (m is not None and m.hold):
        r.y -= 18
    return r


def spot_at(scene, pos, dragged=None):
    """Return the topmost card spot under a point (the spot keyed `dragged` excluded), or None."""
    for s in reversed(draw_order(scene.spots, scene.hover_key)):
        if s.key != dragged and spot_rect(scene, s).collidepoint(pos):
            return s
    return None


def zone_at(zones, pos):
    """Return the smallest zone under a point, or None."""
    best = None
    for z in zones:
        if z.rect.collidepoint(pos) and (best is None or z.rect.w * z.rect.h < best.rect.w * best.rect.h):
            best = z
    return best
