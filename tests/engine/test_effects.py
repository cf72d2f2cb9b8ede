"""The shared effect vocabulary, run through the tiny duel's cards with effects."""
import pytest

from tabletop.engine import Action, Game
from tabletop.engine.effects import OPS, check_steps, is_manual, step_words


def scenario(tmp_path, zones: str) -> Game:
    p = tmp_path / "fx.yaml"
    p.write_text(f"ruleset: tiny\nturn: 3\nactive: p1\nzones:\n{zones}", encoding="utf-8")
    return Game.from_scenario(p)


def uid(g, zone, cid):
    return next(u for u in g.state.zones[zone] if g.state.cards[u].cid == cid)


def test_draw_effect_draws_for_its_player(tmp_path):
    g = scenario(tmp_path, "  p1.hand: [scout]\n  p1.deck: [one, two]\n")
    g.apply(Action.make("play", 0, card=uid(g, "0.hand", "scout"), to="0.board"))
    assert [g.state.cards[u].cid for u in g.state.zones["0.hand"]] == ["two"]


def test_targeted_effect_asks_its_player_and_offers_only_legal_targets(tmp_path):
    g = scenario(tmp_path, "  p1.hand: [archer]\n  p2.board: [two, five]\n  p1.board: [one]\n")
    g.apply(Action.make("play", 0, card=uid(g, "0.hand", "archer"), to="0.board"))
    assert g.to_act == 0 and g.state.pending[0]["kind"] == "effect_target"
    legal = g.legal_actions()
    assert {a["target"] for a in legal} == set(g.state.zones["1.board"])    # enemy units only
    two = uid(g, "1.board", "two")
    own = uid(g, "0.board", "one")
    assert g.why_not(Action.make("choose_target", 0, target=own)) == "that is not a legal target for this effect"
    g.apply(Action.make("choose_target", 0, target=two))
    assert g.state.cards[two].zone == "1.discard"
    assert not g.state.pending and "effect_queue" not in g.state.data


def test_no_target_means_the_effect_does_nothing(tmp_path):
    g = scenario(tmp_path, "  p1.hand: [archer]\n")
    g.apply(Action.make("play", 0, card=uid(g, "0.hand", "archer"), to="0.board"))
    assert not g.state.pending
    assert "no target, nothing happens" in g.state.log[-1].text


def test_modify_all_lasts_until_end_of_turn(tmp_path):
    g = scenario(tmp_path, "  p1.hand: [drummer]\n  p1.board: [one]\n  p2.deck: [one]\n")
    one = uid(g, "0.board", "one")
    g.apply(Action.make("play", 0, card=uid(g, "0.hand", "drummer"), to="0.board"))
    assert g.controller.stat(g.state, one, "power") == 4
    g.apply(Action.make("end", 0))
    assert g.controller.stat(g.state, one, "power") == 1


def test_search_reveals_matches_to_the_searcher_only_then_shuffles(tmp_path):
    g = scenario(tmp_path, "  p1.hand: [seer]\n  p1.deck: [one, five, two]\n")
    five = uid(g, "0.deck", "five")
    g.apply(Action.make("play", 0, card=uid(g, "0.hand", "seer"), to="0.board"))
    assert g.view(0).card(five) is not None and g.view(0).card(five).cid == "five"
    assert g.view(1).card(five) is None
    assert {a.kind for a in g.legal_actions()} == {"choose_target", "skip_effect"}
    g.apply(Action.make("choose_target", 0, target=five))
    assert g.state.cards[five].zone == "0.hand"
    assert g.state.log[-1].kind == "shuffle"


def test_declining_an_optional_search_still_shuffles(tmp_path):
    g = scenario(tmp_path, "  p1.hand: [seer]\n  p1.deck: [one, five, two]\n")
    g.apply(Action.make("play", 0, card=uid(g, "0.hand", "seer"), to="0.board"))
    g.apply(Action.make("skip_effect", 0))
    assert g.state.log[-1].kind == "shuffle"
    assert all(not g.state.cards[u].reveal for u in g.state.zones["0.deck"])


def test_effect_steps_are_checked_and_worded():
    from tabletop.engine import load_ruleset
    rs = load_ruleset("tiny")
    assert check_steps(rs.cards["archer"]) == []
    assert step_words({"do": "draw", "n": 2}) == "draw 2"
    assert not is_manual(rs.cards["archer"])
    assert {"draw", "damage", "destroy", "exile", "modify", "search", "manual"} <= set(OPS)


def test_unknown_op_is_reported_by_check_steps():
    class Fake:
        effects = ({"on": "play", "do": "teleport"},)
    (problem,) = check_steps(Fake)
    assert "unknown op 'teleport'" in problem


def test_an_op_table_may_not_take_an_inherited_name():
    from tabletop.engine.effects import EffectsMixin, Op, with_ops

    def other(ctl, s, ctx):
        return None
    with pytest.raises(ValueError, match="'draw' is already in the inherited table"):
        with_ops(EffectsMixin.EFFECT_OPS, {"draw": Op(other)})


def test_two_controllers_may_give_one_op_name_different_meanings(tmp_path):
    """Each controller runs the op of its own table (no global registry to collide in)."""
    from tabletop.engine import Controller
    from tabletop.engine.effects import EffectsMixin, Op, with_ops

    ran = []

    class A(EffectsMixin, Controller):
        EFFECT_OPS = with_ops(EffectsMixin.EFFECT_OPS, {"zap": Op(lambda ctl, s, ctx: ran.append("A"))})

    class B(EffectsMixin, Controller):
        EFFECT_OPS = with_ops(EffectsMixin.EFFECT_OPS, {"zap": Op(lambda ctl, s, ctx: ran.append("B"))})

    g = scenario(tmp_path, "  p1.hand: [archer]\n")
    s = g.state
    for cls in (A, B, A):
        ctl = cls(g.ruleset)
        s.data["effect_queue"] = [{"source": s.zones["0.hand"][0], "player": 0, "step": {"on": "play", "do": "zap"},
                                   "event": {}}]
        ctl.resolve_effects(s)
    assert ran == ["A", "B", "A"]
    assert "zap" not in EffectsMixin.EFFECT_OPS and "zap" not in OPS
    assert check_steps(type("C", (), {"effects": ({"on": "play", "do": "zap"},)}), A.EFFECT_OPS) == []


def test_every_controller_loaded_without_an_op_clash():
    from tabletop.engine import controller_ids
    import tabletop.games as builtin
    builtin.load_all()
    assert builtin.import_errors == {}
    assert set(controller_ids()) >= {"senkai", "fourdeck", "ijinden", "monmusu", "danmaku", "sandbox"}


def test_validate_checks_a_cards_ops_against_its_own_controllers_table():
    from types import SimpleNamespace

    from tabletop.engine import load_ruleset
    from tabletop.validate import effect_errors
    for rid in ("senkai", "fourdeck", "ijinden", "danmaku", "monmusu"):
        assert effect_errors(load_ruleset(rid)) == [], rid
    rs = load_ruleset("senkai")
    bomb = SimpleNamespace(id="x", path="cards.yaml", line=3, effects=({"on": "play", "do": "bomb"},))
    cards = rs.cards
    try:
        rs.cards = {"x": bomb}           # danmaku's op means nothing in senkai
        (problem,) = effect_errors(rs)
    finally:
        rs.cards = cards
    assert "cards.yaml:3" in str(problem) and "unknown op 'bomb'" in str(problem)
