"""More of what validate catches, custom fonts and fixed layers."""
import importlib.resources
import shutil

import pygame

from tabletop.engine.ruleset import load_ruleset_dir
from tabletop.layout import CardRenderer
from tabletop.layout import text as textmod
from tabletop.validate import validate_report


def test_a_missing_back_image_and_a_missing_layer_are_errors(designer_game):
    (designer_game / "assets" / "back.png").unlink()
    (designer_game / "assets" / "frame.png").unlink()
    errors, _ = validate_report([designer_game])
    assert any("back.image" in e and "back.png" in e and "file not found" in e for e in errors), errors
    assert any("layout.yaml:6: region 'frame': src" in e and "file not found" in e for e in errors), errors


def test_text_shrunk_to_its_minimum_and_an_empty_kind_are_warned(designer_game):
    cards = designer_game / "cards.yaml"
    original = cards.read_text(encoding="utf-8")
    found = []
    for n in range(16, 40):   # longer and longer text: it shrinks to its minimum size before it is cut
        cards.write_text(original.replace("1点回復する。", "1点回復する。" * n), encoding="utf-8")
        warnings = "\n".join(validate_report([designer_game])[1])
        if "card mend: 'text' text is cut" in warnings:
            break
        if "card mend: 'text' text only fits shrunk to its minimum size 6 pt" in warnings:
            found.append(n)
    assert found, "no length gave the shrunk warning before the cut one"
    lay = designer_game / "layout.yaml"
    lay.write_text(lay.read_text(encoding="utf-8").replace("kinds:\n", "kinds:\n  unit: {hide: [art, frame, band, name, text]}\n"),
                   encoding="utf-8")
    errors, warnings = validate_report([designer_game])
    text = "\n".join(warnings)
    assert errors == []
    assert "kind 'unit': the layout draws nothing but the background" in text


def test_a_layouts_own_font_comes_first_and_noto_fills_in(designer_game):
    fira = importlib.resources.files("pygame_gui.data") / "FiraCode-Regular.ttf"
    (designer_game / "assets" / "fonts").mkdir()
    shutil.copy(fira, designer_game / "assets" / "fonts" / "mine.ttf")
    lay = designer_game / "layout.yaml"
    lay.write_text("fonts: {regular: fonts/mine.ttf}\n" + lay.read_text(encoding="utf-8"), encoding="utf-8")
    rs = load_ruleset_dir(designer_game)
    r = CardRenderer(rs)
    w = r._weights["regular"]
    assert w.endswith("mine.ttf") and r._weights["bold"].endswith("mine.ttf")
    assert textmod.fonts(w)[0].path.endswith("mine.ttf")
    assert textmod._font_index("a", w) == 0          # Latin from the layout's font
    assert textmod._font_index("あ", w) == 1         # kana from Noto Sans JP, next in the chain
    assert textmod.missing_glyphs("あa", w) == []


def test_a_fixed_layer_draws_the_same_file_on_every_card(designer_game):
    rs = load_ruleset_dir(designer_game)
    r = CardRenderer(rs)
    gold = (250, 210, 90)
    for cid in ("hero", "mend"):
        face = r.print_face(rs.cards[cid], 100)
        x, y = round(2.4 / 25.4 * 100), round(20 / 25.4 * 100)   # on the frame's left edge
        assert max(abs(a - b) for a, b in zip(face.get_at((x, y))[:3], gold)) < 40, cid
    assert isinstance(face, pygame.Surface)


def test_tabletops_own_icons_serve_every_ruleset(designer_game):
    (designer_game / "assets" / "icons" / "fire.png").unlink()   # the game's own fire icon gone: tabletop's is used
    rs = load_ruleset_dir(designer_game)
    r = CardRenderer(rs)
    assert r.icons.path("fire") == textmod.ICON_ROOT / "fire.png"
    assert r.icons.unknown("{star}{heart}{coin}{sword}{shield}{leaf}{water}{fire}") == []
    assert r.unknown_icons(rs.cards["bolt"]) == []
