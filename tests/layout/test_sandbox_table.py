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
    assert any("HP -1 → 19" in t for t in log) and any("damage on" in t for t in log)   # the game's word
    assert any(t.startswith(f"P{p + 1} rolls a d6: ") and 1 <= int(t.rsplit(" ", 1)[1]) <= 6 for t in log)
    assert any("flips a coin" in t for t in log) and any("shuffled" in str(t) for t in log)


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


def _sandbox_with(tmp_path, monkeypatch, extra: str):
    """A copy of the sandbox named 'sandbox2', its ruleset.yaml given `extra` keys, found by its id."""
    import os
    import shutil
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    folder = tmp_path / "sandbox2"
    shutil.copytree(root / "rulesets" / "sandbox", folder)
    rs = folder / "ruleset.yaml"
    text = rs.read_text(encoding="utf-8").replace("id: sandbox", "id: sandbox2")
    text = text.replace("  value.hp: {label: ライフ, label_en: HP}", "  value.hp: {label: 体力, label_en: Vigor}")
    rs.write_text(text + extra, encoding="utf-8")
    for sc in (folder / "scenarios").glob("*.yaml"):
        sc.unlink()
    monkeypatch.setenv("TABLETOP_RULESETS", os.pathsep.join([str(tmp_path), os.environ["TABLETOP_RULESETS"]]))
    return Game.new("sandbox2", seed=3)


def test_declared_player_counters_card_counters_and_the_designers_words(tmp_path, monkeypatch):
    g = _sandbox_with(tmp_path, monkeypatch, "players: {fire: 3}\n")
    assert g.state.players[0]["fire"] == 3 and g.state.players[1]["fire"] == 3   # players: is not ignored
    p = g.to_act
    words = {g.describe(a, p) for a in g.legal_actions(p)}
    assert "+1 your Vigor" in words and "+1 your fire" in words and "+1 your HP" not in words
    g.apply(_one(g, p, "s_hp", whom=p, value="hp", delta=-1))
    assert "Vigor -1" in str(g.state.log[-1].text)


def test_cards_take_the_games_own_counters(tmp_path, monkeypatch):
    _sandbox_with(tmp_path, monkeypatch, "")
    rs_file = tmp_path / "sandbox2" / "ruleset.yaml"
    text = rs_file.read_text(encoding="utf-8").replace("  hand_size: 5\n", "  hand_size: 5\n  card_counters: [poison]\n")
    text = text.replace("words:\n", "words:\n  counter.shield: {label: 盾, label_en: shield}\n")
    rs_file.write_text(text, encoding="utf-8")
    from tabletop.engine.ruleset import reload_ruleset
    reload_ruleset("sandbox2")
    g = Game.new("sandbox2", seed=3)
    p = g.to_act
    uid = g.state.zone(p, "hand")[0]
    g.apply(Action.make("m_move", p, card=uid, to=f"{p}.play"))
    names = {a["name"] for a in g.legal_actions(p) if a.kind == "m_count" and a["card"] == uid}
    assert names == {"damage", "poison", "shield"}
    g.apply(_one(g, p, "m_count", card=uid, name="poison", delta=1))
    assert g.state.cards[uid].counters == {"poison": 1}


def test_a_shuffle_is_logged_once_and_a_roll_is_shown_on_the_table():
    from tabletop.ui.table.pacing import CAPTION_KINDS
    g = Game.new("sandbox", seed=1)
    p = g.to_act
    start = len(g.state.log)
    g.apply(_one(g, p, "s_shuffle", pile=f"{p}.deck"))
    shuffles = [e for e in g.state.log[start:] if "shuffle" in str(e.text).lower()]
    assert len(shuffles) == 1
    g.apply(_one(g, p, "s_roll", sides=6))
    assert g.state.log[-1].kind == "roll" and "roll" in CAPTION_KINDS   # a caption on the table, as coins spin
