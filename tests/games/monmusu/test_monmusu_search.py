"""monmusu's search (hard): how its rollouts are kept cheap (tabletop/games/monmusu/bot.py,
docs/bots.md) without changing what greedy plays.

Measured (seats alternated, one worker, load 3-4.6 on two cores): search won 144 of 200 monmusu games
against greedy at 0.2 s a move (seeds 200 to 1000), 29 of 40 at a fixed 2 iterations a move; before
these rollouts it made a median 2 iterations a decision and won 113 of 200.
"""
from __future__ import annotations

import sys
from pathlib import Path

from tabletop.bots.evaluate import evaluator_of, hints_of
from tabletop.games.monmusu import bot as monmusu_eval
from tabletop.games.monmusu.bot import ROLLOUT_DECK, rollout_actions, rollout_game, search_actions
from tabletop.engine import Game

from monmusu_helpers import act, paying, position, uid  # noqa: E402


def test_mm_r44_greedy_keeps_the_controllers_evaluation(tmp_path):
    g = position(tmp_path, {"p1.main1": ["hinoko_1"], "p2.main1": ["nemu_1"]})
    assert evaluator_of(g.ruleset) is monmusu_eval.evaluate_position
    assert monmusu_eval.evaluate_position.__module__ == "tabletop.games.monmusu.bot"
    assert hints_of(g.ruleset).rollout_actions is rollout_actions and hints_of(g.ruleset).rollout_game is rollout_game


def attack_position(tmp_path) -> Game:
    """P1's cast phase: two recast attackers; P2 has two sub monsters (POW 150 and 200) in front of its mains."""
    return position(tmp_path, {"p1.main1": ["hinoko_3"], "p1.main2": ["sara_3"],
                               "p2.sub1": ["hinoko_1"], "p2.sub2": ["sara_1"],
                               "p2.main1": ["minamo_1"], "p2.main2": ["volca_1"],
                               "p1.deck": ["kino_1"] * 3, "p2.deck": ["kino_1"] * 3})


def test_mm_r28_rollout_attacks_each_attackers_weakest_target(tmp_path):
    g = attack_position(tmp_path)
    legal = g.legal_actions()
    attacks = [a for a in legal if a.kind == "attack"]
    assert len(attacks) == 4                    # two attackers, two sub monsters each
    kept = [a for a in rollout_actions(g, legal) if a.kind == "attack"]
    weak = uid(g, "hinoko_1", "1.sub1")
    assert sorted(a["card"] for a in kept) == sorted({a["card"] for a in attacks})
    assert all(a["target"] == weak for a in kept)
    ends = [a.kind for a in rollout_actions(g, legal) if a.kind in ("end_phase", "end_turn")]
    assert ends == ["end_phase"]                # in the cast phase both enter the end phase (MM-R17)


def test_mm_r28_rollout_keeps_a_direct_attack(tmp_path):
    g = position(tmp_path, {"p1.main1": ["hinoko_3"], "p2.mana": ["shadow_bite"],
                            "p1.deck": ["kino_1"] * 3, "p2.deck": ["kino_1"] * 3})
    legal = g.legal_actions()
    direct = [a for a in legal if a.kind == "attack" and a.get("target_player") == 1]
    assert direct and [a for a in rollout_actions(g, legal) if a.kind == "attack"] == direct


def test_mm_r14_search_charges_each_card_name_once(tmp_path):
    g = position(tmp_path, {"p1.main1": ["hinoko_1"], "p1.hand": ["hinoko_3", "hinoko_3", "minamo_1"],
                            "p2.main1": ["nemu_1"]}, phase="charge")
    legal = g.legal_actions()
    assert sum(a.kind == "charge" for a in legal) == 3
    for narrowed in (rollout_actions(g, legal), search_actions(g, legal)):
        charged = [g.state.cards[a["card"]].cid for a in narrowed if a.kind == "charge"]
        assert sorted(charged) == ["hinoko_3", "minamo_1"]


