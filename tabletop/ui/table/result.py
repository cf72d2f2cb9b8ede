"""The result screen: a window over the finished table — who won and why, the game in numbers, what next.

It shows the winner (from the viewer's side when one human plays), the rule that ended the game (the
outcome's reason in the interface language), turns, time, cards played, and a small timeline of both
players' life drawn from the `GameRecord` (numbers recorded per turn by `Actions.after`; this file only
reads them). Its buttons: Rematch (same decks and seats, a new seed), Swap seats (each deck and seat
kind moves to the other seat), Save replay (a save file `tabletop replay` and the replay core read),
Main menu. Closing the window leaves the final board to look at; a click on the table opens it again.
"""
from __future__ import annotations

import time

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIImage, UILabel, UIWindow

from tabletop.engine import Game, TabletopError

from .. import fonts
from ..memory import release_free_memory
from ..players import make_seats, new_seed, seats_label
from ..scene import html_escape
from .pacing import say
from ..textbox import TextBox

P_COLOURS = ((110, 170, 255), (240, 120, 95))


def seat_specs(seats) -> list[str]:
    """Return the seat kinds ("human", "easy", ...) of a table's seats, for a rematch."""
    return ["human" if b is None else getattr(b, "level", "easy") for b in seats]


def timeline(record, size, words) -> pygame.Surface:
    """Draw both players' life per turn as two lines on a small chart (reads the record only)."""
    w, h = size
    surf = pygame.Surface(size)
    surf.fill((22, 27, 33))
    pts = record.samples
    title = fonts.text(words(record.name) + " — " + words("by turn"), 13, (200, 205, 210))
    surf.blit(title, (8, 4))
    box = pygame.Rect(34, 24, w - 44, h - 44)
    pygame.draw.rect(surf, (45, 52, 60), box, 1)
    top = max([max(a, b) for _, a, b in pts] + [1])
    t0, t1 = (pts[0][0], pts[-1][0]) if pts else (0, 1)
    span = max(1, t1 - t0)

    def xy(turn, v):
        return (box.x + (turn - t0) * box.w / span, box.bottom - v * box.h / top)
    for v, lab in ((0, "0"), (top, str(top))):
        s = fonts.text(lab, 11, (150, 155, 160))
        surf.blit(s, s.get_rect(midright=(box.x - 4, xy(t0, v)[1])))
    for turn in (t0, t1):
        s = fonts.text(str(turn), 11, (150, 155, 160))
        surf.blit(s, s.get_rect(midtop=(xy(turn, 0)[0], box.bottom + 2)))
    for p in (0, 1):
        line = [xy(turn, vals[p]) for turn, *vals in pts]
        if len(line) > 1:   # P1 wider underneath: equal values show both colours
            pygame.draw.lines(surf, P_COLOURS[p], False, line, 4 if p == 0 else 2)
        for q in line:
            pygame.draw.circle(surf, P_COLOURS[p], (round(q[0]), round(q[1])), 3)
    x = w - 8
    for p in (1, 0):
        s = fonts.text(words("Player {n}", n=p + 1), 12, P_COLOURS[p], bold=True)
        x -= s.get_width()
        surf.blit(s, (x, 4))
        x -= 12
    return surf


