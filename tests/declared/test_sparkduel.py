"""Spark Duel, declared under `rules:` in its ruleset.yaml: counters, costs, blocks and the win."""
from __future__ import annotations

from tabletop.engine import Action

from positions import position

DECKS = {"p1.deck": ["ash_pup"] * 5, "p2.deck": ["frost_mote"] * 5}


def game(tmp_path, players=None, **zones):
    return position(tmp_path, "sparkduel", {**DECKS, **zones},
                    players=players or {"p1": {"embers": 3, "embers_max": 3}, "p2": {}})


def test_sd_a1_a_creature_costs_embers_and_cannot_attack_the_turn_it_arrives(tmp_path):
    g = game(tmp_path, **{"p1.hand": ["magma_brute", "cinder_runner"]})
    brute, runner = g.state.zones["0.hand"]
    assert str(g.why_not(Action.make("summon", 0, card=brute, to="0.field"))) == \
        "it costs 5 Embers and you have 3 (A1)"
    g.apply(Action.make("summon", 0, card=runner, to="0.field"))
    assert g.state.players[0]["embers"] == 1
    why = g.why_not(Action.make("attack", 0, card=runner, target_player=1))
    assert str(why) == "it entered play this turn and cannot attack yet (A3)"


def test_sd_a3_the_defender_blocks_or_takes_the_hit_and_w1_ends_the_game(tmp_path):
    g = game(tmp_path, players={"p1": {}, "p2": {"hp": 3}},
             **{"p1.field": ["magma_brute"], "p2.field": ["rime_sentry"]})
    brute = g.state.zones["0.field"][0]
    sentry = g.state.zones["1.field"][0]
    g.apply(Action.make("attack", 0, card=brute, target_player=1))
    assert g.to_act == 1
    assert set(g.legal_actions()) == {Action.make("block", 1, card=sentry), Action.make("no_block", 1)}
    g.apply(Action.make("block", 1, card=sentry))
    assert g.state.cards[sentry].zone == "1.discard"        # 5 damage against 4 HP
    assert g.state.cards[brute].counters.get("damage") == 1  # it struck back
    assert g.outcome() is None
    # next attack, nobody to block: 5 damage against 3 life
    g2 = game(tmp_path, players={"p1": {}, "p2": {"hp": 3}}, **{"p1.field": ["magma_brute"]})
    brute = g2.state.zones["0.field"][0]
    g2.apply(Action.make("attack", 0, card=brute, target_player=1))
    out = g2.outcome()
    assert out.winner == 0 and out.reason.endswith("(W1)") and g2.state.players[1]["hp"] == -2


def test_sd_a5_burning_a_card_gives_one_ember_once_per_turn(tmp_path):
    g = game(tmp_path, players={"p1": {"embers": 0}, "p2": {}}, **{"p1.hand": ["ash_pup", "ash_pup"]})
    a, b = g.state.zones["0.hand"]
    g.apply(Action.make("burn", 0, card=a))
    assert g.state.players[0]["embers"] == 1 and g.state.cards[a].zone == "0.discard"
    assert str(g.why_not(Action.make("burn", 0, card=b))) == "once per turn (A5)"


def test_sd_t3_t4_the_ember_limit_grows_to_8_and_embers_refill_each_turn(tmp_path):
    g = game(tmp_path, players={"p1": {"embers": 0, "embers_max": 8}, "p2": {"embers": 0, "embers_max": 2}})
    g.apply(Action.make("end_phase", 0))
    assert g.state.active == 1 and g.state.phase == "main"
    assert g.state.players[1]["embers_max"] == 3 and g.state.players[1]["embers"] == 3
    g.apply(Action.make("end_phase", 1))
    assert g.state.players[0]["embers_max"] == 8 and g.state.players[0]["embers"] == 8


def test_sd_w2_drawing_from_an_empty_deck_loses(tmp_path):
    g = position(tmp_path, "sparkduel", {"p1.deck": ["ash_pup"], "p2.deck": []})
    g.apply(Action.make("end_phase", 0))
    out = g.outcome()
    assert out is not None and out.winner == 0 and out.reason.endswith("(W2)")
