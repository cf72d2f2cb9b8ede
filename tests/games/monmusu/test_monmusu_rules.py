"""Rules tests for monmusu (モン娘☆は～れむ), one or more per rule id of docs/rules/monmusu.md."""
from __future__ import annotations

from collections import Counter

import pytest

from monmusu_helpers import act, new_game_to_turn1, offer, pass_all, pay, paying, position, scenario, time, uid, why
from one_language import check_games
from tabletop.i18n import render
from tabletop.engine import Action, Game, load_ruleset
from tabletop.engine.effects import is_manual
from tabletop.engine.ruleset import DeckList, check_deck_rules

RS = load_ruleset("monmusu")


def ctl(g):
    return g.controller


# --- cards and deck ---------------------------------------------------------------------------
def test_mm_r1_card_name_is_title_plus_name_and_same_name_evolves():
    for d in RS.cards.values():
        if d.kind == "monster":
            assert d.name == (f"{d.get('title')} {d.get('monster')}" if d.get("title") else d.get("monster"))
    names = Counter(d.get("monster") for d in RS.cards.values() if d.kind == "monster")
    assert sum(1 for n in names.values() if n >= 2) >= 6   # several titles share a name
    g = scenario("02_evolve_and_awaken.yaml")
    h1 = uid(g, "hinoko_1")
    assert why(g, "evolve", card=uid(g, "hinoko_3"), target=h1) is None
    assert "same monster" in why(g, "evolve", card=uid(g, "sara_3"), target=h1)


def test_mm_r2_spells_and_trap_spells():
    kinds = Counter((d.kind, bool(d.get("trap"))) for d in RS.cards.values())
    assert kinds[("spell", False)] >= 4 and kinds[("spell", True)] >= 4
    assert len(RS.cards) >= 36 and len({d.color for d in RS.cards.values()}) >= 3


def test_mm_r3_four_skill_kinds_in_the_pool():
    texts = " ".join(d.text for d in RS.cards.values())
    for tag in ("[起動]", "[誘発]", "[永続]", "[特殊]"):
        assert tag in texts
    costs = {d.get("cost") for d in RS.cards.values() if d.kind == "monster"}
    assert costs == {1, 2, 3, 4, 5}


def test_mm_r4_deck_rules():
    for name in RS.starter_decks:
        deck = RS.decks[name]
        assert len(deck.cards("main")) == 50
        cost1 = {RS.cards[c].get("monster") for c in deck.cards("main")
                 if RS.cards[c].kind == "monster" and RS.cards[c].get("cost") == 1}
        assert len(cost1) >= 4
        assert not check_deck_rules(deck, RS)
    cls = type(Game.new("monmusu", seed=1).controller)
    no_cost1 = DeckList("x", "x", {"main": [("heat_up", 3, 2), ("hinoko_3", 3, 3)]})
    assert any("cost-1" in m for _, m in cls.check_deck(no_cost1, RS))
    four = DeckList("y", "y", {"main": [("hinoko_1", 4, 2)]})
    assert any("MM-R4" in m for _, m in check_deck_rules(four, RS))
    # no limit per monster name: 3 + 3 of two ヒノコ titles is fine
    ok = DeckList("z", "z", {"main": [("hinoko_1", 3, 2), ("hinoko_3", 3, 3)]})
    assert not cls.check_deck(ok, RS)


def test_mm_r5_field_and_deck_out_is_no_loss(tmp_path):
    for z in ("deck", "grave", "mana", "hand", "main1", "main4", "sub1", "sub4"):
        assert z in RS.zones
    g = position(tmp_path, {"p1.main1": ["hinoko_1"], "p2.main1": ["nemu_1"]}, phase="cast")
    act(g, "end_turn")
    act(g, "end_turn")    # both decks are empty: the draws do nothing
    assert g.outcome() is None and g.state.phase == "charge"


# --- setup -----------------------------------------------------------------------------------
def test_mm_r6_janken_winner_chooses_first_or_second():
    g = Game.new("monmusu", seed=3)
    winner = g.state.pending[0]["player"]
    assert g.state.pending[0]["kind"] == "order"
    act(g, "choose_order", choice="second")
    assert g.state.first == 1 - winner


def test_mm_r7_main_monsters_chosen_face_down_and_cast():
    g = Game.new("monmusu", seed=4)
    act(g, "choose_order", choice="first")
    p = g.to_act
    assert g.state.pending[0]["kind"] == "pick_main" and g.state.pending[0]["left"] == 4
    picks = g.legal_actions()
    assert all(RS.cards[a["choice"]].get("cost") == 1 for a in picks)
    first = picks[0]
    g.apply(first)
    name = RS.cards[first["choice"]].get("monster")
    assert all(RS.cards[a["choice"]].get("monster") != name for a in g.legal_actions())  # different monsters
    c = g.state.cards[g.state.zones[f"{p}.main1"][0]]
    assert not c.face_up and c.tapped
    assert g.view(p).zone(p, "main1")[0].cid == c.cid
    assert g.view(1 - p).zone(p, "main1")[0].cid is None
    while g.state.pending[0]["kind"] == "pick_main":
        g.apply(g.legal_actions()[0])
    assert all(g.state.zones[f"{q}.main{i}"] for q in (0, 1) for i in range(1, 5))


def test_mm_r8_face_down_mana_seen_by_owner_only():
    g = Game.new("monmusu", seed=5)
    act(g, "choose_order", choice="first")
    while g.state.pending[0]["kind"] == "pick_main":
        g.apply(g.legal_actions()[0])
    for p in (0, 1):
        assert len(g.state.zones[f"{p}.mana"]) == 1
        u = g.state.zones[f"{p}.mana"][0]
        assert not g.state.cards[u].face_up
        assert g.view(p).zone(p, "mana")[0].cid is not None
        assert g.view(1 - p).zone(p, "mana")[0].cid is None


def test_mm_r9_five_cards_each():
    g = Game.new("monmusu", seed=6)
    act(g, "choose_order", choice="first")
    while g.state.pending[0]["kind"] == "pick_main":
        g.apply(g.legal_actions()[0])
    assert [len(g.state.zones[f"{p}.hand"]) for p in (0, 1)] == [5, 5]


def test_mm_r10_mulligan_order_and_compensating_draw():
    g = Game.new("monmusu", seed=7)
    act(g, "choose_order", choice="first")
    while g.state.pending[0]["kind"] == "pick_main":
        g.apply(g.legal_actions()[0])
    first = g.state.first
    assert g.state.pending[0] == {**g.state.pending[0], "kind": "mulligan", "player": first}
    before = list(g.state.zones[f"{first}.hand"])
    act(g, "mulligan", choice=True)
    assert len(g.state.zones[f"{first}.hand"]) == 5
    assert g.state.pending[0]["kind"] == "mulligan" and g.state.pending[0]["player"] == 1 - first
    act(g, "mulligan", choice=False)
    assert g.state.pending[0]["kind"] == "extra_draw" and g.state.pending[0]["player"] == 1 - first
    act(g, "extra_draw", choice=True)
    assert len(g.state.zones[f"{1 - first}.hand"]) == 6
    assert before  # the hand was returned and redrawn


