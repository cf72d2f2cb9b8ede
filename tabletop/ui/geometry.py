"""Where things go: the table area, each zone's rectangle, and each card's spot.

Zone rects in ruleset.yaml are fractions of the table area (the window minus the top bar, the
side panel and the status line), written for the bottom player. The opponent's zones are the
same rects turned half a turn: x' = 1 - x - w, y' = 1 - y - h. Shared zones are drawn once.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

import pygame

TOP_BAR = 34      # phase bar and shared values
SIDE_PANEL = 300  # player panels, log, buttons (right edge)
STATUS_BAR = 28   # messages and hints (bottom edge)
LABEL_H = 16      # a zone's name above its cards
FAN = 16          # how far attached cards peek out from under their host
FAN_DEG = 3.0     # the most a card of the opponent's fanned hand leans, per card from the middle
FAN_DROP = 1.5    # how far the fan's outer cards rise, in px (times the distance from the middle ** 1.6)
ATTACK_STEP = 0.2 # how far an attacking card (flags["attacking"]) slides forward, in card heights
# The viewer's own hand is never drawn narrower than this share of the table area's height (100 px at
# 1600x900): name, cost and numbers stay legible. A hand zone too low for it lets its cards stand up
# out of the zone's top edge, over the table, as a hand held in front of the board does.
HAND_MIN = 0.12


def table_area(size) -> pygame.Rect:
    w, h = size
    return pygame.Rect(0, TOP_BAR, w - SIDE_PANEL, h - TOP_BAR - STATUS_BAR)


def zone_key_owner(key: str):
    owner, _ = key.split(".", 1)
    return None if owner == "shared" else int(owner)


def zone_rect(spec, owner, viewer: int, area: pygame.Rect) -> pygame.Rect:
    """Return a zone's rect in pixels; the viewer's own and shared zones as written, the other's mirrored."""
    x, y, w, h = (list(spec.rect) + [0.1, 0.1, 0.1, 0.1])[:4]
    if owner is not None and owner != viewer:
        x, y = 1 - x - w, 1 - y - h
    return pygame.Rect(round(area.x + x * area.w), round(area.y + y * area.h), round(w * area.w), round(h * area.h))


def card_width(ruleset, area: pygame.Rect, aspect: float) -> int:
    """Return the width of a card on the table: the tallest card every zone can hold, within bounds."""
    heights = []
    for spec in ruleset.zones.values():
        hpx = spec.rect[3] * area.h if len(spec.rect) == 4 else 0.1 * area.h
        if hpx >= 40:
            heights.append(hpx - LABEL_H - 6 - (FAN if spec.kind == "slot" else 0))
    ch = min(heights) if heights else area.h * 0.16
    return int(max(44, min(150, ch / aspect, area.w / 14)))


@dataclass
class Spot:
    """One card to draw: what it is (a CardView), where (centre, unrotated size), and how."""

    key: object            # uid, or ("pile", zone, index) for a card with no uid
    card: object           # CardView
    zone: str
    center: tuple
    tapped: bool
    layer: int
    host: int | None = None
    w: int = 0             # the card's width here (zones with room show bigger cards)
    hand: bool = False
    rect: pygame.Rect = field(default=None)   # the drawn rectangle (rotated when tapped)
    fan: float = 0.0       # degrees the card leans (counter-clockwise) in a fanned hand


@dataclass
class ZoneBox:
    key: str
    spec: object
    rect: pygame.Rect
    owner: int | None
    count: int


