"""Cards you can read: hand cards wide enough at 1600x900, current numbers on the table (green up, red
down) carried by the view, and a hover preview that covers neither the card nor where it may go."""
import pygame
import pytest

from tabletop.engine import Game
from tabletop.ui.table import HOVER_S
from tabletop.ui.table.board import STAT_DOWN, STAT_UP

from ui_helpers import open_curtain, post, spots_in, table

RULESETS = ["senkai", "ijinden", "monmusu", "danmaku"]      # fourdeck has no hand


def _to_a_hand(rid):
    """Return a seeded game played on (first legal actions) until P1 holds cards and is to act."""
    g = Game.new(rid, seed=5)
    for _ in range(400):
        if g.outcome():
            break
        if g.to_act == 0 and g.state.zones["0.hand"]:
            return g
        g.apply(g.legal_actions(g.to_act)[0])
    pytest.fail(f"{rid}: P1 never held a hand")


@pytest.mark.parametrize("rid", RULESETS)
def test_own_hand_cards_are_at_least_100px_wide_at_1600x900(app, rid):
    g = _to_a_hand(rid)
    scene = table(app, g)
    if scene.curtain is not None:
        open_curtain(app, scene)
    hand = spots_in(scene, f"{scene.viewer}.hand")
    assert hand
    assert min(s.w for s in hand) >= 100, [s.w for s in hand]
    area = scene.area
    assert all(area.contains(s.rect) for s in hand)      # standing up over the table, never off it


def test_live_stats_are_in_the_view_and_drawn_green_up_red_down(app):
    g = Game.new("senkai", seed=5)
    ctl, s = g.controller, g.state
    uid = next(u for u in s.zones["0.hand"] if g.ruleset.cards[s.cards[u].cid].kind == "monster")
    d = g.ruleset.cards[s.cards[uid].cid]
    s.zones["0.hand"].remove(uid)
    s.zones["0.lane_center"].append(uid)
    s.cards[uid].zone = "0.lane_center"
    ctl.add_mod(s, uid, "ap", 2)
    ctl.add_mod(s, uid, "hp", -1)
    v = g.view(1)                                # the opponent sees the monster's numbers too
    assert v.cards[uid].stats == {"ap": d.get("ap") + 2, "hp": max(0, d.get("hp") - 1)}
    hand_card = next(c for c in v.cards.values() if c.zone == "1.hand")
    assert hand_card.stats == {}                 # unchanged numbers are not repeated
    scene = table(app, g)
    chips = scene.board.stat_chips(scene.view.cards[uid])
    assert (f"AP {d.get('ap') + 2}", STAT_UP) in chips and (f"HP {max(0, d.get('hp') - 1)}", STAT_DOWN) in chips


def test_ijinden_power_and_monmusu_pow_are_live_too():
    g = Game.new("ijinden", seed=5)
    s = g.state
    uid = next(u for u, c in s.cards.items() if g.ruleset.cards[c.cid].kind == "ijin")
    g.controller.add_mod(s, uid, "power", -1000)
    assert g.controller.live_stats(s, uid) == {"power": max(0, g.ruleset.cards[s.cards[uid].cid].get("power") - 1000)}
    m = Game.new("monmusu", seed=5)
    uid = next(u for u, c in m.state.cards.items() if isinstance(m.ruleset.cards[c.cid].get("pow"), int))
    m.controller.add_mod(m.state, uid, "pow", 3)
    assert m.controller.live_stats(m.state, uid) == {"pow": m.ruleset.cards[m.state.cards[uid].cid].get("pow") + 3}


