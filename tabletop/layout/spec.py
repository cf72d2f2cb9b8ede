"""What a layout.yaml may say: its schema (checked by engine/yamlio's Checker), the region types,
shapes and colour slots, and the defaults a region or kind gets when its file leaves them out.
"""
from __future__ import annotations

import re

MM_PER_INCH = 25.4
PT_MM = MM_PER_INCH / 72  # one typographic point in millimetres
REGION_TYPES = ("text", "number", "pips", "image", "frame", "rarity", "manual")
SHAPES = ("none", "rect", "rounded", "circle", "ellipse", "diamond", "hexagon", "banner")
PIP_SHAPES = ("circle", "diamond", "square", "star")

# Fields every face can show besides the card's own: computed from the ruleset.
SPECIAL_FIELDS = ("kind_label", "kind_label_en", "color_label", "color_label_en", "id")

# Palette slots every card has; `main` comes from the card's colour, the rest derive from it.
BASE_SLOTS = ("main", "light", "dark", "on_main", "ink", "paper", "muted", "none")
_HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$")
_FIELD_REF = re.compile(r"\{(\w+)(?::([^{}]*))?\}")

_COLOR = {"type": "str"}
_REGION = {"type": "map", "fields": {
    "name": {"type": "str", "required": True},
    "type": {"type": "str", "choices": list(REGION_TYPES)},
    "rect": {"type": "list", "items": {"type": "float"}},
    "field": {"type": "str"},
    "template": {"type": "str"},
    "join": {"type": "str"},
    "when": {"type": "map"},
    "always": {"type": "bool"},
    "shape": {"type": "str", "choices": list(SHAPES)},
    "fill": _COLOR,
    "stroke": _COLOR,
    "stroke_mm": {"type": "float", "min": 0},
    "radius_mm": {"type": "float", "min": 0},
    "size": {"type": "float", "min": 1},
    "min_size": {"type": "float", "min": 1},
    "weight": {"type": "str", "choices": ["regular", "bold"]},
    "italic": {"type": "bool"},
    "color": _COLOR,
    "align": {"type": "str", "choices": ["left", "center", "right"]},
    "valign": {"type": "str", "choices": ["top", "middle", "bottom"]},
    "wrap": {"type": "bool"},
    "ellipsis": {"type": "bool"},
    "line_spacing": {"type": "float", "min": 0.8, "max": 3},
    "padding_mm": {"type": "float", "min": 0},
    "pip_shape": {"type": "str", "choices": list(PIP_SHAPES)},
    "pip_mm": {"type": "float", "min": 0.5},
    "gap_mm": {"type": "float", "min": 0},
    "direction": {"type": "str", "choices": ["row", "column"]},
    "fit": {"type": "str", "choices": ["cover", "contain"]},
    "src": {"type": "str"},
    "text": {"type": "str"},
    "emphasis": {"type": "str"},
    "doc": {"type": "str"},
    "z": {"type": "float"},
}}
_PALETTE_ENTRY = {"type": "map", "values": _COLOR}
_RARITY = {"type": "map", "fields": {
    "label": {"type": "str"},
    "fill": _COLOR,
    "color": _COLOR,
    "shape": {"type": "str", "choices": list(SHAPES)},
}}
_BACK = {"type": "map", "fields": {
    "background": {"type": "str"},
    "accent": {"type": "str"},
    "text": {"type": "str"},
    "image": {"type": "str"},
    "regions": {"type": "list", "items": _REGION},
}}
_KIND = {"type": "map", "fields": {
    "size_mm": {"type": "list", "items": {"type": "float", "min": 10, "max": 400}},
    "background": _COLOR,
    "regions": {"type": "list", "items": _REGION, "default": []},
    "hide": {"type": "list", "items": {"type": "str"}, "default": []},
    "back": _BACK,
}}
LAYOUT_SPEC = {"type": "map", "fields": {
    "card": {"type": "map", "default": {}, "fields": {
        "size_mm": {"type": "list", "items": {"type": "float", "min": 10, "max": 400}, "default": [63, 88]},
        "dpi": {"type": "int", "min": 50, "max": 1200, "default": 300},
        "corner_mm": {"type": "float", "min": 0, "default": 3.0},
        "background": {"type": "str", "default": "paper"},
    }},
    "palette_field": {"type": "str", "default": "color"},
    "language": {"type": "str", "choices": ["printed", "player"], "default": "printed"},
    "palette": {"type": "map", "values": _COLOR, "default": {}},
    "colors": {"type": "map", "values": _PALETTE_ENTRY, "default": {}},
    "rarity": {"type": "map", "values": _RARITY, "default": {}},
    "manual_mark": {"type": "map", "default": {}},
    "back": {"type": "map", "default": {}, "fields": {
        "background": {"type": "str", "default": "#2a2438"},
        "accent": {"type": "str", "default": "#c9a94a"},
        "text": {"type": "str", "default": "{name}"},
        "image": {"type": "str", "default": ""},
        "regions": {"type": "list", "items": _REGION, "default": []},
    }},
    "fonts": {"type": "map", "default": {}, "fields": {
        "regular": {"type": "str"},
        "bold": {"type": "str"},
    }},
    "base": {"type": "list", "items": _REGION, "default": []},
    "kinds": {"type": "map", "values": _KIND, "default": {}},
    "doc": {"type": "str", "default": ""},
}}

# What a region is unless its YAML says otherwise: by type, then for every type.
_DEFAULTS = {
    "field": None, "template": None, "join": "・", "when": {}, "always": False,
    "shape": "none", "fill": "none", "stroke": "none", "stroke_mm": 0.3, "radius_mm": 1.2,
    "size": 8.0, "min_size": None, "weight": "regular", "italic": False, "color": "ink",
    "align": "left", "valign": "top", "wrap": True, "ellipsis": True, "line_spacing": 1.3,
    "padding_mm": 0.6, "pip_shape": "circle", "pip_mm": 2.6, "gap_mm": 0.6, "direction": "row",
    "fit": "cover", "src": "", "text": "", "emphasis": "", "doc": "", "z": 0.0,
}
_TYPE_DEFAULTS = {
    "number": {"weight": "bold", "align": "center", "valign": "middle", "wrap": False, "size": 12.0,
               "padding_mm": 0.3},
    "rarity": {"field": "rarity", "shape": "circle", "size": 6.0, "weight": "bold", "align": "center",
               "valign": "middle", "wrap": False, "padding_mm": 0.2},
    "image": {"field": "art", "always": True},
    "pips": {"field": "cost", "fill": "", "color": "", "stroke": "dark", "stroke_mm": 0.25},  # fill, else color, else main
    "manual": {"field": "manual", "shape": "rounded", "fill": "#e67e22", "color": "#ffffff",
               "text": "手動 MANUAL", "size": 6.0, "weight": "bold", "align": "center", "valign": "middle",
               "wrap": False, "padding_mm": 0.3},
}
DEFAULT_RARITY = {
    "C": {"label": "C", "fill": "#7f8c8d", "color": "#ffffff", "shape": "circle"},
    "U": {"label": "U", "fill": "#4f8fb8", "color": "#ffffff", "shape": "circle"},
    "R": {"label": "R", "fill": "#c9a227", "color": "#ffffff", "shape": "diamond"},
    "SR": {"label": "SR", "fill": "#b03a8c", "color": "#ffffff", "shape": "diamond"},
    "UR": {"label": "UR", "fill": "#d35400", "color": "#ffffff", "shape": "hexagon"},
}
DEFAULT_MANUAL_MARK = {"name": "manual", "type": "manual", "rect": [0.6, 0.16, 0.34, 0.055]}  # fractions of the card
