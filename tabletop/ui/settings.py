"""User settings (window size, animation speed, interface language) in a small JSON file.

The file lives in the user's config folder: TABLETOP_CONFIG if set, else %APPDATA%/tabletop on
Windows, else $XDG_CONFIG_HOME/tabletop or ~/.config/tabletop. A damaged file is ignored (and
replaced on the next save): settings are never worth a crash.
"""
from __future__ import annotations

import json
import sys

DEFAULTS = {"size": [1600, 900], "anim": 1.0, "language": "en", "bot_delay": 0.6}   # language: see load()
SIZES = ["1280x720", "1600x900", "1920x1080"]
ANIM = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 2.0}


from tabletop.engine.userdirs import config_dir  # noqa: E402 - one config folder for settings and decks


def load() -> dict:
    """Return the settings, with defaults for anything missing or unreadable.

    The language defaults to what the environment asks for (LANG=ja_JP.UTF-8 starts in Japanese).
    """
    out = json.loads(json.dumps(DEFAULTS))
    out["language"] = language_from_env()
    try:
        d = json.loads((config_dir() / "settings.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return out
    if isinstance(d, dict):
        for k, v in d.items():
            if k in DEFAULTS and type(v) is type(DEFAULTS[k]) or (k == "anim" and isinstance(v, (int, float))):
                out[k] = v
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
    try:
        d = json.loads((config_dir() / "settings.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    lang = d.get("language") if isinstance(d, dict) else None
    return lang if isinstance(lang, str) else None


def user_language() -> str:
    """Return the language of the user's settings file, or else the one the environment (LANG) asks for."""
    chosen = chosen_language()
    return chosen if chosen in LANGS else language_from_env()