@pytest.mark.parametrize("rid", ["ijinden", "senkai"])
def test_the_preview_covers_neither_the_hovered_card_nor_its_targets(app, rid):
    g = _to_a_hand(rid)
    scene = table(app, g)
    if scene.curtain is not None:
        open_curtain(app, scene)
    for sp in spots_in(scene, f"{scene.viewer}.hand"):
        post(app, pygame.MOUSEMOTION, pos=sp.rect.center, rel=(0, 0), buttons=(0, 0, 0))
        scene.mouse = sp.rect.center
        app.step(HOVER_S + 0.05)
        app.step(1 / 60)
        if scene.preview.previewed is None:
            continue
        img = scene.preview.image(sp.card)
        r = scene.preview.place(img.get_rect(), sp)
        assert scene.area.contains(r)
        assert not r.colliderect(sp.rect), (sp.card.cid, r, sp.rect)
        from tabletop.ui.table.actions import pointed_at, source
        zones, cards, _ = pointed_at(scene.actions.moves_from(source(sp)))
        targets = [z.rect for z in scene.zones if z.key in zones] + [s.rect for s in scene.spots if s.key in cards]
        free = [t for t in targets if not r.colliderect(t)]
        assert len(free) >= len(targets) - 1 or not targets    # at most one huge zone can be unavoidable


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (1920, 1080)])
def test_the_log_keeps_six_lines_and_the_side_panel_fits_at_every_size(app, size):
    from tabletop.ui.table.hud import LOG_MIN_H
    app.words.language = "ja"
    scene = table(app, _to_a_hand("monmusu"))
    app.manager.set_window_resolution(size)
    scene.resize(size)
    assert scene.hud.ui["log"].rect.h >= LOG_MIN_H
    assert scene.hud.ui["me"].get_abs_rect().bottom <= size[1]
    assert scene.hud.ui["menu"].get_abs_rect().bottom <= size[1]
    hand = spots_in(scene, f"{scene.viewer}.hand")
    assert hand and all(scene.area.contains(s.rect) for s in hand)


def _to_pending(rid, kind):
    g = Game.new(rid, seed=3)
    for _ in range(200):
        if g.state.pending and g.state.pending[0]["kind"] == kind and g.to_act == 0:
            return g
        g.apply(g.legal_actions(g.to_act)[0])
    pytest.fail(f"{rid}: no {kind} choice for P1")


@pytest.mark.parametrize("rid,kind", [("monmusu", "pick_main"), ("fourdeck", "choose_partner"),
                                      ("danmaku", "choose_main")])
def test_a_choice_of_cards_shows_faces_to_click_not_buttons(app, rid, kind):
    from ui_helpers import click
    g = _to_pending(rid, kind)
    scene = table(app, g)
    if scene.curtain is not None:
        open_curtain(app, scene)
    items = list(scene.choice.items)
    assert len(items) >= 2
    assert not [a for _, a in scene.hud.ui["actions"] if a in scene.choice.actions()]   # no name buttons
    assert all(r.w >= 90 for r, _, _ in items)
    rect, _, action = items[1]
    before = len(g.actions)
    click(app, rect.center)
    assert g.actions[before] == str(action)
    if g.state.pending and g.state.pending[0]["kind"] == kind and g.to_act == scene.viewer:
        # another pick of the same choice: the faces left stay where they were
        still = {a: r for r, _, a in scene.choice.items}
        assert all(still[a] == r for r, _, a in items if a in still) and action not in still
    else:
        assert not scene.choice.items or scene.choice.items[0][2] not in {a for _, _, a in items}


def test_a_changed_number_shows_once_not_as_a_stat_chip_and_a_controller_badge_too(app):
    """ijinden publishes an Ijin's power as a badge; the table's stat chip says the same: one chip."""
    from tabletop.bots import make_bot
    g = Game.new("ijinden", seed=5)
    bots = [make_bot("greedy", 0, 1), make_bot("greedy", 1, 2)]
    scene = table(app, g)
    scene.curtain, scene.viewer = None, 0
    for _ in range(300):   # until the board shows an Ijin whose power differs from its printed one
        p = g.to_act
        g.apply(bots[p].choose(g.view(p), g.legal_actions(p)))
        scene.refresh()
        if g.is_over() or any(scene.board.stat_chips(s.card) for s in scene.spots):
            break
    changed = [s for s in scene.spots if scene.board.stat_chips(s.card)]
    assert changed, "the seeded game should leave an Ijin whose power differs from the printed one"
    badges = scene.view.public.get("badges") or {}
    for s in changed:
        stats = {tx for tx, _ in scene.board.stat_chips(s.card)}
        said = [app.words.render(b) for b in badges.get(s.card.uid, [])]
        assert stats & set(said)                 # the controller says the power too ...
        others = [b for b in said if b not in stats]   # ... besides its other badges ("new this turn")
        assert len(scene.board.badge_chips[s.key]) == len(stats) + len(s.card.counters) + len(others)
