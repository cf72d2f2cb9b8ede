"""The search settings fourdeck and monmusu opt into: how a rollout is judged, when greedy is overruled."""
from tabletop.bots.search import SearchBot
from tabletop.engine.ruleset import load_ruleset


def bot_for(ruleset: str) -> SearchBot:
    bot = SearchBot(0, rounds=8)
    bot.configure(load_ruleset(ruleset))
    return bot


def test_mm_r44_a_rollout_50_hp_ahead_is_not_judged_a_win_like_one_150_hp_ahead():
    bot = bot_for("monmusu")
    assert bot._horizon == 2                           # battles are answered in the opponent's turn
    # The evaluation counts HP twice a point (MM-R44: 400 each); 50 and 150 HP ahead are 100 and 300.
    near, far = bot.squash(100.0, bot._scale), bot.squash(300.0, bot._scale)
    assert 0.6 < near < 0.8 < far < 0.99
    # With the default scale both read as a certain win, and candidates could not be told apart.
    assert SearchBot.squash(100.0) > 0.99 and SearchBot.squash(300.0) > 0.99


def test_fd_r16_fourdeck_search_overrules_greedy_only_on_firm_evidence():
    greedy, other = (0.0, "greedy's move", None), (0.0, "another move", None)
    ranked = [greedy, other]
    lucky = {greedy[1]: [0.4, 0.5], other[1]: [0.7, 0.9]}           # two samples, far ahead
    steady = {greedy[1]: [0.4, 0.5, 0.45, 0.5, 0.4, 0.5], other[1]: [0.7, 0.8, 0.75, 0.7, 0.8, 0.7]}
    noisy = {greedy[1]: [0.4, 0.5, 0.45, 0.5, 0.4, 0.5], other[1]: [0.9, 0.1, 0.8, 0.2, 0.9, 0.3]}
    fourdeck, plain = bot_for("fourdeck"), bot_for("monmusu")
    assert plain.choose_result(greedy, ranked, lucky)[0] == "another move"      # the default: 1 SE, 2 samples
    assert fourdeck.choose_result(greedy, ranked, lucky)[0] == "greedy's move"
    assert fourdeck.choose_result(greedy, ranked, steady)[0] == "another move"
    assert fourdeck.choose_result(greedy, ranked, noisy)[0] == "greedy's move"
