"""Print-and-play for a designer's own game: real bleed, margins, backs, copies, TTS, validate."""
import argparse

import pygame
import pytest

from tabletop import cli
from tabletop.engine.errors import DataError
from tabletop.engine.ruleset import load_ruleset_dir
from tabletop.layout import CardRenderer
from tabletop.layout.export import export_cards
from tabletop.layout.sheets import PAGES_MM, grid_for, mm_to_px, plan_sheet
from tabletop.validate import validate_report

from designer_game import paint

DPI = 100


def test_real_bleed_draws_the_art_past_the_trim_not_stretched_edge_pixels(designer_game):
    paint(designer_game / "assets" / "hero.png", (400, 330), [(220, 40, 40), (250, 220, 60)], stripes=60)
    rs = load_ruleset_dir(designer_game)
    face = CardRenderer(rs).print_face(rs.cards["hero"], DPI, 3)
    b = mm_to_px(3, DPI)
    assert face.get_size() == (mm_to_px(63, DPI) + 2 * b, mm_to_px(88, DPI) + 2 * b)
    row = 5 * b   # inside the art, whose region touches the left, top and right edges
    bleed = {tuple(face.get_at((x, row)))[:3] for x in range(b)}
    assert len(bleed) > 1          # the stripes go on into the bleed (stretching gives one colour a row)
    assert face.get_at((face.get_width() // 2, face.get_height() - 2))[:3] == face.get_at(
        (face.get_width() // 2, face.get_height() - b - 3))[:3]   # the bottom band bleeds too


def test_card_pngs_include_the_bleed(designer_game, tmp_path):
    rs = load_ruleset_dir(designer_game)
    res = export_cards(rs, tmp_path, dpi=DPI, bleed_mm=3, only=["guard"], pdf=False)
    assert pygame.image.load(str(res.cards[0])).get_size() == (mm_to_px(63, DPI) + 2 * mm_to_px(3, DPI),
                                                               mm_to_px(88, DPI) + 2 * mm_to_px(3, DPI))


def test_as_many_cards_as_fit_inside_a_printable_margin():
    assert grid_for(PAGES_MM["a4"], (44, 63), 0, 5) == (4, 4)            # minis
    assert grid_for(PAGES_MM["a4"], (44, 63), 3, 5, marks=True) == (4, 4)
    assert grid_for(PAGES_MM["a4"], (63, 88), 3, 5, marks=True) == (3, 3)
    assert grid_for(PAGES_MM["letter"], (63, 88), 0, 5) == (3, 3)
    assert grid_for(PAGES_MM["letter"], (63, 88), 3, 5) == (3, 3)         # the outer bleed shrinks to 2.7 mm
    assert grid_for(PAGES_MM["letter"], (63, 88), 3, 5, marks=True) == (3, 3)
    assert grid_for(PAGES_MM["letter"], (63, 88), 3, 8) == (3, 2)         # 264 + 2·2 mm > 263.4 mm
    assert grid_for(PAGES_MM["a4"], (63, 88), 3, 30) == (2, 2)            # a bigger margin, fewer cards


@pytest.mark.parametrize("sheet", ["a4", "letter"])
def test_nothing_is_printed_inside_the_margin(designer_game, tmp_path, sheet):
    rs = load_ruleset_dir(designer_game)
    res = export_cards(rs, tmp_path, dpi=DPI, sheet=sheet, bleed_mm=3, crop_marks=True, backs=True, pdf=False)
    m = mm_to_px(5, DPI) - 1
    for path in res.sheets + res.backs:
        page = pygame.image.load(str(path))
        w, h = page.get_size()
        for x, y in [(x, y) for x in range(0, w, 3) for y in (0, m, h - 1 - m, h - 1)] + \
                    [(x, y) for y in range(0, h, 3) for x in (0, m, w - 1 - m, w - 1)]:
            assert page.get_at((x, y))[:3] == (255, 255, 255), (path.name, x, y)


def test_copies_backs_mirrored_for_duplex_and_kinds_own_backs(designer_game, tmp_path):
    rs = load_ruleset_dir(designer_game)
    res = export_cards(rs, tmp_path, dpi=DPI, bleed_mm=3, backs=True)
    assert res.copies == 3 + 1 + 2 + 1                       # hero copies: 3, bolt copies: 2
    assert len(res.backs) == len(res.sheets) == 1 and len(res.back_pngs) == 2   # the unit back, the action back
    sh = plan_sheet(PAGES_MM["a4"], (63, 88), DPI, 3, 5, False)
    front, back = pygame.image.load(str(res.sheets[0])), pygame.image.load(str(res.backs[0]))
    # Slot 4 (bolt, an action) is behind slot 4 flipped on the long edge: its back is the action back.
    x, y = sh.trim_at(4, mirror=True)
    assert back.get_at((x + 10, y + 10))[:3] == (0x20, 0x30, 0x40)
    x0, y0 = sh.trim_at(0, mirror=True)   # slot 0 (hero, a unit): the striped back image, on the right
    assert x0 > front.get_width() // 2 and back.get_at((x0 + 10, y0 + 10))[:3] != (255, 255, 255)
    assert res.pdf.read_bytes().count(b"/Type /Page ") == 2   # the front, then its back


def test_a_deck_list_decides_the_copies(designer_game, tmp_path):
    rs = load_ruleset_dir(designer_game)
    assert export_cards(rs, tmp_path, dpi=40, deck="green_blue", pdf=False).copies == 4 + 4 + 2
    with pytest.raises(DataError, match="no deck 'nope'"):
        export_cards(rs, tmp_path, dpi=40, deck="nope")


def test_fold_over_puts_the_backs_mirrored_beside_the_faces(designer_game, tmp_path):
    rs = load_ruleset_dir(designer_game)
    res = export_cards(rs, tmp_path, dpi=DPI, bleed_mm=3, fold=True, only=["bolt"], pdf=False)
    page = pygame.image.load(str(res.sheets[0]))
    sh = plan_sheet(PAGES_MM["a4"], (63, 88), DPI, 3, 5, False, half=True)
    assert sh.trim_at(0)[0] + sh.trim[0] + sh.bleed <= page.get_width() // 2   # faces left of the fold
    x, y = sh.trim_at(0, mirror=True)
    assert page.get_at((x + 10, y + 10))[:3] == (0x20, 0x30, 0x40)


def test_tts_sheet_has_at_most_ten_by_seven_faces_within_4096_px(designer_game, tmp_path):
    rs = load_ruleset_dir(designer_game)
    res = export_cards(rs, tmp_path, dpi=300, tts=True, pdf=False)
    deck, back = res.tts
    img = pygame.image.load(str(deck))
    assert deck.name == "deck-01-4x2-4cards.png"
    assert img.get_width() <= 4096 and img.get_height() <= 4096
    assert img.get_width() // 4 == pygame.image.load(str(back)).get_width()


def _validate(folder):
    return validate_report([folder])


def test_validate_fails_with_path_line_for_missing_art(designer_game, capsys):
    (designer_game / "assets" / "guard.png").unlink()
    (designer_game / "assets" / "hero.png").write_text("not a picture")
    assert cli.main(["validate", str(designer_game)]) == 1
    out = capsys.readouterr().out
    assert f"{designer_game / 'cards.yaml'}:2: card guard: art file 'guard.png' not found" in out
    assert "hero.png" in out and "cannot read the image" in out


def test_validate_warns_for_cut_text_missing_glyphs_overlaps_and_unknown_icons(designer_game):
    cards = (designer_game / "cards.yaml").read_text(encoding="utf-8")
    cards = cards.replace("1点回復する。", '"✕ {nosuchicon} ' + "とても長い効果文。" * 40 + '"')
    (designer_game / "cards.yaml").write_text(cards, encoding="utf-8")
    lay = (designer_game / "layout.yaml").read_text(encoding="utf-8")
    lay = lay.replace("rect: [4, 58, 55, 21]", "rect: [4, 54, 55, 25]")   # the text box now covers the name
    (designer_game / "layout.yaml").write_text(lay, encoding="utf-8")
    errors, warnings = _validate(designer_game)
    assert errors == []
    text = "\n".join(warnings)
    assert "cards.yaml:4: card mend: 'text' text is cut" in text
    assert "no font can draw ✕ (U+2715)" in text
    assert "unknown icon {nosuchicon}" in text
    assert "layout.yaml:9: region 'text' overlaps 'name' (line 8)" in text


def test_a_yaml_syntax_error_names_where_the_construct_began(designer_game):
    (designer_game / "cards.yaml").write_text('- {id: a, name: "unclosed, kind: unit}\n- {id: b}\n- {id: c}\n'
                                              "- {id: d}\n- {id: e}\n- {id: f}\n", encoding="utf-8")
    errors, _ = _validate(designer_game)
    assert any("at line 1)" in e for e in errors), errors


def test_an_icon_draws_at_text_height(designer_game):
    rs = load_ruleset_dir(designer_game)
    r = CardRenderer(rs)
    region = next(reg for reg in r.layout.for_kind("action").regions if reg.name == "text")
    s = r.region_text(region, rs.cards["bolt"])
    assert "{fire}" not in s and len(s) == len("xx 相手に2ダメージ。")
    face = r.print_face(rs.cards["bolt"], DPI)
    orange = sum(1 for x in range(face.get_width()) for y in range(mm_to_px(58, DPI), mm_to_px(62, DPI))
                 if sum(abs(a - b) for a, b in zip(face.get_at((x, y))[:3], (230, 90, 20))) < 40)
    assert orange > 20


def test_cards_cli_writes_everything_with_a_progress_bar(designer_game, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(cli, "_deferred", cli._deferred)
    import tabletop.engine.ruleset as rsmod
    monkeypatch.setattr(rsmod, "load_ruleset", lambda rid: load_ruleset_dir(designer_game))
    import tabletop.layout.export as ex
    monkeypatch.setattr(ex, "load_ruleset", lambda rid: load_ruleset_dir(designer_game))
    args = argparse.Namespace(ruleset="mine", out=str(tmp_path / "o"), dpi=40, sheet="letter", bleed=3.0,
                              crop_marks=True, only=None, margin=5.0, backs=True, fold=False, deck=None, tts=True,
                              workers=1, progress=True, csv=None)
    assert ex.run(args) == 0
    cap = capsys.readouterr()
    assert "pages: 100%" in cap.err and "mirrored for long-edge duplex" in cap.out and "Tabletop Simulator" in cap.out
