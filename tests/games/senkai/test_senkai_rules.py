"""千怪戦戯 (senkai): one test per rule (SK-Rn) and decision (SK-Dn) of docs/rules/senkai.md."""
from __future__ import annotations


import pytest


from senkai_positions import senkai_position  # noqa: E402
from simcheck import play_random_game  # noqa: E402
from tabletop.engine import Action, Game  # noqa: E402
from tabletop.engine.effects import is_manual  # noqa: E402
from tabletop.engine.errors import DataError, DataErrors  # noqa: E402
from tabletop.engine.ruleset import deck_from_data, load_ruleset  # noqa: E402
from tabletop.i18n import render  # noqa: E402

RS = load_ruleset("senkai")
SCEN = RS.scenarios_dir


# --- helpers -----------------------------------------------------------------------------------
def game(tmp_path, zones: dict, **kw) -> Game:
    """Start a senkai game from a position: default walls, decks and mana decks are filled in."""
    return senkai_position(tmp_path, zones, **kw)


def at(g, zone: str) -> int:
    """Return the uid of the (first) card in a zone written p1.NAME / p2.NAME."""
    key = zone.replace("p1.", "0.").replace("p2.", "1.")
    return g.state.zones[key][0]


def find(g, cid: str, zone: str) -> int:
    key = zone.replace("p1.", "0.").replace("p2.", "1.")
    return next(u for u in g.state.zones[key] if g.state.cards[u].cid == cid)


def act(g, kind: str, **kw):
    return g.apply(Action.make(kind, g.to_act, **kw))


def play(g, **kw):
    """Play a card, paying automatically when the table asks which mana to down."""
    act(g, "play", **kw)
    if g.state.pending and g.state.pending[0]["kind"] == "pay":
        act(g, "pay_auto")


def why(g, kind: str, player=None, **kw):
    return g.why_not(Action.make(kind, g.to_act if player is None else player, **kw))


def zone_cids(g, zone: str) -> list[str]:
    key = zone.replace("p1.", "0.").replace("p2.", "1.")
    return [g.state.cards[u].cid for u in g.state.zones[key]]


def deck(main: dict, mana: dict):
    return {"name": "t", "main": main, "mana": mana}


GOOD_MAIN = {c: 2 for c in ["hinotama_kooni", "onibi", "akaoni_kogashira", "enga_yamainu", "kasha", "hajouki",
                            "ootakemaru", "kaendan", "oni_no_houkou", "shoudo", "oni_no_kanabou", "moeru_yoroi",
                            "inoshishi_musha", "kamaitachi", "oogumo", "mori_no_nushi", "mori_no_megumi",
                            "kemono_no_kari", "juhi_no_yoroi", "juuou_no_kanmuri"]}


def deck_errors(raw) -> str:
    try:
        deck_from_data(raw, "t.yaml", RS)
    except DataErrors as e:
        return " | ".join(str(x) for x in e.errors)
    except DataError as e:
        return str(e)
    return ""


# --- deck construction ----------------------------------------------------------------------------
def test_sk_r1_mana_deck_holds_only_mana_any_copies():
    assert deck_errors(deck(GOOD_MAIN, {"aka_no_maryoku": 20})) == ""
    err = deck_errors(deck(GOOD_MAIN, {"aka_no_maryoku": 19, "kodama": 1}))
    assert "SK-R1" in err


def test_sk_r2_main_deck_kinds_and_two_copies():
    main = dict(GOOD_MAIN)
    main["onibi"] = 3
    main["kaendan"] = 1
    assert "SK-R2" in deck_errors(deck(main, {"aka_no_maryoku": 20}))
    main = dict(GOOD_MAIN)
    main["onibi"] = 1
    main["aka_no_maryoku"] = 1
    assert "SK-R2" in deck_errors(deck(main, {"aka_no_maryoku": 20}))


def test_sk_r3_decks_have_exactly_their_size():
    main = dict(GOOD_MAIN)
    main["onibi"] = 1
    assert "SK-R3" in deck_errors(deck(main, {"aka_no_maryoku": 20}))
    assert "SK-R3" in deck_errors(deck(GOOD_MAIN, {"aka_no_maryoku": 21}))


def test_sk_d1_deck_sizes_are_parameters():
    assert RS.parameters["main_deck_size"] == 40 and RS.parameters["mana_deck_size"] == 40 // 2
    for name in RS.starter_decks:
        d = RS.decks[name]
        assert len(d.cards("main")) == 40 and len(d.cards("mana")) == 20
    import copy
    rs2 = copy.copy(RS)
    rs2.parameters = dict(RS.parameters, main_deck_size=39)
    problems = type(Game.new("senkai", seed=1).controller).check_deck(RS.decks[RS.starter_decks[0]], rs2)
    assert problems and "exactly 39" in problems[0][1]


# --- setup ----------------------------------------------------------------------------------------
def test_sk_r4_both_decks_shuffled_face_down():
    g = Game.new("senkai", seed=3)
    shuffled = {e.data.get("zone") for e in g.state.log if e.kind == "shuffle"}
    assert {"0.deck", "1.deck", "0.mana_deck", "1.mana_deck"} <= shuffled
    for p in (0, 1):
        assert all(not g.state.cards[u].face_up for u in g.state.zones[f"{p}.deck"])


def test_sk_r5_four_face_down_walls_from_the_main_deck():
    g = Game.new("senkai", seed=4)
    for p in (0, 1):
        walls = g.state.zones[f"{p}.walls"]
        assert len(walls) == 4
        for u in walls:
            c = g.state.cards[u]
            assert not c.face_up and RS.cards[c.cid].kind in ("monster", "spell", "enchantment")
            for viewer in (0, 1):
                assert g.view(viewer).cards[u].cid is None


