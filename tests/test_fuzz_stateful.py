"""Stateful property tests (hypothesis) over every ruleset: random legal and illegal actions, undo,
save/load in the middle; after every step the invariants of the shared random-simulation test hold."""
import json

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from simcheck import check_cards_conserved, check_views_hide
from tabletop.engine import Game, IllegalAction, ruleset_ids
from tabletop.engine.saves import game_to_json

RULESETS = [r for r in ruleset_ids() if r != "sandbox"]


def machine_for(ruleset_id: str):
    class GameMachine(RuleBasedStateMachine):
        @initialize(seed=st.integers(0, 10_000))
        def start(self, seed):
            self.game = Game.new(ruleset_id, seed=seed)
            self.cards = set(self.game.state.cards)

        @rule(pick=st.integers(0, 10_000))
        def legal(self, pick):
            if self.game.is_over():
                return
            legal = self.game.legal_actions()
            assert legal, "no legal action and no outcome"
            self.game.apply(legal[pick % len(legal)])

        @rule(pick=st.integers(0, 10_000), uid=st.integers(-2, 400), kind=st.sampled_from(["card", "target", "to"]))
        def illegal(self, pick, uid, kind):
            g = self.game
            if g.is_over():
                return
            legal = g.legal_actions()
            a = legal[pick % len(legal)]
            bad = a.with_args(**{kind: uid if kind != "to" else f"{uid % 2}.nowhere"})
            reason = g.why_not(bad)
            if reason is None:
                assert bad in legal
                return
            before = g.state.to_dict()
            with pytest.raises(IllegalAction):
                g.apply(bad)
            assert g.state.to_dict() == before

        @rule()
        def other_player_acts(self):
            g = self.game
            if g.is_over():
                return
            other = 1 - g.to_act
            for a in g.controller.actions(g.state, other)[:3]:
                assert g.why_not(a) is not None

        @rule()
        def undo(self):
            g = self.game
            if g.can_undo():
                n = len(g.actions)
                assert g.undo()
                assert len(g.actions) == n - 1

        @rule()
        def save_and_load(self):
            g2 = Game.from_dict(json.loads(game_to_json(self.game)))
            assert g2.state.to_dict() == self.game.state.to_dict()
            self.game = g2

        @invariant()
        def invariants_hold(self):
            if hasattr(self, "game"):
                check_cards_conserved(self.game, self.cards)
                check_views_hide(self.game)

    GameMachine.__name__ = f"GameMachine_{ruleset_id}"
    return GameMachine


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_stateful_fuzz(ruleset_id):
    machine = machine_for(ruleset_id)
    machine.TestCase.settings = settings(max_examples=15, stateful_step_count=40, deadline=None,
                                         suppress_health_check=list(HealthCheck))
    machine.TestCase().runTest()
