"""`Game`: the one API every consumer shares (the table, the bots, the simulator, the tests).

    g = Game.new("senkai", seed=7)
    for a in g.legal_actions(): ...
    g.apply(a)              # raises IllegalAction(reason) and changes nothing when illegal
    g.why_not(a)            # the reason, or None
    g.view(player)          # what that player may know
    g.outcome()             # Outcome or None
    g.concede(player)       # the table's menu: a player gives up, the opponent wins
    g.offer_draw(player); g.accept_draw(other)   # the table's menu: a draw both players agree to
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Literal, Sequence

from .action import Action, Event
from .controller import controller_class
from .errors import IllegalAction
from .msg import Msg, msg
from .ruleset import DeckList, Ruleset, load_ruleset
from .scenario import load_scenario
from .start import resolve_deck, resolve_options, zone_keys
from .state import Card, Outcome, State, zone_key
from .view import View, make_view

__all__ = ["Game", "resolve_deck", "resolve_options", "zone_keys", "MANUAL_PREFIX", "TABLE_PREFIX"]

MANUAL_PREFIX = "manual: "
TABLE_PREFIX = "table: "      # a move of the players, not of the rules: conceding, an agreed draw
TABLE_KINDS = ("concede", "agree_draw")


class Game:
    """A game in progress: ruleset, controller, state, and the action log since its start."""

    def __init__(self, ruleset: Ruleset, state: State, options: dict, decks: list[DeckList] | None,
                 initial: dict | None = None, actions: list[str] | None = None, scenario: str | None = None):
        self.ruleset = ruleset
        self.controller = controller_class(ruleset.controller)(ruleset)
        self.state = state
        self.options = options
        self.decks = decks
        self.initial = initial if initial is not None else state.to_dict()
        self.actions: list[str] = list(actions or [])
        self.barrier = len(self.actions)   # undo never goes back past this many actions
        self.barrier_why: Msg | None = None  # why the barrier stands where it does (None: the game's start)
        self.scenario = scenario
        self._cands: tuple[tuple, list[Action], list[Action] | None] | None = None  # (state key, candidates, legal or None)
        self._version = 0                  # bumped whenever the state changes
        self.draw_offer: int | None = None  # the player whose draw offer stands (until the next move)

    # --- creating ----------------------------------------------------------------------------
    @classmethod
    def new(cls, ruleset_id: str | Ruleset, decks: Sequence[Any] | None = None, seed: int = 0,
            options: dict | None = None) -> "Game":
        """Start a game: decks default to the ruleset's starter decks; `seed` drives every random draw.

        `ruleset_id` is an id or a loaded Ruleset; each deck a DeckList, a deck name or file, or None
        (the starter deck; see `resolve_deck`).
        """
        rs = ruleset_id if isinstance(ruleset_id, Ruleset) else load_ruleset(ruleset_id)
        decks = [resolve_deck(rs, d, i) for i, d in enumerate(decks or [None, None])]
        opts = resolve_options(rs, options)
        s = State(rs.id, int(seed))
        ctl = controller_class(rs.controller)(rs)
        for key in zone_keys(rs):
            s.zones[key] = []
        # Card ids are numbered in a shuffled order, so an id never tells which card a face-down one is.
        total = sum(len(d.cards(sec)) for d in decks for sec in rs.deck)
        uids = list(range(1, total + 1))
        s.rng.shuffle(uids)
        it = iter(uids)
        for p, deck in enumerate(decks):
            for sec, spec in rs.deck.items():
                key = zone_key(p, spec["zone"])
                for cid in deck.cards(sec):
                    uid = next(it)
                    s.cards[uid] = Card(uid, cid, p, key)
                    s.zones[key].append(uid)
        ctl.init(s, opts)
        ctl.setup(s, opts)
        ctl.after(s)
        ctl.settle_hidden(s)
        s.revealed = False
        return cls(rs, s, opts, decks)

    @classmethod
    def from_scenario(cls, path: str | Path, ruleset: Ruleset | None = None) -> "Game":
        """Start from a position written in a scenario file (see docs/scenarios.md); `ruleset`, if it is
        the one the file names, is used as loaded."""
        rs, state, options = load_scenario(Path(path), ruleset)
        return cls(rs, state, options, None, None, [], scenario=str(path))

    # --- the API -------------------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        """Who must act now (None once the game is over)."""
        return None if self.state.outcome else self.controller.to_act(self.state)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Return the legal actions of `player` (default: who must act), in a fixed order."""
        s = self.state
        if s.outcome is not None:
            return []
        ctl = self.controller
        p = ctl.to_act(s)
        if player is not None and player != p:
            return []
        cands = ctl.actions(s, p)
        legal = ctl.legal(s, cands)
        self._cands = ((self._version, id(s), len(s.log), p), cands, legal)    # (self._key(p))
        return list(legal)

    def _key(self, p: int) -> tuple:
        return (self._version, id(self.state), len(self.state.log), p)

    def _cached(self, p: int) -> tuple[list[Action], list[Action] | None]:
        """Return (candidates, legal actions or None) of `p`, cached until the state changes.

        Lists, not sets: one membership test by equality over a few dozen actions (tuples, compared
        in C) is cheaper than hashing them all, and `apply` asks exactly once per action.
        """
        if self._cands is None or self._cands[0] != self._key(p):
            self._cands = (self._key(p), self.controller.actions(self.state, p), None)
        return self._cands[1], self._cands[2]

    def why_not(self, action: Action) -> str | None:
        """Return why `action` is illegal now, in words (with the rule id where one applies), or None."""
        s = self.state
        if s.outcome is not None:
            return msg("the game is over ({outcome})", outcome=s.outcome.message)
        if not isinstance(action, Action):
            return msg("not an action")
        who = self.controller.to_act(s)
        if action.player != who:
            return msg("it is P{n}'s move, not P{m}'s", n=who + 1, m=action.player + 1)
        cands, legal = self._cached(action.player)
        if legal is not None and action in legal:
            return None          # checked by legal_actions in this very position
        reason = self.controller.check(s, action)
        if reason is None and action not in cands:
            # The check passed but no cached candidate has exactly these arguments. Ask the
            # controller afresh (the state may have been edited by hand since), then refuse:
            # an argument is extra or odd.
            self._cands = None
            if action not in self._cached(action.player)[0]:
                return msg("{kind} does not take those arguments ({action})", kind=action.kind, action=str(action))
        return reason

    def apply(self, action: Action | str) -> list[Event]:
        """Apply a legal action and return the events it caused; raise IllegalAction otherwise."""
        if isinstance(action, str):
            action = Action.parse(action)
        got = self._cands
        s = self.state
        if (got is None or got[2] is None or not isinstance(action, Action)
                or got[0] != (self._version, id(s), len(s.log), action.player)     # (self._key)
                or action not in got[2]):
            # (else: listed as legal by legal_actions in this very position, for the player to act)
            reason = self.why_not(action)
            if reason is not None:
                raise IllegalAction(reason, action)
        return self._run(action, str(action), self.controller.execute)

    def manual(self, action: Action | str) -> list[Event]:
        """Apply a manual-override move (sandbox rules: anything goes); it is logged as manual."""
        if isinstance(action, str):
            action = Action.parse(action)
        if self.state.outcome is not None:
            raise IllegalAction(msg("the game is over"), action)
        reason = self.controller.manual_check(self.state, action)
        if reason is not None:
            raise IllegalAction(reason, action)
        return self._run(action, MANUAL_PREFIX + str(action), self.controller.manual_apply)

    # --- the players' own ends: conceding and an agreed draw ----------------------------------
    def concede(self, player: int) -> list[Event]:
        """End the game at once: `player` concedes (投了) and the opponent wins.

        Allowed at any moment of a running game, whoever is to act (a player may give up while the
        opponent thinks). Logged and replayed like an action; undo does not take it back.
        """
        return self._table(Action.make("concede", player))

    def offer_draw(self, player: int) -> None:
        """Offer the opponent a draw; the offer stands until it is accepted, declined or a move is made."""
        if self.state.outcome is not None:
            raise IllegalAction(str(msg("the game is over ({outcome})", outcome=self.state.outcome)))
        if player not in (0, 1):
            raise IllegalAction(str(msg("no player P{n}", n=player + 1)))
        self.draw_offer = player

    def decline_draw(self, player: int) -> None:
        """Decline the opponent's standing draw offer (nothing else changes)."""
        if self.draw_offer == 1 - player:
            self.draw_offer = None

    def accept_draw(self, player: int) -> list[Event]:
        """Accept the opponent's standing draw offer: the game ends in a draw both players agreed to."""
        if self.draw_offer != 1 - player:
            raise IllegalAction(str(msg("P{n} has not offered a draw", n=2 - player)))
        return self._table(Action.make("agree_draw", player))

    def _table(self, action: Action) -> list[Event]:
        if self.state.outcome is not None:
            raise IllegalAction(str(msg("the game is over ({outcome})", outcome=self.state.outcome)), action)
        if action.player not in (0, 1):
            raise IllegalAction(str(msg("no player P{n}", n=action.player + 1)), action)
        return self._run(action, TABLE_PREFIX + str(action), self._table_apply)

    def _table_apply(self, s: State, action: Action) -> None:
        p = action.player
        if action.kind == "concede":
            self.controller.win(s, 1 - p, str(msg("P{n} concedes (投了)", n=p + 1)))
        elif action.kind == "agree_draw":
            self.controller.win(s, None, str(msg("both players agree to a draw (P{n} offered, P{m} accepted)",
                                                 n=2 - p, m=p + 1)))
        else:
            raise IllegalAction(str(msg("{kind} is not a table move", kind=action.kind)), action)

    def _run(self, action: Action, record: str, fn: Callable[[State, Action], None]) -> list[Event]:
        s = self.state
        ctl = self.controller
        n_log, draws = len(s.log), s.rng.draws
        actor = None if s.outcome else ctl.to_act(s)
        self.draw_offer = None
        s.revealed = False
        self._version += 1
        try:
            fn(s, action)
            ctl.after(s)
            if s.lost:
                ctl.settle_hidden(s)
        except Exception:
            # A controller bug must not leave a half-applied action: rebuild the state as it was.
            self.state = self._replayed(self.actions)
            raise
        self.actions.append(record)
        why = (_BARRIER_WHY["over"] if s.outcome is not None else _BARRIER_WHY["revealed"] if s.revealed
               else _BARRIER_WHY["random"] if s.rng.draws != draws else
               _BARRIER_WHY["passed"] if ctl.to_act(s) != actor else None)     # (self.to_act: the game is not over)
        if why is not None:
            self.barrier, self.barrier_why = len(self.actions), why
        s.revealed = False
        return s.log[n_log:]

    def view(self, player: int) -> View:
        """Return what `player` may know (the only thing a renderer or a bot receives)."""
        return make_view(self.state, self.controller, player, decks=self.deck_lists(player))

    def deck_lists(self, viewer: int | None = None) -> list[dict]:
        """Return each player's deck list ({card id: count}) as `viewer` may know it, from the cards the game holds.

        A player knows their own list (they built it); the opponent's list is empty unless the game
        option `open_decklists` is on. `viewer` None returns both lists (for the engine and tests).
        """
        lists: list[dict[str, int]] = [{}, {}]
        for c in self.state.cards.values():
            lists[c.owner][c.cid] = lists[c.owner].get(c.cid, 0) + 1
        out = [dict(sorted(d.items())) for d in lists]
        if viewer is not None and not (self.options or {}).get("open_decklists"):
            out[1 - viewer] = {}
        return out

    def outcome(self) -> Outcome | None:
        return self.state.outcome

    def is_over(self) -> bool:
        return self.state.outcome is not None

    def describe(self, action: Action, viewer: int | None = None) -> str:
        """Return an action in words for `viewer` (a Msg): any action, legal or not, of either player;
        a card hidden from `viewer` is never named (Controller.describe_for)."""
        return self.controller.describe_for(self.state, action, viewer)

    def drop_action(self, player: int, uid: int, zone: str, target: int | None = None) -> Action | None:
        """Return the action a drag of `uid` onto `zone`/`target` means (legal or not), or None."""
        return self.controller.drop_action(self.state, player, uid, zone, target)

    # --- undo, clone, replay ------------------------------------------------------------------
    def can_undo(self) -> bool:
        return len(self.actions) > self.barrier

    def undo_blocked(self, viewer: int | None = None) -> Msg | None:
        """Return why `undo` would refuse now (the action that set the barrier, or nothing to undo), or None."""
        if self.can_undo():
            return None
        why = self.barrier_why or _BARRIER_WHY["start"]
        if why is _BARRIER_WHY["revealed"] and self.actions and len(self.actions) == self.barrier:
            # Which hidden card, and to whom: read once per barrier from the position before the last
            # action (a replay of a few dozen ms), so the table's tooltip names the event itself.
            key = (len(self.actions), self.actions[-1], viewer)
            hit = getattr(self, "_reveal_why", None)
            if hit is None or hit[0] != key:
                try:
                    found = self._revealed_by_last("all" if viewer is None else viewer)
                except Exception:  # noqa: BLE001 - a replay that fails here: the general reason still holds
                    found = None
                hit = self._reveal_why = (key, found)
            return hit[1] or why
        return why

    def _revealed_by_last(self, viewer: int | Literal["all"]) -> Msg | None:
        """Return which hidden card the last action showed and to whom, or None; a card is named only
        where `viewer` (a player, or "all": both) sees it now."""
        text = self.actions[-1]
        for prefix in (MANUAL_PREFIX, TABLE_PREFIX):
            text = text[len(prefix):] if text.startswith(prefix) else text
        actor = Action.parse(text).player
        before, s, ctl = self._replayed(self.actions[:-1]), self.state, self.controller
        shown, given = None, None
        for u, c in s.cards.items():
            c0 = before.cards.get(u)
            if c0 is None or c0.cid != c.cid:
                continue
            was, now = ctl.seen_by(before, c0), ctl.seen_by(s, c)
            if now[actor] and not was[actor]:
                return msg("the last action showed P{n} {card} from {zone}, hidden until then — undo stops before "
                           "hidden information", n=actor + 1, card=ctl.card_ref(s, u, viewer),
                           zone=ctl.zone_label(c0.zone))
            if now[1 - actor] and not was[1 - actor]:
                if now[actor]:
                    shown = shown or msg("the last action showed {card} to P{n} — undo stops before hidden "
                                         "information", card=ctl.card_ref(s, u, viewer), n=2 - actor)
                else:
                    given = given or msg("the last action let P{n} see a hidden card from {zone} — undo stops before "
                                         "hidden information",
                                         n=2 - actor, zone=ctl.zone_label(c0.zone))
        return shown or given

    def undo(self) -> bool:
        """Take back the last action, unless it revealed a hidden card, drew randomness or passed play."""
        if not self.can_undo():
            return False
        self.actions.pop()
        self.state = self._replayed(self.actions)
        self._version += 1
        return True

    def _replayed(self, actions: list[str]) -> State:
        g = Game(self.ruleset, State.from_dict(self.initial), self.options, self.decks, self.initial, [], self.scenario)
        for text in actions:
            g.replay_one(text)
        return g.state

    def replay_one(self, text: str) -> list[Event]:
        if text.startswith(MANUAL_PREFIX):
            return self.manual(text[len(MANUAL_PREFIX):])
        if text.startswith(TABLE_PREFIX):
            a = Action.parse(text[len(TABLE_PREFIX):])
            if a.kind not in TABLE_KINDS:
                raise IllegalAction(str(msg("{kind} is not a table move", kind=a.kind)), a)
            return self._table(a)
        return self.apply(text)

    def clone(self) -> "Game":
        """Return an independent copy (the action log and undo point included)."""
        g = Game.__new__(Game)
        g.ruleset, g.controller, g.options, g.decks = self.ruleset, self.controller, self.options, self.decks
        g.state = self.state.clone()
        g.initial = self.initial
        g.actions = list(self.actions)
        g.barrier, g.barrier_why = self.barrier, self.barrier_why
        g.scenario = self.scenario
        g._cands, g._version = None, 0
        g.draw_offer = self.draw_offer
        if self._cands is not None and self._cands[0] == self._key(self._cands[0][3]):
            # Same position, same legal actions: the copy need not check them again (bots clone a
            # game, then apply one of its legal actions to the copy, thousands of times a decision).
            g._cands = (g._key(self._cands[0][3]), self._cands[1], self._cands[2])
        return g

    def to_dict(self) -> dict:
        """Return everything needed to rebuild this game: its start, its action log, and a state snapshot."""
        return {"ruleset": self.ruleset.id, "seed": self.state.seed, "options": dict(self.options),
                "decks": [d.to_dict() for d in self.decks] if self.decks else None,
                "scenario": self.scenario, "initial": self.initial, "actions": list(self.actions),
                "state": self.state.to_dict()}

    @classmethod
    def from_dict(cls, d: dict, check: bool = True, words: bool = True) -> "Game":
        """Rebuild a game by replaying its log from its start; check the result against the snapshot.

        `words=False` leaves the words (log, prompts, the outcome's reason) out of the check: a save
        of format version 1 wrote them as plain text.
        """
        rs = load_ruleset(d["ruleset"])
        decks = [DeckList.from_dict(x) for x in d["decks"]] if d.get("decks") else None
        g = cls(rs, State.from_dict(d["initial"]), dict(d.get("options") or {}), decks, d["initial"], [], d.get("scenario"))
        for i, text in enumerate(d["actions"]):
            try:
                g.replay_one(text)
            except (IllegalAction, ValueError) as e:
                why = e.reason if isinstance(e, IllegalAction) else str(e)
                raise IllegalAction(msg("action {n} of the log ({text!r}) does not replay: {why}", n=i + 1, text=text,
                                        why=why)) from None
        g.barrier, g.barrier_why = len(g.actions), _BARRIER_WHY["loaded"]
        if check and "state" in d and _checked(g.state.to_dict(), words) != _checked(d["state"], words):
            raise IllegalAction(msg("the replayed game does not match the saved position "
                                    "(the save was made with other card data or another version)"))
        return g


# Why undo stops where it does (Game.undo_blocked): the kinds of action it never takes back.
_BARRIER_WHY = {
    "revealed": msg("the last action drew or showed a hidden card — undo stops before hidden information"),
    "random": msg("the last action drew on chance (a shuffle, a coin) — undo stops before hidden information"),
    "passed": msg("the last action handed play to the other player — undo stops there"),
    "over": msg("the game is over"),
    "start": msg("nothing to undo yet"),
    "loaded": msg("the game was loaded here — undo stops at the loaded position"),
}


# --- helpers ---------------------------------------------------------------------------------
def _checked(state: dict, words: bool) -> dict:
    """Return a state's data as a save's check compares it (without the words when `words` is False)."""
    if words or not isinstance(state, dict):
        return state
    out = {k: v for k, v in state.items() if k not in ("log", "pending", "outcome")}
    out["pending"] = [{k: v for k, v in p.items() if "prompt" not in k} for p in state.get("pending") or []
                      if isinstance(p, dict)]
    out["outcome"] = (state.get("outcome") or {}).get("winner", "none")
    return out
