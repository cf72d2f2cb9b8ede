"""The fourdeck evaluation sees rebellion coming: the cost the next attacker can push onto a field."""
from tabletop.games.fourdeck.bot import LETHAL_NEXT, LETHAL_NOW, attacks, evaluate_position, push
from fourdeck_positions import position, uid
from tabletop.engine import Game


# P1 (on turn) has 猟犬 (2) and 大熊 (4) ready; P2's field costs 6 and its Level 2 deck has 3 HP left.
REBELLION = """\
    turn: 7
    active: p1
    first: p1
    phase: battle
    players: {p1: {}, p2: {hp_lv1: 4, hp_lv2: 3}}
    zones:
      p1.field: [{card: b_hound, flags: {partner: true}}, b_bear]
      p1.lv1: [b_rat, b_boar]
      p1.lv2: [b_werewolf]
      p1.lv3: [b_chimera]
      p2.field: [{card: k_squire, flags: {partner: true}}, k_knight, k_dragon_knight]
      p2.lv1: [k_herald, k_banner]
      p2.lv2: [k_paladin, k_captain]
      p2.lv3: [k_king]
    """


def test_fd_r3_push_counts_the_cost_of_every_card_the_attacks_bring_out(tmp_path):
    g = position(tmp_path, REBELLION)
    s, ctl = g.state, g.controller
    # 6 attack power: the Level 2 deck (3 HP) gives a cost-2 card; Level 1 (4 HP) and Level 2 need 7.
    assert push(ctl, s, 1, [2, 4]) == 2
    # 3 + 4 HP: Level 2 and Level 1 together (cost 3), but only with two attacks, one per card out.
    assert push(ctl, s, 1, [7]) == 2
    assert push(ctl, s, 1, [3, 4]) == 3
    # A deck falls again after its full HP (10 for Level 2): 3 + 10 = 13 brings out two cost-2 cards.
    assert push(ctl, s, 1, [5, 4, 4]) == 4
    assert push(ctl, s, 1, []) == 0


def test_fd_d3_an_empty_deck_brings_nothing_out(tmp_path):
    g = position(tmp_path, REBELLION.replace("p2.lv2: [k_paladin, k_captain]", "p2.lv2: []"))
    assert push(g.controller, g.state, 1, [2, 4]) == 1      # only Level 1 (4 HP) is left to bring a card


def test_fd_r16_the_field_the_player_on_turn_can_push_to_8_is_a_lethal_threat(tmp_path):
    g = position(tmp_path, REBELLION)
    s, ctl = g.state, g.controller
    assert attacks(ctl, s, 0, ready_only=True) == [2, 4]
    # P2's field costs 6 and P1's ready units can bring out cost 2: P2 is one attack from rebellion.
    assert evaluate_position(g, 0)["opponent field danger"] >= LETHAL_NOW
    assert evaluate_position(g, 1)["my field danger"] <= -LETHAL_NOW
    # With 大熊 spent, 猟犬 alone (2) cannot empty a deck: the threat is gone.
    s.cards[uid(g, "b_bear")].tapped = True
    assert evaluate_position(g, 0)["opponent field danger"] < LETHAL_NEXT


def test_fd_r16_the_player_on_turn_weighs_the_opponents_next_turn_less(tmp_path):
    # P1's own field costs 6 and P2's units (1 + 3 + 4 attack) can bring out a cost-2 card next turn.
    g = position(tmp_path, REBELLION.replace("p1.field: [{card: b_hound, flags: {partner: true}}, b_bear]",
                                             "p1.field: [{card: b_hound, flags: {partner: true}}, b_bear, b_chimera]")
                 .replace("p1: {}", "p1: {hp_lv2: 5}"))
    s, ctl = g.state, g.controller
    assert ctl.field_cost(s, 0) == 6
    assert push(ctl, s, 0, attacks(ctl, s, 1, ready_only=False)) >= 2
    danger = -evaluate_position(g, 0)["my field danger"]
    assert LETHAL_NEXT <= danger < LETHAL_NOW


def test_fd_r2_a_bot_guesses_its_own_level_decks_from_the_cards_built_into_each():
    """The owner built each deck by cost (FD-R2) and knows its list (FD-H1): its guess of its face-down
    Level 3 deck holds its Level 3 units, never a Level 1 unit drawn from the whole list."""
    import random

    from tabletop.bots.determinize import determinize, home_section

    g = Game.new("fourdeck", seed=1)
    while g.state.phase == "setup":
        g.apply(g.legal_actions()[0])
    view = g.view(0)
    for seed in range(20):
        d = determinize(view, random.Random(seed))
        for deck in ("lv1", "lv2", "lv3"):
            got = sorted(d.cards[u].cid for u in d.zones[f"0.{deck}"])
            real = sorted(g.state.cards[u].cid for u in g.state.zones[f"0.{deck}"])
            assert got == real, f"seed {seed}: guessed {deck} {got}, built {real}"
            assert all(home_section(g.ruleset, cid) == deck for cid in got)
