"""During a choice the table stays readable (issue 30): the hover preview never covers the lit cards the
player must pick from, and an attacker stays in its lane (not held at the drop point) while its choice waits."""
import pygame

from tabletop.engine import Game
from tabletop.ui.table import layout

from ui_helpers import drag, open_curtain, table

SENKAI_WALL = "rulesets/senkai/scenarios/01_break_a_wall.yaml"


def _attack_the_player(app):
    g = Game.from_scenario(SENKAI_WALL)
    scene = table(app, g)
    open_curtain(app, scene)
    attacker = next(s for s in scene.spots if s.card.uid == 1)
    drag(app, attacker.rect.center, scene.hud.ui["opp"].get_abs_rect().center)   # attack P2: which wall breaks?
    assert g.actions[-1] == "p1 attack card=1 target_player=1"
    assert g.state.pending and scene.answer_lit[1]                             # the walls to pick are lit
    for _ in range(30):
        app.step(1 / 60)
    return g, scene


def test_the_attacker_stays_in_its_lane_while_its_choice_waits(app):
    g, scene = _attack_the_player(app)
    sp = next(s for s in scene.spots if s.card.uid == 1)
    lane = layout.zone(scene.zones, sp.zone)
    drawn = layout.spot_rect(scene, sp)
    assert scene.pacing.ghost is None
    assert lane.rect.collidepoint(drawn.center), (drawn, lane.rect)          # in its lane, stepped forward
    assert not scene.hud.ui["opp"].get_abs_rect().colliderect(drawn)          # not at the drop point


def test_the_hover_preview_never_covers_the_walls_to_pick(app):
    g, scene = _attack_the_player(app)
    lit = [s.rect for s in scene.spots if s.key in scene.answer_lit[1]]
    assert len(lit) >= 2
    shown = 0
    for sp in list(scene.spots):
        if sp.card.cid is None or sp.card.cid not in scene.rs.cards:
            continue
        pygame.mouse.set_pos(sp.rect.center)
        scene.mouse, scene.hover_key, scene.hover_t = sp.rect.center, sp.key, 1.0
        img = scene.preview.image(sp.card)
        at = scene.preview.place(img.get_rect(), sp)
        if at is not None:
            shown += 1
            covered = [r for r in lit if r.colliderect(at) and r != sp.rect]
            assert not covered, (sp.card.cid, at, covered)
    assert shown >= 2                     # most cards still show their preview, beside the walls