def test_mm_r11_reveal_and_hp_400():
    g = new_game_to_turn1(8)
    for p in (0, 1):
        assert g.state.players[p]["hp"] == 400
        assert all(g.state.cards[u].face_up for z in ("main1", "mana") for u in g.state.zones[f"{p}.{z}"])
    assert g.state.turn == 1 and g.state.phase == "charge"


# --- the turn ----------------------------------------------------------------------------------
def test_mm_r12_recast_phase(tmp_path):
    g = position(tmp_path, {
        "p1.main1": ["hinoko_1"],
        "p2.main1": [{"card": "nemu_1", "tapped": True, "flags": {"ct": 2, "since": 7}}],
        "p2.main2": [{"card": "myu_1", "tapped": True, "flags": {"ct": 9, "since": 7}}],
        "p2.main3": [{"card": "sui_1", "tapped": True, "flags": {"down": True, "ct": 1, "since": 7}}],
        "p2.mana": [{"card": "shadow_bite", "tapped": True}]})
    act(g, "end_turn")
    s = g.state
    assert s.active == 1
    assert not s.cards[uid(g, "nemu_1")].tapped
    assert s.cards[uid(g, "myu_1")].tapped
    sui = s.cards[uid(g, "sui_1")]
    assert not sui.tapped and not sui.flags.get("down")
    assert not s.cards[uid(g, "shadow_bite")].tapped


def test_mm_r13_no_draw_in_first_players_first_turn():
    g = new_game_to_turn1(9)
    first = g.state.first
    assert len(g.state.zones[f"{first}.hand"]) == 5
    act(g, "end_turn")
    assert len(g.state.zones[f"{1 - first}.hand"]) == 6


def test_mm_r14_charge_one_card(tmp_path):
    g = position(tmp_path, {"p1.hand": ["hinoko_1", "sara_1"], "p1.main1": ["volca_1"]}, phase="charge")
    act(g, "charge", card=uid(g, "hinoko_1"), to="0.mana")
    assert g.state.phase == "home"
    assert "Charge phase" in why(g, "charge", card=uid(g, "sara_1"), to="0.mana")


def test_mm_r15_home_phase_summons_any_number(tmp_path):
    g = position(tmp_path, {"p1.hand": ["hinoko_1", "sara_1", "volca_1"], "p1.mana": ["heat_up"] * 3},
                 phase="home")
    for cid, z in (("hinoko_1", "sub1"), ("sara_1", "sub2"), ("volca_1", "sub3")):
        act(g, "summon", card=uid(g, cid), to=f"0.{z}")
    assert all(g.state.zones[f"0.sub{i}"] for i in (1, 2, 3))


def test_mm_r16_cast_phase_attack_skill_attack(tmp_path):
    g = position(tmp_path, {"p1.main1": ["hinoko_3"], "p1.main2": ["sara_1"], "p1.mana": ["heat_up"],
                            "p2.sub1": ["kino_1"], "p2.sub2": ["myu_1"], "p2.main1": ["nemu_1"]})
    act(g, "attack", card=uid(g, "sara_1"), target=uid(g, "kino_1"))
    pass_all(g)
    act(g, "skill", card=uid(g, "hinoko_3"))
    act(g, "attack", card=uid(g, "hinoko_3"), target=uid(g, "myu_1"))
    pass_all(g)
    assert g.state.phase == "cast" and g.state.zones["1.grave"]


def test_mm_r17_end_phase_ends_the_turn_and_effects(tmp_path):
    g = position(tmp_path, {"p1.main1": ["hinoko_3"], "p1.mana": ["heat_up"], "p2.main1": ["nemu_1"]})
    h = uid(g, "hinoko_3")
    act(g, "skill", card=h)
    assert ctl(g).pow(g.state, h) == 450
    t = time(g)
    act(g, "end_phase")
    assert ctl(g).pow(g.state, h) == 300     # "until end of turn" ended
    assert g.state.active == 1 and time(g) == t + 2   # turn end, then P2's draw phase end


def test_mm_r17_end_phase_skills_are_offered(tmp_path):
    g = position(tmp_path, {"p1.main1": ["doryu_5"], "p2.main1": ["nemu_1"]}, players={"p1": {"hp": 100},
                                                                                   "p2": {"hp": 400}})
    act(g, "end_phase")
    assert g.state.phase == "end" and offer(g)["trigger"] == "end_phase"
    t = time(g)
    act(g, "use_skill")
    assert g.state.players[0]["hp"] == 150 and g.state.active == 1
    assert time(g) == t + 3            # skill use, turn end, P2's draw phase end


# --- summoning ---------------------------------------------------------------------------------
def test_mm_r18_summon_needs_attribute_in_mana_and_cost(tmp_path):
    g = position(tmp_path, {"p1.hand": ["nemu_3", "hinoko_3", "hinoko_1"], "p1.mana": ["heat_up", "flame_pillar"]},
                 phase="home")
    assert "MM-R18" in why(g, "summon", card=uid(g, "nemu_3"), to="0.sub1")
    assert "cost is 3" in why(g, "summon", card=uid(g, "hinoko_3"), to="0.sub1")
    act(g, "summon", card=uid(g, "hinoko_1"), to="0.sub1")
    assert sum(g.state.cards[u].tapped for u in g.state.zones["0.mana"]) == 1


def test_mm_r19_normal_summon_cast_into_battle_zone(tmp_path):
    g = position(tmp_path, {"p1.hand": ["sara_1"], "p1.mana": ["heat_up"]}, phase="home")
    u = uid(g, "sara_1")
    act(g, "summon", card=u, to="0.sub2")
    c = g.state.cards[u]
    assert c.zone == "0.sub2" and c.tapped and c.face_up


def test_mm_r20_evolution_on_top_recast_cost_reduced_draw_and_summon():
    g = scenario("02_evolve_and_awaken.yaml")
    h1, h3 = uid(g, "hinoko_1"), uid(g, "hinoko_3")
    hand, t = len(g.state.zones["0.hand"]), time(g)
    act(g, "evolve", card=h3, target=h1)
    s = g.state
    assert s.zones["0.main1"] == [h3] and s.cards[h3].attached == [h1]
    assert not s.cards[h3].tapped                                   # recast
    assert sum(s.cards[u].tapped for u in s.zones["0.mana"]) == 2   # 3 - 1
    assert len(s.zones["0.hand"]) == hand - 1 + 1                   # drew 1
    assert time(g) == t + 1                                         # a summon


def test_mm_r21_awakening_underneath_stays_cast():
    g = scenario("02_evolve_and_awaken.yaml")
    h1, h5 = uid(g, "hinoko_1"), uid(g, "hinoko_5")
    t = time(g)
    act(g, "awaken", card=h5, target=h1)
    s = g.state
    assert s.zones["0.main1"] == [h1] and s.cards[h1].attached == [h5]
    assert s.cards[h1].tapped                                       # stays cast
    assert sum(s.cards[u].tapped for u in s.zones["0.mana"]) == 4   # 5 - 1
    assert time(g) == t + 1 and not offer(g)                        # no "summoned" skill


