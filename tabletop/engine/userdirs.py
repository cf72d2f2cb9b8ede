"""The user's own folder: settings and decks live there (no pygame, no YAML: cheap at start-up)."""
from __future__ import annotations

import os
import sys
from pathlib import Path


def config_dir() -> Path:
    """Return the user's config folder: settings.json (tabletop/ui/settings.py) and decks/ (engine/decks.py).

    TABLETOP_CONFIG if set, else %APPDATA%/tabletop on Windows, else $XDG_CONFIG_HOME/tabletop
    or ~/.config/tabletop.
    """
    if os.environ.get("TABLETOP_CONFIG"):
        return Path(os.environ["TABLETOP_CONFIG"])
    if sys.platform == "win32" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / "tabletop"
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "tabletop"
