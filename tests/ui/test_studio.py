"""The layout studio, a scene on the window's stack, driven headless by posted events through the
app's loop: it reloads a saved file, survives a broken one, filters, zooms, and goes back."""
import os
import shutil
import time
from pathlib import Path

import pygame
import pygame_gui
import pytest
from ui_helpers import click as app_click
from ui_helpers import key, post

from tabletop.engine.ruleset import ruleset_dir
from tabletop.ui import studiopanel
from tabletop.ui.studio import StudioScene

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def sandbox_copy(tmp_path) -> Path:
    """Return a private copy of the sandbox ruleset folder (tests edit its files)."""
    dst = tmp_path / "sandbox"
    shutil.copytree(ROOT / "rulesets" / "sandbox", dst)
    return dst


@pytest.fixture
def studio(app, sandbox_copy):
    s = app.push(StudioScene(app, sandbox_copy))
    app.step()
    return s, app


def save(path, text):
    """Write a file and move its modification time forward (a coarse clock must still see a change)."""
    path.write_text(text, encoding="utf-8")
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 2_000_000_000))


def click(s, app, pos):
    app_click(app, pos)


def press(s, app, button):
    app_click(app, button.rect.center)


def test_a_saved_layout_change_shows_without_restarting(studio, sandbox_copy):
    s, app = studio
    layout = sandbox_copy / "layout.yaml"
    card = s.ruleset.cards["ember_knight"]
    before = s.renderer.face(card, 150)
    save(layout, layout.read_text(encoding="utf-8").replace("background: main", "background: \"#000000\""))
    assert s.poll(force=True)
    assert not s.errors and s.reloads == 2
    after = s.renderer.face(card, 150)
    assert after.get_at((3, 75)) != before.get_at((3, 75))     # the frame went black
    assert after.get_at((3, 75))[:3] == (0, 0, 0)


def test_a_saved_card_change_shows_too(studio, sandbox_copy):
    s, app = studio
    cards = sandbox_copy / "cards.yaml"
    save(cards, cards.read_text(encoding="utf-8").replace("name: 炎の騎士", "name: 炎の大騎士"))
    assert s.poll(force=True)
    assert s.ruleset.cards["ember_knight"].name == "炎の大騎士"


def test_polling_waits_between_checks(studio, sandbox_copy):
    s, _ = studio
    s.last_poll = time.monotonic()
    save(sandbox_copy / "layout.yaml", (sandbox_copy / "layout.yaml").read_text(encoding="utf-8") + "\n")
    assert not s.poll()              # too soon after the last check
    s.last_poll -= 1.0
    assert s.poll()                  # a second later it has noticed


def test_a_broken_file_shows_its_error_and_keeps_the_last_good_cards(studio, sandbox_copy):
    s, app = studio
    layout = sandbox_copy / "layout.yaml"
    good = layout.read_text(encoding="utf-8")
    old_renderer = s.renderer
    save(layout, good.replace("size: 11, weight: bold", "size: eleven, weight: bold"))
    s.poll(force=True)
    assert s.renderer is old_renderer
    line = 1 + good[:good.index("size: 11, weight: bold")].count("\n")
    assert any(m.startswith(f"{layout}:{line}: ") and "expected a number" in m for m in s.errors), s.errors
    app.step()                           # draws the banner, does not raise
    save(layout, "card: [unclosed\n")
    s.poll(force=True)
    assert any("YAML syntax error" in m for m in s.errors)
    app.step()
    save(layout, good)
    s.poll(force=True)
    assert not s.errors and s.renderer is not old_renderer


def test_a_broken_cards_file_is_survived_too(studio, sandbox_copy):
    s, app = studio
    cards = sandbox_copy / "cards.yaml"
    save(cards, cards.read_text(encoding="utf-8").replace("kind: unit, color: red, cost: 1",
                                                          "kind: unit, color: red, cost: x", 1))
    s.poll(force=True)
    assert s.errors and "cards.yaml:" in s.errors[0]
    assert len(s.cards()) == 12
    app.step()


def test_an_art_file_change_is_noticed(studio, sandbox_copy):
    s, _ = studio
    (sandbox_copy / "assets").mkdir()
    surf = pygame.Surface((20, 20))
    surf.fill((0, 255, 0))
    pygame.image.save(surf, str(sandbox_copy / "assets" / "spark.png"))
    assert s.poll(force=True)


def test_click_zooms_a_card_and_the_panel_shows_it(studio):
    s, app = studio
    card, rect = s.thumb_rects()[1]
    click(s, app, rect.center)
    assert s.selected == card.id and s.zoomed
    assert ("power", "4") in studiopanel.data_rows(s, card)
    click(s, app, (400, 400))              # a click anywhere closes the zoom
    assert not s.zoomed and s.selected == card.id


