"""The studio, driven headless: it reloads a saved file, survives a broken one, filters, zooms."""
import os
import time

import pygame
import pygame_gui
import pytest

from tabletop.layout.studio import Studio

SIZE = (1600, 900)


@pytest.fixture(scope="module", autouse=True)
def _close_window_after():
    yield
    pygame.display.quit()   # later test files expect no display mode
    pygame.display.init()


@pytest.fixture
def studio(sandbox_copy):
    screen = pygame.display.set_mode(SIZE, pygame.HIDDEN)
    s = Studio(sandbox_copy, SIZE)
    s.frame(screen)
    return s, screen


def save(path, text):
    """Write a file and move its modification time forward (a coarse clock must still see a change)."""
    path.write_text(text, encoding="utf-8")
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 2_000_000_000))


def click(s, screen, pos):
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        s.handle(pygame.event.Event(kind, pos=pos, button=1))
    s.frame(screen)


def press(s, screen, button):
    click(s, screen, button.rect.center)
    # pygame_gui posts the press as an event: deliver it like the window's loop does
    for e in pygame.event.get():
        s.handle(e)
    s.frame(screen)


def test_a_saved_layout_change_shows_without_restarting(studio, sandbox_copy):
    s, screen = studio
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
    s, screen = studio
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
    s, screen = studio
    layout = sandbox_copy / "layout.yaml"
    good = layout.read_text(encoding="utf-8")
    old_renderer = s.renderer
    save(layout, good.replace("size: 11, weight: bold", "size: eleven, weight: bold"))
    s.poll(force=True)
    assert s.renderer is old_renderer
    line = 1 + good[:good.index("size: 11, weight: bold")].count("\n")
    assert any(m.startswith(f"{layout}:{line}: ") and "expected a number" in m for m in s.errors), s.errors
    s.frame(screen)                           # draws the banner, does not raise
    save(layout, "card: [unclosed\n")
    s.poll(force=True)
    assert any("YAML syntax error" in m for m in s.errors)
    s.frame(screen)
    save(layout, good)
    s.poll(force=True)
    assert not s.errors and s.renderer is not old_renderer


def test_a_broken_cards_file_is_survived_too(studio, sandbox_copy):
    s, screen = studio
    cards = sandbox_copy / "cards.yaml"
    save(cards, cards.read_text(encoding="utf-8").replace("kind: unit, color: red, cost: 1", "kind: unit, color: red, cost: x", 1))
    s.poll(force=True)
    assert s.errors and "cards.yaml:" in s.errors[0]
    assert len(s.cards()) == 9
    s.frame(screen)


def test_an_art_file_change_is_noticed(studio, sandbox_copy):
    s, _ = studio
    (sandbox_copy / "assets").mkdir()
    surf = pygame.Surface((20, 20))
    surf.fill((0, 255, 0))
    pygame.image.save(surf, str(sandbox_copy / "assets" / "spark.png"))
    assert s.poll(force=True)


def test_click_zooms_a_card_and_the_panel_shows_it(studio):
    s, screen = studio
    card, rect = s.thumb_rects()[1]
    click(s, screen, rect.center)
    assert s.selected == card.id and s.zoomed
    assert ("power", "4") in s._data_rows(card)
    click(s, screen, (400, 400))              # a click anywhere closes the zoom
    assert not s.zoomed and s.selected == card.id


def test_filters_by_kind_colour_and_name(studio):
    s, screen = studio
    press(s, screen, s.b_kind)
    assert s.kind == "unit" and {c.kind for c in s.cards()} == {"unit"}
    press(s, screen, s.b_color)
    assert s.color == "red" and [c.id for c in s.cards()] == ["ember_scout", "ember_knight"]
    s.handle(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=s.e_name, text="knight"))
    assert [c.id for c in s.cards()] == ["ember_knight"]


def test_outline_toggle(studio):
    s, screen = studio
    press(s, screen, s.b_outline)
    assert s.outlines
    s.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_o, mod=0, unicode="o", scancode=0))
    assert not s.outlines


def test_a_studio_opened_on_a_broken_layout_shows_the_error_then_recovers(sandbox_copy):
    screen = pygame.display.set_mode(SIZE, pygame.HIDDEN)
    layout = sandbox_copy / "layout.yaml"
    good = layout.read_text(encoding="utf-8")
    save(layout, good.replace("type: pips", "type: pipz"))
    s = Studio(sandbox_copy, SIZE)
    s.frame(screen)
    assert s.renderer is None and s.cards() == []
    assert any("'pipz' is not one of" in m for m in s.errors)
    save(layout, good)
    s.poll(force=True)
    s.frame(screen)
    assert not s.errors and len(s.cards()) == 9


