"""Card layouts as data: `rulesets/<id>/layout.yaml` read into plain objects, or a generic default.

A layout says how big a card is (millimetres), which regions each card kind has (text, number,
pips, image, frame, rarity, manual), where they sit (millimetres from the card's top-left corner),
how they look (fonts in points, colours) and which card field each one shows. Regions shared by
every kind live under `base:`; a kind's region with the same name replaces the keys it names.
This module never imports pygame: `tabletop validate` and the tests check layouts without a window.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..engine.errors import DataError, DataErrors, TabletopError
from ..engine.yamlio import Checker, YList, YMap, load_yaml
from .spec import (
    _DEFAULTS,
    _FIELD_REF,
    _HEX,
    _TYPE_DEFAULTS,
    BASE_SLOTS,
    DEFAULT_MANUAL_MARK,
    DEFAULT_RARITY,
    LAYOUT_SPEC,
    SPECIAL_FIELDS,
)


@dataclass(frozen=True)
class Region:
    """One placed element of a face; `rect` is (x, y, w, h) in millimetres from the top-left."""

    name: str
    type: str
    rect: tuple
    line: int = 0
    field: str | None = None
    template: str | None = None
    join: str = "・"
    when: tuple = ()
    always: bool = False
    shape: str = "none"
    fill: str = "none"
    stroke: str = "none"
    stroke_mm: float = 0.3
    radius_mm: float = 1.2
    size: float = 8.0
    min_size: float = 5.0
    weight: str = "regular"
    italic: bool = False
    color: str = "ink"
    align: str = "left"
    valign: str = "top"
    wrap: bool = True
    ellipsis: bool = True
    line_spacing: float = 1.3
    padding_mm: float = 0.6
    pip_shape: str = "circle"
    pip_mm: float = 2.6
    gap_mm: float = 0.6
    direction: str = "row"
    fit: str = "cover"
    src: str = ""
    text: str = ""
    emphasis: str = ""
    doc: str = ""
    z: float = 0.0   # draw order: higher is drawn later (on top); equal z keeps the file's order

    def fields_used(self) -> list[str]:
        """Return the card fields this region reads (its `field`, or those its template names)."""
        if self.template is not None:
            return [m.group(1) for m in _FIELD_REF.finditer(self.template)]
        return [self.field] if self.field else []


@dataclass(frozen=True)
class KindLayout:
    """The face of one card kind: its size, background and regions in drawing order."""

    kind: str
    size_mm: tuple
    background: str
    regions: tuple
    back: dict = field(default_factory=dict)   # background, accent, text, image, regions (Region tuple)

    @property
    def aspect(self) -> float:
        return self.size_mm[1] / self.size_mm[0]


@dataclass
class Layout:
    """A whole layout file, resolved: one KindLayout per card kind, colours, rarity marks, the back."""

    path: str
    size_mm: tuple
    dpi: int
    corner_mm: float
    background: str
    palette_field: str
    palette: dict
    colors: dict
    rarity: dict
    back: dict
    kinds: dict = field(default_factory=dict)
    default: KindLayout | None = None
    generated: bool = False
    fonts: dict = field(default_factory=dict)   # weight -> font file in assets/ (tried before Noto Sans JP)
    language: str = "printed"   # "player": an English reader sees each field's X_en twin (CardRenderer.reading)

    def for_kind(self, kind: str) -> KindLayout:
        return self.kinds.get(kind) or self.default

    @property
    def aspect(self) -> float:
        return self.size_mm[1] / self.size_mm[0]


def _region_from(raw: dict, line: int) -> Region:
    t = raw.get("type") or "text"
    values = dict(_DEFAULTS)
    values.update(_TYPE_DEFAULTS.get(t, {}))
    values.update({k: v for k, v in raw.items() if v is not None})
    values["type"] = t
    if values.get("min_size") is None:
        values["min_size"] = min(values["size"], max(4.5, round(values["size"] * 0.6, 1)))
    values["rect"] = tuple(float(x) for x in values.get("rect") or (0, 0, 10, 10))
    values["when"] = tuple(sorted((str(k), _freeze(v)) for k, v in (values.get("when") or {}).items()))
    values["line"] = line
    return Region(**{k: v for k, v in values.items() if k in Region.__dataclass_fields__})


def _freeze(v):
    if isinstance(v, list):
        return tuple(v)
    return v


def _merge_regions(base: list, own: list, hide: list) -> list:
    """Return base regions overridden key by key by same-named own regions, then the new own ones."""
    out = [(dict(r), line) for r, line in base if r["name"] not in hide]
    index = {r["name"]: i for i, (r, _) in enumerate(out)}
    for r, line in own:
        if r["name"] in index:
            merged = dict(out[index[r["name"]]][0])
            merged.update(r)
            out[index[r["name"]]] = (merged, line)
        else:
            index[r["name"]] = len(out)
            out.append((dict(r), line))
    return out


def _known_fields(ruleset, kind: str | None) -> set:
    from ..engine.ruleset import _CARD_COMMON
    names = set(_CARD_COMMON) | set(SPECIAL_FIELDS)
    kinds = [kind] if kind else list(ruleset.card_kinds)
    for k in kinds:
        spec = ruleset.card_kinds.get(k)
        if spec:
            names |= set(spec["fields"])
    return names


def load_layout(path, ruleset=None) -> Layout:
    """Read and check a layout.yaml; raise DataError(s) naming `path:line` for every problem.

    With a ruleset (or one found beside the file), card kinds and the fields regions show are
    checked against it too, so a typo in a field name is an error, not an empty region.
    """
    path = Path(path)
    raw = load_yaml(path)
    if raw is None:
        raw = YMap()
    if not isinstance(raw, dict):
        raise DataError(path, getattr(raw, "line", 1), "a layout file must be a mapping (card, kinds, base, ...)")
    chk = Checker(path)
    for k in ("card", "back"):  # check even when absent, so their keys' defaults are filled in
        if raw.get(k) is None:
            raw[k] = YMap()
            raw[k].line = 1
    d = chk.check(raw, LAYOUT_SPEC, "", 1)
    chk.done()
    if ruleset is None:
        ruleset = _ruleset_beside(path)
    card = d["card"]
    size = _check_size(chk, card.get("size_mm"), card.line_of("size_mm") if isinstance(card, YMap) else 1, "card")
    slots = set(BASE_SLOTS) | set(d["palette"])
    for entry in d["colors"].values():
        slots |= set(entry)

    def color(value, line, where):
        if isinstance(value, str) and (_HEX.match(value) or value in slots):
            return
        chk.error(line, f"{where}: {value!r} is not a colour (use #rrggbb or one of: {', '.join(sorted(slots))})")

    color(card["background"], _lk(card, "background"), "card.background")
    for k, v in d["palette"].items():
        if not (isinstance(v, str) and _HEX.match(v)):
            chk.error(_lk(d["palette"], k), f"palette.{k}: {v!r} is not a #rrggbb colour")
    for name, entry in d["colors"].items():
        for k, v in entry.items():
            if not (isinstance(v, str) and _HEX.match(v)):
                chk.error(_lk(entry, k), f"colors.{name}.{k}: {v!r} is not a #rrggbb colour")
    for name, entry in d["rarity"].items():
        for k in ("fill", "color"):
            if k in entry and entry[k] is not None:
                color(entry[k], _lk(entry, k), f"rarity.{name}.{k}")
    for k in ("background", "accent"):
        color(d["back"][k], _lk(d["back"], k), f"back.{k}")
    if d["back"]["image"]:
        _check_asset_name(chk, path.parent, d["back"]["image"], _lk(d["back"], "image"), "back.image")
    for weight, name in d["fonts"].items():
        if name:
            _check_asset_name(chk, path.parent, name, _lk(d["fonts"], weight), f"fonts.{weight}")
    for kname, k in d["kinds"].items():
        kb = k.get("back") or {}
        for key in ("background", "accent"):
            if kb.get(key) is not None:
                color(kb[key], _lk(kb, key), f"kinds.{kname}.back.{key}")
        if kb.get("image"):
            _check_asset_name(chk, path.parent, kb["image"], _lk(kb, "image"), f"kinds.{kname}.back.image")
    if ruleset is not None:
        for kname in d["kinds"]:
            if kname != "default" and kname not in ruleset.card_kinds:
                chk.error(_lk(d["kinds"], kname), f"kinds.{kname}: the ruleset has no card kind {kname!r} "
                          f"(kinds: {', '.join(ruleset.card_kinds)}, or 'default')")
        pf = d["palette_field"]
        if pf not in _known_fields(ruleset, None):
            chk.error(_lk(d, "palette_field"), f"palette_field: no card field {pf!r}")

    def check_regions(regions: YList, where: str, kind: str | None):
        seen = {}
        for i, r in enumerate(regions):
            line = regions.line_of(i)
            if r is None:
                continue
            rname = r.get("name")
            if rname in seen:
                chk.error(line, f"{where}: region {rname!r} appears twice (first at line {seen[rname]})")
            seen[rname] = line
            rect = r.get("rect")
            if rect is not None and len(rect) != 4:
                chk.error(_lk(r, "rect", line), f"{where}.{rname}.rect: expected [x, y, width, height] in mm")
            for k in ("fill", "stroke", "color"):
                if r.get(k) is not None:
                    color(r[k], _lk(r, k, line), f"{where}.{rname}.{k}")
            if r.get("src"):
                _check_asset_name(chk, path.parent, r["src"], _lk(r, "src", line), f"{where}.{rname}.src")
            if r.get("emphasis") and len(r["emphasis"]) % 2:
                chk.error(_lk(r, "emphasis", line), f"{where}.{rname}.emphasis: expected pairs of opening and "
                          f"closing characters, like \"【】[]\"")
            if r.get("template") is not None:
                for m in _FIELD_REF.finditer(r["template"]):
                    if m.group(2):
                        try:
                            format(0, m.group(2))
                        except ValueError:
                            chk.error(_lk(r, "template", line), f"{where}.{rname}.template: bad format "
                                      f"{{{m.group(1)}:{m.group(2)}}}")
            if ruleset is not None:
                known = _known_fields(ruleset, kind)
                fields = [r.get("field")] if r.get("field") else []
                if r.get("template") is not None:
                    fields = [m.group(1) for m in _FIELD_REF.finditer(r["template"])]
                for f in fields + list((r.get("when") or {}).keys()):
                    if f not in known:
                        chk.error(_lk(r, "template" if r.get("template") else "field", line),
                                  f"{where}.{rname}: no card field {f!r}"
                                  + (f" on kind {kind!r}" if kind else "")
                                  + f" (fields: {', '.join(sorted(known))})")

    check_regions(d["base"], "base", None)
    check_regions(d["back"]["regions"], "back", None)
    for kname, k in d["kinds"].items():
        check_regions(k["regions"], f"kinds.{kname}", None if kname == "default" else kname)
        if (k.get("back") or {}).get("regions"):
            check_regions(k["back"]["regions"], f"kinds.{kname}.back", None if kname == "default" else kname)
    chk.done()
    top_back = {key: d["back"][key] for key in ("background", "accent", "text", "image")}
    top_back["regions"] = tuple(sorted((_region_from(r, d["back"]["regions"].line_of(i))
                                       for i, r in enumerate(d["back"]["regions"])), key=lambda r: r.z))

    base = [(r, d["base"].line_of(i)) for i, r in enumerate(d["base"])]
    kinds = {}
    reported: set = set()
    base_lines = {line for _, line in base}
    names = set(d["kinds"]) | (set(ruleset.card_kinds) if ruleset is not None else set())
    names.add("default")
    for kname in sorted(names):
        k = d["kinds"].get(kname) or YMap({"regions": YList(), "hide": []})
        ksize = size
        if k.get("size_mm") is not None:
            ksize = _check_size(chk, k["size_mm"], _lk(k, "size_mm"), f"kinds.{kname}")
        bg = k.get("background") or card["background"]
        if k.get("background"):
            color(bg, _lk(k, "background"), f"kinds.{kname}.background")
        own = [(r, k["regions"].line_of(i)) for i, r in enumerate(k["regions"])]
        merged = _merge_regions(base, own, list(k.get("hide") or []))
        regions = []
        for r, line in merged:
            where = f"region {r['name']!r}" + ("" if line in base_lines or kname == "default" else f" of kind {kname!r}")
            if r.get("rect") is None:
                if (line, "rect") not in reported:
                    reported.add((line, "rect"))
                    chk.error(line, f"{where}: no rect [x, y, width, height]")
                continue
            reg = _region_from(r, line)
            x, y, w, h = reg.rect
            outside = w <= 0 or h <= 0 or x < -0.01 or y < -0.01 or x + w > ksize[0] + 0.01 or y + h > ksize[1] + 0.01
            if outside and (line, reg.rect, ksize) not in reported:  # a base region: once, not once per kind
                reported.add((line, reg.rect, ksize))
                chk.error(line, f"{where}: rect [{x:g}, {y:g}, {w:g}, {h:g}] does not lie inside the "
                          f"{ksize[0]:g}×{ksize[1]:g} mm card")
            if reg.min_size > reg.size and (line, "min_size") not in reported:
                reported.add((line, "min_size"))
                chk.error(line, f"{where}: min_size {reg.min_size:g} is above size {reg.size:g}")
            regions.append(reg)
        if not any(r.type == "manual" for r in regions):
            regions.append(_default_manual(d["manual_mark"], ksize))
        regions.sort(key=lambda r: r.z)   # stable: the file's order among equal z
        back = dict(top_back)
        kb = k.get("back") or {}
        back.update({key: kb[key] for key in ("background", "accent", "text", "image") if kb.get(key) is not None})
        if kb.get("regions") is not None:
            if not kb.get("image"):
                back["image"] = ""  # the kind's own drawn back, not the layout's picture
            back["regions"] = tuple(sorted((_region_from(r, kb["regions"].line_of(i))
                                            for i, r in enumerate(kb["regions"])), key=lambda r: r.z))
        kinds[kname] = KindLayout(kname, ksize, bg, tuple(regions), back)
    chk.done()
    return Layout(path=str(path), size_mm=size, dpi=card["dpi"], corner_mm=card["corner_mm"],
                  background=card["background"], palette_field=d["palette_field"],
                  palette=dict(d["palette"]), colors={k: dict(v) for k, v in d["colors"].items()},
                  rarity=_rarity(d["rarity"]), back=top_back,
                  kinds={k: v for k, v in kinds.items() if k != "default"}, default=kinds["default"],
                  fonts={k: v for k, v in d["fonts"].items() if v}, language=d["language"])


def _default_manual(spec: dict, size) -> Region:
    raw = {k: v for k, v in dict(spec).items()}
    w, h = size
    fx, fy, fw, fh = DEFAULT_MANUAL_MARK["rect"]
    raw.setdefault("rect", [round(w * fx, 2), round(h * fy, 2), round(w * fw, 2), round(h * fh, 2)])
    raw.setdefault("name", "manual")
    raw["type"] = "manual"
    return _region_from(raw, getattr(spec, "line", 0))


def _rarity(table: dict) -> dict:
    out = {k: dict(v) for k, v in DEFAULT_RARITY.items()}
    for k, v in table.items():
        merged = dict(out.get(k, {"label": k, "fill": "#7f8c8d", "color": "#ffffff", "shape": "circle"}))
        merged.update({kk: vv for kk, vv in v.items() if vv is not None})
        out[k] = merged
    return out


def _lk(m, key, default=1) -> int:
    return m.line_of(key) if isinstance(m, YMap) else default


def _check_size(chk: Checker, size, line: int, where: str) -> tuple:
    if size is None or len(size) != 2:
        chk.error(line, f"{where}.size_mm: expected [width, height] in millimetres")
        return (63.0, 88.0)
    return (float(size[0]), float(size[1]))


def _check_asset_name(chk: Checker, folder: Path, name: str, line: int, where: str) -> None:
    try:
        asset_path(folder, name)
    except ValueError as e:
        chk.error(line, f"{where}: {e}")


def asset_path(ruleset_folder: Path, name: str) -> Path:
    """Return the file `name` inside the ruleset's assets/ folder; refuse any path that leaves it."""
    assets = (Path(ruleset_folder) / "assets").resolve()
    p = Path(name)
    if p.is_absolute() or name.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", name):
        raise ValueError(f"{name!r} is an absolute path; art must be a file inside {assets}")
    resolved = (assets / p).resolve()
    if resolved != assets and assets not in resolved.parents:
        raise ValueError(f"{name!r} lies outside the ruleset's assets/ folder ({assets})")
    return resolved


