"""Legal lists against the checks' verdict (Controller.exact and the controllers' "skip:" pruning).

The shared random-simulation test asks it after every action of its seeded games; here it is asked
of every scenario position of every ruleset, and it is shown to notice a wrong `exact` kind.
"""
import random
from pathlib import Path

import pytest

from simcheck import check_legal_is_the_checks_verdict, play_random_game
from tabletop.engine import Game

ROOT = Path(__file__).resolve().parents[2] / "rulesets"
SCENARIOS = sorted(ROOT.glob("*/scenarios/*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_scenario_positions_list_exactly_what_the_checks_allow(path):
    g = Game.from_scenario(path)
    rng = random.Random(path.stem)
    for _ in range(40):           # the scenario's position, then a random continuation
        if g.is_over():
            break
        check_legal_is_the_checks_verdict(g)
        g.apply(rng.choice(g.legal_actions()))


def test_a_kind_listed_as_exact_whose_check_refuses_is_noticed(monkeypatch):
    # Monmusu lists every [起動] skill as a candidate and lets its check refuse the unpaid ones:
    # declaring "skill" exact would make such refused skills legal, and the comparison says so.
    g = Game.new("monmusu", seed=0)
    monkeypatch.setattr(type(g.controller), "exact", g.controller.exact | {"skill"})
    with pytest.raises(AssertionError, match="listed but refused"):
        for seed in range(40):
            play_random_game("monmusu", seed)
