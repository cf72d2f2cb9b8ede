"""The table, driven headless by posted mouse and keyboard events through the real event loop."""
import json

import pygame
import pytest

from tabletop.engine import Action, Game
from tabletop.ui import geometry
from tabletop.ui.players import UniformBot
from tabletop.ui.table.hud import LOG_MIN_H
from tabletop.ui.table import HOVER_S

from ui_helpers import Recorder, click, drag, key, open_curtain, post, spots_in, table, zone_center


def test_drag_onto_a_legal_destination_applies_exactly_that_action(app):
    g = Game.new("tiny", seed=1)
    scene = table(app, g)
    open_curtain(app, scene)
    me = scene.viewer
    card = spots_in(scene, f"{me}.hand")[0]
    before = len(g.actions)
    drag(app, card.rect.center, zone_center(scene, f"{me}.board"))
    assert g.actions[before:] == [str(Action.make("play", me, card=card.card.uid, to=f"{me}.board"))]
    assert g.state.cards[card.card.uid].zone == f"{me}.board"


def test_drag_onto_an_illegal_destination_changes_nothing_and_shows_the_reason(app):
    g = Game.new("tiny", seed=1)
    me = g.to_act
    for _ in range(3):   # fill the board (capacity 3) by manual moves from the deck
        g.manual(Action.make("m_top", me, zone=f"{me}.deck", to=f"{me}.board"))
    scene = table(app, g)
    open_curtain(app, scene)
    before = json.dumps(g.state.to_dict(), sort_keys=True)
    card = spots_in(scene, f"{me}.hand")[0]
    drag(app, card.rect.center, zone_center(scene, f"{me}.board"))
    assert json.dumps(g.state.to_dict(), sort_keys=True) == before
    assert "your board is full (T-R3)" in scene.message
    # and a drop where no move goes: the card stays, the table says so
    drag(app, card.rect.center, zone_center(scene, f"{1 - me}.board"))
    assert json.dumps(g.state.to_dict(), sort_keys=True) == before
    assert scene.message == "no move there"


def test_a_click_taps_a_card_in_the_sandbox(app):
    g = Game.new("sandbox", seed=2)
    me = g.to_act
    uid = g.state.zone(me, "hand")[0]
    g.apply(Action.make("m_move", me, card=uid, to=f"{me}.play"))
    scene = table(app, g)
    open_curtain(app, scene)
    spot = next(s for s in scene.spots if s.card.uid == uid)
    click(app, spot.rect.center)
    assert g.state.cards[uid].tapped
    assert g.actions[-1] == f"p{me + 1} m_tap card={uid}"
    spot = next(s for s in scene.spots if s.card.uid == uid)
    assert spot.tapped and spot.rect.w > spot.rect.h   # drawn turned sideways


def test_the_curtain_appears_when_the_acting_seat_changes_and_hides_the_table(app):
    g = Game.new("tiny", seed=1)
    scene = table(app, g)
    first = g.to_act
    assert scene.curtain == first                  # the first player is asked for too
    open_curtain(app, scene)
    assert scene.viewer == first
    rec = Recorder(scene.renderer)
    scene.renderer = rec
    scene.sprites.art_cache.clear()
    key(app, pygame.K_SPACE)                       # end the turn
    assert g.to_act == 1 - first
    assert scene.curtain == 1 - first
    rec.faces.clear()
    for _ in range(3):
        app.step(1 / 60)
    assert rec.faces == []                         # nothing of either hand is drawn under the curtain
    assert not scene.hud.ui["side"].visible            # nor the panels and log
    click(app, (800, 450))
    assert scene.curtain is None and scene.viewer == 1 - first


def _seed_with_private_opponent_hand():
    """Return a tiny game whose P2 hand holds a card id P1 cannot see anywhere."""
    for seed in range(1, 60):
        g = Game.new("tiny", seed=seed)
        v = g.view(0)
        seen = {c.cid for c in v.cards.values() if c.cid}
        if set(g.state.cards[u].cid for u in g.state.zone(1, "hand")) - seen:
            return g
    raise AssertionError("no such seed")


