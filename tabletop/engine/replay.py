"""Replays: step through a finished (or saved) game by action and by turn, and continue from any point.

    r = Replay.from_save("saves/g.json")      # or Replay.from_sim("run.json", game=3)
    r.step(+1); r.step_turn(-1); r.seek(40)
    r.view(seat=0)                            # what P1 saw then
    r.view(seat=0, reveal=True)               # everything, from P1's side of the table
    g = r.continue_from_here()                # a new Game from this point, its history kept

A replay is after the game, so it may show every card. Positions are numbered by actions applied:
0 is the start, `len(r)` the end. Stepping back restores the nearest checkpoint (a state copy
every CHECKPOINT actions) and replays forward from it, so a step costs at most that many actions.
"""
from __future__ import annotations

from pathlib import Path

from .errors import IllegalAction, SaveError, TabletopError, clip
from .game import Game, _checked, resolve_deck
from .msg import msg
from .ruleset import DeckList, load_ruleset
from .state import State
from .view import View, make_view

CHECKPOINT = 32


class _SeeAll:
    """A controller seen through a replay's glass: every card is visible; everything else is asked of it."""

    def __init__(self, ctl):
        self._ctl = ctl

    def visible(self, s, card, player) -> bool:
        return True

    def __getattr__(self, name):
        return getattr(self._ctl, name)


