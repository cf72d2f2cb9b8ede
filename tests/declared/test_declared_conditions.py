"""The win conditions a designer may declare besides life and deck-out: reach, count, turn_limit;
and a declaration written both under `rules:` and in rules.yaml."""
from __future__ import annotations

import os
import random

import pytest

from tabletop.engine import DataError, Game
from tabletop.engine.ruleset import _load_cached, load_ruleset_dir

from inline import RULESET, use_folder, write_game


def play(tmp_path, ruleset, rid, seed=1):
    text = ruleset.replace("id: inline_duel", f"id: {rid}")
    write_game(tmp_path, text, rid=rid)
    old = use_folder(tmp_path)
    try:
        g = Game.new(rid, seed=seed)
        rng = random.Random(seed)
        while g.outcome() is None and len(g.actions) < 3000:
            g.apply(rng.choice(g.legal_actions()))
        return g
    finally:
        os.environ["TABLETOP_RULESETS"] = old
        _load_cached.cache_clear()


def _ends(tmp_path, text, rid, seeds=range(1, 6)):
    return [play(tmp_path, text, rid, seed) for seed in seeds]


def test_reach_a_player_whose_counter_reaches_n_wins(tmp_path):
    text = RULESET.replace("- {id: W1, when: counter_zero, counter: hp}",
                           "- {id: W1, when: reach, counter: energy, n: 6}").replace(
        "energy: {label: エネルギー, label_en: Energy, start: 0, max: 6}",
        "energy: {label: エネルギー, label_en: Energy, start: 0, max: 9}")
    games = _ends(tmp_path, text, "reach_duel")
    by_reach = [g for g in games if g.outcome().reason.endswith("(W1)")]
    assert by_reach, [g.outcome().reason for g in games]
    for g in by_reach:
        assert g.state.players[g.outcome().winner]["energy"] >= 6


def test_turn_limit_the_higher_counter_wins_after_the_last_turn(tmp_path):
    text = RULESET.replace("- {id: W2, when: deck_out}", "- {id: W2, when: turn_limit, n: 4, counter: hp}")
    for g in _ends(tmp_path, text, "short_duel"):
        out = g.outcome()
        assert out.reason.endswith("(W2)") and g.state.turn == 4, out.reason
        hp = [g.state.players[p]["hp"] for p in (0, 1)]
        assert (out.winner is None and hp[0] == hp[1]) or hp[out.winner] > hp[1 - out.winner]


def test_count_a_player_with_n_cards_in_a_zone_wins(tmp_path):
    text = RULESET.replace("- {id: W1, when: counter_zero, counter: hp}", "- {id: W1, when: count, zone: discard, n: 3}")
    games = _ends(tmp_path, text, "count_duel")
    by_count = [g for g in games if g.outcome().reason.endswith("(W1)")]
    assert by_count, [g.outcome().reason for g in games]
    for g in by_count:
        assert len(g.state.zones[f"{g.outcome().winner}.discard"]) >= 3


def test_a_declaration_in_both_places_is_an_error_naming_the_line(tmp_path):
    folder = write_game(tmp_path)
    (folder / "rules.yaml").write_text("turn: []\n", encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_ruleset_dir(folder)
    line = next(i for i, ln in enumerate(RULESET.splitlines(), 1) if ln.startswith("rules:"))
    assert str(e.value).startswith(f"{folder / 'ruleset.yaml'}:{line}: rules: declared twice")
