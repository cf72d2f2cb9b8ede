"""senkai's search (hard): what its rollouts see that greedy's one step cannot (docs/bots.md).

Measured (bench seeds 200/201, seats alternated): search won 41 of 60 senkai games against greedy at
3 iterations a move, 78 of 120 at 0.2 s a move (seeds 200/201 and 400/401) on a busy machine.
"""
from __future__ import annotations

import random

import pytest

from botcheck import seats_alternated
from senkai_positions import senkai_position
from tabletop.bots.evaluate import evaluate
from tabletop.bots.greedy import score_actions
from tabletop.bots.search import SearchBot
from tabletop.games.senkai.bot import evaluate_cutoff, rollout_actions
from tabletop.engine import Action, Game


def game(tmp_path, zones: dict, **kw) -> Game:
    """Start a senkai game from a position (P1 to act in turn 5's main phase unless told)."""
    return senkai_position(tmp_path, zones, **{"turn": 5, **kw})


def last_wall_position(tmp_path) -> Game:
    """P1 has one wall and a 木霊 to summon; P2's 猪武者 in its left lane faces P1's right lane and
    has nothing to summon next turn (no mana)."""
    return game(tmp_path, {"p1.walls": ["kodama"], "p1.hand": ["kodama"], "p1.mana": ["midori_no_maryoku"],
                           "p2.lane_left": ["inoshishi_musha"], "p2.mana_deck": []})


def test_sk_r21_search_summons_into_the_lane_that_shields_its_last_wall(tmp_path):
    g = last_wall_position(tmp_path)
    legal = g.legal_actions()
    lanes = {a["to"]: a for a in legal if a.kind == "play"}
    # One step ahead every lane is worth the same: greedy cannot tell the blocking lane (SK-D5:
    # P1's right lane faces P2's left) from the others, and picks among them at random.
    scores = {a["to"]: v for v, a, _ in score_actions(g, legal, 0) if a.kind == "play"}
    assert len(set(scores.values())) == 1, scores
    # The search's rollouts reach P2's attack: in any other lane 猪武者 breaks the last wall.
    for seed in range(4):
        bot = SearchBot(0, random.Random(seed), rounds=4)
        assert bot.choose(g.view(0), legal) == lanes["0.lane_right"], f"seed {seed}"


def test_sk_r22_cutoff_counts_the_attack_on_a_player_without_walls(tmp_path):
    # P2 to move: its 猪武者 faces P1's empty right lane, and P1 has no walls left: P1 is lost.
    g = game(tmp_path, {"p1.walls": [], "p2.lane_left": ["inoshishi_musha"]}, active="p2")
    assert evaluate_cutoff(g, 0) < evaluate(g, 0) - 30
    assert evaluate_cutoff(g, 1) > evaluate(g, 1) + 30
    # A monster of P1 in the facing lane blocks the attack (SK-R21): nothing changes.
    g = game(tmp_path, {"p1.walls": [], "p1.lane_right": ["kodama"], "p2.lane_left": ["inoshishi_musha"]},
             active="p2")
    assert evaluate_cutoff(g, 0) == pytest.approx(evaluate(g, 0))


def test_sk_r21_cutoff_breaks_a_wall_per_open_lane_and_two_with_siege(tmp_path):
    # P2 to move: 猪武者 (open lane) breaks one wall, 破城鬼 (破城, SK-D10) two, of P1's four.
    g = game(tmp_path, {"p2.lane_left": ["inoshishi_musha"], "p2.lane_center": ["hajouki"]}, active="p2")
    # 4 walls are worth 4·4 + 6 to their owner; one wall left, 4 + 6.
    assert evaluate_cutoff(g, 0) == pytest.approx(evaluate(g, 0) - 12.0)


def test_sk_d6_rollouts_pay_automatically_and_break_any_one_wall(tmp_path):
    g = game(tmp_path, {"p1.hand": ["inoshishi_musha"], "p1.mana": ["midori_no_maryoku", "aka_no_maryoku",
                                                                      "midori_no_maryoku"],
                        "p1.lane_left": ["kodama"]})
    g.apply(Action.make("play", 0, card=g.state.zones["0.hand"][0], to="0.lane_center"))
    assert g.state.pending[0]["kind"] == "pay"
    assert [a.kind for a in rollout_actions(g, g.legal_actions())] == ["pay_auto"]
    g.apply(Action.make("pay_auto", 0))
    g.apply(Action.make("attack", 0, card=g.state.zones["0.lane_left"][0], target_player=1))
    assert g.state.pending[0]["kind"] == "break_wall"
    walls = g.legal_actions()
    assert len(walls) == 4 and rollout_actions(g, walls) == walls[:1]


def test_sk_r21_rollouts_summon_into_the_empty_lane_that_blocks(tmp_path):
    # P2's 猪武者 in its right lane faces P1's left lane (SK-D5); P1's own 木霊 holds the centre.
    g = game(tmp_path, {"p1.hand": ["kodama"], "p1.mana": ["midori_no_maryoku"], "p1.lane_center": ["kodama"],
                        "p2.lane_right": ["inoshishi_musha"]})
    legal = g.legal_actions()
    kept = rollout_actions(g, legal)
    summons = [a["to"] for a in kept if a.kind == "play"]
    # One empty lane, the blocking one, and the summon onto the up 木霊 (SK-R15) that the evaluation does tell apart.
    assert summons == ["0.lane_left", "0.lane_center"]
    assert [a for a in legal if a.kind != "play"] == [a for a in kept if a.kind != "play"]


@pytest.mark.slow
def test_search_beats_greedy_in_senkai_with_seats_alternated():
    wins, decided = seats_alternated("senkai", "search", "greedy", seed=41, per_seat=15, rounds=4)
    assert decided >= 25
    assert wins >= 0.6 * decided, f"search won {wins} of {decided} decided games against greedy"
