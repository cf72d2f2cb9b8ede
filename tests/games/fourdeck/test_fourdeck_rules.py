"""fourdeck (四つの山札): one test per rule (FD-Rn) and decision (FD-Dn) of docs/rules/fourdeck.md,
through the ruleset's scenarios, small inline positions and seeded new games."""
import textwrap
from pathlib import Path

import pytest

from tabletop.engine import Action, DataError, DataErrors, Game, IllegalAction
from tabletop.engine.ruleset import deck_from_data, load_ruleset
from tabletop.engine.yamlio import load_yaml
from tabletop.i18n import render

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = ROOT / "rulesets" / "fourdeck" / "scenarios"
RS = load_ruleset("fourdeck")


# --- helpers ------------------------------------------------------------------------------------
def scenario(name: str) -> Game:
    return Game.from_scenario(SCENARIOS / name)


def position(tmp_path, text: str) -> Game:
    p = tmp_path / "pos.yaml"
    p.write_text("ruleset: fourdeck\n" + textwrap.dedent(text), encoding="utf-8")
    return Game.from_scenario(p)


def uid(g: Game, cid: str, zone: str | None = None) -> int:
    for c in g.state.cards.values():
        if c.cid == cid and (zone is None or c.zone == zone):
            return c.uid
    raise AssertionError(f"no {cid} in {zone}")


def act(g: Game, kind: str, **kw):
    return g.apply(Action.make(kind, g.to_act, **kw))


def why(g: Game, kind: str, **kw) -> str | None:
    return g.why_not(Action.make(kind, g.to_act, **kw))


def hp(g: Game, p: int, deck: str) -> int:
    return g.state.players[p]["hp_" + deck]


def cids(g: Game, key: str) -> list[str]:
    return [g.state.cards[u].cid for u in g.state.zones[key]]


def new_game_in_play(seed: int = 3, **options) -> Game:
    """Return a seeded new game past setup: order chosen 'first', first legal partners chosen."""
    g = Game.new("fourdeck", seed=seed, options=options or None)
    while g.state.phase == "setup":
        g.apply(g.legal_actions()[0])
    return g


def deck_problems(tmp_path, text: str) -> str:
    rs = load_ruleset("fourdeck")
    p = tmp_path / "deck.yaml"
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    try:
        deck_from_data(load_yaml(p), p, rs)
    except (DataError, DataErrors) as e:
        return str(e)
    return ""


SILVER = """\
    name: t
    lv1: {k_squire: 1, k_shieldbearer: 1, k_banner: 1, k_herald: 1, k_cleric: 1, k_archer: 1, k_page: 1, k_smith: 1}
    lv2: {k_knight: 1, k_captain: 1, k_priestess: 1, k_paladin: 1}
    lv3: {k_king: 1, k_dragon_knight: 1}
    spell: {s_recall: 1, s_mending: 1}
"""


# --- rules ----------------------------------------------------------------------------------------
def test_fd_r1_cannot_beats_can_and_cards_beat_rules(tmp_path):
    # "Cannot" wins: destroy-all leaves the partner and the 不屈 unit on the field.
    g = position(tmp_path, """\
        phase: battle
        zones:
          p1.field: [{card: b_hound, flags: {partner: true}}, b_hyena]
          p1.lv1: [b_rat]
          p2.field: [{card: k_squire, flags: {partner: true}}, k_knight, k_archer]
          p2.lv1: [k_herald]
        """)
    act(g, "activate", card=uid(g, "b_hyena"))
    options = g.state.pending[0]["options"]
    assert uid(g, "b_hound") not in options           # the partner is never offered to destroy
    # Cards beat rules: 旅の商人 (cost 1) belongs in the Level 2 deck because it says so.
    deck = SILVER.replace("k_paladin: 1}", "n_merchant: 1}")
    assert deck_problems(tmp_path, deck) == ""


def test_fd_r2_four_decks_of_8_4_2_2_by_cost(tmp_path):
    assert deck_problems(tmp_path, SILVER) == ""
    short = SILVER.replace("k_smith: 1}", "}").replace(", }", "}")
    assert "7 cards, the deck rules need exactly 8 (FD-R2)" in deck_problems(tmp_path, short)
    wrong_cost = SILVER.replace("k_smith: 1", "b_bear: 1")
    assert "(FD-R2)" in deck_problems(tmp_path, wrong_cost)
    merchant_in_lv1 = SILVER.replace("k_smith: 1", "n_merchant: 1")
    assert "goes in the Level 2 deck, not the Level 1 deck (FD-R2)" in deck_problems(tmp_path, merchant_in_lv1)
    g = new_game_in_play()
    for p in (0, 1):
        sizes = [len(g.state.zones[f"{p}.{d}"]) for d in ("lv1", "lv2", "lv3", "spell")]
        assert sizes == [7, 4, 2, 2]                     # 8 minus the partner on the field


