"""The one card renderer: faces and backs as plain pygame surfaces, cached by what they show.

The table, the studio and the export all draw cards through `CardRenderer`, so a layout change
shows the same everywhere. It needs no window: surfaces are converted for fast blitting only
when a display mode exists.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import replace
from pathlib import Path

import pygame

from ..engine.backs import back_groups
from . import text as textmod
from .facedraw import FaceDrawing, _luma, _mix, draw_shape, hex_rgb
from .model import (
    KindLayout,
    Layout,
    Region,
    asset_path,
    default_layout,
    load_layout,
)
from .spec import _FIELD_REF, _HEX


class CardRenderer(FaceDrawing):
    """Draw the faces and back of a ruleset's cards from a layout (its layout.yaml, or the default).

    `face(card, width_px)` and `back(width_px, back_id=...)` return cached `pygame.Surface`s with per-pixel
    alpha (rounded corners); `aspect` is height/width of the default card size. Problems met while
    drawing (art refused or unreadable) are kept in `problems` ({card id: message}) and the face
    shows a placeholder instead, so a table never stops over a picture.
    """

    def __init__(self, ruleset, layout: Layout | str | Path | None = None):
        self.ruleset = ruleset
        if layout is None:
            path = Path(ruleset.path) / "layout.yaml"
            layout = load_layout(path, ruleset) if path.exists() else default_layout(ruleset)
        elif isinstance(layout, (str, Path)):
            layout = load_layout(layout, ruleset)
        self.layout: Layout = layout
        # The reader's language: "en"/"ja", or the window's words (their `.language`, so a switch shows at
        # once). It changes a face only when the layout says `language: player` (see reading()).
        self.language = None
        self.problems: dict[str, str] = {}
        # A weight names a chain of fonts in text.py; a layout's own font goes first in its chain.
        self._weights = {}
        for w in ("regular", "bold"):
            name = layout.fonts.get(w) or (layout.fonts.get("regular") if w == "bold" else None)
            try:
                self._weights[w] = textmod.custom_weight(w, asset_path(ruleset.path, name)) if name else w
            except ValueError:
                self._weights[w] = w
        self.icons = textmod.IconSet(Path(ruleset.path) / "assets" / "icons")
        self._cache: OrderedDict = OrderedDict()
        self._keys: dict = {}
        self._key_ids: dict = {}
        self._back_kinds: dict | None = None    # back id -> a kind showing it (back_kind)
        if not pygame.freetype.get_init():
            pygame.freetype.init()

    # --- public API ---------------------------------------------------------------------------
    @property
    def aspect(self) -> float:
        """Return height / width of a card (the layout's card size)."""
        return self.layout.aspect

    def aspect_of(self, kind: str) -> float:
        return self.layout.for_kind(kind).aspect

    def size_for(self, card, width_px: int) -> tuple[int, int]:
        """Return the pixel size of a card's face at a width (kinds may differ in shape)."""
        return width_px, max(1, round(width_px * self.layout.for_kind(card.kind).aspect))

    def reading(self) -> str | None:
        """Return "en" when faces show each field's English (`X_en`) in place of the printed one, else None.

        That is when the layout is `language: player` and the reader reads English; a `printed`
        layout (the default) shows every card as printed, in any language.
        """
        if self.layout.language != "player":
            return None
        lang = getattr(self.language, "language", self.language)
        return "en" if lang == "en" else None

    def clear(self) -> None:
        """Forget every cached face (after art files changed on disk)."""
        self._cache.clear()
        self.problems.clear()
        self._back_kinds = None

    def face(self, card, width_px: int, height_px: int | None = None, *, outlines: bool = False,
             square: bool = False) -> pygame.Surface:
        """Return the face of a card at a width (height from the kind's aspect unless given).

        `outlines` draws every region's box and name (for aligning them in the studio); `square`
        leaves the corners square and filled, as print files need.
        """
        width_px = max(8, int(width_px))
        kl = self.layout.for_kind(card.kind)
        if height_px is None:
            height_px = max(8, round(width_px * kl.aspect))
        key = ("face", self._face_key(card), width_px, int(height_px), outlines, square, self.reading())
        surf = self._cache.get(key)
        if surf is None:
            surf = self._finish(self._draw_face(card, kl, width_px, int(height_px), outlines, square))
            self._remember(key, surf)
        else:
            self._cache.move_to_end(key)
        return surf

    def print_face(self, card, dpi: int, bleed_mm: float = 0.0) -> pygame.Surface:
        """Draw a card's face for print, uncached: square corners, and `bleed_mm` of real bleed.

        The bleed is drawn, not stretched: the background fills it, and every region that touches
        a trim edge (full-bleed art, a border band) grows past that edge by the bleed, so art
        beyond the trim shows there. The result is (trim + 2·bleed) at the dpi.
        """
        kl = self.layout.for_kind(card.kind)
        w, h = print_px(kl.size_mm, dpi, bleed_mm)
        return self._draw_face(card, bleed_kind(kl, bleed_mm), w, h, False, True)

    def print_back(self, kind: str | None, dpi: int, bleed_mm: float = 0.0) -> pygame.Surface:
        """Draw the back of a card kind for print, uncached, with real bleed (see print_face)."""
        kl = self.layout.for_kind(kind) if kind else self.layout.default
        w, h = print_px(kl.size_mm, dpi, bleed_mm)
        return self._draw_back(w, h, True, bleed_kind(kl, bleed_mm), bleed_mm)

    def back_key(self, kind: str | None) -> tuple:
        """Return what a kind's back looks like as a key: kinds with equal keys share one back."""
        kl = self.layout.for_kind(kind) if kind else self.layout.default
        b = kl.back or self.layout.back
        return (kl.size_mm, b.get("background"), b.get("accent"), b.get("text"), b.get("image"),
                tuple(b.get("regions") or ()))

    def _face_key(self, card) -> int:
        # face_key() sorts and reprs the stats on every call; a table asks for ~80 faces a frame.
        # Remember it per card object (a reloaded card is a new object, so never stale).
        hit = self._keys.get(id(card))
        if hit is not None and hit[0] is card:
            return hit[1]
        # Stand the big key in for a small number: hashing it on every lookup is most of a lookup's cost.
        key = self._key_ids.setdefault(card.face_key(), len(self._key_ids))
        if len(self._keys) > 4096:
            self._keys.clear()
        self._keys[id(card)] = (card, key)
        return key

    def back_kind(self, back_id: int | None) -> str | None:
        """Return a card kind whose back is the back design `back_id` (a hidden card's `CardView.back`,
        numbered by `tabletop.engine.backs.back_groups`), or None: the layout's own back."""
        if back_id is None:
            return None
        if self._back_kinds is None:
            self._back_kinds = {}
            for kind, bid in back_groups(self.ruleset.path, list(self.ruleset.card_kinds)).items():
                self._back_kinds.setdefault(bid, kind)
        return self._back_kinds.get(back_id)

    def back(self, width_px: int, height_px: int | None = None, *, square: bool = False,
             kind: str | None = None, back_id: int | None = None) -> pygame.Surface:
        """Return a card back at a width: the kind's back (layout `kinds.K.back`), else the layout's
        back: its image, its regions, or a generated pattern with the game's name. `back_id` (a hidden
        card's back, see `back_kind`) stands for a kind that shows that back."""
        if kind is None and back_id is not None:
            kind = self.back_kind(back_id)
        width_px = max(8, int(width_px))
        kl = self.layout.for_kind(kind) if kind else self.layout.default
        if height_px is None:
            height_px = max(8, round(width_px * (kl.aspect if kl else self.aspect)))
        key = ("back", self.back_key(kind), width_px, int(height_px), square)
        surf = self._cache.get(key)
        if surf is None:
            surf = self._finish(self._draw_back(width_px, int(height_px), square, kl))
            self._remember(key, surf)
        return surf

    def texts(self, card) -> list[tuple[Region, str]]:
        """Return each text a face of this card shows, with its region (for glyph and fit checks)."""
        out = []
        for r in self.layout.for_kind(card.kind).regions:
            if r.type in ("text", "number", "rarity", "manual") and self._applies(r, card):
                s = self.region_text(r, card)
                if s:
                    out.append((r, s))
        return out

    def overflows(self, card, width_px: int | None = None) -> list[tuple[str, str]]:
        """Return (region name, text) for each text that does not fit its region even at its minimum size.

        Measured at the layout's print resolution unless a width is given.
        """
        kl = self.layout.for_kind(card.kind)
        if width_px is None:
            width_px = round(kl.size_mm[0] / 25.4 * self.layout.dpi)
        scale = width_px / kl.size_mm[0]
        bad = []
        for r, s in self.texts(card):
            fit = self._fit(r, s, scale)
            if fit.overflow:
                bad.append((r.name, s))
        return bad

    def palette_for(self, card) -> dict:
        """Return the colour slots (main, light, dark, on_main, ink, paper, muted, ...) of a card."""
        lay = self.layout
        value = card.get(lay.palette_field) if card is not None else None
        if isinstance(value, (list, tuple)):
            value = value[0] if value else None
        key = "" if value is None else str(value)
        own = lay.colors.get(key, {})
        default = lay.colors.get("default", {})
        rs_color = self.ruleset.colors.get(key, {}).get("rgb") if key else None
        main_hex = own.get("main") or rs_color or default.get("main") or lay.palette.get("main") or "#8c8c8c"
        main = hex_rgb(main_hex)[:3]
        pal = {
            "main": main,
            "light": _mix(main, (255, 255, 255), 0.78),
            "dark": _mix(main, (0, 0, 0), 0.45),
            "on_main": (255, 255, 255) if _luma(main) < 0.62 else (28, 26, 24),
            "ink": (29, 27, 25),
            "paper": (247, 243, 234),
            "muted": (110, 104, 98),
        }
        for src in (lay.palette, default, own):
            for k, v in src.items():
                if k != "main" and isinstance(v, str) and _HEX.match(v):
                    pal[k] = hex_rgb(v)
        return pal

    def region_text(self, r: Region, card) -> str | None:
        """Return what a text-like region shows for a card, or None when the card lacks its field.

        `{icon}` in the result (from card text) becomes the icon's character (see text.IconSet).
        """
        s = self._region_text(r, card)
        return self.icons.sub(s) if s and "{" in s else s

    def unknown_icons(self, card) -> list[tuple[Region, str]]:
        """Return (region, name) for each `{name}` a face shows that no icon file draws."""
        out = []
        for r in self.layout.for_kind(card.kind).regions:
            if r.type in ("text", "number") and self._applies(r, card):
                s = self._region_text(r, card) or ""
                out += [(r, n) for n in self.icons.unknown(s)]
        return out

    def _region_text(self, r: Region, card) -> str | None:
        if r.type == "manual":
            return r.text or "MANUAL"
        if r.type == "rarity":
            v = self.value(card, r.field or "rarity")
            if v is None:
                return None
            return str(self.layout.rarity.get(str(v), {}).get("label", v))
        if r.template is not None:
            found = False

            def sub(m):
                nonlocal found
                v = self._format(self.value(card, m.group(1)), r.join)
                if v is None:
                    return ""
                found = True
                if m.group(2):
                    try:
                        return format(self.value(card, m.group(1)), m.group(2))
                    except (ValueError, TypeError):
                        return v
                return v

            s = _FIELD_REF.sub(sub, r.template)
            if not found and _FIELD_REF.search(r.template):
                return None
            return s.strip(" 　\n") or None
        if r.field:
            v = self._format(self.value(card, r.field), r.join)
            if v is None:
                return None
            return (r.text + v) if r.text else v
        return r.text or None

    def value(self, card, name: str):
        """Return a card field, or one computed from the ruleset (kind_label, color_label, ...).

        When faces are read in English (`reading()`), a field with an English twin that the card fills
        (name → name_en, text → text_en, kind_label → kind_label_en, ...) gives the twin.
        """
        rs = self.ruleset
        if self.reading() == "en" and not name.endswith("_en"):
            if name in ("kind_label", "color_label"):
                name += "_en"
            else:
                en = card.get(name + "_en")
                if en not in (None, ""):
                    return en
        if name == "kind_label":
            return rs.card_kinds.get(card.kind, {}).get("label") or card.kind
        if name == "kind_label_en":
            k = rs.card_kinds.get(card.kind, {})
            return k.get("label_en") or card.kind
        if name == "color_label":
            return rs.colors.get(card.color, {}).get("label") or card.color or None
        if name == "color_label_en":
            c = rs.colors.get(card.color, {})
            return c.get("label_en") or card.color or None
        if name == "id":
            return card.id
        return card.get(name)


def print_px(size_mm: tuple, dpi: int, bleed_mm: float = 0.0) -> tuple[int, int]:
    """Return the pixel size of a card printed at dpi with bleed on every side (trim and bleed
    rounded separately, so the trim is always exactly the size of a face without bleed)."""
    b = round(bleed_mm / 25.4 * dpi)
    return round(size_mm[0] / 25.4 * dpi) + 2 * b, round(size_mm[1] / 25.4 * dpi) + 2 * b


EDGE_MM = 0.05  # a region this close to a trim edge touches it, and is drawn into the bleed


def bleed_kind(kl: KindLayout, bleed_mm: float) -> KindLayout:
    """Return the kind grown by bleed_mm on each side: regions shifted in, and each region that
    touches a trim edge stretched past it to the new edge."""
    if bleed_mm <= 0:
        return kl
    W, H = kl.size_mm
    b = bleed_mm
    out = []
    for r in kl.regions:
        x, y, w, h = r.rect
        x0, y0, x1, y1 = x + b, y + b, x + w + b, y + h + b
        if r.type in ("image", "frame"):  # text stays inside the trim; only pictures and bands bleed
            if x <= EDGE_MM:
                x0 = 0
            if y <= EDGE_MM:
                y0 = 0
            if x + w >= W - EDGE_MM:
                x1 = W + 2 * b
            if y + h >= H - EDGE_MM:
                y1 = H + 2 * b
        out.append(replace(r, rect=(x0, y0, x1 - x0, y1 - y0)))
    back = dict(kl.back or {})
    if back.get("regions"):
        back["regions"] = tuple(replace(r, rect=(r.rect[0] + b, r.rect[1] + b, r.rect[2], r.rect[3]))
                                for r in back["regions"])
    return replace(kl, size_mm=(W + 2 * b, H + 2 * b), regions=tuple(out), back=back)


__all__ = ["CardRenderer", "draw_shape", "hex_rgb"]
