"""danmaku's search (hard): the race its rollouts are scored with, and the trimmed determinizations
they run in (docs/bots.md, tabletop/games/danmaku/bot.py)."""
from __future__ import annotations

import pytest

from botcheck import seats_alternated
from tabletop.bots import make_bot
from tabletop.bots.evaluate import evaluate, evaluator_of
from tabletop.bots.search import SearchBot
from tabletop.games.danmaku import bot as dm
from tabletop.engine.game import Game
from tabletop.engine.ruleset import load_ruleset


def _choose_main(bot_name: str, seed: int, **kw) -> str:
    """Return the main character P1's bot chooses in a new game with the starter decks (DM-R14)."""
    g = Game.new("danmaku", seed=seed)
    assert g.state.pending[0]["kind"] == "choose_main" and g.to_act == 0
    bot = make_bot(bot_name, 0, seed, **kw)
    a = bot.choose(g.view(0), g.legal_actions(0))
    return g.state.cards[a["choice"]].cid


def _with_mains(seed: int, mine: str, theirs: str) -> Game:
    """Return a new game whose setup is answered with these main characters for P1 and P2."""
    g = Game.new("danmaku", seed=seed)
    for p, cid in ((0, mine), (1, theirs)):
        a = next(a for a in g.legal_actions(p) if g.state.cards[a["choice"]].cid == cid)
        g.apply(a)
    return g


def test_dm_r21_the_race_prefers_the_main_character_whose_shots_hit():
    """十六夜咲夜 (命 60, 避 50, 500 HP) against 博麗霊夢 (避 60) hits on one head, アリス (命 30, d = −30)
    needs two (DM-R21, DM-D1): her shots do twice the damage a turn, which outweighs アリス's 100 more HP
    over a game — though not over the six turns greedy's tempo looks at. Against 東風谷早苗 (避 50) アリス's
    d = −20 is one coin too (DM-D1), and her HP wins the race."""
    sakuya, alice = _with_mains(1, "sakuya", "reimu"), _with_mains(1, "alice", "reimu")
    assert dm.race(sakuya, 0) > dm.race(alice, 0) + 0.4
    assert dm.race(sakuya, 0) == -dm.race(sakuya, 1)
    # greedy's evaluation (HP first) still likes アリス better; the search's cutoff does not.
    assert evaluate(alice, 0) > evaluate(sakuya, 0)
    assert dm.evaluate_cutoff(sakuya, 0) > dm.evaluate_cutoff(alice, 0)
    assert dm.race(_with_mains(1, "alice", "sanae"), 0) > dm.race(_with_mains(1, "sakuya", "sanae"), 0)


def test_dm_r14_search_chooses_the_main_character_that_wins_the_race_greedy_the_one_with_most_hp():
    """The main character is chosen once, face down, for the whole game (DM-R14): greedy takes the
    most HP (アリス, 600), the search plays the setup out and scores it with the race against the
    characters the opponent's deck may hold (its deck list is not public). With d = ±20 one coin (DM-D1),
    アリス (命 30) hits the 避 50 characters as often as 十六夜咲夜 (命 60) and wins the race on HP, so the
    search takes her too. (Before DM-D1's boundary moved, the search took 咲夜.)"""
    for seed in (1, 2):
        assert _choose_main("greedy", seed) == "alice"
        assert _choose_main("search", seed, rounds=3) == "alice"


def test_the_race_is_counted_before_the_opponent_has_chosen():
    """As P1 the bot chooses first: the race is the mean over the characters of the opponent's deck."""
    g = Game.new("danmaku", seed=3)
    g.apply(next(a for a in g.legal_actions(0) if g.state.cards[a["choice"]].cid == "sakuya"))
    assert g.controller.main_of(g.state, 1) is None
    assert dm.race(g, 0) != 0.0


def test_danmaku_search_settings_are_read_from_its_eval_module():
    bot = SearchBot(0, rounds=4)
    bot.configure(load_ruleset("danmaku"))
    assert bot._scale == dm.SEARCH_SCALE
    # A position 15 points ahead (the decks' sizes alone can make that) still reads below a win,
    # so two candidates a point apart differ by more than the search's margin.
    assert SearchBot.squash(16.0, bot._scale) - SearchBot.squash(15.0, bot._scale) > 0.01
    assert SearchBot.squash(16.0) - SearchBot.squash(15.0) < 0.01


def test_dm_r13_rollout_game_keeps_the_deck_race_and_the_cards_rollouts_reach():
    g = _with_mains(4, "alice", "sanae")
    s = g.state
    before = evaluator_of(g.ruleset)(g, 0)
    decks = [list(s.zones[f"{p}.deck"]) for p in (0, 1)]
    s.zones["0.discard"].append(decks[0][0])          # a card in the graveyard, which no card reads
    s.zones["0.deck"].remove(decks[0][0])
    s.cards[decks[0][0]].zone = "0.discard"
    before = evaluator_of(g.ruleset)(g, 0)
    t = g.clone()
    dm.rollout_game(t)
    ts = t.state
    after = evaluator_of(t.ruleset)(t, 0)
    assert after["my deck"] == before["my deck"] and after["opponent deck"] == before["opponent deck"]
    defs = g.ruleset.cards
    for p in (0, 1):
        deck, kept = s.zones[f"{p}.deck"], ts.zones[f"{p}.deck"]
        assert len(kept) < len(deck)
        assert kept[-dm.ROLLOUT_DECK:] == deck[-dm.ROLLOUT_DECK:]       # the top cards, in order
        summonable = [u for u in deck if defs[s.cards[u].cid].kind in ("familiar", "character")]
        assert all(u in kept for u in summonable)
        assert all(u in ts.cards for u in kept)
    assert not ts.zones["0.discard"] and decks[0][0] not in ts.cards
    assert len(s.zones["0.discard"]) == 1       # the game it was cloned from is untouched


@pytest.mark.slow
def test_search_beats_greedy_in_danmaku_with_seats_alternated():
    """Measured (seeds 200/201): 30 of 40 at 6 iterations a move, 32 of 40 at 0.2 s, and 32 of 40 at
    seeds 400/401 (before the race: 20 of 40 at 6 iterations). These 10 games: 9 won, 6 without the
    race (RACE_W 0)."""
    wins, decided = seats_alternated("danmaku", "search", "greedy", seed=41, per_seat=5, rounds=3)
    assert decided >= 8
    assert wins >= 0.75 * decided, f"search won {wins} of {decided} decided games against greedy"
