"""Answers to choices by a left click on what they name: a card, a pile, a player panel; piles spread for them."""
import pygame

from tabletop.engine import Game

from ui_helpers import click, open_curtain, post, table, zone_center

SENKAI_WALL = "rulesets/senkai/scenarios/01_break_a_wall.yaml"
FOURDECK_DAMAGE = "rulesets/fourdeck/scenarios/01_first_turn.yaml"

SEARCH = """ruleset: senkai
title: search the deck
turn: 3
active: p1
phase: main
zones:
  p1.hand: [yamauba]
  p1.mana: [midori_no_maryoku, midori_no_maryoku, midori_no_maryoku, midori_no_maryoku]
  p1.walls: [kodama, kodama, kodama, kodama]
  p2.walls: [kodama, kodama, kodama]
  p1.deck: [kodama, mori_no_nushi, kodama, kamaitachi, kodama]
  p2.deck: [kodama, kodama, kodama]
  p1.mana_deck: [midori_no_maryoku]
  p2.mana_deck: [ao_no_maryoku]
"""


def _menu_pick(app, scene, text_start):
    """Click the entry of the open action menu whose text starts with `text_start`."""
    assert scene.dialogs.menu is not None, "a menu of answers opens"
    lst = scene.dialogs.menu[1]
    item = next(i for i in lst.item_list if i["text"].startswith(text_start))
    click(app, item["button_element"].get_abs_rect().center)
    app.step(1 / 60)   # the list turns the item's press into its selection event one frame later


def test_the_player_panel_and_a_wall_are_clicked_to_attack_then_break_the_wall(app):
    g = Game.from_scenario(SENKAI_WALL)
    scene = table(app, g)
    open_curtain(app, scene)
    attacker = next(s for s in scene.spots if s.card.uid == 1)
    click(app, attacker.rect.center)                       # attack card=1: a card or the player
    assert scene.actions.targeting is not None
    click(app, scene.hud.ui["opp"].get_abs_rect().center)      # the opponent's panel (a widget) is the target
    assert g.actions[-1] == "p1 attack card=1 target_player=1"
    assert g.view(0).pending and g.view(0).pending[0]["kind"] == "break_wall"
    walls = [s for s in scene.spots if s.zone == "1.walls"]
    assert walls and all(s.card.uid in scene.answer_lit[1] for s in walls)   # the choices are lit
    click(app, walls[1].rect.center)                       # break_wall target=WALL: no card= names it
    assert g.actions[-1] == f"p1 break_wall target={walls[1].card.uid}"
    assert g.state.cards[walls[1].card.uid].zone != "1.walls"


def test_a_click_on_your_own_deck_offers_the_damage_answers(app):
    g = Game.from_scenario(FOURDECK_DAMAGE)
    assert g.state.phase == "damage"
    scene = table(app, g)
    open_curtain(app, scene)
    n = len(g.actions)
    click(app, zone_center(scene, "0.lv2"))
    assert scene.dialogs.menu is not None and len(g.actions) == n
    offered = sorted(str(a) for a in scene.dialogs.menu[2].values())
    assert offered == [f"p1 damage amount={k} target_zone=0.lv2" for k in range(4)]
    _menu_pick(app, scene, next(t for t, a in scene.dialogs.menu[2].items() if a.get("amount") == 2))
    assert g.actions[n:] == ["p1 damage amount=2 target_zone=0.lv2"]


def test_a_searched_deck_is_spread_and_a_click_takes_the_named_card(app, tmp_path):
    path = tmp_path / "search.yaml"
    path.write_text(SEARCH, encoding="utf-8")
    g = Game.from_scenario(str(path))
    scene = table(app, g)
    open_curtain(app, scene)
    play = next(a for a in g.legal_actions() if a.kind == "play")
    scene.actions.act(play)                                        # 山姥 enters: search the deck for a 獣
    assert [a.kind for a in g.legal_actions()].count("choose_target") == 2
    assert scene.inspect == "0.deck"                       # the deck lies spread: its named cards can be clicked
    spread = [s for s in scene.spots if s.layer >= 1000]
    assert sorted(s.card.cid for s in spread) == ["kamaitachi", "mori_no_nushi"]   # no rows of backs
    assert all(s.rect.w > scene.cw for s in spread)      # shown larger than on the table, to be read
    under = next(s for s in scene.spots if s.card.cid == "yamauba")
    post(app, pygame.MOUSEMOTION, pos=under.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    app.step(0.5)
    assert scene.hover_key is None                       # a card under the spread's cloth is not previewed
    take = next(s for s in spread if s.card.cid == "mori_no_nushi")
    click(app, take.rect.center)
    assert g.actions[-1] == f"p1 choose_target target={take.card.uid}"
    assert g.state.cards[take.card.uid].zone == "0.hand"
    assert scene.inspect is None                           # the answers are gone: the spread closes
