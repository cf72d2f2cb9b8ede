"""The players' own ends of a game from the game menu: conceding, and a draw both players agree to.

The engine records both as table moves of its log (`Game.concede`, `Game.offer_draw`,
`Game.accept_draw`, `Game.decline_draw`), so a save or a replay ends the same way. This adapter is the
only place the table calls them, and it says so when the engine in use has no such moves.
A bot answers a draw offer at once: it accepts when its life (the record's measure) is not above its
opponent's — a bot that is ahead plays on.
"""
from __future__ import annotations

from tabletop.engine import IllegalAction


def available(game) -> bool:
    """Return whether this engine can end a game by concession or agreement."""
    return all(hasattr(game, n) for n in ("concede", "offer_draw", "accept_draw", "decline_draw"))


def concede(scene, player: int) -> bool:
    """Let `player` concede; follow the change like any move. Return whether the game ended."""
    g = scene.game
    if g.is_over() or not available(g):
        return False
    try:
        events = g.concede(player)
    except IllegalAction as e:
        scene.say(e.reason)
        return False
    scene.actions.after(events)
    return True


def bot_accepts(scene, bot_seat: int) -> bool:
    """Return whether a bot accepts a draw: its life is not above its opponent's."""
    samples = scene.record.samples
    if not samples:
        return False
    life = samples[-1][1:]
    return life[bot_seat] <= life[1 - bot_seat]


def offer_draw(scene, player: int):
    """Offer the other player a draw. Return "accepted", "declined" (a bot answered) or "asked" (a human must)."""
    g = scene.game
    if g.is_over() or not available(g):
        return None
    other = 1 - player
    g.offer_draw(player)
    if scene.seats[other] is None:
        return "asked"
    if bot_accepts(scene, other):
        answer_draw(scene, other, True)
        return "accepted"
    answer_draw(scene, other, False)
    return "declined"


def answer_draw(scene, player: int, accept: bool) -> None:
    """Accept or decline the standing draw offer of `player`'s opponent."""
    g = scene.game
    if not accept:
        g.decline_draw(player)
        scene.say(scene.app.words("P{n} declines the draw", n=player + 1))
        return
    try:
        events = g.accept_draw(player)
    except IllegalAction as e:
        scene.say(e.reason)
        return
    scene.actions.after(events)