def test_fd_r3_deck_hp_and_top_card_out_at_zero():
    g = Game.new("fourdeck", seed=1)
    assert [hp(g, 0, d) for d in ("lv1", "lv2", "lv3")] == [6, 10, 14]
    assert "hp_spell" not in g.state.players[0]
    g = scenario("02_overflow.yaml")
    act(g, "damage", target_zone="0.lv1", amount=2)
    assert cids(g, "0.field")[-1] == "b_boar" and hp(g, 0, "lv1") == 6


def test_fd_r4_no_hand_but_graveyard_and_exile():
    rs = load_ruleset("fourdeck")
    assert not any(z.kind == "hand" for z in rs.zones.values())
    assert rs.zones["grave"].label == "墓場" and rs.zones["exile"].label == "追放"


def test_fd_r5_cards_carry_cost_attack_type_and_text():
    rs = load_ruleset("fourdeck")
    units = [c for c in rs.cards.values() if c.kind == "unit"]
    spells = [c for c in rs.cards.values() if c.kind == "spell"]
    assert len(rs.cards) >= 32 and len(spells) >= 4
    for c in units:
        assert isinstance(c.get("cost"), int) and isinstance(c.get("ap"), int) and c.tags, c.id
        assert c.name and c.name_en and (c.text or c.flavor), c.id
    for c in spells:
        assert c.text and c.effects, c.id
    # cost = level unless the card says otherwise (a deck_section names its deck).
    for c in units:
        assert c.get("deck_section") or c.get("cost") in (1, 2, 3), c.id


def test_fd_r6_one_copy_of_a_name(tmp_path):
    twice = SILVER.replace("k_smith: 1", "k_smith: 2").replace("k_page: 1, ", "")
    assert "at most 1 allowed (FD-R6)" in deck_problems(tmp_path, twice)


def test_fd_r7_spell_deck_seen_by_its_owner_only():
    g = new_game_in_play()
    for p in (0, 1):
        v = g.view(p)
        assert all(cv.cid for cv in v.zone(p, "spell"))              # own spells: visible any time
        assert not any(cv.cid for cv in v.zone(1 - p, "spell"))      # the opponent's: hidden
        for d in ("lv1", "lv2", "lv3"):
            assert not any(cv.cid for cv in v.zone(p, d))            # own level decks: hidden too


def test_fd_r8_coin_winner_chooses_first_or_second():
    for seed in range(6):
        g = Game.new("fourdeck", seed=seed)
        pend = g.state.pending[0]
        assert pend["kind"] == "choose_order"
        heads = [e for e in g.state.log if e.kind == "coin"][0].data["heads"]
        winner = 0 if heads else 1
        assert pend["player"] == winner
        act(g, "choose_order", choice="second")
        assert g.state.first == 1 - winner
    g = Game.new("fourdeck", seed=0, options={"first_player": "p2"})
    assert g.state.first == 1 and not [e for e in g.state.log if e.kind == "coin"]


def test_fd_r9_partner_chosen_from_level1_seen_by_owner_only():
    g = Game.new("fourdeck", seed=4, options={"first_player": "p1"})
    assert g.state.pending[0]["kind"] == "choose_partner" and g.to_act == 0
    assert all(cv.cid for cv in g.view(0).zone(0, "lv1"))           # P1 looks through it
    assert not any(cv.cid for cv in g.view(1).zone(0, "lv1"))       # P2 does not
    assert "cannot be a partner" in why(g, "choose_partner", choice="k_page")
    assert "Level 1 deck" in why(g, "choose_partner", choice="k_knight")     # a Level 2 card
    assert "Level 1 deck" in why(g, "choose_partner", choice="b_boar")       # not in this deck
    squire = uid(g, "k_squire", "0.lv1")
    act(g, "choose_partner", choice="k_squire")
    act(g, "choose_partner", choice=g.state.cards[g.state.zones["1.lv1"][0]].cid)
    assert g.state.zones["0.field"] == [squire] and g.state.cards[squire].flags["partner"]


