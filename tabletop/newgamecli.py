"""`tabletop new-game NAME [--from EXAMPLE] [--path FOLDER]`: a designer's own ruleset folder, copied from
an example with its id renamed, so that it validates and opens at once.

The copy goes to the user's rulesets folder (`<config>/rulesets/NAME`, searched by every command, so
`tabletop play NAME` finds it) unless `--path` names another folder; every command also takes that
folder's path in place of an id.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

from .engine.errors import TabletopError
from .engine.msg import msg
from .engine.ruleset import folder_ruleset_id, ruleset_dir, ruleset_ids
from .engine.userdirs import config_dir

_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")


def user_rulesets_dir() -> Path:
    """The user's own rulesets folder, searched after TABLETOP_RULESETS and before the built-in ones."""
    return config_dir() / "rulesets"


def new_game(name: str, example: str = "sandbox", where: Path | None = None) -> Path:
    """Copy the ruleset `example` to a new folder whose ruleset (and scenarios) have the id `name`."""
    if not _NAME.fullmatch(name):
        raise TabletopError(msg("{name!r}: a game's id is lower-case letters, digits, _ and - (at most 40), "
                                "starting with a letter or digit", name=name))
    if name in ruleset_ids():
        raise TabletopError(msg("{name!r} is already a ruleset's id: choose another name", name=name))
    src = ruleset_dir(example)
    if src is None:
        raise TabletopError(msg("no ruleset {ruleset!r} to copy (known: {known})", ruleset=example,
                                known=", ".join(ruleset_ids())))
    dest = Path(where) if where is not None else user_rulesets_dir() / name
    if dest.exists() and any(dest.iterdir()):
        raise TabletopError(msg("{path}: the folder exists and is not empty", path=str(dest)))
    old = folder_ruleset_id(src)
    shutil.copytree(src, dest, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    rename_ruleset(dest, old, name)
    return dest


def rename_ruleset(folder: Path, old: str, new: str) -> None:
    """Give a copied ruleset folder the id `new`: ruleset.yaml's id and English name, and each scenario's
    `ruleset:` (otherwise a scenario would keep playing with the example's cards)."""
    rs = folder / "ruleset.yaml"
    text = rs.read_text(encoding="utf-8")
    text, n = re.subn(r"(?m)^id:.*$", f"id: {new}", text, count=1)
    if not n:
        text = f"id: {new}\n" + text
    text = re.sub(r"(?m)^name_en:.*$", f"name_en: {new}", text, count=1)
    rs.write_text(text, encoding="utf-8")
    for sc in sorted((folder / "scenarios").glob("*.yaml")):
        t = sc.read_text(encoding="utf-8")
        t2 = re.sub(rf"(?m)^ruleset:\s*['\"]?{re.escape(old)}['\"]?\s*$", f"ruleset: {new}", t)
        if t2 != t:
            sc.write_text(t2, encoding="utf-8")
