"""Saves and replays: JSON files written atomically, checked by replaying their action log.

A save holds a format version, the ruleset, the decks, the seed, the options, the game's start
(a state snapshot), the action log and a snapshot of the current state. Loading replays the log
from the start and checks the result against the snapshot. No pickle anywhere.

Version 2 writes messages (log lines, prompts, the outcome's reason) as their English text and values,
`{"msg": "P{n} draws {count}", "args": {"n": 1, "count": 2}}`, so the log reads in the language of
whoever opens the save. Version 1 saves (messages as plain English text) still load: their words are
left out of the check, and the replay writes the log afresh.
"""
from __future__ import annotations

import datetime as _dt
import json
import os
from pathlib import Path

from .atomic import write_atomic
from .errors import IllegalAction, SaveError, TabletopError
from .game import Game
from .msg import json_default, msg
from .ruleset import ROOT

FORMAT = "tabletop-save"
VERSION = 2
READS = (1, 2)       # the versions this tabletop reads
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
    return json.dumps(body, ensure_ascii=False, indent=1, default=json_default)   # a Msg in rule data: its English


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
        raise SaveError(msg("{path}: no such save", path=str(path))) from None
    except (OSError, UnicodeDecodeError) as e:
        raise SaveError(msg("{path}: cannot read the save ({error})", path=str(path), error=str(e))) from None
    if not text.strip():
        raise SaveError(msg("{path}: the save is empty", path=str(path)))
    try:
        d = json.loads(text)
    except json.JSONDecodeError as e:
        raise SaveError(msg("{path}:{line}: the save is corrupt or truncated ({error}, column {column})",
                            path=str(path), line=e.lineno, error=e.msg, column=e.colno)) from None
    if not isinstance(d, dict) or d.get("format") != FORMAT:
        raise SaveError(msg("{path}: not a tabletop save", path=str(path)))
    v = d.get("version")
    if v not in READS:
        raise SaveError(msg("{path}: save format version {version!r}; this tabletop reads versions {known}",
                            path=str(path), version=v, known=", ".join(map(str, READS))))
    for key in ("ruleset", "initial", "actions", "state"):
        if key not in d:
            raise SaveError(msg("{path}: the save lacks {key!r}", path=str(path), key=key))
    if not isinstance(d["actions"], list) or not all(isinstance(a, str) for a in d["actions"]):
        raise SaveError(msg("{path}: the action log must be a list of action texts", path=str(path)))
    return d


def load_game(path: Path) -> Game:
    """Load a save by replaying it; raise SaveError naming the file and what is wrong."""
    d = read_save(path)
    try:
        return Game.from_dict(d, words=d.get("version") != 1)
    except IllegalAction as e:
        raise SaveError(msg("{path}: {why}", path=str(path), why=e.reason)) from None
    except TabletopError as e:
        raise SaveError(msg("{path}: {why}", path=str(path), why=e.args[0] if e.args else str(e))) from None
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise SaveError(msg("{path}: the save is damaged ({error})", path=str(path),
                            error=f"{type(e).__name__}: {e}")) from None


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
