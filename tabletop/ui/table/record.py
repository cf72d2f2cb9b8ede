"""The game's record for the result screen: each player's life per turn, cards played, time taken.

`GameRecord.note(game)` is called after every change (by `Actions.after`); it reads only public
facts of the state (wall counts, HP, deck HP, guardian counts — numbers every player sees on the
table) and the action log, and keeps plain numbers. Drawing the timeline (`result.py`) only reads
them, so nothing is recorded in drawing code.
"""
from __future__ import annotations

import time

from tabletop.engine import Action, TabletopError
from tabletop.i18n import N_

# Actions that move a card out of its owner's hand without playing it.
NOT_PLAYED = frozenset({"discard", "mulligan", "redraw", "keep", "m_move", "m_top"})
# Without a hand (fourdeck), a card is played when it comes out onto the field or is used as a spell.
HANDLESS_PLAYED = frozenset({"enter", "spell"})


def _walls(s, p):
    return len(s.zones.get(f"{p}.walls", ()))


def _deck_hp(s, p):
    return sum(v for k, v in s.players[p].items() if k.startswith("hp_") and isinstance(v, int))


def _guardians(s, p):
    return len(s.zones.get(f"{p}.guardians", ()))


def _hp(s, p):
    v = s.players[p].get("hp", 0)
    return v if isinstance(v, int) else 0


def _main_hp(s, p, ctl=None):
    if ctl is None or not hasattr(ctl, "main_of"):
        return 0
    m = ctl.main_of(s, p)
    return ctl.hp(s, m) if m is not None else 0


# controller id -> (the life's name in English, how to read it from the state: (state, player[, controller]))
LIFE = {
    "senkai": (N_("Walls"), _walls),
    "fourdeck": (N_("Deck HP"), _deck_hp),
    "ijinden": (N_("Guardians"), _guardians),
    "monmusu": (N_("HP"), _hp),
    "danmaku": (N_("Main character HP"), _main_hp),
}


def life_metric(controller_id: str):
    """Return (name, reader) of a ruleset's life: what falling towards zero loses the game (HP if unknown)."""
    return LIFE.get(controller_id, ("HP", _hp))


class GameRecord:
    """Numbers of one game kept for its end: life per turn of both players, cards played, time."""

    REPLAY_MAX = 3000   # a loaded game's earlier actions are replayed for its timeline, up to this many

    def __init__(self, game, clock=time.monotonic):
        self.clock = clock
        self.started = clock()
        self.ended = None
        self.name, self._read = life_metric(game.ruleset.controller)
        self.samples: list[tuple[int, int, int]] = []   # (turn, P1 life, P2 life), the last value of each turn
        self.played: list[tuple[int, int]] = []         # (index in the action log, player) of each card played
        self.handless = not any(k.endswith(".hand") for k in game.state.zones)
        self._seen = self._log_seen = 0
        past = self._start_of(game) if game.actions and len(game.actions) <= self.REPLAY_MAX else None
        if past is not None:   # a loaded or continued game: its timeline from its first action
            self._hands = self._hand_cards(past)
            self.note(past)
            for text in game.actions:
                try:
                    past.replay_one(text)
                except (TabletopError, ValueError, KeyError):   # a log that does not replay here: keep what was read
                    break
                self.note(past)
        self._seen = len(game.actions)
        self._log_seen = len(game.state.log)
        self._hands = self._hand_cards(game)
        self.note(game)
        self.timed = not (past is not None and game.is_over())   # finished before this table opened: time unknown

    @staticmethod
    def _start_of(game):
        """Return a copy of the game at its first position (None when it cannot be rebuilt)."""
        try:
            from tabletop.engine.state import State
            return type(game)(game.ruleset, State.from_dict(game.initial), game.options, game.decks,
                              game.initial, [], game.scenario)
        except (TabletopError, ValueError, KeyError, TypeError):
            return None

    def _life(self, game, p: int) -> int:
        try:
            if self._read is _main_hp:
                return int(_main_hp(game.state, p, game.controller))
            return int(self._read(game.state, p))
        except (KeyError, AttributeError, TypeError, ValueError):
            return 0

    @staticmethod
    def _hand_cards(game) -> list[set]:
        s = game.state
        return [set(s.zones.get(f"{p}.hand", ())) for p in (0, 1)]

    def note(self, game) -> None:
        """Record what changed since the last note: new actions (cards played) and this turn's life."""
        n = len(game.actions)
        if n < self._seen:   # undone: forget what was taken back
            self.played = [x for x in self.played if x[0] < n]
        log = game.state.log
        if self.handless:
            for e in log[min(self._log_seen, len(log)):]:
                uid = e.data.get("card") if e.kind in HANDLESS_PLAYED else None
                if isinstance(uid, int) and uid in game.state.cards:
                    self.played.append((n - 1, game.state.cards[uid].owner))
        self._log_seen = len(log)
        for i in range(self._seen, n) if not self.handless else ():
            text = game.actions[i]
            if text.startswith(("manual: ", "table: ")):
                continue
            try:
                a = Action.parse(text)
            except ValueError:
                continue
            uid = a.get("card")
            if a.kind not in NOT_PLAYED and isinstance(uid, int) and 0 <= a.player < 2 and uid in self._hands[a.player]:
                self.played.append((i, a.player))
        self._seen = n
        self._hands = self._hand_cards(game)
        turn = game.state.turn
        life = (self._life(game, 0), self._life(game, 1))
        if self.samples and self.samples[-1][0] == turn:
            self.samples[-1] = (turn, *life)
        else:
            self.samples.append((turn, *life))
        if game.is_over() and self.ended is None:
            self.ended = self.clock()

    def cards_played(self, p: int) -> int:
        return sum(1 for _, q in self.played if q == p)

    def seconds(self) -> float:
        """Return the time the game took (until its end, or until now)."""
        return (self.ended if self.ended is not None else self.clock()) - self.started