def test_mm_d9_rollout_pays_mana_the_suggested_way(tmp_path):
    g = position(tmp_path, {"p1.main1": ["hinoko_1"], "p1.hand": ["ifri_2"],
                            "p1.mana": ["heat_up", "hinoko_1", "minamo_1", "sara_1"], "p2.main1": ["nemu_1"]},
                 phase="home")
    summon = next(a for a in g.legal_actions() if a.kind == "summon")
    g.apply(summon)
    assert paying(g) is not None
    legal = g.legal_actions()
    assert len(legal) > 1
    assert [a.kind for a in rollout_actions(g, legal)] == ["pay_mana"]


def test_mm_r5_rollout_game_keeps_the_top_of_each_deck(tmp_path):
    deck = ["kino_1", "hinoko_1", "sara_1", "minamo_1", "volca_1", "ruruka_1", "hinoko_3", "sara_3", "minamo_3"]
    g = position(tmp_path, {"p1.main1": ["hinoko_1"], "p2.main1": ["nemu_1"], "p1.deck": deck, "p2.deck": deck[:4]})
    top = g.state.zones["0.deck"][-ROLLOUT_DECK:]
    cut = g.state.zones["0.deck"][:-ROLLOUT_DECK]
    short = list(g.state.zones["1.deck"])
    rollout_game(g)
    assert g.state.zones["0.deck"] == top and g.state.zones["1.deck"] == short
    assert all(u not in g.state.cards for u in cut)
    act(g, "end_turn")                          # P2 draws its top card (MM-R13)
    assert g.state.turn == 4 and len(g.state.zones["1.hand"]) == 1


def test_mm_r7_rollout_game_leaves_the_deck_whole_during_setup(tmp_path):
    g = Game.new("monmusu", seed=3)
    n = len(g.state.zones["0.deck"])
    assert g.state.phase == "setup" and n > ROLLOUT_DECK
    rollout_game(g)
    assert len(g.state.zones["0.deck"]) == n


def offered(g, cid: str):
    """Play answers until `cid`'s triggered skill is offered; return the offer's legal answers."""
    for _ in range(20):
        s = g.state
        if s.pending and s.pending[0]["kind"] == "skill_offer" and s.cards[s.pending[0]["card"]].cid == cid:
            return g.legal_actions()
        act(g, "pass_skill" if s.pending and s.pending[0]["kind"] == "skill_offer" else "pay_mana"
            if s.pending else "end_phase")
    raise AssertionError(f"no offer of {cid}")


def test_mm_r3_rollout_uses_a_free_triggered_skill_unscored(tmp_path):
    # nemu_1 (POW 150) beats doryu_1 (POW 130): its [誘発] after winning gains 50 HP at no cost
    g = position(tmp_path, {"p1.main1": ["nemu_1"], "p2.sub1": ["doryu_1"], "p2.main1": ["minamo_1"],
                            "p1.deck": ["kino_1"] * 3, "p2.deck": ["kino_1"] * 3})
    g.apply(next(a for a in g.legal_actions() if a.kind == "attack" and a.get("target") is not None))
    legal = offered(g, "nemu_1")
    assert sorted(a.kind for a in legal) == ["pass_skill", "use_skill"]
    assert [a.kind for a in rollout_actions(g, legal)] == ["use_skill"]


def test_mm_r3_rollout_scores_a_triggered_skill_with_a_cost(tmp_path):
    # ruruka_2's [誘発] before battle costs 1 mana (bounce a foe): used or not is scored
    g = position(tmp_path, {"p1.main1": ["ruruka_2"], "p1.mana": ["minamo_1", "minamo_1"],
                            "p2.sub1": ["hinoko_1"], "p2.main1": ["minamo_1"],
                            "p1.deck": ["kino_1"] * 3, "p2.deck": ["kino_1"] * 3})
    g.apply(next(a for a in g.legal_actions() if a.kind == "attack"))
    legal = offered(g, "ruruka_2")
    assert sorted(a.kind for a in rollout_actions(g, legal)) == ["pass_skill", "use_skill"]
