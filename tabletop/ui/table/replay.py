"""Replay and spectate controls of the table: a bar under it that steps through a game.

- **Replay** (`open_replay`): a save or a `simulate --out` game (`tabletop.engine.replay.Replay`)
  shown on the real table. ←/→ one action, Shift+←/→ one turn, Home/End, a slider, Play/Pause at a
  speed, the view of either seat or (after the game's end, or in a bot game) every card, and
  "Continue from here", which opens a new game at that point. The table takes no gesture that
  changes a game: only these controls change what is shown.
- **Spectate**: a table where bots hold both seats gets Pause/Play, Step (one bot move while
  paused), the speed, and the view.

The scene asks this controller for the view and its legal list (none), gives it events first and
lets it run the bots (`update`); the bar sits below the table, whose size it shortens (`table_size`).
"""
from __future__ import annotations

import os

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIHorizontalSlider, UILabel, UIPanel

from tabletop.engine import TabletopError
from tabletop.engine.replay import _SeeAll
from tabletop.engine.view import make_view

from .. import fonts, geometry

BAR_H = 46
SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
STEP_S = 0.8     # seconds between two replayed actions at speed ×1
HINT = "←/→ one action · Shift+←/→ one turn · Space play/pause · Home/End · Esc menu"


class ReplayControls:
    """Step a replay (or pace a bot-against-bot game) shown by a TableScene."""

    def __init__(self, scene, replay=None, seats_after=None):
        self.scene = scene
        self.replay = replay               # None: spectating the scene's live game
        self.seats_after = seats_after     # seat specs a continued game gets (the save's), else both human
        self.playing = replay is None      # a bot game plays on; a replay waits for Play
        self.speed = 1
        self.reveal = False
        self.clock = 0.0
        self.steps = 0                     # bot moves still allowed while paused (Step)
        self.ui: dict = {}
        self.widgets: list = []
        scene.replay = self
        scene.curtain = None               # nobody's hand to hide from the other: the viewer is chosen here

    # --- what the table shows --------------------------------------------------------------------
    @property
    def can_reveal(self) -> bool:
        return self.replay.can_reveal if self.replay is not None else True   # a bot game keeps no secret

    def table_size(self, size) -> tuple[int, int]:
        """Return the size the table area is measured in: the window less the bar (above the status line)."""
        return size[0], size[1] - BAR_H

    def view(self):
        """Return the view the table draws: the viewer's, or every card when revealed."""
        sc = self.scene
        if self.replay is not None:
            return self.replay.view(sc.viewer, reveal=self.reveal and self.can_reveal)
        if not self.reveal:
            return sc.game.view(sc.viewer)
        g = sc.game
        v = make_view(g.state, _SeeAll(g.controller), sc.viewer, decks=g.deck_lists())
        v.pending = [dict(p) for p in g.state.pending]
        v.log = [e.text for e in g.state.log[-200:]]
        return v

    # --- moving ----------------------------------------------------------------------------------
    def seek(self, pos: int) -> None:
        """Show the replay at position pos (clamped)."""
        r = self.replay
        r.seek(pos)
        self.scene.game = r.game
        if r.pos >= len(r):
            self.playing = False
        self.scene.refresh()
        self.tell()

    def tell(self) -> None:
        """Put what the last step did (its log lines, as the viewer read them) in the status line."""
        sc, r = self.scene, self.replay
        seat = None if self.reveal and self.can_reveal else sc.viewer
        lines = r.new_lines(seat) if r is not None else []
        sc.message = " · ".join(map(sc.app.words.render, lines)) if lines else sc.app.words(HINT)
        sc.message_t = 1e9   # until the next step

    def step(self, n: int) -> None:
        if self.replay is None:
            if n > 0:
                self.steps += n
            return
        self.seek(self.replay.pos + n)

    def step_turn(self, n: int) -> None:
        if self.replay is not None:
            self.replay.step_turn(n)
            self.seek(self.replay.pos)

    def toggle_play(self) -> None:
        if self.replay is not None and not self.playing and self.replay.pos >= len(self.replay):
            self.seek(0)   # Play at the end starts again from the beginning
        self.playing = not self.playing
        self.clock = 0.0
        self.relabel()

    def cycle_speed(self) -> None:
        self.speed = (self.speed + 1) % len(SPEEDS)
        self.relabel()

    def cycle_view(self) -> None:
        """P1 → P2 → (when allowed) every card from P1's side → from P2's side → P1."""
        states = [(0, False), (1, False)] + ([(0, True), (1, True)] if self.can_reveal else [])
        i = states.index((self.scene.viewer, self.reveal)) if (self.scene.viewer, self.reveal) in states else -1
        self.scene.viewer, self.reveal = states[(i + 1) % len(states)]
        self.scene.sprites.forget_motions()
        self.scene.refresh()
        if self.replay is not None:
            self.tell()

    def continue_here(self) -> None:
        """Open a new game at this position (its history kept); the replay closes."""
        from ..players import make_seats
        from .scene import TableScene
        sc = self.scene
        g = self.replay.continue_from_here()
        try:
            seats = make_seats(self.seats_after or ["human", "human"], g.state.seed)
        except (TabletopError, ValueError) as e:
            sc.app.message(str(e), sc.app.words("Continue from here"))
            return
        sc.app.replace(TableScene(sc.app, g, seats, save_folder=os.environ.get("TABLETOP_SAVES")))

    # --- per frame -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Advance a playing replay; let the bots of a spectated game move (faster or slower, or one step)."""
        sc = self.scene
        if sc.paused:   # the game menu, briefing or rules window is open: the replay waits too
            return
        if self.replay is None:
            if self.playing or self.steps:
                before = len(sc.game.actions)
                sc.bot.step(dt * SPEEDS[self.speed])
                if len(sc.game.actions) > before and not self.playing:
                    self.steps = max(0, self.steps - 1)
            return
        if not self.playing or sc.sprites.moving():
            return
        self.clock += dt * SPEEDS[self.speed]
        if self.clock >= STEP_S:
            self.clock = 0.0
            self.step(1)
            self.relabel()

    def after_refresh(self) -> None:
        """Keep the side panel's game commands off and the bar's words current (after every refresh)."""
        for name in ("undo", "manual", "end"):
            w = self.scene.hud.ui.get(name)
            if w is not None:
                w.disable()
        self.relabel()

    # --- the bar ---------------------------------------------------------------------------------
    def build(self) -> None:
        """(Re)create the bar under the table for the window size."""
        self.kill()
        sc = self.scene
        t, m = sc.app.words, sc.manager
        W, H = sc.app.size
        panel = UIPanel(pygame.Rect(0, H - geometry.STATUS_BAR - BAR_H, W - geometry.SIDE_PANEL, BAR_H), manager=m,
                        starting_height=1)
        self.widgets = [panel]
        ui = {"panel": panel}
        x = 6

        def put(name, w, text, cls=UIButton, **kw):
            nonlocal x
            ui[name] = cls(pygame.Rect(x, 4, w, BAR_H - 14), text, m, container=panel, **kw)
            x += w + 6
        if self.replay is not None:
            put("turn_back", 44, "◀◀", tool_tip_text=fonts.tip(t("previous turn (Shift+←)")))
            put("back", 40, "◀", tool_tip_text=fonts.tip(t("previous action (←)")))
            put("play", 86, "")
            put("fwd", 40, "▶", tool_tip_text=fonts.tip(t("next action (→)")))
            put("turn_fwd", 44, "▶▶", tool_tip_text=fonts.tip(t("next turn (Shift+→)")))
            right = 96 + 120 + 170 + 84 + 24
            width = max(120, W - geometry.SIDE_PANEL - x - right - 6)
            ui["slider"] = UIHorizontalSlider(pygame.Rect(x, 6, width, BAR_H - 18), self.replay.pos,
                                              (0, max(1, len(self.replay))), m, container=panel)
            x += width + 6
            put("where", 84, "", cls=UILabel)
        else:
            put("play", 86, "")
            put("fwd", 90, t("Step") + " ▶", tool_tip_text=fonts.tip(t("one bot move (→)")))
        put("speed", 96, "")
        put("view", 120, "")
        if self.replay is not None:
            put("continue", 170, t("Continue from here"), object_id="#lit")
        self.ui = ui
        self.relabel()

    def kill(self) -> None:
        for w in self.widgets:
            w.kill()
        self.widgets, self.ui = [], {}

    def relabel(self) -> None:
        if not self.ui:
            return
        sc, t = self.scene, self.scene.app.words
        self.ui["play"].set_text(t("Pause") if self.playing else t("Play"))
        self.ui["speed"].set_text(t("Speed ×{x}", x=f"{SPEEDS[self.speed]:g}"))
        who = t("P{n}", n=sc.viewer + 1)
        self.ui["view"].set_text(t("View: {who}", who=who) + (" · " + t("all") if self.reveal else ""))
        r = self.replay
        if r is not None:
            self.ui["where"].set_text(f"{r.pos} / {len(r)}")
            if int(self.ui["slider"].get_current_value()) != r.pos:
                self.ui["slider"].set_current_value(r.pos)

    # --- events ----------------------------------------------------------------------------------
    def process_event(self, e) -> bool:
        """Handle the bar's buttons, slider and keys; return whether the event was the replay's.

        In a replay, every other key and click is swallowed too (except hovering, Esc and F1), so
        nothing on the table can change the game shown.
        """
        ui = self.ui
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            fn = {ui.get("turn_back"): lambda: self.step_turn(-1), ui.get("back"): lambda: self.step(-1),
                  ui.get("play"): self.toggle_play, ui.get("fwd"): lambda: self.step(1),
                  ui.get("turn_fwd"): lambda: self.step_turn(1), ui.get("speed"): self.cycle_speed,
                  ui.get("view"): self.cycle_view, ui.get("continue"): self.continue_here}.get(e.ui_element)
            if fn is not None and e.ui_element is not None:
                fn()
                return True
            return False
        if e.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and e.ui_element is ui.get("slider"):
            if int(e.value) != self.replay.pos:
                self.seek(int(e.value))
            return True
        if e.type == pygame.KEYDOWN:
            return self._key(e)
        if e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return not self.scene.dialogs.is_open() and (self.replay is not None or e.button != 3)
        return False

    def _key(self, e) -> bool:
        shift = e.mod & pygame.KMOD_SHIFT
        if e.key in (pygame.K_LEFT, pygame.K_RIGHT):
            n = 1 if e.key == pygame.K_RIGHT else -1
            (self.step_turn if shift else self.step)(n)
        elif e.key == pygame.K_SPACE:
            self.toggle_play()
        elif e.key == pygame.K_HOME and self.replay is not None:
            self.seek(0)
        elif e.key == pygame.K_END and self.replay is not None:
            self.seek(len(self.replay))
        elif e.key in (pygame.K_ESCAPE, pygame.K_F1):
            return False
        else:
            return True   # no other shortcut (undo, manual, end phase) acts in a replay or a bot game
        self.relabel()
        return True


def open_replay(app, replay, seats_after=None):
    """Return a table scene showing `replay` (at its start) with the replay controls."""
    from .scene import TableScene
    replay.seek(0)
    scene = TableScene(app, replay.game, [None, None], save_folder=os.environ.get("TABLETOP_SAVES"))
    ReplayControls(scene, replay, seats_after)
    scene.viewer = 0
    scene.resize(app.size)
    scene.refresh()
    scene.replay.tell()
    return scene


def spectate(scene):
    """Give a table where bots hold both seats the spectator's controls (pause, step, speed, view)."""
    if any(s is None for s in scene.seats) or scene.replay is not None:
        return scene
    ReplayControls(scene)
    scene.resize(scene.app.size)
    scene.refresh()
    return scene
