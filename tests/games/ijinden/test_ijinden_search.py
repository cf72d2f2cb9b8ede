"""ijinden's search (hard): what its rollouts see that greedy's one step cannot, and how they are kept
cheap (tabletop/games/ijinden/bot.py, docs/bots.md).

Measured (seats alternated, one worker): search won 137 of 200 ijinden games against greedy at 0.2 s
a move (seeds 200 to 1000, load 2-7 on two cores), 28 of 40 at a fixed 12 iterations a move; before
these rollouts it made one iteration a move at the median and won about half.
"""
from __future__ import annotations

import random

import pytest

from botcheck import seats_alternated
from ijinden_positions import ijinden_position
from tabletop.bots import make_bot
from tabletop.bots.evaluate import evaluate, evaluator_of
from tabletop.bots.greedy import score_actions
from tabletop.bots.search import SearchBot
from tabletop.games.ijinden import bot as ijinden_eval
from tabletop.games.ijinden.bot import (block_answer, coming_battle, evaluate_cutoff, rollout_actions,
                                               rollout_game, search_actions)
from tabletop.engine import Action, Game
from tabletop.sim import Job, run_games


def game(tmp_path, zones: dict, **kw) -> Game:
    """Start an ijinden game from a position (see ijinden_position); decks of 10 stones unless told."""
    return ijinden_position(tmp_path, zones, **{"deck": 10, **kw})


def find(g, cid: str, zone: str) -> int:
    return next(u for u in g.state.zones[zone] if g.state.cards[u].cid == cid)


def act(g, kind: str, **kw):
    g.apply(Action.make(kind, g.to_act, **kw))


def test_ijinden_uses_its_own_eval_module(tmp_path):
    assert evaluator_of(game(tmp_path, {}).ruleset) is ijinden_eval.evaluate_position


def counterattack_position(tmp_path) -> Game:
    """P1 has two Ijin and one guardian; P2 has three Ijin awake and four guardians."""
    return game(tmp_path, {"p1.battlefield": ["r_tomoe", "r_yoshitsune"], "p1.guardians": ["r_stone"],
                           "p2.battlefield": ["b_archimedes", "b_newton", "g_hokusai"],
                           "p2.guardians": ["r_stone"] * 4})


def test_ij_r22_search_keeps_its_blockers_for_the_counterattack(tmp_path):
    g = counterattack_position(tmp_path)
    legal = g.legal_actions()
    end = Action.make("end_phase", 0)
    assert end in legal
    # One step ahead an attack only adds pressure: greedy attacks, and an attacker stays tapped
    # through P2's turn (IJ-R7, IJ-R17), so P2's three Ijin then meet two blockers (IJ-R22).
    scores = {a: v for v, a, _ in score_actions(g, legal, 0)}
    assert max(scores, key=scores.get).kind == "attack"
    # The search's rollouts stop as P2's turn begins and see that battle: it keeps both Ijin home.
    for seed in range(3):
        bot = SearchBot(0, random.Random(seed), rounds=4)
        assert bot.choose(g.view(0), legal) == end, f"seed {seed}"


def test_ij_r22_cutoff_scores_more_attackers_than_blockers_as_lost(tmp_path):
    g = counterattack_position(tmp_path)
    assert coming_battle(g) == 3 + 4 - 2      # P2's 3 Ijin and 4 guardians against P1's 2 attackers
    g.apply(Action.make("end_phase", 0))      # P2's turn: three attackers, P1 has 2 Ijin + 1 guardian
    assert coming_battle(g) == 0
    assert evaluate_cutoff(g, 0) == pytest.approx(evaluate(g, 0) - ijinden_eval.EVEN)
    g2 = counterattack_position(tmp_path)
    g2.state.cards[find(g2, "r_tomoe", "0.battlefield")].tapped = True   # as if it had attacked
    g2.apply(Action.make("end_phase", 0))
    assert coming_battle(g2) == -1
    assert evaluate_cutoff(g2, 0) == pytest.approx(evaluate(g2, 0) - ijinden_eval.LOST)
    assert evaluate_cutoff(g2, 1) == pytest.approx(evaluate(g2, 1) + ijinden_eval.LOST)


