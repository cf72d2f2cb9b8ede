"""Shared fixture of the UI tests: a headless window with animations off, config and saves in tmp."""
import pytest

from tabletop.ui.scene import App


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_CONFIG", str(tmp_path / "config"))
    monkeypatch.setenv("TABLETOP_SAVES", str(tmp_path / "saves"))
    a = App(size=(1600, 900), settings={"size": [1600, 900], "anim": 0.0, "language": "en", "bot_delay": 0.6})
    yield a
    for s in list(a.scenes):
        s.leave()
    a.manager.clear_and_reset()