def layout(view, ruleset, area: pygame.Rect, cw: int, ch: int) -> tuple[list[ZoneBox], list[Spot]]:
    """Place every zone and every card of a view; return (zones, spots in drawing order)."""
    zones, spots = [], []
    viewer = view.viewer
    for key, cards in view.zones.items():
        owner = zone_key_owner(key)
        name = key.split(".", 1)[1]
        spec = ruleset.zones.get(name)
        if spec is None:
            continue
        zr = zone_rect(spec, owner, viewer, area)
        zones.append(ZoneBox(key, spec, zr, owner, len(cards)))
        mine = owner is None or owner == viewer
        inner = pygame.Rect(zr.x + 3, zr.y + LABEL_H, zr.w - 6, max(10, zr.h - LABEL_H - 3))
        if not mine:   # the opponent's label sits at the bottom of their (mirrored) zone
            inner.y = zr.y + 3
        # A zone with room for bigger cards (often the hand) shows them bigger, within limits.
        room = (inner.h - (FAN if spec.kind == "slot" else 0) - 4) / (ch / cw)
        own_hand = spec.kind == "hand" and owner == viewer
        least = round(HAND_MIN * area.h) if own_hand else cw
        zw = int(max(cw, least, min(room, max(cw * 1.5, least), 150)))
        if spec.kind in ("pile", "slot") and inner.w - 6 < zw:   # one card side by side with nothing: fit the width
            zw = max(24, inner.w - 6 - (FAN if spec.kind == "slot" else 0))
        zh = round(zw * ch / cw)
        if own_hand and zh + 4 > inner.h:    # stand up out of the zone's top edge, bottom edges kept
            inner = pygame.Rect(inner.x, inner.bottom - zh - 4, inner.w, zh + 4)
        first = len(spots)
        if spec.kind == "pile":
            _pile(spots, key, cards, inner, zw, zh)
        else:
            _spread(spots, key, cards, inner, zw, zh, spec.kind, mine)
        for s in spots[first:]:
            s.w = zw
    owners = {z.key: z.owner for z in zones}
    for s in spots:   # an attacker (flags["attacking"]) steps forward, towards the other player
        if s.card.flags.get("attacking") and s.host is None:
            sh = round(s.w * ch / cw)
            step = round(ATTACK_STEP * sh) * (1 if owners.get(s.zone) not in (None, viewer) else -1)
            s.center = (s.center[0], s.center[1] + step)
    order = {"pile": 0, "row": 1, "slot": 1, "hand": 3}
    kinds = {z.key: z.spec.kind for z in zones}
    spots.sort(key=lambda s: (order.get(kinds.get(s.zone), 1), s.layer))
    for s in spots:
        sw, sh = s.w, round(s.w * ch / cw)
        w, h = (sh, sw) if s.tapped else (sw, sh)
        s.rect = pygame.Rect(0, 0, w, h)
        s.rect.center = s.center
    return zones, spots


def _pile(spots, key, cards, inner, cw, ch):
    if not cards:
        return
    # only the top few are drawn; the rest are the stack's edge (drawn by the table)
    n = len(cards)
    depth = min(3, n - 1)
    cx, cy = inner.center
    top = cards[-1].back      # a pile shows only its top card's back: its edge is drawn in that back
    for i, c in enumerate(cards[-(depth + 1):]):
        idx = n - depth - 1 + i
        if top is not None and c.cid is None and c.back is None:
            c = replace(c, back=top)
        k = c.uid if c.uid is not None else ("pile", key, idx)
        off = (depth - i) * 2
        spots.append(Spot(k, c, key, (cx - off, cy + off), c.tapped, i))


def _spread(spots, key, cards, inner, cw, ch, kind, mine):
    n = len(cards)
    if not n:
        return
    fan_dir = -1 if mine else 1
    widths = [(ch if c.tapped else cw) + FAN * min(len(c.attached), 3) * (kind != "hand") for c in cards]
    gap = 6
    total = sum(widths) + gap * (n - 1)
    if total <= inner.w or n == 1:
        scale = 1.0
        x = inner.centerx - total / 2
    else:   # overlap the cards evenly so that they all fit, the last one whole
        gap = 0
        scale = max(0.08, (inner.w - widths[-1]) / sum(widths[:-1]))
        x = inner.x
    cy = inner.centery
    for i, c in enumerate(cards):
        w = widths[i]
        body = ch if c.tapped else cw
        natt = len(c.attached)
        shown = min(natt, 3)
        cx = x + FAN * shown + body / 2
        spots_host = Spot(c.uid if c.uid is not None else ("row", key, i), c, key, (cx, cy), c.tapped,
                          10 * i + 5, hand=(kind == "hand"))
        # attached cards peek out behind the host, up and to the left (towards the owner's side, mirrored)
        for j, a in enumerate(c.attached[-3:] if natt > 3 else c.attached):
            d = shown - j
            spots.append(Spot(a.uid if a.uid is not None else ("att", key, i, j), a, key,
                              (cx - FAN * d, cy + fan_dir * FAN * d * 0.5), a.tapped, 10 * i + j, host=c.uid))
        if kind == "hand" and not mine and n > 1:   # the other player holds their cards in a slight fan
            off = i - (n - 1) / 2
            spots_host.fan = off * min(FAN_DEG, 24.0 / n)   # leaning towards their hand, above the arc
            rise = FAN_DROP * (abs(off) ** 1.6 - ((n - 1) / 2) ** 1.6 / 2)   # the arc centred on the zone
            spots_host.center = (cx, cy - rise)
        spots.append(spots_host)
        x += w * scale + gap
