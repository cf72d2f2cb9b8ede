"""`tabletop cards`: exact pixel sizes, 3×3 sheets with bleed and crop marks, one multi-page PDF."""
import argparse

import pygame
import pytest

from tabletop.engine.errors import DataError
from tabletop.engine.ruleset import load_ruleset, load_ruleset_dir
from tabletop.layout.export import export_cards, run
from tabletop.layout.sheets import Sheet, draw_marks, grid_for, mm_to_px


def test_card_pngs_have_exact_print_sizes(tmp_path):
    rs = load_ruleset("sandbox")
    res = export_cards(rs, tmp_path, dpi=300, only=["ember_knight", "Spark"], pdf=False)
    assert [p.name for p in res.cards] == ["ember_knight.png", "spark.png"]
    for p in res.cards:
        assert pygame.image.load(str(p)).get_size() == (744, 1039)
    sheet = pygame.image.load(str(res.sheets[0]))
    assert sheet.get_size() == (2480, 3508)           # A4 at 300 dpi


def test_only_names_an_unknown_card_clearly(tmp_path):
    with pytest.raises(DataError, match=r"no card 'ember_knigt' in sandbox \(did you mean: ember_knight"):
        export_cards(load_ruleset("sandbox"), tmp_path, only=["ember_knigt"])


def test_poker_cards_fit_three_by_three_on_a4_and_letter():
    assert grid_for((210, 297), (63, 88)) == (3, 3)
    assert grid_for((215.9, 279.4), (63, 88)) == (3, 3)
    assert grid_for((210, 297), (63, 88), 3) == (3, 3)        # with 3 mm bleed
    assert grid_for((215.9, 279.4), (63, 88), 3) == (3, 3)    # no margin: bleed shared between neighbours


def draw_sheet(faces: list, page_px: tuple, cols: int, rows: int, bleed_px: int, crop_marks: bool,
               dpi: int) -> pygame.Surface:
    """Draw one page of faces (each with bleed_px of bleed) in a centred grid, crop marks if asked
    (a harness for Sheet.place and draw_marks; the export composes its pages in _emit)."""
    fw, fh = faces[0].get_size()
    tw, th = fw - 2 * bleed_px, fh - 2 * bleed_px
    sheet = Sheet(page_px, (tw, th), bleed_px, (fw, fh),
                  ((page_px[0] - cols * fw) // 2 + bleed_px, (page_px[1] - rows * fh) // 2 + bleed_px), cols, rows, dpi)
    page = pygame.Surface(page_px)
    page.fill((255, 255, 255))
    for i, face in enumerate(faces):
        sheet.place(page, i, face)
    if crop_marks:
        draw_marks(page, sheet, len(faces))
    return page


def test_crop_marks_sit_on_the_cut_lines_outside_the_cards():
    dpi = 100
    bleed = mm_to_px(3, dpi)
    face = pygame.Surface((mm_to_px(63, dpi) + 2 * bleed, mm_to_px(88, dpi) + 2 * bleed))   # faces come with bleed
    face.fill((200, 10, 10))
    page_px = (mm_to_px(210, dpi), mm_to_px(297, dpi))
    page = draw_sheet([face] * 9, page_px, 3, 3, bleed, True, dpi)
    cw = face.get_width()
    x0 = (page_px[0] - 3 * cw) // 2
    y0 = (page_px[1] - 3 * face.get_height()) // 2
    cut_x = x0 + bleed                                   # the first card's left trim line
    assert page.get_at((cut_x, y0 - mm_to_px(2.5, dpi)))[:3] == (0, 0, 0)      # a mark above it
    assert page.get_at((cut_x + 4, y0 - mm_to_px(2.5, dpi)))[:3] == (255, 255, 255)
    assert page.get_at((x0 + 2, y0 + 2))[:3] == (200, 10, 10)                   # the bleed is printed
    plain = draw_sheet([face] * 9, page_px, 3, 3, bleed, False, dpi)
    assert plain.get_at((cut_x, y0 - mm_to_px(2.5, dpi)))[:3] == (255, 255, 255)


def test_the_cli_writes_cards_sheets_and_a_pdf(tmp_path, capsys):
    args = argparse.Namespace(ruleset="sandbox", out=str(tmp_path), dpi=100, sheet="a4", bleed=2.0,
                              crop_marks=True, only=None)
    assert run(args) == 0
    assert len(list((tmp_path / "cards").glob("*.png"))) == 12     # nine cards and three tokens
    sheets = sorted((tmp_path / "sheets").glob("*.png"))
    assert len(sheets) == 2
    pdf = (tmp_path / "sandbox-sheets.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and b"/Count 2" in pdf
    assert "12 cards written" in capsys.readouterr().out


def test_a_pdf_has_one_page_per_sheet(tmp_path):
    rs = load_ruleset("fourdeck")
    res = export_cards(rs, tmp_path, dpi=40, only=[c.id for c in list(rs.cards.values())[:11]])
    assert len(res.sheets) == 2
    data = res.pdf.read_bytes()
    assert b"/Count 2" in data


def test_art_outside_assets_stops_the_export_with_the_card_named(sandbox_copy, tmp_path):
    cards = sandbox_copy / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("{id: spark,", "{id: spark, art: /etc/hosts,"),
                     encoding="utf-8")
    rs = load_ruleset_dir(sandbox_copy)
    with pytest.raises(DataError, match=r"cards.yaml:\d+: card spark: art '/etc/hosts' is an absolute path"):
        export_cards(rs, tmp_path / "out")
    assert not (tmp_path / "out" / "cards").exists()
