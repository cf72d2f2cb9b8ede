"""`search` (hard): information-set Monte-Carlo search at the root, within a think budget.

The bot does not know the hidden cards, so it searches the *information set* — every state its
view allows — the way OpenSpiel's ISMCTS does: each iteration samples one determinization of its
view (`determinize.py`: hidden cards drawn from what its player may know), and statistics are kept
per action of the view, shared by all samples, never per sampled state. The tree is one level deep
(a flat ISMCTS): a turn of these games is many small moves, and at a fraction of a second per move
the budget is better spent judging this move well than growing a tree no sample reaches twice.

- **Candidates with progressive widening.** Legal moves are ranked by greedy's one-step score
  (its evaluation after the move and the choices it forces). Only the best few are searched at
  first; more join as iterations accumulate (ceil(WIDEN_C · n^WIDEN_A) after n iterations), so a
  position with 60 legal moves spends its budget on the handful that matter, while a long think
  still reaches the rest. Greedy's own choice is always among them.
- **Rollouts: the greedy policy, cut off by the evaluation.** After a candidate, the players play
  on with greedy's policy (a lighter one: fewer forced choices followed) to the end of this turn —
  or of the opponent's next turn, in a game whose hints say `search_horizon=2` —, the game's end,
  or `max_plies` moves; the end position scores 1 for a win, 0 for a loss, and the evaluation
  squashed to (0, 1) otherwise. The rest of the turn played well, the blocker that is coming, the
  turn ended too early are what a rollout sees and one step does not. A game's `BotHints`
  (tabletop/engine/hints.py, filled in its bot.py) may shape its rollouts: `rollout_actions` narrows
  the moves a rollout step scores (one way to pay, not each), `rollout_game` trims a determinization
  before the rollouts (deck cards no rollout reaches), `evaluate_cutoff` scores the end position
  instead of the evaluation (with the opponent's coming attacks made); `search_actions` narrows the
  moves scored at the root (each distinct move once).
- **Common samples, and greedy unless search is sure.** In each iteration every candidate is played
  in the same determinization, so candidates differ by what they do, not by the luck of the sample
  (coins and shuffles included). Search overrides greedy's choice only when a candidate beats it in
  these paired comparisons by more than CONFIDENCE standard errors; with a budget that allows only a
  few samples it plays greedy's move instead of noise.

`think` is a wall-clock budget in seconds (default 1 s; the bot stops a rollout mid-way rather than
overrun it, and never takes more than 1.2 × `think`). `rounds` fixes the number of iterations
instead, which makes its choices depend only on its seed — `tabletop simulate --rollouts N`.
"""
from __future__ import annotations

import math
import random
import statistics
import time

from tabletop.engine.game import Game
from tabletop.engine.hints import NO_HINTS
from tabletop.engine.msg import msg
from tabletop.engine.rng import Rng
from tabletop.engine.ruleset import load_ruleset

from .base import Bot, is_end
from .determinize import game_from_view
from .evaluate import WIN, answered, evaluate, hints_of, terms
from .greedy import after, pick, position_key, value
from .reasons import effect, known_ids, move_reason

DEFAULT_THINK = 1.0
# The game's settings, where its BotHints (tabletop/engine/hints.py) set none:
SCALE = NO_HINTS.search_scale            # evaluation points that make a rollout's end "clearly better"
CONFIDENCE = NO_HINTS.search_confidence  # standard errors by which a candidate must beat greedy's choice
WIDEN_C = NO_HINTS.search_widen          # progressive widening: ceil(WIDEN_C * n ** WIDEN_A) candidates
WIDEN_A = 0.5                            # after n iterations
ROLLOUT_REPLIES = 1    # forced choices followed when a rollout step scores a move
ROLLOUT_STALL = 25     # moves in one turn of a rollout after which passing play on is preferred
MARGIN = 0.01          # and by at least this much of a win