class ResultScreen:
    """The result window of one table (`open` when the game is over; its buttons act through `press`)."""

    W, H = 620, 560
    SETTLE = 1.2   # seconds (times the animation setting) the final board shows before the window

    def __init__(self, scene):
        self.scene = scene
        self.window = None
        self.buttons = {}        # UIButton -> what it does
        self.closed = False      # the player closed it to look at the table
        self.note = None         # UILabel for "saved to ..."
        self.wait = 0.0          # seconds the finished table has been still
        self.saved = None        # the path of the replay saved last

    def tick(self, dt: float) -> None:
        """Open once the game is over and the last move has been shown (its slides, coins and numbers)."""
        sc = self.scene
        if self.window is not None or self.closed or not sc.game.is_over() or sc.curtain is not None:
            return
        if sc.sprites.moving() or sc.pacing.busy():
            self.wait = 0.0
            return
        self.wait += dt
        if self.wait >= self.SETTLE * sc.app.settings.get("anim", 1.0):
            self.open()

    def is_open(self) -> bool:
        return self.window is not None

    def headline(self) -> str:
        """Return who won, from the viewer's side when exactly one human plays."""
        sc = self.scene
        t, o = sc.app.words, sc.game.outcome()
        if o is None:
            return ""
        if o.winner is None:
            return t("Draw")
        if len(sc.humans) == 1:
            return t("You win!") if o.winner == sc.humans[0] else t("You lose")
        return t("Player {n} wins", n=o.winner + 1)

    def open(self) -> None:
        """Open the window over the table's middle (kept inside the window at any size)."""
        sc = self.scene
        if self.window is not None or sc.game.outcome() is None:
            return
        t = sc.app.words
        rec = sc.record
        w, h = min(self.W, sc.size[0] - 20), min(self.H, sc.size[1] - 20)
        x = max(0, min(sc.area.centerx - w // 2, sc.size[0] - w))
        y = max(0, (sc.size[1] - h) // 2)
        win = UIWindow(pygame.Rect(x, y, w, h), sc.manager, window_display_title=t("Game over"),
                       object_id="#result")
        cw, ch = win.get_container().get_size()
        UILabel(pygame.Rect(0, 0, cw, 62), self.headline(), sc.manager, container=win, object_id="#title")
        reason = say(sc.app, sc.game.outcome().reason)
        TextBox(f"<b>{html_escape(reason)}</b>", pygame.Rect(10, 62, cw - 20, 52), sc.manager, container=win)
        secs = int(rec.seconds())
        clock = t("Time: {m}:{s:02d}", m=secs // 60, s=secs % 60) if rec.timed else t("Time: —")
        names = [t("Player {n}", n=p + 1) for p in (0, 1)]
        stats = (t("Turns: {n}", n=sc.game.state.turn) + "   " + clock
                 + "   " + t("Cards played — {a}: {x} · {b}: {y}", a=names[0], x=rec.cards_played(0),
                                                                    b=names[1], y=rec.cards_played(1)))
        UILabel(pygame.Rect(0, 118, cw, 26), stats, sc.manager, container=win)
        gh = max(90, ch - 150 - 100)
        UIImage(pygame.Rect(10, 148, cw - 20, gh), timeline(rec, (cw - 20, gh), t), sc.manager, container=win)
        by = 148 + gh + 10
        self.note = UILabel(pygame.Rect(0, by, cw, 22), "", sc.manager, container=win)
        bw = (cw - 50) // 4
        self.buttons = {}
        for i, (label, fn) in enumerate(((t("Rematch"), self.rematch), (t("Swap seats"), self.swap_seats),
                                         (t("Save replay"), self.save_replay), (t("Main menu"), sc.app.go_home))):
            b = UIButton(pygame.Rect(10 + i * (bw + 10), by + 26, bw, 40), label, sc.manager, container=win,
                         object_id="#lit" if i == 0 else None)
            self.buttons[b] = fn
        self.window = win
        self.closed = False
        release_free_memory()    # the game's positions and searches are gone: their pages go back (ui/memory.py)

    def close(self) -> None:
        if self.window is not None:
            self.window.kill()
            self.window = None

    def process_event(self, e) -> bool:
        """Handle the window's own events; return whether the event was one of them."""
        if self.window is None:
            return False
        if e.type == pygame_gui.UI_BUTTON_PRESSED and e.ui_element in self.buttons:
            self.buttons[e.ui_element]()
            return True
        if e.type == pygame_gui.UI_WINDOW_CLOSE and e.ui_element is self.window:
            self.window, self.closed = None, True
            return True
        return False

    # --- what the buttons do --------------------------------------------------------------------
    def rematch(self, swap: bool = False) -> None:
        """Start the same game again with a new seed: same decks and seats, or each moved to the other seat."""
        sc = self.scene
        g = sc.game
        specs = seat_specs(sc.seats)
        decks = list(g.decks) if g.decks else None
        if swap:
            specs = specs[::-1]
            decks = decks[::-1] if decks else None
        seed = new_seed()
        try:
            if g.scenario and not g.decks:
                game = Game.from_scenario(g.scenario)
            else:
                game = Game.new(g.ruleset, decks=decks, seed=seed, options=dict(g.options))
            seats = make_seats(specs, game.state.seed)
        except (TabletopError, ValueError) as e:
            sc.app.message(str(e), sc.app.words("Rematch"))
            return
        self.close()
        new = sc.app.replace(type(sc)(sc.app, game, seats, save_folder=sc.save_folder))
        if sc.replay is not None and all(b is not None for b in seats):
            # watched as a game of two bots: the new game gets the spectator's bar too (as `replay.spectate`
            # gives it; its class is taken from this table so that this file need not import it)
            type(sc.replay)(new)
            new.resize(new.app.size)
            new.refresh()

    def swap_seats(self) -> None:
        self.rematch(swap=True)

    def save_replay(self) -> None:
        """Write the finished game (decks, seed and every action) where the saves go; say where."""
        sc = self.scene
        stamp = time.strftime("%Y%m%d-%H%M%S")
        from tabletop.engine import saves   # here: a table opens without the save code
        try:
            path = saves.save_game(sc.game, saves.saves_dir(sc.save_folder) / f"replay-{sc.rs.id}-{stamp}.json",
                                   label=seats_label(sc.seats))
        except (OSError, TabletopError) as e:
            sc.app.message(f"{sc.app.words('Could not save')}: {e}", sc.app.words("Save replay"))
            return
        self.saved = path
        text = sc.app.words("Replay saved: {path}", path=path.name)
        if self.note is not None:
            self.note.set_text(text)
        sc.say(text)
