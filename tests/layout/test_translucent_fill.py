"""One renderer, one result (issue 35): a see-through fill (`#ffffffcc`) is blended over what lies under
it, the same in the studio's zoom (the face on a dark panel) and in print (flattened on white)."""
import pygame

from tabletop.engine.ruleset import load_ruleset_dir
from tabletop.layout import CardRenderer

LAYOUT = """\
card: {size_mm: [63, 88], dpi: 100, corner_mm: 0, background: "#000000"}
base:
  - {name: veil, type: frame, rect: [10, 10, 43, 30], shape: SHAPE, fill: "#ffffffcc"}
"""


def _renderer(folder, shape="rect"):
    (folder / "layout.yaml").write_text(LAYOUT.replace("SHAPE", shape), encoding="utf-8")
    rs = load_ruleset_dir(folder)
    return rs, CardRenderer(rs)


def _on(panel_rgb, face):
    out = pygame.Surface(face.get_size())
    out.fill(panel_rgb)
    out.blit(face, (0, 0))
    return out


def test_a_see_through_fill_is_blended_on_the_card_not_cut_through_it(sandbox_copy):
    rs, r = _renderer(sandbox_copy)
    card = rs.cards["spark"]
    zoom = r.face(card, 248)                       # what the studio shows (any size)
    printed = r.print_face(card, 100)              # what the export flattens on white
    x, y = zoom.get_width() // 2, round(zoom.get_height() * 25 / 88)
    assert zoom.get_at((x, y)).a == 255            # the card is opaque there
    dark, light = _on((30, 30, 30), zoom).get_at((x, y))[:3], _on((255, 255, 255), zoom).get_at((x, y))[:3]
    assert dark == light                           # the panel behind does not show through
    assert all(abs(v - 204) <= 3 for v in dark)    # 80 % white over the black card
    px, py = printed.get_width() // 2, round(printed.get_height() * 25 / 88)
    assert _on((255, 255, 255), printed).get_at((px, py))[:3] == dark


def test_every_shape_blends(sandbox_copy):
    for shape in ("rounded", "circle", "diamond", "hexagon"):
        rs, r = _renderer(sandbox_copy, shape)
        face = r.face(rs.cards["spark"], 248)
        c = face.get_at((face.get_width() // 2, round(face.get_height() * 25 / 88)))
        assert c.a == 255 and abs(c.r - 204) <= 3, shape
