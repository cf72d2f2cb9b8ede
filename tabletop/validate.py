"""`tabletop validate`: check data files and report every problem as `path:line: what is wrong`."""
from __future__ import annotations

from pathlib import Path

from .engine.errors import DataError, DataErrors, SaveError, TabletopError
from .engine.msg import msg
from .engine.ruleset import load_deck, load_ruleset_dir, rulesets_dirs


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


def validate_ruleset_folder(folder: Path) -> list[str]:
    """Check one ruleset folder: ruleset, cards, decks, layout and every scenario."""
    try:
        rs = load_ruleset_dir(folder)
    except TabletopError as e:
        return _messages(e)
    problems = []
    for sc in sorted((folder / "scenarios").glob("*.yaml")):
        problems += validate_file(sc)
    layout = folder / "layout.yaml"
    if layout.exists():
        problems += validate_file(layout)
    return problems


def validate_file(path: Path) -> list[str]:
    """Check one file, choosing the check by where it lies and what it is called."""
    from .engine.game import Game
    from .engine.saves import load_game
    try:
        if path.suffix == ".json":
            load_game(path)
            return []
        folder = _ruleset_folder(path.parent if path.is_file() else path)
        if path.name in ("ruleset.yaml", "cards.yaml") and folder:
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
            return [msg("{path}: not a file tabletop knows how to check (ruleset.yaml, cards.yaml, decks/*.yaml, "
                        "scenarios/*.yaml, layout.yaml, *.json saves)", path=str(path))]
    except (TabletopError, SaveError) as e:
        return _messages(e)
    return []


def validate_paths(paths: list[Path]) -> list[str]:
    if not paths:
        folders = [p.parent for d in rulesets_dirs() for p in sorted(d.glob("*/ruleset.yaml"))]
        return [m for f in folders for m in validate_ruleset_folder(f)]
    problems = []
    for p in paths:
        if not p.exists():
            problems.append(msg("{path}: no such file or folder", path=str(p)))
        elif p.is_dir():
            if (p / "ruleset.yaml").exists():
                problems += validate_ruleset_folder(p)
            else:
                for f in sorted(p.glob("*/ruleset.yaml")):
                    problems += validate_ruleset_folder(f.parent)
        else:
            problems += validate_file(p)
    return problems
