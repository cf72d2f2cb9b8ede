"""The controller base class, its registry, and the table operations every ruleset shares.

A controller enforces one ruleset. It is stateless: all game state is in the `State` it is given.
A ruleset writes, for each action kind K, a `check_K(s, a) -> reason | None` and a `do_K(s, a)`,
plus `actions(s, player)` listing candidate actions. The legal actions are exactly the candidates
whose check passes, so the UI's highlights, `why_not`, the bots and the fuzzer share one source.
(A controller may name, in `exact`, kinds whose candidates it lists only where their check passes;
`legal` takes those as listed; the tests hold every ruleset's legal lists to its checks.)

The base class is here (the hooks, the dispatch, the table operations); three parts it inherits sit
beside it: `words.py` (actions, cards and zones in words for a reader), `sight.py` (who sees a card,
fresh ids for cards out of sight) and `manual.py` (the manual override). `registry.py` maps ids to
classes.
"""
from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any, Callable

from .action import Action, Event
from .msg import msg
from .state import Card, Outcome, State, split_key, zone_key
# The parts of the base class, and the names other modules import from here:
from .manual import ControllerManual
from .registry import (ControllerSource, _REGISTRY, add_source, controller_class, controller_ids,  # noqa: F401
                       import_error, register)
from .sight import _SEEN_BY, CARD_KEYS, ControllerSight, _ids, _remap  # noqa: F401
from .words import CardName, ControllerWords, player_name  # noqa: F401

_new = object.__new__
_REVEAL = attrgetter("reveal")
N_ = str   # marks a message key for the catalogue scan (tabletop.i18n_scan); rendered later

if TYPE_CHECKING:
    from .ruleset import CardDef, DeckList, Ruleset, ZoneSpec
    from .hints import BotHints


# The hooks a ruleset writes, found by name: `check_K` and `do_K` for each action kind K, and
# `answer_K` for each kind K of pending choice (see `Controller.check`, `execute`, `answers`).
CheckHook = Callable[[State, Action], "str | None"]    # why the action is illegal now, or None
DoHook = Callable[[State, Action], None]               # carry out a legal action
AnswerHook = Callable[[State, int, dict], list[Action]]   # the answers of `player` to a pending choice


FIXED_COINS = "fixed_coins"   # key in State.data: coin results a scenario fixed in advance (heads True)


