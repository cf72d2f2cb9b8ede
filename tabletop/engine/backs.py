"""Card backs as public information: which kinds of a ruleset share one back design.

On real cards anyone at the table sees a card's back, so a game that prints different backs per
kind (a separate mana deck, a spell deck) shows that to both players. The view of a hidden card
therefore carries the identity of its back (`CardView.back`) and nothing more: a *back id* that
numbers the distinct back designs of the ruleset's layout, never the card's kind or id. Two kinds
whose backs look alike get the same back id; a ruleset whose kinds all share one back gives none.

The designs are read from `layout.yaml` here, without its renderer (the engine never imports
pygame): the layout's `back` merged with each kind's own `kinds.K.back`, and the kind's card size,
resolved as `tabletop/layout/model.py` resolves them. A back whose regions show something of the
card (a field, a template, a number, art) draws differently per kind, so it counts as the kind's own.
A layout that does not load gives no back ids: every hidden card shows the one generic back.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .errors import DataError, DataErrors
from .yamlio import load_yaml

_BACK_KEYS = ("background", "accent", "text", "image")
# What `layout.yaml`'s `back:` is when it does not say (tabletop/layout/spec.py LAYOUT_SPEC).
_BACK_DEFAULTS = {"background": "#2a2438", "accent": "#c9a94a", "text": "{name}", "image": ""}
_CARD_SIZE = [63.0, 88.0]


def _size(v: Any, default: list) -> list:
    try:
        return [float(x) for x in v] if v is not None and len(v) == 2 else default
    except (TypeError, ValueError):
        return default


def _map(v: Any) -> dict:
    return v if isinstance(v, dict) else {}


def _reads_card(region: Any) -> bool:
    """Return whether a back region draws something of the card itself (so it differs per kind)."""
    if not isinstance(region, dict):
        return False
    kind = region.get("type", "text")
    if kind == "image":
        return not region.get("src")
    return bool(region.get("field") or region.get("template")) or kind not in ("text", "frame")


def back_designs(folder: str | Path, kinds: list[str]) -> dict[str, str]:
    """Return, for each card kind, a key of what its back looks like (equal keys: one back design).

    {} when the ruleset has no layout.yaml or it does not load.
    """
    path = Path(folder) / "layout.yaml"
    try:
        raw = load_yaml(path) if path.is_file() else None
    except (DataError, DataErrors, OSError, ValueError):
        return {}
    if not isinstance(raw, dict):
        return {}
    top, own_kinds = _map(raw.get("back")), _map(raw.get("kinds"))
    size = _size(_map(raw.get("card")).get("size_mm"), _CARD_SIZE)
    base: dict[str, Any] = dict(_BACK_DEFAULTS)
    base.update({k: top[k] for k in _BACK_KEYS if top.get(k) is not None})
    base["regions"] = list(top.get("regions") or [])
    out = {}
    for kind in kinds:
        k = _map(own_kinds.get(kind))
        kb = _map(k.get("back"))
        back = dict(base)
        back.update({key: kb[key] for key in _BACK_KEYS if kb.get(key) is not None})
        if kb.get("regions") is not None:
            if not kb.get("image"):
                back["image"] = ""          # the kind's own drawn back, not the layout's picture
            back["regions"] = list(kb["regions"])
        # What is not drawn does not count: a picture hides the regions, the accent and the title;
        # regions take the place of the title.
        if back["image"]:
            back.update(regions=[], accent="", text="")
        elif back["regions"]:
            back["text"] = ""
        # A region's name and doc are the designer's notes, not what it draws.
        back["regions"] = [{f: v for f, v in r.items() if f not in ("name", "doc")} if isinstance(r, dict) else r
                           for r in back["regions"]]
        design = {"size": _size(k.get("size_mm"), size), **back}
        if any(_reads_card(r) for r in back["regions"]):
            design["kind"] = kind
        out[kind] = json.dumps(design, sort_keys=True, ensure_ascii=False, default=str)
    return out


def back_groups(folder: str | Path, kinds: list[str]) -> dict[str, int]:
    """Return kind -> back id (0, 1, ... in the order the kinds are listed, one per distinct back design),
    or {} when every kind shows the same back (then no hidden card carries a back id)."""
    designs = back_designs(folder, kinds)
    ids: dict[str, int] = {}
    for design in designs.values():
        ids.setdefault(design, len(ids))
    if len(ids) < 2:
        return {}
    return {kind: ids[design] for kind, design in designs.items()}
