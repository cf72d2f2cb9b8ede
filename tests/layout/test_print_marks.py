"""Print fixes of issue 35: the fold tick stays out of the margin, crop marks over dark bleed art keep a
white keyline, `color:` colours pips, and a card without a rarity shows no rarity badge."""
import pygame
import pytest

from tabletop.engine.ruleset import load_ruleset_dir
from tabletop.layout import CardRenderer
from tabletop.layout.export import export_cards
from tabletop.layout.sheets import mm_to_px

DPI = 100
GREY = (120, 120, 120)


@pytest.mark.parametrize("sheet", ["a4", "letter"])
def test_the_fold_tick_never_enters_the_margin(designer_game, tmp_path, sheet):
    rs = load_ruleset_dir(designer_game)
    res = export_cards(rs, tmp_path, dpi=DPI, bleed_mm=3, fold=True, sheet=sheet, pdf=False, workers=1)
    page = pygame.image.load(str(res.sheets[0]))
    w, h = page.get_size()
    margin = mm_to_px(5, DPI)
    column = [page.get_at((w // 2, y))[:3] for y in range(h)]
    assert GREY not in column[:margin] and GREY not in column[h - margin:]


def test_crop_marks_over_the_bleed_keep_a_white_keyline_and_stay_out_of_the_margin(designer_game, tmp_path):
    """On letter there is no room past the bleed: the marks cross the bleed art, a white keyline each side."""
    from tabletop.layout.sheets import PAGES_MM, plan_sheet
    rs = load_ruleset_dir(designer_game)
    res = export_cards(rs, tmp_path, dpi=DPI, bleed_mm=3, crop_marks=True, sheet="letter", only=["mend"],
                       pdf=False, workers=1)
    page = pygame.image.load(str(res.sheets[0]))
    sh = plan_sheet(PAGES_MM["letter"], (63, 88), DPI, 3, 5, True)
    x, y = sh.trim_at(0)
    rows = [yy for yy in range(0, y) if page.get_at((x, yy))[:3] == (0, 0, 0)]   # the mark on the left cut line
    assert rows and min(rows) >= sh.margin                                         # not in the margin
    assert [yy for yy in rows if yy >= y - sh.bleed], "the mark crosses the bleed"
    for yy in rows:
        assert page.get_at((x - 1, yy))[:3] == (255, 255, 255) == page.get_at((x + 1, yy))[:3]


PIPS = """\
card: {size_mm: [63, 88], dpi: 100, corner_mm: 0, background: "#ffffff"}
base:
  - {name: cost, type: pips, field: cost, rect: [4, 4, 40, 6], color: "#00ff00", stroke: none}
  - {name: rarity, type: rarity, rect: [50, 70, 8, 8]}
"""


def test_color_on_a_pips_region_colours_the_pips_and_no_rarity_draws_no_badge(sandbox_copy):
    (sandbox_copy / "layout.yaml").write_text(PIPS, encoding="utf-8")
    cards = sandbox_copy / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("id: insight,", "id: insight, rarity: R,"),
                     encoding="utf-8")
    rs = load_ruleset_dir(sandbox_copy)
    r = CardRenderer(rs)
    spark = r.face(rs.cards["spark"], 630)     # cost 1, no rarity given
    assert rs.cards["spark"].rarity == ""
    px = spark.get_at((round(4 * 10 + 13), round(7 * 10)))[:3]
    assert px[1] > 200 and px[0] < 60 and px[2] < 60, px
    assert spark.get_at((520, 740))[:3] == (255, 255, 255)         # no C badge
    insight = r.face(rs.cards["insight"], 630)
    assert insight.get_at((520, 740))[:3] != (255, 255, 255)       # its R badge
