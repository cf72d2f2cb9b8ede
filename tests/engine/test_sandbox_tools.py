"""The free table's tools (issue #35): search, look at the top N, reveal, tokens and notes.

Each is an engine action checked for its form, logged for each reader as they may see it, saved in
the action log and replayed from the seed to the same state; a search or a look tells the other
player nothing but that it happened.
"""
import json

import pytest

from tabletop.engine import Action, Game, IllegalAction
from tabletop.engine.manual import arg_text, text_arg
from tabletop.i18n import render


def en(m) -> str:
    return render(m, "en")


def names_of(g, uids) -> set[str]:
    rs = g.ruleset
    return {rs.cards[g.state.cards[u].cid].name_en for u in uids} | {rs.cards[g.state.cards[u].cid].name
                                                                     for u in uids}


def new_lines(g, n, p):
    return [en(e.text_for(p)) for e in g.state.log[n:]]


def replays_alike(g):
    """The game saved (as JSON) and replayed from its seed and actions reaches the same state."""
    again = Game.from_dict(json.loads(json.dumps(g.to_dict())))   # from_dict checks against the snapshot
    assert again.state.to_dict() == g.state.to_dict()
    assert [again.view(p).to_dict() for p in (0, 1)] == [g.view(p).to_dict() for p in (0, 1)]


@pytest.fixture
def g():
    return Game.new("sandbox", seed=3)


# --- search ----------------------------------------------------------------------------------------
def test_search_shows_the_pile_to_the_searcher_only_and_takes_one_card(g):
    deck = list(g.state.zones["0.deck"])
    n = len(g.state.log)
    g.apply("p1 m_search pile=0.deck")
    assert g.state.data["tool"] == {"kind": "search", "player": 0, "pile": "0.deck", "hidden": True}
    mine, theirs = g.view(0), g.view(1)
    assert all(c.cid is not None for c in mine.zones["0.deck"])          # the searcher sees every card
    assert all(c.cid is None and c.uid is None for c in theirs.zones["0.deck"])   # the other: backs, no ids
    assert new_lines(g, n, 1) == ["P1 searches P1 Deck"] == new_lines(g, n, 0)
    # while the search is open only finishing it is offered, and anything else is refused
    assert {a.kind for a in g.legal_actions(0)} == {"m_search_end"}
    assert "finish searching" in en(g.why_not(Action.make("s_coin", 0)))
    with pytest.raises(IllegalAction):
        g.manual(Action.make("m_tap", 0, card=g.state.zones["0.hand"][0]))
    pick = deck[0]
    name = g.ruleset.cards[g.state.cards[pick].cid].name_en
    n = len(g.state.log)
    g.apply(Action.make("m_search_end", 0, pile="0.deck", card=pick, to="0.hand"))
    assert "tool" not in g.state.data
    assert g.state.cards[pick].zone == "0.hand"
    assert new_lines(g, n, 0) == [f"P1 takes {name} from P1 Deck to P1 Hand", "P1 Deck shuffled"]
    assert new_lines(g, n, 1) == ["P1 takes a card from P1 Deck to P1 Hand", "P1 Deck shuffled"]
    assert len(g.state.zones["0.deck"]) == len(deck) - 1
    # out of sight again: the searcher's view of the deck has no names and no ids
    assert all(c.cid is None and c.uid is None for c in g.view(0).zones["0.deck"])
    replays_alike(g)


def test_search_refusals_name_what_is_wrong(g):
    assert "only a pile of your own" in en(g.why_not(Action.make("m_search", 0, pile="1.deck")))
    assert "no pile" in en(g.why_not(Action.make("m_search", 0, pile="0.hand")))
    assert "no search of that pile" in en(g.why_not(Action.make("m_search_end", 0, pile="0.deck")))
    g.apply("p1 m_search pile=0.deck")
    hand = g.state.zones["0.hand"][0]
    assert "not in the pile you are searching" in en(g.why_not(
        Action.make("m_search_end", 0, pile="0.deck", card=hand, to="0.play")))
    assert "card=ID and to=ZONE" in en(g.why_not(Action.make("m_search_end", 0, pile="0.deck",
                                                             card=g.state.zones["0.deck"][0])))
    # taking nothing still shuffles the hidden deck, logged once
    n = len(g.state.log)
    g.apply("p1 m_search_end pile=0.deck")
    assert new_lines(g, n, 1) == ["P1 takes nothing from P1 Deck", "P1 Deck shuffled"]


