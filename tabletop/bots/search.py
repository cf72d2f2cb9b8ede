"""`search` (hard): determinized Monte-Carlo rollouts of the greedy policy, within a think budget.

Each round samples a fresh determinization of the bot's view (hidden cards drawn from the open
deck lists), plays every candidate action in it, and plays on with the greedy policy for both
players until the opponent's next turn is over (or the game ends); the end position scores 1 for
a win, 0 for a loss, and in between the evaluation squashed to (0, 1). The candidate with the best
average wins. This is a rollout policy-improvement step over greedy: a candidate is judged by where
the game goes when both sides then play greedy, rather than by the position one move later, so
search sees the opponent's answer, the blocker that is coming, the turn that ends too early. Only
the best `width` candidates by greedy's one-step score are searched (plus greedy's own choice).

`think` is a wall-clock budget in seconds (default 1 s; the bot stops a rollout mid-way rather
than overrun it). `rounds` instead fixes the number of rounds, which makes the bot's choices
depend only on its seed — `tabletop simulate --rollouts N` uses that for reproducible runs.
"""
from __future__ import annotations

import math
import random
import time

from tabletop.engine.game import Game
from tabletop.engine.msg import msg
from tabletop.engine.ruleset import load_ruleset

from .base import Bot, is_end
from .determinize import game_from_view
from .evaluate import WIN, evaluate
from .greedy import after, pick, position_key, score_actions

DEFAULT_THINK = 1.0
SCALE = 8.0            # evaluation points that make a position "clearly better" in a rollout's score
ROLLOUT_REPLIES = 2    # forced choices followed when a rollout step scores a move
ROLLOUT_STALL = 25     # moves in one turn of a rollout after which passing play on is preferred
PRIOR = 1.0            # playouts' worth of weight given to the greedy one-step score


class SearchBot(Bot):
    """Choose by averaging greedy rollouts over many sampled determinizations."""

    name = "search"

    def __init__(self, player: int, rng: random.Random | None = None, think: float | None = None,
                 rounds: int | None = None, width: int = 4, horizon: int = 2, max_plies: int = 80):
        super().__init__(player, rng)
        self.think = DEFAULT_THINK if think is None else float(think)
        self.rounds = rounds
        self.width = width
        self.horizon = horizon
        self.max_plies = max_plies
        self.last_rollouts = 0
        self._turn = None
        self._seen: set = set()

    def decide(self, view, legal):
        start = time.perf_counter()
        # Keep a small margin: the last rollout is cut at the deadline, then the answer is built.
        deadline = None if self.rounds is not None else start + self.think * 0.9
        rs = load_ruleset(view.ruleset)
        g0 = game_from_view(view, self.rng, rs)
        if view.turn != self._turn:
            self._turn, self._seen = view.turn, set()
        known = set(view.cards)
        self._seen.add(position_key(g0, known))
        scored = score_actions(g0, legal, self.player)
        if not scored:
            raise RuntimeError("no legal action could be played in the bot's determinization")
        # Like greedy, never walk back to a position already seen this turn while there is another move.
        fresh = [e for e in scored if position_key(e[2], known) not in self._seen]
        scored = fresh or scored
        greedy_best = pick(scored, self.rng)
        scored.sort(key=lambda e: -e[0])
        cands = [e[1] for e in scored[:self.width]]
        if greedy_best[1] not in cands:
            cands.append(greedy_best[1])
        # The greedy score counts as PRIOR playouts' worth of evidence, so a short budget with only a
        # playout or two per candidate refines the greedy choice instead of replacing it by noise.
        prior = {e[1]: self.squash(e[0]) for e in scored}
        stats = {a: [0, 0.0] for a in cands}
        rounds = 0
        rollouts = 0
        while True:
            if self.rounds is not None and rounds >= self.rounds:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            g = g0 if rounds == 0 else game_from_view(view, self.rng, rs)
            # Every candidate is rolled out in the same determinization, so their values differ by
            # what the candidates do, not by the luck of the sample.
            done = True
            for a in cands:
                if deadline is not None and time.perf_counter() >= deadline:
                    done = False
                    break
                g2 = after(g, a)
                if g2 is None:
                    continue
                v = self.rollout(g2, view.turn, deadline)
                st = stats[a]
                st[0] += 1
                st[1] += v
                rollouts += 1
            if done:
                rounds += 1
            else:
                break
        self.last_rollouts = rollouts
        tried = [((st[1] + PRIOR * prior[a]) / (st[0] + PRIOR), st[0], a) for a, st in stats.items() if st[0]]
        if rounds == 0 or not tried:
            return greedy_best[1], msg("no time to search: greedy choice (score {score:+.1f})", score=greedy_best[0])
        # Only candidates played in every full round compete, so a lucky single rollout cannot win.
        full = [t for t in tried if t[1] >= rounds] or tried
        best = max(t[0] for t in full)
        top = [t for t in full if t[0] >= best - 1e-9]
        top.sort(key=lambda t: is_end(t[2]))
        mean, n, action = top[0]
        return action, msg("won {share:.0%} of {n} playouts ({rounds} samples of the hidden cards)", share=mean, n=n,
                           rounds=rounds)

    def rollout(self, game: Game, turn: int, deadline: float | None) -> float:
        """Play on with the greedy policy for both players until the horizon; return the end value in [0, 1]."""
        me = self.player
        g = game
        plies = 0
        moves, move_turn = 0, g.state.turn
        while g.state.outcome is None and g.state.turn < turn + self.horizon and plies < self.max_plies:
            if deadline is not None and time.perf_counter() >= deadline:
                break
            try:
                acts = g.legal_actions()
            except Exception:   # a determinization the controller cannot handle: judge it as it stands
                break
            if not acts:
                break
            if g.state.turn != move_turn:
                moves, move_turn = 0, g.state.turn
            moves += 1
            if len(acts) == 1:
                nxt = after(g, acts[0])
            else:
                # Greedy's scores (a move that asks a choice is judged once it is answered); the
                # first best wins, so a rollout is the same in every run of the same sample.
                bias = 0.01 if moves > ROLLOUT_STALL else -0.01
                best, nxt = None, None
                for v, a, g2 in score_actions(g, acts, g.to_act, ROLLOUT_REPLIES):
                    if is_end(a):
                        v += bias
                    if best is None or v > best:
                        best, nxt = v, g2
            if nxt is None:
                break
            g = nxt
            plies += 1
        out = g.state.outcome
        if out is not None:
            return 0.5 if out.winner is None else (1.0 if out.winner == me else 0.0)
        return self.squash(evaluate(g, me))

    @staticmethod
    def squash(score: float) -> float:
        """Map an evaluation to (0, 1) like a win chance: 0.5 is even, a win 1, a loss 0."""
        v = max(-WIN, min(WIN, score))
        return 0.5 + 0.5 * math.tanh(v / SCALE)