def test_sk_r6_opening_hand_of_four():
    g = Game.new("senkai", seed=5)
    second = 1 - g.state.first
    assert len(g.state.zones[f"{second}.hand"]) == 4
    assert len(g.state.zones[f"{g.state.first}.hand"]) == 5   # 4 + the first draw phase
    assert len(g.state.zones[f"{second}.deck"]) == 40 - 4 - 4


def test_sk_r7_first_player_by_coin():
    firsts = set()
    for seed in range(12):
        g = Game.new("senkai", seed=seed)
        coin = next(e for e in g.state.log if e.kind == "coin")
        assert g.state.first == (0 if coin.data["heads"] else 1) == g.state.active
        firsts.add(g.state.first)
    assert firsts == {0, 1}


# --- the turn ---------------------------------------------------------------------------------------
def test_sk_r8_up_phase_ups_monsters_and_mana_of_the_turn_player(tmp_path):
    g = game(tmp_path, {"p1.lane_left": [{"card": "kodama", "tapped": True}],
                        "p1.mana": [{"card": "aka_no_maryoku", "tapped": True}],
                        "p2.lane_left": [{"card": "kodama", "tapped": True}],
                        "p2.mana": [{"card": "ao_no_maryoku", "tapped": True}]})
    act(g, "end_phase")
    s = g.state
    assert s.active == 1 and s.phase == "main"
    assert not s.cards[at(g, "p2.lane_left")].tapped and not s.cards[at(g, "p2.mana")].tapped
    assert s.cards[at(g, "p1.lane_left")].tapped and s.cards[at(g, "p1.mana")].tapped


def test_sk_r9_draw_one_and_an_empty_deck_is_no_loss(tmp_path):
    g = game(tmp_path, {"p2.deck": ["kodama", "kappa"]})
    act(g, "end_phase")
    assert zone_cids(g, "p2.hand") == ["kappa"]
    g = game(tmp_path, {"p2.deck": []})
    act(g, "end_phase")
    assert g.outcome() is None and g.state.active == 1 and g.state.phase == "main"
    assert g.state.zones["1.hand"] == []


def test_sk_r10_set_phase_two_mana_one_on_the_first_turn(tmp_path):
    g = Game.new("senkai", seed=6)
    assert len(g.state.zones[f"{g.state.first}.mana"]) == 1 and g.state.turn == 1
    act(g, "end_phase")
    m = g.state.zones[f"{g.state.active}.mana"]
    assert len(m) == 2 and all(not g.state.cards[u].tapped and g.state.cards[u].face_up for u in m)
    g = game(tmp_path, {})
    act(g, "end_phase")
    assert len(g.state.zones["1.mana"]) == 2


def test_sk_r11_main_phase_actions_in_any_order(tmp_path):
    g = game(tmp_path, {"p1.lane_left": ["inoshishi_musha"], "p1.hand": ["kodama"],
                        "p1.mana": ["midori_no_maryoku"], "p1.lane_center": ["shin"], "p2.lane_left": ["kappa"]})
    kinds = {a.kind for a in g.legal_actions()}
    assert {"play", "attack", "use", "end_phase"} <= kinds
    act(g, "attack", card=at(g, "p1.lane_left"), target_player=1)
    act(g, "break_wall", target=at(g, "p2.walls"))
    act(g, "play", card=at(g, "p1.hand"), to="0.lane_right")
    g.state.phase = "draw"
    assert "SK-R11" in why(g, "end_phase")


def test_sk_r12_no_player_attack_in_either_first_turn(tmp_path):
    for turn in (1, 2):
        g = game(tmp_path, {"p1.lane_left": ["inoshishi_musha"], "p1.lane_center": ["kodama"],
                            "p2.lane_center": ["kappa"]}, turn=turn)
        assert "SK-R12" in why(g, "attack", card=at(g, "p1.lane_left"), target_player=1)
        assert why(g, "attack", card=at(g, "p1.lane_center"), target=at(g, "p2.lane_center")) is None
    g = game(tmp_path, {"p1.lane_left": ["inoshishi_musha"]}, turn=3)
    assert why(g, "attack", card=at(g, "p1.lane_left"), target_player=1) is None


def test_sk_r13_end_phase_effects_damage_removed_turn_passes(tmp_path):
    g = game(tmp_path, {"p1.lane_left": [{"card": "zashiki_warashi", "counters": {"damage": 2}}],
                        "p1.deck": ["kodama", "kappa"]})
    act(g, "end_phase")
    assert zone_cids(g, "p1.hand") == ["kappa"]                     # 自分のターン終了時、1枚引く
    assert "damage" not in g.state.cards[at(g, "p1.lane_left")].counters
    assert g.state.active == 1 and g.state.turn == 4


# --- playing cards ----------------------------------------------------------------------------------
def test_sk_r14_pay_by_downing_mana_one_of_the_cards_colour(tmp_path):
    g = game(tmp_path, {"p1.hand": ["kasha", "kodama"],
                        "p1.mana": ["midori_no_maryoku", "midori_no_maryoku", "midori_no_maryoku", "midori_no_maryoku"]})
    assert "SK-R14" in why(g, "play", card=find(g, "kasha", "p1.hand"), to="0.lane_left")
    g = game(tmp_path, {"p1.hand": ["kasha"], "p1.mana": ["midori_no_maryoku", "aka_no_maryoku", "midori_no_maryoku"]})
    assert "SK-R14" in why(g, "play", card=at(g, "p1.hand"), to="0.lane_left")      # cost 4, 3 mana
    g = game(tmp_path, {"p1.hand": ["kasha"], "p1.mana": ["midori_no_maryoku", "aka_no_maryoku",
                                                          "midori_no_maryoku", "midori_no_maryoku", "midori_no_maryoku"]})
    act(g, "play", card=at(g, "p1.hand"), to="0.lane_left")
    greens = [u for u in g.state.zones["0.mana"] if g.state.cards[u].cid == "midori_no_maryoku"]
    for u in greens[:3]:
        act(g, "pay", card=u)
    assert "SK-R14" in why(g, "pay", card=greens[3])   # the last one must be red
    act(g, "pay", card=find(g, "aka_no_maryoku", "p1.mana"))
    assert zone_cids(g, "p1.lane_left") == ["kasha"]
    assert sum(g.state.cards[u].tapped for u in g.state.zones["0.mana"]) == 4