def test_mm_r21_awakening_costs_at_least_1(tmp_path):
    g = position(tmp_path, {"p1.main1": ["hinoko_3"], "p1.hand": ["hinoko_1"], "p1.mana": ["heat_up"]},
                 phase="home")
    assert ctl(g).stack_cost(g.state, uid(g, "hinoko_1"), uid(g, "hinoko_3")) == 1
    act(g, "awaken", card=uid(g, "hinoko_1"), target=uid(g, "hinoko_3"))


def test_mm_r22_one_of_the_same_monster(tmp_path):
    g = position(tmp_path, {"p1.main1": ["hinoko_1"], "p1.hand": ["hinoko_3"], "p1.mana": ["heat_up"] * 3},
                 phase="home")
    assert "MM-R22" in why(g, "summon", card=uid(g, "hinoko_3"), to="0.sub1")


def test_mm_r23_put_out_is_not_a_summon_and_takes_no_time(tmp_path):
    g = position(tmp_path, {"p1.main1": ["hinoko_3"], "p1.mana": ["heat_up"],
                            "p2.sub1": ["honeri_1"], "p2.main1": ["nemu_1"], "p2.hand": ["arura_1"]})
    act(g, "attack", card=uid(g, "hinoko_3"), target=uid(g, "honeri_1"))
    t = time(g)
    o = offer(g)
    assert o["trigger"] == "destroyed" and o["card"] == uid(g, "honeri_1")
    act(g, "use_skill")                           # skill use: +1
    act(g, "choose_target", target=uid(g, "arura_1"))
    ar = g.state.cards[uid(g, "arura_1")]
    assert ar.zone == "1.sub1"
    assert not offer(g)                           # arura's "after summoned" skill does not trigger
    assert time(g) == t + 2                       # skill use + the attack, nothing for 出す


def test_mm_r24_no_attack_in_first_players_first_turn():
    g = new_game_to_turn1(10)
    act(g, "end_phase")
    act(g, "end_phase")
    p = g.state.first
    assert g.state.phase == "cast" and g.state.turn == 1
    mon = g.state.zones[f"{p}.main1"][0]
    g.state.cards[mon].tapped = False
    a = Action.make("attack", p, card=mon, target=g.state.zones[f"{1 - p}.main1"][0])
    assert "MM-R24" in g.why_not(a)


def test_mm_r25_activated_skill_pays_its_cost(tmp_path):
    g = position(tmp_path, {"p1.main1": ["minamo_1"], "p1.deck": ["kino_1"], "p2.main1": ["nemu_1"]})
    m = uid(g, "minamo_1")
    act(g, "skill", card=m)
    assert g.state.cards[m].tapped and len(g.state.zones["0.hand"]) == 1
    assert str(g.ruleset.word("untapped")) in why(g, "skill", card=m)   # the game's own word (recast)


def test_mm_r26_spell_user_rules(tmp_path):
    g = position(tmp_path, {"p1.main1": ["hinoko_1"], "p1.main2": [{"card": "sara_1", "tapped": True}],
                            "p1.main3": ["doryu_1"], "p1.hand": ["heat_up", "fire_pitfall"],
                            "p1.mana": ["blessed_rain"], "p2.main1": ["nemu_1"]})
    sp = uid(g, "heat_up")
    assert "MM-R26" in why(g, "spell", card=sp, target=uid(g, "sara_1"))          # cast user
    assert "MM-R26" in why(g, "spell", card=sp, target=uid(g, "doryu_1"))         # other attribute
    assert "MM-R26" in why(g, "spell", card=sp, target=uid(g, "hinoko_1"))        # no fire mana
    assert "MM-R2" in why(g, "spell", card=uid(g, "fire_pitfall"), target=uid(g, "hinoko_1"))  # trap from hand
    g.state.zones["0.mana"].append(g.state.zones["0.hand"].pop(g.state.zones["0.hand"].index(sp)))
    g.state.cards[sp].zone = "0.mana"
    g.state.cards[sp].face_up = True
    g2 = position(tmp_path, {"p1.main1": ["hinoko_1"], "p1.hand": ["heat_up"], "p1.mana": ["flame_pillar"],
                             "p2.main1": ["nemu_1"]})
    sp, h = uid(g2, "heat_up"), uid(g2, "hinoko_1")
    act(g2, "spell", card=sp, target=h)
    assert g2.state.cards[sp].zone == "0.grave" and ctl(g2).pow(g2.state, h) == 350


def test_mm_r27_trap_set_face_down_and_used_from_its_column(tmp_path):
    g = position(tmp_path, {"p1.main1": ["hinoko_1"], "p1.main2": ["sara_1"], "p1.hand": ["fire_pitfall"],
                            "p1.mana": ["heat_up", "flame_pillar"], "p2.main1": ["nemu_1"]})
    t = uid(g, "fire_pitfall")
    assert "empty" in why(g, "set_trap", card=t, to="0.main1")
    act(g, "set_trap", card=t, to="0.sub1")
    assert not g.state.cards[t].face_up
    assert g.view(1).card(t).cid is None and g.view(0).card(t).cid == "fire_pitfall"
    assert "MM-R27" in why(g, "spell", card=t, target=uid(g, "sara_1"))
    hp = g.state.players[1]["hp"]
    act(g, "spell", card=t, target=uid(g, "hinoko_1"))
    assert g.state.players[1]["hp"] == hp - 50 and g.state.cards[t].zone == "0.grave"


# --- battle ------------------------------------------------------------------------------------
def test_mm_r28_attack_targets():
    g = scenario("03_attack_targets.yaml")
    s = g.state
    legal = set(ctl(g).attackable(s, 1))
    assert legal == {uid(g, "nemu_1"), uid(g, "sui_1"), uid(g, "honeri_1")}
    assert {u for u in ctl(g).monsters(s, 1) if ctl(g).can_be_attacked(s, u)} == legal
    sara = uid(g, "sara_1")
    assert "MM-R28" in why(g, "attack", card=sara, target=uid(g, "ruruka_1"))
    assert "MM-R28" in why(g, "attack", card=sara, target=uid(g, "myu_1"))
    assert "MM-R38" in why(g, "attack", card=sara, target=uid(g, "minamo_1"))
    assert "MM-R28" in why(g, "attack", card=sara, target_player=1)


def test_mm_r28_direct_attack_when_nothing_can_be_attacked():
    g = scenario("04_direct_attack.yaml")
    h = uid(g, "hinoko_3")
    act(g, "attack", card=h, target_player=1)
    pass_all(g)
    assert g.state.players[1]["hp"] == 0 and g.outcome().winner == 0    # 250 - 300


def test_mm_r32_direct_attack_deals_the_whole_pow(tmp_path):
    g = position(tmp_path, {"p1.main1": ["hinoko_3"], "p2.sub1": ["ruruka_1"]})
    act(g, "attack", card=uid(g, "hinoko_3"), target_player=1)
    assert g.state.players[1]["hp"] == 100


