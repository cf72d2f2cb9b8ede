"""The determinizer builds full, playable states from a view alone."""
import random
import textwrap
from collections import Counter

import pytest

from botcheck import game_rulesets
from tabletop.bots.determinize import determinize, game_from_view
from tabletop.engine import Game, load_ruleset


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


def _hidden_pairs(view, state):
    """Yield (card view, guessed card) for every card hidden in `view`, walking the guess in step."""
    def walk(cvs, uids):
        for cv, u in zip(cvs, uids, strict=True):
            if cv.cid is None:
                yield cv, state.cards[u]
            yield from walk(cv.attached, state.cards[u].attached)
    for key, cards in view.zones.items():
        yield from walk(cards, state.zones[key])


def _back_positions(ruleset_id):
    """Yield games of `ruleset_id` to look at: seeded random games (deck lists private and open) every
    few moves, and the ruleset's scenarios."""
    for options in ({}, {"open_decklists": True}):
        for seed in range(3):
            g = Game.new(ruleset_id, seed=seed, options=options)
            rng = random.Random(seed)
            for move in range(90):
                if g.is_over():
                    break
                if move % 15 == 3:
                    yield g
                g.apply(rng.choice(g.legal_actions()))
    for path in sorted((load_ruleset(ruleset_id).path / "scenarios").glob("*.yaml")):
        yield Game.from_scenario(path)


def _check_backs(ruleset_id, games, samples=12):
    """Assert every hidden card showing a back in the games' views (both seats) is guessed as a card of
    that back, over `samples` determinizations each; return how many were checked per (back, own card)."""
    backs = load_ruleset(ruleset_id).back_ids()
    assert len(set(backs.values())) == 2
    by_back = Counter()
    for g in games:
        for seat in (0, 1):
            v = g.view(seat)
            for sample in range(samples):
                d = determinize(v, random.Random(sample))
                for cv, c in _hidden_pairs(v, d):
                    if cv.back is None:
                        continue
                    assert backs[c.cid] == cv.back, \
                        f"{cv.zone} of P{cv.owner + 1} (seen by P{seat + 1}) shows back {cv.back}, guessed as {c.cid}"
                    by_back[cv.back, cv.owner == seat] += 1
    return by_back


@pytest.mark.parametrize("ruleset_id", ["senkai", "fourdeck"])
def test_guessed_hidden_cards_have_the_backs_the_view_shows(ruleset_id):
    # A card's back is public (engine/backs.py): a hidden card whose view carries back id B is only
    # ever guessed as a card whose kind has back B (senkai: a wall is never a mana card, the top of
    # the mana deck always one; fourdeck: the Spell deck holds spells), for either seat.
    by_back = _check_backs(ruleset_id, _back_positions(ruleset_id))
    assert sum(by_back.values()) > 500 and len(by_back) >= 3, by_back   # both backs, own and opponent's cards


# Cards lying where their kind's pile would not put them: a mana card in a hand and on top of the main
# deck, a main-deck card on top of the mana deck (senkai); a spell on top of a Level 1 deck (fourdeck).
ODD_PLACES = {
    "senkai": """
        turn: 3
        active: p1
        phase: main
        zones:
          p1.hand: [kodama, aka_no_maryoku]
          p2.hand: [kodama, aka_no_maryoku]
          p1.walls: [kodama, kodama]
          p2.walls: [kodama, kodama]
          p1.deck: [kodama, kodama, aka_no_maryoku]
          p2.deck: [kodama, kodama, aka_no_maryoku]
          p1.mana_deck: [ao_no_maryoku, kodama]
          p2.mana_deck: [ao_no_maryoku, kodama]
        """,
    "fourdeck": """
        turn: 3
        active: p1
        phase: battle
        zones:
          p1.field: [{card: b_hound, flags: {partner: true}}]
          p2.field: [{card: k_squire, flags: {partner: true}}]
          p1.lv1: [b_boar, s_banish]
          p2.lv1: [k_herald, s_banish]
          p1.lv2: [b_bear]
          p2.lv2: [k_paladin]
        """,
}


@pytest.mark.parametrize("open_lists", [False, True])
@pytest.mark.parametrize("ruleset_id", sorted(ODD_PLACES))
def test_guessed_backs_hold_for_cards_out_of_their_kinds_place(ruleset_id, open_lists, tmp_path):
    # The back decides, not the pile: a guess from the player's own list, the opponent's open list
    # or (lists private) the card pool alike.
    text = textwrap.dedent(ODD_PLACES[ruleset_id])
    if open_lists:
        text += "options: {open_decklists: true}\n"
    (tmp_path / "pos.yaml").write_text(f"ruleset: {ruleset_id}\n{text}", encoding="utf-8")
    g = Game.from_scenario(tmp_path / "pos.yaml")
    assert bool(g.view(0).decks[1]) == open_lists
    by_back = _check_backs(ruleset_id, [g], samples=40)
    assert {k for k, n in by_back.items() if n} == {(0, True), (0, False), (1, True), (1, False)}, by_back


@pytest.mark.parametrize("ruleset_id", ["senkai", "fourdeck"])
def test_guesses_by_back_never_depend_on_the_hidden_cards(ruleset_id):
    # The backs come from the view and the ruleset alone: trade two of the opponent's hidden cards of
    # one back (the view reads the same) and every guess comes out the same, card for card.
    g = _midgame(ruleset_id, seed=3, moves=30)
    p = g.to_act
    backs = g.ruleset.back_ids()
    s = g.clone().state
    hidden = [u for u, c in s.cards.items() if c.owner != p and not g.controller.visible(s, c, p)]
    traded = 0
    for a in hidden:
        for b in hidden:
            ca, cb = s.cards[a], s.cards[b]
            if ca.cid == cb.cid or backs[ca.cid] != backs[cb.cid] or ca.zone == cb.zone:
                continue
            g2 = g.clone()
            s2 = g2.state
            s2.cards[a].cid, s2.cards[b].cid = cb.cid, ca.cid
            v1, v2 = g.view(p), g2.view(p)
            assert v1.to_dict() == v2.to_dict()
            for seed in range(3):
                assert determinize(v1, random.Random(seed)).to_dict() == determinize(v2, random.Random(seed)).to_dict()
            traded += 1
            break
        if traded >= 4:
            break
    assert traded >= 2
