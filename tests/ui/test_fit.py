"""At 1280x720 and 1600x900, in English and Japanese, every ruleset's table shows each zone name whole or
deliberately shortened, and both player panels and the prompt whole, without a scroll bar (issue 30)."""
import pytest

from tabletop.engine import Game
from tabletop.ui import fonts
from tabletop.ui.table.hud import LOG_LEAST_H

from ui_helpers import table

RULESETS = ["senkai", "fourdeck", "ijinden", "monmusu", "danmaku"]


def _mid_game(rid):
    """A seeded game some forty moves on (zone texts and panel values as a game shows them)."""
    g = Game.new(rid, seed=3)
    for i in range(40):
        if g.outcome() is not None:
            break
        la = g.legal_actions(g.to_act)
        g.apply(la[i * 7 % len(la)])
    return g


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900)])
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("rid", RULESETS)
def test_labels_fit_and_panels_need_no_scrolling(app, rid, lang, size):
    app.set_language(lang)
    app.manager.set_window_resolution(size)
    app.size = size                      # what App.set_size does after set_mode (no new SDL window in tests)
    scene = table(app, _mid_game(rid))
    scene.resize(size)
    scene.windows.close_all()
    if scene.curtain is not None:
        scene.curtain = None
        scene.refresh()
    app.step(1 / 60)
    for z in scene.zones:
        label, px = scene.board.zone_label(z)
        assert not label.endswith("…"), (z.key, label)
        assert px >= 10 and fonts.font(px).size(label)[0] <= z.rect.w - 8, (z.key, label, px, z.rect.w)
    for key, (chip, (_x, _y)) in scene.board.zone_chips:
        z = next(z for z in scene.zones if z.key == key)
        assert chip.get_width() <= z.rect.w - 6, (key, chip.get_size(), z.rect.w)
    hud = scene.hud
    for name in ("opp", "me", "prompt"):
        assert hud.ui[name].scroll_bar is None, (name, hud.ui[name].html_text)
    assert hud.ui["log"].rect.h >= LOG_LEAST_H
    for name in ("opp", "me", "prompt", "log"):     # no line pygame_gui had to break again (an empty row)
        rows = ["".join(getattr(c, "text", "") for c in row.items) for row in hud.ui[name].text_box_layout.layout_rows]
        assert all(r.strip() for r in rows), (name, rows)
    assert hud.ui["menu"].get_abs_rect().bottom <= size[1]


def test_a_zone_name_drops_the_players_mark_before_it_gets_smaller(app):
    long = "Active spell card"
    w = fonts.font(12).size(long)[0] + 2
    assert fonts.fit_line([long + " (P2)", long], w) == (long, 12)
    assert fonts.fit_line([long + " (P2)", long], w - 6)[1] < 12           # then a smaller size
    text, px = fonts.fit_line([long], 20)
    assert text.endswith("…") and px == 10                                  # the last resort only


def test_a_zone_text_too_wide_breaks_at_its_dots_into_a_taller_chip(app):
    from tabletop.ui.table.board import Board
    one = Board.zone_chip("HP 3/6", 88)
    two = Board.zone_chip("HP 11/14 · 2 cards", 88)
    assert two.get_width() <= 88 and two.get_height() > one.get_height() * 1.5
