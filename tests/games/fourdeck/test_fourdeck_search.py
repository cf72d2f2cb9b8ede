"""The fourdeck search's hooks (tabletop/games/fourdeck/bot.py): cheap rollouts and a cut-off
that sees the cost curses greedy's evaluation leaves out."""
from tabletop.games.fourdeck.bot import (LETHAL_NOW, ROLLOUT_DECK, attack_targets, curse, evaluate_cutoff,
                                                evaluate_position, rollout_actions, rollout_game, target_answer)
from fourdeck_positions import position, uid
from tabletop.engine import Action


# P2 (black fang) is on turn; P1's field costs 6, and P2's one ready unit (猟犬, 2) cannot bring a
# card out of any of P1's decks (all at 5 HP or more). 重税の呪い is in P2's spell deck.
CURSE = """\
    turn: 8
    active: p2
    first: p1
    phase: battle
    players: {p1: {hp_lv1: 5, hp_lv2: 9, hp_lv3: 12}, p2: {}}
    zones:
      p1.field: [{card: k_squire, flags: {partner: true}}, k_knight, k_dragon_knight]
      p1.lv1: [k_herald, k_banner, k_archer, k_smith, k_cleric]
      p1.lv2: [k_paladin, k_captain]
      p1.lv3: [k_king]
      p1.spell: [s_recall]
      p2.field: [{card: b_hound, flags: {partner: true}}]
      p2.lv1: [b_rat, b_boar]
      p2.lv2: [b_werewolf]
      p2.lv3: [b_chimera]
      p2.spell: [s_tithe]
    """


def test_fd_r16_the_cutoff_counts_a_cost_curse_ready_besides_the_attacks(tmp_path):
    g = position(tmp_path, CURSE.replace("p2.field: [{card: b_hound, flags: {partner: true}}]",
                                         "p2.field: [{card: b_hound, flags: {partner: true}}, {card: b_rat, tapped: true}]"))
    s, ctl = g.state, g.controller
    assert ctl.field_cost(s, 0) == 6
    # 重税の呪い (+2 cost, FD-R12: one spell a turn) makes 8 with no card pushed out: P1 is lost.
    assert curse(ctl, s, 1, ready_only=True) == 2
    assert evaluate_position(g, 1)["opponent field danger"] < LETHAL_NOW        # greedy does not see it
    ready = evaluate_cutoff(g, 1)
    # Once P2 has used its spell this turn the curse is no longer ready.
    s.data["spell_turn"][1] = s.turn
    assert curse(ctl, s, 1, ready_only=True) == 0
    assert abs(ready - evaluate_cutoff(g, 1) - LETHAL_NOW) < 1e-9


def test_fd_r16_a_tapped_raven_witch_curses_only_next_turn(tmp_path):
    g = position(tmp_path, CURSE.replace("p2.spell: [s_tithe]", "p2.spell: []")
                 .replace("[{card: b_hound, flags: {partner: true}}]",
                          "[{card: b_hound, flags: {partner: true}}, {card: b_raven_witch, tapped: true}]"))
    s, ctl = g.state, g.controller
    assert curse(ctl, s, 1, ready_only=True) == 0
    assert curse(ctl, s, 1, ready_only=False) == 1


def test_fd_r11_a_rollout_deals_no_damage_or_the_most_a_deck_can_take(tmp_path):
    g = position(tmp_path, CURSE.replace("phase: battle", "phase: damage").replace("active: p2", "active: p1"))
    s = g.state
    assert len(g.legal_actions()) == 13        # 3 decks x 0..3, and no damage
    # A rollout: no damage, or min(3, HP) to one deck (FD-D2: more than its HP is lost).
    s.players[0]["hp_lv1"] = 2
    got = {(a.get("target_zone"), a.get("amount")) for a in rollout_actions(g, g.legal_actions())}
    assert got == {(None, None), ("0.lv1", 2), ("0.lv2", 3), ("0.lv3", 3)}


def test_fd_r3_a_rollout_attacks_with_the_strongest_unit_on_two_decks(tmp_path):
    g = position(tmp_path, CURSE.replace("p2.field: [{card: b_hound, flags: {partner: true}}]",
                                         "p2.field: [{card: b_hound, flags: {partner: true}}, b_bear]"))
    s = g.state
    bear = uid(g, "b_bear")
    acts = g.legal_actions()
    kept = [a for a in attack_targets(g, acts) if a.kind == "attack"]
    assert {a["card"] for a in kept} == {bear}
    # 大熊 (4) brings a card out of no deck (5, 9, 12 HP): the deck it leaves lowest (Level 1, 1 HP).
    assert [a["target_zone"] for a in kept] == ["0.lv1"]
    s.players[0]["hp_lv2"] = 4
    kept = [a for a in rollout_actions(g, g.legal_actions()) if a.kind == "attack"]
    assert sorted(a["target_zone"] for a in kept) == ["0.lv1", "0.lv2"]   # and Level 2 now falls to 0
    assert {a.kind for a in rollout_actions(g, g.legal_actions())} == {"attack", "cast", "end_turn"}


def test_fd_r15_a_rollout_answers_a_spells_target_by_rule(tmp_path):
    g = position(tmp_path, CURSE.replace("p2.spell: [s_tithe]", "p2.spell: [s_hellfire]")
                 .replace("p2: {}", "p2: {hp_lv1: 2}").replace("p1: {hp_lv1: 5,", "p1: {hp_lv1: 3,"))
    g.apply(Action.make("cast", 1, card=uid(g, "s_hellfire")))
    acts = g.legal_actions()
    assert len(acts) == 3
    # 業火 (4 damage): the Level 1 deck (3 HP) is the one it brings a card out of.
    assert target_answer(g, acts)["target_zone"] == "0.lv1"
    assert rollout_actions(g, acts) == [target_answer(g, acts)]


def test_fd_r3_rollout_game_cuts_the_level_decks_to_their_top_cards(tmp_path):
    g = position(tmp_path, CURSE)
    s = g.state
    top = s.zones["0.lv1"][-ROLLOUT_DECK:]
    n = len(s.cards)
    rollout_game(g)
    assert s.zones["0.lv1"] == top
    assert len(s.cards) == n - 2
    assert len(s.zones["0.spell"]) == 1 and len(s.zones["1.spell"]) == 1
    assert not s.log
