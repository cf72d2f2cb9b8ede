"""Fonts and cached text: Noto Sans JP from pygame_gui's data, so Japanese never shows as boxes.

Text surfaces are cached by (text, size, colour, bold): a frame blits them, it never renders text.
"""
from __future__ import annotations

from functools import lru_cache
from importlib.resources import files

import pygame

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


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split text into lines no wider than `width` pixels.

    Words are kept whole where there are spaces; Japanese (no spaces) breaks between characters,
    and never puts closing punctuation at the start of a line.
    """
    f = font(size, bold)
    out: list[str] = []
    for para in s.split("\n"):
        line = ""
        for token in _tokens(para):
            trial = line + token
            if f.size(trial)[0] <= width or not line:
                line = trial
                # a single token wider than the line (a long word): break it by characters
                while f.size(line)[0] > width and len(line) > 1:
                    cut = len(line) - 1
                    while cut > 1 and f.size(line[:cut])[0] > width:
                        cut -= 1
                    out.append(line[:cut])
                    line = line[cut:]
            else:
                if token[0] in _NO_START and len(line) > 1:
                    # move the last character down with the punctuation (kinsoku)
                    out.append(line[:-1])
                    line = line[-1] + token
                else:
                    out.append(line.rstrip())
                    line = token.lstrip()
        out.append(line.rstrip())
    return out


_NO_START = set("、。，．・：；？！ー）」』】〉》’”…,.!?:;)]}")


def _tokens(s: str):
    """Yield words (with their trailing space) for Latin text and single characters for CJK."""
    word = ""
    for ch in s:
        if ord(ch) > 0x2E80:
            if word:
                yield word
                word = ""
            yield ch
        elif ch == " ":
            yield word + " "
            word = ""
        else:
            word += ch
    if word:
        yield word


def ellipsize(s: str, size: int, width: int, bold: bool = False) -> str:
    """Return `s`, shortened with '…' if it is wider than `width` pixels."""
    f = font(size, bold)
    if f.size(s)[0] <= width:
        return s
    while s and f.size(s + "…")[0] > width:
        s = s[:-1]
    return s + "…"
