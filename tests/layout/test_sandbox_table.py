"""The sandbox for playtesting: moves in the game's words, counters, dice, coins, bots that pass."""
import argparse

from tabletop.engine import Action
from tabletop.engine.game import Game
from tabletop.ui.players import make_seat


def _one(g, p, kind, **want):
    return next(a for a in g.legal_actions(p) if a.kind == kind and all(a.get(k) == v for k, v in want.items()))


def test_moves_are_worded_in_the_games_words_not_internal_ones():
    g = Game.new("sandbox", seed=1)
    p = g.to_act
    uid = g.state.zone(p, "hand")[0]
    card = g.ruleset.cards[g.state.cards[uid].cid]
    name = card.name_en or card.name      # the English words name a card by its English name where it has one
    words = {g.describe(a, p) for a in g.legal_actions(p)}
    assert f"Move {name} to your deck" in words and f"Move {name} to your play area" in words
    assert {"Shuffle your deck", "Draw 2 cards", "Flip a coin", "Roll a d6", "+1 your HP", "End your turn"} <= words
    assert not any("[manual]" in w or "m move" in w or ".deck" in w for w in words)


def test_counters_draw_dice_and_coins_are_logged():
    g = Game.new("sandbox", seed=1)
    p = g.to_act
    other = 1 - p
    start = len(g.state.log)
    g.apply(_one(g, p, "s_hp", whom=other, value="hp", delta=-1))
    assert g.state.players[other]["hp"] == 19
    uid = g.state.zone(p, "hand")[0]
    g.apply(Action.make("m_move", p, card=uid, to=f"{p}.play"))
    g.apply(_one(g, p, "m_count", card=uid, name="damage", delta=1))
    assert g.state.cards[uid].counters == {"damage": 1}
    hand = len(g.state.zone(p, "hand"))
    g.apply(_one(g, p, "s_draw", n=2))
    assert len(g.state.zone(p, "hand")) == hand + 2
    g.apply(_one(g, p, "s_roll", sides=6))
    g.apply(_one(g, p, "s_coin"))
    g.apply(_one(g, p, "s_shuffle", pile=f"{p}.deck"))
    log = [e.text for e in g.state.log[start:]]
    assert any("hp -1 → 19" in t for t in log) and any("damage on" in t for t in log)
    assert any(t.startswith(f"P{p + 1} rolls a d6: ") and 1 <= int(t.rsplit(" ", 1)[1]) <= 6 for t in log)
    assert any("flips a coin" in t for t in log) and any("shuffles" in t for t in log)


def test_a_bot_passes_in_the_sandbox_and_plays_elsewhere():
    g = Game.new("sandbox", seed=4)
    bot = make_seat("easy", g.to_act, seed=1)
    p = g.to_act
    assert bot.choose(g.view(p), g.legal_actions(p)).kind == "m_pass"
    s = Game.new("senkai", seed=4)
    q = s.to_act
    assert make_seat("easy", q, seed=1).choose(s.view(q), s.legal_actions(q)).kind != "m_pass"


def test_simulate_says_a_sandbox_game_has_no_rules(capsys):
    from tabletop import sim
    args = argparse.Namespace(ruleset="sandbox", p1="random", p2="random", games=2, seed=0, deck1=None, deck2=None,
                              workers=1, json=False, out=None, ray=None, think=None, rollouts=None, max_actions=None)
    assert sim.run(args) == 2
    assert "has no rules to play by" in capsys.readouterr().err