@pytest.mark.parametrize("seat", [0, 1])
def test_no_hidden_card_identity_reaches_the_drawing_code(app, seat):
    g = _seed_with_private_opponent_hand()
    me = g.to_act
    # a face-down trap of the acting player, seen only by its owner
    other_sees = {c.cid for c in g.view(1 - me).cards.values() if c.cid}
    trap = next((u for u in g.state.zone(me, "hand") if g.state.cards[u].cid not in other_sees),
                g.state.zone(me, "hand")[0])
    g.apply(Action.make("set", me, card=trap, to=f"{me}.traps"))
    scene = table(app, g, seats=[None, UniformBot(1)] if seat == 0 else [UniformBot(0), None])
    scene.seats = [None, None]          # keep the bot still: this test only looks
    scene.hotseat, scene.viewer, scene.curtain = False, seat, None
    scene.refresh()
    rec = Recorder(scene.renderer)
    scene.renderer = rec
    scene.sprites.art_cache.clear()
    scene.preview.cache.clear()
    view = g.view(seat)
    visible = {c.cid for c in view.cards.values() if c.cid} | {c.cid for z in view.zones.values() for c in z if c.cid}
    hidden = {g.state.cards[u].cid for u in g.state.zone(1 - seat, "hand")} - visible
    if seat != me:
        hidden |= {g.state.cards[trap].cid} - visible
        assert g.state.cards[trap].cid in hidden, "the trap must be a card the viewer cannot name"
    assert hidden, "the test needs a hidden card whose identity the viewer has not seen"
    # draw, hover every card long enough for the preview, right-click each for its menu
    for s in list(scene.spots):
        post(app, pygame.MOUSEMOTION, pos=s.rect.center, rel=(0, 0), buttons=(0, 0, 0))
        scene.update(HOVER_S + 0.1)
        app.step(1 / 60)
        post(app, pygame.MOUSEBUTTONDOWN, pos=s.rect.center, button=3)
        app.step(1 / 60)
    assert rec.faces, "the viewer's own cards are drawn"
    assert set(rec.faces) <= visible
    assert not set(rec.faces) & hidden
    # the opponent's hand area shows only backs
    opp_hand = spots_in(scene, f"{1 - seat}.hand")
    assert opp_hand and all(s.card.cid is None for s in opp_hand)
    cache = scene.sprites.art_cache
    assert all(scene.sprites.art(s.card, False, s.w) is cache[(None, s.card.back, s.card.face_up, False, s.w)]
               for s in opp_hand)


def test_a_bot_moves_at_a_watchable_pace_and_the_log_says_what_it_did(app, capsys):
    g = Game.new("tiny", seed=1)
    human = g.to_act
    seats = [None, None]
    seats[1 - human] = UniformBot(1 - human, seed=3)
    app.settings["anim"] = 1.0
    scene = table(app, g, seats)
    assert scene.curtain is None and scene.viewer == human
    key(app, pygame.K_SPACE)
    assert g.to_act == 1 - human
    n = len(g.actions)
    for _ in range(10):            # 10 frames of 1/60 s: well under the bot's 0.6 s
        app.step(1 / 60)
    assert len(g.actions) == n
    for _ in range(5):
        app.step(0.2)
    assert len(g.actions) > n
    assert f"P{2 - human} (bot):" in capsys.readouterr().err


def test_a_pending_choice_not_tied_to_a_card_is_a_button(app):
    g = Game.new("tiny", seed=1)
    a = g.to_act
    uid = g.state.zone(a, "hand")[0]
    g.apply(Action.make("play", a, card=uid, to=f"{a}.board"))
    g.apply(Action.make("end", a))
    g.apply(Action.make("end", 1 - a))
    g.apply(Action.make("attack", a, card=uid))
    assert g.to_act == 1 - a
    scene = table(app, g)
    open_curtain(app, scene)
    buttons = [b for b, act in scene.hud.ui["actions"] if act is not None and act.kind == "take"]
    assert len(buttons) == 1
    click(app, buttons[0].get_abs_rect().center)
    assert g.actions[-1] == f"p{2 - a} take"


