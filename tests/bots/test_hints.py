"""A game's knowledge for the bots is one typed BotHints, handed over by its controller class."""
import dataclasses
import subprocess
import sys

import pytest

from tabletop.bots.evaluate import evaluator_of, generic_terms, hints_of
from tabletop.engine import controller_class, load_ruleset
from tabletop.engine.hints import NO_HINTS, BotHints

GAMES = ("senkai", "fourdeck", "ijinden", "danmaku", "monmusu")


@pytest.mark.parametrize("rid", GAMES)
def test_every_game_fills_its_hints_in_its_bot_module(rid):
    hints = hints_of(load_ruleset(rid))
    assert isinstance(hints, BotHints) and hints is not NO_HINTS
    assert hints.evaluate is not None and hints.evaluate.__module__ == f"tabletop.games.{rid}.bot"
    assert evaluator_of(load_ruleset(rid)) is hints.evaluate
    assert controller_class(rid).bot_hints() is hints
    for f in dataclasses.fields(BotHints):      # every hook a game fills is its own bot.py's
        v = getattr(hints, f.name)
        if callable(v):
            assert v.__module__ == f"tabletop.games.{rid}.bot", (rid, f.name)


def test_a_game_without_hints_gets_the_documented_defaults():
    hints = hints_of(load_ruleset("sandbox"))
    assert hints is NO_HINTS
    assert (hints.search_horizon, hints.search_scale, hints.search_confidence, hints.search_min_pairs,
            hints.search_widen, hints.determinize_by_section) == (1, 8.0, 1.0, 2, 2.0, False)
    assert evaluator_of(load_ruleset("sandbox")) is generic_terms
    with pytest.raises(dataclasses.FrozenInstanceError):
        hints.search_horizon = 2


def test_every_hint_field_is_documented():
    src = open(sys.modules[BotHints.__module__].__file__, encoding="utf-8").read()
    for f in dataclasses.fields(BotHints):
        after = src.split(f"\n    {f.name}:", 1)[1].split("\n", 2)[1]
        assert after.strip().startswith('"""'), f.name      # a docstring right under the field


def test_a_table_between_two_people_never_loads_a_games_bot_module():
    code = ("from tabletop.engine import Game; g = Game.new('senkai', seed=1); g.legal_actions(g.to_act)\n"
            "import sys; print(' '.join(sys.modules))")
    mods = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert "tabletop.games.senkai.controller" in mods and "tabletop.games.senkai.bot" not in mods
