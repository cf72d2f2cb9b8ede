"""Every bot plays every ruleset found to the end, legally, seeing only its own view."""
import pytest

from botcheck import Spy, game_rulesets
from tabletop.bots import BOT_LEVELS, BOTS, Bot, make_bot
from tabletop.engine import Action, Game
from tabletop.sim import Job, play_game

RULESETS = game_rulesets()
BOT_NAMES = list(BOTS)


def play_spied(ruleset_id, p1, p2, index, rounds=1, light=False):
    spies = []

    def wrap(bot, game):
        if light and bot.name == "search":
            # The same search, only shallower: the default suite stays fast on the big rulesets.
            bot.width, bot.horizon, bot.max_plies = 3, 1, 12
        spies.append(Spy(bot, game))
        return spies[-1]
    rec = play_game(Job(ruleset_id, (p1, p2), rounds=rounds), index, wrap=wrap)
    return rec, spies


@pytest.mark.parametrize("ruleset_id", RULESETS)
@pytest.mark.parametrize("bot", BOT_NAMES)
def test_bot_plays_a_seeded_game_to_the_end_legally_from_its_view(ruleset_id, bot):
    rec, spies = play_spied(ruleset_id, bot, "random" if bot != "random" else "greedy", 0, light=True)
    assert rec["error"] is None, rec["error"]
    assert rec["fallbacks"] == [0, 0], "a bot's reasoning failed and it played at random"
    assert spies[0].choices > 0 and spies[1].choices > 0
    assert spies[0].hidden_seen + spies[1].hidden_seen > 0, "the views never held a hidden card to check"


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", RULESETS)
@pytest.mark.parametrize("pair", [("greedy", "greedy"), ("search", "greedy"), ("random", "search")])
@pytest.mark.parametrize("index", range(4))
def test_bots_play_many_seeded_games_legally(ruleset_id, pair, index):
    rec, spies = play_spied(ruleset_id, *pair, index, rounds=2)
    assert rec["error"] is None, rec["error"]
    assert rec["fallbacks"] == [0, 0]


def test_make_bot_accepts_names_and_levels():
    for level, name in BOT_LEVELS.items():
        assert make_bot(level, 1, 3).name == name == make_bot(name, 1, 3).name
    assert make_bot("search", 0, 0, think=0.25).think == 0.25
    with pytest.raises(ValueError, match="unknown bot 'wizard'"):
        make_bot("wizard", 0, 0)


def test_same_seed_same_choices():
    g = Game.new("tiny", seed=11)
    v, legal = g.view(g.to_act), g.legal_actions()
    for name in ("random", "greedy"):
        a = [make_bot(name, g.to_act, 5).choose(v, legal) for _ in range(2)]
        assert a[0] == a[1]


def _one_hp_left(seed=3):
    """Return a tiny game where the player to act has a trap ready and the opponent has 1 HP left."""
    g = Game.new("tiny", seed=seed)
    s, p = g.state, g.to_act
    s.players[1 - p]["hp"] = 1
    g.controller.move(s, s.zone(p, "hand")[0], f"{p}.traps")
    return g, p


@pytest.mark.parametrize("name", ["greedy", "search"])
def test_lookahead_bots_take_the_win_and_say_why(name):
    g, p = _one_hp_left()
    bot = make_bot(name, p, 1, rounds=2)
    a = bot.choose(g.view(p), g.legal_actions())
    assert a.kind == "reveal"
    g.apply(a)
    assert g.outcome().winner == p
    assert str(bot.last_reason) and "\n" not in str(bot.last_reason)


def test_a_failing_bot_falls_back_to_a_legal_action():
    class Broken(Bot):
        name = "broken"

        def decide(self, view, legal):
            raise RuntimeError("boom")

    class Liar(Bot):
        name = "liar"

        def decide(self, view, legal):
            return Action.make("no_such_action", self.player), "?"

    g = Game.new("tiny", seed=2)
    legal = g.legal_actions()
    for cls in (Broken, Liar):
        bot = cls(g.to_act)
        assert bot.choose(g.view(g.to_act), legal) in legal
        assert bot.fallbacks == 1 and str(bot.last_reason).startswith("fallback")


def test_search_keeps_to_its_think_budget(monkeypatch):
    """The search stops at its budget by its own clock: a fake clock (every look at it costs 4 ms of
    work) makes this independent of how busy the machine is — no wall-clock timing in tests."""
    import time as real_time

    import tabletop.bots.search as search_mod

    class Clock:
        t = 0.0

        def perf_counter(self):
            self.t += 0.004
            return self.t

        def __getattr__(self, name):
            return getattr(real_time, name)

    clock = Clock()
    monkeypatch.setattr(search_mod, "time", clock)
    g = Game.new("tiny", seed=4)
    for _ in range(6):                      # into the game, where there is something to think about
        g.apply(g.legal_actions()[0])
    bot = make_bot("search", g.to_act, 0, think=0.2)
    t0 = clock.t
    assert bot.choose(g.view(g.to_act), g.legal_actions()) in g.legal_actions()
    assert clock.t - t0 <= 0.2 * 1.2
