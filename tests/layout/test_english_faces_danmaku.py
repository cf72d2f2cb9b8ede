"""danmaku's faces follow the reader's language (layout.yaml `language: player`): an English reader sees
each card's text_en, name_en and species_en, and the stat lines' template_en; a Japanese reader sees the
cards as printed."""
from tabletop.engine.ruleset import load_ruleset
from tabletop.layout import CardRenderer


def _texts(r, card) -> dict:
    return {region.name: s for region, s in r.texts(card)}


def test_every_danmaku_card_with_text_has_english_text():
    rs = load_ruleset("danmaku")
    with_text = [c for c in rs.cards.values() if c.text]
    assert len(with_text) >= 30
    missing = [c.id for c in with_text if not (c.text_en or "").strip()]
    assert missing == []
    # no Japanese left in the English text (a species is written [Species: X])
    assert [c.id for c in with_text if any("\u3040" <= ch <= "\u9fff" or ch in "｛｝『』" for ch in c.text_en)] == []
    assert [c.id for c in rs.cards.values() if c.get("species") and
            len(c.get("species_en") or ()) != len(c.get("species"))] == []


def test_an_english_face_of_a_long_danmaku_card_draws_its_english_name_text_and_stats():
    rs = load_ruleset("danmaku")
    r = CardRenderer(rs)
    assert r.layout.language == "player"
    card = rs.cards["alice"]                     # a character with a long ability and two species
    r.language = "en"
    en = _texts(r, card)
    assert en["name"] == "Alice Margatroid"
    assert en["text"] == card.text_en and "[Species: Doll]" in en["text"]
    assert en["kind"] == "Character" and en["species"] == "Youkai・Magician"
    assert en["shot"] == "Shot 50/Hit 30" and en["status"] == "Spell 60/Def 30/Eva 40/HP 600"
    assert r.overflows(card) == []
    spell = _texts(r, rs.cards["hakuai_hard"])
    assert spell["requirement"] == "Spell 40 P3" and spell["status"] == "Time 6/HP 160"
    assert "flavor" not in _texts(r, rs.cards["reimu"])    # no English flavor: left off the English face
    r.language = "ja"
    ja = _texts(r, card)
    assert ja["name"] == card.name and ja["text"] == card.text and ja["species"] == "妖怪・魔法使い"
    assert ja["shot"] == "通50/命30" and ja["status"] == "符60/防30/避40/HP600"
    assert _texts(r, rs.cards["reimu"])["flavor"] == "楽園の素敵な巫女。"
