"""The end of a game: bots play whole games through the real table to the result screen; its buttons."""
import contextlib
import io

import pygame
import pytest

from tabletop.engine import Game
from tabletop.engine import saves
from tabletop.ui.players import make_seat
from tabletop.ui.table import TableScene
from tabletop.ui.table.record import GameRecord, life_metric
from tabletop.ui.table.replay import spectate

from ui_helpers import click, key, table

# One seed per ruleset whose game between two easy bots is short (the seats' bots are seeded by it, so
# the game is the same every run); any seed would reach the end, these keep the suite quick.
GAMES = [("senkai", 23), ("fourdeck", 34), ("ijinden", 3), ("monmusu", 2), ("danmaku", 122)]


def play_to_the_end(app, scene, frames=4000):
    """Step the real loop until the result window opens (bots think on threads: wait for each)."""
    # pygame_gui lays the whole log box out again for each appended line (~50 ms a move late in a
    # game); the log is not under test here, so it is left as it was to keep the suite quick.
    scene.hud._update_log = lambda lines: None
    with contextlib.redirect_stderr(io.StringIO()):   # the table narrates bot moves on stderr
        for _ in range(frames):
            if scene.result.is_open():
                return
            app.step(1 / 60)
            job = scene.bot_job
            if job is not None and job["thread"].is_alive():
                job["thread"].join(2.0)
    raise AssertionError(f"no result screen after {frames} frames ({len(scene.game.actions)} actions)")


def result_button(scene, text):
    return next(b for b in scene.result.buttons if b.text == text)


def bot_table(app, rid, seed):
    app.settings["bot_delay"] = 0.0
    g = Game.new(rid, seed=seed)
    scene = table(app, g, seats=(make_seat("easy", 0, seed), make_seat("easy", 1, seed)))
    return spectate(scene)   # as the menu opens a game of two bots: with the spectator's bar


@pytest.mark.parametrize("rid,seed", GAMES)
def test_a_bot_game_ends_on_the_result_screen_and_rematch_starts_it_anew(app, rid, seed):
    scene = bot_table(app, rid, seed)
    g = scene.game
    play_to_the_end(app, scene)
    o = g.outcome()
    assert o is not None
    assert scene.result.headline() == ("Draw" if o.winner is None else f"Player {o.winner + 1} wins")
    texts = [getattr(el, "html_text", None) or getattr(el, "text", "")
             for el in scene.result.window.get_container().elements]
    assert any(str(o.reason) in t for t in texts)                      # the rule that ended it
    assert any(f"Turns: {g.state.turn}" in t for t in texts)
    rec = scene.record
    turns = [t for t, _, _ in rec.samples]
    assert turns == sorted(set(turns)) and turns[-1] == g.state.turn   # one point per turn, to the last
    _, read = life_metric(g.ruleset.controller)
    if rid != "danmaku":   # danmaku's reader needs the controller (checked in test_record_reads_...)
        assert rec.samples[-1][1:] == (read(g.state, 0), read(g.state, 1))
    assert rec.cards_played(0) + rec.cards_played(1) > 0 or rid == "ijinden"

    click(app, result_button(scene, "Rematch").get_abs_rect().center)
    new = app.scene
    assert isinstance(new, TableScene) and new is not scene
    assert not scene.result.is_open()
    assert [d.to_dict() for d in new.game.decks] == [d.to_dict() for d in g.decks]
    assert new.game.options == g.options
    assert [getattr(b, "level", None) for b in new.seats] == ["easy", "easy"]
    assert new.game.state.seed != g.state.seed
    assert not new.game.is_over() and new.result.window is None
    assert new.replay is not None and new.replay.replay is None   # still watched as a game of two bots


def test_swap_seats_moves_the_human_and_the_decks_to_the_other_seat(app, tmp_path):
    g = Game.new("monmusu", seed=2)
    bots = [make_seat("easy", 0, 2), make_seat("easy", 1, 2)]
    while not g.is_over():   # a whole game played without the table; the human sits at P1
        p = g.to_act
        g.apply(bots[p].choose(g.view(p), g.legal_actions(p)))
    scene = table(app, g, seats=(None, bots[1]))
    for _ in range(3):
        app.step(1 / 60)
    assert scene.result.is_open()
    w = g.outcome().winner
    en, ja = {0: ("You win!", "あなたの勝ち！"), 1: ("You lose", "あなたの負け"), None: ("Draw", "引き分け")}[w]
    assert scene.result.headline() == en
    app.words.language = "ja"
    assert scene.result.headline() == ja
    app.words.language = "en"
    click(app, result_button(scene, "Save replay").get_abs_rect().center)
    saved = list((tmp_path / "saves").glob("replay-monmusu-*.json"))
    assert len(saved) == 1 and saves.load_game(saved[0]).is_over()
    click(app, result_button(scene, "Swap seats").get_abs_rect().center)
    new = app.scene
    assert new is not scene and new.seats[0] is not None and new.seats[1] is None
    assert [d.to_dict() for d in new.game.decks] == [d.to_dict() for d in g.decks][::-1]
    assert new.viewer == 1


def test_the_result_screen_gives_the_finished_games_memory_back_once_it_opens(app, monkeypatch):
    released = []
    monkeypatch.setattr("tabletop.ui.table.result.release_free_memory", lambda: released.append(1) or True)
    g = Game.new("senkai", seed=4)
    scene = table(app, g, seats=(None, make_seat("easy", 1, 4)))
    app.step(1 / 60)
    assert released == []                                  # not while the game goes on
    g.concede(0)
    for _ in range(5):
        app.step(1 / 60)
    assert scene.result.is_open() and released == [1]     # once, as the result screen opens