def test_search_of_a_public_pile_is_not_shuffled(g):
    for u in list(g.state.zones["0.hand"])[:3]:
        g.apply(Action.make("m_move", 0, card=u, to="0.discard"))
    order = list(g.state.zones["0.discard"])
    g.apply("p1 m_search pile=0.discard")
    g.apply(Action.make("m_search_end", 0, pile="0.discard", card=order[1], to="0.hand"))
    assert g.state.zones["0.discard"] == [order[0], order[2]]
    assert not any(e.kind == "shuffle" for e in g.state.log[-2:])


@pytest.mark.parametrize("start, finish", [
    ("p1 m_search pile=0.deck", lambda game: Action.make("m_search_end", 0, pile="0.deck",
                                                          card=game.state.zones["0.deck"][3], to="0.hand")),
    ("p1 m_look pile=0.deck n=3", lambda game: Action.make("m_move", 0, card=game.state.zones["0.deck"][-2],
                                                            to="0.hand")),
])
def test_the_other_player_learns_nothing_from_a_search_or_a_look(g, start, finish):
    """Two games whose P1 decks hold other cards in another order: P2's view, log and descriptions are the same."""
    other = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    s = other.state
    deck = s.zones["0.deck"]
    cids = [s.cards[u].cid for u in deck]
    for u, cid in zip(deck, reversed(cids)):
        s.cards[u].cid = cid
    games = [g, other]
    for game in games:
        game.apply(start)
    assert g.view(1).to_dict() == other.view(1).to_dict()
    acts = [finish(game) for game in games]
    assert acts[0] == acts[1]          # the same ids on both tables: the ids tell nothing either
    assert en(g.describe(acts[0], 1)) == en(other.describe(acts[1], 1))
    for game, a in zip(games, acts):
        game.apply(a)
    views = [game.view(1) for game in games]
    assert views[0].zones == views[1].zones and [en(x) for x in views[0].log] == [en(x) for x in views[1].log]


def test_the_other_player_learns_nothing_from_a_search(g):
    """Two games whose P1 decks hold other cards in another order: P2's view and log are the same."""
    other = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    s = other.state
    deck = s.zones["0.deck"]
    cids = [s.cards[u].cid for u in deck]
    for u, cid in zip(deck, reversed(cids)):      # other cards under the same ids
        s.cards[u].cid = cid
    games = [g, other]
    for game in games:
        game.apply("p1 m_search pile=0.deck")
    seen = [game.view(1).to_dict() for game in games]
    assert seen[0] == seen[1]
    for game in games:
        game.apply(Action.make("m_search_end", 0, pile="0.deck", card=game.state.zones["0.deck"][3], to="0.hand"))
    views = [game.view(1) for game in games]
    assert views[0].zones == views[1].zones and [en(x) for x in views[0].log] == [en(x) for x in views[1].log]
    assert [en(game.describe(Action.make("m_search_end", 0, pile="0.deck", card=game.state.zones["0.hand"][-1],
                                         to="0.hand"), 1)) for game in games] == ["Take a face-down card (P1 Hand) "
                                                                                   "to P1's hand"] * 2


