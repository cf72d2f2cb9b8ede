"""Scenarios start a game mid-way; their errors name the file and line."""
import pytest

from tabletop.engine import DataError, DataErrors, Game


def test_scenario_sets_up_the_position(tmp_path):
    p = tmp_path / "s.yaml"
    p.write_text("ruleset: tiny\nturn: 5\nactive: p2\nplayers: {p1: {hp: 3}}\nzones:\n"
                 "  p2.board: [{card: four, tapped: true}]\n  p1.hand: [one, two]\n", encoding="utf-8")
    g = Game.from_scenario(p)
    s = g.state
    assert s.turn == 5 and s.active == 1 and s.players[0]["hp"] == 3
    (four,) = s.cards_in(1, "board")
    assert four.cid == "four" and four.tapped
    assert [c.cid for c in s.cards_in(0, "hand")] == ["one", "two"]


@pytest.mark.parametrize("body, expected", [
    ("ruleset: tiny\nzones:\n  p1.nowhere: [one]\n", ":3: zones: unknown zone 'p1.nowhere'"),
    ("ruleset: tiny\nzones:\n  p1.hand: [seven]\n", ":3: zones.0.hand: unknown card 'seven'"),
    ("ruleset: tiny\nturn: soon\n", ":2: turn: expected a whole number"),
    ("ruleset: tiny\nphase: lunch\n", ":2: phase: unknown phase 'lunch'"),
    ("ruleset: tiny\nweather: rain\n", ":2: weather: unknown key"),
])
def test_bad_scenario_names_file_line_and_problem(tmp_path, body, expected):
    p = tmp_path / "bad.yaml"
    p.write_text(body, encoding="utf-8")
    with pytest.raises((DataError, DataErrors)) as e:
        Game.from_scenario(p)
    text = str(e.value)
    assert f"{p}{expected}" in text, text