def test_filters_by_kind_colour_and_name(studio):
    s, app = studio
    press(s, app, s.b_kind)
    assert s.kind == "unit" and {c.kind for c in s.cards()} == {"unit"}
    press(s, app, s.b_color)
    assert s.color == "red" and [c.id for c in s.cards()] == ["ember_scout", "ember_knight"]
    post(app, pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=s.e_name, text="knight")   # as typing posts
    assert [c.id for c in s.cards()] == ["ember_knight"]


def test_outline_toggle(studio):
    s, app = studio
    press(s, app, s.b_outline)
    assert s.outlines
    key(app, pygame.K_o)
    assert not s.outlines


def test_a_studio_opened_on_a_broken_layout_shows_the_error_then_recovers(app, sandbox_copy):
    layout = sandbox_copy / "layout.yaml"
    good = layout.read_text(encoding="utf-8")
    save(layout, good.replace("type: pips", "type: pipz"))
    s = app.push(StudioScene(app, sandbox_copy))
    app.step()
    assert s.renderer is None and s.cards() == []
    assert any("'pipz' is not one of" in m for m in s.errors)
    save(layout, good)
    s.poll(force=True)
    app.step()
    assert not s.errors and len(s.cards()) == 12


def test_the_menu_opens_the_studio_on_the_stack_reload_and_back_return(app):
    from tabletop.ui.menu import MenuScene
    menu = app.push(MenuScene(app))
    app.step()
    menu.ruleset_id = "sandbox"
    app_click(app, next(b for b in menu.buttons if b.text == "Layout studio").get_abs_rect().center)
    assert menu.page == "studio"                             # it asks which ruleset first
    app_click(app, next(b for b in menu.buttons if b.text == "Open the studio").get_abs_rect().center)
    s = app.scene
    assert isinstance(s, StudioScene) and app.scenes == [menu, s] and s.reloads == 1
    assert s.ruleset.id == "sandbox" and not menu.widgets   # the menu's widgets went with it
    app_click(app, s.b_reload.get_abs_rect().center)
    assert s.reloads == 2
    app_click(app, s.b_back.get_abs_rect().center)
    assert app.scene is menu and menu.page == "main" and app.running
    app_click(app, next(b for b in menu.buttons if b.text == "Layout studio").get_abs_rect().center)
    app_click(app, next(b for b in menu.buttons if b.text == "Open the studio").get_abs_rect().center)
    assert isinstance(app.scene, StudioScene)
    key(app, pygame.K_ESCAPE)                                # Esc leaves too
    assert app.scene is menu and app.running


def test_the_studio_speaks_the_players_language(app, sandbox_copy):
    app.set_language("ja")
    s = app.push(StudioScene(app, sandbox_copy))
    app.step()
    assert s.b_back.text == "◀ 戻る" and s.b_reload.text == "再読み込み"
    assert s.b_kind.text == "種類: すべて" and s.b_outline.text == "枠線: 非表示"
    assert "読み込み完了" in s.status_text()
    app.set_language("en")                                   # switched live, like every scene
    assert s.b_reload.text == "Reload" and "loaded (12 cards" in s.status_text()


def test_the_command_line_studio_closes_its_window_on_back(app, monkeypatch):
    import tabletop.ui.studio as studio_mod
    seen = {}

    def run():
        seen["scenes"] = list(app.scenes)
        app.step()
        app_click(app, app.scene.b_back.get_abs_rect().center)
        return 0
    monkeypatch.setattr(app, "run", run)
    monkeypatch.setattr(studio_mod, "App", lambda size: seen.setdefault("size", size) and app)

    class Args:
        ruleset, size = "sandbox", "1024x600"
    assert studio_mod.run(Args()) == 0
    assert seen["size"] == (1024, 600)
    assert len(seen["scenes"]) == 1 and isinstance(seen["scenes"][0], StudioScene)
    assert not app.scenes and app.running is False           # Back closed the window: nothing under it


def test_the_command_line_studio_names_an_unknown_ruleset():
    from tabletop.engine.errors import DataError
    from tabletop.ui.studio import run

    class Args:
        ruleset, size = "nope", None
    with pytest.raises(DataError, match="no ruleset 'nope'"):
        run(Args())


def test_cards_whose_text_is_cut_are_marked_and_arrows_step_through_cards(studio, sandbox_copy):
    s, app = studio
    assert s.overflowing == set()
    cards = sandbox_copy / "cards.yaml"
    save(cards, cards.read_text(encoding="utf-8").replace("text: 2枚引く。", "text: " + "2枚引く。" * 60))
    s.poll(force=True)
    assert s.overflowing == {"deep_oracle"} and "1 with text cut" in s.status_text()
    app.step()
    s.selected = "ember_scout"
    key(app, pygame.K_RIGHT)
    assert s.selected == "ember_knight"
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert s.selected == "treasure_token"      # wraps around to the last card (the tokens come last)


