"""Fonts and cached text: Noto Sans JP from pygame_gui's data, so Japanese never shows as boxes.

Text surfaces are cached by (text, size, colour, bold): a frame blits them, it never renders text.
"""
from __future__ import annotations

import html as _html
import re
from functools import lru_cache
from importlib.resources import files

import pygame

from tabletop.layout.text import break_lines, break_spans

REGULAR = str(files("pygame_gui.data") / "NotoSansJP-Regular.otf")
BOLD = str(files("pygame_gui.data") / "NotoSansJP-Bold.otf")


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """Return the Noto Sans JP font at a pixel size (pygame.font must be initialised)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(BOLD if bold else REGULAR, max(6, int(size)))


# A frame draws well under a hundred distinct strings; the log and the top bar make new ones every
# move. 256 surfaces keep every frame's working set more than twice over. The cache fills with
# one-off lines (a move's narration) over the first games of a session and then holds its size: at
# 4096 it grew to ~115 MB of pixels over a 200-game soak (about 28 KB a line) before it was full; at
# 512 it was full only after some twenty games, 7–9 MB of pixels later.
@lru_cache(maxsize=256)
def text(s: str, size: int, color=(235, 235, 235), bold: bool = False) -> pygame.Surface:
    """Return a rendered line of text (cached; callers must not draw on it)."""
    return font(size, bold).render(s, True, color)


def boxed(lines, size: int, ink, bg, alpha: int, pad=(4, 2), radius: int = 4, bold: bool = False,
          width: int | None = None) -> pygame.Surface:
    """Return lines of text on a rounded box (a zone's chip, a note's slip): `pad` (x, y) px around the
    text, the box `bg` at `alpha`, no wider than `width` when given. Callers cache the result."""
    surfs = [text(ln, size, ink, bold) for ln in lines]
    w = max(t.get_width() for t in surfs) + 2 * pad[0]
    s = pygame.Surface((min(width, w) if width else w, sum(t.get_height() for t in surfs) + 2 * pad[1]), pygame.SRCALPHA)
    pygame.draw.rect(s, (*bg, alpha), s.get_rect(), border_radius=radius)
    y = pad[1]
    for t in surfs:
        s.blit(t, (pad[0], y))
        y += t.get_height()
    return s


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split text into lines no wider than `width` pixels, by the project's one line-breaking rule
    (`layout.text.break_spans`: words, rule ids and short brackets kept whole, kinsoku)."""
    f = font(size, bold)
    return break_lines(s, width, lambda piece, _at: f.size(piece)[0])


_TOKEN = re.compile(r"(<[^>]*>|&#?\w+;)")
_PIXEL = re.compile(r"pixel_size\s*=\s*['\"]?(\d+)")


def _styled(html: str, size: int, bold: bool):
    """Return (the HTML's pieces, its visible text, each character's (pixel size, bold), each one's HTML)."""
    parts = [p for p in _TOKEN.split(html) if p]
    plain: list[str] = []        # one character per visible character (an entity is one), "\n" for <br>
    style: list[tuple] = []      # (pixel size, bold) of each
    source: list[str] = []       # what each character was in the HTML
    bolds, sizes = (1 if bold else 0), [size]
    for p in parts:
        if p.startswith("<"):
            tag = p[1:-1].strip().lower()
            if tag in ("br", "br/", "br /"):
                plain.append("\n"), style.append((sizes[-1], bolds > 0)), source.append(p)
            elif tag == "b":
                bolds += 1
            elif tag == "/b":
                bolds = max(0, bolds - 1)
            elif tag.startswith("font"):
                m = _PIXEL.search(tag)
                sizes.append(int(m.group(1)) if m else sizes[-1])
            elif tag == "/font" and len(sizes) > 1:
                sizes.pop()
            continue
        if p.startswith("&") and p.endswith(";"):
            plain.append(_html.unescape(p)[:1] or " "), style.append((sizes[-1], bolds > 0)), source.append(p)
            continue
        for ch in p:
            plain.append(ch), style.append((sizes[-1], bolds > 0)), source.append(ch)
    return parts, "".join(plain), style, source


