"""A bot's one-line reason for a move, as a message (`msg`) the table renders in the reader's language.

A reason says what the move does and why now, in the game's own words, from what the move changes
(`explain.facts`: a wall broken, a card destroyed, an attacker that can now reach the player, a win),
each fact with the rule id that makes it so: "summon Kappa into the left lane: Kappa faces an empty
lane: next turn it can attack P2's walls (SK-R21)". A move that changes nothing a player would care
about (paying a cost, a step of a choice) is named with its phase. A reason never names a card the
reader may not see: a bot's reason is read by its opponent, so it names only cards the opponent sees
once the move is made (the card just played, the attacker on the board), never the bot's own hand; a
hint's reason is read by the player it is for, who may see their own hand (`reader`).
"""
from __future__ import annotations

import re

from tabletop.engine.action import Action
from tabletop.engine.game import Game
from tabletop.engine.msg import Msg, Term, msg
from tabletop.i18n import JAPANESE

from .base import is_end, move_words, phase_term
from .explain import card_term, facts, joined

RULE_ID = re.compile(r"\b[A-Z]{2}-[RD]\d+\b")
# Arguments that point at the card a move is about, most telling first.
CARD_ARGS = ("card", "attacker", "choice", "target", "blocker", "host", "defender", "wall")


def subject(game: Game, action: Action, reader: int, known=None) -> Term | None:
    """Return the name (a Term: English name, printed name) of the card `action` is about, if
    `reader` may see it in `game`, else None.

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
                    return card_term(game.ruleset.cards[c.cid])
    return None


def phase_name(game: Game) -> Term:
    """Return the current phase's name in both languages (see `base.phase_term`)."""
    return phase_term(game.ruleset, game.state.phase)


def what_it_does(before: Game, after: Game, action: Action, reader: int, known=None, shown=None) -> Msg | None:
    """Return what `action` changes, as the reader may know it (see `explain.facts`), or None; `after`
    is best `settled`, so a spell that asks for its payment and target says what it does to the target,
    and `shown` the position the move itself leads to (a card is named only once the move shows it)."""
    try:
        return joined(facts(before, after, action, reader, known, shown))
    except Exception:  # noqa: BLE001 - a guessed position the reading cannot handle: the move is still named
        return None


def settled(game: Game, player: int, depth: int = 8, width: int = 10) -> Game:
    """Return `game` once the pending choices are answered as greedy answers them (the chooser's best
    static answer: `player`'s highest evaluation, the opponent's lowest), at most `depth` of them."""
    from .evaluate import evaluate
    g = game
    for _ in range(depth):
        if g.state.outcome is not None or not g.state.pending:
            break
        who = g.to_act
        try:
            acts = g.legal_actions()
        except Exception:  # noqa: BLE001 - a determinization the controller cannot read: as it stands
            break
        # Taking the move back is not how it goes on: what it does is judged as it is carried out.
        acts = [a for a in acts if a.kind != "cancel"] or acts
        auto = [a for a in acts if a.kind == "pay_auto"]
        acts = auto or acts
        best, best_g = None, None
        for a in acts[:width]:
            g2 = g.clone()
            try:
                g2.apply(a)
            except Exception:  # noqa: BLE001 - not playable in this guessed position: not an answer here
                continue
            v = evaluate(g2, player) if len(acts) > 1 else 0.0
            if best is None or (v > best if who == player else v < best):
                best, best_g = v, g2
        if best_g is None:
            break
        g = best_g
    return g


def move_reason(before: Game, after: Game, action: Action, extra: Msg | None, reader: int,
                alternative: tuple | None = None, known=None) -> Msg:
    """Return the one-line reason for `action`: the move in words and what it does (`what_it_does`),
    then `extra` (what a search found playing it out), if any.

    `after` is the position the move leads to in the bot's guess of the hidden cards; `reader` is who
    will read the reason. For a move that passes play on, `alternative` (action, position after) is
    the best move it was preferred to, named when the reader sees its card now (a hint's reader sees
    their own hand: "ends the Main phase rather than play Bark Armour"). `known`: see `subject`.
    """
    shown = after
    try:
        after = settled(after, action.player)
    except Exception:  # noqa: BLE001 - a guessed position the reading cannot play on: as it stands
        pass
    why = what_it_does(before, after, action, reader, known, shown)
    if extra is not None:
        why = extra if why is None else msg("{first}; {second}", first=why, second=extra)
    if is_end(action):
        alt = None
        if alternative is not None:
            # The move not made is named only if its card is public now: naming a card kept in hand
            # would tell the opponent what the hand holds.
            alt = subject(before, alternative[0], reader, known)
        if alt:
            why = why or msg("it would not help now")
            return msg("ends the {phase} phase rather than play {card}: {why}",
                       phase=phase_name(before), card=alt, why=why)
        if why is None:
            return msg("ends the {phase} phase: nothing more to do that helps now", phase=phase_name(before))
        return msg("ends the {phase} phase: {why}", phase=phase_name(before), why=why)
    move = _described(before, shown, action, reader, known)
    q = before.state.pending[0] if before.state.pending else None
    if q is not None:
        # A choice the rules asked for: its prompt (the public one for a reader who is not choosing)
        # says what is being decided, when it names the rule.
        prompt = q.get("prompt") if reader == q.get("player") else (q.get("public_prompt") or q.get("prompt"))
        if prompt and RULE_ID.search(str(prompt)):
            if JAPANESE.search(str(prompt)):
                # A prompt quoting a card's printed text would mix Japanese into an English line:
                # its rule id stands for it.
                prompt = msg("{move} ({rule})", move=move, rule=RULE_ID.search(str(prompt)).group(0))
                return prompt if why is None else msg("{move}: {why}", move=prompt, why=why)
            if why is None:
                return msg("{prompt} — {move}", prompt=prompt, move=move)
            return msg("{prompt} — {move}: {why}", prompt=prompt, move=move, why=why)
    if why is None:
        return msg("{move} ({phase} phase)", move=move, phase=phase_name(before))
    return msg("{move} ({phase} phase): {why}", move=move, phase=phase_name(before), why=why)


def _described(before: Game, after: Game, action: Action, reader: int, known=None):
    """Return the move in words as `reader` may read it: described as its mover sees it when every
    card it names is known and `reader` sees it once the move is made (or owns it), else as the
    reader sees it before the move; only the kind of move where a guessed card would be described."""
    ids = _card_ids(before, action)
    if known is not None and not all(u in known for u in ids):
        # Describing a guessed card would show the guess as if it were the real card.
        return move_words(before.ruleset, action.kind)
    viewer = reader
    if reader != action.player:
        s1, ctl = after.state, after.controller
        try:
            if all(u in s1.cards and ctl.visible(s1, s1.cards[u], reader) for u in ids):
                viewer = action.player
        except Exception:  # noqa: BLE001 - a guessed position the controller cannot read: the reader's view
            viewer = reader
    try:
        return before.controller.describe_for(before.state, action, viewer)
    except Exception:  # noqa: BLE001 - describing failed in a guessed position: the kind of move still says what it is
        return move_words(before.ruleset, action.kind)


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
