"""The shared random-simulation test over every registered ruleset (each controller gets it free)."""
import pytest

from simcheck import play_random_game
from tabletop.engine import ruleset_ids

GAME_RULESETS = [r for r in ruleset_ids() if r != "sandbox"]


@pytest.mark.parametrize("ruleset_id", GAME_RULESETS)
@pytest.mark.parametrize("seed", range(4))
def test_random_games_keep_every_invariant(ruleset_id, seed):
    g = play_random_game(ruleset_id, seed)
    assert g.outcome() is not None


def test_sandbox_random_moves_keep_every_invariant():
    # The sandbox never ends by itself: play a bounded number of random manual moves.
    import random

    from simcheck import check_cards_conserved, check_save_roundtrip, check_views_hide
    from tabletop.engine import Game
    g = Game.new("sandbox", seed=5)
    cards = set(g.state.cards)
    rng = random.Random(5)
    for _ in range(150):
        g.apply(rng.choice(g.legal_actions()))
        # tokens come and go (a token made on the table leaves the game when it leaves it); the rest stay
        tokens = {u for u, c in g.state.cards.items() if c.flags.get("token")}
        check_cards_conserved(g, cards | {-u for u in tokens})
        check_views_hide(g)
    check_save_roundtrip(g)
