"""The deck editor, driven from the main menu with posted clicks: build, check, save, play, text lists."""
import pytest

from tabletop.engine import load_ruleset
from tabletop.engine.decks import Deck, export_text, user_decks_dir
from tabletop.ui.app import home
from tabletop.ui.deckedit import DeckEditorScene
from tabletop.ui.table import TableScene

from deck_helpers import grid_card, menu_button, press, scroll_panel_to, type_into
from ui_helpers import click, drag

RULESETS = ["senkai", "fourdeck", "ijinden", "monmusu", "danmaku"]


def open_editor(app, ruleset_id, language="en"):
    """Open the editor from the main menu (its ruleset chosen in the toolbar)."""
    app.settings["language"] = language
    app.words.language = language
    app.home = home
    app.push(home(app))
    app.step(1 / 60)
    press(app, menu_button(app, app.words("Deck editor")))
    ed = app.scene
    assert isinstance(ed, DeckEditorScene)
    if ed.ruleset_id != ruleset_id:
        ed.switch_ruleset(ruleset_id)
        app.step(1 / 60)
    return ed


def build_from_clicks(app, ed, deck):
    """Add every card of `deck` with clicks: a section's header chooses where cards go, a card click adds one."""
    for sec, rows in deck.sections.items():
        if not rows:
            continue
        click(app, scroll_panel_to(app, ed, sec))
        assert ed.target == sec
        for cid, n in rows.items():
            pos = grid_card(app, ed, cid)
            for _ in range(n):
                click(app, pos)
        click(app, scroll_panel_to(app, ed, sec))   # back to "auto"
        assert ed.target is None


@pytest.mark.parametrize("rid,language", [(r, "en") for r in RULESETS] + [("danmaku", "ja")])
def test_build_a_legal_deck_from_the_menu_save_it_and_start_a_game_with_it(app, rid, language):
    rs = load_ruleset(rid)
    recipe = Deck.from_list(rs, rs.decks[rs.starter_decks[0]])
    ed = open_editor(app, rid, language)
    build_from_clicks(app, ed, recipe)
    assert ed.deck == recipe
    assert ed.problems == []
    type_into(app, ed.ui["name"], "mine")
    press(app, ed.ui["save"])
    path = user_decks_dir(rid) / "mine.yaml"
    assert path.is_file()
    assert Deck.load(path, rs) == recipe
    press(app, ed.ui["play"])
    table = app.scene
    assert isinstance(table, TableScene)
    assert table.game.decks[0].name == "mine" and table.game.decks[0].path == str(path)
    assert table.game.legal_actions(table.game.to_act)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_broken_deck_rule_is_named_with_its_rule_id_and_its_card_lit(app, language):
    ed = open_editor(app, "senkai", language)
    pos = grid_card(app, ed, "kappa")
    for _ in range(3):
        click(app, pos)
    rules = {p.rule for p in ed.problems}
    assert "SK-R2" in rules and "SK-R3" in rules
    shown = [ed.problem_text(p) for p in ed.problems]
    assert any(s.startswith("SK-R2: ") and ed.rs.cards["kappa"].name in s for s in shown)
    assert ed.marks()["kappa"] == (220, 70, 60)
    # − in the card's row takes a copy out again; the copy rule then holds
    row = next(r for r in ed.panel.rows() if r.card == "kappa")
    click(app, (row.rect.x + 10, row.rect.centery))
    assert ed.deck.count("kappa") == 2
    assert "SK-R2" not in {p.rule for p in ed.problems}


def test_a_shipped_deck_is_never_overwritten(app):
    ed = open_editor(app, "senkai")
    type_into(app, ed.ui["name"], "onibi_march")
    press(app, ed.ui["save"])
    assert "shipped" in app.last_message
    assert not (user_decks_dir("senkai") / "onibi_march.yaml").exists()


@pytest.mark.parametrize("rid", ["senkai", "fourdeck", "ijinden", "danmaku"])
def test_export_then_import_the_same_deck_as_text_loses_nothing(app, rid):
    rs = load_ruleset(rid)
    name = rs.starter_decks[-1]
    ed = open_editor(app, rid)
    ed.open_deck(name)
    original = ed.deck.copy()
    press(app, ed.ui["text"])
    win = ed.text_window
    text = win.text()
    assert text == export_text(original, english=True)
    ed.new_deck()
    assert ed.deck.total() == 0
    win.box.set_text(text)
    press(app, next(b for b, n in win.buttons.items() if n == "import"))
    assert ed.deck == original


def test_an_unknown_name_in_a_pasted_list_is_reported_with_its_line_and_the_deck_kept(app):
    ed = open_editor(app, "senkai", "ja")
    ed.open_deck("onibi_march")
    before = ed.deck.copy()
    press(app, ed.ui["text"])
    win = ed.text_window
    win.box.set_text("2 河童\n3 河竜\n")
    press(app, next(b for b, n in win.buttons.items() if n == "import"))
    assert ed.deck == before
    report = win.report.html_text
    assert ":2:" in report and "河竜" in report


def test_a_card_dragged_onto_a_section_goes_there(app):
    ed = open_editor(app, "ijinden")
    card = next(c for c in ed.rs.cards.values() if ed.deck.home_section(c.id) == "main")
    start = grid_card(app, ed, card.id)
    drag(app, start, scroll_panel_to(app, ed, "side"))
    assert ed.deck.count(card.id, "side") == 1 and ed.deck.count(card.id, "main") == 0
    drag(app, start, scroll_panel_to(app, ed, "main"))
    assert ed.deck.count(card.id, "main") == 1
    drag(app, start, (ed.grid.rect.centerx, ed.grid.rect.bottom - 5))   # let go over the grid: nothing
    assert ed.deck.total() == 2
