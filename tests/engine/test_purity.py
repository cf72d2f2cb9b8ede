"""The engine, the games and the bots never import pygame."""
import subprocess
import sys
from pathlib import Path

PKG = Path(__file__).resolve().parents[2] / "tabletop"


def test_engine_and_games_do_not_import_pygame():
    code = ("import sys, tabletop.engine, tabletop.games, tabletop.engine.saves, tabletop.engine.effects;"
            "import tabletop.engine.scenario; tabletop.games.load_all();"
            "bad = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui')];"
            "print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_no_engine_source_imports_pygame():
    for folder in ("engine", "games"):
        for f in (PKG / folder).rglob("*.py"):
            text = f.read_text(encoding="utf-8")
            assert "import pygame" not in text and "from pygame" not in text, f"{f} imports pygame"


def test_nothing_uses_the_global_random_module_in_rules_code():
    for folder in ("engine", "games"):
        for f in (PKG / folder).rglob("*.py"):
            text = f.read_text(encoding="utf-8")
            assert "import random" not in text and "from random" not in text, f"{f} uses the random module"