# --- look at the top N ----------------------------------------------------------------------------
def test_look_at_the_top_three_and_put_them_back_in_the_same_order(g):
    deck = list(g.state.zones["0.deck"])
    cids = [g.state.cards[u].cid for u in deck]
    top = deck[-3:]
    n = len(g.state.log)
    g.apply("p1 m_look pile=0.deck n=3")
    names = [g.ruleset.cards[g.state.cards[u].cid].name_en for u in reversed(top)]
    assert new_lines(g, n, 0) == ["P1 looks at the top 3 cards of P1 Deck: " + ", ".join(names)]
    assert new_lines(g, n, 1) == ["P1 looks at the top 3 cards of P1 Deck"]
    mine = g.view(0).zones["0.deck"]
    assert [c.cid is not None for c in mine] == [False] * (len(deck) - 3) + [True] * 3
    assert all(c.cid is None for c in g.view(1).zones["0.deck"])
    kinds = {(a.kind, a.get("bottom")) for a in g.legal_actions(0)}
    assert kinds == {("m_move", None), ("m_move", True), ("m_look_end", None), ("m_look_end", True)}
    g.apply("p1 m_look_end pile=0.deck")
    # the same cards in the same order, under fresh ids (out of the looker's sight again)
    assert [g.state.cards[u].cid for u in g.state.zones["0.deck"]] == cids
    assert not set(top) & set(g.state.cards)
    assert all(c.cid is None for c in g.view(0).zones["0.deck"])
    replays_alike(g)


def test_look_then_bottom_and_one_card_elsewhere(g):
    deck = list(g.state.zones["0.deck"])
    cids = [g.state.cards[u].cid for u in deck]
    g.apply("p1 m_look pile=0.deck n=3")
    top = g.state.zones["0.deck"][-1]
    g.apply(Action.make("m_move", 0, card=top, to="0.hand"))           # the top one to the hand
    assert g.state.cards[top].zone == "0.hand"
    g.apply("p1 m_look_end pile=0.deck bottom=yes")                   # the other two to the bottom
    now = [g.state.cards[u].cid for u in g.state.zones["0.deck"]]
    assert now == cids[-3:-1] + cids[:-3]
    assert en(g.state.log[-1].text) == "P1 puts 2 cards on the bottom of P1 Deck"
    replays_alike(g)


def test_one_looked_card_to_the_bottom(g):
    cids = [g.state.cards[u].cid for u in g.state.zones["0.deck"]]
    g.apply("p1 m_look pile=0.deck n=1")
    top = g.state.zones["0.deck"][-1]
    g.apply(Action.make("m_move", 0, card=top, to="0.deck", bottom=True))
    g.apply("p1 m_look_end pile=0.deck")
    assert [g.state.cards[u].cid for u in g.state.zones["0.deck"]] == cids[-1:] + cids[:-1]
    assert "only a pile has a bottom" in en(g.why_not(Action.make("m_move", 0, card=g.state.zones["0.hand"][0],
                                                                  to="0.play", bottom=True)))


def test_look_refusals(g):
    assert "n=N" in en(g.why_not(Action.make("m_look", 0, pile="0.deck", n=0)))
    g.apply("p1 m_look pile=0.deck n=3")
    assert "finish looking" in en(g.why_not(Action.make("m_look", 0, pile="1.deck", n=1)))
    # a card of the deck that was not looked at cannot be moved
    assert g.why_not(Action.make("m_move", 0, card=g.state.zones["0.deck"][0], to="0.hand")) is not None


# --- reveal ---------------------------------------------------------------------------------------
def test_reveal_a_card_from_hand_names_it_to_both(g):
    uid = g.state.zones["0.hand"][0]
    name = g.ruleset.cards[g.state.cards[uid].cid].name_en
    assert g.view(1).cards[uid].cid is None if uid in g.view(1).cards else True
    g.apply(Action.make("m_reveal", 0, card=uid))
    assert en(g.state.log[-1].text_for(1)) == f"P1 reveals {name} from P1 Hand"
    assert en(g.state.log[-1].text) == f"P1 reveals {name} from P1 Hand"
    assert g.view(1).cards[uid].cid == g.state.cards[uid].cid
    assert "already sees" in en(g.why_not(Action.make("m_reveal", 0, card=uid)))
    assert "only a card you see" in en(g.why_not(Action.make("m_reveal", 0, card=g.state.zones["1.hand"][0])))
    # once it moves into the hand again it is out of P2's sight and gets a fresh id
    g.apply(Action.make("m_move", 0, card=uid, to="0.deck"))
    assert uid not in g.state.cards
    replays_alike(g)


