"""Full-bleed art over the name (issue 35): regions are drawn by `z`, and a picture drawn over a text
region it covers is warned about by validate (and so the studio)."""
from tabletop.engine.ruleset import load_ruleset_dir
from tabletop.layout import CardRenderer
from tabletop.layout.checks import card_warnings
from tabletop.validate import validate_report

LAYOUT = """\
card: {size_mm: [63, 88], dpi: 150, corner_mm: 0, background: "#ffffff"}
base:
  - {name: name, type: text, field: name, rect: [4, 4, 55, 8], size: 11, color: "#000000", wrap: false}
  - {name: art, type: image, rect: [0, 0, 63, 88]Z}
"""


def _setup(folder, z: str):
    (folder / "layout.yaml").write_text(LAYOUT.replace("Z", z), encoding="utf-8")
    (folder / "assets").mkdir(exist_ok=True)
    import pygame
    art = pygame.Surface((63, 88))
    art.fill((0, 160, 0))
    pygame.image.save(art, str(folder / "assets" / "green.png"))
    cards = (folder / "cards.yaml").read_text(encoding="utf-8")
    (folder / "cards.yaml").write_text(cards.replace("id: spark,", "id: spark, art: green.png,"), encoding="utf-8")
    rs = load_ruleset_dir(folder)
    return rs, CardRenderer(rs)


def _dark_pixels_in_name(surf) -> int:
    w, h = surf.get_size()
    return sum(1 for x in range(int(w * 0.06), int(w * 0.9), 2) for y in range(int(h * 0.05), int(h * 0.13), 2)
               if sum(surf.get_at((x, y))[:3]) < 150)


def test_art_listed_after_the_name_covers_it_and_is_warned_about(sandbox_copy):
    rs, r = _setup(sandbox_copy, "")
    assert "spark" in rs.cards and rs.cards["spark"].art == "green.png"
    assert _dark_pixels_in_name(r.face(rs.cards["spark"], 189)) == 0    # the name is hidden
    warns = [w for w in card_warnings(rs, r) if "drawn over" in w]
    assert warns and all(w.startswith(f"{sandbox_copy / 'layout.yaml'}:4: image region 'art' is drawn over text "
                                      "region 'name' (line 3)") for w in warns)
    assert "give 'art' a lower z (z: -1)" in warns[0]
    _, warnings = validate_report([sandbox_copy])
    assert any("drawn over text region 'name'" in w for w in warnings)


def test_a_lower_z_draws_the_art_first_and_silences_the_warning(sandbox_copy):
    rs, r = _setup(sandbox_copy, ", z: -1")
    assert [x.name for x in r.layout.for_kind("unit").regions][:2] == ["art", "name"]
    assert _dark_pixels_in_name(r.face(rs.cards["spark"], 189)) > 20    # the name is on the art
    assert not [w for w in card_warnings(rs, r) if "drawn over" in w]


def test_z_must_be_a_number(sandbox_copy):
    (sandbox_copy / "layout.yaml").write_text(LAYOUT.replace("Z", ", z: top"), encoding="utf-8")
    problems, _ = validate_report([sandbox_copy])
    assert any(str(p).startswith(f"{sandbox_copy / 'layout.yaml'}:4:") and "z" in str(p) for p in problems), problems
