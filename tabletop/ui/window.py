"""The window's size: the largest that fits the desktop, unless the user chose one (Settings → Window size).

`choose_size(desktop, chosen)` is the whole rule, a pure function of the desktop's size (pygame's display
information) and the remembered choice, so it is tested without a screen:
- a size the user chose is kept when it fits the desktop, else cut down to the largest of the usual
  sizes that fits (a laptop after a monitor: the window is never wider or taller than the screen);
- with no choice, the largest of the usual sizes (`settings.SIZES`) that fits the desktop;
- a desktop smaller than all of them gets the largest 16:9 window it holds (at least 640×360).
The window stays resizable (pygame.RESIZABLE | SCALED: dragging its edge scales the table).
"""
from __future__ import annotations

import pygame

from . import settings as settings_mod

FALLBACK = (1600, 900)   # no display information at all (the driver cannot tell)
HEADLESS = ("dummy", "offscreen")   # drivers without a screen: their "desktop" is made up (1024x768)


def presets() -> list[tuple[int, int]]:
    """Return the usual window sizes, smallest first."""
    out = []
    for s in settings_mod.SIZES:
        w, h = (int(v) for v in s.split("x"))
        out.append((w, h))
    return sorted(out)


def desktop_size():
    """Return the size of the desktop the window opens on (the first display), or None if unknown."""
    try:
        if not pygame.display.get_init():
            pygame.display.init()
        if pygame.display.get_driver() in HEADLESS:
            return None
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    if sizes and sizes[0][0] > 0 and sizes[0][1] > 0:
        return tuple(sizes[0])
    return None


def choose_size(desktop, chosen=None) -> tuple[int, int]:
    """Return the window size for a desktop of size `desktop` (None: unknown) and the user's choice (None: none)."""
    if desktop is None:
        return tuple(chosen) if chosen else FALLBACK
    dw, dh = desktop
    if chosen and chosen[0] <= dw and chosen[1] <= dh:
        return tuple(chosen)
    fitting = [p for p in presets() if p[0] <= dw and p[1] <= dh]
    if fitting:
        return fitting[-1]
    w = min(dw, dh * 16 // 9)
    return max(640, w), max(360, w * 9 // 16)


def initial_size(settings: dict) -> tuple[int, int]:
    """Return the size a new window opens at, from the settings (a remembered choice) and the desktop."""
    chosen = settings.get("size") if settings.get("size_chosen") else None
    return choose_size(desktop_size(), chosen)
