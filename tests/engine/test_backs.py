"""A card's back is public (issue 35): a hidden card's view carries the id of its back design, and nothing
more; kinds that share a back design share the id, and a ruleset whose kinds share one back gives none."""
import shutil
from pathlib import Path

import pytest

from tabletop.engine import Game, load_ruleset, ruleset_ids
from tabletop.engine.backs import back_designs, back_groups
from tabletop.engine.ruleset import load_ruleset_dir

ROOT = Path(__file__).resolve().parents[2]
SINGLE_BACK = ["danmaku", "ijinden", "monmusu", "ramparts", "sandbox", "sparkduel"]


def _entry(cv):
    return {"cid": cv.cid, "owner": cv.owner, "zone": cv.zone, "face_up": cv.face_up, "tapped": cv.tapped,
         "counters": cv.counters, "flags": cv.flags, "stats": cv.stats, "back": cv.back}


def test_backs_senkai_mana_deck_has_its_own_back_the_main_deck_kinds_share_one():
    rs = load_ruleset("senkai")
    groups = back_groups(rs.path, list(rs.card_kinds))
    assert groups["monster"] == groups["spell"] == groups["enchantment"] != groups["mana"]
    assert sorted(set(groups.values())) == [0, 1]     # numbers of designs, not kinds or card ids


def test_backs_fourdeck_spell_deck_has_its_own_back():
    rs = load_ruleset("fourdeck")
    groups = back_groups(rs.path, list(rs.card_kinds))
    assert groups["unit"] != groups["spell"]


@pytest.mark.parametrize("rid", SINGLE_BACK)
def test_backs_a_ruleset_with_one_back_gives_no_back_ids(rid):
    assert rid in ruleset_ids()
    rs = load_ruleset(rid)
    assert rs.back_ids() == {}
    g = Game.new(rid, seed=1)
    for p in (0, 1):
        assert all(c.back is None for z in g.view(p).zones.values() for c in z)


def test_backs_hidden_cards_of_one_back_have_identical_view_entries():
    # P1 sees P2's hand as backs: a monster and a spell (one back) read the same, whatever their ids
    # and kinds; the mana deck's top shows the mana back, the main deck's top the main back.
    g = Game.new("senkai", seed=4)      # P2's first hand: monsters, spells and an enchantment
    rs, s = g.ruleset, g.state
    backs = rs.back_ids()
    v = g.view(0)
    hand = v.zone(1, "hand")
    assert hand and all(c.cid is None and c.uid is None for c in hand)
    real = [s.cards[u] for u in s.zones["1.hand"]]
    assert {c.back for c in hand} == {backs[real[0].cid]}
    kinds = {rs.cards[c.cid].kind for c in real}
    assert len(kinds) > 1, "the hand should hold cards of two kinds sharing one back"
    assert len({repr(_entry(c)) for c in hand}) == 1
    for seat in (0, 1):
        for p in (0, 1):
            deck, mana = g.view(seat).zone(p, "deck"), g.view(seat).zone(p, "mana_deck")
            assert deck[-1].back == backs[s.cards[s.zones[f"{p}.deck"][-1]].cid]
            assert mana[-1].back == backs[s.cards[s.zones[f"{p}.mana_deck"][-1]].cid] != deck[-1].back
            # Below the top a pile's backs do not show: they would tell the pile's order.
            assert all(c.back is None for c in deck[:-1] + mana[:-1])
    # A face-down wall (from the main deck) and a card seen by its owner carry their back too.
    assert all(c.back == backs[s.cards[u].cid] for c, u in zip(v.zone(1, "walls"), s.zones["1.walls"]))
    assert all(c.back == backs[c.cid] for c in v.zone(0, "hand"))


def _game_with_layout(tmp_path, layout: str) -> Path:
    folder = tmp_path / "game"
    shutil.copytree(ROOT / "rulesets" / "sandbox", folder)
    (folder / "layout.yaml").write_text(layout, encoding="utf-8")
    return folder


def _one_back(folder):
    designs = back_designs(folder, ["unit", "action"])
    assert set(designs) == {"unit", "action"}, "the layout loads: its backs are compared, not skipped"
    assert designs["unit"] == designs["action"]
    assert back_groups(folder, ["unit", "action"]) == {}


def test_backs_kinds_with_equal_back_designs_share_one_id(tmp_path):
    # Two kinds that each name a back, the same design: one back, so no back ids at all.
    folder = _game_with_layout(tmp_path, "kinds:\n  unit: {back: {background: '#203040', text: X}}\n"
                                         "  action: {back: {background: '#203040', text: X}}\n"
                                         "  token: {back: {background: '#203040', text: X}}\n")
    _one_back(folder)
    assert load_ruleset_dir(folder).back_ids() == {}
    # What a picture hides does not count: the title under it.
    folder = _game_with_layout(tmp_path / "b", "back: {image: back.png}\nkinds:\n  action: {back: {text: Y}}\n")
    _one_back(folder)
    # Regions alike but for their names and notes: one back.
    region = "type: text, text: A, rect: [5, 5, 20, 8]"
    folder = _game_with_layout(tmp_path / "c", f"kinds:\n  unit: {{back: {{regions: [{{{region}, name: u}}]}}}}\n"
                                                f"  action: {{back: {{regions: [{{{region}, name: a, doc: x}}]}}}}\n")
    _one_back(folder)
    # A different colour, size or drawn region is another back.
    for kinds in ("  action: {back: {background: '#102030'}}", "  action: {size_mm: [44, 63]}",
                  "  action:\n    back:\n      regions: [{name: l, type: text, text: A, rect: [5, 5, 20, 8]}]"):
        folder = _game_with_layout(tmp_path / str(len(kinds)), f"kinds:\n{kinds}\n")
        assert back_groups(folder, ["unit", "action"]) == {"unit": 0, "action": 1}, kinds


def test_backs_a_back_that_shows_the_card_is_the_kinds_own(tmp_path):
    # Back regions that read the card (its kind label) draw differently per kind: distinct backs.
    region = "[{name: k, type: text, field: kind_label, rect: [5, 5, 40, 8]}]"
    folder = _game_with_layout(tmp_path, f"back: {{regions: {region}}}\n")
    assert back_groups(folder, ["unit", "action"]) == {"unit": 0, "action": 1}


def test_backs_a_layout_that_does_not_load_gives_no_back_ids(tmp_path):
    folder = _game_with_layout(tmp_path, "kinds: [unclosed\n")
    assert back_groups(folder, ["unit", "action"]) == {}
    (folder / "layout.yaml").unlink()
    assert back_groups(folder, ["unit", "action"]) == {}
