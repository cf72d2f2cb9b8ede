"""Settings → Language switches the whole window at once, an open table included (its log re-read)."""
import pygame

from tabletop.engine import Game
from tabletop.ui.menu import MenuScene
from tabletop.ui.players import make_seat
from tabletop.ui.scene import App
from tabletop.ui.table.hud import LOG_KEEP

from ui_helpers import click, open_curtain, table

JAPANESE = "\u3040-\u30ff\u3400-\u9fff"


def _log_text(scene) -> str:
    return "\n".join(scene.hud._log_shown)


def _played(app, rid="tiny", moves=4, bot=False):
    g = Game.new(rid, seed=3)
    for _ in range(moves):
        g.apply(g.legal_actions()[0])
    scene = table(app, g, (None, make_seat("normal", 1, 3)) if bot else (None, None))
    if scene.curtain is not None:
        open_curtain(app, scene)
    return g, scene


def test_switching_language_on_an_open_table_re_renders_the_log_and_the_words(app):
    g, scene = _played(app)
    log_en = _log_text(scene)
    assert "Deck shuffled" in log_en and "山札" not in log_en
    end_en = scene.hud.ui["end"].text
    app.set_language("ja")
    app.step()
    log_ja = _log_text(scene)
    assert "山札をシャッフル" in log_ja and "shuffled" not in log_ja
    assert len(scene.hud._log_shown) == len([e for e in g.state.log[-LOG_KEEP:]])   # the same lines, re-read
    assert scene.hud.ui["end"].text != end_en and "終了" in scene.hud.ui["end"].text
    assert [label for label, _ in scene.hud.phase_items()] == ["メイン"]
    assert app.manager.get_locale() == "ja"
    app.set_language("en")
    app.step()
    assert _log_text(scene) == log_en


def test_the_settings_page_over_a_table_switches_it_and_goes_back_to_it(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_CONFIG", str(tmp_path / "config"))
    monkeypatch.setenv("TABLETOP_SAVES", str(tmp_path / "saves"))
    app = App(size=(1600, 900), settings={"size": [1600, 900], "anim": 0.0, "language": "en", "bot_delay": 0.6},
              home=MenuScene)
    try:
        g, scene = _played(app)
        scene.dialogs.open_game_menu()
        app.step()
        settings_button = next(b for b in scene.dialogs.dialog[1] if b.text == "Settings")
        click(app, settings_button.get_abs_rect().center)
        menu = app.scene
        assert isinstance(menu, MenuScene) and menu.page == "settings" and app.scenes[-2] is scene
        menu.fields["language"].selected_option = ("日本語", "ja")
        click(app, next(b for b in menu.buttons if b.text == "Apply").get_abs_rect().center)
        assert app.words.language == "ja"
        click(app, next(b for b in menu.buttons if b.text == "戻る").get_abs_rect().center)   # the page is Japanese
        assert app.scene is scene
        app.step()
        assert "山札をシャッフル" in _log_text(scene)
        assert scene.hud.top_bar_words()[0] == "ターン2"
    finally:
        for s in list(app.scenes):
            s.leave()
        app.manager.clear_and_reset()


def test_the_top_bar_and_panels_use_the_interfaces_words_in_each_language(app):
    g, scene = _played(app, moves=1, bot=True)
    html = scene.hud._player_html(scene.viewer) + scene.hud._player_html(1 - scene.viewer)
    assert "Player 1 (you)" in html and "Player 2 (bot: normal)" in html
    assert scene.hud.top_bar_words()[-1] == "you are P1"
    app.set_language("ja")
    html = scene.hud._player_html(scene.viewer) + scene.hud._player_html(1 - scene.viewer)
    assert "プレイヤー1（あなた）" in html and "プレイヤー2（ボット：普通）" in html
    assert "山札" in html and "Deck" not in html      # zone names in the panel: the ruleset's words
    assert scene.hud.top_bar_words()[-1] == "あなたはP1"
    surface = pygame.Surface(app.size)
    scene.hud.draw_top_bar(surface)                   # drawn without error in Japanese
