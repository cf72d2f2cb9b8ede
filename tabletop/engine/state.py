"""The game state: cards with stable ids, ordered zones, player values, pending choices.

Everything here is plain data that round-trips through `to_dict`/`from_dict` (JSON-safe), so a
state can be saved, cloned and compared. Rules live in controllers, never here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .action import Event
from .msg import Msg, from_json, msg, to_json
from .rng import Rng


_new = object.__new__


class Card:
    """One physical card in a game.

    `uid` is stable for the whole game. `cid` names its CardDef. `zone` is the key of the zone
    it lies in (an attached card has the zone of its host and `host` set). `counters` are public
    numbers shown as badges (damage, power, ct...); `flags` hold other per-card rule state.
    `reveal` lists players shown this card for the moment (cleared when it moves or is shuffled).
    """

    __slots__ = ("uid", "cid", "owner", "zone", "face_up", "tapped", "counters", "flags", "host",
                 "attached", "reveal")

    def __init__(self, uid: int, cid: str, owner: int, zone: str, face_up: bool = False,
                 tapped: bool = False, counters: dict[str, int] | None = None, flags: dict[str, Any] | None = None,
                 host: int | None = None, attached: list[int] | None = None, reveal: list[int] | None = None) -> None:
        self.uid = uid
        self.cid = cid
        self.owner = owner
        self.zone = zone
        self.face_up = face_up
        self.tapped = tapped
        self.counters = counters if counters is not None else {}
        self.flags = flags if flags is not None else {}
        self.host = host
        self.attached = attached if attached is not None else []
        self.reveal = reveal if reveal is not None else []

    def copy(self) -> "Card":
        # Hot path (every clone copies every card; the bots clone thousands of times a decision):
        # attributes set directly, and the usually empty dicts not walked.
        c = _new(Card)
        c.uid, c.cid, c.owner, c.zone = self.uid, self.cid, self.owner, self.zone
        c.face_up, c.tapped, c.host = self.face_up, self.tapped, self.host
        c.counters = dict(self.counters) if self.counters else {}
        c.flags = _copy_json(self.flags) if self.flags else {}
        c.attached = self.attached[:]
        c.reveal = self.reveal[:]
        return c

    def to_dict(self) -> dict:
        d = {"uid": self.uid, "cid": self.cid, "owner": self.owner, "zone": self.zone}
        if self.face_up:
            d["face_up"] = True
        if self.tapped:
            d["tapped"] = True
        if self.counters:
            d["counters"] = dict(self.counters)
        if self.flags:
            d["flags"] = _copy_json(self.flags)
        if self.host is not None:
            d["host"] = self.host
        if self.attached:
            d["attached"] = list(self.attached)
        if self.reveal:
            d["reveal"] = list(self.reveal)
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "Card":
        return cls(d["uid"], d["cid"], d["owner"], d["zone"], d.get("face_up", False),
                   d.get("tapped", False), dict(d.get("counters", {})), _copy_json(d.get("flags", {})),
                   d.get("host"), list(d.get("attached", [])), list(d.get("reveal", [])))

    def __repr__(self) -> str:
        return f"<Card {self.uid} {self.cid} p{self.owner + 1} {self.zone}>"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: `winner` is 0 or 1, or None for a draw; `reason` says why, in words (a Msg or text)."""

    winner: int | None
    reason: str

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    @property
    def message(self) -> Msg:
        """Return the outcome as a message: who won, and why."""
        if self.winner is None:
            return msg("draw: {reason}", reason=self.reason)
        return msg("P{n} wins: {reason}", n=self.winner + 1, reason=self.reason)

    def to_dict(self) -> dict:
        return {"winner": self.winner, "reason": to_json(self.reason)}

    @classmethod
    def from_dict(cls, d: dict | None) -> Outcome | None:
        return None if d is None else cls(d["winner"], from_json(d["reason"]))

    def __str__(self) -> str:
        return str(self.message)