class Replay:
    """A game's start and its action log, with a cursor that moves over it."""

    def __init__(self, start: Game, actions: list[str], final: dict | None = None, source: str = "<replay>",
                 words: bool = True):
        """Replay `actions` from `start` (a game at its first position) once, keeping checkpoints.

        `final` is the saved snapshot of the last position, if any: a log that does not end there is
        refused, as loading the save would refuse it.
        """
        self.source = source
        self.actions = list(actions)
        self._start = start.clone()
        self._checkpoints: dict[int, Game] = {0: start.clone()}
        self.turns: list[int] = [start.state.turn]       # the turn number at each position
        self.log_len: list[int] = [len(start.state.log)]  # log lines at each position
        g = start.clone()
        for i, text in enumerate(self.actions):
            try:
                g.replay_one(text)
            except (IllegalAction, ValueError) as e:
                raise SaveError(msg("{source}: action {n} of the log ({action!r}) does not replay: {why}",
                                    source=source, n=i + 1, action=clip(text, 80),
                                    why=clip(e.reason if isinstance(e, IllegalAction) else str(e), 500))) from None
            self.turns.append(g.state.turn)
            self.log_len.append(len(g.state.log))
            if (i + 1) % CHECKPOINT == 0:
                self._checkpoints[i + 1] = g.clone()
        # words=False: a version 1 save wrote its log as plain text, left out of the check (see game._checked)
        if final is not None and _checked(g.state.to_dict(), words) != _checked(final, words):
            raise SaveError(msg("{source}: the replayed game does not match the saved position", source=source))
        self._end = g
        self.pos = len(self.actions)
        self.game = g.clone()
        # Everything may be shown once the game is over; a save of a game still being played
        # (an autosave) shows each seat only what it saw, or its players' hands would leak.
        self.can_reveal = g.is_over()

    # --- opening -------------------------------------------------------------------------------
    @classmethod
    def from_save_dict(cls, d: dict, source: str = "<save>") -> "Replay":
        """Return the replay of a save's contents (see engine/saves.py), positioned at its end."""
        try:
            rs = load_ruleset(d["ruleset"])
            decks = [DeckList.from_dict(x) for x in d["decks"]] if d.get("decks") else None
            start = Game(rs, State.from_dict(d["initial"]), dict(d.get("options") or {}), decks, d["initial"], [],
                         d.get("scenario"))
        except TabletopError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError) as e:
            raise SaveError(msg("{path}: the save is damaged ({error})", path=source,
                                error=clip(f"{type(e).__name__}: {e}"))) from None
        try:
            return cls(start, d["actions"], d.get("state"), source, words=d.get("version") != 1)
        except (KeyError, TypeError, AttributeError, IndexError, RecursionError) as e:
            raise SaveError(msg("{path}: the save is damaged ({error})", path=source,
                                error=clip(f"{type(e).__name__}: {e}"))) from None

    @classmethod
    def from_save(cls, path) -> "Replay":
        """Return the replay of a save file; a damaged save is a SaveError naming the file."""
        from .saves import read_save
        return cls.from_save_dict(read_save(Path(path)), str(path))

    @classmethod
    def from_sim(cls, path, game: int = 0) -> "Replay":
        """Return the replay of game `game` (its index) of a `tabletop simulate --out FILE` run.

        The run's file holds each game's seed and action log and the decks it was played with.
        """
        from .saves import MAX_ACTION, load_json
        path = Path(path)
        d = load_json(path, "simulate --out file")
        if not isinstance(d, dict) or not isinstance(d.get("records"), list) or "ruleset" not in d:
            raise SaveError(f"{path}: not a `tabletop simulate --out` file")
        recs = [r for r in d["records"] if isinstance(r, dict) and r.get("index") == game]
        if not recs:
            raise SaveError(f"{path}: no game {game} (games 0 to {len(d['records']) - 1})")
        rec = recs[0]
        if "log" not in rec:
            raise SaveError(f"{path}: game {game} has no action log (the run was made by an older tabletop)")
        log, seed = rec.get("log"), rec.get("seed")
        if (not isinstance(log, list) or not all(isinstance(a, str) and len(a) <= MAX_ACTION for a in log)
                or not isinstance(seed, int) or isinstance(seed, bool)):
            raise SaveError(f"{path}: game {game} is damaged (its seed or action log)")
        from .saves import check_save
        check_save({"ruleset": d["ruleset"], "initial": {"cards": [], "seed": seed}, "seed": seed}, path)
        try:
            rs = load_ruleset(d["ruleset"])
            decks = [DeckList.from_dict(x) for x in d["decks"]] if d.get("decks") else [None, None]
            decks = [resolve_deck(rs, x, i) for i, x in enumerate(decks)]
            start = Game.new(rs, decks=decks, seed=seed)
        except TabletopError as e:
            raise SaveError(f"{path}: {clip(str(e), 2000)}") from None
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            raise SaveError(f"{path}: the run's decks are damaged ({clip(f'{type(e).__name__}: {e}')})") from None
        r = cls(start, rec["log"], None, f"{path} game {game}")
        r.can_reveal = True   # bots played it: no player's secret to keep, even in a game cut off unfinished
        return r

    # --- moving ----------------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.actions)

    def seek(self, pos: int) -> Game:
        """Move to position `pos` (clamped to 0..len) and return the game there (do not apply to it)."""
        pos = max(0, min(len(self.actions), int(pos)))
        if pos == self.pos:
            return self.game
        if pos == len(self.actions):
            g = self._end.clone()
        elif pos > self.pos and pos - self.pos <= CHECKPOINT:
            g = self.game
        else:
            base = max(k for k in self._checkpoints if k <= pos)
            g = self._checkpoints[base].clone()
        for text in self.actions[len(g.actions) - len(self._start.actions):pos]:
            g.replay_one(text)
        self.game, self.pos = g, pos
        return g

    def step(self, n: int = 1) -> Game:
        """Move `n` actions forward (negative: back) and return the game there."""
        return self.seek(self.pos + n)

    def turn_starts(self) -> list[int]:
        """Return the positions where a turn begins (the start, and every action that changed the turn)."""
        return [0] + [i for i in range(1, len(self.turns)) if self.turns[i] != self.turns[i - 1]]

    def step_turn(self, n: int = 1) -> Game:
        """Move to the start of the next turn (n > 0) or of this or the previous one (n < 0), |n| times.

        Back from the middle of a turn goes to its start; back from a turn's start, to the one before.
        Forward from the last turn goes to the end.
        """
        starts = self.turn_starts()
        pos = self.pos
        for _ in range(abs(n)):
            if n > 0:
                pos = next((s for s in starts if s > pos), len(self.actions))
            else:
                pos = max((s for s in starts if s < pos), default=0)
        return self.seek(pos)

    @property
    def turn(self) -> int:
        return self.turns[self.pos]

    # --- seeing --------------------------------------------------------------------------------
    def view(self, seat: int = 0, reveal: bool = False) -> View:
        """Return the position as `seat` saw it, or (reveal) with every card, prompt and log line shown.

        Revealing needs `can_reveal` (the game is over, or bots played it); otherwise it raises
        TabletopError, so a table offers the choice only where it is allowed.
        """
        g = self.game
        if not reveal:
            return g.view(seat)
        if not self.can_reveal:
            raise TabletopError(msg("the game is still being played: a replay shows everything only after its end"))
        s = g.state
        v = make_view(s, _SeeAll(g.controller), seat, decks=g.deck_lists())
        v.pending = [dict(p) for p in s.pending]
        v.log = [e.text for e in s.log[-200:]]
        return v

    def last_action(self) -> str | None:
        """Return the text of the action that led here (None at the start)."""
        return self.actions[self.pos - 1] if self.pos else None

    def new_lines(self, seat: int | None = None) -> list[str]:
        """Return the log lines the last action wrote, as `seat` read them (None: everything)."""
        if not self.pos:
            return []
        lines = self.game.state.log[self.log_len[self.pos - 1]:self.log_len[self.pos]]
        return [e.text if seat is None else e.text_for(seat) for e in lines]

    # --- leaving -------------------------------------------------------------------------------
    def continue_from_here(self) -> Game:
        """Return a new, independent Game at this position, its history kept (undo stops here)."""
        g = self.game.clone()
        g.barrier = len(g.actions)
        return g
