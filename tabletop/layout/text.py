"""Text on card faces: fonts with fallbacks, Japanese line breaking (kinsoku), shrink-to-fit.

Glyphs come from pygame_gui's Noto Sans JP; a character it lacks (✕, some dingbats) falls back
to Noto Sans SC, Noto Sans and Fira Code, so a face never shows a box where any of them has the glyph.
Sizes here are pixels; the renderer converts points to pixels.
"""
from __future__ import annotations

import importlib.resources
import math
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pygame
import pygame.freetype

from ..engine.errors import DataError
from .imagesize import check_image

# A line never starts with these (closing brackets, small kana, the long-vowel mark, punctuation)...
NO_LINE_START = set(
    "、。，．,.・·：；:;？！?!‼⁇⁈⁉゛゜ヽヾゝゞ々〻ー－―‐‑〜～…‥」』）)］]｝}〕〉》】〙〗〟’”»›"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ％%‰℃°′″"
)
# ...and never ends with these (opening brackets).
NO_LINE_END = set("「『（(［[｛{〔〈《【〘〖〝‘“«‹")
# Characters that belong to one unbreakable Latin word or number.
_WORD = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-'_/#&@*.,:$=<>~^")
ELLIPSIS = "…"
_FALLBACKS = {
    "regular": ("NotoSansJP-Regular.otf", "NotoSansSC-Regular.otf", "NotoSans-Regular.ttf", "FiraCode-Regular.ttf"),
    "bold": ("NotoSansJP-Bold.otf", "NotoSansSC-Bold.otf", "NotoSans-Bold.ttf", "FiraCode-Regular.ttf"),
}
# Noto CJK's ideographic em box: the baseline sits 0.88 em below the top of a line.
ASCENT = 0.88


def _font_file(name: str) -> str:
    if os.path.isabs(name):  # a ruleset's own font (assets/...)
        return name
    return str(importlib.resources.files("pygame_gui.data") / name)


def custom_weight(weight: str, path) -> str:
    """Return the weight key of a chain that starts with the font file at `path`, then falls back
    to the usual chain (Noto Sans JP first) for the glyphs it lacks; the plain weight if the file
    cannot be read as a font."""
    key = f"{weight}@{path}"
    try:
        _font(str(path))
    except (OSError, pygame.error, FileNotFoundError):
        return weight
    return key


@lru_cache(maxsize=None)
def _font(name: str) -> pygame.freetype.Font:
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    f = pygame.freetype.Font(_font_file(name))
    f.origin = True  # render_to positions the baseline, so lines of mixed fonts line up
    f.pad = False
    f.kerning = False
    return f


class _Chain:
    """A weight's fallback fonts, each opened when first asked for: most text never needs past the
    first (opening the 8 MB Chinese font for nothing cost a table's first frame milliseconds)."""

    def __init__(self, names: tuple[str, ...]):
        self.names = names

    def __len__(self) -> int:
        return len(self.names)

    def __getitem__(self, i: int) -> pygame.freetype.Font:
        return _font(self.names[i])

    def __iter__(self):
        return (_font(n) for n in self.names)


def _chain_names(weight: str) -> tuple[str, ...]:
    if "@" in weight:
        base, path = weight.split("@", 1)
        return (path,) + _chain_names(base)
    return _FALLBACKS.get(weight, _FALLBACKS["regular"])


@lru_cache(maxsize=64)
def fonts(weight: str = "regular") -> _Chain:
    """Return the fallback chain of fonts for a weight, the Japanese font first (a custom weight
    from custom_weight puts its own font before that)."""
    return _Chain(_chain_names(weight))


@lru_cache(maxsize=8192)
def _font_index(ch: str, weight: str) -> int:
    """Return which font of the chain draws `ch` (-1: none does)."""
    for i, f in enumerate(fonts(weight)):
        m = f.get_metrics(ch, size=16)
        if m and m[0] is not None:
            return i
    return -1


def missing_glyphs(text: str, weight: str = "regular") -> list[str]:
    """Return the characters of `text` that no font of the chain can draw (whitespace and icons aside)."""
    return sorted({ch for ch in text if not ch.isspace() and ch not in _ICON_NAMES and _font_index(ch, weight) < 0})


