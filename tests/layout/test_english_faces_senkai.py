"""千怪戦戯's faces follow the reader's language (layout `language: player`): every card with a printed
text has its English `text_en`, every attribute its `attribute_en`, and an English face of a long card
draws its English name, text, attribute and kind, with no Japanese left."""
import re

from tabletop.engine.ruleset import load_ruleset
from tabletop.layout import CardRenderer

_JA = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")


def _texts(r, card) -> dict:
    return {region.name: s for region, s in r.texts(card)}


def test_every_senkai_card_with_text_has_its_english_text_and_attribute():
    rs = load_ruleset("senkai")
    for card in rs.cards.values():
        if card.text:
            assert card.text_en.strip(), card.id
            assert not _JA.search(card.text_en), card.id
        if card.get("attribute"):
            assert card.get("attribute_en") and not _JA.search(card.get("attribute_en")), card.id


def test_an_english_senkai_face_of_a_long_card_draws_its_english_name_and_text():
    rs = load_ruleset("senkai")
    card = rs.cards["yamauba"]                       # the longest text: a search, then a shuffle
    r = CardRenderer(rs)
    assert r.layout.language == "player"
    r.language = "en"
    en = _texts(r, card)
    assert en["name"] == "Yamauba" == card.name_en
    assert en["text"] == card.text_en and "Beast monster" in en["text"]
    assert en["attribute"] == "Yokai" and en["kind"] == "Monster"
    assert not any(_JA.search(s) for s in en.values()), en
    r.language = "ja"                                # the Japanese face as printed
    ja = _texts(r, card)
    assert ja["name"] == "山姥" and ja["text"] == card.text and ja["attribute"] == "妖" and ja["kind"] == "怪魔"


def test_an_english_senkai_mana_face_shows_its_colour_in_english():
    rs = load_ruleset("senkai")
    r = CardRenderer(rs)
    r.language = "en"
    en = _texts(r, rs.cards["kiri_no_maryoku"])
    assert en["name"] == "Misty Mana" and en["mana_color"] == "Blue" and en["text"].startswith("All colors (")


def test_the_hover_preview_names_a_senkai_attribute_once_in_the_readers_language():
    import types

    from tabletop.i18n import Words
    from tabletop.ui.table.preview import Preview
    rs = load_ruleset("senkai")
    r = CardRenderer(rs)
    words = Words("en")
    r.language = words
    scene = types.SimpleNamespace(rs=rs, renderer=r, app=types.SimpleNamespace(words=words))
    card = types.SimpleNamespace(cid="kasha", tapped=False, face_up=True, counters={})
    lines, text, _ = Preview(scene).text(card)
    assert lines[0] == "Kasha the Burning Cart  (火車)" and text == ""   # the face shows the English text
    assert "Attribute Yokai" in lines[1] and "妖" not in lines[1] and "English" not in lines[1]
    words.language = "ja"
    lines, _, _ = Preview(scene).text(card)
    assert "属性 妖" in lines[1] and "Yokai" not in lines[1]


def test_a_senkai_attributes_english_twin_does_not_change_the_card_for_its_saves():
    from tabletop.engine import saves
    card = load_ruleset("senkai").cards["kasha"]
    before = saves.card_digest(card)
    stats = card.stats
    try:
        card.stats = {k: v for k, v in stats.items() if k != "attribute_en"}   # the card before its translation
        assert saves.card_digest(card) == before      # saves made before attribute_en still load
        card.stats = {**stats, "attribute": "鬼"}
        assert saves.card_digest(card) != before      # the printed attribute is the card (rules read it)
    finally:
        card.stats = stats