def test_ij_r31_cutoff_counts_two_blockers_for_double_pressure(tmp_path):
    # 織田信長 (ダブルプレッシャー) needs two blockers: P2's one guardian and one Ijin are exactly enough.
    g = game(tmp_path, {"p1.battlefield": ["r_nobunaga"], "p2.battlefield": ["b_newton"],
                        "p2.guardians": ["r_stone"]})
    assert coming_battle(g) == 0
    g.state.cards[find(g, "b_newton", "1.battlefield")].tapped = True
    assert coming_battle(g) == -1


def two_attackers(tmp_path):
    """Return (game, 宮本武蔵, 巴御前) at P2's block step (IJ-R18): 宮本武蔵 attacks with 5000 (アタック+2000),
    nothing of P2 beats it; 巴御前 with 2000: エジソン (4000 blocking) beats it, ニュートン (2000) would
    only trade; P2 has two guardians."""
    g = game(tmp_path, {"p1.battlefield": ["r_musashi", "r_tomoe"], "p2.battlefield": ["b_newton", "b_edison"],
                        "p2.guardians": ["r_stone"] * 2})
    musashi, tomoe = find(g, "r_musashi", "0.battlefield"), find(g, "r_tomoe", "0.battlefield")
    act(g, "attack", card=musashi)
    act(g, "attack", card=tomoe)
    act(g, "end_phase")
    return g, musashi, tomoe


def test_ij_r18_rollout_blocks_with_the_weakest_ijin_that_wins_else_a_guardian(tmp_path):
    # A guardian for 宮本武蔵 (nothing beats it), エジソン for 巴御前 (the weakest that wins), done.
    g, musashi, tomoe = two_attackers(tmp_path)
    legal = g.legal_actions()
    first = rollout_actions(g, legal)
    assert len(first) == 1 and first[0].kind == "block" and first[0]["target"] == musashi
    assert g.state.cards[first[0]["card"]].zone == "1.guardians"
    g.apply(first[0])
    second = rollout_actions(g, g.legal_actions())
    assert second == [Action.make("block", 1, card=find(g, "b_edison", "1.battlefield"), target=tomoe)]
    g.apply(second[0])
    assert rollout_actions(g, g.legal_actions()) == [Action.make("done_blocking", 1)]


def test_ij_r18_greedy_blocks_by_the_rule_of_thumb_and_stops_when_every_attacker_is_covered(tmp_path):
    # The same battle as above, decided by the normal bot: a guardian for 宮本武蔵, エジソン for 巴御前, done —
    # where it once wandered among equal-scoring assignments, blocking and unblocking.
    g, musashi, tomoe = two_attackers(tmp_path)
    bot = make_bot("greedy", 1, 3)
    moves = []
    while g.state.pending and g.state.pending[0]["kind"] == "block" and len(moves) < 10:
        a = bot.choose(g.view(1), g.legal_actions())
        assert bot.last_reason                                # a reason for each block, as for any move
        moves.append(a)
        g.apply(a)
    assert [a.kind for a in moves] == ["block", "block", "done_blocking"]
    assert moves[0]["target"] == musashi and g.state.cards[moves[0]["card"]].cid == "r_stone"
    assert moves[1] == Action.make("block", 1, card=find(g, "b_edison", "1.battlefield"), target=tomoe)


def test_ij_r18_normal_bots_never_unblock_in_whole_games():
    recs = run_games(Job("ijinden", ("greedy", "greedy"), seed=5, keep_log=True), 3)
    kinds = [line.split()[1] for r in recs for line in r["log"]]
    assert kinds.count("block") > 5 and "unblock" not in kinds


