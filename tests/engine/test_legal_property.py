"""One place decides what is legal (issue 33): over random positions of every ruleset, the check
path (`Controller.check`, which `why_not` asks) passes an action exactly when `legal_actions` lists
it — for the listed actions and for near misses: the same kind with another card, target or zone
of the position. A controller's candidate generator may leave out what its check refuses (for
speed), never decide on its own.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from legalcheck import check_one_place_decides
from tabletop.engine import Game, controller_class, load_ruleset, ruleset_ids

RULESETS = [r for r in ruleset_ids() if r != "sandbox"
            and controller_class(load_ruleset(r).controller, missing_ok=True) is not None]
# Options that bring more action kinds into play (ijinden's match, side deck and mulligan).
OPTIONS = {"ijinden": {"match": True, "side_deck": True, "mulligan": True}}


def _legal_property(rid, seeds, moves, k):
    for seed in seeds:
        g = Game.new(rid, seed=seed, options=OPTIONS.get(rid))
        rng = random.Random(seed)
        for n in range(moves):
            if g.is_over():
                break
            check_one_place_decides(g, rng, k, f"{rid} seed {seed} after {n} actions")
            g.apply(rng.choice(g.legal_actions()))


@pytest.mark.parametrize("rid", RULESETS)
def test_legal_property_why_not_passes_exactly_the_listed_actions(rid):
    _legal_property(rid, range(2), 120, 3)


@pytest.mark.slow
@pytest.mark.parametrize("rid", RULESETS)
def test_legal_property_why_not_passes_exactly_the_listed_actions_many_games(rid):
    _legal_property(rid, range(200, 300), 800, 4)


SCENARIOS = sorted(p for p in (Path(__file__).resolve().parents[2] / "rulesets").glob("*/scenarios/*.yaml")
                   if p.parent.parent.name in RULESETS)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_legal_property_in_every_scenario(path):
    # The situations random play seldom reaches (effects waiting on a choice, a battle half done).
    g = Game.from_scenario(path)
    rng = random.Random(path.stem)
    for n in range(25):
        if g.is_over():
            break
        check_one_place_decides(g, rng, 3, f"{path.name} after {n} actions")
        g.apply(rng.choice(g.legal_actions()))
