"""イジンデン's faces follow the reader's language (layout `language: player`): an English reader sees each
card's text_en, feat_en and traits_en, and the face's own printed words (レベル, 【偉業】) in English;
a Japanese reader, and the print export, see the cards as printed."""
import copy
import re

from tabletop.engine.ruleset import load_ruleset
from tabletop.engine.saves import card_digest
from tabletop.i18n import Words
from tabletop.layout import CardRenderer
from tabletop.ui.table.preview import stat_texts

# Japanese words (the middle dot ・ that joins a list of traits is no word: it stays in every language)
JAPANESE = re.compile(r"[\u3040-\u30fa\u30fc-\u30ff\u3400-\u9fff\uff00-\uffef]")


def _texts(r, card) -> dict:
    return {region.name: s for region, s in r.texts(card)}


def test_every_card_with_printed_words_has_them_in_english():
    rs = load_ruleset("ijinden")
    for card in rs.cards.values():
        if card.text:
            assert card.text_en.strip(), card.id
        if card.get("feat"):
            assert (card.get("feat_en") or "").strip(), card.id
        assert len(card.get("traits_en") or []) == len(card.get("traits") or []), card.id


def test_an_english_face_of_a_long_card_draws_its_english_name_text_and_feat():
    rs = load_ruleset("ijinden")
    card = rs.cards["b_library"]          # a Haikei: a lasting effect, a trigger and a feat
    r = CardRenderer(rs)
    assert r.layout.language == "player"
    r.language = "en"
    en = _texts(r, card)
    assert en["name"] == "Library of Alexandria" == card.name_en
    assert en["text"] == card.text_en and "“Scientist” Ijin get Power +1000" in en["text"]
    assert en["feat"] == "【Feat】Draw 1."
    assert en["kind"] == "Haikei" and en["level_label"] == "LEVEL"
    assert not any(JAPANESE.search(s) for s in en.values()), en
    r.language = "ja"
    ja = _texts(r, card)
    assert ja["name"] == card.name and ja["text"] == card.text
    assert ja["feat"] == "【偉業】" + card.get("feat") and ja["level_label"] == "レベル" and ja["kind"] == "ハイケイ"


def test_no_english_face_shows_japanese_but_its_printed_flavor():
    rs = load_ruleset("ijinden")
    r = CardRenderer(rs)
    r.language = "en"
    for card in rs.cards.values():
        left = {k: s for k, s in _texts(r, card).items() if k != "flavor" and JAPANESE.search(s)}
        assert not left, (card.id, left)
    ijin = rs.cards["b_davinci"]
    assert _texts(r, ijin)["traits"] == "Artist・Inventor・Scientist"


def test_the_english_twins_change_no_saved_card():
    """A save notes each card's digest: giving a card feat_en/traits_en must not make its saves unloadable."""
    rs = load_ruleset("ijinden")
    card = rs.cards["r_yoshitsune"]
    assert card.get("feat_en") and card.get("traits_en")
    bare = copy.copy(card)
    bare.stats = {k: v for k, v in card.stats.items() if not k.endswith("_en")}
    assert card_digest(bare) == card_digest(card)
    bare.stats = dict(bare.stats, feat="something else")
    assert card_digest(bare) != card_digest(card)


def test_the_hover_previews_fields_show_the_readers_language_once():
    rs = load_ruleset("ijinden")
    card = rs.cards["r_yoshitsune"]
    kind = rs.card_kinds[card.kind]
    en = "  ".join(stat_texts(card, kind, Words("en")))
    assert "Feat Wake 1 of your resting Ijin." in en and "Traits Samurai・Swordsmanship" in en
    assert "English" not in en and not JAPANESE.search(en)
    ja = "  ".join(stat_texts(card, kind, Words("ja")))
    assert "偉業能力 " + card.get("feat") in ja and "Wake" not in ja and "Samurai" not in ja
