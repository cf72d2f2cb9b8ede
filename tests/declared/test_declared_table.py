"""A declared game on the table: the prompt line speaks its verbs, a refused drag names the designer's
rule id in the status line (the Rules link), as for the five games; its faces read in the player's language."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "ui"))

from tabletop.engine import Game  # noqa: E402

from ui_helpers import drag, open_curtain, table  # noqa: E402

ACROSS = "rulesets/ramparts/scenarios/02_across_the_lanes.yaml"


@pytest.fixture
def app(tmp_path, monkeypatch):
    from tabletop.ui.app import App
    monkeypatch.setenv("TABLETOP_CONFIG", str(tmp_path / "config"))
    monkeypatch.setenv("TABLETOP_SAVES", str(tmp_path / "saves"))
    a = App(size=(1600, 900), settings={"size": [1600, 900], "anim": 0.0, "language": "en", "bot_delay": 0.6})
    yield a
    for s in list(a.scenes):
        s.leave()
    a.manager.clear_and_reset()


def test_the_prompt_line_names_the_declared_verbs(app):
    scene = table(app, Game.from_scenario(ACROSS))
    open_curtain(app, scene)
    import re
    text = re.sub(r"<[^>]+>", "", scene.hud.prompt_html())
    assert "deploy a soldier" in text and "attack down the lane" in text


def test_rp_r14_a_refused_attack_names_r14_in_the_status_line(app):
    scene = table(app, Game.from_scenario(ACROSS))
    open_curtain(app, scene)
    rider = next(s for s in scene.spots if s.zone == "0.lane_left")
    spy = next(s for s in scene.spots if s.zone == "1.lane_left")
    drag(app, rider.rect.center, spy.rect.center)
    assert scene.message and str(scene.message).endswith("(R14)"), scene.message
    assert scene.hud.rule_in_status() == "R14"


def test_the_tables_faces_of_a_declared_game_follow_the_players_language(app):
    scene = table(app, Game.from_scenario(ACROSS))
    open_curtain(app, scene)
    spot = next(s for s in scene.spots if s.zone == "0.lane_left")
    card = scene.rs.cards[spot.card.cid]
    texts = lambda: {r.name: s for r, s in scene.renderer.texts(card)}   # noqa: E731
    assert texts()["name"] == card.name_en
    en = scene.sprites.art(spot.card)
    app.set_language("ja")
    assert texts()["name"] == card.name
    assert scene.sprites.art(spot.card) is not en      # the table drew the card again, in Japanese
