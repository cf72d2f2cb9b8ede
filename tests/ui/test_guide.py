"""Guidance at the table: the prompt line, what is lit, the briefing, the rules window, Undo's reason, Esc pauses."""
import re

import pygame
import pytest

from tabletop.ui.players import UniformBot
from tabletop.engine import Game
from tabletop.ui.table import END_KINDS, TableScene
from tabletop.ui.table import guide
from tabletop.ui.table.board import ACTOR

from ui_helpers import click, drag, key, open_curtain, post, table

SENKAI_WALL = "rulesets/senkai/scenarios/01_break_a_wall.yaml"
SENKAI_LANE = "rulesets/senkai/scenarios/04_entering_a_lane.yaml"
RULESETS = ["senkai", "fourdeck", "ijinden", "monmusu", "danmaku"]


def _plain(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def _unbroken(tip: str) -> str:
    """Return a tool tip's text without the line breaks our line breaking put in (a space between Latin words)."""
    return re.sub(r"(?<=[\x00-\x7f])<br>(?=[\x00-\x7f])", " ", tip).replace("<br>", "")


def _prompt(scene) -> str:
    return _plain(scene.hud.prompt_html())


def _verb(scene, kind):
    return guide.text(guide.load_guide(scene.rs)[0]["verbs"][kind], scene.app.words.language)


# --- 1. the prompt line ----------------------------------------------------------------------------
def test_the_prompt_line_names_the_phase_whose_move_and_each_legal_kind_with_its_gesture(app):
    g = Game.from_scenario(SENKAI_WALL)
    scene = table(app, g)
    open_curtain(app, scene)
    text = _prompt(scene)
    assert "Main" in text and "P1, your move" in text
    assert "attack with a monster (drag)" in text
    assert "end the turn (Space)" in text
    assert "Goal: 壁を破る — Breaking a wall" in text          # the scenario's goal stays in the side panel
    assert scene.hud.ui["prompt"].html_text == scene.hud.prompt_html()   # the widget shows exactly that line


def test_the_prompt_line_speaks_japanese_from_the_rulesets_words(app):
    app.words.language = "ja"
    g = Game.from_scenario(SENKAI_WALL)
    scene = table(app, g)
    open_curtain(app, scene)
    text = _prompt(scene)
    assert "メインフェイズ" in text and "P1の番" in text
    assert "怪魔で攻撃する（ドラッグ）" in text and "ターンを終える（Space）" in text


@pytest.mark.parametrize("rid", RULESETS)
def test_the_prompt_names_every_legal_kind_and_no_other_at_the_first_decision(app, rid):
    g = Game.new(rid, seed=5)
    seats = [None, None]
    scene = table(app, g, seats)
    open_curtain(app, scene)
    text = _prompt(scene)
    verbs = guide.load_guide(scene.rs)[0]["verbs"]
    legal = {a.kind for a in g.legal_actions(scene.viewer)}
    assert legal, "the human is to decide"
    assert phase_word(scene) in text
    pend = [p for p in scene.view.pending if p["player"] == scene.viewer]
    if pend:      # a choice: its own prompt, and how to answer it
        assert str(pend[0]["prompt"]) in text
        return
    end = scene.actions.end_action()
    legal -= set(END_KINDS) - {end.kind if end is not None else None}   # Space does one end kind: only it is named
    for kind in legal:
        assert guide.text(verbs[kind], "en") in text, f"{rid}: the prompt leaves out {kind}"
    for kind in set(verbs) - legal:
        assert guide.text(verbs[kind], "en") + " (" not in text, f"{rid}: the prompt offers {kind}, not legal"


def phase_word(scene):
    return guide.phase_label(scene)


def test_a_pending_choice_is_prompted_in_its_own_words_with_how_to_answer(app):
    g = Game.from_scenario(SENKAI_WALL)
    scene = table(app, g)
    open_curtain(app, scene)
    attacker = next(s for s in scene.spots if s.card.uid == 1)
    drag(app, attacker.rect.center, scene.hud.ui["opp"].get_abs_rect().center)   # attack the player by a drop
    assert g.actions[-1] == "p1 attack card=1 target_player=1"
    text = _prompt(scene)
    assert "Choose 1 of P2's walls to break" in text and "click a lit card" in text


def test_the_prompt_says_whom_we_wait_for_while_the_bot_plays(app):
    g = Game.new("senkai", seed=2)
    human = g.to_act
    seats = [None, None]
    seats[1 - human] = UniformBot(1 - human, seed=1)
    scene = table(app, g, seats)
    key(app, pygame.K_SPACE)                 # end the turn: the bot is to play
    assert g.to_act == 1 - human
    assert f"P{2 - human} (bot) is playing" in _prompt(scene)


# --- 2. what can act is lit --------------------------------------------------------------------------
def test_cards_that_can_act_are_lit_and_a_hovered_actor_lights_its_targets(app):
    g = Game.from_scenario(SENKAI_WALL)
    scene = table(app, g)
    open_curtain(app, scene)
    attacker = next(s for s in scene.spots if s.card.uid == 1)
    hand = [s for s in scene.spots if s.zone == "0.hand"]
    assert 1 in scene.actor_lit and all(s.card.uid in scene.actor_lit for s in hand
                                        if any(a.get("card") == s.card.uid for a in g.legal_actions(0)))
    r = attacker.rect
    edge = app.screen.get_at((r.centerx, r.top - 2))[:3]
    assert edge == ACTOR, "the attacker has the blue edge of what can act"
    assert scene.hud.ui["opp"].object_ids[-1] == "#lit_player"   # the attackable player is lit, no drag needed
    assert scene.hud.ui["me"].object_ids[-1] is None
    post(app, pygame.MOUSEMOTION, pos=r.center, rel=(0, 0), buttons=(0, 0, 0))
    app.step(1 / 60)
    assert 1 in scene.actions.lit_now()[2], "hovering the attacker lights the player it can hit"


def _danmaku_phase_game():
    g = Game.new("danmaku", seed=4)
    for _ in range(400):
        p = g.to_act
        legal = g.legal_actions(p)
        if any(a.kind == "attack" for a in legal) and not g.state.pending and g.state.turn >= 2:
            return g
        ends = [a for a in legal if a.kind == "end_phase"]
        g.apply(ends[0] if ends else legal[0])
    raise AssertionError("no danmaku phase reached")


def test_danmaku_the_opponent_is_lit_and_a_click_on_their_panel_fires_the_danmaku(app):
    g = _danmaku_phase_game()
    p = g.to_act
    attack = next(a for a in g.legal_actions(p) if a.kind == "attack")
    assert attack.get("target") is None   # no spell card to aim at: the shot goes at the player
    scene = table(app, g)
    open_curtain(app, scene)
    assert 1 - p in scene.hud.lit_players
    assert scene.hud.ui["opp"].object_ids[-1] == "#lit_player"
    assert "fire your danmaku at the opponent" in _prompt(scene)
    n = len(g.actions)
    click(app, scene.hud.ui["opp"].get_abs_rect().center)
    assert g.actions[n] == str(attack)


# --- 3. the briefing ----------------------------------------------------------------------------------
@pytest.mark.parametrize("rid", RULESETS + ["sandbox"])
def test_every_ruleset_has_a_briefing_in_both_languages(app, rid):
    scene = table(app, Game.new(rid, seed=1))
    data, problem = guide.load_guide(scene.rs)
    assert problem is None
    b = data["briefing"]
    for part in ("goal", "win", "lose"):
        assert b[part]["en"] and b[part]["ja"] and b[part]["en"] != b[part]["ja"]
    assert b["turn"]
    en = guide.briefing_html(scene)
    app.words.language = "ja"
    ja = guide.briefing_html(scene)
    assert b["goal"]["en"] in en and b["goal"]["ja"] in ja and b["goal"]["en"] not in ja
    assert "Right-click" in en and "右クリック" in ja


def test_a_new_game_opens_with_its_briefing_and_the_game_waits_until_play(app):
    g = Game.new("senkai", seed=2)
    human = g.to_act
    seats = [None, None]
    seats[1 - human] = UniformBot(1 - human, seed=1)
    scene = app.push(TableScene(app, g, seats, brief=True))
    app.step(1 / 60)
    assert scene.windows.briefing is not None and scene.paused
    n = len(g.actions)
    key(app, pygame.K_SPACE)                 # a shortcut under the briefing does nothing
    assert len(g.actions) == n
    play = next(b for b in scene.windows.briefing[1] if b.text == "Play")
    click(app, play.get_abs_rect().center)
    assert scene.windows.briefing is None and not scene.paused
    key(app, pygame.K_F1)                    # F1 brings it back
    assert scene.windows.briefing is not None


def test_a_scenario_shows_its_title_and_description_in_the_briefing(app):
    g = Game.from_scenario(SENKAI_WALL)
    scene = app.push(TableScene(app, g, [None, None], brief=True))
    app.step(1 / 60)
    html = guide.briefing_html(scene)
    assert "Breaking a wall" in html and "choose which face-down wall breaks" in html
    assert scene.windows.briefing is not None


# --- 4. the rules: tests/ui/test_rules_page.py ----------------------------------------------------


# --- 5. Undo says why -------------------------------------------------------------------------------
def test_the_grey_undo_button_says_why_in_its_tooltip(app):
    g = Game.new("senkai", seed=2)
    scene = table(app, g)
    open_curtain(app, scene)
    undo = scene.hud.ui["undo"]
    assert not undo.is_enabled
    assert _unbroken(undo.tool_tip_text) == "nothing to undo yet"
    key(app, pygame.K_SPACE)               # end the turn: the next player draws
    open_curtain(app, scene)
    assert "undo stops" in _unbroken(undo.tool_tip_text)
    pygame.mouse.set_pos(undo.get_abs_rect().center)
    post(app, pygame.MOUSEMOTION, pos=undo.get_abs_rect().center, rel=(0, 0), buttons=(0, 0, 0))
    for _ in range(12):
        app.step(0.1)
    assert undo.tool_tip is not None, "the tooltip shows on the disabled button"
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert "undo stops" in scene.message


def test_undo_reasons_are_in_japanese_too(app):
    app.words.language = "ja"
    scene = table(app, Game.new("senkai", seed=2))
    open_curtain(app, scene)
    assert _unbroken(scene.hud.ui["undo"].tool_tip_text) == "まだ取り消せる操作はありません"


# --- 6. Esc pauses ----------------------------------------------------------------------------------
def test_with_the_menu_open_the_table_does_not_change_while_the_bot_is_to_play(app):
    g = Game.new("senkai", seed=2)
    human = g.to_act
    seats = [None, None]
    seats[1 - human] = UniformBot(1 - human, seed=1)
    app.settings["bot_delay"] = 0.05
    scene = table(app, g, seats)
    key(app, pygame.K_SPACE)                 # the bot is to play
    assert g.to_act == 1 - human
    key(app, pygame.K_ESCAPE)                # the game menu
    assert scene.dialogs.dialog is not None and scene.paused
    n, state = len(g.actions), g.state.to_dict()
    for _ in range(60):
        app.step(0.1)                        # six seconds: the bot would have moved many times
    key(app, pygame.K_SPACE)
    card = scene.spots[0]
    drag(app, card.rect.center, (card.rect.centerx + 200, card.rect.centery - 200))
    click(app, (card.rect.centerx, card.rect.centery))
    assert len(g.actions) == n and g.state.to_dict() == state
    key(app, pygame.K_ESCAPE)                # closes the menu: the game goes on
    assert scene.dialogs.dialog is None
    for _ in range(30):
        app.step(0.1)
    assert len(g.actions) > n


def test_with_the_menu_open_space_does_not_end_your_turn(app):
    g = Game.new("senkai", seed=2)
    scene = table(app, g)
    open_curtain(app, scene)
    key(app, pygame.K_ESCAPE)
    n = len(g.actions)
    key(app, pygame.K_SPACE)
    click(app, scene.hud.ui["end"].get_abs_rect().center)   # nor the End button under the menu
    assert len(g.actions) == n and scene.curtain is None


def test_a_table_opened_by_the_menu_briefs_a_new_game_but_not_a_continued_one(app):
    from tabletop.ui.menu import MenuScene
    menu = app.push(MenuScene(app))
    menu.open_table(Game.new("monmusu", seed=1), [None, None])
    assert app.scene.windows.briefing is not None
    g = Game.new("monmusu", seed=1)
    g.apply(g.legal_actions()[0])
    menu.open_table(g, [None, None])
    assert app.scene.windows.briefing is None


@pytest.mark.parametrize("rid", ["senkai", "fourdeck", "ijinden", "monmusu", "danmaku"])
def test_the_briefing_says_how_long_a_game_takes(rid):
    """Issue 30: a newcomer learns before the first move how long a game lasts, in both languages."""
    from tabletop.engine.guide import load_guide
    from tabletop.engine.ruleset import load_ruleset
    data, problem = load_guide(load_ruleset(rid))
    assert problem is None
    length = data["briefing"]["length"]
    assert "minutes" in length["en"] and "分" in length["ja"]