def test_fd_r9_partners_are_chosen_hidden_then_revealed_together():
    # 「パートナーユニットをレベル1山札から一枚えらんで場に出します」: neither player sees the other's
    # choice before making their own; both come out together.
    g = Game.new("fourdeck", seed=4, options={"first_player": "p1"})
    squire = uid(g, "k_squire", "0.lv1")
    act(g, "choose_partner", choice="k_squire")
    assert g.to_act == 1 and g.state.zones["0.field"] == []
    p2_view = g.view(1)
    assert "k_squire" not in repr(p2_view.pending) and "見習い騎士" not in repr(p2_view.pending)
    for lang, name in (("ja", "見習い騎士"), ("en", "Squire Knight")):      # hidden in either language
        assert not any(name in render(e.text_for(1), lang) for e in g.state.log)
        assert any(name in render(e.text_for(0), lang) for e in g.state.log)
    assert not any(cv.cid == "k_squire" for z in p2_view.zones.values() for cv in z)
    assert "見習い騎士" in repr(g.view(0).pending)          # P1 still sees their own choice
    act(g, "choose_partner", choice=g.state.cards[g.state.zones["1.lv1"][0]].cid)
    assert g.state.zones["0.field"] == [squire] and len(g.state.zones["1.field"]) == 1
    assert not any(p["kind"] == "partner_hold" for p in g.state.pending) and g.state.phase == "damage"


def test_fd_r10_no_attack_in_first_turns_no_spell_for_first_player():
    g = scenario("01_first_turn.yaml")
    act(g, "damage", target_zone="0.lv1", amount=2)
    hound = uid(g, "b_hound", "0.field")
    assert "(FD-R10)" in why(g, "attack", card=hound, target_zone="1.lv1")
    assert "(FD-R10)" in why(g, "cast", card=uid(g, "s_hellfire"))
    act(g, "end_turn")
    act(g, "end_phase")                                  # P2's first turn
    assert why(g, "cast", card=uid(g, "s_mending")) is None
    assert "(FD-R10)" in why(g, "attack", card=uid(g, "k_squire"), target_zone="0.lv1")
    act(g, "end_turn")
    act(g, "end_phase")                                  # turn 3: attacks allowed
    assert why(g, "attack", card=hound, target_zone="1.lv1") is None


def test_fd_r11_damage_phase_own_deck_zero_to_three():
    g = scenario("02_overflow.yaml")
    for n in range(4):
        assert why(g, "damage", target_zone="0.lv2", amount=n) is None
    assert "(FD-R11)" in why(g, "damage", target_zone="0.lv2", amount=4)
    assert "(FD-R11)" in why(g, "damage", target_zone="1.lv2", amount=1)
    assert "(FD-R3)" in why(g, "damage", target_zone="0.spell", amount=1)
    act(g, "damage", target_zone="0.lv2", amount=3)
    assert hp(g, 0, "lv2") == 7 and g.state.phase == "battle"


def test_fd_r12_one_spell_per_turn():
    g = scenario("07_ruin.yaml")
    act(g, "cast", card=uid(g, "s_hellfire"))
    act(g, "choose_target", target_zone="1.lv2")
    assert "(FD-R12)" in why(g, "cast", card=uid(g, "s_banish"))


def test_fd_r13_turn_end_passes_the_turn():
    g = scenario("03_rebellion.yaml")
    act(g, "end_turn")
    s = g.state
    assert (s.active, s.turn, s.phase, g.to_act) == (1, 8, "damage", 1)


def test_fd_r14_attack_takes_attack_power_off_an_enemy_deck():
    g = scenario("03_rebellion.yaml")
    assert "(FD-R14)" in why(g, "attack", card=uid(g, "b_bear"), target_zone="0.lv1")
    assert "(FD-R14)" in why(g, "attack", card=uid(g, "b_bear"), target_zone="1.spell")
    assert g.controller.field_cost(g.state, 1) == 6
    act(g, "attack", card=uid(g, "b_bear"), target_zone="1.lv1")
    assert hp(g, 1, "lv1") == 6 and cids(g, "1.field")[-1] == "k_banner"
    assert g.controller.field_cost(g.state, 1) == 7 and g.outcome() is None


def test_fd_r15_used_spell_is_destroyed_to_graveyard():
    g = scenario("07_ruin.yaml")
    fire = uid(g, "s_hellfire")
    act(g, "cast", card=fire)
    assert g.state.cards[fire].zone == "0.grave"
    act(g, "choose_target", target_zone="1.lv2")
    assert hp(g, 1, "lv2") == 6