# --- inline icons -----------------------------------------------------------------------------
# `{fire}` in card text draws assets/icons/fire.png as a square at text height. Each icon name gets
# a private-use character, so line breaking and measuring treat an icon like one CJK character.
ICON_ROOT = Path(__file__).resolve().parents[2] / "assets" / "icons"   # icons every ruleset may use
_ICON_REF = re.compile(r"\{([A-Za-z_][\w-]*)\}")
_ICON_CHARS: dict = {}   # name -> character
_ICON_NAMES: dict = {}   # character -> name
ICON_ADVANCE = 1.08      # an icon's advance, in em: the picture is 1 em square, plus a hair of space


def _icon_char(name: str) -> str:
    ch = _ICON_CHARS.get(name)
    if ch is None:
        ch = chr(0xE000 + len(_ICON_CHARS))
        _ICON_CHARS[name] = ch
        _ICON_NAMES[ch] = name
    return ch


class IconSet:
    """The icons a ruleset can draw: `assets/icons/NAME.png` of the ruleset, then of tabletop itself."""

    def __init__(self, folder: Path):
        self.folders = [Path(folder), ICON_ROOT]

    def path(self, name: str) -> Path | None:
        for f in self.folders:
            for suffix in (".png", ".jpg", ".webp", ".bmp"):
                p = f / f"{name}{suffix}"
                if p.is_file():
                    return p
        return None

    def sub(self, s: str) -> str:
        """Return s with every `{name}` that has an icon file replaced by the icon's character."""
        return _ICON_REF.sub(lambda m: _icon_char(m.group(1)) if self.path(m.group(1)) else m.group(0), s)

    def unknown(self, s: str) -> list[str]:
        """Return the `{name}`s in s that no icon file draws."""
        return [m.group(1) for m in _ICON_REF.finditer(s) if self.path(m.group(1)) is None]


class _ActiveIcons:
    """The icon set a renderer is drawing with now (one process draws one face at a time)."""

    def __init__(self):
        self.current: IconSet | None = None
        self._scaled: dict = {}

    def use(self, icons: IconSet) -> None:
        if icons is not self.current:
            self.current = icons
            self._scaled.clear()

    def image(self, ch: str, px: float):
        name = _ICON_NAMES.get(ch)
        if name is None or self.current is None:
            return None
        key = (ch, round(px))
        img = self._scaled.get(key)
        if img is None:
            p = self.current.path(name)
            if p is None:
                return None
            try:
                check_image(p)   # the header's size first: a picture bomb is refused before decoding
                img = _square_icon(pygame.image.load(str(p)), max(1, round(px)))
            except (pygame.error, OSError, ValueError, DataError):  # a broken or too large icon draws nothing
                return None
            if len(self._scaled) > 256:
                self._scaled.clear()
            self._scaled[key] = img
        return img