def test_sk_r15_entering_a_lane(tmp_path):
    g = Game.from_scenario(SCEN / "04_entering_a_lane.yaml")
    card = find(g, "akaoni_kogashira", "p1.hand")
    assert why(g, "play", card=card, to="0.lane_center") == "that lane holds your down monster (SK-R15)"
    assert why(g, "play", card=card, to="1.lane_right") is not None
    old = at(g, "p1.lane_left")
    play(g, card=card, to="0.lane_left")
    assert zone_cids(g, "p1.lane_left") == ["akaoni_kogashira"]
    assert old in g.state.zones["0.discard"]


def test_sk_r16_enchantment_on_either_side_leaves_with_its_monster(tmp_path):
    g = Game.from_scenario(SCEN / "06_enchant_the_enemy.yaml")
    nushi = at(g, "p2.lane_center")
    play(g, card=find(g, "koori_no_kase", "p1.hand"), target=nushi)
    ctl = g.controller
    assert ctl.stat(g.state, nushi, "ap") == 2
    shackle = g.state.cards[nushi].attached[0]
    play(g, card=find(g, "uzushio", "p1.hand"))
    act(g, "choose_target", target=nushi)
    assert nushi not in g.state.cards and len(g.state.zones["1.hand"]) == 1   # back in the hand, with a fresh id
    assert shackle in g.state.zones["0.discard"] and g.state.cards[shackle].host is None


def test_sk_r17_spell_resolves_then_goes_to_the_discard(tmp_path):
    g = game(tmp_path, {"p1.hand": ["mizukagami"], "p1.mana": ["ao_no_maryoku", "ao_no_maryoku"],
                        "p1.deck": ["kodama", "kappa", "onibi"]})
    spell = at(g, "p1.hand")
    act(g, "play", card=spell)
    assert spell in g.state.zones["0.discard"]
    assert sorted(zone_cids(g, "p1.hand")) == ["kappa", "onibi"]


def test_sk_r18_mana_never_reaches_hand_or_discard():
    for seed in range(6):
        g = play_random_game("senkai", seed, full=False)
        for _u, c in g.state.cards.items():
            if RS.cards[c.cid].kind == "mana":
                assert c.zone.split(".")[1] in ("mana", "mana_deck"), (seed, c)
    g = Game.new("senkai", seed=2)
    mana = g.state.zones[f"{g.state.active}.mana"][0]
    assert why(g, "play", card=mana) is not None


def test_sk_r19_abilities_used_whenever_usable(tmp_path):
    g = game(tmp_path, {"p1.lane_left": ["shin"], "p1.mana": ["rekka_no_maryoku", "rekka_no_maryoku"],
                        "p2.lane_left": ["kodama"], "p2.lane_right": ["kappa"]})
    act(g, "use", card=find(g, "rekka_no_maryoku", "p1.mana"))
    act(g, "choose_target", target=at(g, "p1.lane_left"))
    m2 = [u for u in g.state.zones["0.mana"] if not g.state.cards[u].tapped][0]
    act(g, "use", card=m2)
    act(g, "choose_target", target=at(g, "p1.lane_left"))
    assert g.controller.stat(g.state, at(g, "p1.lane_left"), "ap") == 2
    act(g, "use", card=at(g, "p1.lane_left"))
    act(g, "choose_target", target=at(g, "p2.lane_right"))
    assert g.state.cards[at(g, "p2.lane_right")].tapped


# --- attacking --------------------------------------------------------------------------------------
def test_sk_r20_attacking_downs_and_a_down_monster_cannot_attack(tmp_path):
    g = game(tmp_path, {"p1.lane_left": ["inoshishi_musha"], "p1.lane_center": ["kodama"],
                        "p2.lane_center": [{"card": "daidarabocchi"}]})
    a = at(g, "p1.lane_left")
    act(g, "attack", card=a, target=at(g, "p2.lane_center"))
    assert g.state.cards[a].tapped
    assert "SK-R20" in why(g, "attack", card=a, target=at(g, "p2.lane_center"))
    act(g, "attack", card=at(g, "p1.lane_center"), target=at(g, "p2.lane_center"))   # another one may still attack
    assert g.state.cards[at(g, "p2.lane_center")].counters["damage"] == 4


def test_sk_r21_player_attack_needs_empty_facing_lane_attacker_picks_wall(tmp_path):
    g = Game.from_scenario(SCEN / "01_break_a_wall.yaml")
    blocked = at(g, "p1.lane_center")
    assert "SK-R21" in why(g, "attack", card=blocked, target_player=1)
    act(g, "attack", card=at(g, "p1.lane_left"), target_player=1)
    assert g.state.pending[0]["kind"] == "break_wall" and g.to_act == 0
    walls = list(g.state.zones["1.walls"])
    chosen = find(g, "umibouzu", "p2.walls")
    assert {a["target"] for a in g.legal_actions()} == set(walls)
    ev = act(g, "break_wall", target=chosen)
    assert chosen in g.state.zones["1.discard"] and g.state.cards[chosen].face_up
    assert any("海坊主" in render(e.text, "ja") and "Umibouzu" in e.text for e in ev)   # turned face up: everyone reads it
    assert len(g.state.zones["1.walls"]) == 2


def test_sk_r22_attack_on_a_player_without_walls_wins(tmp_path):
    g = Game.from_scenario(SCEN / "07_the_last_attack.yaml")
    assert "SK-R21" in why(g, "attack", card=at(g, "p1.lane_center"), target_player=1)
    act(g, "attack", card=at(g, "p1.lane_right"), target_player=1)
    assert g.outcome() is not None and g.outcome().winner == 0 and "SK-R22" in g.outcome().reason


