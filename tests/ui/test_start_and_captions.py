"""Small things of issue 30: the setup's coin spins after the briefing is dismissed, a coin's caption has
no brackets inside brackets."""
import re

import pytest

from tabletop.engine import Game
from tabletop.ui.players import make_seat
from tabletop.ui.table import TableScene

from ui_helpers import click

SETUP_COIN = ["senkai", "fourdeck", "ijinden", "monmusu"]   # the four whose setup flips a coin


@pytest.mark.parametrize("rid", SETUP_COIN)
def test_the_setup_coin_spins_after_the_briefing_not_behind_it(app, rid):
    app.settings["anim"] = 1.0
    g = Game.new(rid, seed=5)
    assert any(e.kind == "coin" for e in g.state.log)          # the setup flipped a coin (or played janken)
    scene = app.push(TableScene(app, g, [None, make_seat("easy", 1, 5)], brief=True))
    for _ in range(30):
        app.step(1 / 60)
    assert scene.windows.briefing is not None
    assert not scene.board.coins and not any(b["kind"] == "coin" for b in scene.pacing.queue)
    play = next(b for b in scene.windows.briefing[1] if b.text == "Play")
    click(app, play.get_abs_rect().center)                     # posted mouse events on the Play button
    assert scene.windows.briefing is None
    assert scene.board.coins, "the coin spins once the briefing is gone"
    caption = scene.pacing.queue[0]["text"]
    assert caption.startswith("Coin: ")
    assert not re.search(r"\([^()]*\(", caption), caption        # no "(… (" nesting
    for _ in range(5):
        app.step(1 / 60)
    scene.windows.open_briefing()                               # F1 again later: no second coin
    scene.windows.close_top()
    assert len([b for b in scene.pacing.queue if b["kind"] == "coin"]) <= 1


def test_the_coin_caption_in_japanese_has_no_nested_brackets(app):
    from tabletop.engine.msg import msg
    from tabletop.ui.table.pacing import coin_caption
    app.set_language("ja")
    text = msg("coin — {why}: {side}", why=msg("first player ({rule})", rule="DM-R16"), side=msg("heads"))
    cap = coin_caption(app, text)
    assert cap.startswith("コイン：") and "DM-R16" in cap
    assert not re.search(r"[（(][^（）()]*[（(]", cap), cap
    assert coin_caption(app, msg("coin: {side}", side=msg("heads"))) == ""


def test_monmusu_setup_top_bar_names_who_decides_as_the_prompt_does(app):
    g = Game.new("monmusu", seed=7)                 # P2 won the janken: P2 chooses first or second
    assert g.state.turn == 0 and g.to_act == 1
    scene = app.push(TableScene(app, g, [None, make_seat("easy", 1, 7)]))
    app.step(1 / 60)
    words = scene.hud.top_bar_words()
    assert "P2 to act" in words and "P1's turn" not in words
    assert "P2" in re.sub(r"<[^>]+>", "", scene.hud.prompt_html())
    app.set_language("ja")
    assert "P2の番" in scene.hud.top_bar_words()


def test_in_a_turn_the_top_bar_adds_who_answers_when_it_is_the_other_player(app):
    g = Game.new("senkai", seed=4)
    scene = app.push(TableScene(app, g, [None, None]))
    app.step(1 / 60)
    v = scene.view
    words = scene.hud.top_bar_words()
    assert f"P{v.active + 1}'s turn" in words
    assert (f"P{v.to_act + 1} to act" in words) == (v.to_act != v.active)
