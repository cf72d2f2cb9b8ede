"""Start-up takes only what the first table frame needs: one controller, no menu, no bots, cached YAML."""
import os
import subprocess
import sys

from tabletop.engine import cache
from tabletop.engine.yamlio import load_yaml


def _modules_after(code: str) -> set[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys; print(' '.join(sys.modules))"],
                         capture_output=True, text=True, env=env, check=True).stdout
    return set(out.split())


def test_opening_one_ruleset_imports_only_its_controller():
    mods = _modules_after("from tabletop.engine import load_ruleset; load_ruleset('senkai')")
    assert "tabletop.games.senkai.controller" in mods
    assert not {"tabletop.games.monmusu.controller", "tabletop.games.danmaku.controller"} & mods


def test_every_controller_is_still_listed():
    mods = _modules_after("from tabletop.engine import controller_ids; print(controller_ids())")
    assert {"tabletop.games.monmusu.controller", "tabletop.games.danmaku.controller"} <= mods


def test_the_play_path_imports_neither_menu_nor_bots():
    mods = _modules_after("from tabletop.ui import app; from tabletop.ui.table import TableScene")
    assert "tabletop.ui.menu" not in mods
    assert not any(m.startswith("tabletop.bots") for m in mods)
    # nor what only a save, a rules page of a ruleset without one, a save's time stamp or a bot needs
    assert not {"tabletop.engine.saves", "tabletop.ui.newgame", "datetime", "tabletop.engine.hints"} & mods


def test_yaml_parse_cache_is_keyed_by_content_never_stale(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_CACHE", str(tmp_path / "cache"))
    f = tmp_path / "a.yaml"
    f.write_text("x: 1\ny: [a, b]\n", encoding="utf-8")
    first = load_yaml(f)
    assert first == {"x": 1, "y": ["a", "b"]} and first.line_of("y") == 2
    assert len(list((tmp_path / "cache").iterdir())) == 1
    again = load_yaml(f)                     # from the cache: same values and line numbers
    assert again == first and again.line_of("y") == 2
    f.write_text("x: 2\n", encoding="utf-8")  # an edit is a new key, never the old entry
    assert load_yaml(f) == {"x": 2}


def test_a_damaged_cache_entry_is_only_a_miss(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_CACHE", str(tmp_path / "cache"))
    f = tmp_path / "a.yaml"
    f.write_text("x: 1\n", encoding="utf-8")
    load_yaml(f)
    for entry in (tmp_path / "cache").iterdir():
        entry.write_bytes(b"not a pickle")
    assert load_yaml(f) == {"x": 1}


def test_cache_off(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_CACHE", "off")
    assert cache.folder() is None
    f = tmp_path / "a.yaml"
    f.write_text("x: 1\n", encoding="utf-8")
    assert load_yaml(f) == {"x": 1}