def test_sk_r23_adjacent_lanes_and_one_way_damage(tmp_path):
    g = Game.from_scenario(SCEN / "02_lanes_and_reach.yaml")
    boar = at(g, "p1.lane_left")          # faces P2's right lane
    assert why(g, "attack", card=boar, target=at(g, "p2.lane_right")) is None
    assert why(g, "attack", card=boar, target=at(g, "p2.lane_center")) is None
    assert "SK-R23" in why(g, "attack", card=boar, target=at(g, "p2.lane_left"))
    target = at(g, "p2.lane_center")
    act(g, "attack", card=boar, target=target)
    assert target in g.state.zones["1.discard"]        # kappa HP 2 < AP 3
    assert "damage" not in g.state.cards[boar].counters


def test_sk_r24_damage_accumulates_and_destroys_with_enchantments(tmp_path):
    g = Game.from_scenario(SCEN / "03_gang_up.yaml")
    nushi = at(g, "p2.lane_center")
    bark = g.state.cards[nushi].attached[0]
    act(g, "attack", card=at(g, "p1.lane_left"), target=nushi)     # 4
    assert g.state.cards[nushi].counters["damage"] == 4 and g.controller.stat(g.state, nushi, "hp") == 9
    act(g, "choose_target", target=nushi)                          # 火車: +1 = 5
    act(g, "attack", card=at(g, "p1.lane_right"), target=nushi)    # +3 = 8
    assert g.state.cards[nushi].counters["damage"] == 8
    assert nushi in g.state.zones["1.lane_center"]
    act(g, "attack", card=at(g, "p1.lane_center"), target=nushi)   # +6 = 14 >= 9
    assert nushi in g.state.zones["1.discard"] and bark in g.state.zones["1.discard"]


def test_sk_r25_damage_removed_in_the_end_phase(tmp_path):
    g = game(tmp_path, {"p1.lane_left": ["kodama"], "p2.lane_right": ["daidarabocchi"]})
    act(g, "attack", card=at(g, "p1.lane_left"), target=at(g, "p2.lane_right"))
    assert g.state.cards[at(g, "p2.lane_right")].counters["damage"] == 1
    act(g, "end_phase")
    assert "damage" not in g.state.cards[at(g, "p2.lane_right")].counters


# --- end of the game ------------------------------------------------------------------------------
def test_sk_r26_win_ends_the_game(tmp_path):
    g = game(tmp_path, {"p1.lane_left": ["onibi"], "p2.walls": []})
    act(g, "attack", card=at(g, "p1.lane_left"), target_player=1)
    assert g.is_over() and g.outcome().winner == 0
    assert g.legal_actions() == [] and "over" in why(g, "end_phase")


def test_sk_r27_draw_when_both_main_decks_are_empty_at_turn_end(tmp_path):
    g = game(tmp_path, {"p1.deck": [], "p2.deck": ["kodama"]})
    act(g, "end_phase")
    assert g.outcome() is None                   # P2 could still draw
    g = game(tmp_path, {"p1.deck": [], "p2.deck": []})
    act(g, "end_phase")
    assert g.outcome() is not None and g.outcome().winner is None and "SK-R27" in g.outcome().reason


# --- general --------------------------------------------------------------------------------------
def test_sk_r28_turn_players_simultaneous_effects_first(tmp_path):
    g = game(tmp_path, {"p1.hand": ["shoudo"], "p1.mana": ["aka_no_maryoku"] * 4,
                        "p1.lane_left": ["hinotama_kooni"], "p1.lane_center": ["daidarabocchi"],
                        "p2.lane_left": ["hinotama_kooni"], "p2.lane_center": ["umibouzu"]})
    act(g, "play", card=at(g, "p1.hand"))
    assert [p["player"] for p in g.state.pending] == [0]   # P1's 火の玉小鬼 resolves first
    act(g, "choose_target", target=at(g, "p2.lane_center"))
    assert g.state.pending and g.state.pending[0]["player"] == 1   # then P2's


def test_sk_r29_hidden_and_public_zones():
    g = Game.new("senkai", seed=8)
    v0, v1 = g.view(0), g.view(1)
    assert all(c.cid is None for c in v1.zone(0, "hand")) and all(c.cid for c in v0.zone(0, "hand"))
    assert all(c.cid is None for p in (0, 1) for c in v0.zone(p, "walls"))
    assert RS.zones["discard"].inspect and RS.zones["discard"].visibility == "public"
    assert RS.zones["deck"].visibility == "hidden" and RS.zones["mana_deck"].visibility == "hidden"


def test_sk_r30_card_text_beats_rules(tmp_path):
    g = game(tmp_path, {"p1.lane_center": ["kamaitachi"], "p1.lane_left": ["inoshishi_musha"],
                        "p2.lane_center": ["kodama"], "p2.lane_right": ["mori_no_nushi"]})
    assert why(g, "attack", card=at(g, "p1.lane_center"), target_player=1) is None   # 飛翔 over the blocker
    boar = at(g, "p1.lane_left")
    act(g, "attack", card=boar, target=at(g, "p2.lane_right"))
    assert boar in g.state.zones["0.discard"]        # 反撃: 5 damage back, against SK-R23


def test_sk_r31_optional_effect_may_be_declined(tmp_path):
    g = game(tmp_path, {"p1.hand": ["yamauba"], "p1.mana": ["midori_no_maryoku"] * 4,
                        "p1.deck": ["inoshishi_musha", "kodama"]})
    act(g, "play", card=at(g, "p1.hand"), to="0.lane_left")
    assert any(a.kind == "skip_effect" for a in g.legal_actions())
    act(g, "skip_effect")
    assert zone_cids(g, "p1.hand") == [] and len(g.state.zones["0.deck"]) == 2