def test_fd_r16_rebellion_at_field_cost_8():
    g = scenario("03_rebellion.yaml")
    act(g, "attack", card=uid(g, "b_bear"), target_zone="1.lv2")
    assert g.outcome().winner == 0 and "反乱" in render(g.outcome().reason, "ja")


def test_fd_r17_ruin_at_field_cost_0():
    g = scenario("07_ruin.yaml")
    act(g, "cast", card=uid(g, "s_banish"))
    act(g, "choose_target", target=uid(g, "k_squire"))
    assert g.outcome().winner == 0 and "滅亡" in render(g.outcome().reason, "ja")


def test_fd_r18_exhaustion_16th_card_may_declare_victory():
    g = scenario("05_exhaustion.yaml")
    assert "(FD-R18)" in why(g, "declare_victory")
    act(g, "attack", card=uid(g, "k_squire"), target_zone="1.lv1")
    assert g.controller.field_count(g.state) == 16
    assert g.state.pending[0]["kind"] == "claim" and g.to_act == 0
    act(g, "declare_victory")
    assert g.outcome().winner == 0 and "疲弊" in render(g.outcome().reason, "ja")


def test_fd_r19_decline_empty_decks_and_level3_at_zero():
    g = scenario("06_decline.yaml")
    act(g, "attack", card=uid(g, "b_assassin"), target_zone="1.lv3")
    assert g.outcome() is None and hp(g, 1, "lv3") == 1
    act(g, "attack", card=uid(g, "b_boar"), target_zone="1.lv3")
    assert g.outcome().winner == 0 and "必衰" in render(g.outcome().reason, "ja")


def test_fd_r20_card_effect_wins():
    g = scenario("08_dragon_roar.yaml")
    act(g, "end_phase")
    act(g, "activate", card=uid(g, "n_ancient"))
    assert g.outcome() is None                           # only two dragons
    g = scenario("08_dragon_roar.yaml")
    act(g, "damage", target_zone="0.lv2", amount=1)      # 飛竜 comes out: three dragons
    act(g, "activate", card=uid(g, "n_ancient"))
    assert g.outcome().winner == 0 and "(FD-R20)" in g.outcome().reason
    assert "3 Dragon units" in render(g.outcome().reason, "en")    # the tag in the reader's language
    assert "竜" in render(g.outcome().reason, "ja")


def test_fd_r21_destroy_fires_on_destroy_exile_fires_nothing():
    g = scenario("04_destroy_or_exile.yaml")
    rat = uid(g, "b_rat")
    act(g, "activate", card=uid(g, "b_hyena"))
    act(g, "choose_target", target=rat)
    assert g.state.cards[rat].zone == "0.grave"
    assert g.state.pending[0]["options"] == ["1.lv1", "1.lv2", "1.lv3"]   # 影鼠's on-destroy effect
    act(g, "choose_target", target_zone="1.lv1")
    assert cids(g, "1.field")[-1] == "k_banner"
    g = scenario("04_destroy_or_exile.yaml")
    act(g, "cast", card=uid(g, "s_banish"))
    act(g, "choose_target", target=rat)
    assert g.state.cards[rat].zone == "0.exile" and not g.state.pending
    assert [hp(g, 1, d) for d in ("lv1", "lv2", "lv3")] == [2, 10, 14]


# --- decisions ------------------------------------------------------------------------------------
def test_fd_d1_each_unit_attacks_once_per_turn_tapped_until_its_turn():
    g = scenario("03_rebellion.yaml")
    bear = uid(g, "b_bear")
    act(g, "attack", card=bear, target_zone="1.lv1")
    assert g.state.cards[bear].tapped
    assert "(FD-D1)" in why(g, "attack", card=bear, target_zone="1.lv3")
    act(g, "end_turn")
    assert g.state.cards[bear].tapped                    # stays tapped in the opponent's turn
    act(g, "end_phase")
    act(g, "end_turn")
    assert not g.state.cards[bear].tapped


def test_fd_d2_damage_beyond_zero_is_lost():
    g = scenario("02_overflow.yaml")
    act(g, "damage", target_zone="0.lv1", amount=3)
    assert hp(g, 0, "lv1") == 6 and cids(g, "0.lv1") == ["b_rat"]   # one card out, HP full
    assert any("beyond 0 is lost" in e.text for e in g.state.log)


