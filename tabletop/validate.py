"""`tabletop validate`: check data files and report every problem as `path:line: what is wrong`.

Errors (the command exits 1): files that do not load, and art or back images that are missing or
unreadable. Warnings (printed, exit 0): what would print badly — text cut or shrunk to its minimum
size, characters no font can draw, overlapping regions, a kind whose layout draws nothing, an
unknown `{icon}`. Every check runs, so one pass lists all of them.
"""
from __future__ import annotations

from pathlib import Path

from .engine.errors import DataError, DataErrors, SaveError, TabletopError
from .engine.ruleset import load_deck, load_ruleset_dir, rulesets_dirs

CONTENT = ("text", "number", "pips", "rarity")  # regions whose overlap hides something


def _messages(e: Exception) -> list[str]:
    if isinstance(e, DataErrors):
        return [str(x) for x in e.errors]
    return [str(e)]


def _ruleset_folder(path: Path) -> Path | None:
    for p in [path, *path.parents]:
        if (p / "ruleset.yaml").exists():
            return p
    return None


def validate_ruleset_folder(folder: Path, warnings: list | None = None) -> list[str]:
    """Check one ruleset folder: ruleset, cards, decks, layout, art, backs and every scenario.

    Returns the errors; warnings (what would print badly) are appended to `warnings` if given.
    """
    try:
        rs = load_ruleset_dir(folder)
    except TabletopError as e:
        return _messages(e)
    problems = []
    for sc in sorted((folder / "scenarios").glob("*.yaml")):
        problems += validate_file(sc)
    layout = folder / "layout.yaml"
    layout_ok = True
    if layout.exists():
        errs = validate_file(layout)
        problems += errs
        layout_ok = not errs
    renderer = None
    try:
        import pygame.freetype  # the face checks measure text: fonts, not a window
        pygame.freetype.init()
        from .layout import CardRenderer
        from .layout.model import default_layout
        renderer = CardRenderer(rs, None if layout_ok else default_layout(rs))
    except ModuleNotFoundError:
        pass
    problems += art_errors(rs, renderer)
    if renderer is not None and warnings is not None:
        warnings += card_warnings(rs, renderer, layout_checks=layout_ok)
    return problems


def art_errors(rs, renderer=None) -> list[str]:
    """Return `path:line` errors for art and back images that are missing, refused or unreadable."""
    from .layout import art as artmod
    from .layout.model import asset_path
    out = []
    for c in rs.cards.values():
        try:
            p = artmod.resolve_art(rs.path, c)
            if p is not None:
                _readable(p)
        except DataError as e:
            out.append(str(e) if e.path == c.path else f"{c.path}:{c.line}: card {c.id}: art {e}")
    if renderer is not None and not renderer.layout.generated:
        lay = renderer.layout
        seen = set()
        kinds = [("back", lay.back)] + [(f"kinds.{k}.back", kl.back) for k, kl in lay.kinds.items()]
        for where, back in kinds:
            name = (back or {}).get("image")
            if not name or name in seen:
                continue
            seen.add(name)
            try:
                _readable(asset_path(rs.path, name))
            except (ValueError, DataError) as e:
                out.append(f"{lay.path}: {where}.image: {e}")
        for kl in list(lay.kinds.values()) + [lay.default]:
            for r in kl.regions + tuple((kl.back or {}).get("regions") or ()):
                if r.src and (r.line, r.src) not in seen:
                    seen.add((r.line, r.src))
                    try:
                        _readable(asset_path(rs.path, r.src))
                    except (ValueError, DataError) as e:
                        out.append(f"{lay.path}:{r.line}: region {r.name!r}: src {e}")
    return out


def _readable(p: Path) -> None:
    """Raise DataError unless p is an image file pygame can read."""
    if not p.is_file():
        raise DataError(p, None, "file not found")
    from .layout.art import load_image
    load_image(p)