def test_right_click_lists_every_legal_action_of_the_card(app):
    g = Game.new("tiny", seed=1)
    scene = table(app, g)
    open_curtain(app, scene)
    me = scene.viewer
    spot = spots_in(scene, f"{me}.hand")[0]
    post(app, pygame.MOUSEBUTTONDOWN, pos=spot.rect.center, button=3)
    assert scene.dialogs.menu is not None
    listed = set(scene.dialogs.menu[2].values())
    expected = {x for x in g.legal_actions(me) if x.get("card") == spot.card.uid}
    assert listed == expected and len(listed) == 2


def test_undo_and_save_keys(app, tmp_path):
    g = Game.new("tiny", seed=1)
    scene = table(app, g)
    open_curtain(app, scene)
    me = scene.viewer
    card = spots_in(scene, f"{me}.hand")[0]
    drag(app, card.rect.center, zone_center(scene, f"{me}.traps"))   # face down: it reveals nothing
    assert len(g.actions) == 1
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert g.actions == [] and g.state.cards[card.card.uid].zone == f"{me}.hand"
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert list((tmp_path / "saves").glob("tiny-*.json"))


def test_zones_of_the_opponent_are_mirrored():
    import types
    spec = types.SimpleNamespace(rect=[0.1, 0.6, 0.2, 0.3])
    area = pygame.Rect(0, 0, 1000, 1000)
    assert geometry.zone_rect(spec, 0, 0, area) == pygame.Rect(100, 600, 200, 300)
    assert geometry.zone_rect(spec, 1, 0, area) == pygame.Rect(700, 100, 200, 300)
    assert geometry.zone_rect(spec, None, 0, area) == pygame.Rect(100, 600, 200, 300)


def test_the_log_after_the_curtain_holds_no_line_private_to_the_other_seat(app):
    g = Game.new("tiny", seed=1)
    scene = table(app, g)
    open_curtain(app, scene)
    first = scene.viewer
    private = [e.private[first] for e in g.state.log if first in e.private]
    assert private and any(str(p) in scene.hud.ui["log"].html_text for p in private)
    key(app, pygame.K_SPACE)          # end the turn: the other player draws, the curtain comes down
    open_curtain(app, scene)
    assert scene.viewer == 1 - first
    assert not any(str(p) in scene.hud.ui["log"].html_text for p in private)


def test_manual_override_moves_anything_and_the_log_marks_it(app):
    g = Game.new("tiny", seed=1)
    scene = table(app, g)
    open_curtain(app, scene)
    me = scene.viewer
    card = spots_in(scene, f"{me}.hand")[0]
    drag(app, card.rect.center, zone_center(scene, f"{me}.discard"))   # no rule allows this
    assert g.actions == [] and scene.message == "no move there"
    key(app, pygame.K_m)
    assert scene.manual_mode
    drag(app, card.rect.center, zone_center(scene, f"{me}.discard"))
    assert g.actions == [f"manual: p{me + 1} m_move card={card.card.uid} to={me}.discard"]
    assert g.state.log[-1].text.startswith("[manual]")
    click(app, zone_center(scene, f"{me}.discard"))                     # spread the pile...
    spot = next(s for s in scene.spots if s.card.uid == card.card.uid and s.layer >= 1000)
    click(app, spot.rect.center)                                        # ...and a click taps in manual mode
    assert g.actions[-1] == f"manual: p{me + 1} m_tap card={card.card.uid}"
    key(app, pygame.K_m)
    assert not scene.manual_mode


