"""モン娘☆は～れむ's faces follow the reader's language (`language: player`): every card with printed
text has its English `text_en`, and an English face shows the English card name and skills, with no
second English name as a subtitle, no Japanese flavour text, and the trap badge and attribute in English."""
import re

from tabletop.engine.ruleset import load_ruleset
from tabletop.layout import CardRenderer


def _texts(r, card) -> dict:
    return {region.name: s for region, s in r.texts(card)}


def test_every_monmusu_card_with_text_has_english_text_and_an_english_name():
    rs = load_ruleset("monmusu")
    missing = [c.id for c in rs.cards.values() if c.text and not (c.text_en or "").strip()]
    assert missing == []
    assert [c.id for c in rs.cards.values() if not c.name_en.strip()] == []


def test_an_english_monmusu_face_draws_the_english_name_and_text_and_a_japanese_one_the_printed():
    rs = load_ruleset("monmusu")
    card = rs.cards["myu_1"]                     # a long one: [Special] and [Triggered]
    r = CardRenderer(rs)
    assert r.layout.language == "player"
    r.language = "en"
    en = _texts(r, card)
    assert en["name_en"] == card.name_en and "title" not in en and "name" not in en   # title + name, in English
    assert en["text"] == card.text_en and en["text"].startswith("[Special]")
    assert en["kind"] == "Monster girl" and en["attribute_en"] == "Dark"
    assert "name_full" not in en                 # the English name is not shown twice
    assert "flavor" not in _texts(r, rs.cards["hinoko_1"])   # Japanese flavour only: left off in English
    r.language = "ja"
    ja = _texts(r, card)
    assert (ja["title"], ja["name"], ja["text"]) == (card.get("title"), card.get("monster"), card.text)
    assert ja["name_full"] == card.name_en and ja["attribute"] == "闇" and "attribute_en" not in ja
    assert "name_en" not in ja and _texts(r, rs.cards["hinoko_1"])["flavor"] == rs.cards["hinoko_1"].flavor


def test_a_trap_spell_says_so_in_the_readers_language():
    rs = load_ruleset("monmusu")
    card = rs.cards["fire_pitfall"]
    r = CardRenderer(rs)
    r.language = "en"
    en = _texts(r, card)
    assert en["name"] == "Fiery Pitfall" and en["trap_en"] == "Trap spell" and "trap" not in en
    assert en["text"].startswith("【Trap spell】")
    r.language = "ja"
    ja = _texts(r, card)
    assert ja["trap"] == "トラップ呪文" and "trap_en" not in ja and ja["name"] == card.name


def test_no_kana_or_kanji_is_left_on_any_english_monmusu_face():
    rs = load_ruleset("monmusu")
    r = CardRenderer(rs)
    r.language = "en"
    japanese = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")     # 【】 and ①② stay: they are punctuation
    left = {c.id: s for c in rs.cards.values() for s in _texts(r, c).values() if japanese.search(s)}
    assert left == {}
