"""Dialogs over the table: the list of actions to choose from (right-click, several matches) and the game menu.

A chosen action goes back to `Actions.choose`; the game menu's entries call the scene's parts
(save, help) or ask the app for the main menu (`App.go_home`), so the table never imports the menu.
"""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UISelectionList, UIWindow

from . import ending

from tabletop.engine.msg import msg
from tabletop.i18n import N_
from ..textbox import TextBox

SHORTCUTS = N_("""Mouse: drag a card onto a lit zone or card to play it; click a card to use it (tap, attack; lit targets are then chosen with a click); right-click a card for all its actions; hover for a large preview; click a discard pile to spread it out.
Space / Enter: end the phase (or the turn)
Ctrl+Z: undo (not past a draw, a shuffle, a reveal or the other player's move)
Ctrl+S: save the game
M: manual override (move, tap, flip, count anything; logged as manual)
Tab: skip what is being shown (a coin, a fight, rising numbers)
Esc: cancel / game menu
F1: this help""")


class Dialogs:
    """The open action list (`menu`) and game menu (`dialog`) of one table."""

    def __init__(self, scene):
        self.scene = scene
        self.menu = None         # (window, list, {text: action}) of an open action list
        self.dialog = None       # (window, {button: call}) of the open game menu

    def is_open(self) -> bool:
        return bool(self.menu or self.dialog)

    def process_event(self, e) -> bool:
        """Handle a widget event of an open list or menu; return whether it was one."""
        if e.type == pygame_gui.UI_BUTTON_PRESSED and self.dialog and e.ui_element in self.dialog[1]:
            self.dialog[1][e.ui_element]()
            return True
        if e.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and self.menu and e.ui_element is self.menu[1]:
            a = self.menu[2].get(e.text)
            self.close_menu()
            if a is not None:
                self.scene.actions.choose(a)
            return True
        if e.type == pygame_gui.UI_WINDOW_CLOSE and self.menu and e.ui_element is self.menu[0]:
            self.menu = None
            return True
        return False

    # --- the list of actions ----------------------------------------------------------------------
    def open_menu(self, title: str, acts, near=None) -> None:
        """Open a list of actions, each in the game's words, near a point or in the table's middle."""
        sc = self.scene
        self.close_menu()
        labels = {}
        for a in acts:
            said = sc.game.describe(a, sc.viewer)
            if a.kind.startswith("m_") and sc.rs.controller != "sandbox":  # in the sandbox every move is manual
                said = msg("[manual] {action}", action=said)
            text = sc.app.words.render(said)
            base, n = text, 2
            while text in labels:
                text, n = f"{base} ({n})", n + 1
            labels[text] = a
        h = min(420, 70 + 26 * len(labels))
        w = 380
        x, y = near if near else (sc.area.centerx - w // 2, sc.area.centery - h // 2)
        x = max(0, min(x, sc.size[0] - w))
        y = max(0, min(y, sc.size[1] - h))
        win = UIWindow(pygame.Rect(x, y, w, h), sc.manager, window_display_title=sc.app.words.render(title)[:40])
        lst = UISelectionList(pygame.Rect(0, 0, win.get_container().get_size()[0],
                                          win.get_container().get_size()[1]), list(labels), sc.manager,
                              container=win)
        self.menu = (win, lst, labels)

    def close_menu(self) -> None:
        if self.menu:
            self.menu[0].kill()
            self.menu = None

    # --- the game menu ----------------------------------------------------------------------------
    def open_game_menu(self) -> None:
        sc = self.scene
        self.close_dialog()
        t = sc.app.words
        entries = [(t("Resume"), lambda: None), (t("Save") + " (Ctrl+S)", sc.actions.save),
                   (t("How to play") + " (F1)", sc.windows.open_briefing), (t("Rules") + " (F2)", sc.windows.open_rules),
                   (t("Shortcuts"), self.show_help), (t("Settings"), sc.app.open_settings)]
        can_end = ending.available(sc.game) and not sc.game.is_over() and sc.seats[sc.viewer] is None
        entries += [(t("Concede"), self.ask_concede), (t("Offer a draw"), self.offer_draw)]
        entries += [(t("Main menu"), sc.app.go_home), (t("Quit"), self._quit)]
        w, h = 300, 48 + 42 * len(entries)
        win = UIWindow(pygame.Rect((sc.size[0] - w) // 2, max(0, (sc.size[1] - h) // 2), w, h), sc.manager,
                       window_display_title=t("Menu"))
        acts = {}
        y = 6
        for label, fn in entries:
            b = UIButton(pygame.Rect(10, y, w - 52, 36), label, sc.manager, container=win)
            if fn in (self.ask_concede, self.offer_draw) and not can_end:
                b.disable()
            acts[b] = self._dialog_call(win, fn)
            y += 42
        self.dialog = (win, acts)

    def confirm(self, title: str, text: str, answers) -> None:
        """Ask a question in a small window; `answers` are (button text, what it does) pairs."""
        sc = self.scene
        self.close_dialog()
        w, h = min(460, sc.size[0] - 20), 200
        win = UIWindow(pygame.Rect((sc.size[0] - w) // 2, (sc.size[1] - h) // 2, w, h), sc.manager,
                       window_display_title=title)
        cw, ch = win.get_container().get_size()
        TextBox(text, pygame.Rect(8, 6, cw - 16, ch - 62), sc.manager, container=win)
        acts = {}
        bw = (cw - 10 * (len(answers) + 1)) // len(answers)
        for i, (label, fn) in enumerate(answers):
            b = UIButton(pygame.Rect(10 + i * (bw + 10), ch - 50, bw, 40), label, sc.manager, container=win,
                         object_id="#lit" if i == 0 else None)
            acts[b] = self._dialog_call(win, fn)
        self.dialog = (win, acts)

    def ask_concede(self) -> None:
        sc = self.scene
        t = sc.app.words
        self.confirm(t("Concede"), t("Concede this game? Player {n} wins.", n=2 - sc.viewer),
                     [(t("Concede"), lambda: ending.concede(sc, sc.viewer)), (t("Cancel"), lambda: None)])

    def offer_draw(self) -> None:
        """Offer a draw: a bot answers at once; the other human is asked in a window."""
        sc = self.scene
        t = sc.app.words
        me = sc.viewer
        answer = ending.offer_draw(sc, me)
        if answer == "asked":
            other = 1 - me
            self.confirm(t("Offer a draw"), t("Player {n}: Player {m} offers a draw. Accept?", n=other + 1, m=me + 1),
                         [(t("Accept"), lambda: ending.answer_draw(sc, other, True)),
                          (t("Decline the draw"), lambda: ending.answer_draw(sc, other, False))])

    def close_dialog(self) -> None:
        if self.dialog:
            self.dialog[0].kill()
            self.dialog = None

    def _dialog_call(self, win, fn):
        def call():
            win.kill()
            self.dialog = None
            fn()
        return call

    def _quit(self) -> None:
        self.scene.app.running = False

    def show_help(self) -> None:
        self.scene.app.message(SHORTCUTS, N_("Shortcuts"), height=420)
