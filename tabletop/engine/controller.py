"""The controller base class, its registry, and the table operations every ruleset shares.

A controller enforces one ruleset. It is stateless: all game state is in the `State` it is given.
A ruleset writes, for each action kind K, a `check_K(s, a) -> reason | None` and a `do_K(s, a)`,
plus `actions(s, player)` listing candidate actions. The legal actions are exactly the candidates
whose check passes, so the UI's highlights, `why_not`, the bots and the fuzzer share one source.
(A controller may name, in `exact`, kinds whose candidates it lists only where their check passes;
`legal` takes those as listed; the tests hold every ruleset's legal lists to its checks.)
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, Literal, Protocol, TypeVar, cast, overload

from .action import Action, Event
from .hints import NO_HINTS, BotHints
from .msg import Msg, Term, msg
from .state import Card, Outcome, State, split_key, zone_key

N_ = str   # marks a message key for the catalogue scan (tabletop.i18n_scan); rendered later

if TYPE_CHECKING:
    from .ruleset import CardDef, DeckList, Ruleset, ZoneSpec

_REGISTRY: dict[str, type[Controller]] = {}

# The hooks a ruleset writes, found by name: `check_K` and `do_K` for each action kind K, and
# `answer_K` for each kind K of pending choice (see `Controller.check`, `execute`, `answers`).
CheckHook = Callable[[State, Action], "str | None"]    # why the action is illegal now, or None
DoHook = Callable[[State, Action], None]               # carry out a legal action
AnswerHook = Callable[[State, int, dict], list[Action]]   # the answers of `player` to a pending choice

# Who sees a card (see Controller.seen_by): nobody, its owner P1 or P2, or everyone.
_SEEN_BY = {None: (False, False), 0: (True, False), 1: (False, True), "all": (True, True)}


FIXED_COINS = "fixed_coins"   # key in State.data: coin results a scenario fixed in advance (heads True)


_C = TypeVar("_C", bound="type[Controller]")


def register(cls: _C) -> _C:
    """Class decorator: make a controller available under its `id`."""
    _REGISTRY[cls.id] = cls
    return cls


class ControllerSource(Protocol):
    """Where the engine finds controllers it has not seen registered yet (the built-in games are one:
    `tabletop.games`, added by the package root; a designer's package may add another)."""

    import_errors: dict[str, str]      # controller id -> why its module failed to import

    def load(self, name: str) -> None: ...      # import the module of controller `name`, if there is one
    def load_all(self) -> None: ...             # import every module the source has


_SOURCES: list[ControllerSource] = []


def add_source(source: ControllerSource) -> None:
    """Let `controller_class` and `controller_ids` import controllers from `source` when first asked."""
    if source not in _SOURCES:
        _SOURCES.append(source)


def import_error(name: str) -> str | None:
    """Return why the module of controller `name` failed to import, or None."""
    return next((src.import_errors[name] for src in _SOURCES if name in src.import_errors), None)


@overload
def controller_class(name: str, missing_ok: Literal[False] = False) -> type[Controller]: ...
@overload
def controller_class(name: str, missing_ok: bool) -> type[Controller] | None: ...
def controller_class(name: str, missing_ok: bool = False) -> type[Controller] | None:
    """Return the controller class registered under `name` (importing its module from a source first)."""
    if name not in _REGISTRY and name.isidentifier():
        for src in _SOURCES:             # a built-in module is named after its controller's id
            src.load(name)
    if name not in _REGISTRY:
        for src in _SOURCES:
            src.load_all()
    if name not in _REGISTRY and not missing_ok:
        from .errors import TabletopError
        why = import_error(name)
        if why:
            raise TabletopError(msg("controller {name!r} failed to load: {why}", name=name, why=why))
        raise TabletopError(msg("no controller {name!r} (known: {known})", name=name,
                                known=", ".join(sorted(_REGISTRY))))
    return _REGISTRY.get(name)


def controller_ids() -> list[str]:
    """Return the ids of every registered controller (every source's modules imported first)."""
    for src in _SOURCES:
        src.load_all()
    return sorted(_REGISTRY)


# Keys whose values (an id, or lists of ids) name cards in pending choices, controller data and
# card flags: `renumber` renames them. Other ints there (players, counts, turns) are left alone.
CARD_KEYS = frozenset({"card", "cards", "source", "target", "targets", "options", "attacker", "attackers",
                       "defender", "blocker", "blocks", "used", "host", "user", "uid"})


def _ids(v: Any, mapping: dict[int, int]) -> Any:
    if isinstance(v, bool):
        return v
    if isinstance(v, int):
        return mapping.get(v, v)
    if isinstance(v, list):
        return [_ids(x, mapping) for x in v]
    if isinstance(v, dict):
        _remap(v, mapping)
    return v


def _remap(obj: Any, mapping: dict[int, int]) -> None:
    """Rename card ids under CARD_KEYS anywhere in a JSON-like structure, in place."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in CARD_KEYS:
                obj[k] = _ids(v, mapping)
            elif isinstance(v, (dict, list)):
                _remap(v, mapping)
    elif isinstance(obj, list):
        for x in obj:
            _remap(x, mapping)


class CardName(Term):
    """A card's name as `Controller.card_ref` gives it: a Term that remembers which card it names, so
    `describe_for` can check that its reader may see that card (saved and copied as a plain Term)."""

    uid: int

    def __new__(cls, en: str, ja: str | None, uid: int) -> "CardName":
        self = cast("CardName", Term.__new__(cls, en, ja, True))
        self.uid = uid
        return self


def player_name(p: int | None) -> str:
    """Return "P1"/"P2", or the word for shared (a Msg)."""
    return msg("shared") if p is None else f"P{p + 1}"


class Controller:
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
        self._zones: dict[str, tuple[int | None, ZoneSpec]] = {}       # zone key -> (owner, ZoneSpec), see zone_spec()
        self._sight: dict[str, Any] = {}       # zone key -> who sees a card there (see seen_by)
        self._words: dict[Any, Any] = {}       # card id or zone key -> its words (card_ref, zone_label: messages never change)

    # --- hooks a ruleset overrides --------------------------------------------------------
    @classmethod
    def check_deck(cls, deck: DeckList, rs: Ruleset) -> list[tuple[int, str]]:
        """Return (line, message) for each deck rule beyond the generic ones of ruleset.yaml."""
        return []

    @classmethod
    def bot_hints(cls) -> BotHints:
        """Return what the bots know of this game (a game's bot.py fills it; imported here when a
        bot first asks, so a table between two people never loads it)."""
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
        answer = getattr(self, "answer_" + pending["kind"], None)
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

    def describe_for(self, s: State, a: Action, viewer: int | None = None) -> Msg | str:
        """Return an action in words for `viewer` (a Msg): the one way the engine asks for a description.

        Any action text may be asked about, legal or not, of either player, naming any card: an
        action whose arguments a ruleset's `describe` cannot read is told in the generic words
        (`Controller.describe`), and a card name in the answer whose card `viewer` may not see is
        replaced by `card_ref`'s words for it, so no ruleset's description names a hidden card.
        """
        try:
            text = self.describe(s, a, viewer)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            try:
                text = Controller.describe(self, s, a, viewer)
            except (KeyError, TypeError, ValueError, IndexError, AttributeError):
                text = a.kind.replace("_", " ")     # (an action's own name, as the controller spells it)
        return text if viewer is None else self._unseen_out(s, text, viewer)

    def _unseen_out(self, s: State, v: Any, viewer: int) -> Any:
        """Return `v` (a Msg, Term, tuple or text) with every card name `viewer` may not see replaced."""
        if isinstance(v, CardName):
            c = s.cards.get(v.uid)
            if c is not None and not self.visible(s, c, viewer):
                return self.card_ref(s, v.uid, viewer)
            return v
        if isinstance(v, Msg):
            args = tuple((k, self._unseen_out(s, x, viewer)) for k, x in v.args)
            return v if all(x is y for (_, x), (_, y) in zip(v.args, args)) else Msg(v.text, args)
        if isinstance(v, tuple):
            out = tuple(self._unseen_out(s, x, viewer) for x in v)
            return v if all(x is y for x, y in zip(v, out)) else out
        return v

    def describe(self, s: State, a: Action, viewer: int | None = None) -> str:
        """Return an action in words (a Msg), for menus and the log (the hook `describe_for` asks).

        The default names the action's kind (a manual move in words, anything else as its kind with
        its arguments, the cards among them named as `viewer` may see them).
        """
        if a.kind in self.MANUAL:
            return self.describe_manual(s, a, viewer)
        if a.kind == "choose_target":
            t = a.get("target")
            who = a.get("target_player")
            return msg("target: {target}", target=self.card_ref(s, t, viewer) if t in s.cards
                       else (f"P{who + 1}" if isinstance(who, int) else t))
        if a.kind == "skip_effect":
            return msg("skip this effect")
        parts: list[Any] = []
        for k, v in a.args:
            if isinstance(v, int) and not isinstance(v, bool) and v in s.cards and k in (
                    "card", "target", "attacker", "blocker", "host", "defender", "wall"):
                parts.append(self.card_ref(s, v, viewer))
            elif isinstance(v, tuple) and all(isinstance(x, int) and x in s.cards for x in v) and v:
                parts.append(tuple(self.card_ref(s, x, viewer) for x in v))
            else:
                parts.append(f"{k} {v}")
        out = a.kind.replace("_", " ")   # an action's own name, as the controller spells it
        for part in parts:
            out = msg("{a} {b}", a=out, b=part)
        return out

    def describe_manual(self, s: State, a: Action, viewer: int | None = None) -> str:
        """Return a manual move in words (a Msg)."""
        k = a.kind
        card = a.get("card")
        ref = self.card_ref(s, card, viewer) if card in s.cards else card
        if k == "m_move":
            return msg("move {card} to {zone}", card=ref, zone=self.zone_label(a["to"]) if a.get("to") in s.zones
                       else a.get("to"))
        if k == "m_top":
            return msg("move the top card of {zone} to {to}", zone=self._zone_or_key(s, a.get("zone")),
                       to=self._zone_or_key(s, a.get("to")))
        if k in ("m_tap", "m_untap"):
            return msg("{word}: {card}", word=self.rs.word("tap" if k == "m_tap" else "untap"), card=ref)
        if k == "m_flip":
            return msg("turn {card} over", card=ref)
        if k == "m_count":
            return msg("{name} {delta:+d} on {card}", name=self.counter_word(a.get("name")),
                       delta=a.get("delta", 1), card=ref)
        if k == "m_shuffle":
            return msg("shuffle {zone}", zone=self._zone_or_key(s, a.get("zone")))
        if k == "m_hp":
            p = a.get("target", a.player)
            return msg("{player} {value} {delta:+d}", player=player_name(p), value=a.get("value", "hp"),
                       delta=a.get("delta", 0))
        return msg("pass the turn")

    def _zone_or_key(self, s: State, key: Any) -> Any:
        return self.zone_label(key) if key in s.zones else key

    def counter_word(self, name: Any) -> Any:
        """Return a counter's name as the ruleset words it (`counter.<name>` in its words), or the name."""
        return self.rs.words.get("counter." + name, name) if isinstance(name, str) else name

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

        Candidates of an `exact` kind are legal as listed.
        """
        out = []
        checks = self._checks
        exact = self.exact
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

    # --- table operations shared by every ruleset -----------------------------------------
    def name(self, s: State, uid: int) -> str:
        return self.rs.cards[s.cards[uid].cid].name

    def card_def(self, s: State, uid: int) -> CardDef:
        return self.rs.cards[s.cards[uid].cid]

    def card_ref(self, s: State, uid: int, viewer: int | Literal["all"] | None) -> Term | Msg:
        """Return how a message refers to card `uid`: the only way a card enters a message.

        Its name (a Term: the English name where the card has one, the printed name in Japanese) when
        `viewer` may see the card: `viewer` a player, None for a reader who sees everything (a replay),
        or "all" for a line everyone reads (named only when both players see the card). Otherwise a
        face-down card in its zone, never its name.
        """
        c = s.cards[uid]
        if viewer is None:
            named = True
        elif viewer == "all":
            pair = self.seen_by(s, c)
            named = pair[0] and pair[1]
        else:
            named = self.visible(s, c, viewer)
        if named:      # a CardName remembers its card (describe_for checks it); the words are kept per card id
            names = self._words.get(c.cid)
            if names is None:
                d = self.rs.cards[c.cid]
                names = self._words[c.cid] = (d.name_en or d.name, d.name)
            return CardName(names[0], names[1], uid)
        key = ("face-down", c.zone)
        got = self._words.get(key)
        if got is None:
            got = self._words[key] = msg("a face-down card ({zone})", zone=self.zone_label(c.zone))
        return got

    def card_label(self, s: State, uid: int, viewer: int | None) -> str:
        """Return the card's name if `viewer` may see it, else a neutral description (see card_ref)."""
        return self.card_ref(s, uid, viewer)

    def zone_label(self, key: str) -> str:
        """Return a zone's name in words (a Msg): "P1 Deck", or the shared zone's name."""
        got = self._words.get(("zone", key))
        if got is None:
            owner, name = split_key(key)
            spec = self.rs.zones.get(name)
            label = spec.term if spec else name
            got = label if owner is None else msg("{player} {zone}", player=player_name(owner), zone=label)
            self._words[("zone", key)] = got
        return got

    def zone_spec(self, key: str) -> tuple[int | None, ZoneSpec]:
        """Return (owner or None, ZoneSpec) of a zone key (found once per key: it is asked constantly)."""
        got = self._zones.get(key)
        if got is None:
            owner, name = split_key(key)
            got = self._zones[key] = (owner, self.rs.zones[name])
        return got

    def visible(self, s: State, card: Card, player: int) -> bool:
        """Return whether `player` may see the card's identity where it lies now."""
        return self.seen_by(s, card)[player]

    def seen_by(self, s: State, card: Card) -> tuple[bool, bool]:
        """Return (P1 may see it, P2 may see it): `visible` for both players in one pass.

        A card is seen where its zone is public and it lies face up, by its zone's owner in an
        owner-only zone, by its owner when face down in a zone whose face-down cards their owner
        may look at, and by whoever it has been revealed to until it moves.
        """
        sight = self._sight.get(card.zone)
        if sight is None:
            sight = self._sight[card.zone] = self._zone_sight(card.zone)
        pair = sight[1] if card.face_up else sight[0]
        if pair is None:        # depends on the card's owner
            pair = _SEEN_BY[card.owner]
        if card.reveal:
            pair = (pair[0] or 0 in card.reveal, pair[1] or 1 in card.reveal)
        return pair

    def _zone_sight(self, key: str) -> tuple[Any, Any]:
        """Return who sees a card in zone `key`: (face down, face up), each a pair of (P1, P2) sees it,
        or None where the card's owner sees it (worked out once per zone: seen_by is asked constantly)."""
        owner, spec = self.zone_spec(key)
        vis = spec.visibility
        if vis == "hidden":
            return _SEEN_BY[None], _SEEN_BY[None]
        if vis == "owner":
            pair = _SEEN_BY[owner] if owner is not None else None
            return pair, pair
        return (None if spec.facedown_seen_by == "owner" else _SEEN_BY[None]), _SEEN_BY["all"]

    def log(self, s: State, text: str, private: dict | None = None, kind: str = "info", **data: Any) -> Event:
        e = Event(kind, text, private or {}, data)
        s.log.append(e)
        return e

    def _note_reveal(self, s: State, before: tuple[bool, bool], card: Card) -> None:
        after = self.seen_by(s, card)
        if (after[0] and not before[0]) or (after[1] and not before[1]):
            s.revealed = True
        if before[0] and not after[0]:
            s.lost.append((card.uid, 0))
        if before[1] and not after[1]:
            s.lost.append((card.uid, 1))

    def settle_hidden(self, s: State) -> None:
        """Give a fresh uid to every card a player lost sight of during this action and still may not see.

        The engine calls this after each action (and after a new game's setup): a card that goes where
        someone who saw it may not look (shuffled into a deck, set face down, back into the other
        player's hand, a reveal that ends) must not be recognisable by the id they knew it by.
        """
        if not s.lost:
            return
        lost, s.lost = s.lost, []
        todo = []
        for uid, p in lost:
            c = s.cards.get(uid)
            if c is not None and uid not in todo and not self.seen_by(s, c)[p]:
                todo.append(uid)
        if todo:
            self.renumber(s, todo)

    def renumber(self, s: State, uids: Iterable[int]) -> dict[int, int]:
        """Give the cards `uids` fresh ids, dealt in an order drawn from the game's seed; return old -> new.

        Fresh ids are above every id the game has used, so an old id is never seen again. Zones,
        hosts, attachments, pending choices and the controller's data follow (see `remap_refs`).
        The order comes from a generator seeded by the game's seed and the ids, not from `s.rng`:
        renumbering draws no randomness of the game (its shuffles and coins stay where they were).
        """
        from .rng import Rng
        uids = sorted(uids)
        start = max(s.cards) + 1      # ids only grow: cards are never removed, renamed ones go up
        fresh = list(range(start, start + len(uids)))
        Rng((s.seed * 1_000_003 + start) & ((1 << 63) - 1)).shuffle(fresh)
        mapping = dict(zip(uids, fresh))
        cards = s.cards
        # Only the renamed cards' places change: the zone each lies in, its host's list of attached
        # cards and the host of each card attached to it. (Should those links disagree, as in a
        # position edited by hand, every card and zone is looked through instead.)
        places = self._places(s, mapping)
        for old, new in mapping.items():
            c = cards.pop(old)
            c.uid = new
            cards[new] = c
        if places is None:
            for c in cards.values():
                if c.host in mapping:
                    c.host = mapping[c.host]
                if c.attached:
                    c.attached = [mapping.get(a, a) for a in c.attached]
            for key, zone in s.zones.items():
                if any(u in mapping for u in zone):
                    s.zones[key] = [mapping.get(u, u) for u in zone]
        else:
            keys, linked = places
            for c in linked:
                if c.host in mapping:
                    c.host = mapping[c.host]
                if c.attached:
                    c.attached = [mapping.get(a, a) for a in c.attached]
            zones = s.zones
            for key in keys:
                zones[key] = [mapping.get(u, u) for u in zones[key]]
        self.remap_refs(s, mapping)
        return mapping

    @staticmethod
    def _places(s: State, mapping: dict[int, int]) -> tuple[Any, Any] | None:
        """Return (zone keys, cards) holding the ids about to be renamed, or None if the links disagree."""
        cards, zones = s.cards, s.zones
        keys, linked = [], {}
        for old in mapping:
            c = cards[old]
            if c.host is None:
                if c.zone not in keys:
                    if old not in zones.get(c.zone, ()):
                        return None
                    keys.append(c.zone)
            else:
                h = cards.get(c.host)
                if h is None or old not in h.attached:
                    return None
                linked[id(h)] = h
            if c.attached:
                linked[id(c)] = c
                for a in c.attached:
                    ca = cards.get(a)
                    if ca is None or ca.host != old:
                        return None
                    linked[id(ca)] = ca
        return keys, list(linked.values())

    def remap_refs(self, s: State, mapping: dict[int, int]) -> None:
        """Rename card ids held in pending choices and controller data after `renumber` (override to add more).

        The default renames the values of the keys that name cards (`CARD_KEYS`) wherever they sit.
        """
        _remap(s.pending, mapping)
        _remap(s.data, mapping)
        for c in s.cards.values():
            if c.flags:
                _remap(c.flags, mapping)

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
        pile = s.zone(player, src)
        to = zone_key(player, dst)
        drawn = []
        for _ in range(n):
            if not pile:
                break
            drawn.append(self.move(s, pile[-1], to).uid)
        if drawn:
            names = tuple(self.card_ref(s, u, player) for u in drawn)
            self.log(s, msg("{player} draws {count}", player=player_name(player), count=len(drawn)),
                     {player: msg("{player} draws {cards}", player=player_name(player), cards=names)},
                     kind="draw", player=player, count=len(drawn))
        return drawn

    def shuffle(self, s: State, key: str) -> None:
        """Shuffle a zone with the game's generator; everything peeked there is forgotten."""
        s.rng.shuffle(s.zones[key])
        for u in s.zones[key]:
            c = s.cards[u]
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

    def reveal_to(self, s: State, uid: int, player: int) -> None:
        """Show a card to one player until it moves (e.g. looking through a deck to choose)."""
        c = s.cards[uid]
        if player not in c.reveal:
            before = self.seen_by(s, c)
            c.reveal.append(player)
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

    def manual_check(self, s: State, a: Action) -> str | None:
        """Return why a manual action is malformed (manual actions ignore the rules, not the table)."""
        try:
            if a.kind not in self.MANUAL:
                return msg("{kind!r} is not a manual action", kind=a.kind)
            if a.kind in ("m_move", "m_tap", "m_untap", "m_flip", "m_count"):
                if a["card"] not in s.cards:
                    return msg("there is no card {card}", card=a["card"])
            if a.kind == "m_move" and a["to"] not in s.zones:
                return msg("there is no zone {zone}", zone=a["to"])
            if a.kind == "m_top" and (a["zone"] not in s.zones or a["to"] not in s.zones):
                return msg("m_top needs zone=KEY to=KEY")
            if a.kind == "m_move" and a["card"] not in self.pointable(s, a.player):
                return msg("you cannot point at that card (it is hidden in a pile)")
            if a.kind == "m_shuffle" and a["zone"] not in s.zones:
                return msg("there is no zone {zone}", zone=a["zone"])
            if a.kind == "m_count" and not isinstance(a["name"], str):
                return msg("a counter needs a name")
            if a.kind == "m_hp" and not isinstance(a["delta"], int):
                return msg("m_hp needs delta=N")
        except KeyError as e:
            return msg("{kind}: missing argument {arg}", kind=a.kind, arg=str(e))
        return None

    def manual_apply(self, s: State, a: Action) -> None:
        who = player_name(a.player)

        def said(text: str, uid: int, **args: Any) -> None:
            # The line everyone reads names the card only if both players see it; the mover's own
            # line names it if they see it.
            public = msg(text, who=who, card=self.card_ref(s, uid, "all"), **args)
            mine = msg(text, who=who, card=self.card_ref(s, uid, a.player), **args)
            self.log(s, public, {a.player: mine} if mine != public else None, kind="manual")

        if a.kind in ("m_move", "m_top"):
            if a.kind == "m_top":
                pile = s.zones[a["zone"]]
                if not pile:
                    return
                uid = pile[-1]
            else:
                uid = a["card"]
            src = s.cards[uid].zone
            self.move(s, uid, a["to"], face_up=a.get("face_up"), tapped=None)
            said(N_("[manual] {who} moves {card} from {src} to {dst}"), uid, src=self.zone_label(src),
                 dst=self.zone_label(a["to"]))
        elif a.kind in ("m_tap", "m_untap"):
            s.cards[a["card"]].tapped = a.kind == "m_tap"
            said(N_("[manual] {who}: {word} {card}"), a["card"], word=self.rs.word("tap" if a.kind == "m_tap" else "untap"))
        elif a.kind == "m_flip":
            c = s.cards[a["card"]]
            self.flip(s, c.uid, not c.face_up)
            said(N_("[manual] {who} turns {card} face up") if c.face_up else N_("[manual] {who} turns {card} face down"), c.uid)
        elif a.kind == "m_count":
            c = s.cards[a["card"]]
            value = max(0, c.counters.get(a["name"], 0) + a.get("delta", 1))
            if value:
                c.counters[a["name"]] = value
            else:
                c.counters.pop(a["name"], None)
            said(N_("[manual] {who}: {name} on {card} = {value}"), c.uid, name=self.counter_word(a["name"]), value=value)
        elif a.kind == "m_shuffle":
            self.shuffle(s, a["zone"])
            self.log(s, msg("[manual] {who} shuffles {zone}", who=who, zone=self.zone_label(a["zone"])), kind="manual")
        elif a.kind == "m_hp":
            p = a.get("target", a.player)
            key = a.get("value", "hp")
            s.players[p][key] = s.players[p].get(key, 0) + a["delta"]
            self.log(s, msg("[manual] {who}: {player} {value} {delta:+d} → {total}", who=who, player=player_name(p),
                            value=self.value_word(key), delta=a["delta"], total=s.players[p][key]), kind="manual")
        elif a.kind == "m_pass":
            s.active = self.other(s.active)
            s.turn += 1
            s.pending.clear()
            self.log(s, msg("[manual] {who} passes the turn to {player}", who=who, player=player_name(s.active)),
                     kind="manual")

    def stat_word(self, s: State, uid: int, stat: Any) -> Any:
        """Return the label of a card's stat (its kind's field label in both languages), or the stat's name."""
        if not isinstance(stat, str):
            return stat
        got = self.rs.field_term(self.rs.cards[s.cards[uid].cid].kind, stat)
        return got if isinstance(got, Term) else self.rs.stat_term(stat)

    def value_word(self, key: Any) -> Any:
        """Return a player value's name as the ruleset words it (`value.<key>` in its words), or the key."""
        return self.rs.words.get("value." + key, key) if isinstance(key, str) else key

    def pointable(self, s: State, player: int) -> list[int]:
        """Return the uids `player` may point at: every card they see, and hidden cards on the table."""
        out = []
        for key, uids in s.zones.items():
            spec = self.rs.zones[split_key(key)[1]]
            for u in uids:
                c = s.cards[u]
                if spec.addressable or self.visible(s, c, player):
                    out.append(u)
                    out.extend(a for a in c.attached if self.visible(s, s.cards[a], player) or spec.addressable)
        return out

    def manual_actions(self, s: State, player: int) -> list[Action]:
        """Return the manual moves `player` can make (for the sandbox and the override menu)."""
        out = []
        for u in self.pointable(s, player):
            c = s.cards[u]
            out.append(Action.make("m_untap" if c.tapped else "m_tap", player, card=u))
            out.append(Action.make("m_flip", player, card=u))
            for dest in s.zones:
                if dest != c.zone or c.host is not None:
                    out.append(Action.make("m_move", player, card=u, to=dest))
        for key, uids in s.zones.items():
            if uids and self.rs.zones[split_key(key)[1]].kind == "pile":
                for dest in s.zones:
                    if dest != key:
                        out.append(Action.make("m_top", player, zone=key, to=dest))
        out.append(Action.make("m_pass", player))
        return out
