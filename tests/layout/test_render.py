"""The card renderer: exact sizes, caching, empty regions, art and placeholders, the manual mark."""
import pygame
import pytest

from tabletop.engine.errors import DataError
from tabletop.engine.ruleset import load_ruleset, load_ruleset_dir
from tabletop.layout import CardRenderer, default_layout
from tabletop.layout.art import resolve_art
from tabletop.layout.sheets import mm_to_px


def diff(a: pygame.Surface, b: pygame.Surface) -> int:
    """Return how many pixels differ between two same-sized surfaces."""
    assert a.get_size() == b.get_size()
    w, h = a.get_size()
    return sum(1 for y in range(0, h, 2) for x in range(0, w, 2) if a.get_at((x, y)) != b.get_at((x, y)))


@pytest.fixture
def sandbox():
    return load_ruleset("sandbox")


def test_faces_and_backs_have_exact_sizes(sandbox):
    r = CardRenderer(sandbox)
    card = sandbox.cards["ember_knight"]
    assert (mm_to_px(63, 300), mm_to_px(88, 300)) == (744, 1039)
    assert r.face(card, 744).get_size() == (744, 1039)
    assert r.face(card, 744, 1039).get_size() == (744, 1039)
    assert r.face(card, 126).get_size() == (126, 176)
    assert r.back(126).get_size() == (126, 176)
    assert r.aspect == pytest.approx(88 / 63)


def test_faces_are_cached_by_what_they_show(sandbox):
    r = CardRenderer(sandbox)
    a, b = sandbox.cards["ember_knight"], sandbox.cards["spark"]
    assert r.face(a, 200) is r.face(a, 200)
    assert r.face(a, 200) is not r.face(a, 201)
    assert r.face(a, 200) is not r.face(b, 200)
    assert r.face(a, 200, outlines=True) is not r.face(a, 200)


def test_a_missing_field_leaves_its_region_empty(sandbox_copy):
    rs = load_ruleset_dir(sandbox_copy)
    r = CardRenderer(rs)
    unit = rs.cards["moss_guard"]            # a unit without text
    assert unit.text == ""
    names = [reg.name for reg, _ in r.texts(unit)]
    assert "text" not in names and "name" in names and "power" in names
    action = rs.cards["spark"]               # an action has no power field at all
    assert "power" not in [reg.name for reg, _ in r.texts(action)]


def test_placeholders_differ_per_card_and_repeat_per_card(sandbox):
    r1, r2 = CardRenderer(sandbox), CardRenderer(sandbox)
    a, b = sandbox.cards["ember_scout"], sandbox.cards["ember_knight"]   # same colour, same kind
    fa1, fa2, fb = r1.face(a, 120), r2.face(a, 120), r1.face(b, 120)
    assert diff(fa1, fa2) == 0
    assert diff(fa1, fb) > 300


def test_manual_cards_show_a_manual_mark(sandbox_copy):
    cards = sandbox_copy / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("{id: insight,", "{id: insight, manual: true,"), encoding="utf-8")
    rs = load_ruleset_dir(sandbox_copy)
    r = CardRenderer(rs)
    manual = rs.cards["insight"]
    assert manual.manual
    assert any(reg.type == "manual" for reg, _ in r.texts(manual))
    assert not any(reg.type == "manual" for reg, _ in r.texts(rs.cards["spark"]))
    # The same card without the mark differs exactly where the mark is.
    plain = CardRenderer(load_ruleset("sandbox"))
    assert diff(r.face(manual, 200), plain.face(load_ruleset("sandbox").cards["insight"], 200)) > 100


def _png(path, color):
    surf = pygame.Surface((40, 30))
    surf.fill(color)
    pygame.image.save(surf, str(path))


def test_art_comes_from_assets_by_card_id_or_art_field(sandbox_copy):
    (sandbox_copy / "assets" / "pics").mkdir(parents=True)
    _png(sandbox_copy / "assets" / "spark.png", (0, 255, 0))
    _png(sandbox_copy / "assets" / "pics" / "blue.png", (0, 0, 255))
    cards = sandbox_copy / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("{id: insight,", "{id: insight, art: pics/blue.png,"),
                     encoding="utf-8")
    rs = load_ruleset_dir(sandbox_copy)
    assert resolve_art(sandbox_copy, rs.cards["spark"]).name == "spark.png"
    assert resolve_art(sandbox_copy, rs.cards["insight"]).name == "blue.png"
    assert resolve_art(sandbox_copy, rs.cards["growth"]) is None
    r = CardRenderer(rs)
    art = next(reg for reg in r.layout.for_kind("action").regions if reg.name == "art")
    scale = 630 / 63
    centre = (round((art.rect[0] + art.rect[2] / 2) * scale), round((art.rect[1] + art.rect[3] * 0.15) * scale))
    assert r.face(rs.cards["spark"], 630).get_at(centre)[:3] == (0, 255, 0)
    assert r.face(rs.cards["insight"], 630).get_at(centre)[:3] == (0, 0, 255)


def test_art_outside_assets_is_refused_and_the_card_still_draws(sandbox_copy):
    cards = sandbox_copy / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("{id: insight,", "{id: insight, art: ../ruleset.yaml,"),
                     encoding="utf-8")
    rs = load_ruleset_dir(sandbox_copy)
    card = rs.cards["insight"]
    with pytest.raises(DataError, match=r"cards.yaml:\d+: card insight: art '../ruleset.yaml' lies outside"):
        resolve_art(sandbox_copy, card)
    r = CardRenderer(rs)
    assert r.face(card, 200).get_size() == (200, 279)
    assert "outside" in r.problems["insight"]


def test_a_ruleset_without_layout_gets_the_default_layout():
    rs = load_ruleset("tiny")
    r = CardRenderer(rs)
    assert r.layout.generated
    card = rs.cards["three"]
    shown = dict((reg.name, s) for reg, s in r.texts(card))
    assert shown["name"] == "三" and "3" in shown["stats"]
    assert r.face(card, 300).get_size() == (300, 419)
    assert default_layout(rs).for_kind("unit").aspect == pytest.approx(88 / 63)


def test_outlines_name_every_region(sandbox):
    r = CardRenderer(sandbox)
    card = sandbox.cards["ember_knight"]
    assert diff(r.face(card, 300, outlines=True), r.face(card, 300)) > 500


def test_emphasis_runs_carry_across_lines():
    from tabletop.layout.facedraw import _emphasis_runs
    assert _emphasis_runs("a【条件】b", "【】", False) == ([("a", False), ("【条件】", True), ("b", False)], False)
    runs, inside = _emphasis_runs("x【条", "【】", False)
    assert runs == [("x", False), ("【条", True)] and inside
    assert _emphasis_runs("件】y", "【】", True) == ([("件】", True), ("y", False)], False)
