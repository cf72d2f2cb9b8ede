"""The window's looks, read once from `theme.json` beside this module: one file for every scene.

`gui_theme()` is pygame_gui's theme, each font named as Noto Sans JP's files (pygame_gui's bundled
font, which covers Latin too; by path, not as a package resource: pygame_gui would read a resource's
whole 4.5 MB file into memory for every size and style, while a path lets the font library read only
what it draws). The palette's colours are module constants (`BG`, `FG`, `DIM`, ...) for the scenes' own
drawing, so a colour is changed in one place.
"""
from __future__ import annotations

import json
from pathlib import Path

from . import fonts

_DATA = json.loads((Path(__file__).with_name("theme.json")).read_text(encoding="utf-8"))


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


PALETTE = {k: _rgb(v) for k, v in _DATA["palette"].items()}
BG, PANEL_BG, FG, DIM = PALETTE["bg"], PALETTE["panel_bg"], PALETTE["fg"], PALETTE["dim"]
ERROR, WARN, PROBLEM, GOOD = PALETTE["error"], PALETTE["warn"], PALETTE["problem"], PALETTE["good"]
HIGHLIGHT, BAR = PALETTE["highlight"], PALETTE["bar"]


def _font(spec: dict) -> dict:
    d = {"name": "noto_sans_jp", "size": str(spec["size"]), "regular_path": fonts.REGULAR, "bold_path": fonts.BOLD}
    if spec.get("bold"):
        d["bold"] = "1"
    return d


def gui_theme() -> dict:
    """Return pygame_gui's theme (a fresh dict) with every font given Noto Sans JP's files."""
    out = {}
    for key, block in _DATA["gui"].items():
        block = dict(block)
        if "font" in block:
            block["font"] = _font(block["font"])
        out[key] = block
    return out