def test_mm_r29_attack_decided_casts_with_base_ct(tmp_path):
    g = position(tmp_path, {"p1.main1": ["volca_4"], "p2.main1": ["nemu_1"]})
    v = uid(g, "volca_4")
    act(g, "attack", card=v, target=uid(g, "nemu_1"))
    c = g.state.cards[v]
    assert c.tapped and c.flags["ct"] == 5 and c.flags["since"] == 7


def test_mm_r30_during_battle_skill_offered(tmp_path):
    g = position(tmp_path, {"p1.main1": ["hinoko_3"], "p2.main1": ["nemu_3"], "p2.mana": ["shadow_bite"]})
    act(g, "attack", card=uid(g, "hinoko_3"), target=uid(g, "nemu_3"))
    o = offer(g)
    assert o and o["trigger"] == "during_battle" and g.state.cards[uid(g, "hinoko_3")].tapped
    act(g, "use_skill")
    assert g.state.players[0]["hp"] == 400 - 120      # ネム 420 beats ヒノコ 300


def test_mm_r31_equal_pow_is_a_draw(tmp_path):
    g = position(tmp_path, {"p1.main1": ["sara_1"], "p2.main1": ["sui_1"]})
    act(g, "attack", card=uid(g, "sara_1"), target=uid(g, "sui_1"))
    s = g.state
    assert s.players[0]["hp"] == s.players[1]["hp"] == 400
    assert not s.cards[uid(g, "sui_1")].flags.get("down")


def test_mm_r32_damage_goes_to_the_right_player(tmp_path):
    g = position(tmp_path, {"p1.main1": ["hinoko_3"], "p1.main2": ["volca_1"],
                            "p2.main1": ["nemu_1"], "p2.main2": ["sara_1"]})
    act(g, "attack", card=uid(g, "hinoko_3"), target=uid(g, "nemu_1"))
    assert g.state.players[1]["hp"] == 250
    act(g, "attack", card=uid(g, "volca_1"), target=uid(g, "sara_1"))
    pass_all(g)
    assert g.state.players[0]["hp"] == 350     # ボルカ 150 loses to サラ 200


def test_mm_r32_before_destroyed_skill_then_destruction(tmp_path):
    g = position(tmp_path, {"p1.main1": ["hinoko_3"], "p2.main1": ["myu_1"]})
    m = uid(g, "myu_1")
    act(g, "attack", card=uid(g, "hinoko_3"), target=m)
    o = offer(g)
    assert o["trigger"] == "before_destroyed" and not g.state.cards[m].flags.get("down")
    act(g, "use_skill")
    s = g.state
    assert s.players[0]["hp"] == 350 and s.players[1]["hp"] == 200
    assert s.cards[m].flags["down"] and s.cards[m].flags["ct"] == 0      # [特殊] quick_revive


def test_mm_r33_after_battle_skill_of_a_destroyed_monster():
    g = scenario("07_after_battle.yaml")
    v = uid(g, "volca_1")
    act(g, "attack", card=uid(g, "sara_3"), target=v)
    assert g.state.cards[v].zone == "1.grave"
    o = offer(g)
    assert o and o["card"] == v and o["trigger"] == "after_battle"
    act(g, "use_skill")
    assert len(g.state.zones["1.hand"]) == 1


def test_mm_r34_effects_put_monsters_into_ct(tmp_path):
    g = position(tmp_path, {"p1.main1": ["doryu_1"], "p1.hand": ["thorn_cage"], "p1.mana": ["blessed_rain", "kino_1"],
                            "p2.main1": ["nemu_1"]})
    act(g, "spell", card=uid(g, "thorn_cage"), target=uid(g, "doryu_1"))
    act(g, "choose_target", target=uid(g, "nemu_1"))
    c = g.state.cards[uid(g, "nemu_1")]
    assert c.tapped and c.flags["ct"] == 3


# --- CT and time ----------------------------------------------------------------------------
def test_mm_r35_time_advances_at_exactly_the_listed_moments(tmp_path):
    g = position(tmp_path, {"p1.hand": ["kino_1", "sara_1", "fire_pitfall", "hinoko_3"], "p1.main1": ["hinoko_1"],
                            "p1.mana": ["heat_up"] * 4, "p1.deck": ["kino_1"] * 4, "p2.main1": ["nemu_1"],
                            "p2.deck": ["kino_1"] * 3}, phase="charge")
    t = time(g)
    act(g, "charge", card=uid(g, "kino_1", "0.hand"), to="0.mana")
    assert time(g) == t + 1                         # charge phase ends
    act(g, "summon", card=uid(g, "sara_1"), to="0.sub1")
    assert time(g) == t + 1                         # choosing the mana (fire or forest) is no moment
    pay(g)
    assert time(g) == t + 2                         # summon
    act(g, "awaken", card=uid(g, "hinoko_3"), target=uid(g, "hinoko_1"))
    pay(g)
    assert time(g) == t + 3                         # awakening
    act(g, "end_phase")
    assert time(g) == t + 3                         # the home phase's end is not a moment
    act(g, "set_trap", card=uid(g, "fire_pitfall"), to="0.sub2")
    assert time(g) == t + 3                         # setting a trap is not a moment
    act(g, "attack", card=uid(g, "hinoko_1"), target=uid(g, "nemu_1"))
    pass_all(g)
    assert time(g) == t + 4                         # attack
    act(g, "end_phase")
    assert time(g) == t + 6                         # turn end, P2's draw phase end


def test_mm_r36_ct_complete_only_when_elapsed_exceeds_ct():
    g = scenario("01_ct_and_time.yaml")
    sara, volca = uid(g, "sara_1"), uid(g, "volca_1")
    act(g, "end_phase")
    act(g, "end_turn")
    s = g.state
    # P1's recast phase came at time 16: 6 since the turn start 10 (then the draw phase ended: 17)
    assert s.active == 0 and time(g) == 17
    assert not s.cards[sara].tapped        # 6 > 3
    assert s.cards[volca].tapped           # 6 is not > 6
    assert ctl(g).needs(s, volca) == 0     # 7 > 6 now: it recasts in the next recast phase


# --- destruction -------------------------------------------------------------------------------
def test_mm_r37_destroyed_sub_goes_to_the_graveyard_with_materials(tmp_path):
    g = position(tmp_path, {"p1.main1": ["nemu_5"], "p2.sub1": [{"card": "sara_3", "under": ["sara_1"]}],
                            "p2.main1": ["hinoko_1"]})
    act(g, "attack", card=uid(g, "nemu_5"), target=uid(g, "sara_3"))
    pass_all(g)
    assert set(g.state.zones["1.grave"]) == {uid(g, "sara_3"), uid(g, "sara_1")}


def test_mm_r38_destroyed_main_goes_down():
    g = scenario("06_main_goes_down.yaml")
    nemu = uid(g, "nemu_1")
    act(g, "attack", card=uid(g, "hinoko_3"), target=nemu)
    c = g.state.cards[nemu]
    assert c.zone == "1.main1" and c.flags["down"] and c.tapped and c.flags["ct"] == 2
    assert nemu not in ctl(g).attackable(g.state, 1)
    assert not ctl(g).destroy(g.state, nemu)                 # cannot be destroyed
    targets = ctl(g).effect_candidates(g.state, {"player": 0, "source": 1}, {"side": "enemy"})
    assert set(targets) == {uid(g, "sui_1"), uid(g, "myu_1")}        # not the down ネム


