"""`casual` (easy): greedy's judgement with a human's mistakes.

A beginner sees roughly what a move does but not everything: this bot scores every legal move like
`greedy` does, but with a shallower look at what the move forces (one answer, not four), and then
picks among the moves at random, the better ones far more often (a softmax over the scores at
TEMPERATURE evaluation points). So it usually plays a sensible move, sometimes a second-best one,
now and then misses the best attack or the lethal line — but it does not throw away a won position
on nonsense: a move more than BLUNDER points worse than the best is never played.
"""
from __future__ import annotations

import math

from .base import is_end
from .greedy import STALL_MOVES, GreedyBot, position_key

TEMPERATURE = 0.7   # evaluation points: a move this much worse is played e (2.7) times less often
BLUNDER = 4.0       # a move this much worse than the best is never chosen
DEPTH = 1           # forced choices looked at after a move (greedy looks at 4)


class CasualBot(GreedyBot):
    """Play a good move most of the time and a slightly worse one some of the time."""

    name = "casual"

    def decide(self, view, legal):
        g, scored, known = self.scored(view, legal, DEPTH)
        if not scored:
            raise RuntimeError("no legal action could be played in the bot's determinization")
        fresh = [e for e in scored if position_key(e[2], known) not in self._seen]
        scored = fresh or scored
        if self._moves > STALL_MOVES:   # a human ends a long turn too
            ends = [e for e in scored if is_end(e[1])]
            scored = ends or scored
        best = max(e[0] for e in scored)
        pool = [e for e in scored if e[0] >= best - BLUNDER]
        weights = [math.exp((e[0] - best) / TEMPERATURE) for e in pool]
        score, action, g2 = self.rng.choices(pool, weights)[0]
        return action, self.reason(g, scored, action, g2)
