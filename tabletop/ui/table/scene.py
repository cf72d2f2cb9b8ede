"""TableScene: the coordinator of a game at the table — owns the game, the seats and whose view is drawn.

It wires the parts together and keeps the state they share: the viewer's `view` and what is derived
from it (`zones`, `spots`, `legal`), the mode (manual, spread pile, hotseat curtain) and the mouse's
hover. Per frame it follows pygame_gui's rhythm: `process_event` (→ `Pointer` → `Actions`),
`update` (motions, coins, hover, bot) and `draw` (which only reads).
"""
from __future__ import annotations

import pygame
import pygame_gui

from ..faces import make_renderer
from ..scene import Scene
from . import layout
from .actions import Actions
from .board import Board
from .bot import BotDriver
from .dialogs import Dialogs
from .hud import Hud
from .pointer import Pointer
from .choice import CardChoice
from .hint import Hint
from .pacing import Pacing
from .preview import HOVER_S, Preview
from .record import GameRecord
from .result import ResultScreen
from .sprites import Sprites
from .tools import Tools
from .windows import GuideWindows


class TableScene(Scene):
    """A game at the table. `seats[p]` is None for a human, else a bot."""

    HOVER_S = HOVER_S

    def __init__(self, app, game, seats, save_folder=None, brief: bool = False):
        super().__init__(app)
        self.brief = brief       # show the briefing (and a scenario's description) when the table opens
        self.game = game
        self.rs = game.ruleset
        self.seats = list(seats)
        self.humans = [p for p in (0, 1) if self.seats[p] is None]
        self.hotseat = len(self.humans) == 2
        to_act = game.to_act
        self.viewer = (to_act if to_act is not None else 0) if self.hotseat else (self.humans[0] if self.humans else 0)
        self.curtain = self.viewer if self.hotseat else None   # who the curtain waits for
        self.save_folder = save_folder
        self.renderer = make_renderer(self.rs)
        self.renderer.language = app.words   # faces in the reader's language where the layout says so
        self.manual_mode = False
        self.message = ""
        self.message_t = 0.0
        self.mouse = (0, 0)
        self.hover_key = None
        self.hover_t = 0.0
        self._hover_dirty, self._hover_key_now = True, None
        self.inspect = None      # zone key whose cards are spread in an overlay
        self._auto_piles = frozenset()   # piles spread because answers name their cards
        self.last_turn = game.state.turn
        self.replay = None               # replay/spectate controls (replay.py) when the table only shows a game
        self._hud_waits = False          # the side panel is built at the next frame (behind a hotseat curtain)
        self._drawn = False              # a frame was drawn
        # the parts, in the order a gesture passes through them
        self.pointer = Pointer(self)     # events -> intents
        self.actions = Actions(self)     # intents -> game.apply / game.manual
        self.bot = BotDriver(self)       # a bot seat's move -> the same path
        self.dialogs = Dialogs(self)     # action lists and the game menu
        self.sprites = Sprites(self)     # card pictures and motions
        self.board = Board(self)         # the cloth, zones, cards, lit targets, coin
        self.preview = Preview(self)     # the hovered card, large
        self.choice = CardChoice(self)   # a pending choice of cards, as faces to click
        self.tools = Tools(self)         # the free table's search/look picker, note and token prompts
        self.hint = Hint(self)           # practice: what the normal bot would do here, lit
        self.hud = Hud(self)             # top bar, side panel, status line
        self.windows = GuideWindows(self)  # the briefing and the rules (the game waits while open)
        self.pacing = Pacing(self)       # fights, checks, damage and bot moves shown long enough to follow
        self.record = GameRecord(game)   # life per turn, cards played, time: for the result screen
        self.result = ResultScreen(self)  # opens over the table once the game is over
        # the coin or rock-paper-scissors of a new game's setup: shown once its briefing is dismissed
        self.start_beats = [e for e in game.state.log if e.kind == "coin"] if brief and not game.actions else []
        self.resize(app.size)
        self.refresh()

    def play_start_beats(self) -> None:
        """Spin the setup's coins now (once): the briefing is gone, so the player sees who goes first and why."""
        beats, self.start_beats = self.start_beats, []
        if beats:
            self.pacing.on_events(beats)

    @property
    def bot_job(self):
        """Return the bot move being thought, or None (the soak benchmark joins its thread)."""
        return self.bot.job

    # --- set-up ------------------------------------------------------------------------------
    def resize(self, size) -> None:
        self.size = size
        table = size if self.replay is None else self.replay.table_size(size)   # the replay bar's room
        self.area, self.cw, self.ch = layout.measure(self.rs, table, self.renderer.aspect)
        self.sprites.clear()
        self.board.bg = None
        if self.hud.widgets:
            self.hud.build()
            if self.replay is not None:
                self.replay.build()
            self.refresh()

    def enter(self) -> None:
        if self.curtain is not None and self.replay is None:
            # A hotseat table opens behind its curtain: the first frame draws only the curtain, and the
            # side panel behind it is built by the next frame's update (a click read in that frame's
            # events lifts the curtain first; the update then builds the panel before it is drawn).
            self._hud_waits = True
        else:
            self._build_hud()
        if self.brief:
            self.brief = False
            self.windows.open_briefing()

    def _build_hud(self) -> None:
        self._hud_waits = False
        self.hud.build()
        if self.replay is not None:
            self.replay.build()
        self.refresh()

    def leave(self) -> None:
        self._hud_waits = False
        self.hud.kill()
        if self.replay is not None:
            self.replay.kill()
        self.dialogs.close_menu()
        self.dialogs.close_dialog()
        self.tools.close_prompt()
        self.windows.close_all()
        self.result.close()

    @property
    def paused(self) -> bool:
        """Return whether the game waits: the game menu, the briefing or the rules window is open (Esc pauses).

        While paused no bot moves and no click, drag or shortcut reaches the table.
        """
        return bool(self.dialogs.dialog) or self.windows.is_open()
    # --- the state we draw -------------------------------------------------------------------
    def refresh(self) -> None:
        """Re-read the viewer's view and everything derived from it (after any change)."""
        self.view = self.game.view(self.viewer) if self.replay is None else self.replay.view()
        self.zones, self.spots = layout.place(self)
        self.legal = self.actions.candidates() if self.replay is None else []
        self.hint.clear()
        self.choice.refresh()
        self.tools.refresh()
        self.answer_lit = self.actions.pointed([a for a in self.actions.answers() if a.get("card") is None])
        self.actor_lit = self.actions.actors()
        self._auto_spread()
        if self.inspect:
            self.spots += layout.inspect_spots(self, self.zones)
        self.pacing.check_ghost()
        self.sprites.sync(self.spots, self.zones)
        self.board.changed()
        self._hover_dirty = True
        self.hud.update_panels()
        if self.replay is not None:
            self.replay.after_refresh()

    def _auto_spread(self) -> None:
        """Spread a pile once when legal answers name cards inside it (a searched deck); close it after.

        Only a change of those piles opens or closes the spread, so a player may close it and look at the table.
        """
        piles = frozenset(self.actions.answer_piles()) if self.curtain is None else frozenset()
        if piles == self._auto_piles:
            return
        if self.inspect in self._auto_piles and self.inspect not in piles:
            self.inspect = None
        self._auto_piles = piles
        if piles and self.inspect is None:
            self.inspect = sorted(piles)[0]

    def set_inspect(self, zone_key) -> None:
        """Spread a pile's cards over the table (None closes the spread)."""
        self.inspect = zone_key
        self.refresh()

    def language_changed(self) -> None:
        """Show the table in the new language: every drawn word and widget afresh (the log re-read too)."""
        self.resize(self.size)
        self.refresh()

    def say(self, text: str) -> None:
        """Show a message (a Msg or text) in the status line for a few seconds."""
        self.message, self.message_t = text, 4.0

    def hover_moved(self) -> None:
        """Note that the card under the mouse may have changed (found again in `update`)."""
        self._hover_dirty = True

    # --- events ------------------------------------------------------------------------------
    def process_event(self, e) -> None:
        if self.windows.process_event(e):
            return
        if self.paused:   # only the open window's own widgets, and Esc to close it
            if e.type == pygame_gui.UI_BUTTON_PRESSED:
                self.dialogs.process_event(e)
            elif e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
                if not self.windows.close_top():
                    self.dialogs.close_dialog()
            elif e.type == pygame.MOUSEMOTION:
                self.mouse = e.pos
            return
        if self.result.closed and e.type == pygame.MOUSEBUTTONUP and e.button == 1 and self.area.collidepoint(e.pos):
            self.result.open()   # the final board was looked at: the result again
            return
        if self.replay is not None and self.replay.process_event(e):
            return
        if self.curtain is None and self.tools.process_event(e):
            return
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            if not self.hud.on_button(e.ui_element) and not self.dialogs.process_event(e):
                self.result.process_event(e)
            return
        if self.dialogs.process_event(e) or self.result.process_event(e):
            return
        if self.curtain is not None:
            if e.type == pygame.MOUSEBUTTONUP and e.button == 1 or e.type == pygame.KEYDOWN and e.key in (
                    pygame.K_SPACE, pygame.K_RETURN):
                self._lift_curtain()
            return
        self.pointer.process_event(e)

    def _lift_curtain(self) -> None:
        """Show the table to the player the curtain waited for (hotseat)."""
        self.viewer, self.curtain = self.curtain, None
        self.sprites.forget_motions()
        self.message, self.message_t = "", 0.0
        self.refresh()

    def sees_widget_click(self, e) -> bool:
        """Let left clicks on a player panel through: they answer `target_player` choices."""
        if getattr(e, "button", 0) != 1 or self.curtain is not None or self.dialogs.is_open() or self.paused:
            return False
        return self.pointer.player_at(e.pos) is not None

    # --- per frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self._hud_waits and self._drawn:
            self._build_hud()
        self.sprites.tick(dt)
        self.hud.tick()
        self.board.tick(dt)
        self.pacing.tick(dt)
        if self.message_t > 0:
            self.message_t -= dt
        if self._hover_dirty or self.sprites.sliding():
            hov = self.pointer.spot_at(self.mouse) if not self.pointer.drag else None
            if hov is not None and self.inspect and hov.layer < 1000:
                hov = None   # under the spread's cloth: not previewed
            self._hover_key_now = hov.key if hov is not None else None
            self._hover_dirty = False
        key = self._hover_key_now
        if key != self.hover_key:
            self.hover_key, self.hover_t = key, 0.0
        else:
            self.hover_t += dt
        if self.replay is None:
            self.bot.step(dt)
        else:
            self.replay.update(dt)
        if self.replay is None or self.replay.replay is None:   # a live game (spectated too), not a replay
            self.result.tick(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the view (reads the scene and its parts; never changes the game)."""
        self._drawn = True
        if self.curtain is not None:
            self.board.draw_curtain(surface)
            return
        surface.blit(self.board.background(), (0, 0))
        self.hud.draw_top_bar(surface)
        self.board.draw_cards(surface, self.actions.lit_now(self.pointer.drag[2] if self.pointer.drag else None))
        self.choice.draw(surface)
        self.tools.draw(surface)
        self.preview.draw(surface)
        self.board.draw_coins(surface)
        self.pacing.draw(surface)
        if self.view.outcome is not None and not self.result.is_open():
            self.board.banner(surface, self.app.words.render(self.view.outcome.message))
        self.hud.draw_status(surface)
