"""fourdeck's faces follow the reader's language (`language: player`): an English reader sees each card's
name_en, text_en, its types' English words (ruleset.yaml `tag.*`) and English labels; a Japanese reader
sees the cards as printed."""
import re

import pytest

from tabletop.engine.ruleset import load_ruleset
from tabletop.layout import CardRenderer

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")


@pytest.fixture(scope="module")
def rs():
    return load_ruleset("fourdeck")


def _texts(r, card) -> dict:
    return {region.name: s for region, s in r.texts(card)}


def test_every_card_with_a_text_has_an_english_text(rs):
    missing = [c.id for c in rs.cards.values() if c.text and not c.text_en.strip()]
    assert not missing
    assert not [c.id for c in rs.cards.values() if not c.name_en.strip()]


def test_an_english_face_of_a_long_card_draws_its_english_name_text_and_types(rs):
    card = rs.cards["n_hermit"]               # the longest text; goes in the Level 3 deck (FD-R2)
    r = CardRenderer(rs)
    assert r.layout.language == "player"
    r.language = "en"
    en = _texts(r, card)
    assert en["name"] == "Mountain Hermit" and en["text"] == card.text_en
    assert "name_en" not in en                 # the English name is not shown twice
    assert en["type_en"] == "Human" and en["ap_label_en"] == "ATTACK"
    assert en["deck_lv3_en"] == "To Level 3\ndeck"
    assert "exile" in en["text"] and "not your partner" in en["text"]


def test_no_japanese_is_left_on_an_english_face(rs):
    r = CardRenderer(rs)
    r.language = "en"
    left = {c.id: s for c in rs.cards.values() for _, s in r.texts(c) if JAPANESE.search(s)}
    assert not left
    assert _texts(r, rs.cards["k_king"])["type_en"] == "Knight · King"
    assert _texts(r, rs.cards["s_mirror"])["type_en"] == "Spell"


def test_a_japanese_face_stays_as_printed(rs):
    card = rs.cards["k_cleric"]
    r = CardRenderer(rs)
    for lang in ("ja", None):                  # the Japanese reader, and print (`tabletop cards`)
        r.language = lang
        ja = _texts(r, card)
        assert ja["name"] == card.name and ja["name_en"] == card.name_en and ja["text"] == card.text
        assert ja["type"] == "人・聖職者" and ja["flavor"] == card.flavor and ja["ap_label"] == "攻撃力"
        assert not any(name.endswith("_en") and name != "name_en" for name in ja)


def test_the_english_faces_fit(rs):
    from tabletop.layout.checks import face_warnings
    r = CardRenderer(rs)
    cut = [m for _, kind, m in face_warnings(rs, r, layout_checks=False) if kind == "cut"]
    assert not cut
