"""The bots bench reads its figures right: how a game ended, and how hard search thought."""
from tabletop.bench.bots import end_rule, ends, ends_note, think_times


def rec(winner=0, reason="", error=None, unfinished=False):
    return {"winner": winner, "reason": reason, "error": error, "unfinished": unfinished}


def test_a_game_ends_by_the_first_rule_its_outcome_names():
    assert end_rule(rec(1, "P1 loses — rebellion: field cost 8 ≥ 8 (FD-R16)")) == "FD-R16"
    assert end_rule(rec(None, "both lose at once (FD-D4): P1 rebellion (FD-R16); P2 ruin (FD-R17)")) == "FD-D4"
    assert end_rule(rec(None, "agreed draw")) == "draw"
    assert end_rule(rec(None, error="RuntimeError: boom")) == "error"
    assert end_rule(rec(None, unfinished=True)) == "unfinished"     # a stall is not a draw


def test_ends_are_shares_most_common_first():
    shares = ends([rec(0, "P2's HP reached 0 (MM-R44)")] * 3 + [rec(None, unfinished=True)])
    assert list(shares) == ["MM-R44", "unfinished"]
    assert ends_note(shares) == "MM-R44 75%, unfinished 25%"


def test_think_times_report_the_search_iterations_of_each_decision():
    iters: list = []
    times = think_times("fourdeck", "search", 1, seed=7, rounds=2, other="greedy", limit=4, iterations=iters)
    assert len(times) == len(iters) == 4
    assert all(0 <= n <= 2 for n in iters) and any(n == 2 for n in iters)