class State:
    """The whole state of one game, hidden parts included. Only controllers change it."""

    __slots__ = ("ruleset_id", "seed", "rng", "cards", "zones", "players", "turn", "active", "first",
                 "phase", "pending", "data", "log", "outcome", "revealed", "lost")

    def __init__(self, ruleset_id: str, seed: int) -> None:
        self.ruleset_id = ruleset_id
        self.seed = seed
        self.rng = Rng(seed)
        self.cards: dict[int, Card] = {}
        self.zones: dict[str, list[int]] = {}
        self.players: list[dict] = [{}, {}]
        self.turn = 0            # turns started so far (1 = the first player's first turn)
        self.active = 0          # the turn player
        self.first = 0           # who took the first turn
        self.phase = "setup"
        self.pending: list[dict] = []   # choices asked of a player; the first one is answered first
        self.data: dict = {}     # the controller's own rule state (JSON-safe)
        self.log: list[Event] = []
        self.outcome: Outcome | None = None
        self.revealed = False    # set when an action showed a hidden card to someone (undo barrier)
        self.lost: list[tuple[int, int]] = []     # (uid, player) pairs: a player lost sight of a card during this action

    # --- zones -----------------------------------------------------------------------------
    def zone(self, player: int | None, name: str) -> list[int]:
        """Return the uid list of a player's zone (player None for a shared zone)."""
        return self.zones[zone_key(player, name)]

    def cards_in(self, player: int | None, name: str) -> list[Card]:
        return [self.cards[u] for u in self.zones[zone_key(player, name)]]

    def card(self, uid: int) -> Card:
        return self.cards[uid]

    # --- copying ---------------------------------------------------------------------------
    def clone(self) -> "State":
        s = State.__new__(State)
        s.ruleset_id = self.ruleset_id
        s.seed = self.seed
        s.rng = Rng(self.rng.state, self.rng.draws)
        copy = Card.copy
        s.cards = {u: copy(c) for u, c in self.cards.items()}
        s.zones = {k: list(v) for k, v in self.zones.items()}
        s.players = [_copy_json(p) for p in self.players]
        s.turn, s.active, s.first, s.phase = self.turn, self.active, self.first, self.phase
        s.pending = _copy_json(self.pending)
        s.data = _copy_json(self.data)
        s.log = list(self.log)          # events are never changed once logged
        s.outcome = self.outcome
        s.revealed = False
        s.lost = []
        return s

    def to_dict(self) -> dict:
        return {
            "ruleset": self.ruleset_id,
            "seed": self.seed,
            "rng": self.rng.to_dict(),
            "cards": [self.cards[u].to_dict() for u in sorted(self.cards)],
            "zones": {k: list(v) for k, v in self.zones.items()},
            "players": _copy_json(self.players),
            "turn": self.turn,
            "active": self.active,
            "first": self.first,
            "phase": self.phase,
            "pending": to_json(self.pending),
            "data": _copy_json(self.data),
            "log": [e.to_dict() for e in self.log],
            "outcome": self.outcome.to_dict() if self.outcome else None,
        }

    @classmethod
    def from_dict(cls, d: dict) -> "State":
        s = cls(d["ruleset"], d["seed"])
        s.rng = Rng.from_dict(d["rng"])
        s.cards = {c["uid"]: Card.from_dict(c) for c in d["cards"]}
        s.zones = {k: list(v) for k, v in d["zones"].items()}
        s.players = _copy_json(d["players"])
        s.turn, s.active, s.first, s.phase = d["turn"], d["active"], d["first"], d["phase"]
        s.pending = from_json(d["pending"])
        s.data = _copy_json(d["data"])
        s.log = [Event.from_dict(e) for e in d["log"]]
        s.outcome = Outcome.from_dict(d.get("outcome"))
        return s


def zone_key(player: int | None, name: str) -> str:
    """Return the key of a zone: '0.hand', '1.lane_left', or 'shared.time'."""
    return f"shared.{name}" if player is None else f"{player}.{name}"


def split_key(key: str) -> tuple[int | None, str]:
    """Return (player or None, zone name) of a zone key."""
    owner, name = key.split(".", 1)
    return (None if owner == "shared" else int(owner)), name


def _copy_json(v: Any) -> Any:
    """Deep-copy JSON-like data (dicts, lists, scalars) faster than copy.deepcopy."""
    if isinstance(v, dict):
        return {k: _copy_json(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_copy_json(x) for x in v]
    return v


copy_json = _copy_json
