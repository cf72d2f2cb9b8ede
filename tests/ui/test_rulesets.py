"""Every ruleset's table: a drag applies the move it means, and no hidden card reaches the face renderer.

Each situation a test needs is built from a scenario (rulesets/<id>/scenarios/, then the listed
actions), not hoped for in random play, so no test can stop testing by skipping (issue 33).
"""
import random
from pathlib import Path

import pytest

from tabletop.engine import Game, ruleset_ids

from tabletop.ui.table import TableScene, layout
from tabletop.ui.table.actions import pointed_at

from ui_helpers import Recorder, click, drag

ROOT = Path(__file__).resolve().parents[2] / "rulesets"
# A position with a single card-to-zone move (a drag), and one with an aimed card action
# (card=X target=Y or target_zone=Z, nothing to drag to): (scenario, actions applied first).
DRAG = {"danmaku": ("05_familiars_need_power", []), "fourdeck": ("04_destroy_or_exile", []),
        "ijinden": ("04_color_and_level", []), "monmusu": ("02_evolve_and_awaken", []),
        "sandbox": ("free_table", []), "senkai": ("05_paying_mana", []),
        "ramparts": ("01_the_last_wall", []), "sparkduel": ("02_embers", [])}
AIM = {"danmaku": ("05_familiars_need_power", []), "fourdeck": ("04_destroy_or_exile", []),
       "ijinden": ("01_guardians_block", ["p1 attack card=1", "p1 end_phase"]),      # P2's guardians block
       "monmusu": ("03_attack_targets", []), "senkai": ("06_enchant_the_enemy", []),
       "ramparts": ("02_across_the_lanes", []), "sparkduel": ("01_block_or_take_it", [])}


def _midgame(rid, seed, steps):
    g = Game.new(rid, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over():
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


def _situation(rid, table):
    name, moves = table[rid]
    g = Game.from_scenario(ROOT / rid / "scenarios" / f"{name}.yaml")
    for text in moves:
        g.apply(text)
    assert not g.is_over()
    return g


def _check_faces(app, rid, g):
    """Draw the table for both seats, hovering every card: only cards the seat sees get a face."""
    seat = g.to_act
    scene = app.push(TableScene(app, g, [None, None]))
    scene.curtain, scene.viewer = None, seat
    scene.refresh()
    for viewer in (seat, 1 - seat):
        scene.viewer = viewer
        scene.refresh()
        rec = Recorder(scene.renderer)
        scene.renderer = rec
        scene.sprites.art_cache.clear()
        scene.preview.cache.clear()
        scene.draw(app.screen)
        for s in scene.spots:     # hover each card long enough for its preview
            scene.mouse = s.rect.center
            scene.hover_moved()
            scene.update(0)
            scene.update(0.5)
            scene.preview.draw(app.screen)
        view = g.view(viewer)
        visible = {c.cid for z in view.zones.values() for c in z if c.cid}
        visible |= {a.cid for z in view.zones.values() for c in z for a in c.attached if a.cid}
        assert set(rec.faces) <= visible, f"{rid}: faces drawn for cards P{viewer + 1} may not see"
        opp_hand = [s for s in scene.spots if s.zone == f"{1 - viewer}.hand"]
        assert all(s.card.cid is None for s in opp_hand)
        scene.renderer = rec.inner
    return scene


@pytest.mark.parametrize("rid", [r for r in ruleset_ids() if r != "tiny"])
def test_table_of_every_ruleset(app, rid):
    g = _midgame(rid, seed=4, steps=25)
    if not g.is_over():       # a random game in progress, when the seed gives one
        _check_faces(app, rid, g)
    g = _situation(rid, DRAG)
    scene = _check_faces(app, rid, g)
    # a drag of a card onto the zone a legal move names applies that move
    scene.viewer = g.to_act
    scene.refresh()
    assert _try_drag(app, scene, g, rid), f"{rid}: no single card-to-zone move in {DRAG[rid]}"


def _try_drag(app, scene, g, rid) -> bool:
    spots = {s.card.uid: s for s in scene.spots if s.card.uid is not None}
    zones = {z.key: z for z in scene.zones}
    for a in scene.legal:
        card, to = a.get("card"), a.get("to") or a.get("target_zone")
        if card in spots and to in zones and to != spots[card].zone and a.get("target") is None:
            same = [b for b in scene.legal if b.get("card") == card and to in (b.get("to"), b.get("target_zone"))
                    and b.get("target") is None]
            if len(same) != 1:
                continue
            z = zones[to].rect
            # drop on an empty bit of the zone: its centre, unless a card lies there
            point = z.center
            over = scene.pointer.spot_at(point)
            if over is not None and over.card.uid is not None:
                point = (z.x + 4, z.bottom - 4)
            n = len(g.actions)
            drag(app, spots[card].rect.center, point)
            assert g.actions[n:] == [str(a)], f"{rid}: drag of {card} to {to}: {scene.message}"
            return True
    return False


@pytest.mark.parametrize("rid", [r for r in ruleset_ids() if r not in ("tiny", "sandbox")])
def test_click_then_click_a_lit_target_applies_the_aimed_action(app, rid):
    """In a position with an aimed card action (card=X target=Y, nothing to drag to), play it by clicks."""
    g = _situation(rid, AIM)
    scene = app.push(TableScene(app, g, [None, None]))
    scene.curtain, scene.viewer = None, g.to_act
    scene.refresh()
    spots = {s.card.uid: s for s in scene.spots if s.card.uid is not None}
    zones = {z.key: z for z in scene.zones}
    for a in scene.legal:
        card, target, tzone = a.get("card"), a.get("target"), a.get("target_zone")
        if card not in spots or a.get("to") is not None or not (target in spots or tzone in zones):
            continue
        own = [b for b in scene.legal if b.get("card") == card and b.get("to") is None]
        if not all(any(b.get(k) is not None for k in ("target", "target_zone", "target_player")) for b in own):
            continue          # a click would act at once, not ask for a target
        if target is not None:
            same = [b for b in own if b.get("target") == target]
            point = layout.spot_rect(scene, spots[target]).center
        else:
            same = [b for b in own if b.get("target_zone") == tzone and b.get("target") is None]
            point = zones[tzone].rect.center
        if len(same) != 1:
            continue
        n = len(g.actions)
        click(app, spots[card].rect.center)
        assert scene.actions.targeting is not None, f"{rid}: {a} did not start choosing a target"
        lit_zones, lit_cards, _ = pointed_at(scene.actions.targeting[1])
        assert target in lit_cards if target is not None else tzone in lit_zones
        click(app, point)
        assert g.actions[n:] == [str(a)], f"{rid}: {scene.message}"
        return
    pytest.fail(f"{rid}: no aimed card action in {AIM[rid]}")