def test_sk_r32_down_cards_cannot_be_downed(tmp_path):
    g = game(tmp_path, {"p1.hand": ["kasha"], "p1.lane_left": [{"card": "shin", "tapped": True}],
                        "p1.mana": ["aka_no_maryoku", {"card": "aka_no_maryoku", "tapped": True},
                                    "midori_no_maryoku", "midori_no_maryoku", "midori_no_maryoku"]})
    assert "SK-R32" in why(g, "use", card=at(g, "p1.lane_left"))
    act(g, "play", card=at(g, "p1.hand"), to="0.lane_right")   # 4 up of 5: all downed, no choice
    assert all(g.state.cards[u].tapped for u in g.state.zones["0.mana"])
    g = game(tmp_path, {"p1.hand": ["kaendan"], "p2.lane_left": ["kodama"],
                        "p1.mana": ["aka_no_maryoku", {"card": "rekka_no_maryoku", "tapped": True},
                                    "midori_no_maryoku"]})
    act(g, "play", card=at(g, "p1.hand"))
    assert "SK-R32" in why(g, "pay", card=find(g, "rekka_no_maryoku", "p1.mana"))


def test_sk_r33_values_never_below_zero(tmp_path):
    g = game(tmp_path, {"p1.hand": ["koori_no_kase"], "p1.mana": ["ao_no_maryoku", "ao_no_maryoku"],
                        "p2.lane_right": ["inoshishi_musha"], "p1.lane_left": ["daidarabocchi"]}, active="p1")
    boar = at(g, "p2.lane_right")
    act(g, "play", card=at(g, "p1.hand"), target=boar)
    assert g.controller.stat(g.state, boar, "ap") == 0      # 3 - 3
    act(g, "end_phase")
    act(g, "attack", card=boar, target=at(g, "p1.lane_left"))
    assert "damage" not in g.state.cards[at(g, "p1.lane_left")].counters


def test_sk_r34_effect_damage_is_not_an_attack(tmp_path):
    g = game(tmp_path, {"p1.hand": ["kaendan"], "p1.mana": ["aka_no_maryoku"],
                        "p1.lane_left": ["kodama"], "p2.lane_right": ["mori_no_nushi"]})
    act(g, "play", card=at(g, "p1.hand"))
    act(g, "choose_target", target=at(g, "p2.lane_right"))
    assert g.state.cards[at(g, "p2.lane_right")].counters["damage"] == 3
    assert "damage" not in g.state.cards[at(g, "p1.lane_left")].counters    # no 反撃
    assert not any(e.kind == "attack" for e in g.state.log)


def test_sk_r35_put_into_discard_is_not_destroyed(tmp_path):
    g = game(tmp_path, {"p1.hand": ["onibi"], "p1.mana": ["aka_no_maryoku"], "p1.lane_left": ["hinotama_kooni"],
                        "p2.lane_left": ["kodama"]})
    imp = at(g, "p1.lane_left")
    act(g, "play", card=at(g, "p1.hand"), to="0.lane_left")     # replaces the up imp: no on-destroy effect
    assert imp in g.state.zones["0.discard"] and not g.state.pending
    g = game(tmp_path, {"p1.lane_left": ["hinotama_kooni"], "p2.lane_right": ["inoshishi_musha"],
                        "p2.lane_center": ["kodama"]}, active="p2")
    imp = at(g, "p1.lane_left")
    act(g, "attack", card=at(g, "p2.lane_right"), target=imp)
    assert imp in g.state.zones["0.discard"]
    assert g.state.pending[0]["kind"] == "effect_target" and g.state.pending[0]["player"] == 0   # used from the discard


# --- decisions --------------------------------------------------------------------------------------
def test_sk_d2_one_colour_per_card_from_the_colour_list():
    assert set(RS.colors) == {"red", "blue", "green"}
    assert all(c.color in RS.colors for c in RS.cards.values())


def test_sk_d3_broken_wall_has_no_effect(tmp_path):
    g = game(tmp_path, {"p1.lane_left": ["onibi"], "p2.walls": ["ootakemaru"], "p1.lane_center": ["kodama"],
                        "p2.lane_center": ["kodama"]})
    act(g, "attack", card=at(g, "p1.lane_left"), target_player=1)
    assert zone_cids(g, "p2.discard") == ["ootakemaru"] and not g.state.pending
    assert "damage" not in g.state.cards[at(g, "p1.lane_center")].counters


def test_sk_d4_attributes_are_tags_texts_refer_to(tmp_path):
    assert all(not c.get("attribute") or c.get("attribute") in RS.attributes for c in RS.cards.values())
    g = game(tmp_path, {"p1.hand": ["oni_no_houkou"], "p1.mana": ["aka_no_maryoku"] * 2,
                        "p1.lane_left": ["hinotama_kooni"], "p1.lane_center": ["kodama"]})
    act(g, "play", card=at(g, "p1.hand"))
    assert g.controller.stat(g.state, at(g, "p1.lane_left"), "ap") == 4
    assert g.controller.stat(g.state, at(g, "p1.lane_center"), "ap") == 1


def test_sk_d5_left_faces_the_opponents_right(tmp_path):
    g = game(tmp_path, {"p1.lane_left": ["inoshishi_musha"], "p2.lane_right": ["kodama"]})
    assert "SK-R21" in why(g, "attack", card=at(g, "p1.lane_left"), target_player=1)
    g = game(tmp_path, {"p1.lane_left": ["inoshishi_musha"], "p2.lane_left": ["kodama"]})
    assert why(g, "attack", card=at(g, "p1.lane_left"), target_player=1) is None


