"""The free table's tools at the table (issue #35), driven headless by posted mouse and key events:
a pile's right-click menu searches it or looks at its top cards in a private picker; a card's menu
reveals it or writes a note on it; an empty spot of the play area makes a token."""
import pygame

from tabletop.engine import Action, Game

from ui_helpers import Recorder, click, open_curtain, post, spots_in, table, zone_center


def _menu_pick(app, scene, text_start):
    """Click the entry of the open action menu whose text starts with `text_start`."""
    assert scene.dialogs.menu is not None, "a menu opens"
    lst = scene.dialogs.menu[1]
    item = next(i for i in lst.item_list if i["text"].startswith(text_start))
    assert item["button_element"] is not None, f"{text_start!r} is shown in the menu"
    click(app, item["button_element"].get_abs_rect().center)
    app.step(1 / 60)


def _sandbox(app, seed=3):
    g = Game.new("sandbox", seed=seed)
    assert g.to_act == 0
    scene = table(app, g)
    open_curtain(app, scene)
    return g, scene


def _deck(scene, key="0.deck"):
    return spots_in(scene, key)[-1]


def test_search_the_deck_from_its_menu_and_take_a_card_in_the_private_picker(app):
    g, scene = _sandbox(app)
    deck = list(g.state.zones["0.deck"])
    click(app, _deck(scene).rect.center, button=3)
    _menu_pick(app, scene, "Search your deck")
    assert g.actions[-1] == "p1 m_search pile=0.deck"
    tools = scene.tools
    assert tools.open and len(tools.faces) == len(deck)
    assert [c.uid for _, c in tools.faces] == list(reversed(deck))        # the top card first
    rect, card = tools.faces[2]
    click(app, rect.center)                                                # pick the third card
    assert tools.selected == card.uid
    take = next(r for r, label, a in tools.buttons if a.get("card") == card.uid and a["to"] == "0.hand")
    click(app, take.center)
    assert g.actions[-1] == f"p1 m_search_end card={card.uid} pile=0.deck to=0.hand"
    assert g.state.cards[card.uid].zone == "0.hand" and not tools.open
    assert "P1 Deck shuffled" in [str(x) for x in g.view(1).log[-2:]]


def test_a_second_click_on_the_picked_card_takes_it_to_the_hand(app):
    g, scene = _sandbox(app)
    click(app, _deck(scene).rect.center, button=3)
    _menu_pick(app, scene, "Search your deck")
    rect, card = scene.tools.faces[-1]          # the bottom card
    click(app, rect.center)
    assert scene.tools.open and scene.tools.selected == card.uid
    click(app, rect.center)
    assert g.actions[-1] == f"p1 m_search_end card={card.uid} pile=0.deck to=0.hand"


def test_the_picker_is_drawn_for_the_searching_seat_only(app):
    g, scene = _sandbox(app)
    g.apply("p1 m_search pile=0.deck")
    rec = Recorder(scene.renderer)
    scene.renderer = rec
    scene.viewer = 1                 # the other seat's view of the same moment (as after the curtain)
    scene.refresh()
    app.step(1 / 60)
    assert not scene.tools.open
    deck_cids = {g.state.cards[u].cid for u in g.state.zones["0.deck"]}
    hand_cids = {g.state.cards[u].cid for u in g.state.zones["1.hand"]}
    assert not set(rec.faces) - hand_cids - {g.state.cards[u].cid for u in g.state.zones["0.play"]}
    assert scene.view.data["tool"] == {"kind": "search", "player": 0, "pile": "0.deck", "hidden": True}
    assert deck_cids   # (P2 saw only its own hand's faces: no card of P1's deck)
    scene.viewer = 0
    scene.refresh()
    app.step(1 / 60)
    assert scene.tools.open and set(rec.faces) & deck_cids


def test_look_at_the_top_three_and_put_them_on_the_bottom(app):
    g, scene = _sandbox(app)
    top = list(g.state.zones["0.deck"])[-3:]
    cids = [g.state.cards[u].cid for u in g.state.zones["0.deck"]]
    click(app, _deck(scene).rect.center, button=3)
    _menu_pick(app, scene, "Look at the top 3 cards of your deck")
    assert [c.uid for _, c in scene.tools.faces] == list(reversed(top))
    bottom = next(r for r, label, a in scene.tools.buttons if a.kind == "m_look_end" and a.get("bottom"))
    click(app, bottom.center)
    assert g.actions[-1] == "p1 m_look_end bottom=yes pile=0.deck"
    assert [g.state.cards[u].cid for u in g.state.zones["0.deck"]] == cids[-3:] + cids[:-3]
    assert not scene.tools.open


def test_a_note_is_written_on_a_card_shown_on_it_and_removed(app):
    g, scene = _sandbox(app)
    uid = g.state.zones["0.hand"][0]
    g.apply(Action.make("m_move", 0, card=uid, to="0.play"))
    scene.refresh()
    spot = next(s for s in scene.spots if s.card.uid == uid)
    click(app, spot.rect.center, button=3)
    _menu_pick(app, scene, "Write a note on")
    assert scene.tools.prompt is not None
    _, entry, ok, _, _ = scene.tools.prompt
    entry.set_text("flying, 2 turns")
    click(app, ok.get_abs_rect().center)
    assert g.actions[-1] == f"manual: p1 m_note card={uid} text=flying%2C%202%20turns"
    assert scene.board.mark_chips.get(spot.key), "the note is drawn on the card"
    assert "Note: flying, 2 turns" in scene.tools.card_lines(scene.view.cards[uid])
    spot = next(s for s in scene.spots if s.card.uid == uid)
    click(app, spot.rect.center, button=3)
    _menu_pick(app, scene, "Remove the note on")
    assert g.actions[-1] == f"p1 m_note card={uid}" and not scene.board.mark_chips


def test_a_named_token_is_made_on_an_empty_spot_of_the_play_area(app):
    g, scene = _sandbox(app)
    before = set(g.state.cards)
    click(app, zone_center(scene, "0.play"), button=3)
    _menu_pick(app, scene, "Create a token: Token")
    _, entry, _, _, _ = scene.tools.prompt
    entry.set_text("Goblin")
    post(app, pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)   # Enter: done
    app.step(1 / 60)
    assert g.actions[-1] == "manual: p1 m_token card_id=token name=Goblin to=0.play"
    (tok,) = set(g.state.cards) - before
    assert scene.view.public["names"] == {tok: "Goblin"} and g.state.turn == 1   # Enter did not end the turn


def test_reveal_a_card_from_the_hand_menu(app):
    g, scene = _sandbox(app)
    spot = spots_in(scene, "0.hand")[0]
    click(app, spot.rect.center, button=3)
    _menu_pick(app, scene, "Reveal")
    uid = spot.card.uid
    name = g.ruleset.cards[g.state.cards[uid].cid].name_en
    assert g.actions[-1] == f"p1 m_reveal card={uid}"
    assert str(g.view(1).log[-1]) == f"P1 reveals {name} from P1 Hand"


def test_the_prompt_says_to_click_in_the_picker_and_the_coin_line_is_in_the_readers_language(app):
    g, scene = _sandbox(app)
    click(app, _deck(scene).rect.center, button=3)
    _menu_pick(app, scene, "Search your deck")
    prompt = scene.hud.prompt_html()
    assert "(click)" in prompt and "(drag)" not in prompt    # the picker's cards are clicked, not dragged
    coin = next(x for x in g.view(0).log if "heads" in str(x) or "tails" in str(x))
    app.words.language = "ja"
    assert "who goes first" not in app.words.render(coin)