def test_a_click_on_a_discard_pile_spreads_its_cards_and_a_click_beside_closes_it(app):
    g = Game.new("sandbox", seed=2)
    me = g.to_act
    moved = list(g.state.zone(me, "hand")[:3])
    for uid in moved:
        g.apply(Action.make("m_move", me, card=uid, to=f"{me}.discard"))
    scene = table(app, g)
    open_curtain(app, scene)
    pile = next(s for s in reversed(scene.spots) if s.zone == f"{me}.discard")
    click(app, pile.rect.center)
    assert scene.inspect == f"{me}.discard"
    spread = [s for s in scene.spots if s.layer >= 1000]
    assert sorted(s.card.uid for s in spread) == sorted(moved)
    assert len(g.actions) == 3                       # looking is not an action
    click(app, (scene.area.right - 5, scene.area.bottom - 5))
    assert scene.inspect is None and not [s for s in scene.spots if s.layer >= 1000]


def test_a_new_window_size_lays_the_table_out_again(app):
    g = Game.new("tiny", seed=1)
    scene = table(app, g)
    open_curtain(app, scene)
    before = {z.key: z.rect.copy() for z in scene.zones}
    # what App.set_size does after set_mode (re-creating an SDL window is left out of the tests)
    app.manager.set_window_resolution((1280, 720))
    scene.resize((1280, 720))
    app.step(1 / 60)
    after = {z.key: z.rect for z in scene.zones}
    assert scene.area.w == 1280 - geometry.SIDE_PANEL
    assert all(after[k].right <= scene.area.right + 1 and after[k].w < before[k].w for k in after)
    assert scene.hud.ui["side"].get_abs_rect().right == 1280


def test_a_coin_event_spins_a_coin_clear_of_zone_names_shows_the_seeded_result_and_ends(app):
    # A seed whose coin (flipped by P2's pick) hands the next move to P1, so the curtain comes down;
    # found, not pinned, so that new cards or decks do not break the test.
    def p1_acts_after_the_coin(seed):
        trial = Game.new("danmaku", seed=seed)
        trial.apply(trial.legal_actions()[0])
        trial.apply(next(a for a in trial.legal_actions() if a.kind == "choose_main"))
        return trial.to_act == 0
    seed = next(s for s in range(50) if p1_acts_after_the_coin(s))
    g = Game.new("danmaku", seed=seed)
    g.apply(g.legal_actions()[0])                  # P1 picks a main character; P2's pick flips the coin
    app.settings["anim"] = 1.0                     # the coin is an animation: normal speed
    scene = table(app, g)
    open_curtain(app, scene)
    face = next(r for r, _, a in scene.choice.items if a.kind == "choose_main")   # main characters are faces
    click(app, face.center)
    coin = next(e for e in reversed(g.state.log) if e.kind == "coin")
    assert scene.board.coins, "the coin event started the animation"
    assert scene.curtain is not None               # hotseat: P1 acts next (keep or redraw)
    for _ in range(15):
        app.step(0.2)
    assert scene.board.coins and scene.board.coins[0][1] == 0  # the coin waits under the curtain
    open_curtain(app, scene)
    x, y = scene.board.coin_spot()
    disc = pygame.Rect(0, 0, 2 * scene.board.COIN_R + 44, 2 * scene.board.COIN_R + 44)
    disc.center = (x, y)
    assert disc.collidelist(scene.board.label_rects) < 0 and scene.area.contains(disc)
    for _ in range(6):                             # past the spin: the result shows
        app.step(0.2)
    assert scene.board.coins and scene.board.coin_shown == scene.board.coin_word(coin.data["heads"])
    for _ in range(8):
        app.step(0.2)
    assert scene.board.coins == []


