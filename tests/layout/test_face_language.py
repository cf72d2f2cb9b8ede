"""A layout with `language: player` shows a card's English fields to an English reader (the declared
examples); a `printed` layout (the default) shows every card as printed."""
import dataclasses
import types

import pytest

from tabletop.engine.ruleset import load_ruleset
from tabletop.i18n import Words
from tabletop.layout import CardRenderer


def _texts(r, card) -> dict:
    return {region.name: s for region, s in r.texts(card)}


@pytest.mark.parametrize("rid, cid", [("sparkduel", "flare_hawk"), ("ramparts", "mason")])
def test_a_declared_face_read_in_english_shows_the_english_name_text_and_kind(rid, cid):
    rs = load_ruleset(rid)
    card = rs.cards[cid]
    r = CardRenderer(rs)
    assert r.layout.language == "player"
    r.language = "en"
    en = _texts(r, card)
    assert en["name"] == card.name_en and card.name not in en.values()
    if card.get("text_en"):
        assert en["text"] == card.get("text_en")
    assert en["type"] == rs.card_kinds[card.kind]["label_en"]
    from tabletop.layout.art import _initial
    assert _initial(card, r.value(card, "name")) == card.name_en[0]   # the picture's letter: the English name's
    r.language = "ja"
    ja = _texts(r, card)
    assert ja["name"] == card.name and ja["type"] == rs.card_kinds[card.kind]["label"]
    if card.get("text"):
        assert ja["text"] == card.text


def test_the_face_follows_the_windows_words_and_is_cached_per_language():
    rs = load_ruleset("sparkduel")
    card = rs.cards["flare_hawk"]
    r = CardRenderer(rs)
    words = Words("en")
    r.language = words                       # the window's words: a switch shows at once
    en = r.face(card, 200)
    assert r.reading() == "en" and r.face(card, 200) is en
    words.language = "ja"
    assert r.reading() is None and r.face(card, 200) is not en
    assert _texts(r, card)["name"] == card.name


def test_a_printed_layout_shows_the_printed_name_to_every_reader():
    rs = load_ruleset("senkai")
    card = next(c for c in rs.cards.values() if c.name_en and c.name_en != c.name)
    r = CardRenderer(rs)
    r.layout = dataclasses.replace(r.layout, language="printed")   # the default (a game's faces as printed)
    r.language = "en"
    assert r.reading() is None
    assert _texts(r, card)["name"] == card.name


def test_an_english_reader_hovering_a_declared_card_reads_its_english_name_first():
    from tabletop.ui.table.preview import Preview
    rs = load_ruleset("sparkduel")
    r = CardRenderer(rs)
    words = Words("en")
    r.language = words
    scene = types.SimpleNamespace(rs=rs, renderer=r, app=types.SimpleNamespace(words=words))
    preview = Preview(scene)
    card = types.SimpleNamespace(cid="flare_hawk", tapped=False, face_up=True, counters={})
    lines, text, _ = preview.text(card)
    assert lines[0] == "Flare Hawk  (閃光鷹)"
    assert text == ""                        # the face already shows the English text
    words.language = "ja"
    lines, text, _ = preview.text(card)
    assert lines[0] == "閃光鷹  (Flare Hawk)" and text == ""


def test_validate_measures_the_english_face_of_a_player_layout_too():
    from tabletop.layout.checks import face_warnings
    rs = load_ruleset("sparkduel")
    card = rs.cards["flare_hawk"]
    was = card.text_en
    card.text_en = "When it enters: " + "1 damage to an opposing creature, " * 40
    try:
        r = CardRenderer(rs)
        r.language = "ja"                    # whoever reads the warnings, both faces are measured
        cut = [m for cid, kind, m in face_warnings(rs, r, layout_checks=False) if cid == "flare_hawk" and kind == "cut"]
        assert cut and all("'text' (English face) text is cut" in m for m in cut)
        assert r.language == "ja"
    finally:
        card.text_en = was                   # (the loaded ruleset is shared)