def test_closing_the_result_shows_the_board_and_a_click_opens_it_again(app):
    scene = bot_table(app, "ijinden", 3)
    play_to_the_end(app, scene)
    click(app, scene.result.window.close_window_button.get_abs_rect().center)
    app.step(1 / 60)   # the window's close event arrives a frame after the button's
    assert not scene.result.is_open()
    for _ in range(5):
        app.step(1 / 60)
    assert not scene.result.is_open()            # it stays closed while the board is looked at
    click(app, scene.area.center)
    assert scene.result.is_open()


def test_concede_from_the_game_menu_ends_the_game_for_the_other_player(app):
    g = Game.new("senkai", seed=4)
    scene = table(app, g, seats=(None, make_seat("easy", 1, 4)))
    key(app, pygame.K_ESCAPE)
    win, acts = scene.dialogs.dialog
    concede = next(b for b in acts if b.text == "Concede")
    click(app, concede.get_abs_rect().center)
    win, acts = scene.dialogs.dialog                 # the confirmation
    yes = next(b for b in acts if b.text == "Concede")
    click(app, yes.get_abs_rect().center)
    assert g.outcome().winner == 1
    for _ in range(3):
        app.step(1 / 60)
    assert scene.result.is_open() and scene.result.headline() == "You lose"


def test_a_bot_that_is_ahead_declines_a_draw_and_one_behind_accepts(app):
    g = Game.new("monmusu", seed=2)
    scene = table(app, g, seats=(None, make_seat("easy", 1, 2)))
    from tabletop.ui.table import ending
    g.state.players[1]["hp"] = 500
    scene.record.note(g)
    assert ending.offer_draw(scene, 0) == "declined" and not g.is_over()
    g.state.players[1]["hp"] = 100
    scene.record.note(g)
    assert ending.offer_draw(scene, 0) == "accepted" and g.outcome().winner is None


def test_record_reads_each_rulesets_life_and_counts_cards_played_from_the_hand():
    g = Game.new("danmaku", seed=5)
    rec = GameRecord(g)
    main0 = g.controller.main_of(g.state, 0)
    assert rec.samples[-1][1] == (g.controller.hp(g.state, main0) if main0 is not None else 0)
    g = Game.new("monmusu", seed=2)
    rec = GameRecord(g, clock=iter(range(100)).__next__)
    assert rec.samples == [(g.state.turn, 400, 400)] and rec.name == "HP"
    g = Game.new("senkai", seed=4)
    rec = GameRecord(g)
    seen_play = seen_other = False
    for _ in range(200):
        p = g.to_act
        acts = g.legal_actions(p)
        hand = set(g.state.zones[f"{p}.hand"])
        a = next((x for x in acts if x.kind == "play" and x.get("card") in hand), acts[-1])
        before = rec.cards_played(p)
        from_hand = a.get("card") in hand
        g.apply(a)
        rec.note(g)
        if a.kind == "play" and from_hand:
            assert rec.cards_played(p) == before + 1
            seen_play = True
        elif a.get("card") is None:
            assert rec.cards_played(p) == before
            seen_other = True
        if g.is_over() or (seen_play and seen_other):
            break
    assert seen_play and seen_other
    assert rec.seconds() > 0


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_result_window_fits_1280x720_and_cuts_no_text(app, language):
    import warnings
    app.size = (1280, 720)   # what App.set_size does after set_mode (a new SDL window is left out of the tests)
    app.manager.set_window_resolution(app.size)
    app.words.language = language
    g = Game.new("fourdeck", seed=34)
    bots = [make_seat("easy", 0, 34), make_seat("easy", 1, 34)]
    while not g.is_over():
        p = g.to_act
        g.apply(bots[p].choose(g.view(p), g.legal_actions(p)))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        scene = table(app, g, seats=(None, bots[1]))
        for _ in range(3):
            app.step(1 / 60)
    assert scene.result.is_open()
    assert pygame.Rect(0, 0, 1280, 720).contains(scene.result.window.get_abs_rect())
    assert all(pygame.Rect(0, 0, 1280, 720).contains(b.get_abs_rect()) for b in scene.result.buttons)
    cut = [str(w.message) for w in caught if "too small for text" in str(w.message)]
    assert not cut, cut


def test_in_hotseat_a_draw_offer_asks_the_other_player_and_accepting_ends_in_a_draw(app):
    from ui_helpers import open_curtain
    g = Game.new("senkai", seed=4)
    scene = table(app, g)
    open_curtain(app, scene)
    key(app, pygame.K_ESCAPE)
    _, acts = scene.dialogs.dialog
    click(app, next(b for b in acts if b.text == "Offer a draw").get_abs_rect().center)
    win, acts = scene.dialogs.dialog
    assert f"Player {2 - scene.viewer}: Player {scene.viewer + 1} offers a draw" in \
        next(el for el in win.get_container().elements if hasattr(el, "html_text")).html_text
    click(app, next(b for b in acts if b.text == "Accept").get_abs_rect().center)
    assert g.is_over() and g.outcome().winner is None
    for _ in range(3):
        app.step(1 / 60)
    assert scene.result.headline() == "Draw"