def test_six_main_monster_picks_are_six_faces_on_the_table_and_the_sixth_applies(app):
    g = Game.new("monmusu", seed=1)
    g.apply(g.legal_actions()[0])                  # P1 goes first; now the main monster pick: six answers
    picks = [a for a in g.legal_actions() if a.kind == "pick_main"]
    assert len(picks) == 6
    scene = table(app, g)
    open_curtain(app, scene)
    faces = scene.choice.items
    assert sorted(map(str, (a for _, _, a in faces))) == sorted(map(str, picks))   # every pick is a face
    assert not [a for _, a in scene.hud.ui["actions"] if a in picks]              # and no button
    for rect, _, _ in faces:
        assert scene.area.contains(rect)
    assert not any(faces[i][0].colliderect(faces[j][0]) for i in range(6) for j in range(i))
    rect, _, sixth = faces[5]
    click(app, rect.center)
    assert g.actions[-1] == str(sixth)


def test_more_answers_than_room_leave_a_menu_button_and_six_log_lines(app):
    g = Game.new("tiny", seed=1)
    scene = table(app, g)
    open_curtain(app, scene)
    fake = [Action.make("say", scene.viewer, choice=f"answer number {i} with quite a long text to show") for i in range(11)]
    scene.legal = fake
    scene.hud.build_action_buttons()
    # as many buttons as leave the log its six lines (six at 1600x900): answers, then "… n more"
    buttons = scene.hud.ui["actions"]
    assert 4 <= len(buttons) <= 8 and buttons[-1][1] is None and all(a is not None for _, a in buttons[:-1])
    assert f"{11 - (len(buttons) - 1)} " in buttons[-1][0].text
    assert scene.hud.ui["log"].rect.h >= LOG_MIN_H
    click(app, scene.hud.ui["actions"][-1][0].get_abs_rect().center)
    assert scene.dialogs.menu is not None and len(scene.dialogs.menu[2]) == 11


def test_an_attacking_card_steps_forward_towards_the_opponent(app):
    g = Game.from_scenario("rulesets/ijinden/scenarios/01_guardians_block.yaml")
    scene = table(app, g)
    open_curtain(app, scene)
    before = next(s for s in scene.spots if s.card.uid == 1)
    y0 = before.center[1]
    click(app, before.rect.center)                 # p1 attack card=1: it becomes an attacker
    assert g.actions[-1] == "p1 attack card=1" and g.state.cards[1].flags.get("attacking")
    me = scene.viewer
    after = next(s for s in scene.spots if s.card.uid == 1)
    assert after.center[1] < y0 - after.rect.h * 0.1   # up the screen, towards P2
    scene.viewer = 1 - me                              # seen from the other side it comes down towards them
    scene.refresh()
    theirs = next(s for s in scene.spots if s.card.uid == 1)
    zone = next(z for z in scene.zones if z.key == theirs.zone)
    assert theirs.center[1] > zone.rect.centery


def test_a_pile_narrower_than_a_card_shows_its_card_inside_the_zone(app):
    g = Game.new("danmaku", seed=3)
    scene = table(app, g)
    open_curtain(app, scene)
    side = next(z for z in scene.zones if z.key == f"{scene.viewer}.side")
    spots = [s for s in scene.spots if s.zone == side.key]
    assert spots
    assert all(side.rect.contains(s.rect) for s in spots)


def test_the_opponents_hand_is_a_fan_of_backs_and_your_own_hand_lies_flat(app):
    g = Game.new("tiny", seed=1)
    scene = table(app, g)
    open_curtain(app, scene)
    me = scene.viewer
    theirs = spots_in(scene, f"{1 - me}.hand")
    assert len(theirs) > 1 and all(s.card.cid is None for s in theirs)
    angles = [s.fan for s in sorted(theirs, key=lambda s: s.center[0])]
    assert angles[0] < 0 < angles[-1] and abs(angles[0] + angles[-1]) < 1e-6
    assert all(s.fan == 0 for s in spots_in(scene, f"{me}.hand"))
    app.step(1 / 60)
    drawn = scene.sprites.surface(theirs[0], scene.sprites.motions.get(theirs[0].key))
    assert drawn is scene.sprites.surface(theirs[0], scene.sprites.motions.get(theirs[0].key))   # cached, not rotated per frame
    assert drawn.get_width() > theirs[0].rect.w                                    # leaning: wider than flat