def _square_icon(src: pygame.Surface, side: int) -> pygame.Surface:
    """Return the picture scaled to fit a side×side square, centred, transparent around it."""
    full = pygame.Surface(src.get_size(), pygame.SRCALPHA)
    full.blit(src, (0, 0))   # 32-bit for smoothscale, whatever the file's format
    w, h = full.get_size()
    k = side / max(w, h, 1)
    scaled = pygame.transform.smoothscale(full, (max(1, round(w * k)), max(1, round(h * k))))
    out = pygame.Surface((side, side), pygame.SRCALPHA)
    out.blit(scaled, ((side - scaled.get_width()) // 2, (side - scaled.get_height()) // 2))
    return out


ICONS = _ActiveIcons()


@lru_cache(maxsize=65536)
def advance(ch: str, px: float, weight: str = "regular") -> float:
    """Return how far the pen moves for `ch` at `px` pixels."""
    if ch in _ICON_NAMES:
        return px * ICON_ADVANCE
    if ch == "\t":
        ch = " "
    i = _font_index(ch, weight)
    if i < 0:
        return px * 0.5
    m = fonts(weight)[i].get_metrics(ch, size=px)
    return float(m[0][4]) if m and m[0] else px * 0.5


def width(text: str, px: float, weight: str = "regular") -> float:
    return sum(advance(ch, px, weight) for ch in text)


# --- line breaking ----------------------------------------------------------------------------
_PAIRS = {"【": "】", "「": "」", "『": "』", "（": "）", "(": ")", "［": "］", "〔": "〕"}
SHORT_BRACKET = 8  # a bracketed label this short ([条件], 「剣術」) is never split across lines


def _units(text: str) -> list[str]:
    """Split a paragraph into the smallest pieces a line may break between (words, CJK characters, spaces)."""
    units: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        close = _PAIRS.get(ch)
        if close:
            j = text.find(close, i + 1, i + SHORT_BRACKET)
            if j > 0:
                units.append(text[i:j + 1])
                i = j + 1
                continue
        i += 1
        if ch == " ":
            units.append(" ")
        elif ch in _WORD and units and units[-1] != " " and units[-1][-1] in _WORD and units[-1][-1].isascii():
            units[-1] += ch
        else:
            units.append(ch)
    return units


def _groups(text: str) -> list[str]:
    """Glue units that must stay on one line: no group starts with a NO_LINE_START character, none ends before one."""
    groups: list[str] = []
    for u in _units(text):
        if u == " ":
            groups.append(u)
            continue
        if u[0] in NO_LINE_START and len(groups) >= 2 and groups[-1] == " " and groups[-2] != " ":
            groups.pop()                 # "4 · Hand": the dot stays at the end of the line before, space and all
            groups[-1] += " " + u
            continue
        if groups and groups[-1] != " " and (u[0] in NO_LINE_START or groups[-1][-1] in NO_LINE_END):
            groups[-1] += u
        else:
            groups.append(u)
    return groups


def break_spans(text: str, max_width: float, measure) -> list[tuple[int, int]]:
    """Return where text breaks into lines no wider than max_width: (start, end) offsets into `text`.

    The one line-breaking rule of the project (card faces, the table's panels and windows, dialogs):
    explicit newlines are kept; a line breaks only between groups (`_groups`): at spaces, between CJK
    characters, never inside a Latin word or number or a rule id (`IJ-R12`), never inside a short
    bracketed label (`（IJ-R12）`, `(Space)`), never before a closing bracket or punctuation
    (NO_LINE_START) and never after an opening one (NO_LINE_END). A single group wider than a line is
    cut by characters (it would otherwise never fit); the cut still never puts a NO_LINE_START
    character first. `measure(piece, offset)` returns the width of `piece`, which starts at `offset`
    in `text` (the offset lets a caller measure styled runs, e.g. bold words of HTML). Spaces at a
    line's ends are outside its span.
    """
    spans: list[tuple[int, int]] = []
    base = 0
    for para in text.split("\n"):
        start, end, cur_w, gap = None, base, 0.0, 0.0
        at = base
        for g in _groups(para):
            gi, at = at, at + len(g)
            if g == " ":
                if start is not None:
                    gap += measure(" ", gi)
                continue
            gw = measure(g, gi)
            if start is not None and cur_w + gap + gw <= max_width + 0.01:
                end, cur_w, gap = at, cur_w + gap + gw, 0.0
                continue
            if start is not None:
                spans.append((start, end))
            gap = 0.0
            if gw > max_width + 0.01:
                pieces = _cut_spans(text, gi, at, max_width, measure)
                spans.extend(pieces[:-1])
                start, end = pieces[-1]
                cur_w = measure(text[start:end], start)
            else:
                start, end, cur_w = gi, at, gw
        spans.append((start, end) if start is not None else (base, base))
        base += len(para) + 1
    return spans


def break_lines(text: str, max_width: float, measure) -> list[str]:
    """Return text broken into lines by `break_spans` (measure(piece, offset) -> width)."""
    return [text[a:b] for a, b in break_spans(text, max_width, measure)]


def wrap(text: str, max_width: float, px: float, weight: str = "regular") -> list[str]:
    """Break text into lines no wider than max_width on a card face (`break_lines` with this module's
    glyph advances)."""
    return break_lines(text, max_width, lambda piece, _at: width(piece, px, weight))


def _cut_spans(text: str, a: int, b: int, max_width: float, measure) -> list[tuple[int, int]]:
    """Cut text[a:b], a group wider than a line, by characters, never starting a piece with a
    NO_LINE_START character: such a character takes the one before it along to the next line."""
    pieces, start = [], a
    for j in range(a + 1, b):
        if measure(text[start:j + 1], start) > max_width + 0.01:
            cut = j
            while cut - start > 1 and text[cut] in NO_LINE_START:
                cut -= 1
            pieces.append((start, cut))
            start = cut
    pieces.append((start, b))
    return pieces


def ellipsize(line: str, max_width: float, px: float, weight: str = "regular") -> str:
    """Return the longest start of `line` that fits max_width with "…" appended."""
    cut = line.rstrip()
    while cut and width(cut + ELLIPSIS, px, weight) > max_width:
        cut = cut[:-1]
    return cut.rstrip() + ELLIPSIS


# --- fitting ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Fit:
    """Text laid out in a box: its lines, the pixel size used, and whether it had to be cut."""

    lines: tuple
    px: float
    pitch: float
    overflow: bool

    @property
    def height(self) -> float:
        return self.px + self.pitch * (len(self.lines) - 1) if self.lines else 0.0


def block_height(n: int, px: float, line_spacing: float) -> float:
    return px + px * line_spacing * (n - 1) if n else 0.0


def fit_text(text: str, box_w: float, box_h: float, px: float, min_px: float, *, weight: str = "regular",
             wrap_lines: bool = True, line_spacing: float = 1.3, ellipsis: bool = True) -> Fit:
    """Lay text out in a box: shrink from px towards min_px until it fits, then cut with "…".

    Without wrapping, text keeps its own lines and only shrinks. `overflow` is True when even the
    minimum size did not fit and lines were cut (or would spill, with ellipsis off).
    """
    size = px
    min_px = min(min_px, px)
    while True:
        lines = wrap(text, box_w, size, weight) if wrap_lines else text.split("\n")
        widest = max((width(line, size, weight) for line in lines), default=0.0)
        if widest <= box_w + 0.01 and block_height(len(lines), size, line_spacing) <= box_h + 0.01:
            return Fit(tuple(lines), size, size * line_spacing, False)
        if size <= min_px + 1e-6:
            break
        size = max(min_px, size - max(0.25, size * 0.04))
    # Even the minimum size does not fit: keep as many lines as the box holds, cut the last one.
    pitch = size * line_spacing
    room = max(1, int(math.floor((box_h - size) / pitch + 1e-6)) + 1) if box_h >= size else 1
    kept = list(lines[:room])
    if not ellipsis:
        return Fit(tuple(lines), size, pitch, True)
    for i, line in enumerate(kept):
        if width(line, size, weight) > box_w + 0.01:
            kept[i] = ellipsize(line, box_w, size, weight)
    if len(lines) > room and not kept[-1].endswith(ELLIPSIS):
        kept[-1] = ellipsize(kept[-1], box_w, size, weight)
    return Fit(tuple(kept), size, pitch, True)


def render_line(surface: pygame.Surface, text: str, x: float, baseline: float, px: float, color,
                weight: str = "regular", italic: bool = False) -> float:
    """Draw one line with fallback fonts, its baseline at `baseline`; return the pen's end x."""
    chain = fonts(weight)
    run, run_font = "", None
    pen = x

    def flush():
        nonlocal pen
        if run:
            f = chain[run_font] if run_font is not None and run_font >= 0 else chain[0]
            style = pygame.freetype.STYLE_OBLIQUE if italic else pygame.freetype.STYLE_DEFAULT
            f.render_to(surface, (round(pen), round(baseline)), run, fgcolor=color, size=px, style=style)
            pen += width(run, px, weight)

    for ch in text:
        if ch in _ICON_NAMES:
            flush()
            run, run_font = "", None
            img = ICONS.image(ch, px)
            if img is not None:  # the icon's bottom sits a little below the baseline, like a CJK glyph
                surface.blit(img, (round(pen + px * (ICON_ADVANCE - 1) / 2), round(baseline - px * ASCENT)))
            pen += advance(ch, px, weight)
            continue
        i = _font_index(ch, weight) if not ch.isspace() else (run_font if run_font is not None else 0)
        if run and i != run_font:
            flush()
            run = ""
        run_font = i
        run += ch
    flush()
    return pen
