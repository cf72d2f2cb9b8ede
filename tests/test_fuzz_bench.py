"""The fuzz bench's one game: a finished game is ok (fresh ids of hidden cards are no loss), a game past
the fuzzer's own action cap is unfinished — neither stuck nor a draw."""
from tabletop.bench import fuzz


def test_a_random_game_with_a_replay_check_is_ok():
    assert fuzz.one_game(("fourdeck", 0, True)) == "ok"


def test_a_game_past_the_cap_is_unfinished(monkeypatch):
    monkeypatch.setattr(fuzz, "MAX_ACTIONS", 3)
    assert fuzz.one_game(("senkai", 0, False)) == "unfinished"
