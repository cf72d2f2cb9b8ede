"""Saves and replays: JSON files written atomically, checked by replaying their action log.

A save holds a format version, the ruleset, the decks, the seed, the options, the game's start
(a state snapshot), the action log and a snapshot of the current state. Loading replays the log
from the start and checks the result against the snapshot. No pickle anywhere.
"""
from __future__ import annotations

import datetime as _dt
import json
import os
from pathlib import Path

from .atomic import write_atomic
from .errors import IllegalAction, SaveError, TabletopError
from .game import Game
from .ruleset import ROOT

FORMAT = "tabletop-save"
VERSION = 1
AUTOSAVE = "autosave.json"


def saves_dir(override: str | os.PathLike | None = None) -> Path:
    """Return the saves folder: `override`, else TABLETOP_SAVES, else `saves/` of the checkout."""
    d = Path(override or os.environ.get("TABLETOP_SAVES") or (ROOT / "saves"))
    d.mkdir(parents=True, exist_ok=True)
    return d


def game_to_json(game: Game, label: str = "") -> str:
    body = {"format": FORMAT, "version": VERSION, "label": label,
            "saved_at": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")}
    body.update(game.to_dict())
    return json.dumps(body, ensure_ascii=False, indent=1)


def save_game(game: Game, path: Path, label: str = "") -> Path:
    """Save atomically; the previous good save at `path` is kept as `path.bak`."""
    path = Path(path)
    text = game_to_json(game, label)
    if path.exists():
        try:
            read_save(path)  # keep a backup only of a save that still loads
            write_atomic(path.with_suffix(path.suffix + ".bak"), path.read_text(encoding="utf-8"))
        except TabletopError:
            pass
    write_atomic(path, text)
    return path


def autosave(game: Game, folder=None, label: str = "autosave") -> Path:
    """Write the autosave (the table calls it after every turn); `label` may record who sits where."""
    return save_game(game, saves_dir(folder) / AUTOSAVE, label=label)


def read_save(path: Path) -> dict:
    """Read and check a save file's envelope; raise SaveError with a clear message."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save") from None
    except (OSError, UnicodeDecodeError) as e:
        raise SaveError(f"{path}: cannot read the save ({e})") from None
    if not text.strip():
        raise SaveError(f"{path}: the save is empty")
    try:
        d = json.loads(text)
    except json.JSONDecodeError as e:
        raise SaveError(f"{path}:{e.lineno}: the save is corrupt or truncated ({e.msg}, column {e.colno})") from None
    if not isinstance(d, dict) or d.get("format") != FORMAT:
        raise SaveError(f"{path}: not a tabletop save")
    v = d.get("version")
    if v != VERSION:
        raise SaveError(f"{path}: save format version {v!r}; this tabletop reads version {VERSION}")
    for key in ("ruleset", "initial", "actions", "state"):
        if key not in d:
            raise SaveError(f"{path}: the save lacks {key!r}")
    if not isinstance(d["actions"], list) or not all(isinstance(a, str) for a in d["actions"]):
        raise SaveError(f"{path}: the action log must be a list of action texts")
    return d


def load_game(path: Path) -> Game:
    """Load a save by replaying it; raise SaveError naming the file and what is wrong."""
    d = read_save(path)
    try:
        return Game.from_dict(d)
    except IllegalAction as e:
        raise SaveError(f"{path}: {e.reason}") from None
    except TabletopError as e:
        raise SaveError(f"{path}: {e}") from None
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise SaveError(f"{path}: the save is damaged ({type(e).__name__}: {e})") from None


def load_latest(folder=None) -> tuple[Game | None, list[str]]:
    """Return the newest save that loads (autosave first, then its backup) and the problems met."""
    d = saves_dir(folder)
    problems = []
    candidates = [d / AUTOSAVE, d / (AUTOSAVE + ".bak")]
    candidates += sorted((p for p in d.glob("*.json") if p.name != AUTOSAVE), key=lambda p: p.stat().st_mtime,
                         reverse=True)
    for p in candidates:
        if not p.exists():
            continue
        try:
            return load_game(p), problems
        except SaveError as e:
            problems.append(str(e))
    return None, problems