class Controller(ControllerWords, ControllerSight, ControllerManual):
    """Base of every controller: rule hooks to override, and shared table operations."""

    id = ""
    # Action kinds whose candidates `actions` lists only where their check passes (the candidate
    # loop asks the check's own questions): `legal` does not ask the check again for them. The
    # tests (tests/simcheck.py, after every action of the random games; test_legal_exact, over every
    # scenario) compare the legal list with the check asked of every shape `drop_candidates` lists.
    exact: frozenset[str] = frozenset()

    def __init__(self, ruleset: Ruleset) -> None:
        self.rs = ruleset
        self.params = ruleset.parameters
        self._checks: dict[str, CheckHook | None] = {}      # action kind -> bound check_<kind> (found once; check() is hot)
        self._does: dict[str, Any] = {}        # action kind -> bound do_<kind> (found once)
        self._answer_fns: dict[str, Any] = {}  # pending kind -> bound answer_<kind> or None (found once)
        self._zones: dict[str, tuple[int | None, ZoneSpec]] = {}       # zone key -> (owner, ZoneSpec), see zone_spec()
        self._sight: dict[str, Any] = {}       # zone key -> who sees a card there (see seen_by)
        self._words: dict[Any, Any] = ruleset._words   # card or zone -> its words (card_ref, zone_label), shared by the ruleset's games

    # --- hooks a ruleset overrides --------------------------------------------------------
    @classmethod
    def check_deck(cls, deck: DeckList, rs: Ruleset) -> list[tuple[int, str]]:
        """Return (line, message) for each deck rule beyond the generic ones of ruleset.yaml."""
        return []

    @classmethod
    def bot_hints(cls) -> BotHints:
        """Return what the bots know of this game (a game's bot.py fills it; imported here when a
        bot first asks, so a table between two people never loads it)."""
        from .hints import NO_HINTS   # here: a table between two people loads no bot knowledge
        return NO_HINTS

    def init(self, s: State, options: dict) -> None:
        """Fill player values and controller data with their starting defaults (new games and scenarios)."""

    def setup(self, s: State, options: dict) -> None:
        """Prepare a new game: the decks are in their zones face down; shuffle, deal, choose first player."""

    def actions(self, s: State, player: int) -> list[Action]:
        """Return candidate actions for `player`, in a fixed order; illegal ones are filtered by `check`.
        A controller with pending choices opens it with `if s.pending: return self.answers(s, player)`."""
        return []

    def answers(self, s: State, player: int) -> list[Action]:
        """Return the candidate answers to the first pending choice: `answer_<kind>(s, player, pending)`
        lists them, for its `player` only (nobody else acts while a choice waits; no method: none)."""
        pending = s.pending[0]
        if pending["player"] != player:
            return []
        kind = pending["kind"]
        fns = self._answer_fns
        answer = fns[kind] if kind in fns else fns.setdefault(kind, getattr(self, "answer_" + kind, None))
        return answer(s, player, pending) if answer is not None else []

    def after(self, s: State) -> None:
        """Apply state-based rules after every action (win checks, automatic phases)."""

    def public(self, s: State, viewer: int) -> dict:
        """Return extra public facts for the view (rights, counters, totals)."""
        return {}

    # The printed numbers a card's current value can differ from (modifiers, auras, attached cards):
    # `live_stats` compares `stat(s, uid, name)` with the printed value for each. Override it where a
    # game computes a number its own way.
    LIVE_STATS: tuple[str, ...] = ()

    if TYPE_CHECKING:
        def stat(self, s: State, uid: int, name: str) -> int:
            """A card's current value of stat `name` (EffectsMixin's, or the game's own)."""

    def live_stats(self, s: State, uid: int) -> dict:
        """Return {stat: current value} for the card's numbers that differ from the printed ones."""
        if not self.LIVE_STATS:
            return {}
        d = self.rs.cards.get(s.cards[uid].cid)
        if d is None:
            return {}
        out = {}
        for name in self.LIVE_STATS:
            printed = d.get(name)
            if isinstance(printed, int):
                now = self.stat(s, uid, name)
                if now != printed:
                    out[name] = now
        return out

    def view_data(self, s: State, viewer: int) -> dict:
        """Return the controller data a viewer receives (all of it: controllers keep no secrets there)."""
        from .state import copy_json
        return copy_json(s.data)

    def drop_candidates(self, s: State, player: int) -> list[Action]:
        """Return every action a drag may mean, legal or not (default: the candidates).

        A controller that leaves out of `actions` the candidates its check would surely refuse (for
        speed) lists them all here, so a refused drop still maps to its action and the table can say why.
        """
        return self.actions(s, player)

    def drop_action(self, s: State, player: int, uid: int, zone: str, target: int | None) -> Action | None:
        """Map a drag of card `uid` onto `zone` (or onto card `target`) to the action it means.

        The default looks for a drop candidate whose `card` is uid and whose `to` is the zone or whose
        `target` is the card; it may be illegal, so the UI can show `why_not`.
        """
        cands = [a for a in self.drop_candidates(s, player) if a.get("card") == uid]
        for a in cands:
            if target is not None and a.get("target") == target:
                return a
        for a in cands:
            if a.get("to") == zone:
                return a
        return None

    def to_act(self, s: State) -> int:
        """Return who must act now: the player of the first pending choice, else the turn player."""
        return s.pending[0]["player"] if s.pending else s.active


    # --- dispatch (the engine calls these) ------------------------------------------------
    def check(self, s: State, a: Action) -> str | None:
        """Return why `a` is illegal now, or None; dispatches to `check_<kind>`."""
        fn = self._checks.get(a.kind)
        if fn is None:
            # (check_deck is the deck-building hook, not an action's check)
            fn = self._checks[a.kind] = getattr(self, "check_" + a.kind, None) if a.kind != "deck" else None
            if fn is None:
                del self._checks[a.kind]
                return msg("{kind!r} is not an action of {game}", kind=a.kind, game=self.rs.title)
        try:
            return fn(s, a)
        except KeyError as e:
            return msg("{kind}: missing or unknown argument {arg}", kind=a.kind, arg=str(e))
        except (TypeError, ValueError, IndexError) as e:
            return msg("{kind}: malformed arguments ({error})", kind=a.kind, error=str(e))

    def legal(self, s: State, cands: list[Action]) -> list[Action]:
        """Return the candidates whose check passes: `check` over a list, in one frame (the hot path).

        Candidates of an `exact` kind are legal as listed (a list of nothing else is returned as it is).
        """
        exact = self.exact
        if exact:
            for a in cands:
                if a.kind not in exact:
                    break
            else:
                return cands
        out = []
        checks = self._checks
        for a in cands:
            if a.kind in exact:
                out.append(a)
                continue
            fn = checks.get(a.kind)
            if fn is None:
                if self.check(s, a) is None:
                    out.append(a)
                continue
            try:
                if fn(s, a) is None:
                    out.append(a)
            except (KeyError, TypeError, ValueError, IndexError):
                pass        # malformed: refused, as check() says in words
        return out

    def execute(self, s: State, a: Action) -> None:
        fn = self._does.get(a.kind)
        if fn is None:
            fn = self._does[a.kind] = getattr(self, "do_" + a.kind)
        fn(s, a)


    def card_def(self, s: State, uid: int) -> CardDef:
        return self.rs.cards[s.cards[uid].cid]


    def zone_spec(self, key: str) -> tuple[int | None, ZoneSpec]:
        """Return (owner or None, ZoneSpec) of a zone key (found once per key: it is asked constantly)."""
        got = self._zones.get(key)
        if got is None:
            owner, name = split_key(key)
            got = self._zones[key] = (owner, self.rs.zones[name])
        return got


    def log(self, s: State, text: str, private: dict | None = None, kind: str = "info", **data: Any) -> Event:
        # Event(kind, text, private or {}, data), its fields set here (a few lines an action: no __init__ call)
        e = _new(Event)
        e.kind, e.text, e.private, e.data = kind, text, private or {}, data
        s.log.append(e)
        return e


    def move(self, s: State, uid: int, to: str, *, index: int | None = None, face_up: bool | None = None,
             tapped: bool | None = False) -> Card:
        """Move a card to the zone `to` (on top, or at `index`); detach it from a host first.

        Face-up state defaults to the zone's rule; `tapped=None` keeps the card's tapped state.
        The cards attached to it go with it. The top of a pile is the end of its list.
        """
        c = s.cards[uid]
        before = self.seen_by(s, c)
        carried = [(s.cards[a], self.seen_by(s, s.cards[a])) for a in c.attached] if c.attached else ()
        if c.host is not None:
            s.cards[c.host].attached.remove(uid)
            c.host = None
        else:
            src = s.zones[c.zone]
            if src[-1] == uid:
                src.pop()            # (the top of a pile: a draw, the usual case)
            else:
                src.remove(uid)
        dest = s.zones[to]
        if index is None:
            dest.append(uid)
        else:
            dest.insert(index, uid)
        c.zone = to
        c.reveal = []
        c.face_up = self.zone_spec(to)[1].face_up if face_up is None else face_up
        if tapped is not None:
            c.tapped = tapped
        for a in c.attached:
            s.cards[a].zone = to
        self._note_reveal(s, before, c)
        for ca, seen in carried:     # cards attached to it go with it, out of sight maybe
            self._note_reveal(s, seen, ca)
        return c

    def attach(self, s: State, uid: int, host: int, *, under: bool = False, face_up: bool = True) -> Card:
        """Attach a card to `host` (enchantment, power, evolution material); it leaves its zone."""
        c = s.cards[uid]
        before = self.seen_by(s, c)
        if c.host is not None:
            s.cards[c.host].attached.remove(uid)
        else:
            s.zones[c.zone].remove(uid)
        h = s.cards[host]
        if under:
            h.attached.insert(0, uid)
        else:
            h.attached.append(uid)
        c.host = host
        c.zone = h.zone
        c.face_up = face_up
        c.tapped = False
        c.reveal = []
        self._note_reveal(s, before, c)
        return c

    def draw(self, s: State, player: int, n: int = 1, src: str = "deck", dst: str = "hand") -> list[int]:
        """Move up to n cards from the top of the player's `src` to `dst`; return their uids."""
        pile = s.zones[zone_key(player, src)]
        to = zone_key(player, dst)
        drawn = []
        for _ in range(n):
            if not pile:
                break
            drawn.append(self.move(s, pile[-1], to).uid)
        if drawn:
            names = tuple([self.card_ref(s, u, player) for u in drawn])
            who, count = player_name(player), len(drawn)
            self.log(s, msg("{player} draws {count}", player=who, count=count),
                     {player: msg("{player} draws {cards}", player=who, cards=names)},
                     kind="draw", player=player, count=count)
        return drawn

    def shuffle(self, s: State, key: str) -> None:
        """Shuffle a zone with the game's generator; everything peeked there is forgotten."""
        s.rng.shuffle(s.zones[key])
        for c in filter(_REVEAL, map(s.cards.__getitem__, s.zones[key])):     # (the cards shown to someone)
            if c.reveal:
                before = self.seen_by(s, c)
                c.reveal = []
                self._note_reveal(s, before, c)
        self.log(s, msg("{zone} shuffled", zone=self.zone_label(key)), kind="shuffle", zone=key)

    def coin(self, s: State, why: str = "") -> bool:
        """Flip a coin with the game's generator and log it; True is heads.

        A scenario may fix the next results (`coins:`, kept in `s.data[FIXED_COINS]`): they are
        used first, in order, and draw nothing from the generator.
        """
        fixed = s.data.get(FIXED_COINS)
        if fixed:
            heads = bool(fixed.pop(0))
            if not fixed:
                del s.data[FIXED_COINS]
        else:
            heads = s.rng.coin()
        side = msg("heads") if heads else msg("tails")
        text = msg("coin — {why}: {side}", why=why, side=side) if why else msg("coin: {side}", side=side)
        self.log(s, text, kind="coin", heads=heads)
        return heads

    def tap(self, s: State, uid: int) -> None:
        s.cards[uid].tapped = True

    def untap(self, s: State, uid: int) -> None:
        s.cards[uid].tapped = False

    def flip(self, s: State, uid: int, face_up: bool = True) -> None:
        c = s.cards[uid]
        before = self.seen_by(s, c)
        c.face_up = face_up
        self._note_reveal(s, before, c)


    def ask(self, s: State, player: int, kind: str, prompt: str, **data: Any) -> None:
        """Queue a choice for `player`; it is answered with an ordinary action."""
        s.pending.append({"kind": kind, "player": player, "prompt": prompt, **data})

    def win(self, s: State, winner: int | None, reason: str) -> None:
        """End the game (winner None for a draw) unless it has already ended."""
        if s.outcome is None:
            s.outcome = Outcome(winner, reason)
            self.log(s, s.outcome.message, kind="outcome", winner=winner)

    def other(self, p: int) -> int:
        return 1 - p

    # --- manual override (the sandbox rules; also used by every table's override toggle) --
    MANUAL: tuple[str, ...] = ("m_move", "m_top", "m_tap", "m_untap", "m_flip", "m_count", "m_shuffle", "m_hp", "m_pass")


