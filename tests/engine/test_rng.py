"""Exact seeded values are pinned: the same seed must give the same shuffle and the same coin
on every machine and Python version (saves and replays depend on it)."""
from tabletop.engine import Game
from tabletop.engine.rng import Rng


def test_rng_first_values_are_pinned():
    r = Rng(0)
    assert [r.next64() for _ in range(3)] == [16294208416658607535, 7960286522194355700, 487617019471545679]


def test_shuffle_is_pinned():
    r = Rng(42)
    items = list(range(10))
    r.shuffle(items)
    assert items == PINNED_SHUFFLE


def test_coins_are_pinned():
    r = Rng(7)
    assert [r.coin() for _ in range(12)] == PINNED_COINS


def test_same_seed_same_game_start():
    a, b = Game.new("tiny", seed=11), Game.new("tiny", seed=11)
    assert a.state.to_dict() == b.state.to_dict()
    c = Game.new("tiny", seed=12)
    assert c.state.to_dict() != a.state.to_dict()


def test_rng_state_round_trips():
    r = Rng(5)
    r.below(100)
    r2 = Rng.from_dict(r.to_dict())
    assert [r.below(1000) for _ in range(5)] == [r2.below(1000) for _ in range(5)]


def test_below_is_in_range_and_uses_every_value():
    r = Rng(3)
    seen = {r.below(6) for _ in range(300)}
    assert seen == set(range(6))


# SplitMix64's published first output for seed 0 is 0xE220A8397B1DCDAF = 16294208416658607535.
PINNED_SHUFFLE = [0, 9, 5, 8, 6, 4, 7, 2, 1, 3]
PINNED_COINS = [True, False, False, True, False, True, False, False, True, True, True, False]


def test_shuffle_is_fisher_yates_over_below_with_the_same_draws():
    # shuffle() writes below() and next64() out inline for speed: it must stay the same generator.
    for seed in range(50):
        fast, slow = Rng(seed), Rng(seed)
        for n in (0, 1, 2, 5, 40, 61):
            a, b = list(range(n)), list(range(n))
            fast.shuffle(a)
            for i in range(n - 1, 0, -1):
                j = slow.below(i + 1)
                b[i], b[j] = b[j], b[i]
            assert a == b
            assert (fast.state, fast.draws) == (slow.state, slow.draws)
