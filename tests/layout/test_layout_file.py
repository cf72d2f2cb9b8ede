"""layout.yaml: reading, defaults, and clear `path:line` errors for broken files."""
import textwrap

import pytest

from tabletop.engine.errors import DataError, DataErrors
from tabletop.engine.ruleset import load_ruleset
from tabletop.layout import load_layout
from tabletop.layout.model import asset_path

GOOD = """\
card: {size_mm: [63, 88]}
base:
  - {name: name, type: text, field: name, rect: [5, 5, 50, 8], size: 10}
kinds:
  unit:
    regions:
      - {name: power, type: number, field: power, rect: [50, 75, 10, 10]}
"""


def write(folder, text):
    p = folder / "layout.yaml"
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return p


def errors_of(exc) -> list[str]:
    return [str(e) for e in exc.errors] if isinstance(exc, DataErrors) else [str(exc)]


def test_good_layout_merges_base_and_kind_regions(sandbox_copy):
    lay = load_layout(write(sandbox_copy, GOOD))
    unit = [r.name for r in lay.for_kind("unit").regions]
    action = [r.name for r in lay.for_kind("action").regions]
    assert unit[:2] == ["name", "power"] and "power" not in action
    assert unit[-1] == "manual" and action[-1] == "manual"   # a manual mark is always placed
    assert lay.size_mm == (63.0, 88.0) and lay.dpi == 300


def test_kind_region_overrides_base_region_by_name(sandbox_copy):
    lay = load_layout(write(sandbox_copy, GOOD + "  action:\n    regions:\n      - {name: name, size: 14}\n"))
    base_name = next(r for r in lay.for_kind("unit").regions if r.name == "name")
    own_name = next(r for r in lay.for_kind("action").regions if r.name == "name")
    assert (base_name.size, own_name.size) == (10, 14)
    assert own_name.rect == base_name.rect


@pytest.mark.parametrize("text, line, words", [
    ("card: {size_mm: [63, 88]\nbase: []\n", 2, "YAML syntax error"),
    ("card: {size_mm: [63, 88]}\nbase:\n  - {name: a, type: text, rect: [1, 1, 5, 5], colr: red}\n", 3, "unknown key"),
    ("base:\n  - {name: a, type: txt, rect: [1, 1, 5, 5]}\n", 2, "not one of"),
    ("base:\n  - {name: a, rect: [1, 1, 5, 5], color: reddish}\n", 2, "not a colour"),
    ("base:\n  - {name: a, rect: [50, 80, 20, 20]}\n", 2, "does not lie inside"),
    ("base:\n  - {name: a, rect: [1, 1, 5]}\n", 2, "expected [x, y, width, height]"),
    ("base:\n  - {name: a, field: powr, rect: [1, 1, 5, 5]}\n", 2, "no card field 'powr'"),
    ("kinds:\n  monster: {}\n", 2, "no card kind 'monster'"),
    ("base:\n  - {name: a, rect: [1, 1, 5, 5]}\n  - {name: a, rect: [1, 1, 5, 5]}\n", 3, "appears twice"),
    ("base:\n  - {name: a, rect: [1, 1, 5, 5], size: 6, min_size: 8}\n", 2, "min_size"),
    ("base:\n  - {name: a, rect: [1, 1, 5, 5],\n     emphasis: \"【】[\"}\n", 3, "pairs of opening and closing"),
])
def test_broken_layout_names_file_line_and_problem(sandbox_copy, text, line, words):
    path = write(sandbox_copy, text)
    with pytest.raises((DataError, DataErrors)) as ei:
        load_layout(path)
    msgs = errors_of(ei.value)
    assert any(m.startswith(f"{path}:{line}: ") and words in m for m in msgs), msgs


def test_every_problem_of_a_file_is_reported_at_once(sandbox_copy):
    path = write(sandbox_copy, "base:\n  - {name: a, rect: [1, 1, 5, 5], color: nope}\n"
                               "  - {name: b, rect: [1, 1, 5, 5], fill: nada}\n")
    with pytest.raises(DataErrors) as ei:
        load_layout(path)
    assert [e.line for e in ei.value.errors] == [2, 3]


def test_field_check_uses_the_kind_own_fields(sandbox_copy):
    # power exists on units only: on an action region it is a typo-like error.
    path = write(sandbox_copy, "kinds:\n  action:\n    regions:\n      - {name: p, field: power, rect: [1, 1, 5, 5]}\n")
    with pytest.raises(DataError, match=r":4: kinds.action.p: no card field 'power' on kind 'action'"):
        load_layout(path)


def test_art_paths_outside_assets_are_refused(tmp_path):
    (tmp_path / "assets").mkdir()
    assert asset_path(tmp_path, "a/b.png") == (tmp_path / "assets" / "a" / "b.png").resolve()
    for bad in ("../cards.yaml", "/etc/passwd", "x/../../ruleset.yaml", "C:/x.png"):
        with pytest.raises(ValueError, match="outside|absolute"):
            asset_path(tmp_path, bad)


def test_back_image_outside_assets_is_a_layout_error(sandbox_copy):
    path = write(sandbox_copy, "back:\n  image: ../../secret.png\n")
    with pytest.raises(DataError, match=r"layout.yaml:2: back.image: .*outside"):
        load_layout(path)


def test_every_shipped_layout_loads():
    from tabletop.engine.ruleset import ruleset_dir, ruleset_ids
    found = 0
    for rid in ruleset_ids():
        path = ruleset_dir(rid) / "layout.yaml"
        if path.exists():
            load_layout(path, load_ruleset(rid))
            found += 1
    assert found >= 2


def test_a_bad_base_region_is_reported_once_not_per_kind(sandbox_copy):
    path = write(sandbox_copy, "base:\n  - {name: a, rect: [60, 1, 5, 5]}\n  - {name: b}\n")
    with pytest.raises(DataErrors) as ei:
        load_layout(path)
    assert [str(e) for e in ei.value.errors] == [
        f"{path}:2: region 'a': rect [60, 1, 5, 5] does not lie inside the 63×88 mm card",
        f"{path}:3: region 'b': no rect [x, y, width, height]",
    ]