def test_fd_d3_empty_deck_takes_damage_nothing_comes_out():
    g = scenario("02_overflow.yaml")
    act(g, "end_phase")
    before = list(g.state.zones["1.field"])
    act(g, "attack", card=uid(g, "b_hound"), target_zone="1.lv2")
    assert hp(g, 1, "lv2") == 10 and g.state.zones["1.field"] == before


def test_fd_d4_both_lose_at_once_is_a_draw(tmp_path):
    g = position(tmp_path, """\
        phase: battle
        players: {p1: {hp_lv1: 2}, p2: {hp_lv1: 2}}
        zones:
          p1.field: [{card: k_squire, flags: {partner: true}}, k_knight, k_captain, k_paladin]
          p1.lv1: [k_archer]
          p1.spell: [s_quake]
          p2.field: [{card: b_hound, flags: {partner: true}}, b_bear, b_werewolf, b_assassin]
          p2.lv1: [b_boar]
        """)
    act(g, "cast", card=uid(g, "s_quake"))
    assert g.outcome() is not None and g.outcome().winner is None and "FD-D4" in g.outcome().reason


def test_fd_d5_the_attacker_puts_out_the_opponents_16th_card():
    g = scenario("05_exhaustion.yaml")
    act(g, "attack", card=uid(g, "k_squire"), target_zone="1.lv1")
    assert cids(g, "1.field")[-1] == "b_boar"           # P2's card ...
    assert g.state.data["claim"] == 0                    # ... but P1 put it out


def test_fd_d6_empty_spell_deck_offers_no_spell():
    g = scenario("03_rebellion.yaml")
    assert not any(a.kind == "cast" for a in g.legal_actions())


def test_fd_d7_decks_shuffled_after_the_partner_choice():
    g = Game.new("fourdeck", seed=9, options={"first_player": "p1"})
    n = len(g.state.log)
    act(g, "choose_partner", choice=g.state.cards[g.state.zones["0.lv1"][0]].cid)
    assert not any(e.kind == "shuffle" for e in g.state.log[n:])      # nothing shows before both chose
    act(g, "choose_partner", choice=g.state.cards[g.state.zones["1.lv1"][0]].cid)
    shuffled = {e.data["zone"] for e in g.state.log[n:] if e.kind == "shuffle"}
    assert shuffled == {f"{p}.{d}" for p in (0, 1) for d in ("lv1", "lv2", "lv3", "spell")}
    assert not any(cv.cid for cv in g.view(0).zone(0, "lv1"))       # the look is over


def test_fd_d8_cost_and_attack_never_below_zero(tmp_path):
    g = position(tmp_path, """\
        phase: battle
        zones:
          p1.field: [{card: k_squire, flags: {partner: true}}, k_page]
          p1.spell: [s_pardon]
          p2.field: [{card: b_hound, flags: {partner: true}}]
        """)
    page = uid(g, "k_page")
    act(g, "cast", card=uid(g, "s_pardon"))
    act(g, "choose_target", target=page)
    assert g.controller.stat(g.state, page, "cost") == 0
    assert g.controller.field_cost(g.state, 0) == 1


def test_fd_d9_no_turn_limit_only_the_rules_end_a_game(tmp_path):
    # FD-D9 (a draw after turn 120) is withdrawn: 勝敗条件 lists only rebellion, ruin, exhaustion, decline.
    assert "turn_limit" not in RS.parameters
    g = position(tmp_path, """\
        turn: 500
        phase: battle
        zones:
          p1.field: [{card: k_squire, flags: {partner: true}}]
          p2.field: [{card: b_hound, flags: {partner: true}}]
        """)
    act(g, "end_turn")
    assert g.outcome() is None and g.state.turn == 501


def test_fd_d10_first_player_by_agreement_option():
    g = Game.new("fourdeck", seed=2, options={"first_player": "p1"})
    assert g.state.first == 0 and g.state.pending[0]["kind"] == "choose_partner"
    with pytest.raises(DataError):
        Game.new("fourdeck", seed=2, options={"who_first": "p1"})


def test_fd_d11_no_ruin_while_partners_are_chosen():
    g = Game.new("fourdeck", seed=5)
    assert g.outcome() is None and g.state.phase == "setup"
    while g.state.phase == "setup":
        g.apply(g.legal_actions()[0])
    assert g.outcome() is None and g.state.turn == 1 and g.state.phase == "damage"


