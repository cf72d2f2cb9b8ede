"""Hints and bot reasons teach (issue 30): they say what the move does in the game's words, with the
rule id that makes it so, never the evaluation's terms, in the reader's language — and the danger
warning of each ruleset says when one hit decides the game."""
import re

import pytest

from botcheck import game_rulesets
from tabletop import i18n
from tabletop.bots import make_bot
from tabletop.bots.base import is_end
from tabletop.bots.explain import danger, facts
from tabletop.bots.greedy import after
from tabletop.engine import Game

RULESETS = [r for r in game_rulesets() if r in ("senkai", "fourdeck", "ijinden", "danmaku", "monmusu")]
RULE_ID = re.compile(r"\b[A-Z]{2}-[RD]\d+\b")
TERM_WORDS = re.compile(r"raises |lowers |keeps the position|\bmy (board|hand|deck|walls|HP)\b|\bopponent "
                        r"(board|hand|deck|walls|HP)\b|\bterms?\b|が上がる|が下がる|局面は変わらない|自分の場|相手の場")
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def english_ok(text: str) -> bool:
    """No Japanese in an English text, except in parentheses (a card's printed name after its English one)."""
    return not CJK.search(re.sub(r"\([^()]*\)", "", text))


def _check(rid, text_en, text_ja, real_facts, where):
    assert not TERM_WORDS.search(text_en) and not TERM_WORDS.search(text_ja), f"{rid} {where}: {text_en!r} / {text_ja!r}"
    assert english_ok(text_en), f"{rid} {where}: Japanese in English: {text_en!r}"
    if real_facts:
        assert RULE_ID.search(text_en) and RULE_ID.search(text_ja), \
            f"{rid} {where}: the move does {[str(f) for f in real_facts]} but the reason has no rule id: {text_en!r}"


@pytest.mark.parametrize("rid", RULESETS)
def test_bot_reasons_say_what_the_move_does_with_a_rule_id_and_no_term_words(rid):
    g = Game.new(rid, seed=21)
    bots = [make_bot("greedy", p, 21) for p in (0, 1)]
    doing = 0
    for i in range(90):
        if g.is_over():
            break
        p = g.to_act
        legal = g.legal_actions()
        a = bots[p].choose(g.view(p), legal)
        r = bots[p].last_reason
        g2 = after(g, a) or g
        real = facts(g, g2, a, 1 - p) if len(legal) > 1 and not is_end(a) else []
        # a fact that depends on hidden cards the bot only guessed (a draw, a wall's identity) may differ:
        # judged on the public facts both positions share
        real = [f for f in real if "draws" not in str(f)]
        doing += bool(real)
        _check(rid, str(r), i18n.render(r, "ja"), real, f"move {i} {a}")
        g.apply(a)
    assert doing >= 3, f"{rid}: too few moves that do something were seen"


@pytest.mark.parametrize("rid", ["senkai", "ijinden"])
def test_hints_say_what_the_move_does_in_both_languages(rid):
    from tabletop.bots.hint import hint
    g = Game.new(rid, seed=5)
    rnd = [make_bot("random", p, 5) for p in (0, 1)]
    seen = 0
    for i in range(40):
        if g.is_over():
            break
        p = g.to_act
        if i % 6 == 2 and len(g.legal_actions()) > 1:
            action, reason = hint(g, p)
            _check(rid, str(reason), i18n.render(reason, "ja"), [], f"hint {i}")
            assert RULE_ID.search(str(reason)) or " phase" in str(reason), reason
            seen += 1
        g.apply(rnd[p].choose(g.view(p), g.legal_actions()))
    assert seen >= 3


def test_a_summon_facing_an_empty_lane_says_it_can_attack_the_walls_sk_r21():
    from tabletop.bots.reasons import move_reason
    g = Game.new("senkai", seed=3)
    for _ in range(200):
        p = g.to_act
        plays = [a for a in g.legal_actions() if a.kind == "play" and str(a.get("to", "")).split(".")[-1].startswith("lane")]
        for a in plays:
            lane = a.get("to").split(".")[-1]
            facing = {"lane_left": "lane_right", "lane_right": "lane_left"}.get(lane, lane)
            if not g.state.zones[f"{1 - p}.{facing}"]:
                g2 = g.clone()
                g2.apply(a)
                while g2.state.pending and g2.to_act == p and any(x.kind == "pay_auto" for x in g2.legal_actions()):
                    g2.apply(next(x for x in g2.legal_actions() if x.kind == "pay_auto"))
                r = move_reason(g, g2, a, None, p)
                if g2.state.zones[f"{p}.{lane}"]:
                    assert "faces an empty lane" in str(r) and "SK-R21" in str(r), str(r)
                    assert "SK-R21" in i18n.render(r, "ja") and english_ok(str(r))
                    return
        g.apply(make_bot("greedy", p, 3).choose(g.view(p), g.legal_actions()))
        if g.is_over():
            break
    pytest.fail("no summon into an open lane was found")


