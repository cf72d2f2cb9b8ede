"""The main menu, driven by posted clicks: new game, load (a broken save gives a message), settings."""
import json

import pytest

from tabletop.engine import Game
from tabletop.engine import saves
from tabletop.ui import settings as settings_mod
from tabletop.ui.menu import MenuScene
from tabletop.ui.scene import App
from tabletop.ui.table import TableScene

from ui_helpers import click


def button(scene, text):
    return next(b for b in scene.buttons if b.text == text)


def test_new_game_from_the_menu_opens_a_table_with_a_bot(app):
    menu = app.push(MenuScene(app))
    app.step()
    click(app, button(menu, "New game").get_abs_rect().center)
    assert menu.page == "new"
    menu.ruleset_id = "tiny"
    menu.show("new")
    menu.fields["seed"].set_text("7")
    click(app, button(menu, "Start").get_abs_rect().center)
    scene = app.scene
    assert isinstance(scene, TableScene)
    assert scene.game.ruleset.id == "tiny"
    assert scene.game.state.seed == 7
    assert scene.seats[0] is None and scene.seats[1] is not None   # P2 defaults to a bot


def test_loading_a_broken_save_shows_the_message_not_a_traceback(app, tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "broken.json").write_text('{"format": "tabletop-save", "version": 1, "ruleset": ', encoding="utf-8")
    menu = app.push(MenuScene(app))
    app.step()
    click(app, button(menu, "Load").get_abs_rect().center)
    assert menu.page == "load"
    # choose the file the way a click on the list does
    item = menu.fields["list"].item_list_container.elements[0]
    click(app, item.get_abs_rect().center)
    click(app, button(menu, "Load").get_abs_rect().center)
    assert isinstance(app.scene, MenuScene)
    assert "broken.json" in app.last_message and "corrupt or truncated" in app.last_message


def test_continue_brings_back_the_autosave_and_its_bot(app, tmp_path):
    g = Game.new("tiny", seed=3)
    g.apply(g.legal_actions()[0])
    saves.save_game(g, saves.saves_dir(str(tmp_path / "saves")) / saves.AUTOSAVE, label="autosave; seats: human,hard")
    menu = app.push(MenuScene(app))
    app.step()
    click(app, button(menu, "Continue").get_abs_rect().center)
    scene = app.scene
    assert isinstance(scene, TableScene)
    assert scene.game.actions == g.actions
    assert scene.seats[0] is None and scene.seats[1].level == "hard"


def test_settings_persist_in_the_config_folder(app, tmp_path):
    menu = app.push(MenuScene(app))
    app.step()
    menu.show("settings")
    menu.fields["language"].selected_option = ("日本語", "ja")
    menu.fields["anim"].selected_option = ("fast", "fast")   # as a pick from the drop-down leaves it
    click(app, button(menu, "Apply").get_abs_rect().center)
    saved = json.loads((tmp_path / "config" / "settings.json").read_text(encoding="utf-8"))
    assert saved["language"] == "ja" and saved["anim"] == 0.5
    assert settings_mod.load()["language"] == "ja"
    assert button(menu, "適用")   # the page is now in Japanese


def test_the_layout_studio_opens_in_the_menu_window_and_comes_back(app, monkeypatch):
    studio = pytest.importorskip("tabletop.layout.studio")
    seen = {}
    real = studio.run_studio

    def fake(ruleset_id, screen=None, max_frames=None):
        seen["args"] = (ruleset_id, screen)
        return real(ruleset_id, screen=screen, max_frames=2)
    monkeypatch.setattr(studio, "run_studio", fake)
    menu = app.push(MenuScene(app))
    app.step()
    menu.ruleset_id = "senkai"
    click(app, button(menu, "Layout studio").get_abs_rect().center)
    assert menu.page == "studio" and not seen               # it asks which ruleset first
    assert menu.fields["ruleset"].selected_option[0] == "senkai"
    menu.ruleset_id = "sandbox"                             # as picking it from the drop-down does
    menu.show("studio")
    click(app, button(menu, "Open the studio").get_abs_rect().center)
    assert seen["args"] == ("sandbox", app.screen)
    assert app.scene is menu and menu.page == "main" and app.running


def test_the_new_game_page_offers_the_rulesets_options_and_uses_them(app):
    menu = app.push(MenuScene(app))
    app.step()
    menu.ruleset_id = "ijinden"
    menu.show("new")
    assert "opt:mulligan" in menu.fields and "opt:match" in menu.fields
    menu.fields["opt:mulligan"].selected_option = ("yes", "yes")
    menu.fields["seat1"].selected_option = ("human", "human")
    click(app, button(menu, "Start").get_abs_rect().center)
    scene = app.scene
    assert isinstance(scene, TableScene), app.last_message
    assert scene.game.options["mulligan"] is True and scene.seats == [None, None]


def test_play_with_a_broken_save_opens_the_menu_with_the_message(tmp_path, monkeypatch):
    import argparse
    from tabletop.ui import app as app_mod
    monkeypatch.setenv("TABLETOP_CONFIG", str(tmp_path / "config"))
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    seen = {}

    def fake_run(self):
        seen["app"] = self
        return 0
    monkeypatch.setattr(App, "run", fake_run)
    args = argparse.Namespace(verb="play", ruleset=None, p1="human", p2="human", deck1=None, deck2=None, seed=None,
                              option=[], scenario=None, load=str(bad), size="1600x900")  # dummy SDL aborts on a new size
    assert app_mod.run(args) == 0
    a = seen["app"]
    assert isinstance(a.scene, MenuScene)
    assert "bad.json" in a.last_message and "not a tabletop save" in a.last_message
    for s in list(a.scenes):
        s.leave()
    a.manager.clear_and_reset()


def test_a_scenario_starts_from_the_menu_with_its_title_listed(app):
    menu = app.push(MenuScene(app))
    app.step()
    menu.ruleset_id = "sandbox"
    menu.show("scenarios")
    names = list(menu.files)
    assert names and all(n.endswith(".yaml)") or n.endswith(".yaml") for n in names)
    item = menu.fields["list"].item_list_container.elements[0]
    click(app, item.get_abs_rect().center)
    click(app, button(menu, "Start").get_abs_rect().center)
    assert isinstance(app.scene, TableScene), app.last_message
    assert app.scene.game.scenario


def test_the_game_menus_main_menu_entry_opens_the_apps_home_scene(app):
    import pygame
    from tabletop.ui.players import UniformBot
    from ui_helpers import key, table
    app.home = MenuScene
    scene = table(app, Game.new("tiny", seed=3), seats=(None, UniformBot(1)))
    key(app, pygame.K_ESCAPE)                         # nothing open: Esc opens the game menu
    assert scene.dialogs.dialog is not None
    entry = next(b for b in scene.dialogs.dialog[1] if b.text == "Main menu")
    click(app, entry.get_abs_rect().center)
    assert isinstance(app.scene, MenuScene) and len(app.scenes) == 1   # replaced, not stacked
