"""The soak benchmark's own counting (tabletop/bench/soak.py): figures that could not fail would hide a leak."""
from __future__ import annotations

import pygame

from tabletop.bench.soak import schedule, surfaces


def test_surfaces_counts_a_surface_held_by_a_list_and_its_pixels():
    n0, px0 = surfaces()
    held = [pygame.Surface((200, 100), pygame.SRCALPHA)]   # a Surface is not tracked by gc itself
    n1, px1 = surfaces()
    assert n1 == n0 + 1
    assert px1 - px0 == 200 * 100 * 4
    held.clear()
    assert surfaces()[0] == n0


def test_schedule_visits_every_ruleset_in_the_first_ten_games_then_blocks():
    rids = ["a", "b", "c", "d", "e"]
    plan = schedule(30, rids)
    assert [r for r, _ in plan[:10]] == ["a", "a", "b", "b", "c", "c", "d", "d", "e", "e"]
    assert [new for _, new in plan[:4]] == [True, False, True, False]       # a new table, then Rematch
    assert [r for r, _ in plan[10:]] == [r for r in rids for _ in range(4)]
    assert [i for i, (_, new) in enumerate(plan) if new and i >= 10] == [10, 14, 18, 22, 26]


def test_the_soak_counts_bot_problems_on_stderr_and_keeps_no_narration():
    from tabletop.bench.soak import _ProblemCounter
    c = _ProblemCounter()
    for _ in range(1000):    # print writes a line's text and its end apart
        print("tabletop: P2 (bot): Kodama attacks P1 — 木霊" * 5, file=c)
    c.write("tabletop: bot P1 chose an illegal move\ntabletop: bot err")
    c.write("or in search\nnot a problem\n")
    assert c.problems == 2
    assert len(c._line) <= 40    # nothing of the narration is kept but the start of one line
