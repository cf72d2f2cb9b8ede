"""The determinizer builds full, playable states from a view alone."""
import random
from collections import Counter

import pytest

from botcheck import game_rulesets
from tabletop.bots.determinize import determinize, game_from_view
from tabletop.engine import Game


def _midgame(ruleset_id="tiny", seed=1, moves=12):
    g = Game.new(ruleset_id, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over():
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


def _all(s):
    return list(s.cards.values())


@pytest.mark.parametrize("ruleset_id", game_rulesets())
def test_determinization_matches_the_view_and_the_deck_lists(ruleset_id):
    g = _midgame(ruleset_id)
    p = g.to_act
    v = g.view(p)
    d = determinize(v, random.Random(0))
    real = g.state
    assert len(d.cards) == len(real.cards)
    assert {k: len(u) for k, u in d.zones.items()} == {k: len(u) for k, u in real.zones.items()}
    # The player's own identities come from their own list; the opponent's list is private.
    assert Counter(c.cid for c in _all(d) if c.owner == p) == Counter(v.decks[p])
    assert v.decks[1 - p] == {}
    assert all(c.cid in g.ruleset.cards for c in _all(d))
    for uid, cv in v.cards.items():   # what the viewer sees (and every table card's uid) is kept
        c = d.cards[uid]
        assert (c.zone, c.owner, c.tapped, c.face_up, c.counters) == (cv.zone, cv.owner, cv.tapped, cv.face_up, cv.counters)
        if cv.cid is not None:
            assert c.cid == cv.cid
            assert g.controller.visible(d, c, p)
    assert (d.turn, d.active, d.first, d.phase, d.players, d.data, d.pending) == \
        (real.turn, real.active, real.first, real.phase, real.players, v.data, v.pending)
    det = game_from_view(v, random.Random(0))
    assert det.to_act == p
    for a in g.legal_actions():   # the bot's real options can all be tried in its guess
        assert det.why_not(a) is None, f"{a}: {det.why_not(a)}"
        det.clone().apply(a)


def test_determinization_never_depends_on_the_hidden_cards():
    g = _midgame()
    p = g.to_act
    # Swap the identities of two hidden cards of the opponent (hand and deck): the view is the same...
    g2 = g.clone()
    s = g2.state
    hand, deck = s.zone(1 - p, "hand"), s.zone(1 - p, "deck")
    a, b = next((x, y) for x in hand for y in deck if s.cards[x].cid != s.cards[y].cid)
    s.cards[a].cid, s.cards[b].cid = s.cards[b].cid, s.cards[a].cid
    v1, v2 = g.view(p), g2.view(p)
    assert v1.to_dict() == v2.to_dict()
    # ...so the guess built from it is the same, card for card.
    d1, d2 = determinize(v1, random.Random(9)), determinize(v2, random.Random(9))
    assert d1.to_dict() == d2.to_dict()


def test_hidden_cards_are_sampled_not_copied():
    g = _midgame()
    p = g.to_act
    v = g.view(p)
    hand = g.state.zone(1 - p, "hand")
    guesses = set()
    for seed in range(30):
        d = determinize(v, random.Random(seed))
        guesses.add(tuple(d.cards[u].cid for u in d.zone(1 - p, "hand")))
    assert len(guesses) > 1, "the opponent's hand came out the same in 30 samples"
    assert all(u not in v.cards for u in hand)
