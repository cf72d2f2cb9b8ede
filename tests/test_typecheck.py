"""mypy passes on tabletop/engine, with the public API fully typed (issue 34).

The settings live in pyproject.toml (`[tool.mypy]`: the engine, `check_untyped_defs`; an override
makes `disallow_untyped_defs` hold for the public API's modules). mypy comes with the `test` extra;
without it these tests are skipped, saying so.
"""
from __future__ import annotations

import importlib.util
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Game, Action/Event, View, State/Outcome/Card, Msg/Term, the Controller and its hooks, BotHints.
PUBLIC_API = {"tabletop.engine.game", "tabletop.engine.action", "tabletop.engine.view", "tabletop.engine.state",
              "tabletop.engine.msg", "tabletop.engine.controller", "tabletop.engine.hints"}


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_mypy_passes_on_the_engine():
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed (pip install -e '.[test]' brings it)")
    run = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, f"mypy found problems:\n{run.stdout}{run.stderr}"


def test_public_api_modules_must_be_fully_typed():
    overrides = _pyproject()["tool"]["mypy"].get("overrides", [])
    strict = set()
    for o in overrides:
        if o.get("disallow_untyped_defs"):
            mods = o["module"]
            strict |= {mods} if isinstance(mods, str) else set(mods)
    assert PUBLIC_API <= strict, f"not held to disallow_untyped_defs: {sorted(PUBLIC_API - strict)}"


def test_py_typed_marker_is_shipped():
    assert (ROOT / "tabletop" / "py.typed").is_file()
    data = _pyproject()["tool"]["setuptools"].get("package-data", {})
    assert "py.typed" in data.get("tabletop", [])
