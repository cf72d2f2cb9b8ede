"""The main menu, driven by posted clicks: new game, load (a broken save gives a message), settings."""
import json


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


def test_continue_is_disabled_without_a_save_and_enabled_with_one(app, tmp_path):
    menu = app.push(MenuScene(app))
    app.step()
    assert not button(menu, "Continue").is_enabled
    click(app, button(menu, "Continue").get_abs_rect().center)
    assert app.scene is menu and app.last_message is None   # a grey button does nothing
    g = Game.new("tiny", seed=3)
    saves.save_game(g, saves.saves_dir(str(tmp_path / "saves")) / saves.AUTOSAVE)
    menu.show("main")
    assert button(menu, "Continue").is_enabled


def test_new_game_page_shows_names_a_one_line_description_and_every_deck_with_faces(app, tmp_path):
    from pygame_gui.elements import UIImage, UITextBox
    from tabletop.engine import load_ruleset
    folder = tmp_path / "config" / "decks" / "senkai"
    folder.mkdir(parents=True)
    (folder / "broken.yaml").write_text("name: broken\ntitle: Half a deck\nmain:\n  kappa: 5\n", encoding="utf-8")
    shipped = (load_ruleset("senkai").path / "decks" / "kiri_yashiro.yaml").read_text(encoding="utf-8")
    (folder / "mine.yaml").write_text(shipped.replace("name: kiri_yashiro", "name: mine")
                                      .replace("title: 霧の社", "title: My mist"), encoding="utf-8")
    menu = app.push(MenuScene(app))
    menu.ruleset_id = "senkai"
    menu.show("new")
    app.step()
    rulesets = dict(menu.fields["ruleset"].options_list)
    assert rulesets["Senkai Sengi"] == "senkai"                                # its name in the language shown
    assert menu.fields["ruleset"].selected_option[0] == "Senkai Sengi"
    boxes = [w.html_text for w in menu.widgets if isinstance(w, UITextBox)]
    assert boxes[0].startswith("Summon monsters with mana into three lanes") and "。" not in boxes[0]
    decks = dict(menu.fields["deck0"].options_list)
    assert "mine" in decks.values() and "broken" not in decks.values()        # unplayable: not offered
    assert any("My mist" in b and "(yours)" in b for b in boxes)
    off = next(b for b in boxes if "<b>broken" in b)   # it does not load: listed by its file name
    assert "#808080" in off and "cannot be played" in off and "broken.yaml" in off   # greyed, with its first problem
    assert sum(isinstance(w, UIImage) for w in menu.widgets) == 9             # three faces for each playable deck
    app.settings["language"] = "ja"
    app.words.language = "ja"
    menu.show("new")
    boxes = [w.html_text for w in menu.widgets if isinstance(w, UITextBox)]
    assert boxes[0].startswith("魔術師") and menu.fields["ruleset"].selected_option[0] == "千怪戦戯"