def test_ij_r31_rollout_block_gives_double_pressure_two_blockers(tmp_path):
    g = game(tmp_path, {"p1.battlefield": ["r_nobunaga"], "p2.guardians": ["r_stone"] * 3})
    nobunaga = find(g, "r_nobunaga", "0.battlefield")
    act(g, "attack", card=nobunaga)
    act(g, "end_phase")
    for _ in range(2):
        a = block_answer(g, g.legal_actions())
        assert a.kind == "block" and a["target"] == nobunaga
        g.apply(a)
    assert block_answer(g, g.legal_actions()) == Action.make("done_blocking", 1)


def test_ij_r11_rollout_pays_with_a_card_that_costs_no_color(tmp_path):
    # 焼き討ち costs 2 of three mana: a face-down card first, then the 紅蓮石 beside another red one.
    g = game(tmp_path, {"p1.hand": ["r_yakiuchi"], "p1.mana": ["r_stone", "r_stone", "g_stone", "r_stone"],
                        "p2.battlefield": ["b_newton"]})
    g.state.cards[g.state.zones["0.mana"][3]].face_up = False
    act(g, "cast", card=find(g, "r_yakiuchi", "0.hand"))
    while g.state.pending and g.state.pending[0]["kind"] != "pay":
        g.apply(g.legal_actions()[0])
    paid = rollout_actions(g, g.legal_actions())
    assert len(paid) == 1 and not g.state.cards[paid[0]["card"]].face_up
    g.apply(paid[0])
    paid = rollout_actions(g, g.legal_actions())
    assert len(paid) == 1 and g.state.cards[paid[0]["card"]].cid == "r_stone"


def test_ij_r20_rollout_uses_a_feat_unless_the_deck_is_nearly_empty(tmp_path):
    # 巴御前 blocked by エジソン is destroyed: its feat (1 draw) is offered to P1 (IJ-R20, IJ-R21).
    for deck, kinds in ((10, ["feat"]), (2, ["feat", "no_feat"])):
        g = game(tmp_path, {"p1.battlefield": ["r_tomoe"], "p1.deck": ["r_stone"] * deck,
                            "p2.battlefield": ["b_edison"]})
        tomoe = find(g, "r_tomoe", "0.battlefield")
        act(g, "attack", card=tomoe)
        act(g, "end_phase")
        act(g, "block", card=find(g, "b_edison", "1.battlefield"), target=tomoe)
        act(g, "done_blocking")                            # the only attacker is resolved at once (IJ-R19)
        assert g.state.pending[0]["kind"] == "feat"
        assert [a.kind for a in rollout_actions(g, g.legal_actions())] == kinds


def test_search_scores_each_card_of_the_hand_once_per_name(tmp_path):
    g = game(tmp_path, {"p1.hand": ["r_stone", "r_stone", "g_stone", "r_tomoe", "r_tomoe"],
                        "p1.mana": ["r_stone"]})
    legal = g.legal_actions()
    kept = search_actions(g, legal)
    names = sorted((a.kind, g.state.cards[a["card"]].cid) for a in kept if a.kind in ("place", "summon"))
    assert names == [("place", "g_stone"), ("place", "r_stone"), ("summon", "r_tomoe")]
    assert [a for a in legal if a.kind not in ("place", "summon")] == \
        [a for a in kept if a.kind not in ("place", "summon")]
    assert rollout_actions(g, legal) == kept


def test_ij_r23_rollout_game_keeps_the_top_of_each_deck(tmp_path):
    g = game(tmp_path, {"p1.deck": ["r_stone"] * 20, "p2.deck": ["b_stone"] * 5})
    top = g.state.zones["0.deck"][-ijinden_eval.ROLLOUT_DECK:]
    rollout_game(g)
    assert g.state.zones["0.deck"] == top and len(g.state.zones["1.deck"]) == 5
    assert all(u in g.state.cards for z in g.state.zones.values() for u in z)
    assert len(g.state.cards) == sum(len(z) for z in g.state.zones.values())


@pytest.mark.slow
def test_search_beats_greedy_in_ijinden_with_seats_alternated():
    wins, decided = seats_alternated("ijinden", "search", "greedy", seed=41, per_seat=15, rounds=16)
    assert decided >= 25
    assert wins >= 0.6 * decided, f"search won {wins} of {decided} decided games against greedy"
