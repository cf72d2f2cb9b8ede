"""The card browser: filters, search in both languages, the large face, and cards.yaml edits without a restart."""
import shutil
from pathlib import Path

import pygame
import pytest

import tabletop
from tabletop.engine import load_ruleset
from tabletop.ui.app import home
from tabletop.ui.cardfilter import CardFilter
from tabletop.ui.cards import CardsScene
from tabletop.ui.deckedit import DeckEditorScene

from deck_helpers import grid_card, menu_button, press, type_into
from ui_helpers import click, key

ROOT = Path(tabletop.__file__).resolve().parent.parent


def open_browser(app, rid="senkai"):
    app.home = home
    app.push(home(app))
    app.step(1 / 60)
    press(app, menu_button(app, app.words("Cards")))
    sc = app.scene
    assert isinstance(sc, CardsScene) and not isinstance(sc, DeckEditorScene)
    if sc.ruleset_id != rid:
        sc.switch_ruleset(rid)
        app.step(1 / 60)
    return sc


def shown(sc):
    return [c.id for c in sc.sync_grid().cards]


def test_every_card_is_in_the_grid_and_the_kind_colour_and_cost_buttons_filter_it(app):
    sc = open_browser(app)
    rs = load_ruleset("senkai")
    assert shown(sc) == list(rs.cards)
    press(app, sc.ui["kind"])                 # all → the first kind
    first = next(iter(rs.card_kinds))
    assert shown(sc) == [c.id for c in rs.cards.values() if c.kind == first]
    assert sc.ui["kind"].text.endswith(rs.card_kinds[first].get("label_en") or rs.card_kinds[first]["label"])
    for _ in range(len(rs.card_kinds)):
        press(app, sc.ui["kind"])             # ... round to "all"
    assert shown(sc) == list(rs.cards)
    press(app, sc.ui["color"])
    assert shown(sc) and all(rs.cards[c].color == "red" for c in shown(sc))
    press(app, sc.ui["color"])
    press(app, sc.ui["color"])
    press(app, sc.ui["color"])
    press(app, sc.ui["cost"])                 # back to every colour, then the lowest cost
    low = min(c.get("cost") for c in rs.cards.values() if isinstance(c.get("cost"), int))
    assert shown(sc) == [c.id for c in rs.cards.values() if c.get("cost") == low]


@pytest.mark.parametrize("words,expect", [("鬼", "akaoni_kogashira"), ("kappa", "kappa"),
                                          ("ＫＡＰＰＡ", "kappa")])
def test_search_over_japanese_and_english_names_and_text(app, words, expect):
    sc = open_browser(app)
    type_into(app, sc.ui["search"], words)
    assert expect in shown(sc)
    assert len(shown(sc)) < len(sc.rs.cards)


def test_search_reads_rules_text_too():
    rs = load_ruleset("senkai")
    card = next(c for c in rs.cards.values() if c.text)
    word = card.text.split()[0][:4]
    f = CardFilter(text=word)
    assert card.id in [c.id for c in f.cards(rs)]
    assert CardFilter(text=word + " zzzz-no-such").cards(rs) == []


def test_a_click_shows_the_large_face_and_a_click_closes_it(app):
    sc = open_browser(app)
    pos = grid_card(app, sc, "kappa")
    click(app, pos)
    assert sc.zoomed and sc.selected == "kappa"
    click(app, pos)
    assert not sc.zoomed
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.scene, CardsScene)   # Esc leaves to the menu


def test_a_card_added_to_cards_yaml_appears_without_a_restart(app, tmp_path, monkeypatch):
    dst = tmp_path / "rulesets"
    shutil.copytree(ROOT / "rulesets" / "sandbox", dst / "sandbox")
    monkeypatch.setenv("TABLETOP_RULESETS", str(dst))
    sc = open_browser(app, "sandbox")
    n = len(shown(sc))
    cards = dst / "sandbox" / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    new = "- {id: brand_new_card, name: 新しいカード, name_en: Brand New, kind: unit, color: red, cost: 2, power: 2}\n"
    cards.write_text(text + new, encoding="utf-8")
    sc.last_poll = 0.0
    app.step(1 / 60)
    assert len(shown(sc)) == n + 1 and "brand_new_card" in shown(sc)
    type_into(app, sc.ui["search"], "新しい")
    assert shown(sc) == ["brand_new_card"]
    cards.write_text("- id: [broken", encoding="utf-8")   # a half-saved file: the last good cards stay
    sc.last_poll = 0.0
    app.step(1 / 60)
    assert "brand_new_card" in sc.rs.cards and "cards.yaml" in sc.status


def test_the_browser_opens_the_editor(app):
    sc = open_browser(app, "fourdeck")
    press(app, sc.ui["editor"])
    assert isinstance(app.scene, DeckEditorScene) and app.scene.ruleset_id == "fourdeck"
    assert list(app.scene.deck.sections) == list(load_ruleset("fourdeck").deck)
