"""Issue 35's proof: a game declared inline, played to a declared win by random, greedy and search bots."""
from __future__ import annotations

import json
import os
import re

import pytest

from tabletop.engine import Game
from tabletop.sim import Job, play_game

from inline import use_folder, write_game

DECLARED_WINS = re.compile(r"\((W1|W2)\)")


@pytest.fixture(scope="module")
def inline_game(tmp_path_factory):
    root = tmp_path_factory.mktemp("declared")
    write_game(root)
    old = use_folder(root)
    yield "inline_duel"
    os.environ["TABLETOP_RULESETS"] = old
    from tabletop.engine.ruleset import _load_cached
    _load_cached.cache_clear()


def test_200_seeded_random_games_end_by_a_declared_win(inline_game):
    job = Job(inline_game, ("random", "random"), seed=35)
    ended = 0
    for i in range(200):
        rec = play_game(job, i)
        assert rec["error"] is None, rec
        assert not rec["unfinished"], f"game {i} stuck after {rec['actions']} actions"
        assert DECLARED_WINS.search(str(rec["reason"])), f"game {i} ended by no declared condition: {rec['reason']}"
        ended += 1
    assert ended == 200


def test_greedy_beats_random_in_at_least_80_percent_of_20_games(inline_game):
    greedy_wins = 0
    for i in range(20):
        seat = i % 2
        bots = ("greedy", "random") if seat == 0 else ("random", "greedy")
        rec = play_game(Job(inline_game, bots, seed=350 + i), i)
        assert rec["error"] is None and not rec["unfinished"], rec
        assert DECLARED_WINS.search(str(rec["reason"])), rec["reason"]
        greedy_wins += rec["winner"] == seat
    assert greedy_wins >= 16, f"greedy won {greedy_wins} of 20"


def test_search_plays_a_declared_game_through_its_legal_actions(inline_game):
    rec = play_game(Job(inline_game, ("search", "random"), seed=3, rounds=8), 0)
    assert rec["error"] is None and not rec["unfinished"], rec
    assert DECLARED_WINS.search(str(rec["reason"]))


def test_simulate_runs_on_a_declared_game(inline_game, capsys):
    from tabletop.cli import main
    assert main(["simulate", inline_game, "--games", "6", "--workers", "1", "--json", "--seed", "2"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["games"] == 6 and d["errors"] == 0
    assert d["wins"][0] + d["wins"][1] + d["draws"] == 6


def test_r9_a_unit_cannot_attack_in_the_turn_it_entered_and_the_refusal_names_r9(inline_game):
    for seed in range(20):
        g = Game.new(inline_game, seed=seed)
        p = g.to_act
        plays = [a for a in g.legal_actions() if a.kind == "play"]
        if plays:
            break
    g.apply(plays[0])
    unit = plays[0]["card"]
    attacks = [a for a in g.controller.actions(g.state, p) if a.kind == "attack" and a["card"] == unit]
    assert attacks, "the attack is still a candidate (the table can say why not)"
    for a in attacks:
        assert a not in g.legal_actions()
        why = g.why_not(a)
        assert why is not None and str(why).endswith("(R9)"), why


def test_the_rules_are_numbered_in_order_keeping_the_designers_ids(inline_game):
    from tabletop.declared.schema import declared
    from tabletop.engine import load_ruleset
    d = declared(load_ruleset(inline_game))
    ids = d.rule_ids()
    assert ids[:3] == ["R1", "R2", "R3"]          # setup: two unnamed, then the designer's R3
    assert "R9" in ids and len(set(ids)) == len(ids)
    assert d.actions["attack"].id == "R9" and d.win[0].id == "W1"


def test_a_move_out_of_turn_or_out_of_phase_is_refused_with_a_reason(inline_game):
    """The checks refuse for plain reasons too (not your turn, not this phase), not only for declared rules."""
    from tabletop.engine.action import Action
    g = Game.new(inline_game, seed=3)
    p = g.to_act
    mine = g.legal_actions()
    declared = [a for a in mine if a.kind in g.controller.d.actions]     # a kind the declaration checks
    assert declared
    theirs = Action(declared[0].kind, 1 - p, declared[0].args)
    assert theirs not in g.legal_actions(1 - p)
    why = g.controller.check(g.state, theirs)
    assert why is not None and str(why).strip(), "a move of the player not to act is refused with words"
    end = [a for a in mine if a.kind == "end_phase"]
    if end:   # after the phase ends, a move of the phase just left is refused too
        g.apply(end[0])
        for a in mine:
            if a.kind != "end_phase" and a not in g.legal_actions(p):
                assert g.why_not(a) is not None
