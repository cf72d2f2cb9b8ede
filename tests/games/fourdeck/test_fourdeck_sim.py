"""fourdeck: seeded random games end (win or draw) with every engine invariant, and the share of
sample cards whose text runs automatically."""
import random
from collections import Counter

import pytest

from simcheck import play_random_game
from tabletop.engine import Game, load_ruleset
from tabletop.engine.effects import is_manual


def _quick_game(seed: int) -> Game:
    rng = random.Random(seed)
    g = Game.new("fourdeck", seed=seed)
    n = 0
    while not g.is_over():
        legal = g.legal_actions()
        assert legal, f"seed {seed}: no legal action and no outcome after {n} actions"
        g.apply(rng.choice(legal))
        n += 1
        assert n < 5000, f"seed {seed}: no end after 5000 actions"
    return g


def test_fd_twenty_random_games_end_with_every_invariant():
    reasons = Counter()
    for seed in range(20):
        g = play_random_game("fourdeck", seed + 100, full=seed < 5)
        assert g.outcome() is not None
        reasons[g.outcome().reason.split("(")[-1]] += 1
    assert sum(reasons.values()) == 20


@pytest.mark.slow
def test_fd_thousand_random_games_end_in_a_win_or_draw():
    outcomes = Counter()
    for seed in range(1000):
        g = _quick_game(seed)
        o = g.outcome()
        outcomes["draw" if o.winner is None else f"P{o.winner + 1}"] += 1
    assert sum(outcomes.values()) == 1000
    assert outcomes["P1"] > 100 and outcomes["P2"] > 100     # both seats can win


def test_fd_at_least_80_percent_of_card_effects_run_automatically():
    rs = load_ruleset("fourdeck")
    with_text = [c for c in rs.cards.values() if c.text or c.effects]
    manual = [c.id for c in with_text if is_manual(c)]
    share = 1 - len(manual) / len(with_text)
    assert share >= 0.8, f"only {share:.0%} automated; manual: {manual}"
    # every card whose text does something has effect steps, or says it is manual
    keyword_only = {"不屈", "連撃"}
    for c in with_text:
        assert c.effects or c.manual or set(c.keywords) & keyword_only, c.id


def test_fd_starter_decks_differ_and_share_no_card():
    rs = load_ruleset("fourdeck")
    all_a = {c for sec in rs.deck for c in rs.decks["silver_knights"].cards(sec)}
    all_b = {c for sec in rs.deck for c in rs.decks["black_fang"].cards(sec)}
    assert len(all_a) == len(all_b) == 16 and not all_a & all_b
