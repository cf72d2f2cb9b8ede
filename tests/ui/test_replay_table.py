"""Replays and spectating on the table, driven with posted clicks and keys."""
import json

import pygame
import pygame_gui
import pytest

from tabletop.bots import make_bot
from tabletop.cli import build_parser
from tabletop.engine import Game
from tabletop.engine.saves import load_game, read_save, save_game
from tabletop.ui.app import home
from tabletop.ui.replays import ReplayListScene, entries, open_file
from tabletop.ui.table import TableScene
from tabletop.ui.table.replay import ReplayControls, spectate

from deck_helpers import menu_button, press
from ui_helpers import click, drag, key, post, spots_in, zone_center


def finished_game(rid="senkai", seed=3):
    g = Game.new(rid, seed=seed)
    bots = [make_bot("random", 0, seed), make_bot("random", 1, seed + 1)]
    while not g.is_over() and len(g.actions) < 3000:
        p = g.to_act
        g.apply(bots[p].choose(g.view(p), g.legal_actions(p)))
    assert g.is_over()
    return g


@pytest.fixture
def saved(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir(exist_ok=True)
    path = save_game(finished_game(), folder / "finished.json", label="seats: human,normal")
    return path


def open_from_menu(app, name):
    app.home = home
    app.push(home(app))
    app.step(1 / 60)
    press(app, menu_button(app, "Replays"))
    lst = app.scene
    assert isinstance(lst, ReplayListScene)
    item = next(t for t in lst.files if t.startswith(name))
    for b in lst.list.item_list_container.elements:
        if b.text == item:
            press(app, b)
    press(app, lst.watch)
    scene = app.scene
    assert isinstance(scene, TableScene) and scene.replay is not None
    return scene


def test_a_save_replays_on_the_table_to_its_last_action_and_its_final_view_is_the_saves(app, saved):
    scene = open_from_menu(app, "finished.json")
    r = scene.replay.replay
    assert r.pos == 0
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert r.pos == 2
    key(app, pygame.K_LEFT)
    assert r.pos == 1
    key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    start = next(s for s in r.turn_starts() if s > 1)
    assert r.pos == start and r.turns[start] != r.turns[start - 1]
    key(app, pygame.K_LEFT, pygame.KMOD_SHIFT)
    assert r.pos < start
    while r.pos < len(r):
        key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert r.pos == len(r)
    final = load_game(saved)
    assert scene.game.state.to_dict() == read_save(saved)["state"]
    assert scene.view == final.view(scene.viewer)
    assert scene.view.outcome is not None


def test_the_slider_play_and_the_view_buttons(app, saved):
    scene = open_from_menu(app, "finished.json")
    ctl, r = scene.replay, scene.replay.replay
    slider = ctl.ui["slider"]
    press(app, slider.right_button)      # the slider's own arrow: one action on
    app.step(1 / 60)
    assert r.pos == 1
    # a drag of its knob (pygame_gui reads the real mouse for that): the value and the event it posts
    slider.set_current_value(len(r) // 2)
    post(app, pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, value=len(r) // 2, ui_element=slider,
         ui_object_id=slider.most_specific_combined_id)
    assert r.pos == len(r) // 2
    press(app, ctl.ui["play"])
    assert ctl.playing
    for _ in range(8):
        app.step(0.5)
    assert r.pos > len(r) // 2
    press(app, ctl.ui["play"])
    assert not ctl.playing
    # P1 → P2 → everything (the game is over) → ...
    press(app, ctl.ui["view"])
    assert scene.viewer == 1 and not ctl.reveal
    assert all(c.cid is None for c in scene.view.zones["0.hand"])   # P2's view: P1's hand is backs
    press(app, ctl.ui["view"])
    assert ctl.reveal and scene.viewer == 0
    assert scene.view == r.view(0, reveal=True)
    assert all(c.cid for c in scene.view.zones["1.hand"])   # everything revealed: the other hand too


def test_the_table_in_replay_mode_takes_no_game_changing_gesture(app, saved):
    scene = open_from_menu(app, "finished.json")
    r = scene.replay.replay
    key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    pos, n = r.pos, len(scene.game.actions)
    hand = spots_in(scene, f"{scene.viewer}.hand")
    assert hand
    drag(app, hand[0].rect.center, zone_center(scene, f"{scene.viewer}.lane_center"))
    click(app, hand[0].rect.center)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    key(app, pygame.K_SPACE)   # play/pause, not "end phase"
    key(app, pygame.K_SPACE)
    key(app, pygame.K_m)
    assert (r.pos, len(scene.game.actions)) == (pos, n)
    assert scene.legal == [] and not scene.manual_mode
    assert not scene.hud.ui["undo"].is_enabled and not scene.hud.ui["end"].is_enabled


def test_continue_from_here_gives_the_original_games_legal_actions(app, saved):
    scene = open_from_menu(app, "finished.json")
    r = scene.replay.replay
    for _ in range(3):
        key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    key(app, pygame.K_RIGHT)
    k = r.pos
    press(app, scene.replay.ui["continue"])
    new = app.scene
    assert isinstance(new, TableScene) and new.replay is None
    d = read_save(saved)
    original = Game.from_dict({**d, "actions": d["actions"][:k]}, check=False)
    for p in (0, 1):
        assert new.game.legal_actions(p) == original.legal_actions(p)
    assert new.seats[0] is None and new.seats[1] is not None   # the save's seats: human, normal


def test_a_simulate_run_lists_each_game_and_opens_one(app, tmp_path):
    out = tmp_path / "saves" / "run.json"
    out.parent.mkdir(exist_ok=True)
    # a run file as `simulate --out` writes it: records with their seed and action log
    recs = []
    for i, seed in enumerate((5, 6)):
        game = Game.new("senkai", seed=seed)
        bots = [make_bot("random", 0, seed), make_bot("random", 1, seed)]
        while not game.is_over():
            p = game.to_act
            game.apply(bots[p].choose(game.view(p), game.legal_actions(p)))
        recs.append({"index": i, "seed": seed, "winner": game.outcome().winner, "log": list(game.actions)})
    out.write_text(json.dumps({"ruleset": "senkai", "records": recs}), encoding="utf-8")
    shown = [t for t, p, i in entries(out.parent)]
    assert len(shown) == 2 and shown[0].startswith("run.json #0")
    scene = open_file(app, out, game=1)
    r = scene.replay.replay
    assert r.can_reveal and len(r) == len(recs[1]["log"])


def test_a_broken_save_names_the_file_and_the_list_stays(app, tmp_path):
    bad = tmp_path / "saves" / "broken.json"
    bad.parent.mkdir(exist_ok=True)
    bad.write_text("{not json", encoding="utf-8")
    lst = app.push(ReplayListScene(app))
    app.step(1 / 60)
    item = next(b for b in lst.list.item_list_container.elements if b.text.startswith("broken.json"))
    press(app, item)
    press(app, lst.watch)
    assert app.scene is lst
    assert "broken.json" in app.last_message


def test_replay_table_is_a_cli_option():
    args = build_parser().parse_args(["replay", "x.json", "--table", "--game", "3"])
    assert args.table and args.game == 3


def test_spectating_bots_pause_step_and_speed(app):
    game = Game.new("senkai", seed=11)
    bots = [make_bot("random", 0, 1), make_bot("random", 1, 2)]
    scene = spectate(app.push(TableScene(app, game, bots)))
    ctl = scene.replay
    assert isinstance(ctl, ReplayControls) and ctl.playing
    for _ in range(60):
        app.step(0.1)
        if scene.bot.job:
            scene.bot.job["thread"].join()
    assert len(game.actions) > 0
    press(app, ctl.ui["play"])   # pause
    assert not ctl.playing
    n = len(game.actions)
    for _ in range(30):
        app.step(0.2)
    assert len(game.actions) == n
    key(app, pygame.K_RIGHT)     # one bot move
    for _ in range(30):
        app.step(0.2)
        if scene.bot.job:
            scene.bot.job["thread"].join()
    assert len(game.actions) == n + 1
    press(app, ctl.ui["speed"])
    assert "×2" in ctl.ui["speed"].text
    key(app, pygame.K_z, pygame.KMOD_CTRL)   # no undo at a bots' table
    assert len(game.actions) == n + 1


def test_tabletop_replay_table_opens_the_save_on_the_table(saved, monkeypatch, tmp_path):
    monkeypatch.setenv("TABLETOP_CONFIG", str(tmp_path / "config"))
    from tabletop.ui import app as app_mod
    from tabletop.ui.scene import App
    opened = {}

    def run(self):
        opened["scene"] = self.scene
        for s in list(self.scenes):
            s.leave()
        self.manager.clear_and_reset()
        return 0
    monkeypatch.setattr(App, "run", run)
    assert app_mod.run_replay(build_parser().parse_args(["replay", str(saved), "--table"])) == 0
    scene = opened["scene"]
    assert isinstance(scene, TableScene) and scene.replay is not None and len(scene.replay.replay) > 0
    # a file that is no save opens the menu with the message naming it
    bad = saved.parent / "nonsense.json"
    bad.write_text("[]", encoding="utf-8")
    assert app_mod.run_replay(build_parser().parse_args(["replay", str(bad), "--table"])) == 0
    assert not isinstance(opened["scene"], TableScene)