def test_mm_r38_down_monster_cannot_use_skills_or_spells(tmp_path):
    g = position(tmp_path, {"p1.main1": [{"card": "minamo_1", "flags": {"down": True, "ct": 2, "since": 7}}],
                            "p1.hand": ["aqua_veil"], "p1.mana": ["whirlpool"], "p2.main1": ["nemu_1"]})
    m = uid(g, "minamo_1")
    assert "MM-R38" in why(g, "skill", card=m)
    assert "MM-R38" in why(g, "spell", card=uid(g, "aqua_veil"), target=m)
    assert "MM-R38" in why(g, "attack", card=m, target=uid(g, "nemu_1"))


def test_mm_r39_triggered_skill_lost_when_its_card_left():
    g = scenario("08_left_the_place.yaml")
    v = uid(g, "volca_4")
    act(g, "attack", card=uid(g, "ruruka_2"), target=v)
    assert [p["card"] for p in g.state.pending] == [uid(g, "ruruka_2"), v]
    act(g, "use_skill")
    assert v not in g.state.cards and uid(g, "volca_4", "1.hand")     # back in the hand, with a fresh id
    assert not g.state.pending and g.state.data["battle"] is None
    assert any("MM-R39" in e for e in g.view(0).log[-6:])
    assert g.state.players[0]["hp"] == 400


# --- other rules -------------------------------------------------------------------------------
def test_mm_r40_card_text_beats_rules(tmp_path):
    g = position(tmp_path, {"p1.hand": ["ifri_2"], "p1.mana": ["heat_up", "heat_up"]}, phase="home")
    i = uid(g, "ifri_2")
    act(g, "summon", card=i, to="0.sub1")
    assert not g.state.cards[i].tapped          # [特殊] recast on summon
    ok = DeckList("k", "k", {"main": [("kino_1", 8, 2)]})
    assert not [m for _, m in check_deck_rules(ok, RS) if "copies" in m]   # [特殊] any number of copies
    bad = DeckList("k", "k", {"main": [("hinoko_1", 8, 2)]})
    assert [m for _, m in check_deck_rules(bad, RS) if "copies" in m]


def test_mm_r40_unattackable_main_monster(tmp_path):
    g = position(tmp_path, {"p1.main1": ["hinoko_3"], "p2.main1": ["ruruka_1"], "p2.main2": ["nemu_1"]})
    assert ctl(g).attackable(g.state, 1) == [uid(g, "nemu_1")]
    assert "MM-R28" in why(g, "attack", card=uid(g, "hinoko_3"), target=uid(g, "ruruka_1"))


def test_mm_r41_main_monster_never_leaves(tmp_path):
    g = position(tmp_path, {"p1.main1": ["ruruka_2"], "p1.mana": ["whirlpool"], "p2.main1": ["volca_4"]})
    v = uid(g, "volca_4")
    act(g, "attack", card=uid(g, "ruruka_2"), target=v)
    act(g, "use_skill")
    assert g.state.cards[v].zone == "1.main1"


def test_mm_r42_material_cards_are_not_monsters(tmp_path):
    g = position(tmp_path, {"p1.main1": [{"card": "kuroe_4", "under": ["kuroe_2", "kuroe_2"]}],
                            "p2.main1": ["nemu_1"]})
    k = uid(g, "kuroe_4")
    assert ctl(g).pow(g.state, k) == 350 + 200
    mat = g.state.cards[k].attached[0]
    assert not ctl(g).is_monster(g.state, mat)
    assert "MM-R42" in why(g, "skill", card=mat)


def test_mm_r43_activated_skills_only_in_own_cast_phase(tmp_path):
    g = position(tmp_path, {"p1.main1": ["minamo_1"], "p1.deck": ["kino_1"], "p2.main1": ["nemu_1"]},
                 phase="home")
    m = uid(g, "minamo_1")
    assert "Cast phase" in why(g, "skill", card=m) and "キャストフェイズ" in render(why(g, "skill", card=m), "ja")
    act(g, "end_phase")
    act(g, "end_phase")
    assert g.state.active == 1
    assert why(g, "skill", player=0, card=m) is not None


def test_mm_r44_hp_zero_loses(tmp_path):
    g = position(tmp_path, {"p1.main1": ["hinoko_5"], "p2.main1": ["nemu_1"]},
                 players={"p1": {"hp": 400}, "p2": {"hp": 200}})
    act(g, "attack", card=uid(g, "hinoko_5"), target=uid(g, "nemu_1"))
    assert g.outcome().winner == 0 and g.state.players[1]["hp"] == 0


def test_mm_r44_loss_is_immediate_before_after_battle_skills(tmp_path):
    # The direct attack takes P2 to 0: the game ends at once, ボルカ's after-battle draw is never offered.
    g = position(tmp_path, {"p1.main1": ["volca_1"], "p1.deck": ["kino_1"], "p2.sub1": ["ruruka_1"]},
                 players={"p1": {"hp": 400}, "p2": {"hp": 100}})
    act(g, "attack", card=uid(g, "volca_1"), target_player=1)
    assert g.outcome().winner == 0 and "MM-R44" in g.outcome().reason
    assert not g.state.pending and g.legal_actions() == []


def test_mm_r44_loss_is_immediate_before_the_next_step_of_an_effect(tmp_path):
    # A skill whose first step takes the opponent to 0 wins there: a later step healing them comes too late.
    g = position(tmp_path, {"p1.main1": ["hinoko_1"], "p2.main1": ["nemu_1"]},
                 players={"p1": {"hp": 400}, "p2": {"hp": 100}})
    steps = [{"do": "lose_hp", "who": "enemy", "n": 100}, {"do": "gain_hp", "who": "enemy", "n": 100}]
    ctl(g)._queue(g.state, uid(g, "hinoko_1"), steps, 0)
    assert g.outcome().winner == 0 and g.state.players[1]["hp"] == 0


# --- decisions ---------------------------------------------------------------------------------
def test_mm_d1_normal_summon_into_any_empty_space_of_the_battle_zone(tmp_path):
    # ③④を合わせて「バトルゾーン」と言います: a normal summon may use a main space left empty at setup.
    g = position(tmp_path, {"p1.hand": ["sara_1"], "p1.mana": ["heat_up"], "p1.sub1": ["kino_1"],
                            "p1.main1": ["hinoko_1"]}, phase="home")
    u = uid(g, "sara_1")
    assert "MM-D1" in why(g, "summon", card=u, to="0.sub1")        # taken
    assert "MM-D1" in why(g, "summon", card=u, to="0.main1")       # taken
    tos = {a["to"] for a in g.legal_actions() if a.kind == "summon"}
    assert tos == {"0.sub2", "0.sub3", "0.sub4", "0.main2", "0.main3", "0.main4"}
    act(g, "summon", card=u, to="0.main2")
    assert g.state.cards[u].zone == "0.main2" and g.state.cards[u].tapped
    # In a main space it is a main monster: destroyed, it goes down instead of to the graveyard (MM-R38).
    ctl(g).destroy(g.state, u)
    assert g.state.cards[u].zone == "0.main2" and g.state.cards[u].flags["down"]