def test_run_studio_inside_another_window_returns_on_back_and_leaves_it_open(monkeypatch):
    from tabletop.layout.studio import run_studio
    frames = []
    real_frame = Studio.frame
    monkeypatch.setattr(Studio, "frame", lambda self, surface, dt=1 / 30: (frames.append(1), real_frame(self, surface, dt)))
    screen = pygame.display.set_mode(SIZE, pygame.HIDDEN)
    pygame.event.clear()
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):   # the Back button
        pygame.event.post(pygame.event.Event(kind, pos=(50, 26), button=1))
    assert run_studio("sandbox", max_frames=120) == 0
    assert 0 < len(frames) < 10                                    # it left on Back, not at the frame limit
    assert pygame.display.get_surface() is screen
    assert not any(e.type == pygame.QUIT for e in pygame.event.get())


def test_run_studio_names_an_unknown_ruleset():
    from tabletop.engine.errors import DataError
    from tabletop.layout.studio import run_studio
    with pytest.raises(DataError, match="no ruleset 'nope'"):
        run_studio("nope")


def test_cards_whose_text_is_cut_are_marked_and_arrows_step_through_cards(studio, sandbox_copy):
    s, screen = studio
    assert s.overflowing == set()
    cards = sandbox_copy / "cards.yaml"
    save(cards, cards.read_text(encoding="utf-8").replace("text: 2枚引く。", "text: " + "2枚引く。" * 60))
    s.poll(force=True)
    assert s.overflowing == {"deep_oracle"} and "1 with text cut" in s.status
    s.frame(screen)
    s.selected = "ember_scout"
    s.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    assert s.selected == "ember_knight"
    s.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="", scancode=0))
    s.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="", scancode=0))
    assert s.selected == "growth"      # wraps around to the last card


def test_a_broken_deck_does_not_stop_the_faces_from_reloading(studio, sandbox_copy):
    s, screen = studio
    save(sandbox_copy / "decks" / "red_blue.yaml", "name: red_blue\nmain: {ember_scout: 9}\n")
    save(sandbox_copy / "cards.yaml", (sandbox_copy / "cards.yaml").read_text(encoding="utf-8")
         .replace("name: 炎の騎士", "name: 炎の大騎士"))
    assert s.poll(force=True)
    assert s.ruleset.cards["ember_knight"].name == "炎の大騎士"          # the faces moved on
    assert any("red_blue.yaml:2" in m and "at most 4" in m for m in s.errors)
    s.frame(screen)


def test_cards_with_print_warnings_get_an_orange_corner(studio, sandbox_copy):
    s, screen = studio
    save(sandbox_copy / "cards.yaml", (sandbox_copy / "cards.yaml").read_text(encoding="utf-8")
         .replace("text: 1枚引く。}", "text: ✕ 1枚引く。}"))
    s.poll(force=True)
    assert s.warned == {"insight"} and "1 with warnings" in s.status
    s.frame(screen)
    card, rect = next((c, r) for c, r in s.thumb_rects() if c.id == "insight")
    assert screen.get_at((rect.right - 3, rect.top + 2))[:3] == (230, 150, 30)
    assert any(k == "warning" and "U+2715" in v for k, v in s._data_rows(card))


def test_the_studio_lays_out_for_a_small_window():
    size = (1366, 768)
    screen = pygame.display.set_mode(size, pygame.HIDDEN)
    from tabletop.engine.ruleset import ruleset_dir
    s = Studio(ruleset_dir("sandbox"), size)
    s.frame(screen)
    for b in (s.b_back, s.b_kind, s.b_color, s.e_name, s.b_outline, s.b_reload):
        assert b.rect.right <= size[0] and b.rect.bottom <= size[1]
    assert s.grid_rect().right + s.panel_w == size[0]
    small = Studio(ruleset_dir("sandbox"), (1024, 640))
    assert small.b_reload.rect.right <= 1024 and small.b_kind.rect.left > small.b_back.rect.right


def test_the_card_grid_is_reusable_on_its_own(studio):
    from tabletop.layout.studio import CardGrid
    s, screen = studio
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
