"""Where rulesets are found: the folders searched (TABLETOP_RULESETS, the user's own, ours), a
folder's declared id, and the folder of an id.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def rulesets_dirs() -> list[Path]:
    """Return the folders searched for rulesets: those in TABLETOP_RULESETS (os.pathsep-separated), the
    user's own (`<config>/rulesets`, where `tabletop new-game` puts a game), then ours. An entry of
    TABLETOP_RULESETS may also be one ruleset's own folder (the one holding its ruleset.yaml)."""
    from .userdirs import config_dir
    extra = [Path(p) for p in os.environ.get("TABLETOP_RULESETS", "").split(os.pathsep) if p]
    return extra + [config_dir() / "rulesets", ROOT / "rulesets"]


_ID_LINE = re.compile(r"^id:\s*['\"]?([A-Za-z0-9_.-]+)", re.M)


def folder_ruleset_id(folder: Path) -> str:
    """Return the id a ruleset folder's ruleset.yaml declares (its folder's name if it declares none)."""
    try:
        m = _ID_LINE.search((Path(folder) / "ruleset.yaml").read_text(encoding="utf-8", errors="replace"))
    except OSError:
        m = None
    return m.group(1) if m else Path(folder).name


def _ruleset_folders() -> list[Path]:
    """Every ruleset folder, in search order: a folder named in TABLETOP_RULESETS, then each searched
    folder's subfolders."""
    out = []
    for d in rulesets_dirs():
        if (d / "ruleset.yaml").exists():
            out.append(d)
        else:
            out += [p.parent for p in sorted(d.glob("*/ruleset.yaml"))]
    return out


def ruleset_dir(ruleset_id: str) -> Path | None:
    """Return the folder of the ruleset with this id: a folder named after it first, else the first
    folder whose ruleset.yaml declares it (a designer's copy in ~/mygame with `id: kitsunebi`)."""
    for d in rulesets_dirs():
        if (d / "ruleset.yaml").exists():
            if folder_ruleset_id(d) == ruleset_id:
                return d
        elif (d / ruleset_id / "ruleset.yaml").exists():
            return d / ruleset_id
    for f in _ruleset_folders():
        if folder_ruleset_id(f) == ruleset_id:
            return f
    return None


def ruleset_ids() -> list[str]:
    """Return the ids of every ruleset folder that has a ruleset.yaml, sorted."""
    return sorted({folder_ruleset_id(f) for f in _ruleset_folders()})