# --- tokens ---------------------------------------------------------------------------------------
def test_a_named_token_is_created_and_removed_when_it_leaves_the_table(g):
    before = set(g.state.cards)
    g.manual(Action.make("m_token", 0, card_id="token", to="0.play", name=text_arg("Goblin 2/2")))
    (tok,) = set(g.state.cards) - before
    c = g.state.cards[tok]
    assert c.zone == "0.play" and c.face_up and c.flags == {"token": True, "name": "Goblin 2/2"}
    assert en(g.state.log[-1].text) == "P1 creates a token, Goblin 2/2, in P1 Play area"
    assert g.view(1).public["names"] == {tok: "Goblin 2/2"}
    assert g.actions[-1] == "manual: p1 m_token card_id=token name=Goblin%202%2F2 to=0.play" or \
        g.actions[-1] == "manual: p1 m_token card_id=token name=Goblin%202/2 to=0.play"
    replays_alike(g)
    g.apply(Action.make("m_move", 0, card=tok, to="0.discard"))
    assert tok not in g.state.cards and tok not in g.state.zones["0.discard"]
    assert en(g.state.log[-1].text) == "P1 removes the token Goblin 2/2 from the game"
    # a token of the ruleset's own (a Spirit) is listed with the table's moves, and ids only grow
    g.apply(Action.make("m_token", 0, card_id="spirit_token", to="0.play"))
    (spirit,) = set(g.state.cards) - before
    assert spirit > tok
    replays_alike(g)


def test_token_refusals(g):
    assert "not a token" in en(g.why_not(Action.make("m_token", 0, card_id="spark", to="0.play")))
    assert "on the table" in en(g.why_not(Action.make("m_token", 0, card_id="spirit_token", to="0.hand")))
    with pytest.raises(IllegalAction) as e:
        g.manual(Action.make("m_token", 0, card_id="token", to="0.play", name="two words"))
    assert "text_arg" in en(e.value.reason)
    with pytest.raises(IllegalAction):
        g.manual(Action.make("m_token", 0, card_id="token", to="0.play", name=text_arg("x" * 81)))


# --- notes ----------------------------------------------------------------------------------------
def test_a_note_on_a_card_on_the_table_is_public_editable_and_removable(g):
    uid = g.state.zones["0.hand"][0]
    g.apply(Action.make("m_move", 0, card=uid, to="0.play"))
    name = g.ruleset.cards[g.state.cards[uid].cid].name_en
    g.manual(Action.make("m_note", 0, card=uid, text=text_arg("+2 power, until end of turn")))
    for p in (0, 1):
        assert g.view(p).public["notes"] == {uid: "+2 power, until end of turn"}
        assert en(g.state.log[-1].text_for(p)) == f"P1 writes a note on {name}: “+2 power, until end of turn”"
    assert en(g.describe(Action.make("m_note", 0, card=uid, text="x"), 1)) == f"Edit the note on {name}"
    g.manual(Action.make("m_note", 0, card=uid, text=text_arg("ずっと")))
    assert g.state.cards[uid].flags["note"] == "ずっと"
    replays_alike(g)
    g.apply(Action.make("m_note", 0, card=uid))
    assert "note" not in g.state.cards[uid].flags and g.view(0).public == {}
    assert "has no note" in en(g.why_not(Action.make("m_note", 0, card=uid)))
    # a note stays on the table: the card leaving it loses its note
    g.manual(Action.make("m_note", 0, card=uid, text=text_arg("gone soon")))
    g.apply(Action.make("m_move", 0, card=uid, to="0.discard"))
    assert not g.state.cards[uid].flags.get("note")
    assert "on the table" in en(g.why_not(Action.make("m_note", 0, card=g.state.zones["0.hand"][0], text="x")))
    replays_alike(g)


@pytest.mark.parametrize("text", ["plain", "two words", "a,b", "100", "yes", "-", "50%", "全角　空白", "=x", "-3"])
def test_free_text_round_trips_through_an_actions_text_form(text):
    a = Action.make("m_note", 0, card=5, text=text_arg(text))
    back = Action.parse(str(a))
    assert back == a and arg_text(back["text"]) == text