def test_sk_d6_payment_choice_only_when_it_matters(tmp_path):
    g = game(tmp_path, {"p1.hand": ["kaendan"], "p1.mana": ["aka_no_maryoku"] * 3, "p2.lane_left": ["kodama"]})
    act(g, "play", card=at(g, "p1.hand"))
    assert g.state.pending[0]["kind"] == "effect_target"          # paid automatically: all the same
    g = Game.from_scenario(SCEN / "05_paying_mana.yaml")
    act(g, "play", card=find(g, "kasha", "p1.hand"), to="0.lane_left")
    assert g.state.pending[0]["kind"] == "pay"
    act(g, "pay_auto")
    up = [g.state.cards[u].cid for u in g.state.zones["0.mana"] if not g.state.cards[u].tapped]
    assert up == ["kiri_no_maryoku"]           # plain mana first, the text mana after, 万色 kept for last
    g = Game.from_scenario(SCEN / "05_paying_mana.yaml")
    act(g, "play", card=find(g, "kasha", "p1.hand"), to="0.lane_left")
    act(g, "pay", card=find(g, "aka_no_maryoku", "p1.mana"))
    act(g, "cancel")
    assert not any(g.state.cards[u].tapped for u in g.state.zones["0.mana"]) and len(g.state.zones["0.hand"]) == 3


def test_sk_d7_monster_enters_up_and_may_attack_at_once(tmp_path):
    g = game(tmp_path, {"p1.hand": ["inoshishi_musha"], "p1.mana": ["midori_no_maryoku"] * 2})
    act(g, "play", card=at(g, "p1.hand"), to="0.lane_center")
    m = at(g, "p1.lane_center")
    assert not g.state.cards[m].tapped
    assert why(g, "attack", card=m, target_player=1) is None


def test_sk_d8_abilities_also_in_the_opponents_main_phase(tmp_path):
    # 「個別のカードの効果が使える場合、使いたいときに…使えます」: P2's 蜃 is used in P1's turn, as
    # P1's main phase starts (before P1 can attack) and after P1 summons a monster.
    g = game(tmp_path, {"p2.lane_left": ["shin"], "p1.lane_left": ["kodama"], "p1.lane_right": ["kappa"],
                        "p1.hand": ["kodama", "kodama"], "p1.mana": ["midori_no_maryoku"] * 2},
             phase="up", turn=3)
    assert g.state.phase == "main" and g.to_act == 1 and g.state.pending[0]["kind"] == "respond"
    assert {a.kind for a in g.legal_actions()} == {"use", "pass"}
    act(g, "use", card=at(g, "p2.lane_left"))
    act(g, "choose_target", target=at(g, "p1.lane_left"))
    assert g.state.cards[at(g, "p1.lane_left")].tapped and g.to_act == 1   # the window stays open
    assert why(g, "use", card=at(g, "p2.lane_left")) is not None           # 蜃 is down now (SK-R32)
    act(g, "pass")
    assert g.to_act == 0 and "SK-R20" in why(g, "attack", card=at(g, "p1.lane_left"), target_player=1)
    # Outside a window the other player cannot act, and with no usable ability no window opens.
    assert why(g, "use", player=1, card=at(g, "p2.lane_left")) is not None
    play(g, card=find(g, "kodama", "p1.hand"), to="0.lane_center")
    assert g.to_act == 0 and not g.state.pending
    # After a summon, with 蜃 up again, the window opens; after an attack too (before the next attack).
    g.state.cards[at(g, "p2.lane_left")].tapped = False
    play(g, card=find(g, "kodama", "p1.hand"), to="0.lane_right")
    assert g.to_act == 1 and g.state.pending[0]["kind"] == "respond"
    act(g, "pass")
    act(g, "attack", card=at(g, "p1.lane_center"), target=at(g, "p2.lane_left"))
    assert g.to_act == 1 and g.state.pending[0]["kind"] == "respond"
    act(g, "pass")
    assert g.to_act == 0 and not g.state.pending
    g = game(tmp_path, {"p1.lane_left": ["shin"], "p1.hand": ["kaendan"], "p1.mana": ["aka_no_maryoku", "kiri_no_maryoku"],
                        "p2.lane_left": ["kodama"]})
    act(g, "play", card=at(g, "p1.hand"))
    assert g.state.pending
    assert "first answer" in why(g, "use", card=at(g, "p1.lane_left"))


def test_sk_d8_a_window_after_every_move_the_opponent_could_answer(tmp_path):
    # The example: P2 downs P1's monster with 蜃 as P1's main phase starts; P1 plays 霧隠れ
    # (自分の怪魔1体をアップする) and the monster is up again; P2's second 蜃 gets a window before P1 attacks.
    g = game(tmp_path, {"p2.lane_left": ["shin"], "p2.lane_right": ["shin"], "p1.lane_center": ["kodama"],
                        "p1.hand": ["kirigakure"], "p1.mana": ["ao_no_maryoku"]}, phase="up", turn=3)
    kodama, shin1, shin2 = at(g, "p1.lane_center"), at(g, "p2.lane_left"), at(g, "p2.lane_right")
    assert g.state.pending[0]["kind"] == "respond" and g.to_act == 1
    act(g, "use", card=shin1)
    act(g, "choose_target", target=kodama)
    act(g, "pass")
    assert g.to_act == 0 and g.state.cards[kodama].tapped
    play(g, card=at(g, "p1.hand"))
    if g.state.pending and g.state.pending[0]["kind"] == "effect_target":
        act(g, "choose_target", target=kodama)
    assert not g.state.cards[kodama].tapped
    assert g.to_act == 1 and g.state.pending[0]["kind"] == "respond"      # before P1 can attack
    assert why(g, "attack", player=0, card=kodama, target_player=1) is not None
    act(g, "use", card=shin2)
    act(g, "choose_target", target=kodama)
    act(g, "pass")
    assert g.to_act == 0 and "SK-R20" in why(g, "attack", card=kodama, target_player=1)


