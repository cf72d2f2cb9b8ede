"""The hover preview: ruleset field labels, no empty or zero-cost fields, a state word only when it says something."""
import types

import pygame

from tabletop.engine import Game
from tabletop.ui.table import HOVER_S

from ui_helpers import open_curtain, post, table


def _hover(app, scene, spot):
    post(app, pygame.MOUSEMOTION, pos=spot.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    app.step(HOVER_S + 0.05)
    app.step(1 / 60)


def test_the_preview_shows_field_labels_and_no_state_word_for_an_untapped_card(app):
    g = Game.new("ijinden", seed=3)
    scene = table(app, g)
    open_curtain(app, scene)
    me = scene.viewer
    spot = next(s for s in scene.spots if s.zone == f"{me}.hand" and s.card.cid == "r_musashi")
    _hover(app, scene, spot)
    assert scene.preview.previewed is not None and scene.preview.previewed.uid == spot.card.uid
    lines, text, state = scene.preview.text(scene.preview.previewed)
    # English labels; the card's own words in English where the card gives them (traits_en), else as printed
    assert "Traits Swordsmanship" in lines[1] and "Level 3" in lines[1] and "剣術" not in lines[1]
    assert "traits" not in lines[1] and "[" not in lines[1]
    assert "Feat" in lines[1]                            # a filled str field keeps its label
    assert state == []                                   # nothing is tapped: no "untapped" word
    app.words.language = "ja"
    lines, _, _ = scene.preview.text(scene.preview.previewed)
    assert "特性 剣術" in lines[1] and "レベル 3" in lines[1] and "偉業能力" in lines[1]


def test_lists_join_with_a_dot_and_zero_costs_and_empty_fields_are_left_out(app):
    g = Game.new("danmaku", seed=3)
    scene = table(app, g)
    card = types.SimpleNamespace(cid="alice", tapped=True, face_up=True, counters={})
    app.words.language = "ja"
    lines, _, state = scene.preview.text(card)
    assert "種族 妖怪・魔法使い" in lines[1] and "通 50" in lines[1] and "手札破棄 1" in lines[1]
    assert "HP破棄" not in lines[1] and "P破棄" not in lines[1] and "cost_" not in lines[1]
    assert state == [g.ruleset.word("tapped").ja]
    app.words.language = "en"
    fd = Game.new("fourdeck", seed=3)
    scene = table(app, fd)
    spell = next(c for c in fd.ruleset.cards.values() if "deck_section" in c.stats and c.stats["deck_section"] is None)
    lines, _, _ = scene.preview.text(types.SimpleNamespace(cid=spell.id, tapped=False, face_up=True, counters={}))
    assert "None" not in lines[1] and "deck_section" not in lines[1]


def test_an_english_reader_is_not_shown_printed_words_that_have_no_english(app):
    scene = table(app, Game.new("monmusu", seed=3))
    card = types.SimpleNamespace(cid="hinoko_1", tapped=False, face_up=True, counters={})
    lines, _, _ = scene.preview.text(card)
    assert "Little Ember Hinoko" in lines[0]
    assert "ちいさな火種" not in " ".join(lines[1:]) and "ヒノコ" not in " ".join(lines[1:])   # title, monster
    assert "150" in lines[1]                                  # the numbers stay
    app.words.language = "ja"
    lines, _, _ = scene.preview.text(card)
    assert "ちいさな火種" in lines[1]