def test_sk_r22_danger_when_walls_are_gone():
    g = Game.new("senkai", seed=2)
    for _ in range(6):
        g.apply(g.legal_actions()[0])
    assert danger(g, 0) is None and danger(g, 1) is None
    g.state.zones["1.walls"].clear()
    d = danger(g, 1)
    assert d is not None and "SK-R22" in str(d) and "P2" in str(d) and danger(g, 0) is None
    assert "SK-R22" in i18n.render(d, "ja") and not re.search(r"[a-z]{3,}", i18n.render(d, "ja"))


def _find_danger(rid, seed=1, moves=400):
    g = Game.new(rid, seed=seed)
    bots = [make_bot("greedy", p, seed) for p in (0, 1)]
    for _ in range(moves):
        if g.is_over():
            return None, None, None
        for seat in (0, 1):
            d = danger(g, seat)
            if d is not None:
                return g, seat, d
        p = g.to_act
        g.apply(bots[p].choose(g.view(p), g.legal_actions()))
    return None, None, None


@pytest.mark.parametrize("rid,rule", [("ijinden", "IJ-R2"), ("monmusu", "MM-R44"), ("danmaku", "DM-R1"),
                                      ("fourdeck", "FD-R16")])
def test_each_ruleset_warns_when_one_hit_decides_the_game(rid, rule):
    for seed in (1, 2, 3):
        g, seat, d = _find_danger(rid, seed)
        if d is not None:
            break
    assert d is not None, f"{rid}: no danger warning in three seeded games"
    text, ja = str(d), i18n.render(d, "ja")
    assert rule in text and f"P{seat + 1}" in text and RULE_ID.search(ja)
    s, ctl = g.state, g.controller
    if rid == "monmusu":     # the HP is within the opponent's best POW
        assert s.players[seat]["hp"] <= max(ctl.pow(s, u) for u in ctl.monsters(s, 1 - seat))
    if rid == "ijinden" and "IJ-R22" in text:   # the opponent has Ijin on the battlefield
        assert s.zones[f"{1 - seat}.battlefield"]
    if rid == "fourdeck":
        assert ctl.field_cost(s, seat) > 0


def test_a_hint_never_suggests_a_spell_that_does_nothing(tmp_path):
    from tabletop.bots.explain import does_nothing
    from tabletop.bots.hint import hint
    path = tmp_path / "s.yaml"
    path.write_text("""\
ruleset: senkai
title: nothing to hit
turn: 3
active: p1
phase: main
zones:
  p1.mana: [aka_no_maryoku, aka_no_maryoku, midori_no_maryoku]
  p1.hand: [kaendan, oni_no_houkou, kodama]
  p1.walls: [kodama, kodama, kodama, kodama]
  p2.walls: [kodama, kodama, kodama, kodama]
  p1.deck: [kodama, kodama, kodama]
  p2.deck: [kodama, kodama, kodama]
  p1.mana_deck: [aka_no_maryoku, aka_no_maryoku]
  p2.mana_deck: [ao_no_maryoku, ao_no_maryoku]
""", encoding="utf-8")
    g = Game.from_scenario(str(path))
    idle = {g.state.cards[a.get("card")].cid for a in g.legal_actions(0) if does_nothing(g, a)}
    assert idle == {"kaendan", "oni_no_houkou"}     # no enemy monster to hit, no own 鬼 to roar for (SK-R17)
    action, reason = hint(g, 0)
    assert action is not None and not does_nothing(g, action), str(reason)


@pytest.mark.parametrize("rid", ["senkai", "ijinden"])
def test_undos_reason_names_the_shown_card_only_to_a_reader_who_sees_it(rid):
    g = Game.new(rid, seed=8)
    rnd = [make_bot("random", p, 8) for p in (0, 1)]
    named = 0
    for _ in range(120):
        if g.is_over():
            break
        p = g.to_act
        g.apply(rnd[p].choose(g.view(p), g.legal_actions()))
        s, ctl, rs = g.state, g.controller, g.ruleset
        for viewer in (0, 1):
            why = g.undo_blocked(viewer)
            if why is None:
                continue
            text = str(why)
            assert "drew or showed" not in text
            seen = {rs.cards[c.cid].name_en for c in s.cards.values() if ctl.visible(s, c, viewer)}
            hidden = {rs.cards[c.cid].name_en for c in s.cards.values()} - seen
            leaked = [n for n in hidden if n and f" {n} " in f" {text} "]
            assert not leaked, f"{text!r} names {leaked}, hidden from P{viewer + 1}"
            named += any(n and n in text for n in seen) and "showed" in text
    assert named >= 2
