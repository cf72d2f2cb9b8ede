"""The Game API: illegal actions change nothing, choices go to the right player, undo, clone, manual moves."""
from pathlib import Path

import pytest

from tabletop.engine import Action, Game, IllegalAction

SCEN = Path(__file__).resolve().parent.parent / "data" / "rulesets" / "tiny" / "scenarios"


def block_game() -> Game:
    return Game.from_scenario(SCEN / "block.yaml")


def uid_of(g: Game, zone: str, cid: str) -> int:
    return next(u for u in g.state.zones[zone] if g.state.cards[u].cid == cid)


def test_illegal_action_raises_with_reason_and_changes_nothing():
    g = block_game()
    before = g.state.to_dict()
    a = Action.make("play", 0, card=uid_of(g, "1.board", "two"), to="0.board")
    assert g.why_not(a) == "that card is not in your 手札"
    with pytest.raises(IllegalAction, match="not in your 手札"):
        g.apply(a)
    assert g.state.to_dict() == before
    assert g.actions == []


def test_acting_out_of_turn_is_refused_with_whose_move_it_is():
    g = block_game()
    assert g.why_not(Action.make("end", 1)) == "it is P1's move, not P2's"


def test_unknown_action_kind_is_refused():
    g = block_game()
    assert "is not an action of" in g.why_not(Action.make("fly", 0))


def test_the_non_turn_player_must_answer_a_choice():
    g = block_game()
    five = uid_of(g, "0.board", "five")
    g.apply(Action.make("attack", 0, card=five))
    assert g.state.active == 0 and g.to_act == 1
    kinds = {a.kind for a in g.legal_actions()}
    assert kinds == {"block", "take"}
    assert g.legal_actions(0) == []
    g.apply(Action.make("take", 1))
    assert g.outcome().winner == 0 and "no HP" in g.outcome().reason
    assert g.legal_actions() == [] and g.to_act is None


def test_legal_actions_are_deterministic_and_all_pass_why_not():
    g = Game.new("tiny", seed=3)
    first = g.legal_actions()
    assert first == g.legal_actions()
    assert all(g.why_not(a) is None for a in first)


def test_undo_takes_back_an_action_that_revealed_nothing():
    g = Game.new("tiny", seed=4)
    p = g.to_act
    card = g.state.zones[f"{p}.hand"][0]
    start = g.state.to_dict()
    g.apply(Action.make("set", p, card=card, to=f"{p}.traps"))   # face down, seen only by its owner
    assert g.can_undo()
    assert g.undo()
    assert g.state.to_dict() == start


def test_undo_never_goes_back_past_a_reveal():
    g = Game.new("tiny", seed=4)
    p = g.to_act
    card = g.state.zones[f"{p}.hand"][0]
    g.apply(Action.make("play", p, card=card, to=f"{p}.board"))   # now the opponent has seen it
    assert not g.can_undo() and not g.undo()


def test_undo_never_goes_back_past_a_draw_or_a_change_of_player():
    g = Game.new("tiny", seed=4)
    g.apply(Action.make("end", g.to_act))   # the next player draws: hidden information came out
    assert not g.can_undo()


def test_undo_blocked_says_why_undo_stops():
    g = Game.new("tiny", seed=4)
    assert str(g.undo_blocked()) == "nothing to undo yet"
    p = g.to_act
    g.apply(Action.make("set", p, card=g.state.zones[f"{p}.hand"][0], to=f"{p}.traps"))
    assert g.undo_blocked() is None   # undo is possible: nothing to explain
    g.apply(Action.make("play", p, card=g.state.zones[f"{p}.hand"][0], to=f"{p}.board"))
    why = g.undo_blocked()
    assert why is not None and "hidden information" in str(why)
    # which card, and to whom (issue 30): the card played from hand is now seen by the opponent
    assert why.text == "the last action showed {card} to P{n} — undo stops before hidden information"
    assert why.get("n") == 2 - p
    assert str(g.clone().undo_blocked()) == str(why)


def test_clone_is_independent():
    g = Game.new("tiny", seed=5)
    c = g.clone()
    c.apply(c.legal_actions()[0])
    assert c.state.to_dict() != g.state.to_dict()
    assert g.actions == []


def test_manual_moves_are_logged_as_manual_and_replay():
    g = block_game()
    two = uid_of(g, "1.board", "two")
    g.manual(Action.make("m_move", 0, card=two, to="1.discard"))
    assert g.state.cards[two].zone == "1.discard"
    assert g.state.log[-1].kind == "manual" and g.state.log[-1].text.startswith("[manual]")
    assert g.actions == ["manual: p1 m_move card=%d to=1.discard" % two]
    again = Game.from_dict(g.to_dict())
    assert again.state.to_dict() == g.state.to_dict()


def test_malformed_manual_move_is_refused():
    g = block_game()
    with pytest.raises(IllegalAction, match="there is no zone"):
        g.manual(Action.make("m_move", 0, card=1, to="9.nowhere"))


def test_string_actions_are_parsed():
    g = block_game()
    five = uid_of(g, "0.board", "five")
    g.apply(f"p1 attack card={five}")
    assert g.state.cards[five].tapped


def test_a_controller_crash_leaves_the_state_as_it_was(monkeypatch):
    g = block_game()
    before = g.state.to_dict()
    five = uid_of(g, "0.board", "five")

    def boom(s, a):
        s.players[0]["hp"] = -99
        raise RuntimeError("bug")
    monkeypatch.setattr(g.controller, "do_attack", boom)
    with pytest.raises(RuntimeError):
        g.apply(Action.make("attack", 0, card=five))
    assert g.state.to_dict() == before
