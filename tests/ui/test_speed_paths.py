"""What start-up and drawing leave out or reuse must never change what the player sees or can do:
a frame drawn from the reused blits equals one drawn afresh, and the play path loads no bot or catalogue."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pygame

from tabletop.engine import Action, Game
from tabletop.ui import scene as scene_mod
from tabletop.ui.table import HOVER_S

from ui_helpers import open_curtain, post, spots_in, table

ROOT = Path(__file__).resolve().parents[2]


def _frame(app, scene) -> bytes:
    target = pygame.Surface(app.size)
    scene.draw(target)
    return pygame.image.tobytes(target, "RGB")


def _fresh(app, scene) -> bytes:
    """Draw with every remembered picture and place forgotten."""
    scene.board._batch = None
    scene.preview._placed = None
    scene.hud._status = None
    return _frame(app, scene)


def test_a_table_at_rest_reuses_its_blits_and_draws_what_a_fresh_frame_draws(app):
    g = Game.new("sandbox", seed=3)
    me = g.to_act
    for _ in range(4):
        g.manual(Action.make("m_top", me, zone=f"{me}.deck", to=f"{me}.play"))
    scene = table(app, g)
    open_curtain(app, scene)
    first = _frame(app, scene)
    kept = scene.board._batch
    assert kept is not None and kept[0] is scene.spots     # at rest: the blits are kept
    assert _frame(app, scene) == first and scene.board._batch is kept
    # hover a hand card (it rises, its preview opens), then tap a card on the table: each change is drawn
    hand = spots_in(scene, f"{me}.hand")[0]
    post(app, pygame.MOUSEMOTION, pos=hand.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    scene.update(HOVER_S + 0.1)
    hovered = _frame(app, scene)
    assert hovered != first
    assert hovered == _fresh(app, scene)
    uid = g.state.zone(me, "play")[0]
    g.manual(Action.make("m_tap", me, card=uid))
    scene.refresh()
    scene.update(1.0)                                      # the turn to sideways runs to its end
    tapped = _frame(app, scene)
    assert tapped != hovered
    assert tapped == _fresh(app, scene)


def test_the_status_line_shows_a_new_message_at_once(app):
    g = Game.new("tiny", seed=1)
    scene = table(app, g)
    open_curtain(app, scene)
    before = _frame(app, scene)
    scene.say("your board is full (T-R3)")
    after = _frame(app, scene)
    assert after != before and after == _fresh(app, scene)
    assert scene.hud.link_rect is not None and scene.hud.link_rect.bottom <= app.size[1]


def test_the_theme_names_fonts_by_existing_files():
    fonts = [v["font"] for v in scene_mod.THEME.values() if isinstance(v, dict) and "font" in v]
    assert fonts
    for f in fonts:
        assert os.path.isfile(f["regular_path"]) and os.path.isfile(f["bold_path"])


PLAY_PATH = """
import json, sys
from types import SimpleNamespace
from tabletop import i18n
from tabletop.ui import app as appmod
from tabletop.ui.players import make_seats
from tabletop.ui.table import TableScene
out = {}
for rid in ("senkai", "fourdeck", "ijinden", "monmusu", "danmaku"):
    game, specs = appmod.build_game(SimpleNamespace(ruleset=rid, seed=1, p1="human", p2="human", size="1280x720"))
    app = appmod.App(size=(1280, 720), settings={"size": [1280, 720], "anim": 0.0, "language": "en", "bot_delay": 0.0})
    app.push(TableScene(app, game, make_seats(specs, 1)))
    app.step()
print(json.dumps({"bots": sorted(m for m in sys.modules if m.startswith("tabletop.bots.") and m != "tabletop.bots.evaluate"),
                  "catalogues": i18n.catalogue.cache_info().currsize}))
"""


def test_a_table_between_two_people_loads_no_bot_and_in_english_no_catalogue(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT),
               TABLETOP_CONFIG=str(tmp_path / "config"), TABLETOP_SAVES=str(tmp_path / "saves"))
    out = subprocess.run([sys.executable, "-c", PLAY_PATH], env=env, capture_output=True, text=True, check=True)
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen == {"bots": [], "catalogues": 0}


def test_the_play_path_leaves_pyyaml_for_the_first_yaml_parse(tmp_path):
    code = ("import sys\nfrom tabletop.ui import app\nprint('yaml' in sys.modules)\n"
            "from tabletop.engine.yamlio import parse_yaml\nprint(parse_yaml('a: 1', 'x.yaml') == {'a': 1})\n"
            "import i18n, pygame_gui\nprint(pygame_gui.UIManager is not None)")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split()[-3:] == ["False", "True", "True"]


def test_a_hotseat_table_draws_its_curtain_first_and_the_side_panel_behind_it_a_frame_later(app):
    from tabletop.ui.table import TableScene
    scene = app.push(TableScene(app, Game.new("senkai", seed=1), [None, None]))
    assert scene.curtain is not None and not scene.hud.widgets   # nothing built that the curtain hides
    app.step(1 / 60)
    assert not scene.hud.widgets                                 # the first frame: the curtain alone
    app.step(1 / 60)
    assert scene.hud.widgets and scene.hud.ui["end"] is not None


def test_a_click_on_the_first_frame_finds_the_table_built(app):
    from tabletop.ui.table import TableScene
    scene = app.push(TableScene(app, Game.new("senkai", seed=1), [None, None]))
    app.step(1 / 60)
    for etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):   # both read in the second frame's events,
        pygame.event.post(pygame.event.Event(etype, pos=(800, 450), button=1))  # before its update
    app.step(1 / 60)
    assert scene.curtain is None and scene.hud.ui["side"].visible