def card_warnings(rs, renderer, layout_checks: bool = True) -> list[str]:
    """Return `path:line: warning` lines for every card face that would print badly."""
    from .layout import text as textmod
    from .layout.model import PT_MM
    out = []
    lay = renderer.layout
    if layout_checks and not lay.generated:
        out += layout_warnings(lay, rs, renderer)
    for c in rs.cards.values():
        kl = lay.for_kind(c.kind)
        scale = round(kl.size_mm[0] / 25.4 * lay.dpi) / kl.size_mm[0]
        where = f"{c.path}:{c.line}: card {c.id}"
        for r, s in renderer.texts(c):
            fit = renderer._fit(r, s, scale)
            if fit.overflow:
                out.append(f"{where}: {r.name!r} text is cut (…) even at its minimum size {r.min_size:g} pt")
            elif r.wrap and fit.px <= r.min_size * PT_MM * scale + 1e-6 and r.min_size < r.size:
                out.append(f"{where}: {r.name!r} text only fits shrunk to its minimum size {r.min_size:g} pt")
            weight = renderer._weights.get(r.weight, r.weight)
            missing = textmod.missing_glyphs(s, weight)
            if missing:
                out.append(f"{where}: {r.name!r}: no font can draw {' '.join(missing)} "
                           f"({', '.join(f'U+{ord(ch):04X}' for ch in missing)}): it prints as a box")
        for r, name in renderer.unknown_icons(c):
            out.append(f"{where}: {r.name!r}: unknown icon {{{name}}} (no assets/icons/{name}.png)")
    return out


def layout_warnings(lay, rs, renderer=None) -> list[str]:
    """Return warnings about the layout itself: kinds that draw nothing, and text regions that
    overlap on a card that shows both (named once per pair, with the first such card)."""
    out = []
    for kname, kl in sorted(lay.kinds.items()):
        if not [r for r in kl.regions if r.type != "manual"]:
            out.append(f"{lay.path}: kind {kname!r}: the layout draws nothing but the background (no regions)")
    if renderer is None:
        return out
    reported = set()
    for c in rs.cards.values():
        kl = lay.for_kind(c.kind)
        content = [r for r in kl.regions if r.type in CONTENT and renderer._applies(r, c)]
        for i, a in enumerate(content):
            for b in content[i + 1:]:
                ox = min(a.rect[0] + a.rect[2], b.rect[0] + b.rect[2]) - max(a.rect[0], b.rect[0])
                oy = min(a.rect[1] + a.rect[3], b.rect[1] + b.rect[3]) - max(a.rect[1], b.rect[1])
                if ox > 0.3 and oy > 0.3 and (a.line, b.line, c.kind) not in reported:
                    reported.add((a.line, b.line, c.kind))
                    out.append(f"{lay.path}:{b.line}: region {b.name!r} overlaps {a.name!r} (line {a.line}) "
                               f"by {ox:.1f}×{oy:.1f} mm on card {c.id} ({c.path}:{c.line})")
    return out


def validate_file(path: Path) -> list[str]:
    """Check one file, choosing the check by where it lies and what it is called."""
    from .engine.game import Game
    from .engine.saves import load_game
    try:
        if path.suffix == ".json":
            load_game(path)
            return []
        folder = _ruleset_folder(path.parent if path.is_file() else path)
        if path.name in ("ruleset.yaml", "cards.yaml", "cards.csv") and folder:
            load_ruleset_dir(folder)
        elif path.parent.name == "decks" and folder:
            rs = load_ruleset_dir(folder)
            load_deck(path, rs)
        elif path.parent.name == "scenarios" or "scenario" in path.stem:
            Game.from_scenario(path)
        elif path.name == "layout.yaml" and folder:
            try:
                from .layout import load_layout
            except ModuleNotFoundError:
                return []
            load_layout(path)
        else:
            return [f"{path}: not a file tabletop knows how to check (ruleset.yaml, cards.yaml, cards.csv, "
                    "decks/*.yaml, scenarios/*.yaml, layout.yaml, *.json saves)"]
    except (TabletopError, SaveError) as e:
        return _messages(e)
    return []


def validate_report(paths: list[Path]) -> tuple[list[str], list[str]]:
    """Return (errors, warnings) for files and folders (every ruleset when none is given)."""
    warnings: list[str] = []
    if not paths:
        folders = [p.parent for d in rulesets_dirs() for p in sorted(d.glob("*/ruleset.yaml"))]
        return [m for f in folders for m in validate_ruleset_folder(f, warnings)], warnings
    problems = []
    for p in paths:
        if not p.exists():
            problems.append(f"{p}: no such file or folder")
        elif p.is_dir():
            if (p / "ruleset.yaml").exists():
                problems += validate_ruleset_folder(p, warnings)
            else:
                for f in sorted(p.glob("*/ruleset.yaml")):
                    problems += validate_ruleset_folder(f.parent, warnings)
        else:
            problems += validate_file(p)
            folder = _ruleset_folder(p.parent)
            if folder and p.name in ("cards.yaml", "cards.csv", "layout.yaml") and not problems:
                problems += validate_ruleset_folder(folder, warnings)  # art, backs and faces too
    return list(dict.fromkeys(problems)), list(dict.fromkeys(warnings))


def validate_paths(paths: list[Path]) -> list[str]:
    """Return the errors only (see validate_report)."""
    return validate_report(paths)[0]
