"""Input: mouse and key events → intents (press, drag, drop, click, right-click, shortcut).

`Pointer` keeps what the mouse holds (a pressed card; a drag once it moves past `DRAG_PX`), finds
what lies under a point and hands each finished gesture to `Actions` (`drop`, `click`, `card_menu`,
`end`, `undo`, ...). It never changes the game itself.
"""
from __future__ import annotations

import pygame

from tabletop.engine.msg import msg

from . import layout
from .actions import source

DRAG_PX = 6


class Pointer:
    """The mouse's gesture in progress for one table and the keyboard shortcuts."""

    def __init__(self, scene):
        self.scene = scene
        self.press = None        # (spot, pos) of a pressed card, before it becomes a drag
        self.drag = None         # (spot, source, actions, grab offset)

    def release(self) -> None:
        """Let go of a pressed or dragged card without a gesture (a curtain fell, Esc)."""
        self.press = self.drag = None

    @property
    def dragged(self):
        """Return the key of the dragged card's spot, or None."""
        return self.drag[0].key if self.drag else None

    # --- hit tests --------------------------------------------------------------------------------
    def spot_at(self, pos):
        """Return the topmost card spot under a point (the dragged card excluded), or None."""
        return layout.spot_at(self.scene, pos, self.dragged)

    def zone_at(self, pos):
        return layout.zone_at(self.scene.zones, pos)

    def player_at(self, pos):
        """Return the player whose panel is under a point (for actions aimed at a player)."""
        return self.scene.hud.player_at(pos)

    # --- events ---------------------------------------------------------------------------------
    def process_event(self, e) -> None:
        """Turn a mouse or key event into a gesture's next step or a finished intent."""
        sc = self.scene
        if e.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            sc.hover_moved()
        if e.type == pygame.MOUSEMOTION:
            sc.mouse = e.pos
            if self.press and not self.drag:
                sp, pos = self.press
                if abs(e.pos[0] - pos[0]) + abs(e.pos[1] - pos[1]) > DRAG_PX:
                    self._start_drag(sp, pos)
        elif e.type == pygame.MOUSEBUTTONDOWN:
            sc.mouse = e.pos
            if e.button == 1 and sc.hud.link_at(e.pos):   # the status line's Rules link
                sc.windows.open_rules(sc.hud.rule_in_status())
                return
            if e.button == 1:
                sc.dialogs.close_menu()
                sp = self.spot_at(e.pos) if sc.choice.at(e.pos) is None else None   # faces lie over the table
                if sp is not None:
                    self.press = (sp, e.pos)
            elif e.button == 3:
                self._right_click(e.pos)
        elif e.type == pygame.MOUSEBUTTONUP and e.button == 1:
            sc.mouse = e.pos
            if self.drag:
                self._drop(e.pos)
            elif self.press:
                sp, _ = self.press
                self.press = None
                self._click(sp, e.pos)
            elif not sc.choice.click(e.pos):
                self._click(None, e.pos)
        elif e.type == pygame.KEYDOWN:
            self._key(e)

    def _start_drag(self, sp, pos) -> None:
        sc = self.scene
        src = source(sp)
        acts = sc.actions.moves_from(src)
        if not acts and not sc.legal and sc.game.to_act != sc.viewer and not sc.manual_mode:
            sc.say(msg("it is not your move"))
        r = layout.spot_rect(sc, sp)
        self.drag = (sp, src, acts, (r.centerx - pos[0], r.centery - pos[1]))

    def _drop(self, pos) -> None:
        sp, src, acts, _ = self.drag
        self.drag = self.press = None
        over = self.spot_at(pos)
        target = over.card.uid if over is not None and over.card.uid != src else None
        z = self.zone_at(pos)
        self.scene.actions.drop(sp, src, acts, target, z.key if z else None, self.player_at(pos))

    def _click(self, sp, pos) -> None:
        self.scene.actions.click(sp, self.zone_at(pos), self.player_at(pos))

    def _right_click(self, pos) -> None:
        sc = self.scene
        sc.dialogs.close_menu()
        sc.actions.cancel()
        sp = self.spot_at(pos)
        if sp is not None:
            sc.actions.card_menu(sp, pos)
        else:
            sc.tools.zone_menu(self.zone_at(pos), pos)   # a token to make there (the free table)

    def _key(self, e) -> None:
        sc = self.scene
        ctrl = e.mod & pygame.KMOD_CTRL
        if e.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            sc.actions.end()
        elif e.key == pygame.K_z and ctrl:
            sc.actions.undo()
        elif e.key == pygame.K_s and ctrl:
            sc.actions.save()
        elif e.key == pygame.K_ESCAPE:
            self._escape()
        elif e.key == pygame.K_TAB:
            sc.pacing.skip()
        elif e.key == pygame.K_F1:
            sc.windows.open_briefing()
        elif e.key == pygame.K_F2:
            sc.windows.open_rules(sc.hud.rule_in_status())
        elif e.key == pygame.K_m and not ctrl:
            sc.actions.toggle_manual()

    def _escape(self) -> None:
        """Close the innermost thing open (dialog; menu, aim, drag, spread pile), else open the game menu."""
        sc = self.scene
        if sc.dialogs.dialog:
            sc.dialogs.close_dialog()
        elif sc.dialogs.menu or sc.actions.targeting or self.drag or sc.inspect:
            sc.dialogs.close_menu()
            sc.actions.cancel()
            self.release()
            if sc.inspect:
                sc.set_inspect(None)
        else:
            sc.dialogs.open_game_menu()