def _ruleset_beside(path: Path):
    """Return the ruleset in the layout's folder when it loads, else None (its own errors are not ours)."""
    if not (path.parent / "ruleset.yaml").exists():
        return None
    try:
        from ..engine.ruleset import load_ruleset_dir
        return load_ruleset_dir(path.parent, decks=False)   # faces need no deck: a broken one is not ours
    except (TabletopError, DataError, DataErrors):
        return None


# --- the generic layout -----------------------------------------------------------------------
def default_layout(ruleset) -> Layout:
    """Build a generic layout for a ruleset that has no layout.yaml: name, cost, art, type line, text, stats."""
    w, h = 63.0, 88.0
    base = [
        {"name": "frame", "type": "frame", "rect": [2, 2, w - 4, h - 4], "shape": "rounded", "fill": "paper",
         "stroke": "dark", "stroke_mm": 0.5, "radius_mm": 2},
        {"name": "name", "type": "text", "field": "name", "rect": [10.5, 3.5, w - 18, 7], "size": 10, "weight": "bold",
         "valign": "middle", "wrap": False, "fill": "light", "shape": "rounded", "padding_mm": 1},
        {"name": "art", "type": "image", "rect": [4, 12, w - 8, 34], "stroke": "dark"},
        {"name": "type_line", "type": "text", "template": "{kind_label}　{keywords}", "rect": [4, 47, w - 16, 5],
         "size": 6.5, "wrap": False, "valign": "middle", "color": "dark"},
        {"name": "rarity", "type": "rarity", "rect": [w - 10, 47, 5, 5]},
        {"name": "text", "type": "text", "field": "text", "rect": [4, 53, w - 8, 22], "size": 8, "min_size": 5,
         "fill": "#ffffff", "shape": "rect", "stroke": "muted", "padding_mm": 1.2},
        {"name": "flavor", "type": "text", "field": "flavor", "rect": [5, 75.5, w - 10, 4.5], "size": 5.5,
         "italic": True, "color": "muted", "wrap": False},
    ]
    kinds = {}
    for kname, kspec in ruleset.card_kinds.items():
        regions = []
        fields = list(kspec["fields"])
        if "cost" in fields:
            regions.append({"name": "cost", "type": "number", "field": "cost", "rect": [3, 3, 8, 8],
                            "shape": "circle", "fill": "main", "stroke": "dark", "color": "on_main", "size": 13})
        stats = [f for f in fields if f != "cost" and kspec["fields"][f].get("type", "int") in ("int", "float")]
        if stats:
            parts = []
            for f in stats:
                label = kspec["fields"][f].get("label") or f.upper()
                parts.append(f"{label} {{{f}}}")
            regions.append({"name": "stats", "type": "text", "template": "  ".join(parts),
                            "rect": [4, 80.5, w - 8, 5], "size": 8, "weight": "bold", "align": "right",
                            "valign": "middle", "wrap": False, "color": "on_main", "fill": "main",
                            "shape": "rounded", "padding_mm": 1})
        kinds[kname] = regions

    back = {"background": "#2a2438", "accent": "#c9a94a", "text": "{name}", "image": "", "regions": ()}

    def build(kname, own):
        merged = _merge_regions([(r, 0) for r in base], [(r, 0) for r in own], [])
        regions = [_region_from(r, 0) for r, _ in merged]
        regions.append(_default_manual({}, (w, h)))
        return KindLayout(kname, (w, h), "main", tuple(regions), dict(back))

    return Layout(path="(default layout)", size_mm=(w, h), dpi=300, corner_mm=3.0, background="main",
                  palette_field="color", palette={}, colors={}, rarity=_rarity({}),
                  back=dict(back),
                  kinds={k: build(k, v) for k, v in kinds.items()}, default=build("default", []),
                  generated=True)

