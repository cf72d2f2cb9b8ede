"""User settings (window size, animation speed, interface language) in a small JSON file.

The file lives in the user's config folder: TABLETOP_CONFIG if set, else %APPDATA%/tabletop on
Windows, else $XDG_CONFIG_HOME/tabletop or ~/.config/tabletop. A damaged file is ignored (and
replaced on the next save): settings are never worth a crash. A file that is not JSON, larger than
MAX_BYTES or nested deeper than a settings file needs, and any value of the wrong type or out of range
(a window size of `["a", "b"]`, `[0, 0]` or `[100000, 100000]`), gives the default instead, and the
first `load` says so once on stderr.
"""
from __future__ import annotations

import json
import math
import sys

from tabletop.engine.msg import msg

DEFAULTS = {"size": [1600, 900], "anim": 1.0, "language": "en", "bot_delay": 0.6}   # language: see load()
SIZES = ["1280x720", "1600x900", "1920x1080"]
MIN_SIZE, MAX_SIZE = (640, 480), (7680, 4320)   # a window size outside these is refused
MAX_BYTES = 64 * 1024                           # a settings file is a few hundred bytes
ANIM = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 2.0}


from tabletop.engine.userdirs import config_dir  # noqa: E402 - one config folder for settings and decks


_told: set = set()   # the problems already reported (each is said once a process)


def _read():
    """Return the settings file's JSON value, or None (missing, unreadable, too large, too deep, not JSON),
    and the problem found, if any."""
    path = config_dir() / "settings.json"
    try:
        if path.stat().st_size > MAX_BYTES:
            return None, msg("{path}: larger than {max} bytes; using the default settings", path=str(path),
                             max=f"{MAX_BYTES:,}")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, None
    except (OSError, UnicodeDecodeError) as e:
        return None, msg("{path}: cannot read it ({error}); using the default settings", path=str(path),
                         error=str(e)[:120])
    try:
        return json.loads(text), None
    except RecursionError:
        return None, msg("{path}: nested too deep; using the default settings", path=str(path))
    except ValueError as e:
        return None, msg("{path}: not JSON ({error}); using the default settings", path=str(path), error=str(e)[:80])


def _valid(key: str, v) -> bool:
    """Return whether `v` is a value the setting `key` may take."""
    number = isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
    if key == "size":
        return (isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in v)
                and MIN_SIZE[0] <= v[0] <= MAX_SIZE[0] and MIN_SIZE[1] <= v[1] <= MAX_SIZE[1])
    if key == "anim":
        return number and 0 <= v <= 10
    if key == "bot_delay":
        return number and 0 <= v <= 60
    if key == "language":
        return isinstance(v, str) and v in LANGS
    return False


def _say(problem) -> None:
    """Print a problem of the settings file on stderr, once a process, in the environment's language."""
    from tabletop.i18n import render
    text = render(problem, language_from_env())
    if text not in _told:
        _told.add(text)
        print(f"tabletop: {text}", file=sys.stderr)


def load() -> dict:
    """Return the settings, with defaults for anything missing, unreadable or out of range (said on stderr).

    The language defaults to what the environment asks for (LANG=ja_JP.UTF-8 starts in Japanese).
    """
    out = json.loads(json.dumps(DEFAULTS))
    out["language"] = language_from_env()
    d, problem = _read()
    if problem:
        _say(problem)
    if isinstance(d, dict):
        for k, v in d.items():
            if k not in DEFAULTS:
                continue
            if _valid(k, v):
                out[k] = v
            else:
                shown = json.dumps(v)[:60] if not isinstance(v, (dict, list)) or len(str(v)) < 60 else type(v).__name__
                _say(msg("{path}: {key} {value} is not a value it takes; using {default}",
                         path=str(config_dir() / "settings.json"), key=k, value=shown, default=json.dumps(out[k])))
    return out


def save(settings: dict) -> None:
    from tabletop.engine.saves import write_atomic
    try:
        write_atomic(config_dir() / "settings.json", json.dumps(settings, indent=1, ensure_ascii=False))
    except OSError as e:
        print(f"tabletop: cannot save settings ({e})", file=sys.stderr)


# --- interface words ------------------------------------------------------------------------
# The words themselves live in the catalogues (tabletop/locale/ja/core.yaml); this is the interface's
# short form of the translation layer, kept under its old name.
from tabletop.i18n import LANGS, Words, language_from_env  # noqa: E402,F401



def chosen_language() -> str | None:
    """Return the language written in the settings file, or None when the user never chose one."""
    d, _ = _read()
    lang = d.get("language") if isinstance(d, dict) else None
    return lang if isinstance(lang, str) else None


def user_language() -> str:
    """Return the language of the user's settings file, or else the one the environment (LANG) asks for."""
    chosen = chosen_language()
    return chosen if chosen in LANGS else language_from_env()