def test_fd_d12_a_unit_may_attack_the_turn_it_comes_out():
    g = scenario("02_overflow.yaml")
    act(g, "damage", target_zone="0.lv1", amount=3)
    assert why(g, "attack", card=uid(g, "b_boar"), target_zone="1.lv1") is None


def test_fd_d13_activation_costs_what_the_card_text_says_and_is_allowed_in_the_first_turn(tmp_path):
    # 「ユニットが効果を持っている場合、それを発動することが出来ます」: the rule gives no cost; a card's
    # text does (起動（このユニットを行動済みにする）／起動（1ターンに1回）).
    g = position(tmp_path, """\
        turn: 1
        phase: battle
        players: {p1: {hp_lv1: 1}}
        zones:
          p1.field: [{card: k_squire, flags: {partner: true}}, k_cleric, k_page]
          p2.field: [{card: b_hound, flags: {partner: true}}]
        """)
    sq, cleric = uid(g, "k_squire"), uid(g, "k_cleric")
    assert why(g, "activate", card=sq) is None
    act(g, "activate", card=sq)
    assert hp(g, 0, "lv1") == 3 and g.state.cards[sq].tapped            # its text: 行動済みにする
    assert "(card text, FD-D13)" in why(g, "activate", card=sq)
    act(g, "activate", card=cleric)                                        # its text: 1ターンに1回
    act(g, "choose_target", target=uid(g, "k_page"))
    assert not g.state.cards[cleric].tapped                                # no tap: it may still act
    assert "1ターンに1回" in render(why(g, "activate", card=cleric), "ja")
    assert not any(a.kind == "activate" for a in g.legal_actions())


def test_fd_d14_after_attack_effects_resolve_after_the_damage(tmp_path):
    g = position(tmp_path, """\
        phase: battle
        zones:
          p1.field: [{card: k_banner, flags: {partner: true}}, k_knight]
          p2.field: [{card: b_hound, flags: {partner: true}}]
          p2.lv1: [b_rat]
        """)
    act(g, "attack", card=uid(g, "k_banner"), target_zone="1.lv1")
    assert hp(g, 1, "lv1") == 5 and g.state.pending[0]["kind"] == "effect_target"
    act(g, "choose_target", target=uid(g, "k_knight"))
    assert g.controller.stat(g.state, uid(g, "k_knight"), "ap") == 4
    act(g, "end_turn")
    assert g.controller.stat(g.state, uid(g, "k_knight"), "ap") == 3   # until end of turn


def test_fd_d15_partner_is_put_onto_the_field_so_its_enter_effect_fires():
    # 「パートナーユニットをレベル1山札から一枚えらんで場に出します」: 場に出す, so 場に出たとき fires,
    # after both partners are revealed; the first turn starts once it has resolved.
    g = Game.new("fourdeck", seed=1, options={"first_player": "p1"})
    act(g, "choose_partner", choice="k_herald")
    assert g.state.pending[0]["kind"] == "choose_partner" and g.state.pending[0]["player"] == 1
    assert [hp(g, 1, d) for d in ("lv1", "lv2", "lv3")] == [6, 10, 14]   # nothing before both chose
    act(g, "choose_partner", choice=g.state.cards[g.state.zones["1.lv1"][0]].cid)
    assert g.state.phase == "setup" and g.to_act == 0                     # 早馬の伝令: choose a deck
    assert g.state.pending[0]["kind"] == "effect_target"
    act(g, "choose_target", target_zone="1.lv2")
    assert hp(g, 1, "lv2") == 9 and g.state.phase == "damage" and g.state.turn == 1


def test_fd_d16_triggered_effects_are_chosen_by_the_cards_owner(tmp_path):
    g = position(tmp_path, """\
        phase: battle
        players: {p2: {hp_lv2: 1}}
        zones:
          p1.field: [{card: b_hound, flags: {partner: true}}]
          p2.field: [{card: k_squire, flags: {partner: true}}, b_rat]
          p2.lv2: [b_assassin]
        """)
    act(g, "attack", card=uid(g, "b_hound"), target_zone="1.lv2")
    # P2's assassin came out: P2 chooses what it destroys (its own rat), then the rat's effect.
    assert g.to_act == 1 and g.state.pending[0]["options"] == [uid(g, "b_rat")]
    act(g, "choose_target", target=uid(g, "b_rat"))
    assert g.to_act == 1 and g.state.pending[0]["options"] == ["0.lv1", "0.lv2", "0.lv3"]
    act(g, "choose_target", target_zone="0.lv3")
    assert hp(g, 0, "lv3") == 12 and g.to_act == 0