def test_sk_d8_a_window_only_when_an_ability_would_change_something(tmp_path):
    # 蜃 with every opposing monster already down does nothing: no window, play goes on.
    down = {"card": "kodama", "tapped": True}
    g = game(tmp_path, {"p2.lane_left": ["shin"], "p1.lane_center": [down], "p1.mana": ["rekka_no_maryoku"]})
    act(g, "use", card=at(g, "p1.mana"))                  # an ability used: a change, but 蜃 has nothing to down
    if g.state.pending and g.state.pending[0]["kind"] == "effect_target":
        act(g, "choose_target", target=at(g, "p1.lane_center"))
    assert g.to_act == 0 and not g.state.pending
    # 烈火の魔力 (AP+1 to your monster) changes nothing in the other player's turn unless it strikes back
    # (反撃); 樹液の魔力 (HP+1) does.
    g = game(tmp_path, {"p2.mana": ["rekka_no_maryoku"], "p2.lane_left": ["kodama"], "p1.lane_center": ["kodama"]},
             phase="up", turn=3)
    assert g.to_act == 0 and not g.state.pending
    g = game(tmp_path, {"p2.mana": ["jueki_no_maryoku"], "p2.lane_left": ["kodama"], "p1.lane_center": ["kodama"]},
             phase="up", turn=3)
    assert g.to_act == 1 and g.state.pending[0]["kind"] == "respond"
    act(g, "pass")
    # Once used, the window does not come back for the same player with nothing left to use.
    act(g, "attack", card=at(g, "p1.lane_center"), target=at(g, "p2.lane_left"))
    assert g.to_act == 1 and g.state.pending[0]["kind"] == "respond"      # 樹液の魔力 is still up
    act(g, "use", card=at(g, "p2.mana"))
    act(g, "choose_target", target=at(g, "p2.lane_left")) if g.state.pending[0]["kind"] == "effect_target" else None
    assert g.state.pending[0]["kind"] == "respond"
    act(g, "pass")
    assert g.to_act == 0 and not g.state.pending


def test_sk_d9_monster_at_hp_zero_is_destroyed(tmp_path):
    g = game(tmp_path, {"p1.hand": ["noroi_no_wara_ningyou"], "p1.mana": ["ao_no_maryoku"] * 2,
                        "p2.lane_left": ["inoshishi_musha"]})
    boar = at(g, "p2.lane_left")
    act(g, "play", card=at(g, "p1.hand"), target=boar)
    assert boar in g.state.zones["1.discard"]
    assert zone_cids(g, "p1.discard") == ["noroi_no_wara_ningyou"]


def test_sk_d10_keywords(tmp_path):
    g = Game.from_scenario(SCEN / "02_lanes_and_reach.yaml")
    assert why(g, "attack", card=at(g, "p1.lane_right"), target=at(g, "p2.lane_right")) is None   # 長射程
    g = game(tmp_path, {"p1.lane_left": ["enga_yamainu"], "p2.lane_center": ["nureonna"]})
    reason = why(g, "attack", card=at(g, "p1.lane_left"), target=at(g, "p2.lane_center"))
    assert "SK-D10" in reason and "隠密" in render(reason, "ja") and "Stealth" in reason
    g = game(tmp_path, {"p1.lane_center": ["inoshishi_musha"], "p2.lane_center": ["umibouzu"]})
    act(g, "attack", card=at(g, "p1.lane_center"), target=at(g, "p2.lane_center"))
    assert g.state.cards[at(g, "p2.lane_center")].counters["damage"] == 2            # 堅牢
    g = game(tmp_path, {"p1.lane_center": ["hajouki"]})
    act(g, "attack", card=at(g, "p1.lane_center"), target_player=1)
    act(g, "break_wall", target=at(g, "p2.walls"))
    assert g.state.pending and len(g.state.zones["1.walls"]) == 3
    act(g, "break_wall", target=at(g, "p2.walls"))
    assert not g.state.pending and len(g.state.zones["1.walls"]) == 2                  # 破城
    g = game(tmp_path, {"p1.hand": ["juuou_no_kanmuri"], "p1.mana": ["midori_no_maryoku"] * 3,
                        "p1.lane_center": ["inoshishi_musha"], "p2.lane_center": ["kodama"]})
    act(g, "play", card=at(g, "p1.hand"), target=at(g, "p1.lane_center"))
    assert why(g, "attack", card=at(g, "p1.lane_center"), target_player=1) is None    # granted 飛翔


def test_sk_d11_no_wall_choice_when_all_remaining_break(tmp_path):
    g = game(tmp_path, {"p1.lane_center": ["inoshishi_musha"], "p2.walls": ["kodama"]})
    act(g, "attack", card=at(g, "p1.lane_center"), target_player=1)
    assert not g.state.pending and g.state.zones["1.walls"] == [] and g.outcome() is None


def test_sk_d12_no_turn_limit_only_the_rules_end_a_game(tmp_path):
    # SK-D12 (a draw after turn 200) is withdrawn: the text ends a game only by SK-R22 and SK-R27.
    assert "turn_limit" not in RS.parameters
    g = game(tmp_path, {"p1.deck": ["kodama"] * 3, "p2.deck": ["kodama"] * 3}, turn=500)
    act(g, "end_phase")
    assert g.outcome() is None and g.state.turn == 501


def test_sk_d13_end_of_turn_effects_only_at_the_owners_turn_end(tmp_path):
    g = game(tmp_path, {"p2.lane_left": ["zashiki_warashi"], "p2.deck": ["kodama", "kappa", "onibi"]})
    act(g, "end_phase")                         # P1's end: P2's 座敷童 does nothing; P2 then draws 1
    assert zone_cids(g, "p2.hand") == ["onibi"]
    act(g, "end_phase")                         # P2's end: it draws
    assert zone_cids(g, "p2.hand") == ["onibi", "kappa"]


