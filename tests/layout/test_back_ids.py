"""The back ids a view gives hidden cards (engine/backs.py) match the backs the renderer draws: kinds with
one back id look alike, kinds with different ids do not, and `back(w, back_id=...)` draws that back."""
import pytest

from tabletop.engine import load_ruleset, ruleset_ids
from tabletop.engine.backs import back_groups
from tabletop.engine.ruleset import load_ruleset_dir
from tabletop.layout import CardRenderer


def _pixels(surf):
    return surf.get_view("2").raw


def _check(rs):
    r = CardRenderer(rs)
    kinds = list(rs.card_kinds)
    groups = back_groups(rs.path, kinds)
    drawn = {k: _pixels(r.back(60, kind=k)) for k in kinds}
    if not groups:   # one back: every kind looks alike, and a back id changes nothing
        assert len(set(drawn.values())) == 1, rs.id
        assert _pixels(r.back(60, back_id=None)) == drawn[kinds[0]]
        return
    for a in kinds:
        for b in kinds:
            same = groups[a] == groups[b]
            assert (drawn[a] == drawn[b]) == same, f"{rs.id}: {a} / {b} back ids {groups[a]}, {groups[b]}"
    for k in kinds:
        assert _pixels(r.back(60, back_id=groups[k])) == drawn[k]


@pytest.mark.parametrize("rid", ruleset_ids())
def test_back_ids_match_the_drawn_backs_of_every_ruleset(rid):
    _check(load_ruleset(rid))


def test_back_ids_match_the_drawn_backs_of_a_designers_game(designer_game):
    rs = load_ruleset_dir(designer_game)
    assert back_groups(rs.path, list(rs.card_kinds)) == {"unit": 0, "action": 1, "token": 0}   # a picture, a drawn back
    _check(rs)