def _measurer(text: str, style: list):
    def measure(piece: str, at: int) -> float:
        total, i, end = 0, at, at + len(piece)
        while i < end:
            j = i + 1
            while j < end and style[j] == style[i]:
                j += 1
            total += font(style[i][0], style[i][1]).size(text[i:j])[0]
            i = j
        return total
    return measure


def html_width(html: str, size: int, bold: bool = False) -> int:
    """Return how wide one line of pygame_gui HTML is drawn (bold and pixel sizes measured as drawn)."""
    _, text, style, _ = _styled(html, size, bold)
    return _measurer(text, style)(text, 0)


def pack_html(items: list[str], size: int, width: int, sep: str = " · ") -> str:
    """Join HTML items with `sep` into lines no wider than `width`, breaking only between items (a value
    stays beside its name): the lines joined by <br>, each line's last separator left off."""
    lines: list[str] = []
    cur = ""
    for it in items:
        trial = cur + sep + it if cur else it
        if cur and html_width(trial, size) > width:
            lines.append(cur)
            cur = it
        else:
            cur = trial
    if cur:
        lines.append(cur)
    return "<br>".join(lines)


def wrap_html(html: str, size: int, width: int, bold: bool = False) -> str:
    """Return pygame_gui HTML with a `<br>` wherever a line must break to fit `width` pixels.

    The text box then has nothing left to break (it would break Japanese anywhere, inside a Latin
    word or a rule id): the lines are chosen by `layout.text.break_spans`, measured with the fonts
    the box draws (`<b>` bold, `<font pixel_size=N>`), and the spaces at a break are dropped.
    Tags and entities are kept as they are; `<br>` and newlines stay line breaks.
    """
    parts, text, style, source = _styled(html, size, bold)
    if not text.strip():
        return html
    measure = _measurer(text, style)
    spans = break_spans(text, max(10, width), measure)
    keep = [False] * len(text)
    starts = set()
    for a, b in spans:
        for i in range(a, b):
            keep[i] = True
        starts.add(a)
    # a line that starts where its paragraph does needs no <br> of ours
    para_starts = {0} | {i + 1 for i, ch in enumerate(text) if ch == "\n"}
    out, k = [], 0
    for p in parts:
        if p.startswith("<") and p[1:-1].strip().lower() not in ("br", "br/", "br /"):
            out.append(p)
            continue
        n = 1 if (p.startswith("<") or (p.startswith("&") and p.endswith(";"))) else len(p)
        for i in range(k, k + n):
            if i in starts and i not in para_starts:
                out.append("<br>")
            if keep[i] or text[i] == "\n":
                out.append(source[i])
        k += n
    return "".join(out)


TIP_PT, TIP_W = 14, 146   # pygame_gui's tool tip: 170 px wide, its text 152 px (less our slack), 14 pt


def tip(html: str) -> str:
    """Return a tool tip's HTML broken into lines by our rule (pygame_gui would break it inside words)."""
    return wrap_html(html, TIP_PT, TIP_W)


def fit_line(choices, width: int, sizes=(12, 11, 10), bold: bool = False) -> tuple[str, int]:
    """Return (text, size): the first of `choices` (the full words first, then deliberate short forms)
    that fits `width` pixels, at the largest of `sizes` at which one does (a short form at full size
    before a smaller font); when none fits, the last choice at the smallest size, cut with '…'."""
    choices = [c for c in ([choices] if isinstance(choices, str) else choices) if c]
    for size in sizes:
        for c in choices:
            if font(size, bold).size(c)[0] <= width:
                return c, size
    return ellipsize(choices[-1], sizes[-1], width, bold), sizes[-1]


def ellipsize(s: str, size: int, width: int, bold: bool = False) -> str:
    """Return `s`, shortened with '…' if it is wider than `width` pixels."""
    f = font(size, bold)
    if f.size(s)[0] <= width:
        return s
    while s and f.size(s + "…")[0] > width:
        s = s[:-1]
    return s + "…"