def test_fd_d17_modifiers_end_when_the_card_leaves_the_field(tmp_path):
    g = position(tmp_path, """\
        phase: battle
        players: {p2: {hp_lv1: 1}}
        zones:
          p1.field: [{card: k_squire, flags: {partner: true}}, k_archer]
          p1.spell: [s_recall]
          p2.field: [{card: b_hound, flags: {partner: true}}]
          p2.lv1: [b_snake]
          p2.lv2: [b_bear]
        """)
    archer = uid(g, "k_archer")
    act(g, "attack", card=uid(g, "k_squire"), target_zone="1.lv1")   # 毒蛇 comes out for P2
    act(g, "choose_target", target=archer)                          # P2 curses the archer
    assert g.controller.stat(g.state, archer, "cost") == 2
    act(g, "cast", card=uid(g, "s_recall"))
    act(g, "choose_target", target=archer)
    archer = uid(g, "k_archer")          # a fresh id in the face-down deck (issue 19)
    assert g.state.cards[archer].zone == "0.lv1" and "mods" not in g.state.cards[archer].flags


def test_fd_d18_declining_keeps_the_claim_until_below_16():
    g = scenario("05_exhaustion.yaml")
    act(g, "attack", card=uid(g, "k_squire"), target_zone="1.lv1")
    act(g, "decline_victory")
    assert g.outcome() is None and g.state.data["claim"] == 0
    assert any(a.kind == "declare_victory" for a in g.legal_actions())
    g.controller.fx_exile(g.state, uid(g, "n_sprite", "0.field"), {})
    g.controller.after(g.state)
    assert g.state.data["claim"] is None
    assert "(FD-R18)" in why(g, "declare_victory")


def test_fd_d19_spells_only_in_your_battle_phase(tmp_path):
    g = position(tmp_path, """\
        phase: damage
        zones:
          p1.field: [{card: b_hound, flags: {partner: true}}]
          p1.spell: [s_hellfire]
          p2.field: [{card: k_squire, flags: {partner: true}}]
          p2.spell: [s_mending]
        """)
    fire = uid(g, "s_hellfire")
    assert f"only in the {g.ruleset.phase_label('battle')}" in why(g, "cast", card=fire)   # the phase in its words
    act(g, "end_phase")
    assert why(g, "cast", card=fire) is None
    act(g, "end_turn")                                   # P2's turn: P1 cannot answer with a spell
    assert g.why_not(Action.make("cast", 0, card=fire)).startswith("it is P2's move")


def test_fd_d20_end_phase_in_damage_phase_means_zero_damage():
    g = scenario("02_overflow.yaml")
    act(g, "end_phase")
    assert hp(g, 0, "lv1") == 2 and g.state.phase == "battle"


def test_fd_d21_returned_units_go_under_their_home_deck(tmp_path):
    g = position(tmp_path, """\
        phase: battle
        zones:
          p1.field: [{card: k_squire, flags: {partner: true}}, k_cleric, k_knight]
          p1.lv2: [k_captain]
          p2.field: [{card: b_hound, flags: {partner: true}}]
        """)
    act(g, "activate", card=uid(g, "k_cleric"))
    assert uid(g, "k_squire") not in g.state.pending[0]["options"]   # (パートナー以外)
    act(g, "choose_target", target=uid(g, "k_knight"))
    assert cids(g, "0.lv2") == ["k_knight", "k_captain"]            # the bottom is the list start


def test_fd_d22_a_partner_can_be_exiled():
    g = scenario("07_ruin.yaml")
    act(g, "cast", card=uid(g, "s_banish"))
    assert uid(g, "k_squire") in g.state.pending[0]["options"]


def test_fd_d23_keywords_double_attack_and_unbreakable(tmp_path):
    g = position(tmp_path, """\
        phase: battle
        zones:
          p1.field: [{card: b_hound, flags: {partner: true}}, b_werewolf, b_assassin]
          p2.field: [{card: k_squire, flags: {partner: true}}, k_knight]
        """)
    wolf = uid(g, "b_werewolf")
    act(g, "attack", card=wolf, target_zone="1.lv3")
    assert not g.state.cards[wolf].tapped
    act(g, "attack", card=wolf, target_zone="1.lv3")
    assert g.state.cards[wolf].tapped and hp(g, 1, "lv3") == 8
    assert "(FD-D1)" in why(g, "attack", card=wolf, target_zone="1.lv3")
    assert g.controller.indestructible(g.state, uid(g, "k_knight"))
    g.controller.fx_destroy(g.state, uid(g, "k_knight"), {})
    assert g.state.cards[uid(g, "k_knight")].zone == "1.field"


