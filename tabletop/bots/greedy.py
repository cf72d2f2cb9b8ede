"""`greedy` (normal): one-step lookahead with the ruleset's evaluation.

For each legal action the bot plays it in a determinization of its view and scores the result.
A choice the action forces at once (the opponent's blockers or walls, a target or a 0-3 damage
amount of its own) is answered inside the lookahead too — its own best answer, the opponent's
worst-for-it answer — so that "attack" is judged by what the attack does, not by "a block is
pending". Ties go to actions that do something over actions that pass play on; a bot that has
made many moves in one turn starts preferring to pass, so it never stalls.
"""
from __future__ import annotations

import json
import random

from tabletop.engine.action import Action
from tabletop.engine.game import Game
from tabletop.engine.ruleset import load_ruleset

from .base import Bot, is_end
from .determinize import game_from_view
from .evaluate import answered, evaluate
from .reasons import known_ids, move_reason

REPLY_DEPTH = 4       # forced choices followed after the action itself
REPLY_WIDTH = 10      # answers tried at each forced choice
STALL_MOVES = 40      # moves in one turn after which passing play on is preferred


def after(game: Game, action: Action) -> Game | None:
    """Return a copy of `game` with `action` applied, or None if it fails there."""
    g = game.clone()
    try:
        g.apply(action)
    except Exception:  # noqa: BLE001 - illegal or broken in this determinization: it is simply not a candidate here
        return None
    return g


def value(game: Game, player: int, depth: int = REPLY_DEPTH, width: int = REPLY_WIDTH, filt=None) -> float:
    """Return the score for `player` once the pending choices the last action forced are answered.

    Each forced choice is answered by its chooser's best static answer (the bot's highest score,
    the opponent's lowest), and only that answer is followed further: a chain, not a tree, so a
    payment of several cards costs `width` lookups per card rather than `width` to the power.
    `filt(game, actions)` narrows the answers looked at (a search rollout's `rollout_actions`); a
    single answer is played without being scored.
    """
    s = game.state
    if s.outcome is not None or depth <= 0 or not s.pending:
        return evaluate(game, player)
    who = game.to_act
    try:
        acts = game.legal_actions()
        if filt is not None:
            acts = filt(game, acts)
    except Exception:  # noqa: BLE001 - a guessed position the filter cannot read: no move from it
        acts = []
    best, best_g = None, None
    if len(acts) == 1:
        best_g = after(game, acts[0])
    else:
        for a in acts[:width]:
            g2 = after(game, a)
            if g2 is None:
                continue
            v = evaluate(g2, player)
            if best is None or (v > best if who == player else v < best):
                best, best_g = v, g2
    if best_g is None:
        return evaluate(game, player)
    if best_g.state.pending and best_g.state.outcome is None:
        return value(best_g, player, depth - 1, width, filt)
    return evaluate(best_g, player) if best is None else best


def score_actions(game: Game, legal: list[Action], player: int, depth: int = REPLY_DEPTH) -> list[tuple]:
    """Return (score, action, game after) for each action that plays in `game`, in `legal` order."""
    out = []
    for a in legal:
        g2 = after(game, a)
        if g2 is not None:
            out.append((value(g2, player, depth), a, g2))
    return out


def position_key(game: Game, known) -> str:
    """Return a key of what the bot can tell apart about a position (hidden cards count, not their ids).

    Used to notice a move that leads back to a position already seen this turn (play a card,
    then take it back...), which a one-step lookahead would otherwise repeat forever.
    """
    s = game.state
    zones = {k: [u if u in known else 0 for u in v] for k, v in s.zones.items()}
    cards = sorted((u, c.tapped, c.face_up, c.host, sorted(c.counters.items())) for u, c in s.cards.items() if u in known)
    return json.dumps([s.phase, s.turn, s.active, s.players, s.data, s.pending, zones, cards],
                      sort_keys=True, default=str)


def pick(scored: list[tuple], rng: random.Random, prefer_end: bool = False, seen=None, known=None):
    """Return the best (score, action, game) entry; ties broken towards doing something, then at random.

    A move back to a position in `seen` counts only when every move does that.
    """
    if seen and known is not None:
        fresh = [e for e in scored if position_key(e[2], known) not in seen]
        scored = fresh or scored

    def key(entry):
        score, a = entry[0], entry[1]
        bias = 0.0
        if is_end(a):
            bias = 0.01 if prefer_end else -0.01
        return score + bias
    best = max(key(e) for e in scored)
    top = [e for e in scored if key(e) >= best - 1e-9]
    return top[0] if len(top) == 1 else rng.choice(top)


class GreedyBot(Bot):
    """Play the action whose immediate result the ruleset's evaluation likes best."""

    name = "greedy"

    def __init__(self, player: int, rng: random.Random | None = None):
        super().__init__(player, rng)
        self._turn = None
        self._moves = 0
        self._seen: set = set()
        self._known: set = set()

    def scored(self, view, legal, depth: int = REPLY_DEPTH):
        """Count the move of this turn, build the bot's game from the view and score every legal action;
        return (game, [(score, action, game after it)], the card ids the view shows)."""
        if view.turn != self._turn:
            self._turn, self._moves, self._seen = view.turn, 0, set()
        self._moves += 1
        rs = load_ruleset(view.ruleset)
        g = game_from_view(view, self.rng, rs)
        known = set(view.cards)
        self._known = known_ids(view)
        self._seen.add(position_key(g, known))
        scored = score_actions(g, legal, self.player, depth)
        return g, scored, known

    def decide(self, view, legal):
        g, scored, known = self.scored(view, legal)
        if not scored:
            raise RuntimeError("no legal action could be played in the bot's determinization")
        score, action, g2 = answered(g, scored) or pick(scored, self.rng, prefer_end=self._moves > STALL_MOVES,
                                                        seen=self._seen, known=known)
        return action, self.reason(g, scored, action, g2)

    def reason(self, g: Game, scored: list[tuple], action: Action, g2: Game):
        """Return the reason for playing `action` (position `g2` after it) among `scored` in `g`."""
        alt = None
        if is_end(action):
            rest = [e for e in scored if not is_end(e[1])]
            if rest:
                best = max(rest, key=lambda e: e[0])
                alt = (best[1], best[2])
        return move_reason(g, g2, action, None, self.reader, alt, self._known)
