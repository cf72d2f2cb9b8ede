"""Ramparts, declared in YAML only: its rules as the declared controller enforces them (ids R1–R17 of
rulesets/ramparts/rules.yaml)."""
from __future__ import annotations

from tabletop.engine import Action

from positions import position

WALLS = {"p1.walls": [{"card": "quarry_guard", "face_up": False}] * 4,
         "p2.walls": [{"card": "gale_rider", "face_up": False}] * 4,
         "p1.deck": ["mason"] * 5, "p2.deck": ["reed_spy"] * 5}


def game(tmp_path, **zones):
    return position(tmp_path, "ramparts", {**WALLS, **zones})


def legal(g, kind):
    return [a for a in g.legal_actions() if a.kind == kind]


def test_rp_r2_setup_puts_four_walls_face_down_hidden_from_both():
    from tabletop.engine import Game
    g = Game.new("ramparts", seed=3)
    for p in (0, 1):
        walls = g.state.zones[f"{p}.walls"]
        assert len(walls) == 4
        for viewer in (0, 1):
            assert all(cv.cid is None for cv in g.view(viewer).zones[f"{p}.walls"])


def test_rp_r14_a_soldier_attacks_only_the_soldier_across_the_table_left_facing_right(tmp_path):
    g = game(tmp_path, **{"p1.lane_left": ["gale_rider"], "p2.lane_right": ["kite_scout"],
                          "p2.lane_left": ["reed_spy"]})
    me = g.state.zones["0.lane_left"][0]
    facing, other = g.state.zones["1.lane_right"][0], g.state.zones["1.lane_left"][0]
    assert Action.make("attack", 0, card=me, target=facing) in g.legal_actions()
    why = g.why_not(Action.make("attack", 0, card=me, target=other))
    assert why is not None and str(why).endswith("(R14)")
    # the facing soldier stands in the way of the player
    why = g.why_not(Action.make("attack", 0, card=me, target_player=1))
    assert str(why) == "an opposing card in Right lane stands in the way (R14)"


def test_rp_r14_an_unblocked_attack_breaks_the_top_wall_face_up_into_the_discard(tmp_path):
    g = game(tmp_path, **{"p1.lane_center": ["ram_crew"]})
    me = g.state.zones["0.lane_center"][0]
    g.apply(Action.make("attack", 0, card=me, target_player=1))
    assert len(g.state.zones["1.walls"]) == 3
    broken = g.state.zones["1.discard"][-1]
    assert g.state.cards[broken].face_up and g.state.cards[broken].cid == "gale_rider"
    assert g.state.cards[me].tapped


def test_rp_r16_an_attack_on_a_player_with_no_walls_wins(tmp_path):
    g = game(tmp_path, **{"p1.lane_center": ["ram_crew"], "p2.walls": []})
    me = g.state.zones["0.lane_center"][0]
    g.apply(Action.make("attack", 0, card=me, target_player=1))
    out = g.outcome()
    assert out is not None and out.winner == 0 and "(R16)" in out.reason


def test_rp_r12_a_soldier_costs_its_cost_in_tapped_supply_with_one_of_its_colour(tmp_path):
    g = game(tmp_path, **{"p1.hand": ["gale_rider", "ram_crew"],
                          "p1.supply": [{"card": "quarry_guard"}, {"card": "mason"}]})
    rider, crew = g.state.zones["0.hand"]
    why = g.why_not(Action.make("deploy", 0, card=rider, to="0.lane_left"))
    assert str(why) == "one card you tap must be Wind (R12)"
    why = g.why_not(Action.make("deploy", 0, card=crew, to="0.lane_left"))
    assert str(why) == "it costs 4 and you have 2 untapped cards in Supply (R12)"


def test_rp_r11_one_card_a_turn_goes_into_the_supply(tmp_path):
    g = game(tmp_path, **{"p1.hand": ["mason", "mason"]})
    first = legal(g, "supply")[0]
    g.apply(first)
    left = g.state.zones["0.hand"][0]
    why = g.why_not(Action.make("supply", 0, card=left, to="0.supply"))
    assert str(why) == "once per turn (R11)"


def test_rp_r15_a_soldier_shifts_to_an_empty_lane_and_taps(tmp_path):
    g = game(tmp_path, **{"p1.lane_left": ["mason"], "p1.lane_center": ["mason"]})
    u = g.state.zones["0.lane_left"][0]
    why = g.why_not(Action.make("shift", 0, card=u, to="0.lane_center"))
    assert str(why) == "Center lane is full (1 at most) (R15)"
    g.apply(Action.make("shift", 0, card=u, to="0.lane_right"))
    assert g.state.cards[u].zone == "0.lane_right" and g.state.cards[u].tapped


def test_rp_r10_the_hand_limit_asks_the_turn_player_to_discard(tmp_path):
    g = game(tmp_path, **{"p1.hand": ["mason"] * 8})
    g.apply(Action.make("end_phase", 0))
    assert g.to_act == 0 and {a.kind for a in g.legal_actions()} == {"discard_down"}
    while g.to_act == 0:
        g.apply(g.legal_actions()[0])
    assert len(g.state.zones["0.hand"]) == 6 and g.state.active == 1


def test_rp_r11_a_card_put_into_the_supply_does_not_fire_its_effects(tmp_path):
    g = game(tmp_path, **{"p1.hand": ["mason"]})
    hand = len(g.state.zones["0.hand"])
    g.apply(legal(g, "supply")[0])
    assert len(g.state.zones["0.hand"]) == hand - 1       # Mason's "when deployed: draw" did not fire


def test_rp_r12_a_deployed_soldier_fires_its_enter_effect(tmp_path):
    g = game(tmp_path, **{"p1.hand": ["mason"], "p1.supply": ["quarry_guard", "sling_boy"]})
    g.apply(legal(g, "deploy")[0])
    assert len(g.state.zones["0.hand"]) == 1 and g.state.cards[g.state.zones["0.hand"][0]].cid == "mason"
