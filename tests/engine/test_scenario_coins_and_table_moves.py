"""Scenario coins (fixed coin results) and the players' own ends of a game: concede, agreed draw."""
import pytest

from tabletop.engine import DataError, DataErrors, Game, IllegalAction


def _scenario(tmp_path, body: str) -> Game:
    p = tmp_path / "s.yaml"
    p.write_text(body, encoding="utf-8")
    return Game.from_scenario(p)


def test_scenario_coins_fix_the_next_flips_then_the_generator_takes_over(tmp_path):
    g = _scenario(tmp_path, "ruleset: tiny\ncoins: [tails, heads, tails]\n")
    draws = g.state.rng.draws
    flips = [g.controller.coin(g.state, "test") for _ in range(3)]
    assert flips == [False, True, False] and g.state.rng.draws == draws      # fixed: no draw
    g.controller.coin(g.state, "test")
    assert g.state.rng.draws > draws                                         # then the seeded generator
    assert [e.data["heads"] for e in g.state.log if e.kind == "coin"][:3] == [False, True, False]


def test_scenario_coins_survive_a_save_and_a_clone(tmp_path):
    g = _scenario(tmp_path, "ruleset: tiny\ncoins: [tails, tails]\n")
    h = Game.from_dict(g.to_dict())
    c = g.clone()
    assert [x.controller.coin(x.state) for x in (g, h, c)] == [False] * 3
    assert [x.controller.coin(x.state) for x in (g, h, c)] == [False] * 3


def test_bad_coin_names_file_and_line(tmp_path):
    p = tmp_path / "bad.yaml"
    p.write_text("ruleset: tiny\ncoins:\n  - heads\n  - edge\n", encoding="utf-8")
    with pytest.raises((DataError, DataErrors)) as e:
        Game.from_scenario(p)
    assert f"{p}:4: coins: item 2 is 'edge'; each coin is heads or tails" in str(e.value)


def test_concede_ends_the_game_for_the_opponent_whoever_is_to_act():
    g = Game.new("senkai", seed=3)
    waiting = 1 - g.to_act
    g.concede(waiting)
    assert g.outcome().winner == 1 - waiting and "concedes" in g.outcome().reason
    assert g.legal_actions() == [] and not g.can_undo()
    with pytest.raises(IllegalAction):
        g.concede(1 - waiting)
    again = Game.from_dict(g.to_dict())                 # logged and replayed like an action
    assert again.outcome() == g.outcome() and g.actions[-1].startswith("table: ")


def test_agreed_draw_needs_the_other_players_acceptance():
    g = Game.new("fourdeck", seed=3)
    with pytest.raises(IllegalAction):
        g.accept_draw(1)                                # nothing offered
    g.offer_draw(0)
    with pytest.raises(IllegalAction):
        g.accept_draw(0)                                # one's own offer
    g.decline_draw(1)
    with pytest.raises(IllegalAction):
        g.accept_draw(1)                                # declined
    g.offer_draw(0)
    g.apply(g.legal_actions()[0])                       # a move withdraws the offer
    with pytest.raises(IllegalAction):
        g.accept_draw(1)
    g.offer_draw(1)
    g.accept_draw(0)
    assert g.outcome().winner is None and "agree to a draw" in g.outcome().reason
    assert Game.from_dict(g.to_dict()).outcome() == g.outcome()


def test_a_table_move_in_a_log_must_be_one():
    g = Game.new("senkai", seed=3)
    d = g.to_dict()
    d["actions"] = ["table: p1 attack card=1"]
    with pytest.raises(IllegalAction, match="not a table move"):
        Game.from_dict(d)
