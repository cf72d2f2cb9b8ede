"""A bot's one-line reason for a move, as a message (`msg`) the table renders in the player's language.

A reason names what the move is about — the card it plays, attacks with or targets, or, for a move
that passes play on, the phase it ends — and why, in the evaluation's terms ("raises my board,
lowers opponent walls"). It never names a card the reader may not see: a bot's reason is read by
its opponent, so it names only cards the opponent sees once the move is made (the card just
played, the attacker on the board), never the bot's own hand; a hint's reason is read by the
player it is for, who may see their own hand (`reader`).
"""
from __future__ import annotations

import re

from tabletop.engine.action import Action
from tabletop.engine.game import Game
from tabletop.engine.msg import Msg, Term, msg

from .base import is_end, move_words, phase_term

RULE_ID = re.compile(r"\b[A-Z]{2}-[RD]\d+\b")
# Arguments that point at the card a move is about, most telling first.
CARD_ARGS = ("card", "attacker", "choice", "target", "blocker", "host", "defender", "wall")


def effect(before: dict, after: dict, limit: int = 2) -> Msg:
    """Return the biggest changes between two term dicts as a message: 'raises my board, lowers opponent HP'."""
    if "win" in after:
        return msg("wins the game")
    if "loss" in after:
        return msg("every other move loses sooner")
    deltas = [(after.get(k, 0.0) - before.get(k, 0.0), k) for k in set(before) | set(after)]
    deltas = [d for d in deltas if abs(d[0]) > 1e-6]
    deltas.sort(key=lambda d: (-abs(d[0]), d[1]))
    if not deltas:
        return msg("keeps the position")
    parts = []
    for d, k in deltas[:limit]:
        # Opponent terms are stored negated (good for the bot is positive), so flip them back.
        up = (d < 0) if k.startswith("opponent") else (d > 0)
        parts.append(msg("raises {term}", term=msg(k)) if up else msg("lowers {term}", term=msg(k)))
    return parts[0] if len(parts) == 1 else msg("{first}, {second}", first=parts[0], second=parts[1])


def subject(game: Game, action: Action, reader: int, known=None) -> str | None:
    """Return the name of the card `action` is about, if `reader` may see it in `game`, else None.

    `game` is the position after the move (for a bot's own reason) or before it (for a hint, whose
    reader owns the cards): a card played from hand is public once played. `known` holds the uids
    whose identity the bot knows; any other card in its guessed position is only a guess (the wall it
    breaks, face down until broken) and is never named.
    """
    s, ctl = game.state, game.controller
    for k in CARD_ARGS:
        v = action.get(k)
        uids = v if isinstance(v, tuple) else (v,)
        for u in uids:
            if isinstance(u, int) and not isinstance(u, bool) and u in s.cards and (known is None or u in known):
                c = s.cards[u]
                try:
                    seen = ctl.visible(s, c, reader)
                except Exception:  # noqa: BLE001 - a determinization the controller cannot read: say nothing rather than leak
                    seen = False
                if seen and c.cid in game.ruleset.cards:
                    return game.ruleset.cards[c.cid].name
    return None


def phase_name(game: Game) -> Term:
    """Return the current phase's name in both languages (see `base.phase_term`)."""
    return phase_term(game.ruleset, game.state.phase)


def move_reason(before: Game, after: Game, action: Action, why: Msg, reader: int,
                alternative: tuple | None = None, known=None) -> Msg:
    """Return the one-line reason for `action`: the card it is about (or the phase it ends) and `why`.

    `after` is the position the move leads to in the bot's guess of the hidden cards; `reader` is who
    will read the reason. For a move that passes play on, `alternative` (action, position after) is
    the best move it was preferred to, named when the reader sees its card now (a hint's reader sees
    their own hand: "ends the Main phase rather than play 樹皮の鎧"). `known`: see `subject`.
    """
    if is_end(action):
        alt = None
        if alternative is not None:
            # The move not made is named only if its card is public now: naming a card kept in hand
            # would tell the opponent what the hand holds.
            alt = subject(before, alternative[0], reader, known)
        if alt:
            return msg("ends the {phase} phase rather than play {card}: {why}",
                       phase=phase_name(before), card=alt, why=why)
        return msg("ends the {phase} phase: {why}", phase=phase_name(before), why=why)
    seen_in = before if reader == action.player else after
    card = subject(seen_in, action, reader, known)
    if card:
        return msg("{card}: {why}", card=card, why=why)
    move = move_words(before.ruleset, action.kind)
    if known is None or all(u in known for u in _card_ids(before, action)):
        # Only a move about cards the bot knows is described: describing a guessed card would show
        # the guess as if it were the real card.
        try:
            move = before.controller.describe_for(before.state, action, reader)
        except Exception:  # noqa: BLE001 - describing failed in a guessed position: the kind of move still says what it is
            pass
    q = before.state.pending[0] if before.state.pending else None
    if q is not None:
        # A choice the rules asked for: its prompt (the public one for a reader who is not choosing)
        # says what is being decided, when it names the rule; otherwise the phase does.
        prompt = q.get("prompt") if reader == q.get("player") else (q.get("public_prompt") or q.get("prompt"))
        if prompt and RULE_ID.search(str(prompt)):
            return msg("{prompt} — {move}: {why}", prompt=prompt, move=move, why=why)
    return msg("{move} ({phase} phase): {why}", move=move, phase=phase_name(before), why=why)


def _card_ids(game: Game, action: Action) -> list[int]:
    """Return the uids of the cards an action's arguments point at."""
    out = []
    for _, v in action.args:
        for u in (v if isinstance(v, tuple) else (v,)):
            if isinstance(u, int) and not isinstance(u, bool) and u in game.state.cards:
                out.append(u)
    return out


def known_ids(view) -> set:
    """Return the uids of the cards whose identity `view` shows (the rest are guesses in a determinization)."""
    return {u for u, cv in view.cards.items() if cv.cid is not None}
