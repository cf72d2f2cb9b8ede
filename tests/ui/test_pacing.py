"""Pacing: a dropped card waits ghosted for its payment, beats show fights and damage, a bot moves one step at a time."""
import pygame

from tabletop.engine import Action, Event, Game
from tabletop.ui.players import make_seat

from ui_helpers import click, drag, key, spots_in, table, zone_center


def senkai_play_position():
    """Return a senkai game where P1 may play a card that then waits for its mana payment."""
    g = Game.new("senkai", seed=4)
    for _ in range(60):
        acts = g.legal_actions()
        if g.to_act == 0 and any(a.kind == "play" for a in acts):
            return g
        g.apply(next((a for a in acts if a.kind == "end_phase"), acts[-1]))
    raise AssertionError("no play in 60 actions")


def answer(scene, kind):
    b = next(b for b, a in scene.hud.ui["actions"] if a is not None and a.kind == kind)
    return b.get_abs_rect().center


def test_a_dropped_card_waits_ghosted_at_the_drop_point_then_slides_back_or_lands(app):
    g = senkai_play_position()
    scene = table(app, g, seats=(None, make_seat("easy", 1, 4)))
    play = next(a for a in g.legal_actions(0) if a.kind == "play")
    uid, lane = play.get("card"), play.get("to")
    sp = next(s for s in spots_in(scene, "0.hand") if s.key == uid)
    drop = zone_center(scene, lane)
    drag(app, sp.center, drop)
    assert g.state.pending and g.state.cards[uid].zone == "0.hand"      # the payment waits
    m = scene.sprites.motions[uid]
    assert m.hold and scene.pacing.ghost == (uid, "0.hand")
    for _ in range(5):
        app.step(1 / 60)
    shown = next(s for s in scene.spots if s.key == uid)
    from tabletop.ui.table import layout
    assert layout.spot_rect(scene, shown).center == drop                  # still where it was dropped
    assert scene.sprites.surface(shown, m).get_alpha() == 150              # ghosted
    click(app, answer(scene, "cancel"))
    assert g.state.cards[uid].zone == "0.hand" and scene.pacing.ghost is None and not m.hold
    app.step(1 / 60)
    assert layout.spot_rect(scene, shown).center == shown.center          # back in the hand (animations off)

    sp = next(s for s in spots_in(scene, "0.hand") if s.key == uid)
    drag(app, sp.center, drop)
    assert scene.pacing.ghost is not None
    click(app, answer(scene, "pay_auto"))
    assert g.state.cards[uid].zone == lane and scene.pacing.ghost is None
    assert not scene.sprites.motions[uid].hold


def test_fights_checks_and_damage_are_shown_long_enough_and_tab_skips_them(app):
    app.settings["anim"] = 1.0
    g = senkai_play_position()
    scene = table(app, g, seats=(None, make_seat("easy", 1, 4)))
    target = next(s for s in scene.spots if isinstance(s.key, int))
    scene.actions.after([Event("hit", "hit check: 命5 − 避2 = 3: hit", data={}),
                         Event("damage", "x takes 2", data={"target": target.key, "amount": 2})])
    assert scene.pacing.busy()
    assert scene.pacing.queue[0]["text"].startswith("hit check")
    assert scene.pacing.rising[0][0] == "−2"
    x, y = scene.pacing.rising[0][2]
    assert scene.area.collidepoint(x, y)
    app.step(0.5)
    assert scene.pacing.busy()                                              # not gone at once
    key(app, pygame.K_TAB)
    assert not scene.pacing.busy()


def test_with_animations_off_nothing_waits(app):
    g = Game.new("danmaku", seed=3)
    scene = table(app, g, seats=(None, make_seat("easy", 1, 3)))
    scene.actions.after([Event("hit", "hit check", data={}), Event("coin", "coin: heads", data={"heads": True})])
    assert not scene.pacing.busy() and not scene.board.coins


def test_the_bot_moves_one_step_at_a_time_its_card_marked_and_said(app):
    app.settings["anim"] = 1.0
    app.settings["bot_delay"] = 0.0
    g = Game.new("senkai", seed=4)
    scene = table(app, g, seats=(None, make_seat("easy", 1, 4)))
    scene.pacing.queue.append({"kind": "caption", "text": "a fight", "colour": (255, 255, 255), "t": 0.0,
                               "dur": 1.0, "ends": None})
    while g.to_act == 0:
        g.apply(next((a for a in g.legal_actions() if a.kind == "end_phase"), g.legal_actions()[-1]))
    scene.refresh()
    n = len(g.actions)
    for _ in range(20):                       # a caption is showing: the bot waits for it
        app.step(1 / 60)
        if scene.bot_job is not None:
            scene.bot_job["thread"].join(2.0)
    assert len(g.actions) == n
    for _ in range(90):
        app.step(1 / 60)
        if scene.bot_job is not None:
            scene.bot_job["thread"].join(2.0)
        if len(g.actions) > n:
            break
    assert len(g.actions) == n + 1            # one move, then it waits again for what that move shows
    a = Action.parse(g.actions[-1])
    assert scene.message.startswith("P2 (bot): ")
    assert scene.pacing.marked == tuple(v for k, v in a.args if k in ("card", "target") and isinstance(v, int))


def test_coins_and_checks_are_shown_one_after_another_in_their_order(app):
    app.settings["anim"] = 1.0
    g = senkai_play_position()
    scene = table(app, g, seats=(None, make_seat("easy", 1, 4)))
    scene.actions.after([Event("attack", "A attacks B (攻40)", data={}),
                         Event("coin", "coin: tails", data={"heads": False}),
                         Event("coin", "coin: heads", data={"heads": True}),
                         Event("miss", "missed", data={})])
    seen = []
    for _ in range(400):
        head = scene.pacing.queue[0] if scene.pacing.queue else None
        now = None if head is None else (head["text"] if head["kind"] == "caption" else
                                         ("coin", scene.board.coins[0][0] if scene.board.coins else None))
        if now is not None and (not seen or seen[-1] != now):
            seen.append(now)
        if head is None:
            break
        app.step(0.05)
    assert seen == ["A attacks B (攻40)", ("coin", False), ("coin", True), "missed"]
    assert not scene.pacing.busy()


def test_a_fight_caption_draws_an_arrow_from_the_attacker_to_its_target(app):
    app.settings["anim"] = 1.0
    g = senkai_play_position()
    scene = table(app, g, seats=(None, make_seat("easy", 1, 4)))
    a, b = [s for s in scene.spots if isinstance(s.key, int)][:2]
    scene.actions.after([Event("attack", "A attacks B: 2 damage", data={"card": a.key, "target": b.key})])
    start, end = scene.pacing.queue[0]["ends"]
    from tabletop.ui.table import layout
    assert layout.spot_rect(scene, a).collidepoint(start) and layout.spot_rect(scene, b).collidepoint(end)
