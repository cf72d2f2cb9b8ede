import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["TABLETOP_RULESETS"] = str(HERE / "data" / "rulesets")
sys.path.insert(0, str(HERE))
for _game in sorted((HERE / "games").iterdir()):   # each game's position helpers (tests/games/<id>/)
    if _game.is_dir():
        sys.path.insert(1, str(_game))

import tiny_controller  # noqa: E402,F401  (registers the test-only 'tiny' controller)


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _english_user_without_settings(tmp_path_factory, monkeypatch):
    """Every test starts as a user with no settings file and an English locale (not the machine's)."""
    monkeypatch.setenv("TABLETOP_CONFIG", str(tmp_path_factory.mktemp("config")))
    for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
