"""イジンデン (ijinden): one test per rule (IJ-Rn) and decision (IJ-Dn) of docs/rules/ijinden.md."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml


from ijinden_positions import ijinden_position  # noqa: E402
from simcheck import check_views_hide, play_random_game  # noqa: E402
from tabletop.engine import Action, Game  # noqa: E402
from tabletop.engine.effects import is_manual  # noqa: E402
from tabletop.engine.errors import DataError, DataErrors  # noqa: E402
from tabletop.engine.ruleset import deck_from_data, load_ruleset  # noqa: E402
from tabletop.i18n import render  # noqa: E402

RS = load_ruleset("ijinden")
SCEN = RS.scenarios_dir


# --- helpers -----------------------------------------------------------------------------------
def game(tmp_path, zones: dict, **kw) -> Game:
    """Start an ijinden game from a position (P1's main phase of turn 5 unless told); decks default to 3 stones."""
    return ijinden_position(tmp_path, zones, **kw)


def scenario(name: str) -> Game:
    return Game.from_scenario(next(SCEN.glob(f"{name}*.yaml")))


def key(zone: str) -> str:
    return zone.replace("p1.", "0.").replace("p2.", "1.")


def find(g, cid: str, zone: str, i: int = 0) -> int:
    return [u for u in g.state.zones[key(zone)] if g.state.cards[u].cid == cid][i]


def cids(g, zone: str) -> list[str]:
    return [g.state.cards[u].cid for u in g.state.zones[key(zone)]]


def act(g, kind: str, **kw):
    return g.apply(Action.make(kind, g.to_act, **kw))


def why(g, kind: str, player=None, **kw):
    return g.why_not(Action.make(kind, g.to_act if player is None else player, **kw))


def legal_kinds(g) -> set[str]:
    return {a.kind for a in g.legal_actions()}


def pending_kind(g):
    return g.state.pending[0]["kind"] if g.state.pending else None


def answer_feats(g, use: bool = False):
    """Answer every offered feat ability (no by default)."""
    while pending_kind(g) == "feat":
        act(g, "feat" if use else "no_feat")


def choose(g, uid):
    """Answer the pending effect choice with card uid."""
    assert pending_kind(g) == "effect_target", g.state.pending
    act(g, "choose_target", target=uid)


def ctl(g):
    return g.controller


def deck_errors(raw) -> str:
    try:
        deck_from_data(raw, "t.yaml", RS)
    except (DataError, DataErrors) as e:
        return str(e)
    return ""


# --- cards and zones ---------------------------------------------------------------------------
def test_ij_r1_four_card_kinds_with_their_fields():
    assert set(RS.card_kinds) == {"ijin", "mahou", "haikei", "maryoku"}
    assert {"level", "power", "traits", "feat"} <= set(RS.card_kinds["ijin"]["fields"])
    assert {"level", "cost", "feat"} <= set(RS.card_kinds["mahou"]["fields"])
    assert {"level", "feat"} <= set(RS.card_kinds["haikei"]["fields"])
    assert {"level", "feat"} <= set(RS.card_kinds["maryoku"]["fields"])
    for c in RS.cards.values():
        assert c.color in RS.colors and c.get("level") is not None, c.id


def test_ij_r1_mahou_is_single_use(tmp_path):
    g = game(tmp_path, {"p1.hand": ["b_tenmon"], "p1.mana": ["b_stone", "b_stone"], "p1.deck": ["b_stone"] * 5})
    u = find(g, "b_tenmon", "p1.hand")
    act(g, "cast", card=u)
    act(g, "pay", card=g.state.zones["0.mana"][0])
    assert g.state.cards[u].zone == "0.graveyard"
    assert "cast" not in legal_kinds(g)


def test_ij_r2_traits_are_tags_for_text_not_abilities(tmp_path):
    # 玉鋼: "your 剣術 Ijin get パワー+1000" — 源義経 has the trait 剣術, 巴御前 has not.
    g = game(tmp_path, {"p1.battlefield": ["r_yoshitsune", "r_tomoe"], "p1.mana": ["r_tamahagane"]})
    y, t = find(g, "r_yoshitsune", "p1.battlefield"), find(g, "r_tomoe", "p1.battlefield")
    assert ctl(g).power(g.state, y) == 3000 and ctl(g).power(g.state, t) == 1000
    assert "剣術" not in ctl(g).keywords(g.state, y)
    assert all(c.get("power") % 1000 == 0 for c in RS.cards.values() if c.kind == "ijin")


def test_ij_r3_zone_visibility(tmp_path):
    g = game(tmp_path, {"p1.hand": ["r_tomoe"], "p1.mana": [{"card": "g_stone", "face_up": False}, "r_stone"],
                        "p1.guardians": ["g_himiko"], "p1.graveyard": ["r_hiya"]})
    v1, v2 = g.view(0), g.view(1)
    assert v1.zone(0, "hand")[0].cid == "r_tomoe" and v2.zone(0, "hand")[0].cid is None
    assert v1.zone(0, "mana")[0].cid == "g_stone" and v2.zone(0, "mana")[0].cid is None
    assert v1.zone(0, "mana")[1].cid == v2.zone(0, "mana")[1].cid == "r_stone"
    assert v1.zone(0, "guardians")[0].cid is None and v2.zone(0, "guardians")[0].cid is None
    assert v2.zone(0, "graveyard")[0].cid == "r_hiya"
    assert all(c.cid is None for c in v1.zone(0, "deck"))
    assert RS.zones["graveyard"].inspect
    check_views_hide(g)


def test_ij_r4_deck_needs_40_cards_and_at_most_4_copies():
    base = {"r_stone": 20, "g_stone": 10, "r_tomoe": 4, "r_joan": 4, "r_hiya": 2}
    assert deck_errors({"name": "t", "main": base}) == ""
    assert "IJ-R4" in deck_errors({"name": "t", "main": {**base, "r_hiya": 1}})      # 39 cards
    assert "IJ-R4" in deck_errors({"name": "t", "main": {**base, "r_tomoe": 5}})     # 5 copies
    assert deck_errors({"name": "t", "main": {**base, "r_stone": 30}}) == ""         # copies: any
    assert RS.cards["r_stone"].copies == "any"
    for name in RS.starter_decks:
        assert sum(n for _, n, _ in RS.decks[name].sections["main"]) >= 40
    # 「40枚以上のカードで作ります」: no maximum without the side-deck option.
    assert deck_errors({"name": "t", "main": {**base, "r_stone": 60}}) == ""                # 80 cards


def test_ij_r4_no_maximum_without_the_side_deck_rule():
    big = deck_from_data({"name": "big", "main": {"r_stone": 60, "g_stone": 10}}, "big.yaml", RS)   # 70
    g = Game.new("ijinden", decks=[big, big], seed=3)
    assert len(g.state.zones["0.deck"]) + len(g.state.zones["0.hand"]) + len(g.state.zones["0.guardians"]) == 70
    g = Game.new("ijinden", decks=[big, big], seed=3, options={"match": True})   # a match alone: no cap
    # The 60-card cap belongs to the side-deck rule (IJ-R35): a match with it refuses the 70 cards.
    with pytest.raises(DataError, match="IJ-R35"):
        Game.new("ijinden", decks=[big, big], seed=3, options={"match": True, "side_deck": True})
    for name in RS.starter_decks:
        assert sum(n for _, n, _ in RS.decks[name].sections["main"]) >= 40


# --- setup and turn ----------------------------------------------------------------------------
def test_ij_r5_setup_draws_six_and_places_four_guardians():
    g = Game.new("ijinden", seed=11)
    s = g.state
    for p in (0, 1):
        assert len(s.zones[f"{p}.guardians"]) == 4
        assert all(not s.cards[u].face_up for u in s.zones[f"{p}.guardians"])
    first = s.first
    assert len(s.zones[f"{first}.hand"]) == 6 and len(s.zones[f"{first}.deck"]) == 30
    assert len(s.zones[f"{1 - first}.hand"]) == 6


def test_ij_r6_first_player_by_coin():
    firsts = set()
    for seed in range(12):
        g = Game.new("ijinden", seed=seed)
        assert any(e.kind == "coin" for e in g.state.log)
        firsts.add(g.state.first)
        assert g.state.active == g.state.first
    assert firsts == {0, 1}


def test_ij_r7_start_phase_rights_and_untap(tmp_path):
    g = game(tmp_path, {"p2.battlefield": [{"card": "r_tomoe", "tapped": True}],
                        "p2.guardians": [{"card": "r_stone", "tapped": True}]})
    act(g, "end_phase")
    s = g.state
    assert s.active == 1 and s.phase == "main"
    assert s.players[1]["placement"] == 1 and s.players[1]["summon"] == 1
    assert not any(s.cards[u].tapped for u in s.zones["1.battlefield"] + s.zones["1.guardians"])


def test_ij_r8_no_draw_in_first_players_first_turn():
    g = Game.new("ijinden", seed=3)
    s = g.state
    assert s.turn == 1 and len(s.zones[f"{s.active}.hand"]) == 6
    act(g, "end_phase")
    assert len(s.zones[f"{s.active}.hand"]) == 7 and len(s.zones[f"{s.active}.deck"]) == 29


def test_ij_r9_no_cards_during_battle_and_one_battle(tmp_path):
    g = game(tmp_path, {"p1.battlefield": ["r_tomoe", "r_joan"], "p1.hand": ["r_stone"],
                        "p2.guardians": ["r_stone"]})
    a, b = g.state.zones["0.battlefield"]
    act(g, "attack", card=a)
    assert "IJ-R9" in why(g, "place", card=find(g, "r_stone", "p1.hand"), to="0.mana")
    act(g, "end_phase")
    act(g, "block", card=g.state.zones["1.guardians"][0], target=a)
    act(g, "done_blocking")
    answer_feats(g)
    assert g.state.phase == "main" and g.outcome() is None
    assert "IJ-R9" in why(g, "attack", card=b)
    assert why(g, "place", card=find(g, "r_stone", "p1.hand"), to="0.mana") is None


def test_ij_r10_end_phase_removes_unused_rights(tmp_path):
    g = game(tmp_path, {})
    assert g.state.players[0]["placement"] == 1
    act(g, "end_phase")
    assert g.state.players[0]["placement"] == 0 and g.state.players[0]["summon"] == 0
    assert "IJ-R10" in " ".join(str(e.text) for e in g.state.log)


# --- conditions for using a card ---------------------------------------------------------------
def test_ij_r11_mana_cost_paid_by_chosen_cards(tmp_path):
    g = scenario("05")
    s = g.state
    mahou = find(g, "b_shinkiro", "p1.hand")
    act(g, "cast", card=mahou)
    assert pending_kind(g) == "pay" and s.pending[0]["left"] == 3
    keep = find(g, "b_stone", "p1.mana")
    pay = [u for u in s.zones["0.mana"] if u != keep][:3]
    for u in pay:
        assert why(g, "pay", card=g.state.zones["1.mana"][0]) is not None
        act(g, "pay", card=u)
    assert keep in s.zones["0.mana"] and all(u in s.zones["0.graveyard"] for u in pay)
    assert not any(pk["kind"] == "feat" for pk in s.pending)      # mana zone → graveyard: no feat


def test_ij_r11_cost_larger_than_mana_zone_is_refused(tmp_path):
    # 封印の書: blue, level 2, mana cost 2 — 星図 alone gives blue and level 2, but only one card to pay with.
    g = game(tmp_path, {"p1.hand": ["b_fuuin"], "p1.mana": ["b_seizu"], "p2.battlefield": ["r_tomoe"]})
    fuuin = find(g, "b_fuuin", "p1.hand")
    assert "IJ-R11" in why(g, "cast", card=fuuin)
    g2 = game(tmp_path, {"p1.hand": ["b_fuuin"], "p1.mana": ["b_seizu", "r_stone"], "p2.battlefield": ["r_tomoe"]})
    assert why(g2, "cast", card=find(g2, "b_fuuin", "p1.hand")) is None


def test_ij_r12_placement_right(tmp_path):
    g = game(tmp_path, {"p1.hand": ["r_stone", "g_stone"]})
    a, b = g.state.zones["0.hand"]
    act(g, "place", card=a, to="0.mana")
    assert g.state.players[0]["placement"] == 0
    assert "IJ-R12" in why(g, "place", card=b, to="0.mana")


def test_ij_r13_summon_right(tmp_path):
    g = game(tmp_path, {"p1.hand": ["r_tomoe", "r_tomoe"], "p1.mana": ["r_stone"]})
    a, b = g.state.zones["0.hand"]
    act(g, "summon", card=a, to="0.battlefield")
    assert g.state.players[0]["summon"] == 0
    assert "IJ-R13" in why(g, "summon", card=b, to="0.battlefield")


def test_ij_r14_activation_condition(tmp_path):
    # 火矢の計 needs a tapped enemy Ijin; 天の加護 needs two guardians or fewer.
    g = game(tmp_path, {"p1.hand": ["r_hiya", "g_kago"], "p1.mana": ["r_stone", "g_seed", "g_stone"],
                        "p1.guardians": ["r_stone"] * 3, "p2.battlefield": ["r_tomoe"]})
    hiya, kago = find(g, "r_hiya", "p1.hand"), find(g, "g_kago", "p1.hand")
    assert "IJ-R14" in why(g, "cast", card=hiya)
    assert "IJ-R14" in why(g, "cast", card=kago)
    g.state.cards[g.state.zones["1.battlefield"][0]].tapped = True
    g.state.zones["0.graveyard"].append(g.state.zones["0.guardians"].pop())
    g.state.cards[g.state.zones["0.graveyard"][-1]].zone = "0.graveyard"
    assert why(g, "cast", card=hiya) is None and why(g, "cast", card=kago) is None


def test_ij_r15_color_condition(tmp_path):
    g = scenario("04")
    yak = find(g, "r_yakiuchi", "p1.hand")
    assert "IJ-R15" in why(g, "cast", card=yak)
    act(g, "place", card=find(g, "r_stone", "p1.hand"), to="0.mana")
    assert why(g, "cast", card=yak) is None


def test_ij_r15_face_down_mana_has_no_color(tmp_path):
    g = game(tmp_path, {"p1.hand": ["r_tomoe"], "p1.mana": [{"card": "r_stone", "face_up": False}]})
    assert "IJ-R15" in why(g, "summon", card=find(g, "r_tomoe", "p1.hand"), to="0.battlefield")


def test_ij_r16_level_condition_counts_face_down_cards():
    g = scenario("04")
    s = g.state
    assert ctl(g).level_sum(s, 0) == 4          # 1 + 1 + two face-down cards
    assert why(g, "summon", card=find(g, "b_davinci", "p1.hand"), to="0.battlefield") is None
    assert "IJ-R16" in why(g, "summon", card=find(g, "b_zhuge", "p1.hand"), to="0.battlefield")
    assert {render(k, "ja"): v for k, v in g.view(0).public["players"][0].items()}["レベル合計"] == 4


# --- battle ------------------------------------------------------------------------------------
def test_ij_r17_attackers_untapped_not_new_and_tapped_forward(tmp_path):
    g = game(tmp_path, {"p1.battlefield": ["r_joan", {"card": "r_musashi", "tapped": True},
                                           {"card": "b_newton", "flags": {"entered": 5}}],
                        "p2.guardians": ["r_stone"]})
    joan, musashi, newton = g.state.zones["0.battlefield"]
    assert "IJ-R17" in why(g, "attack", card=musashi)
    assert "IJ-R17" in why(g, "attack", card=newton)
    act(g, "attack", card=joan)
    c = g.state.cards[joan]
    assert c.tapped and c.flags.get("attacking") and g.state.phase == "attack"
    assert g.view(1).cards[joan].flags.get("attacking")


def test_ij_r18_defender_assigns_several_blockers_to_one_attacker(tmp_path):
    g = game(tmp_path, {"p1.battlefield": ["r_alexander"],
                        "p2.battlefield": ["r_joan", {"card": "r_tomoe", "tapped": True}],
                        "p2.guardians": ["r_stone", "g_stone"]})
    alex = g.state.zones["0.battlefield"][0]
    joan, tomoe = g.state.zones["1.battlefield"]
    act(g, "attack", card=alex)
    act(g, "end_phase")
    assert g.to_act == 1 and pending_kind(g) == "block"
    assert "IJ-R18" in why(g, "block", card=tomoe, target=alex)          # tapped Ijin cannot block
    act(g, "block", card=joan, target=alex)
    act(g, "block", card=g.state.zones["1.guardians"][0], target=alex)
    assert "IJ-D2" in why(g, "block", card=joan, target=alex)            # once per battle
    assert not g.state.cards[joan].tapped                                 # blocking does not tap (IJ-D2)
    act(g, "done_blocking")
    # 5000 vs ジャンヌ 2000+2000 and a guardian 0 → 5000 = 4000? no: 5000 > 4000 → blockers destroyed
    answer_feats(g)
    assert joan in g.state.zones["1.graveyard"] and alex in g.state.zones["0.battlefield"]


def test_ij_r19_defender_chooses_the_order(tmp_path):
    g = game(tmp_path, {"p1.battlefield": ["r_tomoe", "r_joan"],
                        "p2.guardians": ["r_stone", "g_stone"]})
    tomoe, joan = g.state.zones["0.battlefield"]
    act(g, "attack", card=tomoe)
    act(g, "attack", card=joan)
    act(g, "end_phase")
    g1, g2 = g.state.zones["1.guardians"]
    act(g, "block", card=g1, target=tomoe)
    act(g, "block", card=g2, target=joan)
    act(g, "done_blocking")
    assert pending_kind(g) == "resolve" and g.to_act == 1
    assert {a["card"] for a in (dict(x.args) for x in g.legal_actions())} == {tomoe, joan}
    act(g, "resolve", card=joan)
    fights = [render(e.text, "ja") for e in g.state.log if render(e.text, "ja").startswith("バトル解決ステップ：")]
    assert fights[0].startswith("バトル解決ステップ：ジャンヌ・ダルク") and fights[1].startswith("バトル解決ステップ：巴御前")
    answer_feats(g)
    assert g.state.phase == "main" and g.state.data["battle"] is None   # the last one resolved by itself


def test_ij_r20_feat_is_optional(tmp_path):
    for use in (True, False):
        g = game(tmp_path, {"p1.hand": ["r_yakiuchi"], "p1.mana": ["r_stone", "r_tamahagane"],
                            "p2.battlefield": ["b_archimedes"], "p2.deck": ["b_stone"] * 4})
        act(g, "cast", card=find(g, "r_yakiuchi", "p1.hand"))
        choose(g, g.state.zones["1.battlefield"][0])
        arch = g.state.zones["1.graveyard"][0]
        assert pending_kind(g) == "feat" and g.to_act == 1 and g.state.pending[0]["card"] == arch
        act(g, "feat" if use else "no_feat")
        assert len(g.state.zones["1.hand"]) == (1 if use else 0)


def test_ij_r21_feats_only_from_battlefield_to_graveyard():
    g = scenario("06")
    s = g.state
    act(g, "cast", card=find(g, "r_yakiuchi", "p1.hand"))
    assert pending_kind(g) == "pay"
    act(g, "pay", card=find(g, "g_seed", "p1.mana"))                    # mana → graveyard: no feat
    assert pending_kind(g) == "pay"
    act(g, "pay", card=find(g, "r_stone", "p1.mana"))
    act(g, "choose_target", target=find(g, "g_hokusai", "p2.battlefield"))
    assert pending_kind(g) == "feat" and s.pending[0]["card"] == find(g, "g_hokusai", "p2.graveyard")
    act(g, "feat")
    act(g, "choose_target", target=find(g, "g_seed", "p2.graveyard"))
    assert "g_seed" in cids(g, "p2.mana") and s.cards[find(g, "g_seed", "p2.mana")].face_up
    assert not s.pending


def test_ij_r21_no_feat_from_hand_deck_or_bounce(tmp_path):
    g = game(tmp_path, {"p1.hand": ["b_curie"], "p1.mana": ["b_stone", "b_stone", "b_stone"],
                        "p2.battlefield": ["b_archimedes"], "p2.deck": ["b_archimedes"] * 3})
    act(g, "summon", card=find(g, "b_curie", "p1.hand"), to="0.battlefield")
    choose(g, g.state.zones["1.battlefield"][0])
    assert "b_archimedes" in cids(g, "p2.hand") and not g.state.pending   # battlefield → hand
    c = ctl(g)
    u = g.state.zones["1.hand"][0]
    c.move(g.state, u, "1.graveyard")                                     # hand → graveyard
    c.move(g.state, g.state.zones["1.deck"][-1], "1.graveyard")           # deck → graveyard
    assert not g.state.pending


def test_ij_r22_unblocked_attacker_wins():
    g = scenario("02")
    y, alex = g.state.zones["0.battlefield"]
    act(g, "attack", card=y)
    act(g, "attack", card=alex)
    act(g, "end_phase")
    act(g, "block", card=g.state.zones["1.battlefield"][0], target=alex)
    act(g, "done_blocking")
    act(g, "resolve", card=y)
    assert g.outcome().winner == 0 and "IJ-R22" in g.outcome().reason


def test_ij_r23_empty_deck_at_turn_start_loses():
    g = scenario("07")
    act(g, "end_phase")
    assert g.outcome().winner == 0 and "IJ-R23" in g.outcome().reason
    assert len(g.state.zones["1.hand"]) == 2        # the draw never happened


# --- keywords ----------------------------------------------------------------------------------
def test_ij_r24_n_draw(tmp_path):
    g = game(tmp_path, {"p1.hand": ["b_tenmon"], "p1.mana": ["b_stone"], "p1.deck": ["b_stone"] * 5})
    act(g, "cast", card=find(g, "b_tenmon", "p1.hand"))
    assert len(g.state.zones["0.hand"]) == 2 and len(g.state.zones["0.deck"]) == 3


def test_ij_r25_destroy_puts_into_graveyard(tmp_path):
    g = game(tmp_path, {"p1.hand": ["r_nobunaga"], "p1.mana": ["r_stone"] * 5, "p2.battlefield": ["r_tomoe"]})
    act(g, "summon", card=find(g, "r_nobunaga", "p1.hand"), to="0.battlefield")
    choose(g, g.state.zones["1.battlefield"][0])
    assert "r_tomoe" in cids(g, "p2.graveyard")
    assert any("破壊" in render(e.text, "ja") for e in g.state.log[-3:])


def test_ij_r25_when_destroyed_fires_before_the_graveyard(tmp_path):
    # 武蔵坊弁慶: "when destroyed, draw 1" — it resolves while 弁慶 is still on the battlefield.
    g = game(tmp_path, {"p1.hand": ["r_yakiuchi"], "p1.mana": ["r_stone", "r_tamahagane"],
                        "p2.battlefield": ["r_benkei"], "p2.deck": ["b_stone", "g_stone"]})
    ben = g.state.zones["1.battlefield"][0]
    seen = []
    c = ctl(g)
    orig = c.fx_draw
    c.fx_draw = lambda s, p, n: (seen.append(s.cards[ben].zone), orig(s, p, n))
    try:
        act(g, "cast", card=find(g, "r_yakiuchi", "p1.hand"))
        choose(g, ben)
    finally:
        del c.fx_draw
    assert seen == ["1.battlefield"] and ben in g.state.zones["1.graveyard"]
    assert len(g.state.zones["1.hand"]) == 1 and not g.state.pending      # no feat ability printed


def test_ij_r26_unblockable_cannot_be_blocked_and_loses_blockers():
    g = scenario("05")
    s = g.state
    act(g, "cast", card=find(g, "b_shinkiro", "p1.hand"))
    for cid in ("g_seed", "b_izumi", "b_stone"):
        act(g, "pay", card=find(g, cid, "p1.mana"))
    newton = s.zones["0.battlefield"][0]
    choose(g, newton)
    assert "ブロックされない" in ctl(g).keywords(s, newton)
    act(g, "attack", card=newton)
    act(g, "end_phase")
    assert "IJ-R26" in why(g, "block", card=s.zones["1.guardians"][0], target=newton)
    act(g, "done_blocking")
    assert g.outcome().winner == 0


def test_ij_r26_gaining_unblockable_after_blocks_removes_them(tmp_path):
    g = game(tmp_path, {"p1.battlefield": ["r_tomoe", "r_joan"], "p2.guardians": ["r_stone", "r_stone"]})
    tomoe, joan = g.state.zones["0.battlefield"]
    act(g, "attack", card=tomoe)
    act(g, "attack", card=joan)
    act(g, "end_phase")
    g1, g2 = g.state.zones["1.guardians"]
    act(g, "block", card=g1, target=tomoe)
    act(g, "block", card=g2, target=joan)
    act(g, "done_blocking")
    g.state.cards[joan].flags.setdefault("grants", []).append({"kw": "ブロックされない", "until": "end_of_turn"})
    act(g, "resolve", card=joan)
    assert g.outcome().winner == 0
    assert not g.state.cards[g2].face_up and g2 in g.state.zones["1.guardians"]   # it never fought


def test_ij_r27_manaify_face_down_no_feat():
    g = scenario("08")
    alex = g.state.zones["1.battlefield"][0]
    act(g, "underworld", card=find(g, "b_fuuin", "p1.graveyard"))
    choose(g, alex)
    assert alex not in g.state.cards                                      # P1 lost sight of it: a fresh id
    alex = find(g, "r_alexander", "p2.mana")
    assert not g.state.cards[alex].face_up
    assert not g.state.pending                                             # no feat (IJ-R21)
    assert g.view(1).cards[alex].cid == "r_alexander" and g.view(0).cards[alex].cid is None


def test_ij_r28_underworld_ignores_color_level_cost_but_not_targets():
    g = scenario("08")
    fuuin = find(g, "b_fuuin", "p1.graveyard")
    assert why(g, "underworld", card=fuuin) is None                      # no blue, level 1, no cost
    s = g.state
    alex = s.zones["1.battlefield"].pop()
    s.zones["1.graveyard"].append(alex)
    s.cards[alex].zone = "1.graveyard"
    assert "IJ-R14" in why(g, "underworld", card=fuuin)
    assert "IJ-R28" in why(g, "underworld", card=find(g, "g_stone", "p1.mana"))


def test_ij_r29_restore_face_up_into_mana(tmp_path):
    # 世界樹の種 as a guardian: it blocks, goes to the graveyard, and its feat 復元 puts it face up in the mana zone.
    g = game(tmp_path, {"p1.battlefield": ["r_tomoe"], "p2.guardians": ["g_seed"]})
    tomoe = g.state.zones["0.battlefield"][0]
    seed = g.state.zones["1.guardians"][0]
    act(g, "attack", card=tomoe)
    act(g, "end_phase")
    act(g, "block", card=seed, target=tomoe)
    act(g, "done_blocking")
    assert pending_kind(g) == "feat" and g.state.pending[0]["card"] == seed
    act(g, "feat")
    assert seed in g.state.zones["1.mana"] and g.state.cards[seed].face_up
    assert ctl(g).level_sum(g.state, 1) == 2


def test_ij_r30_swift_attacks_the_turn_it_arrives(tmp_path):
    g = game(tmp_path, {"p1.hand": ["r_tomoe", "b_archimedes"], "p1.mana": ["r_stone", "b_stone"]})
    tomoe, arch = g.state.zones["0.hand"]
    act(g, "summon", card=tomoe, to="0.battlefield")
    assert why(g, "attack", card=tomoe) is None
    g.state.players[0]["summon"] = 1
    act(g, "summon", card=arch, to="0.battlefield")
    assert "IJ-R30" in why(g, "attack", card=arch)


def test_ij_r31_double_pressure_needs_two_blockers():
    g = scenario("03")
    nob = g.state.zones["0.battlefield"][0]
    him, guard = g.state.zones["1.battlefield"][0], g.state.zones["1.guardians"][0]
    act(g, "attack", card=nob)
    act(g, "end_phase")
    act(g, "block", card=him, target=nob)
    act(g, "block", card=guard, target=nob)
    act(g, "done_blocking")
    # 6000 vs 卑弥呼 6000+2000 and a guardian 0 → 信長 destroyed; the guardian goes to the graveyard anyway
    assert nob in g.state.zones["0.graveyard"] and guard in g.state.zones["1.graveyard"]
    assert g.outcome() is None


def test_ij_r31_double_pressure_with_one_blocker_cannot_be_declared(tmp_path):
    # 「１体以下で指定することはできません」: one blocker on 信長 is refused, not silently taken off.
    g = scenario("03")
    nob = g.state.zones["0.battlefield"][0]
    him = g.state.zones["1.battlefield"][0]
    act(g, "attack", card=nob)
    act(g, "end_phase")
    act(g, "block", card=him, target=nob)
    reason = why(g, "done_blocking")
    assert reason and "ダブルプレッシャー" in render(reason, "ja") and "IJ-D10" in reason
    assert not any(a.kind == "done_blocking" for a in g.legal_actions())
    act(g, "unblock", card=him)                       # take it back off, then leave 信長 unblocked
    act(g, "done_blocking")
    assert g.outcome().winner == 0


def test_ij_r31_blockers_falling_below_two_before_resolution(tmp_path):
    # 宮本武蔵 fights first and is destroyed; its feat destroys a guardian blocking 信長 → 信長 unblocked.
    g = game(tmp_path, {"p1.battlefield": ["r_musashi", "r_nobunaga"],
                        "p2.battlefield": ["g_himiko"], "p2.guardians": ["b_stone", "b_stone"]})
    mus, nob = g.state.zones["0.battlefield"]
    him = g.state.zones["1.battlefield"][0]
    g1, g2 = g.state.zones["1.guardians"]
    act(g, "attack", card=mus)
    act(g, "attack", card=nob)
    act(g, "end_phase")
    act(g, "block", card=him, target=mus)
    act(g, "block", card=g1, target=nob)
    act(g, "block", card=g2, target=nob)
    act(g, "done_blocking")
    act(g, "resolve", card=mus)
    assert mus in g.state.zones["0.graveyard"]
    act(g, "feat")
    act(g, "choose_target", target=g1)
    answer_feats(g)
    assert g.outcome().winner == 0 and "信長" in render(g.outcome().reason, "ja")


def test_ij_r32_power_attack_block_bonuses(tmp_path):
    g = game(tmp_path, {"p1.battlefield": ["r_musashi", "r_joan"], "p1.mana": ["r_tamahagane"],
                        "p2.guardians": ["r_stone"]})
    mus, joan = g.state.zones["0.battlefield"]
    c, s = ctl(g), g.state
    assert c.power(s, mus) == 4000                      # 3000 + パワー+1000 (玉鋼, 剣術)
    assert c.power(s, mus, "attack") == 6000            # + アタック+2000 while an attacker
    assert c.power(s, joan) == 2000 and c.power(s, joan, "block") == 4000
    act(g, "attack", card=mus)
    badge = g.view(0).public["badges"][mus][0]
    assert badge == "Power 6000" and render(badge, "ja") == "パワー 6000"


# --- optional rules ----------------------------------------------------------------------------
def test_ij_r33_mulligan_first_player_decides_first():
    g = Game.new("ijinden", seed=5, options={"mulligan": True})
    s = g.state
    assert s.phase == "mulligan" and g.to_act == s.first
    act(g, "mulligan")
    assert len(s.zones[f"{s.first}.hand"]) == 6 and len(s.zones[f"{s.first}.deck"]) == 30
    assert g.to_act == 1 - s.first and pending_kind(g) == "mulligan"
    assert any(f"P{s.first + 1} mulligans" in line for line in g.view(1 - s.first).log)   # told first
    act(g, "keep")
    assert s.phase == "main" and s.turn == 1 and g.to_act == s.first
    assert "mulligan" not in legal_kinds(g)


def test_ij_r34_match_best_of_three_in_one_game_object(tmp_path):
    g = Game.new("ijinden", seed=9, options={"match": True})
    s = g.state
    first1 = s.first
    ctl(g).end_game(s, 1 - first1, "test")
    m = s.data["match"]
    assert pending_kind(g) == "next_game" and g.to_act == first1 and m["game"] == 1   # the loser goes on
    assert m["results"] == [{"game": 1, "winner": 1 - first1, "reason": "test"}]
    act(g, "next_game")
    assert "IJ-R34" in why(g, "next_game")
    assert g.outcome() is None and m["game"] == 2 and m["wins"][1 - first1] == 1
    assert s.first == 1 - first1                                # game 2 swaps first and second
    for p in (0, 1):
        assert len(s.zones[f"{p}.hand"]) == 6 and len(s.zones[f"{p}.guardians"]) == 4
        assert len(s.zones[f"{p}.deck"]) == 30 and not s.zones[f"{p}.graveyard"]
    ctl(g).end_game(s, first1, "test")
    act(g, "next_game")
    assert m["game"] == 3 and g.outcome() is None and any(e.kind == "coin" for e in s.log[-30:])
    ctl(g).end_game(s, first1, "test")
    assert g.outcome().winner == first1 and "2–1" in g.outcome().reason


def test_ij_r34_match_ends_two_nothing():
    g = Game.new("ijinden", seed=10, options={"match": True})
    ctl(g).end_game(g.state, 0, "x")
    act(g, "next_game")
    ctl(g).end_game(g.state, 0, "x")
    assert g.outcome().winner == 0 and g.state.data["match"]["game"] == 2


def test_ij_r35_side_deck_swaps_between_games():
    g = Game.new("ijinden", seed=12, options={"match": True, "side_deck": True})
    s = g.state
    ctl(g).end_game(s, 0, "x")
    act(g, "next_game")
    assert s.phase == "sideboard" and g.to_act == 0
    assert "IJ-R4" in why(g, "side_out", cid="r_stone")                     # the deck would drop below 40
    act(g, "side_in", cid="g_nightingale")
    for lang, name in (("ja", "ナイチンゲール"), ("en", "Nightingale")):   # the side deck is private in either language
        assert name in render(g.view(0).log[-1], lang) and name not in render(g.view(1).log[-1], lang)
    assert len(s.zones["0.deck"]) == 41 and len(s.zones["0.side"]) == 6
    act(g, "side_out", cid="r_hiya")
    assert len(s.zones["0.deck"]) == 40 and "r_hiya" in cids(g, "p1.side")
    act(g, "side_done")
    assert g.to_act == 1 and pending_kind(g) == "sideboard"
    act(g, "side_done")
    assert s.phase in ("main", "mulligan") and len(s.zones["0.hand"]) == 6
    assert sum(1 for u in s.cards.values() if u.owner == 0 and u.cid == "g_nightingale") == 2


def test_ij_r35_deck_and_side_at_most_60():
    base = {"r_stone": 40, "g_stone": 10}
    assert deck_errors({"name": "t", "main": base, "side": {"r_tomoe": 4, "r_joan": 4, "r_hiya": 2}}) == ""
    assert "IJ-R35" in deck_errors({"name": "t", "main": base,
                                    "side": {"r_tomoe": 4, "r_joan": 4, "r_hiya": 3}})   # 11 in the side deck
    assert "IJ-R35" in deck_errors({"name": "t", "main": {**base, "r_stone": 45},
                                    "side": {"r_tomoe": 4, "r_joan": 2}})                 # 61 in all


# --- decisions ---------------------------------------------------------------------------------
def test_ij_d1_fight_rule_and_guardian_always_to_graveyard(tmp_path):
    g = scenario("01")
    s = g.state
    mus = s.zones["0.battlefield"][0]
    seed, himiko = s.zones["1.guardians"][0], s.zones["1.guardians"][1]
    act(g, "attack", card=mus)
    act(g, "end_phase")
    act(g, "block", card=himiko, target=mus)
    assert not s.cards[himiko].face_up and g.view(1).cards[himiko].cid is None
    act(g, "done_blocking")
    # 武蔵 3000+2000 vs 卑弥呼 6000+2000: the attacker is destroyed, the guardian goes to the graveyard too
    assert mus in s.zones["0.graveyard"] and himiko in s.zones["1.graveyard"]
    assert s.cards[himiko].face_up
    answer_feats(g)
    assert seed in s.zones["1.guardians"] and not s.cards[seed].face_up


def test_ij_d1_equal_power_destroys_all_and_non_ijin_guardian_has_power_0(tmp_path):
    g = game(tmp_path, {"p1.battlefield": ["r_joan"], "p2.battlefield": ["b_newton"], "p2.guardians": ["b_stone"]})
    joan, newton, gd = g.state.zones["0.battlefield"][0], g.state.zones["1.battlefield"][0], g.state.zones["1.guardians"][0]
    act(g, "attack", card=joan)
    act(g, "end_phase")
    act(g, "block", card=newton, target=joan)
    act(g, "block", card=gd, target=joan)
    act(g, "done_blocking")
    assert ctl(g).power(g.state, gd) == 0
    assert joan in g.state.zones["0.graveyard"] and newton in g.state.zones["1.graveyard"]
    assert gd in g.state.zones["1.graveyard"]


def test_ij_d2_blocking_does_not_tap():
    g = scenario("02")
    y, alex = g.state.zones["0.battlefield"]
    ed = g.state.zones["1.battlefield"][0]
    act(g, "attack", card=y)
    act(g, "end_phase")
    act(g, "block", card=ed, target=y)
    act(g, "done_blocking")
    assert not g.state.cards[ed].tapped and ed in g.state.zones["1.battlefield"]


def test_ij_d3_placing_needs_only_the_right_and_haikei_no_right(tmp_path):
    g = game(tmp_path, {"p1.hand": ["g_seed", "g_chinju"], "p1.mana": ["g_stone", "g_stone", "g_stone"]},
             players={"p1": {"placement": 1, "summon": 0}, "p2": {}})
    act(g, "place", card=find(g, "g_seed", "p1.hand"), to="0.mana")       # level 2 needs no level
    act(g, "play_haikei", card=find(g, "g_chinju", "p1.hand"), to="0.battlefield")
    assert "g_chinju" in cids(g, "p1.battlefield") and g.state.players[0]["summon"] == 0


def test_ij_d4_haikei_stays_face_up_with_its_lasting_effect(tmp_path):
    g = game(tmp_path, {"p1.hand": ["r_sekigahara"], "p1.mana": ["r_stone"] * 3, "p1.battlefield": ["r_tomoe"]})
    act(g, "play_haikei", card=find(g, "r_sekigahara", "p1.hand"), to="0.battlefield")
    tomoe = find(g, "r_tomoe", "p1.battlefield")
    assert ctl(g).power(g.state, tomoe, "attack") == 3000
    act(g, "end_phase")
    act(g, "end_phase")
    assert "r_sekigahara" in cids(g, "p1.battlefield") and ctl(g).power(g.state, tomoe, "attack") == 3000


def test_ij_d5_guardians_seen_by_nobody_mana_by_owner(tmp_path):
    g = Game.new("ijinden", seed=21)
    for p in (0, 1):
        for viewer in (0, 1):
            assert all(c.cid is None for c in g.view(viewer).zone(p, "guardians"))
    # blocking with a guardian names no card; paying with a face-down mana card names it only in the graveyard
    g = game(tmp_path, {"p1.battlefield": ["r_musashi", "r_tomoe"], "p2.guardians": ["g_himiko", "b_tenmon"]})
    act(g, "attack", card=g.state.zones["0.battlefield"][0])
    act(g, "attack", card=g.state.zones["0.battlefield"][1])
    act(g, "end_phase")
    act(g, "block", card=g.state.zones["1.guardians"][0], target=g.state.zones["0.battlefield"][0])
    act(g, "block", card=g.state.zones["1.guardians"][1], target=g.state.zones["0.battlefield"][1])
    act(g, "done_blocking")
    for viewer in (0, 1):
        for lang in ("en", "ja"):
            text = " ".join(render(x, lang) for x in g.view(viewer).log)
            assert "卑弥呼" not in text and "Himiko" not in text and "天文の書" not in text and "Book of the Heavens" not in text
    assert RS.zones["guardians"].facedown_seen_by == "nobody"
    assert RS.zones["mana"].facedown_seen_by == "owner"


def test_ij_d6_no_turn_limit_only_the_rules_end_a_game(tmp_path):
    # IJ-D6 (a draw after turn 150) is withdrawn: 勝利条件 names only an unblocked attacker and deck-out.
    assert "turn_limit" not in RS.parameters
    g = game(tmp_path, {}, turn=500)
    act(g, "end_phase")
    assert g.outcome() is None and g.state.turn == 501


def test_ij_d7_underworld_card_goes_to_the_bottom_of_the_deck():
    g = scenario("08")
    fuuin = find(g, "b_fuuin", "p1.graveyard")
    act(g, "underworld", card=fuuin)
    assert fuuin in g.state.zones["0.graveyard"]                          # not before its text resolved
    choose(g, g.state.zones["1.battlefield"][0])
    assert cids(g, "p1.deck")[0] == "b_fuuin" and fuuin not in g.state.cards   # a fresh id in the deck


def test_ij_d8_identity_choices_never_pick_face_down_cards(tmp_path):
    # 焼き討ち destroys "an Ijin": a face-down guardian that is an Ijin is not a candidate.
    g = game(tmp_path, {"p1.hand": ["r_yakiuchi", "r_musashi"], "p1.mana": ["r_stone", "r_tamahagane"],
                        "p2.guardians": ["r_tomoe"]})
    assert "IJ-R14" in why(g, "cast", card=find(g, "r_yakiuchi", "p1.hand"))
    c = ctl(g)
    gd = g.state.zones["1.guardians"][0]
    assert c.effect_candidates(g.state, {"player": 0, "source": 0}, {"side": "enemy", "zones": ["guardians"]}) == [gd]


def test_ij_d9_guardians_are_battlefield_cards(tmp_path):
    # 宮本武蔵's feat destroys a guardian: it goes to the graveyard and its own feat is offered.
    g = game(tmp_path, {"p1.hand": ["r_yakiuchi"], "p1.mana": ["b_stone", "r_tamahagane"],
                        "p1.guardians": ["r_musashi"],
                        "p2.battlefield": ["r_tomoe"], "p2.guardians": ["g_seed"]})
    s = g.state
    mus = s.zones["0.guardians"][0]
    ctl(g).destroy(s, mus)
    assert pending_kind(g) == "feat" and s.pending[0]["card"] == mus
    act(g, "feat")
    act(g, "choose_target", target=s.zones["1.guardians"][0])
    assert "g_seed" in cids(g, "p2.graveyard") and pending_kind(g) == "feat" and g.to_act == 1


def test_ij_d10_double_pressure_single_blocker_is_refused_with_the_reason(tmp_path):
    g = game(tmp_path, {"p1.battlefield": ["g_magellan"], "p2.battlefield": ["r_joan"]})
    mag = g.state.zones["0.battlefield"][0]
    act(g, "attack", card=mag)
    act(g, "end_phase")
    assert "IJ-R31" in why(g, "block", card=g.state.zones["1.battlefield"][0], target=mag)   # one free blocker
    act(g, "done_blocking")
    assert g.outcome().winner == 0
    # Two free blockers: the first may be assigned, but the block step cannot end with it alone; the
    # blocker is never silently stripped.
    g = game(tmp_path, {"p1.battlefield": ["g_magellan"], "p2.battlefield": ["r_joan"], "p2.guardians": ["r_stone"]})
    mag = g.state.zones["0.battlefield"][0]
    joan, guard = g.state.zones["1.battlefield"][0], g.state.zones["1.guardians"][0]
    act(g, "attack", card=mag)
    act(g, "end_phase")
    act(g, "block", card=joan, target=mag)
    assert "IJ-D10" in why(g, "done_blocking")
    act(g, "block", card=guard, target=mag)
    act(g, "done_blocking")
    assert g.outcome() is None and not any("blockers are removed" in e.text for e in g.state.log)


def test_ij_d11_ijin_guardian_fights_with_its_bonuses(tmp_path):
    # ジャンヌ・ダルク as a guardian: 2000 + ブロック+2000 + 鎮守の森's ブロック+1000 = 5000 ≥ 武蔵 5000.
    g = game(tmp_path, {"p1.battlefield": ["r_musashi"], "p2.guardians": ["r_joan"], "p2.battlefield": ["g_chinju"]})
    mus, joan = g.state.zones["0.battlefield"][0], g.state.zones["1.guardians"][0]
    act(g, "attack", card=mus)
    act(g, "end_phase")
    act(g, "block", card=joan, target=mus)
    act(g, "done_blocking")
    assert "5000 vs Joan of Arc 5000" in " ".join(str(e.text) for e in g.state.log)
    assert "5000 対 ジャンヌ・ダルク 5000" in " ".join(render(e.text, "ja") for e in g.state.log)
    assert mus in g.state.zones["0.graveyard"] and joan in g.state.zones["1.graveyard"]


def test_ij_d12_feats_offered_attacker_first(tmp_path):
    g = game(tmp_path, {"p1.battlefield": ["r_tomoe"], "p2.battlefield": ["b_archimedes"],
                        "p2.deck": ["b_stone"] * 3})
    tomoe, arch = g.state.zones["0.battlefield"][0], g.state.zones["1.battlefield"][0]
    g.state.cards[tomoe].flags["mods"] = [{"stat": "power", "n": -1000, "until": "end_of_turn", "source": None}]
    act(g, "attack", card=tomoe)
    act(g, "end_phase")
    act(g, "block", card=arch, target=tomoe)
    act(g, "done_blocking")        # 1000+1000-1000 = 1000 vs 1000: both destroyed
    assert [(pk["player"], pk["card"]) for pk in g.state.pending] == [(0, tomoe), (1, arch)]


def test_ij_d13_mahou_cost_paid_automatically_when_no_choice(tmp_path):
    g = game(tmp_path, {"p1.hand": ["r_yakiuchi"], "p1.mana": ["r_stone", "r_tamahagane"],
                        "p2.battlefield": ["r_tomoe", "r_joan"]})
    act(g, "cast", card=find(g, "r_yakiuchi", "p1.hand"))
    assert not g.state.zones["0.mana"] and pending_kind(g) == "effect_target"


def test_ij_d14_block_step_skipped_without_blockers(tmp_path):
    g = game(tmp_path, {"p1.battlefield": ["r_tomoe"], "p2.battlefield": [{"card": "r_joan", "tapped": True}]})
    act(g, "attack", card=g.state.zones["0.battlefield"][0])
    act(g, "end_phase")
    assert g.outcome().winner == 0


def test_ij_d15_drawn_game_counts_for_nobody():
    g = Game.new("ijinden", seed=13, options={"match": True})
    c = ctl(g)
    c.end_game(g.state, None, "draw")
    act(g, "next_game")
    c.end_game(g.state, 0, "x")
    act(g, "next_game")
    assert g.outcome() is None and g.state.data["match"]["game"] == 3
    c.end_game(g.state, 1, "x")
    assert g.outcome().winner is None and "1–1" in g.outcome().reason


def test_ij_d16_side_deck_limits_every_swap():
    g = Game.new("ijinden", seed=14, options={"match": True, "side_deck": True})
    s = g.state
    ctl(g).end_game(s, 1, "x")
    act(g, "next_game")
    act(g, "side_in", cid="g_kago")
    act(g, "side_in", cid="g_kago")
    assert why(g, "side_in", cid="g_kago") is not None           # none left in the side deck
    act(g, "side_out", cid="r_stone")
    assert why(g, "side_out", cid="r_tomoe") is None
    # copies: 3 巴御前 in the deck; with one more in the side deck the 4-copy rule holds there too
    g2 = Game.new("ijinden", seed=14, options={"side_deck": True})
    assert why(g2, "side_in", cid="g_kago") is not None          # the side deck acts only in a match


def test_ij_d17_lasting_effects_only_from_their_place(tmp_path):
    g = game(tmp_path, {"p1.battlefield": ["r_yoshitsune"], "p1.hand": ["r_tamahagane"],
                        "p1.guardians": ["r_sekigahara"]})
    y = g.state.zones["0.battlefield"][0]
    assert ctl(g).power(g.state, y, "attack") == 2000           # 玉鋼 in hand, 関ヶ原 face down: nothing
    act(g, "place", card=find(g, "r_tamahagane", "p1.hand"), to="0.mana")
    assert ctl(g).power(g.state, y, "attack") == 3000


def test_ij_d18_gains_end_with_the_turn_and_zone_changes_forget(tmp_path):
    g = game(tmp_path, {"p1.hand": ["r_kiai", "b_curie"], "p1.mana": ["r_stone", "r_stone", "b_stone"],
                        "p1.battlefield": [{"card": "r_joan", "flags": {"entered": 5}}]})
    joan = g.state.zones["0.battlefield"][0]
    act(g, "cast", card=find(g, "r_kiai", "p1.hand"))
    act(g, "pay", card=g.state.zones["0.mana"][0])
    choose(g, joan)
    assert ctl(g).power(g.state, joan) == 4000 and why(g, "attack", card=joan) is None
    act(g, "end_phase")
    assert ctl(g).power(g.state, joan) == 2000 and "grants" not in g.state.cards[joan].flags
    ctl(g).move(g.state, joan, "0.hand")
    assert g.state.cards[joan].flags == {}


def test_ij_d19_optional_choice_is_no_activation_condition(tmp_path):
    # ナイチンゲール's "you may return an Ijin" is optional: she is summoned with an empty graveyard.
    g = game(tmp_path, {"p1.hand": ["g_nightingale", "r_hiya"], "p1.mana": ["g_stone", "r_stone"]})
    act(g, "summon", card=find(g, "g_nightingale", "p1.hand"), to="0.battlefield")
    assert not g.state.pending
    assert "IJ-R14" in why(g, "cast", card=find(g, "r_hiya", "p1.hand"))


def test_ij_d20_manual_moves_offer_no_feat(tmp_path):
    g = game(tmp_path, {"p1.battlefield": ["r_tomoe"]})
    u = g.state.zones["0.battlefield"][0]
    g.manual(Action.make("m_move", 0, card=u, to="0.graveyard"))
    assert not g.state.pending


def test_ij_d21_rights_are_zero_outside_the_own_turn():
    g = Game.new("ijinden", seed=15)
    other = 1 - g.state.active
    assert g.state.players[other]["placement"] == 0 and g.state.players[other]["summon"] == 0
    assert {render(k, "ja"): v for k, v in g.view(0).public["players"][other].items()}["配置権"] == 0


# --- data, automation, whole games -------------------------------------------------------------
def test_ij_cards_pool_size_colors_levels():
    cards = list(RS.cards.values())
    assert len(cards) >= 28 and len({c.color for c in cards}) >= 3
    assert {c.get("level") for c in cards if c.kind == "ijin"} == {1, 2, 3, 4, 5}
    assert {c.kind for c in cards} == {"ijin", "mahou", "haikei", "maryoku"}
    assert any(c.copies == "any" for c in cards if c.kind == "maryoku")
    for c in cards:
        assert c.name_en and c.name, c.id


def test_ij_automated_share_at_least_80_percent():
    cards = list(RS.cards.values())
    auto = sum(1 for c in cards if not is_manual(c))
    assert auto / len(cards) >= 0.8


def test_ij_ops_are_ours():
    from tabletop.games.ijinden import ops as ijinden
    from tabletop.games.ijinden import Ijinden
    OPS = Ijinden.EFFECT_OPS
    assert OPS["manaify"][0] is ijinden._op_manaify and OPS["restore"][0] is ijinden._op_restore
    assert OPS["gain_keyword"][0] is ijinden._op_gain_keyword and OPS["guardian"][0] is ijinden._op_guardian


def test_ij_starter_decks_play_differently():
    a, b = (RS.decks[n] for n in RS.starter_decks)
    ca = {RS.cards[c].color for c in a.cards("main")}
    cb = {RS.cards[c].color for c in b.cards("main")}
    assert ca != cb


def test_ij_scenarios_load_and_name_a_rule():
    paths = RS.scenario_paths()
    assert len(paths) >= 5
    for p in paths:
        g = Game.from_scenario(p)
        assert g.legal_actions()
        assert yaml.safe_load(p.read_text(encoding="utf-8"))["rule"].startswith("IJ-")


@pytest.mark.parametrize("options", [None, {"mulligan": True}, {"match": True, "side_deck": True, "mulligan": True}])
def test_ij_twenty_random_games_end(options):
    for seed in range(7):
        g = play_random_game("ijinden", seed, full=seed < 2, max_actions=8000, options=options)
        assert g.outcome() is not None


@pytest.mark.slow
def test_ij_thousand_random_games_end():
    # Every tenth game is a whole match with mulligans and side decks.
    reasons = {}
    match = {"match": True, "side_deck": True, "mulligan": True}
    for seed in range(1000):
        g = play_random_game("ijinden", 10_000 + seed, full=False, max_actions=8000,
                             options=match if seed % 10 == 0 else None)
        r = g.outcome().reason
        key_ = ("unblocked" if "IJ-R22" in r else "deck" if "IJ-R23" in r
                else "match" if "IJ-R34" in r else r)
        reasons[key_] = reasons.get(key_, 0) + 1
    assert sum(reasons.values()) == 1000 and set(reasons) <= {"unblocked", "deck", "match"}


def test_ij_greedy_bot_blocks_rather_than_loses(tmp_path):
    # The ijinden evaluation (registered by the controller) must rank losing below losing a guardian.
    from tabletop.bots import make_bot
    g = game(tmp_path, {"p1.battlefield": ["r_alexander"], "p2.battlefield": ["b_davinci", "g_himiko"],
                        "p2.guardians": ["r_stone"] * 4})
    act(g, "attack", card=g.state.zones["0.battlefield"][0])
    act(g, "end_phase")
    assert pending_kind(g) == "block"
    a = make_bot("greedy", 1, 12).choose(g.view(1), g.legal_actions())
    assert a.kind == "block"


def test_ij_d22_a_triggered_ability_with_no_target_does_nothing_and_play_goes_on(tmp_path):
    # 織田信長 「召喚されたとき、相手のイジン１体を破壊する」 with no enemy Ijin (a guardian is no Ijin,
    # IJ-D8): it is summoned, the ability has nothing to destroy, and the turn goes on. (A Mahou that
    # must choose a target cannot be activated without one: IJ-R14.)
    g = game(tmp_path, {"p1.hand": ["r_nobunaga"], "p1.mana": ["r_stone"] * 5, "p2.guardians": ["r_joan"]})
    act(g, "summon", card=g.state.zones["0.hand"][0], to="0.battlefield")
    assert cids(g, "p1.battlefield") == ["r_nobunaga"] and cids(g, "p2.guardians") == ["r_joan"]
    assert not g.state.pending and g.to_act == 0 and g.outcome() is None
    assert any("no target, nothing happens" in e.text for e in g.state.log)


def test_ij_r4_r35_side_deck_numbers_come_from_the_ruleset(tmp_path):
    """The side deck's checks read deck.main.min, deck.main.max_copies and side_max from ruleset.yaml:
    a copy with other numbers (42, 3, 6) is held to those, not to the shipped 40, 4 and 10."""
    import shutil

    from tabletop.engine.ruleset import load_ruleset_dir
    src = Path(__file__).resolve().parents[3] / "rulesets" / "ijinden"
    dst = tmp_path / "ijinden"
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns("scenarios"))
    text = (dst / "ruleset.yaml").read_text(encoding="utf-8")
    for old, new in (("    min: 40\n", "    min: 42\n"), ("    max_copies: 4\n", "    max_copies: 3\n"),
                     ("  side_max: 10 ", "  side_max: 6 ")):
        assert old in text
        text = text.replace(old, new)
    (dst / "ruleset.yaml").write_text(text, encoding="utf-8")
    for name, more in (("guren", "g_nightingale"), ("souen", "r_tomoe")):   # two more cards each: 42
        deck = (dst / "decks" / f"{name}.yaml").read_text(encoding="utf-8")
        assert f"\n  {more}:" not in deck.split("side:")[0]
        (dst / "decks" / f"{name}.yaml").write_text(deck.replace("main:\n", f"main:\n  {more}: 2\n"),
                                                     encoding="utf-8")
    rs = load_ruleset_dir(dst)
    g = Game.new(rs, seed=12, options={"match": True, "side_deck": True})
    s = g.state
    g.controller.end_game(s, 0, "x")
    act(g, "next_game")
    assert g.to_act == 0 and len(s.zones["0.deck"]) == 42 and len(s.zones["0.side"]) == 7
    r = why(g, "side_out", cid="r_stone")                              # 42 is the least a deck holds
    assert "IJ-R4" in r and "42" in render(r, "en")
    act(g, "side_in", cid="g_nightingale")                             # a third copy in the deck
    r = why(g, "side_in", cid="g_nightingale")                         # a fourth: more than max_copies
    assert "IJ-R4" in r and "3" in render(r, "en") and "3" in render(r, "ja")
    r = why(g, "side_out", cid="r_stone")                              # side deck already at side_max
    assert "IJ-R35" in r and "6" in render(r, "en") and "6" in render(r, "ja")
