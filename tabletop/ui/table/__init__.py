"""The table: one seat's view of a game, drawn as cards on a table, driven by the mouse.

Only `Game.view(seat)` is ever drawn. A gesture goes one way through the parts:

    scene.py    TableScene  the coordinator: owns game, seats, viewer; refresh / process_event / update / draw
    pointer.py  Pointer     mouse and keys -> intents (press, drag, drop, click, right-click, shortcuts)
    actions.py  Actions     intents -> game.apply / game.manual: the one place the game changes
    bot.py      BotDriver   a bot seat's move, thought on a thread, handed to Actions.play_bot
    dialogs.py  Dialogs     the list of actions to choose from, the game menu
    layout.py               zone and card rectangles from the view and window size; hit tests
    sprites.py  Sprites     cached card pictures; slide, turn and flip motions (Motion)
    board.py    Board       the cloth and zones, cards with badges, lit targets, the coin, the curtain
    preview.py  Preview     the hovered card, large, with its full text
    hud.py      Hud         top bar, side panel (players, log, prompt, buttons), status line

Widgets only post events; the engine's own legal-action list decides what lights up.
"""
from .actions import END_KINDS, involves
from .preview import HOVER_S
from .scene import TableScene
from .sprites import Motion
from ..players import seats_from_label, seats_label

__all__ = ["END_KINDS", "HOVER_S", "Motion", "TableScene", "involves", "seats_from_label", "seats_label"]