def test_mm_d2_trap_in_any_empty_slot_occupies_it(tmp_path):
    g = position(tmp_path, {"p1.main1": ["hinoko_1"], "p1.hand": ["fire_pitfall", "sara_1"],
                            "p1.mana": ["heat_up"], "p2.main1": ["nemu_1"]})
    act(g, "set_trap", card=uid(g, "fire_pitfall"), to="0.main3")
    assert g.state.zones["0.main3"]
    g2 = position(tmp_path, {"p1.sub2": [{"card": "vine_snare", "face_up": False}], "p1.hand": ["sara_1"],
                             "p1.mana": ["heat_up"]}, phase="home")
    assert "MM-D1" in why(g2, "summon", card=uid(g2, "sara_1"), to="0.sub2")


def test_mm_d3_mana_face_up_attribute_is_the_cards(tmp_path):
    g = position(tmp_path, {"p1.hand": ["nemu_1"], "p1.main1": ["hinoko_1"]}, phase="charge")
    n = uid(g, "nemu_1")
    act(g, "charge", card=n, to="0.mana")
    assert g.state.cards[n].face_up and not g.state.cards[n].tapped
    assert ctl(g).mana_attrs(g.state, 0) == {"dark"}


def test_mm_d4_using_a_spell_does_not_cast_the_user(tmp_path):
    g = position(tmp_path, {"p1.main1": ["nemu_1"], "p1.hand": ["shadow_bite"], "p1.mana": ["cursed_doll", "kino_1"],
                            "p2.main1": ["sara_1"]})
    n = uid(g, "nemu_1")
    act(g, "spell", card=uid(g, "shadow_bite"), target=n)
    assert not g.state.cards[n].tapped and g.state.players[1]["hp"] == 300


def test_mm_d5_time_and_ct_on_the_table():
    g = scenario("01_ct_and_time.yaml")
    pub = g.view(1).public
    assert pub["shared"]["Time"] == 12
    shared_ja = {render(k, "ja"): v for k, v in pub["shared"].items()}
    assert shared_ja["タイム"] == 12 and shared_ja["ターン開始時"] == 10
    assert pub["badges"][uid(g, "sara_1")] == ["CT3 2 left"]
    assert [render(b, "ja") for b in pub["badges"][uid(g, "sara_1")]] == ["CT3 あと2"]
    act(g, "end_phase")
    act(g, "end_turn")      # time 17: 7 since the turn start 10 > 6
    assert [render(b, "ja") for b in g.view(0).public["badges"][uid(g, "volca_1")]] == ["CT6 完了"]


def test_mm_d6_hp_never_below_zero(tmp_path):
    g = position(tmp_path, {"p1.main1": ["hinoko_5"], "p2.main1": ["nemu_1"]},
                 players={"p1": {"hp": 400}, "p2": {"hp": 10}})
    act(g, "attack", card=uid(g, "hinoko_5"), target=uid(g, "nemu_1"))
    assert g.state.players[1]["hp"] == 0


def test_mm_d7_setup_mains_recast_once_time_has_passed():
    g = new_game_to_turn1(11)
    first = g.state.first
    assert all(g.state.cards[g.state.zones[f"{first}.main{i}"][0]].tapped for i in range(1, 5))
    act(g, "end_turn")
    second = 1 - first
    assert not any(g.state.cards[g.state.zones[f"{second}.main{i}"][0]].tapped for i in range(1, 5))


def test_mm_d8_summoned_monster_recasts_next_turn(tmp_path):
    g = position(tmp_path, {"p1.hand": ["sara_1"], "p1.mana": ["heat_up"], "p2.main1": ["nemu_1"]}, phase="home")
    u = uid(g, "sara_1")
    act(g, "summon", card=u, to="0.sub1")
    assert g.state.cards[u].flags["ct"] == 0
    act(g, "end_turn")
    act(g, "end_turn")
    assert not g.state.cards[u].tapped


def test_mm_d9_nothing_to_choose_is_paid_at_once_with_the_attribute(tmp_path):
    # Only one fire card can pay the fire spell: it is cast without a question.
    g = position(tmp_path, {"p1.main1": ["hinoko_1"], "p1.hand": ["heat_up"], "p1.mana": ["kino_1", "nemu_1", "sara_1"],
                            "p2.main1": ["nemu_1"]})
    act(g, "spell", card=uid(g, "heat_up"), target=uid(g, "hinoko_1"))
    assert not paying(g)
    assert g.state.cards[uid(g, "sara_1", "0.mana")].tapped
    assert not g.state.cards[uid(g, "kino_1", "0.mana")].tapped


def _kino_summon(tmp_path):
    """P1 summons キノ (forest, cost 1) with a fire and a water mana recast and a water spell in hand."""
    g = position(tmp_path, {"p1.hand": ["kino_1", "aqua_veil"], "p2.main1": ["nemu_1"],
                            "p1.mana": [{"card": "blessed_rain", "tapped": True}, "heat_up", "whirlpool"]},
                 phase="home")
    act(g, "summon", card=uid(g, "kino_1"), to="0.sub1")
    return g, uid(g, "heat_up", "0.mana"), uid(g, "whirlpool", "0.mana")


def test_mm_d9_the_player_chooses_which_mana_to_cast(tmp_path):
    g, fire, water = _kino_summon(tmp_path)
    pe = paying(g)
    assert pe and pe["player"] == 0 and g.state.cards[uid(g, "kino_1")].zone == "0.hand"   # not summoned yet
    legal = g.legal_actions()
    # The suggestion keeps the water mana for アクアヴェール; every recast mana card is lit (target=).
    assert legal[0] == Action.make("pay_mana", 0, mana=fire)
    assert {a["target"] for a in legal if a.kind == "cast_mana"} == {fire, water}
    assert g.view(0).public["badges"][fire] == ["suggested"]
    assert fire not in g.view(1).public["badges"]
    assert "mana" not in g.view(1).pending[0] and "キノ" not in g.view(1).pending[0]["prompt"]
    act(g, "cast_mana", target=water)              # the player's choice, not the suggestion
    assert not paying(g) and g.state.cards[uid(g, "kino_1")].zone == "0.sub1"
    assert g.state.cards[water].tapped and not g.state.cards[fire].tapped
    # The choice mattered: no water mana is left for the water spell.
    act(g, "end_phase")
    assert "MM-R26" in why(g, "spell", card=uid(g, "aqua_veil"), target=uid(g, "kino_1"))


def test_mm_d9_the_suggestion_is_one_button(tmp_path):
    g, fire, water = _kino_summon(tmp_path)
    assert "suggested" in g.describe(Action.make("pay_mana", 0, mana=fire), 0)
    act(g, "pay_mana", mana=fire)
    assert g.state.cards[fire].tapped and not g.state.cards[water].tapped
    assert g.state.cards[uid(g, "kino_1")].zone == "0.sub1"


