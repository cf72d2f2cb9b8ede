"""`tabletop validate`: check data files and report every problem as `path:line: what is wrong`.

Errors (the command exits 1): files that do not load, card effects with an unknown op or a count that
is not a number, art or back images that are missing, unreadable or over the picture limit (64 Mpx),
and a layout's font that is not a font file. Warnings (printed, exit 0): what would print badly — text
cut or shrunk to its minimum size, characters no font can draw, overlapping regions, a kind whose
layout draws nothing, an unknown `{icon}`. Every check runs, so one pass lists all of them.
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path

from .engine.errors import DataError, DataErrors, SaveError, TabletopError, clip
from .engine.msg import msg
from .engine.controller import controller_class
from .engine.ruleset import load_deck, load_ruleset_dir, rulesets_dirs
from .engine.yamlio import load_yaml


def _messages(e: Exception) -> list[str]:
    """Return each problem of an error as a message (`path:line: what is wrong`, rendered by the caller)."""
    errors = e.errors if isinstance(e, DataErrors) else [e]
    out = []
    for x in errors:
        if isinstance(x, DataError):
            out.append(msg("{path}: {why}", path=f"{x.path}:{x.line}" if x.line else x.path, why=x.message))
        else:
            out.append(x.args[0] if x.args and isinstance(x.args[0], str) else str(x))
    return out


def _ruleset_folder(path: Path) -> Path | None:
    for p in [path, *path.parents]:
        if (p / "ruleset.yaml").exists():
            return p
    return None


@contextmanager
def ruleset_folder_searched(folder: Path):
    """Let the ruleset of `folder` be found by its id while the block runs (a scenario names it by id)."""
    old = os.environ.get("TABLETOP_RULESETS")
    os.environ["TABLETOP_RULESETS"] = os.pathsep.join([str(folder)] + ([old] if old else []))
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("TABLETOP_RULESETS", None)
        else:
            os.environ["TABLETOP_RULESETS"] = old


def scenario_ruleset_errors(folder: Path, sc: Path) -> list[str]:
    """Return an error if a scenario in a ruleset's folder names another ruleset (a copied example's
    scenario still pointing at the example's cards)."""
    from .engine.ruleset import folder_ruleset_id
    try:
        raw = load_yaml(sc)
    except TabletopError:
        return []   # validate_file reports it
    if not isinstance(raw, dict) or not isinstance(raw.get("ruleset"), str):
        return []
    rid, own = raw["ruleset"], folder_ruleset_id(folder)
    if rid == own:
        return []
    line = raw.line_of("ruleset") if hasattr(raw, "line_of") else None
    return [msg("{path}: ruleset: {other!r} is not this folder's ruleset (its ruleset.yaml says id: {own}); "
                "write ruleset: {own}", path=f"{sc}:{line}" if line else str(sc), other=rid, own=own)]


def validate_ruleset_folder(folder: Path, warnings: list | None = None) -> list[str]:
    """Check one ruleset folder: ruleset, cards, decks, layout, art, backs and every scenario.

    Returns the errors; warnings (what would print badly) are appended to `warnings` if given.
    """
    with ruleset_folder_searched(folder):
        return _validate_ruleset_folder(folder, warnings)


def _validate_ruleset_folder(folder: Path, warnings: list | None = None) -> list[str]:
    problems = []
    try:
        rs = load_ruleset_dir(folder)
    except TabletopError as e:
        problems += _messages(e)
        try:   # a broken deck file hides nothing else: check the rest with the ruleset without its decks
            rs = load_ruleset_dir(folder, decks=False)
        except TabletopError:
            rs = None
    if rs is None:   # the ruleset or its cards do not load: the layout file can still be read
        layout = folder / "layout.yaml"
        return problems + (validate_file(layout) if layout.exists() else [])
    more = getattr(controller_class(rs.controller, missing_ok=True), "ruleset_warnings", None)
    if more is not None and warnings is not None:
        warnings += more(rs)        # e.g. a declared game no win condition can end
    for sc in sorted((folder / "scenarios").glob("*.yaml")):
        mismatch = scenario_ruleset_errors(folder, sc)
        problems += mismatch or validate_file(sc, rs)
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
    problems += effect_errors(rs)
    problems += art_errors(rs, renderer)
    if renderer is not None and not renderer.layout.generated:
        problems += font_errors(rs, renderer.layout)
    if renderer is not None and warnings is not None:
        from .layout.checks import card_warnings
        warnings += card_warnings(rs, renderer, layout_checks=layout_ok)
    return problems


