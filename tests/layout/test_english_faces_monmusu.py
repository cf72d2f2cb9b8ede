"""モン娘☆は～れむ's faces follow the reader's language (`language: player`): every card with printed
text has its English `text_en`, and an English face shows the English title, name and skills, with no
second English name as a subtitle and the trap badge and attribute in English."""
from tabletop.engine.ruleset import load_ruleset
from tabletop.layout import CardRenderer


def _texts(r, card) -> dict:
    return {region.name: s for region, s in r.texts(card)}


def test_every_monmusu_card_with_text_has_english_text_and_every_monster_an_english_title_and_name():
    rs = load_ruleset("monmusu")
    missing = [c.id for c in rs.cards.values() if c.text and not (c.text_en or "").strip()]
    assert missing == []
    for c in rs.cards.values():
        if c.kind == "monster":
            en = " ".join(x for x in (c.get("title_en"), c.get("monster_en")) if x)
            assert en == c.name_en, c.id          # the card name is title + name in English too (MM-R1)


def test_an_english_monmusu_face_draws_the_english_name_and_text_and_a_japanese_one_the_printed():
    rs = load_ruleset("monmusu")
    card = rs.cards["myu_1"]                     # a long one: [Special] and [Triggered]
    r = CardRenderer(rs)
    assert r.layout.language == "player"
    r.language = "en"
    en = _texts(r, card)
    assert (en["title"], en["name"]) == (card.get("title_en"), card.get("monster_en"))
    assert en["text"] == card.text_en and en["text"].startswith("[Special]")
    assert en["kind"] == "Monster girl" and en["attribute_en"] == "Dark"
    assert "name_full" not in en                 # the English name is not shown twice
    assert not any(ch in s for s in en.values() for ch in "モ娘誘発闇")
    r.language = "ja"
    ja = _texts(r, card)
    assert (ja["title"], ja["name"], ja["text"]) == (card.get("title"), card.get("monster"), card.text)
    assert ja["name_full"] == card.name_en and ja["attribute"] == "闇" and "attribute_en" not in ja


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
