"""Views strip what a player may not see: the opponent's hand, face-down identities, deck order."""
from tabletop.engine import Action, Game


def test_opponent_hand_and_decks_are_hidden_but_counted():
    g = Game.new("tiny", seed=1)
    v = g.view(0)
    assert len(v.zone(1, "hand")) == 3
    assert all(c.cid is None and c.uid is None for c in v.zone(1, "hand"))
    assert all(c.cid is not None for c in v.zone(0, "hand"))
    assert all(c.cid is None and c.uid is None for c in v.zone(0, "deck"))   # nobody sees a deck
    assert len(v.zone(0, "deck")) == 9


def test_face_down_trap_is_seen_by_its_owner_only():
    g = Game.new("tiny", seed=2)
    p = g.to_act
    card = g.state.zones[f"{p}.hand"][0]
    cid = g.state.cards[card].cid
    g.apply(Action.make("set", p, card=card, to=f"{p}.traps"))
    mine, theirs = g.view(p).card(card), g.view(1 - p).card(card)
    assert mine.cid == cid and not mine.face_up
    assert theirs.cid is None and theirs.uid == card     # a face-down card on the table can be pointed at


def test_private_log_lines_reach_only_their_player():
    g = Game.new("tiny", seed=1)
    draws = [e for e in g.state.log if e.kind == "draw"]
    assert draws and all(e.private for e in draws)
    for e in draws:
        p = e.data["player"]
        assert e.private[p] in g.view(p).log
        assert e.private[p] not in g.view(1 - p).log


def test_view_carries_open_deck_lists_and_no_random_state():
    g = Game.new("tiny", seed=1)
    v = g.view(0)
    assert v.decks[0] == {"four": 3, "one": 3, "three": 3, "two": 3}
    assert "rng" not in v.to_dict() and "seed" not in v.to_dict()
