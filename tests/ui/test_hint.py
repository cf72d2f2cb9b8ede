"""The practice hint on the table: the Hint button lights exactly the move the normal bot would choose,
says its reason, and changes nothing; hotseat tables have no Hint button."""
from tabletop.bots.hint import hint
from tabletop.engine import Game
from tabletop.ui.players import make_seat

from ui_helpers import click, table


def _practice(app, rid="senkai"):
    g = Game.new(rid, seed=7)
    scene = table(app, g, seats=(None, make_seat("normal", 1, 7)))
    for _ in range(600):               # until the human (P1) is to decide
        if g.to_act == 0 and scene.curtain is None:
            break
        app.step(0.05)
        scene.bot.step(1.0)
    assert g.to_act == 0
    return g, scene


def test_the_hint_lights_the_normal_bots_move_and_changes_nothing(app):
    g, scene = _practice(app)
    expected, reason = hint(g, 0)
    before = (list(g.actions), g.state.to_dict())
    button = scene.hud.ui["hint"]
    assert button.is_enabled
    click(app, button.get_abs_rect().center)
    assert scene.hint.shown == expected
    assert (list(g.actions), g.state.to_dict()) == before          # nothing applied, nothing drawn
    zones, cards, players = scene.actions.lit_now()
    assert (expected.get("card") in cards or expected.get("to") in zones or expected.get("target") in cards
            or expected.get("target_player") in players or expected.get("card") is None)
    assert scene.message and scene.message == app.words.render(reason)


def test_no_hint_in_hotseat(app):
    g = Game.new("senkai", seed=7)
    scene = table(app, g)
    assert "hint" not in scene.hud.ui
