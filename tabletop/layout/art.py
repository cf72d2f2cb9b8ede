"""Card art: a picture from the ruleset's assets/ folder, or a placeholder generated from the card.

The placeholder is drawn from a generator seeded by a hash of the card's id, so the same card
always gets the same picture and two cards almost never share one (pattern, hues and the big
initial all differ). Art paths are resolved inside `assets/` only; anything else is refused.

Every picture (card art, backs, fixed layers, icons) is loaded through `load_image`, which reads its
width and height from the file's header first (`imagesize.py`: PNG, JPEG, GIF, BMP, WebP) and refuses a
picture of more than MAX_PIXELS pixels or one it cannot size, before anything is decoded: a 3.5 MB PNG
can claim 30000×30000 pixels and take gigabytes to decode.
"""
from __future__ import annotations

import colorsys
import math
import random
from pathlib import Path

try:        # hashlib's sha256 without hashlib's OpenSSL set-up (a few ms of every start)
    from _sha256 import sha256
except ImportError:     # pragma: no cover - Python 3.12 names it _sha2
    try:
        from _sha2 import sha256
    except ImportError:
        from hashlib import sha256

import pygame

from ..engine.errors import DataError
from .imagesize import MAX_PIXELS, MAX_SIDE, check_image, image_size  # noqa: F401 (art.image_size, art.MAX_PIXELS)
from .model import asset_path
from . import text as textmod

ART_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".bmp", ".gif")


def resolve_art(ruleset_folder: Path, card) -> Path | None:
    """Return the art file of a card, or None for a placeholder.

    A card's `art:` names a file inside assets/ (refused with DataError if it points outside, or
    if it is missing); without it, `assets/<card id>.<png|jpg|...>` is used when present.
    """
    folder = Path(ruleset_folder)
    if card.art:
        try:
            p = asset_path(folder, card.art)
        except ValueError as e:
            raise DataError(card.path, card.line, f"card {card.id}: art {e}") from None
        if not p.is_file():
            raise DataError(card.path, card.line, f"card {card.id}: art file {card.art!r} not found in "
                            f"{folder / 'assets'}")
        return p
    assets = folder / "assets"
    for suffix in ART_SUFFIXES:
        p = assets / f"{card.id}{suffix}"
        if p.is_file():
            return p
    return None


_images: dict = {}


def load_image(path: Path) -> pygame.Surface:
    """Load an image (cached by path and modification time); a broken or too large file is a DataError."""
    path = Path(path)
    try:
        st = path.stat()
    except OSError as e:
        raise DataError(path, None, f"cannot read the image: {e.strerror}") from None
    key = (str(path), st.st_mtime_ns, st.st_size)
    img = _images.get(key)
    if img is None:
        check_image(path)   # the header's size first: refuse a bomb before decoding it
        try:
            img = pygame.image.load(str(path))
        except (pygame.error, OSError, ValueError) as e:
            raise DataError(path, None, f"cannot read the image: {e}") from None
        if len(_images) > 64:
            _images.clear()
        _images[key] = img
    return img