def test_fd_public_shows_deck_hp_counts_and_field_costs():
    g = new_game_in_play()
    pub = g.view(0).public
    assert pub["zones"]["0.lv1"] == "HP 6/6 · 7 cards" and pub["zones"]["1.lv3"] == "HP 14/14 · 2 cards"
    assert render(pub["zones"]["0.lv1"], "ja") == "HP 6/6 · 7枚"
    for p in (0, 1):   # the panel's words in either language
        assert pub["players"][p]["Field cost"] == "1 / 8"
        assert {render(k, "ja"): v for k, v in pub["players"][p].items()}["場のコスト"] == "1 / 8"
    partner = g.state.zones["0.field"][0]
    assert pub["badges"][partner] == ["partner"] and render(pub["badges"][partner][0], "ja") == "パートナー"


def test_fd_illegal_actions_change_nothing():
    g = scenario("03_rebellion.yaml")
    before = g.state.to_dict()
    with pytest.raises(IllegalAction):
        act(g, "attack", card=uid(g, "b_bear"), target_zone="0.lv1")
    assert g.state.to_dict() == before


def test_fd_drags_map_to_attack_cast_and_partner_with_reasons():
    g = scenario("01_first_turn.yaml")
    act(g, "end_phase")
    hound = uid(g, "b_wolfcub", "0.field")
    a = g.drop_action(0, hound, "1.lv2")
    assert str(a) == f"p1 attack card={hound} target_zone=1.lv2"
    assert "(FD-R10)" in g.why_not(a)                     # the drag still explains the refusal
    spell = uid(g, "s_hellfire")
    assert g.drop_action(0, spell, "0.grave").kind == "cast"
    assert g.drop_action(0, hound, "0.lv1") is None
    g = Game.new("fourdeck", seed=4, options={"first_player": "p1"})
    squire = uid(g, "k_squire", "0.lv1")
    a = g.drop_action(0, squire, "0.field")
    assert a is not None and a.kind == "choose_partner" and a["choice"] == "k_squire"
    assert g.why_not(a) is None


def test_fd_d24_rebellion_loses_at_once_before_the_enter_effect(tmp_path):
    # P2's 騎士 pushes 夜鴉 onto P1's field: cost 8, P1 loses at once (勝敗条件 ① 反乱). The crow's
    # enter effect (2 damage to P2's Level 1 deck, 2 HP left, P2's field at cost 7) never resolves, so
    # it cannot push P2 into rebellion too and turn the win into a draw.
    g = position(tmp_path, """\
        turn: 8
        active: p2
        phase: battle
        players: {p1: {hp_lv1: 3}, p2: {hp_lv1: 2}}
        zones:
          p1.field: [{card: b_hound, flags: {partner: true}}, b_bear, b_werewolf, b_boar, b_rat]
          p1.lv1: [b_crow]
          p2.field: [{card: k_squire, flags: {partner: true}}, k_knight, k_dragon_knight, k_archer]
          p2.lv1: [k_herald]
        """)
    act(g, "attack", card=uid(g, "k_knight"), target_zone="0.lv1")
    out = g.outcome()
    assert out is not None and out.winner == 1 and "FD-R16" in out.reason
    assert cids(g, "1.lv1") == ["k_herald"] and hp(g, 1, "lv1") == 2 and not g.state.pending


def test_fd_d16_an_effect_with_no_legal_target_does_nothing(tmp_path):
    # 影の暗殺者 comes out; the only other units are the two partners, which cannot be destroyed:
    # its destroy has no target and nothing happens; the game goes on.
    g = position(tmp_path, """\
        turn: 5
        phase: battle
        players: {p2: {hp_lv2: 1}}
        zones:
          p1.field: [{card: b_hound, flags: {partner: true}}]
          p2.field: [{card: k_squire, flags: {partner: true}}]
          p2.lv2: [b_assassin]
        """)
    act(g, "attack", card=uid(g, "b_hound"), target_zone="1.lv2")
    assert cids(g, "1.field") == ["k_squire", "b_assassin"] and cids(g, "0.field") == ["b_hound"]
    assert not g.state.pending and g.outcome() is None
    assert any("no target, nothing happens" in e.text for e in g.state.log)