class SearchBot(Bot):
    """Choose by paired greedy rollouts over many sampled determinizations of the view."""

    name = "search"

    def __init__(self, player: int, rng: random.Random | None = None, think: float | None = None,
                 rounds: int | None = None, width: int = 8, horizon: int | None = None, max_plies: int = 60):
        super().__init__(player, rng)
        self.think = DEFAULT_THINK if think is None else float(think)
        self.rounds = rounds
        self.width = width          # most candidates searched, however long it thinks
        # Turns a rollout plays: 1 = to the end of this turn, 2 = to the end of the opponent's next;
        # None = the game's own (its BotHints' search_horizon).
        self.horizon = horizon
        self.max_plies = max_plies
        self.last_rollouts = 0
        self.last_iterations = 0    # determinizations sampled for the last decision (the bench reports them)
        self._horizon = 1 if horizon is None else horizon
        self._scale = SCALE
        self._confidence = CONFIDENCE
        self._min_pairs = 2
        self._widen = WIDEN_C
        self._root = None           # the game's hooks (see `configure`)
        self._filter = None
        self._trim = None
        self._cutoff = None
        self._turn = None
        self._seen: set = set()
        self._known: set = set()

    def decide(self, view, legal):
        start = time.perf_counter()
        # A margin for building the answer and for the move being scored when time runs out: rollouts
        # stop at the deadline, checked before every move they score.
        deadline = None if self.rounds is not None else start + self.think * 0.8
        rs = load_ruleset(view.ruleset)
        self.configure(rs)
        g0 = game_from_view(view, self.rng, rs)
        if view.turn != self._turn:
            self._turn, self._seen = view.turn, set()
        known = set(view.cards)
        self._known = known_ids(view)
        self._seen.add(position_key(g0, known))
        # Greedy's scores of the legal moves rank the candidates. On a machine so busy that even they
        # overrun the budget, the moves scored by then are the candidates (the budget is a promise).
        hard = None if self.rounds is not None else start + self.think
        scored = []
        if self._root is not None and len(legal) > 1:
            legal = self._root(g0, legal) or legal
        for a in legal:
            if hard is not None and scored and time.perf_counter() >= hard:
                break
            g2 = after(g0, a)
            if g2 is not None:
                scored.append((value(g2, self.player), a, g2))
        if not scored:
            raise RuntimeError("no legal action could be played in the bot's determinization")
        # Like greedy, never walk back to a position already seen this turn while there is another move.
        fresh = [e for e in scored if position_key(e[2], known) not in self._seen]
        scored = fresh or scored
        greedy_best = answered(g0, scored) or pick(scored, self.rng)
        ranked = [greedy_best] + sorted((e for e in scored if e is not greedy_best), key=lambda e: -e[0])
        ranked = ranked[:self.width]
        results: dict = {e[1]: [] for e in ranked}      # action -> value per iteration (None: not played)
        n = 0
        rollouts = 0
        while len(ranked) > 1:
            if self.rounds is not None and n >= self.rounds:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            active = ranked[:max(2, math.ceil(self._widen * (n + 1) ** WIDEN_A))]
            g = g0 if n == 0 else game_from_view(view, self.rng, rs)
            if self._trim is not None:
                g = g.clone() if n == 0 else g
                self._trim(g)
            row = {}
            seed = self.rng.getrandbits(63)
            for e in active:
                if deadline is not None and time.perf_counter() >= deadline:
                    break
                g2 = _after_seeded(g, e[1], seed)
                if g2 is None:
                    continue
                row[e[1]] = self.rollout(g2, view.turn, deadline)
                rollouts += 1
            if deadline is not None and len(row) < len(active):
                break      # an iteration cut short by the deadline is not a fair comparison: dropped
            for e in ranked:
                results[e[1]].append(row.get(e[1]))
            n += 1
        self.last_rollouts = rollouts
        self.last_iterations = n
        action, g2, share, wins = self.choose_result(greedy_best, ranked, results)
        if n == 0 or share is None:
            why = msg("no time to search: the best move one step ahead")
            return greedy_best[1], self._reason(g0, scored, greedy_best[1], greedy_best[2], why)
        why = msg("wins {share} of {n} playouts, {k} guesses of the hidden cards", share=f"{share:.0%}", n=wins, k=n)
        if action != greedy_best[1]:
            why = msg("{why}; looks better than {other} played out", why=why,
                      other=effect(terms(g0, self.player), terms(greedy_best[2], self.player)))
        return action, self._reason(g0, scored, action, g2, why)

    def configure(self, rs) -> None:
        """Read the game's search settings and rollout hooks from its `BotHints` (the defaults, and
        no hook, where it sets none)."""
        h = hints_of(rs)
        self._horizon = self.horizon if self.horizon is not None else int(h.search_horizon)
        self._scale = float(h.search_scale)
        self._confidence = float(h.search_confidence)
        self._min_pairs = max(2, int(h.search_min_pairs))   # a standard error needs two
        self._widen = float(h.search_widen)
        self._root = h.search_actions
        self._filter = h.rollout_actions
        self._trim = h.rollout_game
        self._cutoff = h.evaluate_cutoff

    def choose_result(self, greedy_best, ranked, results):
        """Return (action, position after it, its mean value, playouts): greedy's choice unless a
        candidate beats it in the paired iterations by CONFIDENCE standard errors and MARGIN."""
        base = results[greedy_best[1]]
        played = [v for v in base if v is not None]
        if not played:
            return greedy_best[1], greedy_best[2], None, 0
        best = (greedy_best, 0.0)
        for e in ranked[1:]:
            diffs = [a - b for a, b in zip(results[e[1]], base) if a is not None and b is not None]
            if len(diffs) < self._min_pairs:
                continue
            mean = statistics.fmean(diffs)
            se = statistics.stdev(diffs) / math.sqrt(len(diffs))
            if mean > MARGIN and mean > self._confidence * se and mean > best[1]:
                best = (e, mean)
        e = best[0]
        vals = [v for v in results[e[1]] if v is not None]
        return e[1], e[2], statistics.fmean(vals), len(vals)

    def _reason(self, g0, scored, action, g2, why):
        if is_end(action):
            rest = [e for e in scored if not is_end(e[1])]
            alt = max(rest, key=lambda e: e[0]) if rest else None
            return move_reason(g0, g2, action, why, self.reader, (alt[1], alt[2]) if alt else None, self._known)
        return move_reason(g0, g2, action, why, self.reader, known=self._known)

    def rollout(self, game: Game, turn: int, deadline: float | None) -> float:
        """Play on with the greedy policy for both players until the horizon; return the end value in [0, 1]."""
        me = self.player
        filt = self._filter
        g = game
        plies = 0
        moves, move_turn = 0, g.state.turn
        while g.state.outcome is None and g.state.turn < turn + self._horizon and plies < self.max_plies:
            if deadline is not None and time.perf_counter() >= deadline:
                break
            try:
                acts = g.legal_actions()
            except Exception:   # a determinization the controller cannot handle: judge it as it stands
                break
            if filt is not None:
                acts = filt(g, acts)
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
                who = g.to_act
                for a in acts:
                    if deadline is not None and nxt is not None and time.perf_counter() >= deadline:
                        break   # out of time: the best move found so far stands
                    g2 = after(g, a)
                    if g2 is None:
                        continue
                    v = value(g2, who, ROLLOUT_REPLIES, filt=filt)
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
        return self.squash(evaluate(g, me) if self._cutoff is None else self._cutoff(g, me), self._scale)

    @staticmethod
    def squash(score: float, scale: float = SCALE) -> float:
        """Map an evaluation to (0, 1) like a win chance: 0.5 is even, a win 1, a loss 0."""
        v = max(-WIN, min(WIN, score))
        return 0.5 + 0.5 * math.tanh(v / scale)


def _after_seeded(game: Game, action, seed: int) -> Game | None:
    """Return a copy of `game` with its generator set to `seed` and `action` applied (None if it fails),
    so every candidate of an iteration meets the same coins and shuffles."""
    g = game.clone()
    g.state.rng = Rng(seed)
    try:
        g.apply(action)
    except Exception:   # illegal or broken in this determinization: not a candidate here
        return None
    return g