def test_a_broken_deck_does_not_stop_the_faces_from_reloading(studio, sandbox_copy):
    s, app = studio
    save(sandbox_copy / "decks" / "red_blue.yaml", "name: red_blue\nmain: {ember_scout: 9}\n")
    save(sandbox_copy / "cards.yaml", (sandbox_copy / "cards.yaml").read_text(encoding="utf-8")
         .replace("name: 炎の騎士", "name: 炎の大騎士"))
    assert s.poll(force=True)
    assert s.ruleset.cards["ember_knight"].name == "炎の大騎士"          # the faces moved on
    assert any("red_blue.yaml:2" in m and "at most 4" in m for m in s.errors)
    app.step()


def test_cards_with_print_warnings_get_an_orange_corner(studio, sandbox_copy):
    s, app = studio
    save(sandbox_copy / "cards.yaml", (sandbox_copy / "cards.yaml").read_text(encoding="utf-8")
         .replace("text: 1枚引く。,", "text: ✕ 1枚引く。,"))
    s.poll(force=True)
    assert s.warned == {"insight"} and "1 with warnings" in s.status_text()
    app.step()
    card, rect = next((c, r) for c, r in s.thumb_rects() if c.id == "insight")
    assert app.screen.get_at((rect.right - 3, rect.top + 2))[:3] == (230, 150, 30)
    assert any(k == "warning" and "U+2715" in v for k, v in studiopanel.data_rows(s, card))


def test_the_studio_lays_out_for_a_small_window(app):
    for size in ((1366, 768), (1024, 640)):
        app.size = size          # what the scene lays out for (a new display mode crashes the dummy driver)
        s = app.push(StudioScene(app, ruleset_dir("sandbox")))
        app.step()
        for b in (s.b_back, s.b_kind, s.b_color, s.e_name, s.b_outline, s.b_reload):
            assert b.rect.right <= size[0] and b.rect.bottom <= size[1]
        assert s.grid_rect().right + s.panel_w == size[0]
        assert s.b_kind.rect.left > s.b_back.rect.right
        app.pop()


def test_the_card_grid_is_reusable_on_its_own(studio):
    from tabletop.layout.grid import CardGrid
    s, app = studio
    grid = CardGrid(pygame.Rect(0, 0, 500, 300))
    grid.renderer = s.renderer
    grid.cards = [c for c in s.ruleset.cards.values() if c.kind == "action"]
    grid.marks = {"spark": (255, 0, 0)}
    assert [c.id for c, _ in grid.thumb_rects()] == ["spark", "insight", "growth"]
    assert grid.max_scroll() > 0                        # 3 columns fit, but not the faces' height
    grid.scroll_by(10_000)
    assert grid.scroll == grid.max_scroll()
    grid.scroll_by(-10_000)
    surf = pygame.Surface((500, 300))
    grid.draw(surf)
    c, r = grid.thumb_rects()[0]
    assert grid.card_at(r.center) is c and surf.get_at((r.right - 3, r.top + 2))[:3] == (255, 0, 0)


def test_missing_art_and_blank_faces_are_marked_on_the_grid(studio, sandbox_copy):
    """Missing art looks like art (the generated picture stands in), a blank face like a choice: the grid
    says which is which, with a red corner and "no art", or "blank" (issue 35)."""
    s, app = studio
    cards = sandbox_copy / "cards.yaml"
    text = cards.read_text(encoding="utf-8").replace("id: ember_knight,", "id: ember_knight, art: gone.png,")
    text = text.replace("id: spark,", "id: spark, flavor: 火の粉,")
    save(cards, text)
    save(sandbox_copy / "layout.yaml",
         'card: {size_mm: [63, 88], dpi: 150, background: "#ffffff"}\n'
         "base:\n  - {name: flavor, type: text, field: flavor, rect: [4, 4, 55, 20]}\n"
         "  - {name: art, type: image, rect: [4, 30, 55, 40], when: {power: true}}\n")
    assert s.poll(force=True) and not s.errors, s.errors
    assert set(s.art_missing) == {"ember_knight"}
    assert "gone.png" in s.art_missing["ember_knight"]
    unit_ids = {c.id for c in s.ruleset.cards.values() if c.kind == "unit"}
    assert s.blank == set(s.ruleset.cards) - unit_ids - {"spark"}    # actions without flavor show nothing
    g = s._sync_grid()
    assert g.marks["ember_knight"] == studiopanel.RED and g.badges["ember_knight"] == "no art"
    assert all(g.badges[cid] == "blank" for cid in s.blank) and "spark" not in g.badges
    assert any("with art missing" in app.words.render(m) for m in s.status)
    surf = pygame.Surface(app.screen.get_size())
    g.draw(surf)
    (rect,) = [r for c, r in g.thumb_rects() if c.id == "ember_knight"]
    assert surf.get_at((rect.left + 6, rect.bottom - round(max(9.0, min(14.0, rect.w / 11)) * 1.9) + 3))[:3] \
        == (25, 25, 30)   # the badge's dark box