def test_sk_d14_any_colour_mana(tmp_path):
    g = game(tmp_path, {"p1.hand": ["kaendan"], "p1.mana": ["kiri_no_maryoku"], "p2.lane_left": ["kodama"]})
    assert why(g, "play", card=at(g, "p1.hand")) is None
    g = game(tmp_path, {"p1.hand": ["kaendan"], "p1.mana": ["ao_no_maryoku"], "p2.lane_left": ["kodama"]})
    assert "SK-R14" in why(g, "play", card=at(g, "p1.hand"))


def test_sk_d15_trigger_timing(tmp_path):
    g = game(tmp_path, {"p1.lane_left": ["kasha"], "p2.lane_right": ["kodama"], "p2.lane_center": ["kappa"]})
    act(g, "attack", card=at(g, "p1.lane_left"), target=at(g, "p2.lane_right"))
    # damage first (the kodama is gone), then 攻撃したとき asks for a target
    assert zone_cids(g, "p2.discard") == ["kodama"]
    assert g.state.pending[0]["kind"] == "effect_target" and g.state.pending[0]["options"] == [at(g, "p2.lane_center")]
    g = game(tmp_path, {"p1.hand": ["akaoni_kogashira"], "p1.mana": ["aka_no_maryoku"] * 2, "p2.lane_left": ["onibi"]})
    act(g, "play", card=at(g, "p1.hand"), to="0.lane_left")
    act(g, "choose_target", target=at(g, "p2.lane_left"))   # 登場したとき
    assert zone_cids(g, "p2.discard") == ["onibi"]


def test_sk_d16_spell_is_in_the_discard_while_resolving(tmp_path):
    g = game(tmp_path, {"p1.hand": ["kaendan"], "p1.mana": ["aka_no_maryoku"], "p2.lane_left": ["kodama"]})
    spell = at(g, "p1.hand")
    act(g, "play", card=spell)
    assert spell in g.state.zones["0.discard"] and g.state.pending[0]["kind"] == "effect_target"


def test_sk_d17_enchantment_stays_its_owners_card(tmp_path):
    g = game(tmp_path, {"p1.hand": ["oni_no_kanabou", "kaendan"], "p1.mana": ["aka_no_maryoku"] * 2,
                        "p2.lane_left": ["kodama"]})
    kodama = at(g, "p2.lane_left")
    club = find(g, "oni_no_kanabou", "p1.hand")
    act(g, "play", card=club, target=kodama)
    assert g.state.cards[club].owner == 0 and g.controller.stat(g.state, kodama, "ap") == 3
    act(g, "play", card=find(g, "kaendan", "p1.hand"))
    act(g, "choose_target", target=kodama)
    assert club in g.state.zones["0.discard"] and kodama in g.state.zones["1.discard"]


# --- data, scenarios, random games ---------------------------------------------------------------
def test_sample_cards_numbers_and_automation_share():
    main = [c for c in RS.cards.values() if c.kind in ("monster", "spell", "enchantment")]
    assert len(main) >= 30
    assert len({c.color for c in main}) >= 3
    assert {c.kind for c in main} == {"monster", "spell", "enchantment"}
    mana = [c for c in RS.cards.values() if c.kind == "mana"]
    assert {c.color for c in mana} == set(RS.colors) and any(c.text for c in mana)
    automated = sum(not is_manual(c) for c in RS.cards.values())
    assert automated / len(RS.cards) >= 0.8
    assert RS.decks["onibi_march"].cards("main") != RS.decks["kiri_yashiro"].cards("main")


def test_every_scenario_loads_and_has_moves():
    paths = RS.scenario_paths()
    assert len(paths) >= 5
    for p in paths:
        g = Game.from_scenario(p)
        assert g.legal_actions(), p.name


def test_random_games_fast():
    for seed in range(20):
        g = play_random_game("senkai", 1000 + seed, full=seed < 3)
        assert g.outcome() is not None


@pytest.mark.slow
def test_random_games_thousand():
    for seed in range(1000):
        g = play_random_game("senkai", seed, full=False)
        assert g.outcome() is not None


def test_sk_r32_an_effect_cannot_down_a_monster_already_down(tmp_path):
    # 雪女 「登場したとき、相手の怪魔1体をダウンする」: the down 木霊 is no choice (「ダウンしている状態の
    # カードはダウンできず」); only the up 河童 is offered.
    g = game(tmp_path, {"p1.hand": ["yukionna"], "p1.mana": ["ao_no_maryoku"] * 3,
                        "p2.lane_left": [{"card": "kodama", "tapped": True}], "p2.lane_right": ["kappa"]})
    play(g, card=at(g, "p1.hand"), to="0.lane_center")
    assert g.state.pending[0]["kind"] == "effect_target"
    assert g.state.pending[0]["options"] == [at(g, "p2.lane_right")]
    assert "not a legal target" in why(g, "choose_target", target=at(g, "p2.lane_left"))


def test_sk_r31_with_no_legal_choice_the_effect_is_processed_as_far_as_possible(tmp_path):
    # Every enemy monster is down: 雪女 still enters, its down effect is simply not processed
    # (「処理できない効果は処理しません」), and play goes on.
    g = game(tmp_path, {"p1.hand": ["yukionna"], "p1.mana": ["ao_no_maryoku"] * 3,
                        "p2.lane_left": [{"card": "kodama", "tapped": True}]})
    play(g, card=at(g, "p1.hand"), to="0.lane_center")
    assert zone_cids(g, "p1.lane_center") == ["yukionna"] and not g.state.pending and g.to_act == 0
    assert any("no target, nothing happens" in e.text for e in g.state.log)
    # 蜃's 「ダウンする：」 with no up enemy: usable (the cost is paid), and nothing else happens.
    g = game(tmp_path, {"p1.lane_left": ["shin"], "p2.lane_left": [{"card": "kodama", "tapped": True}]})
    act(g, "use", card=at(g, "p1.lane_left"))
    assert g.state.cards[at(g, "p1.lane_left")].tapped and not g.state.pending
