"""The rules window (F2) shows the player's rules page of the ruleset, in the player's language, with rule
ids small and dim as anchors; a refused move's rule id opens the page scrolled to that rule (issue 30).

The real pages (rulesets/<id>/rules.<lang>.md) are written apart from the code; these tests read a
placeholder page of senkai from tests/ui/data/rules_pages/."""
import re
from pathlib import Path

import pygame
import pytest

from tabletop.engine import Game
from tabletop.ui.table import windows

from ui_helpers import click, drag, key, open_curtain, post, table, zone_center

PAGES = Path(__file__).parent / "data" / "rules_pages"
SENKAI_LANE = "rulesets/senkai/scenarios/04_entering_a_lane.yaml"


def _plain(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


@pytest.fixture
def placeholder_pages(monkeypatch):
    """Senkai's player pages are the test placeholders; other rulesets have none."""
    monkeypatch.setattr(windows, "ruleset_folder",
                        lambda rs: PAGES / rs.id if (PAGES / rs.id).is_dir() else PAGES / "none")


def _visible_rows(box):
    """Return the text of the rows the box shows now (its scroll position taken into account)."""
    top = box.text_box_layout.layout_rect.top
    if box.scroll_bar is not None:
        top += box.scroll_bar.start_percentage * box.text_box_layout.layout_rect.height
    bottom = top + box.text_wrap_rect.h
    return ["".join(getattr(c, "text", "") for c in row.items) for row in box.text_box_layout.layout_rows
            if row.bottom > top and row.top < bottom]


def test_blocks_of_the_page_format():
    page = "# Title\n\n## The turn\n- **Up**: stand up.\n  more of it (SK-R5)\n\nA para\ngoes on.（SK-R6）\n"
    assert windows.rule_blocks(page) == [("t", "Title"), ("h", "The turn"), ("li", "**Up**: stand up. more of it (SK-R5)"),
                                         ("p", "A para goes on.（SK-R6）")]
    html = windows.block_html("li", "**Up**: stand up. (SK-R5)")
    assert html.startswith("• <b>Up</b>: stand up.")
    assert f"<font pixel_size={windows.ID_PX} color=#7f8c9a>(SK-R5)</font>" in html     # small and dim
    assert "<font pixel_size" in windows.block_html("p", "相手の城壁を壊す。（SK-R21）")
    assert windows.block_html("p", "no id here") == "no id here"
    assert "color=#7f8c9a>(MM-H1, MM-R6)</font>" in windows.block_html("p", "Janken first (MM-H1, MM-R6).")


def test_f2_shows_the_players_page_in_their_language_not_the_developer_notes(app, placeholder_pages):
    scene = table(app, Game.new("senkai", seed=1))
    open_curtain(app, scene)
    key(app, pygame.K_F2)
    assert scene.windows.rules is not None and scene.paused
    shown = _plain(scene.windows.rules[2].html_text)
    assert "Senkai Sengi (test placeholder page)" in shown and "(SK-R15)" in shown
    assert "docs/rules" not in shown and "controller" not in shown
    key(app, pygame.K_ESCAPE)
    app.set_language("ja")
    key(app, pygame.K_F2)
    shown = _plain(scene.windows.rules[2].html_text)
    assert "千怪戦戯（テスト用の仮ページ）" in shown and "（SK-R15）" in shown


def test_the_other_languages_page_when_one_is_missing(app, placeholder_pages, monkeypatch, tmp_path):
    (tmp_path / "rules.ja.md").write_text("# 日本語だけのページ\n\n本文。（SK-R1）\n", encoding="utf-8")
    monkeypatch.setattr(windows, "ruleset_folder", lambda rs: tmp_path)
    scene = table(app, Game.new("senkai", seed=1))
    open_curtain(app, scene)
    key(app, pygame.K_F2)
    assert "日本語だけのページ" in _plain(scene.windows.rules[2].html_text)


def test_a_ruleset_without_a_page_gets_a_short_note_not_a_crash(app, placeholder_pages):
    scene = table(app, Game.new("danmaku", seed=1))
    open_curtain(app, scene)
    key(app, pygame.K_F2)
    shown = _plain(scene.windows.rules[2].html_text)
    assert "no rules page for players yet" in shown and "rulesets/danmaku/rules.en.md" in shown
    assert scene.rs.name_en in shown


def test_a_refused_moves_rule_id_opens_the_page_scrolled_to_that_rule(app, placeholder_pages):
    g = Game.from_scenario(SENKAI_LANE)
    scene = table(app, g)
    open_curtain(app, scene)
    akaoni = next(s for s in scene.spots if s.zone == "0.hand" and s.card.cid == "akaoni_kogashira")
    drag(app, akaoni.rect.center, zone_center(scene, "0.lane_center"))
    assert "(SK-R15)" in scene.message
    assert scene.hud.rule_in_status() == "SK-R15"
    app.step(1 / 60)
    click(app, scene.hud.link_rect.center)                     # "Rules ▶ SK-R15" on the status line
    assert scene.windows.rules is not None and scene.paused
    _, search, box, _ = scene.windows.rules
    assert scene.windows.rules_at == "SK-R15"
    shown = _plain(box.html_text)
    assert "Senkai Sengi" in shown and "(SK-R29)" in shown       # the whole page, not a search result
    assert "#ffd84a>(SK-R15)" in box.html_text                  # its id lit
    for _ in range(3):
        app.step(1 / 60)
    assert box.scroll_bar is not None and box.scroll_bar.start_percentage > 0.1
    rows = _visible_rows(box)
    assert any("SK-R15" in r for r in rows), rows               # the rule in sight...
    assert not any("Senkai Sengi" in r for r in rows)           # ...not the top of the page
    key(app, pygame.K_ESCAPE)
    assert scene.windows.rules is None and not scene.paused


def test_a_rule_the_page_does_not_name_says_so(app, placeholder_pages):
    scene = table(app, Game.new("senkai", seed=1))
    open_curtain(app, scene)
    scene.windows.open_rules("SK-R99")
    assert "SK-R99 is not named on this page." in _plain(scene.windows.rules[2].html_text)
    assert scene.windows.rules_at is None


def test_typing_in_the_rules_search_filters_the_page(app, placeholder_pages):
    scene = table(app, Game.new("senkai", seed=1))
    open_curtain(app, scene)
    key(app, pygame.K_F2)
    _, search, box, _ = scene.windows.rules
    click(app, search.get_abs_rect().center)
    for ch in "haste":                 # typed: the entry posts each change
        post(app, pygame.TEXTINPUT, text=ch)
    for _ in range(3):
        app.step(1 / 60)
    assert scene.windows.rules_query == "haste"
    shown = _plain(box.html_text)
    assert "Haste" in shown and "Keywords" in shown             # the block and its section's heading
    assert "Filler" not in shown


@pytest.mark.parametrize("rid", ["senkai", "fourdeck", "ijinden", "monmusu", "danmaku"])
def test_every_ruleset_opens_its_rules_window_in_both_languages(app, rid):
    scene = table(app, Game.new(rid, seed=1))
    open_curtain(app, scene)
    for lang in ("en", "ja"):
        app.set_language(lang)
        key(app, pygame.K_F2)
        box = scene.windows.rules[2]
        assert _plain(box.html_text).strip()
        path = windows.rules_path(scene.rs, lang)
        if path is not None and path.name == f"rules.{lang}.md":   # the page in the player's language
            assert path.read_text(encoding="utf-8").lstrip().startswith("# ")
        key(app, pygame.K_ESCAPE)