def test_mm_d9_a_spell_payment_must_include_its_attribute(tmp_path):
    # うずしお (water, cost 2) with fire, forest and water recast: the last card must be the water one.
    g = position(tmp_path, {"p1.main1": ["ruruka_2"], "p1.hand": ["whirlpool"], "p2.sub1": ["kino_1"],
                            "p2.main1": ["nemu_1"], "p1.mana": ["heat_up", "blessed_rain", "aqua_veil"]})
    act(g, "spell", card=uid(g, "whirlpool"), target=uid(g, "ruruka_2"))
    fire, forest, water = (uid(g, c, "0.mana") for c in ("heat_up", "blessed_rain", "aqua_veil"))
    assert "MM-R26" in why(g, "pay_mana", mana=(fire, forest))
    act(g, "cast_mana", target=fire)
    # One more, and it must be water: nothing is left to choose, so it is cast at once.
    assert not paying(g) and g.state.pending[0]["kind"] == "effect_target"   # the spell resolves
    assert g.state.cards[water].tapped and not g.state.cards[forest].tapped


def test_mm_d9_greedy_keeps_the_mana_its_spells_need(tmp_path):
    import random

    from tabletop.bots.greedy import GreedyBot
    g, fire, water = _kino_summon(tmp_path)
    bot = GreedyBot(0, random.Random(3))
    g.apply(bot.choose(g.view(0), g.legal_actions()))
    assert g.state.cards[fire].tapped and not g.state.cards[water].tapped


def test_mm_d10_down_monster_cannot_evolve_or_be_targeted(tmp_path):
    g = position(tmp_path, {"p1.main1": [{"card": "hinoko_1", "tapped": True, "flags": {"down": True, "ct": 2}}],
                            "p1.hand": ["hinoko_3"], "p1.mana": ["heat_up"] * 3}, phase="home")
    assert "MM-D10" in why(g, "evolve", card=uid(g, "hinoko_3"), target=uid(g, "hinoko_1"))
    assert "MM-D10" in why(g, "awaken", card=uid(g, "hinoko_3"), target=uid(g, "hinoko_1"))


def test_mm_d11_charging_ends_the_charge_phase(tmp_path):
    g = position(tmp_path, {"p1.hand": ["hinoko_1"]}, phase="charge")
    act(g, "charge", card=uid(g, "hinoko_1"), to="0.mana")
    assert g.state.phase == "home"


def test_mm_d12_forced_skill_cannot_be_passed_and_trap_comes_after(tmp_path):
    g = position(tmp_path, {"p1.main1": ["hinoko_3"],
                            "p2.main3": ["sui_3"], "p2.sub3": [{"card": "water_mirror", "face_up": False}],
                            "p2.mana": ["whirlpool", "whirlpool"]})
    act(g, "attack", card=uid(g, "hinoko_3"), target=uid(g, "sui_3"))
    kinds = [(p["card"], p["forced"]) for p in g.state.pending]
    assert kinds == [(uid(g, "sui_3"), True), (uid(g, "water_mirror"), False)]
    assert "forced" in why(g, "pass_skill") and "強制" in render(why(g, "pass_skill"), "ja")
    act(g, "use_skill")
    act(g, "pass_skill")
    assert g.state.players[0]["hp"] == 400 - 80        # スイ 380 beats ヒノコ 300


def test_mm_d12_trap_in_the_defenders_column():
    g = scenario("05_trap_in_column.yaml")
    act(g, "attack", card=uid(g, "sara_1"), target=uid(g, "doryu_1"))
    o = offer(g)
    assert o and o["card"] == uid(g, "vine_snare") and o["player"] == 1
    assert g.view(0).pending[0].get("card") is None        # the opponent does not learn which card
    act(g, "use_skill")
    assert g.state.players[0]["hp"] == 270     # ドリュ 130 + 200 beats サラ 200
    g = scenario("05_trap_in_column.yaml")
    act(g, "attack", card=uid(g, "sara_1"), target=uid(g, "arura_1"))
    assert not offer(g)


def test_mm_d13_no_turn_limit_hp_zero_is_the_only_end(tmp_path):
    # 先に相手のHPを０にしたプレイヤーが勝利です: no turn limit ends a game (the simulators cap actions instead).
    assert "turn_limit" not in RS.parameters
    g = position(tmp_path, {"p1.main1": ["hinoko_1"], "p2.main1": ["nemu_1"]}, turn=500)
    act(g, "end_turn")
    act(g, "end_turn")
    assert g.outcome() is None and g.state.turn == 502


def test_mm_d14_attack_cancelled_still_advances_time(tmp_path):
    g = position(tmp_path, {"p1.main1": ["hinoko_3"], "p2.main2": ["nemu_1"],
                            "p2.sub2": [{"card": "dark_curtain", "face_up": False}], "p2.mana": ["shadow_bite"] * 2})
    t = time(g)
    h = uid(g, "hinoko_3")
    act(g, "attack", card=h, target=uid(g, "nemu_1"))
    act(g, "use_skill")
    assert g.state.data["battle"] is None and not g.state.cards[h].tapped
    assert g.state.players[1]["hp"] == 400 and time(g) == t + 2     # spell use + attack


def test_mm_d15_after_battle_skill_of_a_main_that_went_down(tmp_path):
    g = position(tmp_path, {"p1.main1": ["hinoko_3"], "p2.main1": ["volca_1"], "p2.deck": ["kino_1"]})
    v = uid(g, "volca_1")
    act(g, "attack", card=uid(g, "hinoko_3"), target=v)
    assert g.state.cards[v].flags["down"]
    assert offer(g)["card"] == v
    act(g, "use_skill")
    assert len(g.state.zones["1.hand"]) == 1


def test_mm_d16_put_out_stacks_on_the_same_monster(tmp_path):
    g = position(tmp_path, {"p1.main1": ["hinoko_3"],
                            "p2.sub1": ["honeri_1"], "p2.main1": ["nemu_1"], "p2.hand": ["nemu_1"]})
    act(g, "attack", card=uid(g, "hinoko_3"), target=uid(g, "honeri_1"))
    act(g, "use_skill")
    new = uid(g, "nemu_1", "1.hand")
    act(g, "choose_target", target=new)
    assert g.state.zones["1.main1"] == [new] and len(g.state.cards[new].attached) == 1


def test_mm_d17_bounced_sub_leaves_its_materials_in_the_graveyard(tmp_path):
    g = position(tmp_path, {"p1.main1": ["minamo_1"], "p1.hand": ["whirlpool"], "p1.mana": ["aqua_veil", "kino_1"],
                            "p2.sub1": [{"card": "sara_3", "under": ["sara_1"]}], "p2.main1": ["nemu_1"]})
    act(g, "spell", card=uid(g, "whirlpool"), target=uid(g, "minamo_1"))
    act(g, "choose_target", target=uid(g, "sara_3"))
    assert g.state.cards[uid(g, "sara_3")].zone == "1.hand"
    assert g.state.cards[uid(g, "sara_1")].zone == "1.grave"


