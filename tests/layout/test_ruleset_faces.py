"""Every shipped ruleset's cards: every text fits its region at or above the minimum size, no glyph is missing."""
import pytest

from tabletop.engine.errors import TabletopError
from tabletop.engine.ruleset import load_ruleset, ruleset_dir, ruleset_ids
from tabletop.layout import CardRenderer
from tabletop.layout import text as textmod


def _ids():
    return [rid for rid in ruleset_ids()]


def _renderer(rid):
    if not (ruleset_dir(rid) / "cards.yaml").exists():
        pytest.skip(f"{rid}: no cards.yaml yet")
    try:
        rs = load_ruleset(rid)
    except TabletopError as e:
        pytest.skip(f"{rid}: the ruleset does not load ({str(e)[:200]})")
    return rs, CardRenderer(rs)


@pytest.mark.parametrize("rid", _ids())
def test_every_card_text_fits_its_region(rid):
    rs, r = _renderer(rid)
    over = [f"{c.id} ({name}: {text[:30]!r})" for c in rs.cards.values() for name, text in r.overflows(c)]
    assert not over, f"{rid}: text cut at the minimum size on: " + "; ".join(over)


@pytest.mark.parametrize("rid", _ids())
def test_no_glyph_is_missing(rid):
    rs, r = _renderer(rid)
    missing = []
    for c in rs.cards.values():
        for region, s in r.texts(c):
            gone = textmod.missing_glyphs(s, region.weight)
            if gone:
                missing.append(f"{c.id}.{region.name}: {''.join(gone)}")
    assert not missing, f"{rid}: characters no font can draw: " + "; ".join(missing)


@pytest.mark.parametrize("rid", _ids())
def test_every_card_draws_at_table_size(rid):
    rs, r = _renderer(rid)
    for c in rs.cards.values():
        w, h = r.size_for(c, 126)
        assert r.face(c, 126).get_size() == (w, h)
    assert not r.problems, r.problems
