"""The danmaku evaluation makes `greedy` stronger than `random` (the bench measures the ≥ 90% goal)."""
import pytest

from botcheck import seats_alternated


@pytest.mark.slow
def test_greedy_beats_random_in_danmaku_with_seats_alternated():
    wins, decided = seats_alternated("danmaku", "greedy", "random", seed=11, per_seat=4)
    assert decided >= 6
    # The evaluation before the deck race and spell debts won 6 of these 8; now 8 of 8.
    assert wins >= decided - 1, f"greedy won only {wins} of {decided} decided games"


def test_face_down_main_character_counts_with_its_printed_hp():
    """As P1 the main character is chosen face down, before its HP counter is set: the evaluation
    must still tell a 600-HP main from a 500-HP one, or P1 chooses blind (the seat bias)."""
    from tabletop.controllers.danmaku_eval import evaluate_position
    from tabletop.engine.game import Game

    g = Game.new("danmaku", seed=3)
    q = g.state.pending[0]
    assert q["kind"] == "choose_main" and g.to_act == 0
    scores = {}
    for a in g.legal_actions(0):
        g2 = g.clone()
        g2.apply(a)
        cid = g2.state.cards[a["choice"]].cid
        scores[cid] = evaluate_position(g2, 0)["my HP"]
    hp = {cid: g.ruleset.cards[cid].get("hp") for cid in scores}
    assert len(set(hp.values())) > 1, "the starter deck should offer mains with different HP"
    best = max(scores, key=scores.get)
    assert hp[best] == max(hp.values())
    assert all(v > 0 for v in scores.values())


@pytest.mark.slow
@pytest.mark.xfail(strict=True, reason="issue 20 open: 9 of 16 greedy-vs-greedy games end by HP (DM-R11), "
                                      "7 by the deck race (DM-R13); the goal is 80%")
def test_dm_r11_greedy_games_end_by_a_main_character_at_0_hp_not_by_the_deck_race():
    """danmaku is fought with spell cards and shots (DM-R11), not won by drawing last (DM-R13): most
    greedy-vs-greedy games should end by HP (the bench measures the share against the 80% goal)."""
    from tabletop.sim import Job, play_game

    recs = [play_game(Job("danmaku", ("greedy", "greedy"), seed=21), i) for i in range(12)]
    assert all(r["error"] is None for r in recs)
    by_hp = sum("DM-R11" in r["reason"] for r in recs)
    assert by_hp >= 9, f"only {by_hp} of 12 games ended by a main character at 0 HP"
