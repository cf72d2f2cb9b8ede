"""The table's advice (issue 30): a move that does nothing is not lit and is asked about first, Undo's
tooltip names the hidden-card event and keeps clear of the End button, and a danger line warns when
one hit decides the game."""
import pygame

from tabletop.engine import Game
from tabletop.ui.players import UniformBot

from ui_helpers import click, open_curtain, post, spots_in, table

# Senkai, the first player's second turn: Fire Shot (3 damage to an enemy monster) in hand, no enemy
# monster anywhere: casting it would spend the card and the mana and do nothing (SK-R17).
NO_TARGET = """\
ruleset: senkai
title: a spell with no target
turn: 3
active: p1
phase: main
zones:
  p1.mana: [aka_no_maryoku, aka_no_maryoku]
  p1.hand: [kaendan]
  p1.walls: [kodama, kodama, kodama, kodama]
  p2.walls: [kodama, kodama, kodama, kodama]
  p1.deck: [kodama, kodama, kodama]
  p2.deck: [kodama, kodama, kodama]
  p1.mana_deck: [aka_no_maryoku, aka_no_maryoku]
  p2.mana_deck: [ao_no_maryoku, ao_no_maryoku]
"""


def _scene(app, tmp_path, text=NO_TARGET):
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    g = Game.from_scenario(str(path))
    scene = table(app, g)
    open_curtain(app, scene)
    return g, scene


def test_a_spell_with_no_target_is_not_lit_and_asks_before_it_is_used(app, tmp_path):
    g, scene = _scene(app, tmp_path)
    spell = spots_in(scene, "0.hand")[0]
    assert any(a.get("card") == spell.card.uid for a in g.legal_actions())     # legal, yet...
    assert spell.card.uid not in scene.actor_lit                                # ...not lit as an invitation
    n = len(g.actions)
    click(app, spell.rect.center)
    assert scene.dialogs.dialog is not None and len(g.actions) == n             # asked, nothing played
    win, acts = scene.dialogs.dialog
    assert "no target" in " ".join(getattr(w, "html_text", "") or "" for w in win.get_container().elements)
    use = next(b for b in acts if b.text == "Use it anyway")
    click(app, use.get_abs_rect().center)
    app.step(1 / 60)
    assert len(g.actions) > n and g.state.cards[spell.card.uid].zone != "0.hand"


def test_a_spell_with_a_target_stays_lit(app, tmp_path):
    g, scene = _scene(app, tmp_path, NO_TARGET.replace("  p1.walls:", "  p2.lane_center: [kodama]\n  p1.walls:"))
    spell = spots_in(scene, "0.hand")[0]
    assert spell.card.uid in scene.actor_lit


def test_undo_names_the_card_the_last_action_showed_and_clears_the_end_button(app, tmp_path):
    g, scene = _scene(app, tmp_path, NO_TARGET.replace("  p1.walls:", "  p2.lane_center: [kodama]\n  p1.walls:"))
    cast = next(a for a in g.legal_actions() if a.kind == "play")
    assert scene.actions.act(cast)          # it has a target: no question, it is cast; P2 sees the card
    undo = scene.hud.ui["undo"]
    tip = undo.tool_tip_text
    assert "Fire Shot" in tip and "P2" in tip and "drew" not in tip, tip
    pos = undo.get_abs_rect().center
    pygame.mouse.set_pos(pos)
    post(app, pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    for _ in range(12):
        app.step(0.1)
    assert undo.tool_tip is not None
    assert not undo.tool_tip.rect.colliderect(scene.hud.ui["end"].get_abs_rect()), "the tooltip covers End"


def test_undo_is_open_after_a_move_that_shows_no_hidden_card(app, tmp_path):
    g, scene = _scene(app, tmp_path, NO_TARGET.replace("  p1.walls:", "  p2.lane_center: [kodama]\n  p1.walls:"))
    scene.actions.act(next(a for a in g.legal_actions() if a.kind == "play"))
    aim = next(a for a in g.legal_actions(0) if a.kind == "choose_target")
    scene.actions.act(aim)                  # choosing the target shows nothing new: undo may take it back
    assert g.undo_blocked() is None and scene.hud.ui["undo"].is_enabled


def test_the_danger_line_shows_on_the_panel_of_the_side_with_no_walls(app, tmp_path):
    g, scene = _scene(app, tmp_path, NO_TARGET.replace("  p2.walls: [kodama, kodama, kodama, kodama]\n", ""))
    opp = scene.hud.ui["opp"].html_text
    me = scene.hud.ui["me"].html_text
    assert "One hit decides the game (SK-R22)" in opp and "no walls left" in str(scene.message)
    assert "One hit decides" not in me
    app.words.language = "ja"
    scene.refresh()
    assert "あと一撃で勝負が決まる" in scene.hud.ui["opp"].html_text


def test_the_hint_buttons_tooltip_clears_the_end_button(app, tmp_path):
    """Issue 30: no tooltip of the button row covers End phase (the Hint one did, at 1280x720 too)."""
    path = tmp_path / "s.yaml"
    path.write_text(NO_TARGET, encoding="utf-8")
    g = Game.from_scenario(str(path))
    scene = table(app, g, seats=(None, UniformBot(1, 1)))
    hint = scene.hud.ui["hint"]
    pos = hint.get_abs_rect().center
    pygame.mouse.set_pos(pos)
    post(app, pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    for _ in range(12):
        app.step(0.1)
    assert hint.tool_tip is not None
    assert not hint.tool_tip.rect.colliderect(scene.hud.ui["end"].get_abs_rect()), "the tooltip covers End"
    from tabletop.ui import geometry
    assert hint.tool_tip.rect.bottom <= app.screen.get_height() - geometry.STATUS_BAR, "it covers the status line"