_COUNTS = ("n", "max", "power")   # effect fields that must be whole numbers when given


def effect_errors(rs) -> list[str]:
    """Return `path:line` errors for card effects: an unknown op, a missing trigger, a count not a number."""
    from .engine.controller import controller_class
    from .engine.effects import OPS, check_steps
    # The ops of the ruleset's controller (its class's EFFECT_OPS; the shared ones for one without effects).
    ops = getattr(controller_class(rs.controller, missing_ok=True), "EFFECT_OPS", OPS)
    out = []
    for c in rs.cards.values():
        where = f"{c.path}:{c.line}"
        for problem in check_steps(c, ops):
            out.append(msg("{path}: card {card}: {why}", path=where, card=c.id, why=problem))
        for i, step in enumerate(c.effects):
            if not isinstance(step, dict):
                continue
            for k in _COUNTS:
                v = step.get(k)
                if k in step and (not isinstance(v, int) or isinstance(v, bool)):
                    out.append(msg("{path}: card {card}: effect {n}: {field}: expected a whole number, found {value}",
                                   path=where, card=c.id, n=i + 1, field=k, value=clip(repr(v), 80)))
    return out


def font_errors(rs, lay) -> list[str]:
    """Return `path:line` errors for a layout's fonts that are missing, not files, or not fonts."""
    from .layout.checks import font_problems     # here: the layout package loads pygame's font library
    return [m for e in font_problems(rs, lay) for m in _messages(e)]


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


def validate_file(path: Path, ruleset=None) -> list[str]:
    """Check one file, choosing the check by where it lies and what it is called (a scenario with
    `ruleset` if it names that ruleset)."""
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
            rs = load_ruleset_dir(folder, decks=False)   # this deck's problems, not every deck's
            load_deck(path, rs)
        elif path.parent.name == "scenarios" or "scenario" in path.stem:
            Game.from_scenario(path, ruleset)
        elif path.name == "layout.yaml" and folder:
            try:
                from .layout import load_layout
            except ModuleNotFoundError:
                return []
            load_layout(path)
        else:
            return [msg("{path}: not a file tabletop knows how to check (ruleset.yaml, cards.yaml, cards.csv, "
                        "decks/*.yaml, scenarios/*.yaml, layout.yaml, *.json saves)", path=str(path))]
    except (TabletopError, SaveError) as e:
        return _messages(e)
    except RecursionError:
        return [msg("{path}: nested too deep to read", path=str(path))]
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
            problems.append(msg("{path}: no such file or folder", path=str(p)))
        elif p.is_dir():
            if (p / "ruleset.yaml").exists():
                problems += validate_ruleset_folder(p, warnings)
            else:
                for f in sorted(p.glob("*/ruleset.yaml")):
                    problems += validate_ruleset_folder(f.parent, warnings)
        else:
            folder = _ruleset_folder(p.parent)
            if folder:
                with ruleset_folder_searched(folder):
                    problems += validate_file(p)
            else:
                problems += validate_file(p)
            if folder and p.name in ("cards.yaml", "cards.csv", "layout.yaml") and not problems:
                problems += validate_ruleset_folder(folder, warnings)  # art, backs and faces too
    return list(dict.fromkeys(problems)), list(dict.fromkeys(warnings))