def fit_image(img: pygame.Surface, size: tuple[int, int], mode: str = "cover") -> pygame.Surface:
    """Scale an image to fill (cover, cropping the middle) or fit inside (contain) a box."""
    w, h = size
    iw, ih = img.get_size()
    if iw == 0 or ih == 0 or w <= 0 or h <= 0:
        return pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    scale = max(w / iw, h / ih) if mode == "cover" else min(w / iw, h / ih)
    sw, sh = max(1, round(iw * scale)), max(1, round(ih * scale))
    if img.get_bitsize() < 24:  # smoothscale needs 24 or 32 bits: copy palette images onto a 32-bit one
        full = pygame.Surface((iw, ih), pygame.SRCALPHA)
        full.blit(img, (0, 0))
        img = full
    scaled = pygame.transform.smoothscale(img, (sw, sh))
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    out.blit(scaled, ((w - sw) // 2, (h - sh) // 2))
    return out


def _seed(card) -> int:
    return int.from_bytes(sha256(f"{card.id}|{card.name}".encode("utf-8")).digest()[:8], "big")


def _hsv(h: float, s: float, v: float) -> tuple[int, int, int]:
    r, g, b = colorsys.hsv_to_rgb(h % 1.0, max(0.0, min(1.0, s)), max(0.0, min(1.0, v)))
    return round(r * 255), round(g * 255), round(b * 255)


def _initial(card, name: str | None = None) -> str:
    """Return the character that stands for a card: the start of its name's last real word.

    "ちいさな火種 ヒノコ" gives ヒ (the monster, not its title); "博愛の仏蘭西人形 -Easy-" gives 博.
    `name` is the name the face shows when not the printed one (an English name): its first word's
    initial, "Kiln Guard" giving K.
    """
    english = bool(name) and name != card.name
    name = name or card.name
    words = [w for w in (name or "").replace("　", " ").split(" ") if w and w[0].isalnum()]
    return (words[0 if english else -1][0] if words else (name or card.id or "?")[0]).upper()


def placeholder(card, size: tuple[int, int], main: tuple, name: str | None = None) -> pygame.Surface:
    """Draw the card's generated picture: its colour's hue varied by the card, a pattern, its initial
    (of `name`, the name the face shows, when given)."""
    w, h = max(1, size[0]), max(1, size[1])
    rng = random.Random(_seed(card))
    base_h, base_s, base_v = colorsys.rgb_to_hsv(*(c / 255 for c in main[:3]))
    hue = base_h + rng.uniform(-0.08, 0.08)
    # Stay near the card's own colour: a grey card gets greyish pictures, a red one reds.
    sat = min(0.7, base_s * 1.1 + rng.uniform(0.05, 0.22))
    top = _hsv(hue, sat * 0.7, 0.92)
    bottom = _hsv(hue + rng.uniform(-0.12, 0.12), sat + 0.15, 0.55 + rng.uniform(0, 0.2))
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(h):  # a vertical gradient, one line at a time: cheap at card sizes
        t = y / max(1, h - 1)
        pygame.draw.line(surf, [round(a + (b - a) * t) for a, b in zip(top, bottom)], (0, y), (w, y))
    ink = _hsv(hue + 0.5 * rng.choice((0, 1)) * 0.2, sat + 0.3, 0.35)
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    kind = rng.randrange(6)
    unit = max(4, min(w, h) // rng.randint(5, 9))
    alpha = (*ink, 70)
    if kind == 0:  # diagonal stripes
        step = unit
        for x in range(-h, w + h, step * 2):
            pygame.draw.polygon(layer, alpha, [(x, 0), (x + step, 0), (x + step + h, h), (x + h, h)])
    elif kind == 1:  # dots on a grid
        off = rng.random()
        for gy in range(-1, h // unit + 2):
            for gx in range(-1, w // unit + 2):
                r = unit * (0.18 + 0.22 * ((gx * 7 + gy * 3 + int(off * 10)) % 3) / 2)
                pygame.draw.circle(layer, alpha, (gx * unit + (unit // 2 if gy % 2 else 0), gy * unit), r)
    elif kind == 2:  # concentric rings
        cx, cy = rng.uniform(0.2, 0.8) * w, rng.uniform(0.2, 0.8) * h
        for r in range(unit, int(math.hypot(w, h)) + unit, unit):
            pygame.draw.circle(layer, alpha, (cx, cy), r, max(1, unit // 3))
    elif kind == 3:  # scattered triangles
        for _ in range(14):
            cx, cy, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(unit * 0.6, unit * 1.8)
            a = rng.uniform(0, math.tau)
            pts = [(cx + r * math.cos(a + k * math.tau / 3), cy + r * math.sin(a + k * math.tau / 3)) for k in range(3)]
            pygame.draw.polygon(layer, alpha, pts)
    elif kind == 4:  # checker
        for gy in range(0, h // unit + 1):
            for gx in range(0, w // unit + 1):
                if (gx + gy) % 2:
                    layer.fill(alpha, (gx * unit, gy * unit, unit, unit))
    else:  # waves
        amp = unit * 0.6
        for k in range(-1, h // unit + 2):
            pts = [(x, k * unit + amp * math.sin(x / unit * 1.3 + k)) for x in range(0, w + 4, 4)]
            if len(pts) > 1:
                pygame.draw.lines(layer, alpha, False, pts, max(1, unit // 4))
    surf.blit(layer, (0, 0))
    # The card's initial, large, in a disc: the quickest way to tell two placeholders apart.
    initial = _initial(card, name)
    disc = min(w, h) * 0.56
    cx, cy = w * rng.uniform(0.38, 0.62), h * 0.5
    pygame.draw.circle(surf, (255, 255, 255, 150), (cx, cy), disc / 2)
    px = disc * 0.62
    adv = textmod.width(initial, px, "bold")
    textmod.render_line(surf, initial, cx - adv / 2, cy - px / 2 + px * textmod.ASCENT, px, (*ink, 255), "bold")
    return surf
