"""Drawing a card's face and back, region by region: the drawing half of `CardRenderer` (render.py).

`FaceDrawing` is a mixin: `CardRenderer` (render.py) holds the ruleset, the layout, the fonts and the
cache and answers what a card shows (its texts, palette, values); these methods turn that into pixels.
The shapes, colours and text-emphasis helpers they use are here too.
"""
from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import replace

import pygame

from ..engine.errors import DataError
from . import art as artmod
from . import text as textmod
from .model import KindLayout, Region, asset_path
from .spec import PT_MM

_CACHE_SIZE = 768


class FaceDrawing:
    """The drawing methods of `CardRenderer`: faces, regions, images, pips, outlines and backs."""

    # --- drawing ------------------------------------------------------------------------------
    def _remember(self, key, surf) -> None:
        self._cache[key] = surf
        while len(self._cache) > _CACHE_SIZE:
            self._cache.popitem(last=False)

    @staticmethod
    def _finish(surf: pygame.Surface) -> pygame.Surface:
        # convert_alpha makes blits fast, but needs a display mode; headless callers get the plain surface.
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            return surf.convert_alpha()
        return surf

    @staticmethod
    def _format(v, join: str) -> str | None:
        if v is None or v == "" or v is False:
            return None
        if isinstance(v, (list, tuple)):
            items = [str(x) for x in v if x not in (None, "")]
            return join.join(items) if items else None
        if isinstance(v, dict):
            return None
        if v is True:
            return "✓"
        if isinstance(v, float):
            return f"{v:g}"
        return str(v)

    def _applies(self, r: Region, card) -> bool:
        for fname, want in r.when:
            v = self.value(card, fname)
            present = v not in (None, "", False) and v != () and v != []
            if want is True:
                ok = present
            elif want is False:
                ok = not present
            elif isinstance(want, tuple):
                ok = str(v) in {str(x) for x in want}
            else:
                ok = str(v) == str(want)
            if not ok:
                return False
        if r.type == "manual":
            return bool(card.manual)
        if r.type in ("frame", "image"):
            return not r.fields_used() or r.always or any(self.value(card, f) not in (None, "") for f in r.fields_used())
        if r.type == "pips":
            try:
                return int(self.value(card, r.field or "cost") or 0) > 0
            except (TypeError, ValueError):
                return False
        if r.fields_used():
            return self.region_text(r, card) is not None
        return bool(r.text) or r.shape != "none"

    def _color(self, value: str, pal: dict):
        if not value or value == "none":
            return None
        if value.startswith("#"):
            return hex_rgb(value)
        c = pal.get(value)
        if isinstance(c, str):
            return hex_rgb(c)
        return c

    def _fit(self, r: Region, s: str, scale: float):
        x, y, w, h = self._inner(r, scale)
        px = r.size * PT_MM * scale
        min_px = r.min_size * PT_MM * scale
        return _cached_fit(s, round(w, 2), round(h, 2), round(px, 2), round(min_px, 2),
                           self._weights.get(r.weight, r.weight), r.wrap, r.line_spacing, r.ellipsis)

    @staticmethod
    def _inner(r: Region, scale: float) -> tuple:
        x, y, w, h = (v * scale for v in r.rect)
        if r.shape in _ROUND_SHAPES:
            side = min(w, h) * (0.8 if r.shape == "circle" else 0.7)
            if r.shape == "ellipse":
                return x + w * 0.15, y + h * 0.15, w * 0.7, h * 0.7
            return x + (w - side) / 2, y + (h - side) / 2, side, side
        pad = r.padding_mm * scale
        return x + pad, y + pad, max(1.0, w - 2 * pad), max(1.0, h - 2 * pad)

    def _draw_face(self, card, kl: KindLayout, w: int, h: int, outlines: bool, square: bool) -> pygame.Surface:
        ss = 2 if w < 400 else 1  # draw small faces at twice the size: smooth corners and circles
        W, H = w * ss, h * ss
        scale = W / kl.size_mm[0]
        scale_y = H / kl.size_mm[1]
        scale = min(scale, scale_y) if abs(scale - scale_y) / scale < 0.02 else scale
        pal = self.palette_for(card)
        surf = pygame.Surface((W, H), pygame.SRCALPHA)
        bg = self._color(kl.background, pal) or (240, 240, 240)
        radius = 0 if square else round(self.layout.corner_mm * scale)
        pygame.draw.rect(surf, bg, (0, 0, W, H), border_radius=radius)
        for r in kl.regions:
            if not self._applies(r, card):
                continue
            try:
                self._draw_region(surf, r, card, pal, scale)
            except (pygame.error, ValueError, TypeError, ZeroDivisionError) as e:
                self.problems[card.id] = f"{self.layout.path}:{r.line}: region {r.name!r}: {e}"
        if outlines:
            self._draw_outlines(surf, kl, scale)
        if ss != 1:
            surf = pygame.transform.smoothscale(surf, (w, h))
        return surf

    def _draw_region(self, surf, r: Region, card, pal: dict, scale: float) -> None:
        rect = pygame.Rect(round(r.rect[0] * scale), round(r.rect[1] * scale),
                           round(r.rect[2] * scale), round(r.rect[3] * scale))
        sw = max(1, round(r.stroke_mm * scale)) if r.stroke_mm > 0 else 0
        fill, stroke, ink = self._color(r.fill, pal), self._color(r.stroke, pal), self._color(r.color, pal)
        shape = r.shape
        if r.type == "rarity":
            entry = self.layout.rarity.get(str(self.value(card, r.field or "rarity")), {})
            fill = self._color(entry.get("fill", ""), pal) or fill
            ink = self._color(entry.get("color", ""), pal) or ink
            shape = entry.get("shape") or shape
            r = _with_shape(r, shape)
        if r.type == "image":
            self._draw_image(surf, rect, card, pal, r)
            if stroke and sw:
                pygame.draw.rect(surf, stroke, rect, sw)
            return
        if r.type == "pips":
            self._draw_pips(surf, rect, r, card, pal, scale, sw)
            return
        draw_shape(surf, shape, rect, fill, stroke, sw, round(r.radius_mm * scale))
        if r.type == "frame":
            return
        s = self.region_text(r, card)
        if not s:
            return
        fit = self._fit(r, s, scale)
        x, y, w, h = self._inner(r, scale)
        block = fit.height
        top = y if r.valign == "top" else (y + (h - block) / 2 if r.valign == "middle" else y + h - block)
        color = ink or (0, 0, 0)
        weight = self._weights.get(r.weight, r.weight)
        inside = False  # within an emphasis bracket pair, carried across lines
        textmod.ICONS.use(self.icons)
        for i, line in enumerate(fit.lines):
            lw = textmod.width(line, fit.px, weight)
            lx = x if r.align == "left" else (x + (w - lw) / 2 if r.align == "center" else x + w - lw)
            baseline = top + i * fit.pitch + fit.px * textmod.ASCENT
            if not r.emphasis:
                textmod.render_line(surf, line, lx, baseline, fit.px, color, weight, r.italic)
                continue
            runs, inside = _emphasis_runs(line, r.emphasis, inside)
            for run, bold in runs:
                lx = textmod.render_line(surf, run, lx, baseline, fit.px, color,
                                         self._weights["bold"] if bold else weight, r.italic)

    def _draw_image(self, surf, rect: pygame.Rect, card, pal: dict, r: Region) -> None:
        pic = None
        if r.src:  # a fixed layer (a frame, a type icon): the same file on every card of the kind
            try:
                p = asset_path(self.ruleset.path, r.src)
                surf.blit(artmod.fit_image(artmod.load_image(p), rect.size, r.fit), rect.topleft)
            except (ValueError, DataError, OSError) as e:
                self.problems[card.id] = f"{self.layout.path}:{r.line}: region {r.name!r}: {e}"
            return
        try:
            path = artmod.resolve_art(self.ruleset.path, card)
            if path is not None:
                pic = artmod.fit_image(artmod.load_image(path), rect.size, r.fit)
        except DataError as e:
            self.problems[card.id] = str(e)
        if pic is None:
            pic = artmod.placeholder(card, rect.size, pal["main"], self.value(card, "name"))   # the name shown
        surf.blit(pic, rect.topleft)

    def _draw_pips(self, surf, rect, r: Region, card, pal: dict, scale: float, sw: int) -> None:
        try:
            n = int(self.value(card, r.field or "cost") or 0)
        except (TypeError, ValueError):
            return
        n = max(0, min(n, 40))
        if not n:
            return
        along = rect.w if r.direction == "row" else rect.h
        across = rect.h if r.direction == "row" else rect.w
        size = min(r.pip_mm * scale, across)
        gap = r.gap_mm * scale
        if n * size + (n - 1) * gap > along:  # too many to fit: shrink pips and gaps together
            k = along / (n * size + (n - 1) * gap)
            size, gap = size * k, gap * k
        total = n * size + (n - 1) * gap
        start = 0 if r.align == "left" else ((along - total) / 2 if r.align == "center" else along - total)
        fill = self._color(r.fill, pal) or self._color(r.color, pal) or pal["main"]   # `color:` counts too
        stroke = self._color(r.stroke, pal)
        for i in range(n):
            off = start + i * (size + gap)
            if r.direction == "row":
                box = pygame.Rect(round(rect.x + off), round(rect.y + (rect.h - size) / 2), round(size), round(size))
            else:
                box = pygame.Rect(round(rect.x + (rect.w - size) / 2), round(rect.y + off), round(size), round(size))
            shape = {"circle": "circle", "diamond": "diamond", "square": "rect", "star": "star"}[r.pip_shape]
            draw_shape(surf, shape, box, fill, stroke, max(1, sw), 0)

    def _draw_outlines(self, surf, kl: KindLayout, scale: float) -> None:
        hue = [(230, 40, 160), (20, 160, 230), (240, 140, 20), (40, 180, 80)]
        label_px = max(9.0, 2.2 * scale)
        for i, r in enumerate(kl.regions):
            c = hue[i % len(hue)]
            rect = pygame.Rect(round(r.rect[0] * scale), round(r.rect[1] * scale),
                               round(r.rect[2] * scale), round(r.rect[3] * scale))
            pygame.draw.rect(surf, c, rect, max(1, round(scale * 0.25)))
            lw = textmod.width(r.name, label_px)
            tag = pygame.Surface((round(lw + 4), round(label_px * 1.25)), pygame.SRCALPHA)
            tag.fill((*c, 210))
            textmod.render_line(tag, r.name, 2, label_px * 0.95, label_px, (255, 255, 255))
            surf.blit(tag, rect.topleft)

    def _draw_back(self, w: int, h: int, square: bool, kl: KindLayout | None = None,
                   bleed_mm: float = 0.0) -> pygame.Surface:
        back = dict(self.layout.back)
        if kl is not None and kl.back:
            back.update(kl.back)
        size_mm = kl.size_mm if kl is not None else self.layout.size_mm
        ss = 2 if w < 400 else 1
        W, H = w * ss, h * ss
        scale = W / size_mm[0]
        pal = self.palette_for(None)
        bg = self._color(back["background"], pal) or (40, 36, 56)
        accent = self._color(back["accent"], pal) or (200, 170, 70)
        surf = pygame.Surface((W, H), pygame.SRCALPHA)
        radius = 0 if square else round(self.layout.corner_mm * scale)
        pygame.draw.rect(surf, bg, (0, 0, W, H), border_radius=radius)
        image = None
        if back.get("image"):
            try:
                p = asset_path(self.ruleset.path, back["image"])
                if p.is_file():
                    image = artmod.fit_image(artmod.load_image(p), (W, H), "cover")
            except (ValueError, DataError) as e:
                self.problems["(back)"] = str(e)
        if image is not None:
            surf.blit(image, (0, 0))
        elif back.get("regions"):
            pal = dict(pal, main=bg, on_main=accent)
            for r in back["regions"]:
                try:
                    self._draw_region(surf, r, _BackCard(kl.kind if kl else ""), pal, scale)
                except (pygame.error, ValueError, TypeError, ZeroDivisionError, DataError) as e:
                    self.problems["(back)"] = f"{self.layout.path}:{r.line}: back region {r.name!r}: {e}"
        else:
            m = round((3 + bleed_mm) * scale)
            inner = pygame.Rect(m, m, W - 2 * m, H - 2 * m)
            lattice = pygame.Surface(inner.size, pygame.SRCALPHA)
            step = max(6, round(6 * scale))
            faint = (*accent[:3], 55)
            for k in range(-inner.h // step - 1, inner.w // step + inner.h // step + 2):
                x0 = k * step
                pygame.draw.line(lattice, faint, (x0, 0), (x0 + inner.h, inner.h), max(1, round(scale * 0.3)))
                pygame.draw.line(lattice, faint, (x0, 0), (x0 - inner.h, inner.h), max(1, round(scale * 0.3)))
            surf.blit(lattice, inner.topleft)
            pygame.draw.rect(surf, accent, inner, max(1, round(0.6 * scale)), border_radius=round(2 * scale))
            cx, cy = W / 2, H / 2
            rad = min(W, H) * 0.3
            pts = [(cx, cy - rad * 1.25), (cx + rad, cy), (cx, cy + rad * 1.25), (cx - rad, cy)]
            pygame.draw.polygon(surf, bg, pts)
            pygame.draw.polygon(surf, accent, pts, max(1, round(0.6 * scale)))
            title = back.get("text", "{name}").format_map(_SafeMap(name=self.ruleset.name,
                                                                     name_en=self.ruleset.name_en,
                                                                     id=self.ruleset.id))
            box_w, box_h = round(rad * 1.5, 2), round(rad, 2)
            big, small = round(7 * PT_MM * scale * 1.6, 2), round(4 * PT_MM * scale, 2)
            # A title reads best on one line, else broken at its spaces, and only then wrapped anywhere.
            fit = _cached_fit(title, box_w, box_h, big, round(big * 0.6, 2), "bold", False, 1.2, True)
            if fit.overflow and " " in title.strip():
                fit = _cached_fit(title.strip().replace(" ", "\n"), box_w, box_h, big, small, "bold", False, 1.2, True)
            if fit.overflow:
                fit = _cached_fit(title, box_w, box_h, big, small, "bold", True, 1.2, True)
            top = cy - fit.height / 2
            for i, line in enumerate(fit.lines):
                lw = textmod.width(line, fit.px, "bold")
                textmod.render_line(surf, line, cx - lw / 2, top + i * fit.pitch + fit.px * textmod.ASCENT,
                                    fit.px, accent, "bold")
        if ss != 1:
            surf = pygame.transform.smoothscale(surf, (w, h))
        return surf


_ROUND_SHAPES = ("circle", "diamond", "hexagon", "ellipse")


def hex_rgb(value: str) -> tuple:
    """Return (r, g, b[, a]) of #rgb, #rrggbb or #rrggbbaa."""
    v = value.lstrip("#")
    if len(v) == 3:
        v = "".join(c * 2 for c in v)
    return tuple(int(v[i:i + 2], 16) for i in range(0, len(v), 2))


def _mix(a: tuple, b: tuple, t: float) -> tuple:
    return tuple(round(x + (y - x) * t) for x, y in zip(a[:3], b[:3]))


def _luma(c: tuple) -> float:
    return (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255


class _BackCard:
    """Stands in for a card when a back's regions are drawn: only its kind is known."""

    id = "(back)"
    art = ""
    name = ""
    manual = False

    def __init__(self, kind: str):
        self.kind = kind

    def get(self, name, default=None):
        return self.kind if name == "kind" else default


class _SafeMap(dict):
    def __missing__(self, key):
        return "{" + key + "}"


def _with_shape(r: Region, shape: str) -> Region:
    return replace(r, shape=shape)


def _emphasis_runs(line: str, pairs: str, inside: bool) -> tuple[list, bool]:
    """Split a line into (run, emphasised) pieces and return them with the state at the line's end.

    Text between an opening and a closing character of `pairs` (e.g. "【】"), brackets included, is
    emphasised; `inside` says whether the line starts within such a pair (a label cut by a line break).
    """
    opens, closes = pairs[0::2], pairs[1::2]
    runs, run = [], ""
    for ch in line:
        if ch in opens and not inside:
            if run:
                runs.append((run, False))
            run, inside = ch, True
        elif ch in closes and inside:
            runs.append((run + ch, True))
            run, inside = "", False
        else:
            run += ch
    if run:
        runs.append((run, inside))
    return runs, inside


_fit_cache: OrderedDict = OrderedDict()


def _cached_fit(*args):
    f = _fit_cache.get(args)
    if f is None:
        s, w, h, px, min_px, weight, wrap_, spacing, ellipsis = args
        f = textmod.fit_text(s, w, h, px, min_px, weight=weight, wrap_lines=wrap_, line_spacing=spacing,
                             ellipsis=ellipsis)
        _fit_cache[args] = f
        if len(_fit_cache) > 4096:
            _fit_cache.popitem(last=False)
    return f


def draw_shape(surf, shape: str, rect: pygame.Rect, fill, stroke, sw: int, radius: int) -> None:
    """Draw a filled and/or outlined shape in a box (rect, rounded, circle, ellipse, diamond, hexagon, banner, star).

    A see-through colour (`#ffffffcc`) is blended over what lies beneath: pygame's draw functions write
    RGBA pixels as they are, which made the card itself see-through there (white once flattened for
    print, the studio's dark panel in its zoom: one face, two results)."""
    if shape == "none" or (fill is None and stroke is None):
        return
    if any(c is not None and len(c) == 4 and c[3] < 255 for c in (fill, stroke)):
        area = pygame.Rect(rect).inflate(2 * sw + 4, 2 * sw + 4)
        layer = pygame.Surface(area.size, pygame.SRCALPHA)
        _draw_shape(layer, shape, pygame.Rect(rect).move(-area.x, -area.y), fill, stroke, sw, radius)
        surf.blit(layer, area.topleft)
        return
    _draw_shape(surf, shape, rect, fill, stroke, sw, radius)


def _draw_shape(surf, shape: str, rect: pygame.Rect, fill, stroke, sw: int, radius: int) -> None:
    x, y, w, h = rect
    cx, cy = rect.center
    poly = None
    if shape == "diamond":
        poly = [(cx, y), (x + w, cy), (cx, y + h), (x, cy)]
    elif shape == "hexagon":
        q = w * 0.25
        poly = [(x + q, y), (x + w - q, y), (x + w, cy), (x + w - q, y + h), (x + q, y + h), (x, cy)]
    elif shape == "banner":
        notch = min(w * 0.15, h * 0.5)
        poly = [(x, y), (x + w, y), (x + w - notch, cy), (x + w, y + h), (x, y + h)]
    elif shape == "star":
        r_out, r_in = min(w, h) / 2, min(w, h) / 2 * 0.45
        poly = [(cx + (r_out if k % 2 == 0 else r_in) * math.sin(k * math.pi / 5),
                 cy - (r_out if k % 2 == 0 else r_in) * math.cos(k * math.pi / 5)) for k in range(10)]
    if poly is not None:
        if fill is not None:
            pygame.draw.polygon(surf, fill, poly)
        if stroke is not None and sw:
            pygame.draw.polygon(surf, stroke, poly, sw)
        return
    if shape == "circle":
        rad = min(w, h) / 2
        if fill is not None:
            pygame.draw.circle(surf, fill, (cx, cy), rad)
        if stroke is not None and sw:
            pygame.draw.circle(surf, stroke, (cx, cy), rad, sw)
        return
    if shape == "ellipse":
        if fill is not None:
            pygame.draw.ellipse(surf, fill, rect)
        if stroke is not None and sw:
            pygame.draw.ellipse(surf, stroke, rect, sw)
        return
    rad = radius if shape == "rounded" else 0
    if fill is not None:
        pygame.draw.rect(surf, fill, rect, border_radius=rad)
    if stroke is not None and sw:
        pygame.draw.rect(surf, stroke, rect, sw, border_radius=rad)
