"""The top bar's phase list: a label for the engine's setup phase, optional phases hidden unless current."""
from tabletop.engine import Game

from ui_helpers import open_curtain, table


def test_the_setup_phase_outside_the_ruleset_phases_is_shown_as_a_word(app):
    g = Game.new("danmaku", seed=3)
    assert g.state.phase == "setup" and "setup" not in [p["id"] for p in g.ruleset.phases]
    scene = table(app, g)
    open_curtain(app, scene)
    items = scene.hud.phase_items()
    assert items[0] == ("Setup", True)
    assert all(label != "setup" for label, _ in items)
    app.words.language = "ja"
    assert scene.hud.phase_items()[0] == ("準備", True)


def test_optional_phases_are_hidden_unless_current(app):
    g = Game.new("ijinden", seed=3)
    scene = table(app, g)
    open_curtain(app, scene)
    labels = [label for label, _ in scene.hud.phase_items()]
    assert "Mulligan" not in labels and "Side deck" not in labels and "Main phase" in labels
    lit = [label for label, on in scene.hud.phase_items() if on]
    assert lit == ["Main phase"]
    g.state.phase = "mulligan"      # the optional rule is in use: the current phase is shown, lit
    scene.refresh()
    assert ("Mulligan", True) in scene.hud.phase_items()
    g.ruleset.words["hidden_phases"] = "start, end"   # a ruleset's own list replaces the default
    try:
        labels = [label for label, _ in scene.hud.phase_items()]
        assert "Start phase" not in labels and "End phase" not in labels and "Side deck" in labels
    finally:
        del g.ruleset.words["hidden_phases"]