def test_mm_d18_janken_is_a_coin_flip_seeded():
    winners = {Game.new("monmusu", seed=s).state.pending[0]["player"] for s in range(12)}
    assert winners == {0, 1}


def test_mm_d19_skill_cast_cost_uses_base_ct(tmp_path):
    g = position(tmp_path, {"p1.main1": ["kuroe_2"], "p2.main1": ["nemu_1"]})
    k = uid(g, "kuroe_2")
    act(g, "skill", card=k)
    assert g.state.cards[k].flags["ct"] == 2 and g.state.players[1]["hp"] == 350


def test_mm_d20_end_turn_runs_the_remaining_phases(tmp_path):
    g = position(tmp_path, {"p1.main1": ["hinoko_1"], "p2.main1": ["nemu_1"]}, phase="charge")
    t = time(g)
    act(g, "end_turn")
    assert g.state.active == 1 and time(g) == t + 3   # charge end, turn end, P2's draw end


def test_mm_d21_a_spell_without_a_target_cannot_be_used(tmp_path):
    # フレイムピラー: 【対象】相手のPOW250以下のサブモン娘1体 — ボルカ (POW 400) is no target.
    g = position(tmp_path, {"p1.main1": ["hinoko_1"], "p1.hand": ["flame_pillar"], "p1.mana": ["heat_up"] * 2,
                            "p2.main1": ["nemu_1"], "p2.sub1": ["volca_4"]})
    sp, h = uid(g, "flame_pillar"), uid(g, "hinoko_1")
    assert "MM-D21" in why(g, "spell", card=sp, target=h)
    assert not [a for a in g.legal_actions() if a.kind == "spell"]
    g2 = position(tmp_path, {"p1.main1": ["hinoko_1"], "p1.hand": ["flame_pillar"], "p1.mana": ["heat_up"] * 2,
                             "p2.main1": ["nemu_1"], "p2.sub1": ["volca_4"], "p2.sub2": ["kino_1"]})
    assert why(g2, "spell", card=uid(g2, "flame_pillar"), target=uid(g2, "hinoko_1")) is None


def test_mm_d21_a_triggered_skill_without_a_target_is_not_offered_and_takes_no_time(tmp_path):
    # 煉獄の舞姫 ヒノコ: 召喚した後、相手のサブモン娘1体を破壊する — the opponent has no sub monster.
    g = position(tmp_path, {"p1.hand": ["hinoko_5"], "p1.mana": ["heat_up"] * 5, "p2.main1": ["nemu_1"]}, phase="home")
    t = time(g)
    act(g, "summon", card=uid(g, "hinoko_5"), to="0.sub1")
    assert not offer(g) and time(g) == t + 1          # the summon only: no free "skill use" moment
    assert any("MM-D21" in e.text for e in g.state.log[-3:])


def test_mm_d21_no_foe_in_a_direct_attack(tmp_path):
    # しびれ触手 ルルカ: バトル前、バトル相手のモン娘を手札に戻す — a direct attack has no such monster.
    zones = {"p1.main1": ["ruruka_2"], "p1.mana": ["whirlpool"], "p2.sub1": ["ruruka_1"]}
    g = position(tmp_path, zones)
    act(g, "attack", card=uid(g, "ruruka_2"), target_player=1)
    assert not offer(g) and g.state.players[1]["hp"] == 400 - 220
    g = position(tmp_path, {**zones, "p2.sub2": ["kino_1"]})
    act(g, "attack", card=uid(g, "ruruka_2"), target=uid(g, "kino_1"))
    assert offer(g)["card"] == uid(g, "ruruka_2")      # with a foe, it is offered


def test_mm_d21_a_target_in_the_hand_is_asked_anyway_and_refused_without_one(tmp_path):
    # ホネリ's target is a cost-1 monster in its owner's hand: whether there is one stays hidden, so the
    # skill is offered as usual; with none it can only be passed, and passing takes no time.
    g = position(tmp_path, {"p1.main1": ["hinoko_3"], "p2.sub1": ["honeri_1"], "p2.main1": ["nemu_1"],
                            "p2.hand": ["hinoko_3"]})
    act(g, "attack", card=uid(g, "hinoko_3", "0.main1"), target=uid(g, "honeri_1"))
    assert offer(g)["card"] == uid(g, "honeri_1")
    assert "MM-D21" in why(g, "use_skill")
    assert [a.kind for a in g.legal_actions()] == ["pass_skill"]
    t = time(g)
    act(g, "pass_skill")
    assert time(g) == t + 1            # the attack's own moment only


# --- sample cards ------------------------------------------------------------------------------
def test_mm_cards_at_least_80_percent_automatic():
    auto = sum(1 for d in RS.cards.values() if not is_manual(d))
    assert auto / len(RS.cards) >= 0.8
    assert any(is_manual(d) for d in RS.cards.values())
    ops = {e["do"] for d in RS.cards.values() for e in d.effects}
    from tabletop.games.monmusu import Monmusu
    assert ops <= set(Monmusu.EFFECT_OPS)


def test_mm_starter_decks_play_differently():
    a, b = (set(RS.decks[n].cards("main")) for n in RS.starter_decks)
    assert {RS.cards[c].color for c in a} == {"fire", "forest"}
    assert {RS.cards[c].color for c in b} == {"water", "dark"}


# --- random games ------------------------------------------------------------------------------
def _random_game(seed):
    from simcheck import play_random_game
    return play_random_game("monmusu", seed, full=False)


def test_mm_random_games_end():
    for seed in range(20):
        assert _random_game(seed).outcome() is not None


@pytest.mark.slow
def test_mm_thousand_random_games_end():
    results = Counter()
    for seed in range(1000):
        g = _random_game(seed)
        results[g.outcome().winner] += 1
    assert sum(results.values()) == 1000


def test_mm_offers_survive_a_bots_determinization(tmp_path):
    import random

    from tabletop.bots.determinize import game_from_view
    g = position(tmp_path, {"p1.main1": ["nemu_5"], "p2.sub2": ["sui_1"], "p2.main2": ["nemu_1"],
                            "p2.deck": ["kino_1"]})
    act(g, "attack", card=uid(g, "nemu_5"), target=uid(g, "sui_1"))
    assert [(p["player"], p["trigger"]) for p in g.state.pending] == [(0, "after_win"), (1, "destroyed")]
    d = game_from_view(g.view(0), random.Random(1))
    d.apply(Action.make("pass_skill", 0))
    assert d.to_act == 1 and Action.make("pass_skill", 1) in d.legal_actions()
    d.apply(Action.make("pass_skill", 1))
    assert not d.state.pending and d.state.data["battle"] is None


def test_every_word_a_player_reads_is_in_one_language():
    # Issue #23: log, prompts, panels, badges, move words and refusals render wholly in English or wholly
    # in Japanese (card names, printed as they are, aside), for both seats through two random games.
    assert check_games("monmusu", seeds=range(2), steps=60) == []
