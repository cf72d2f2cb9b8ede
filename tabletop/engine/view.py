"""What one player may know: the only thing a renderer or a bot receives.

`make_view` is the single place where hidden information is stripped: the opponent's hand, the
identity of face-down cards the viewer may not see, deck order, the random state, and private
log lines of the other player. A hidden card in a pile has no uid either, and a card that goes
where someone who saw it no longer may gets a fresh uid at the end of the action (see
`Controller.settle_hidden`), so a card seen once cannot be followed into a hidden place.
A card's back is public (engine/backs.py): where the layout gives kinds different backs, a hidden
card carries the id of its back design (`CardView.back`), in a pile only the top card.

Conventions every controller keeps: `State.data`, `State.players` and card counters are public
(secrets live only in card identities and pile order). Deck lists are private: a view holds the
viewer's own list and the opponent's only under the game option `open_decklists` (as at
tournaments with open deck lists); the bots guess the rest from the ruleset's card pool.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .state import Outcome, State, copy_json, split_key

if TYPE_CHECKING:
    from .controller import Controller


@dataclass(frozen=True, slots=True)
class CardView:
    """A card as the viewer sees it; `cid` is None when its identity is hidden, `uid` None in a pile."""

    uid: int | None
    cid: str | None
    owner: int
    zone: str
    face_up: bool
    tapped: bool
    counters: dict[str, int]
    flags: dict[str, Any]
    attached: tuple[CardView, ...] = ()
    # The card's current numbers where they differ from the printed ones ({"ap": 5}), from the
    # controller's `live_stats`: what modifiers, auras and attached cards make of it now.
    stats: dict[str, int] = field(default_factory=dict)
    # The id of the card's back design (engine/backs.py) where the layout gives kinds different backs,
    # else None. Backs are public: a hidden card carries it too, except below the top of a pile.
    back: int | None = None

    @property
    def hidden(self) -> bool:
        return self.cid is None


@dataclass(slots=True)
class View:
    viewer: int
    ruleset: str
    turn: int
    active: int
    first: int
    phase: str
    to_act: int | None
    players: list[dict[str, Any]]
    zones: dict[str, list[CardView]]
    pending: list[dict[str, Any]]
    public: dict[str, Any]
    log: list[str]
    outcome: Outcome | None
    cards: dict[int, CardView] = field(default_factory=dict)   # uid -> CardView, for every card with a uid
    data: dict[str, Any] = field(default_factory=dict)    # the controller's rule state (public by convention)
    decks: list[dict[str, int]] = field(default_factory=list)   # each player's deck list {card id: count}; {} when private

    def zone(self, player: int | None, name: str) -> list[CardView]:
        key = f"shared.{name}" if player is None else f"{player}.{name}"
        return self.zones.get(key, [])

    def card(self, uid: int) -> CardView | None:
        return self.cards.get(uid)

    def to_dict(self) -> dict:
        def cv(c: CardView) -> dict:
            return {"uid": c.uid, "cid": c.cid, "owner": c.owner, "zone": c.zone, "face_up": c.face_up,
                    "tapped": c.tapped, "counters": dict(c.counters), "flags": copy_json(c.flags),
                    "attached": [cv(a) for a in c.attached], "back": c.back}
        return {"viewer": self.viewer, "ruleset": self.ruleset, "turn": self.turn, "active": self.active,
                "first": self.first, "phase": self.phase, "to_act": self.to_act, "players": copy_json(self.players),
                "zones": {k: [cv(c) for c in v] for k, v in self.zones.items()}, "pending": copy_json(self.pending),
                "public": copy_json(self.public), "log": list(self.log),
                "outcome": self.outcome.to_dict() if self.outcome else None, "data": copy_json(self.data),
                "decks": copy_json(self.decks)}


def make_view(s: State, ctl: Controller, viewer: int, log_lines: int = 200, decks: list | None = None) -> View:
    """Return what `viewer` may know of state `s` under controller `ctl`."""
    rs = ctl.rs
    cards: dict[int, CardView] = {}

    live = False
    backs = rs.back_ids()      # {} unless the layout gives kinds different backs

    def one(uid: int, addressable: bool, back_seen: bool = True) -> CardView:
        c = s.cards[uid]
        seen = ctl.visible(s, c, viewer)
        att = tuple(one(a, addressable, back_seen) for a in c.attached)
        back = backs.get(c.cid) if backs and (seen or back_seen) else None
        if seen:
            v = CardView(uid, c.cid, c.owner, c.zone, c.face_up, c.tapped, dict(c.counters), copy_json(c.flags), att,
                         ctl.live_stats(s, uid) if live else {}, back)
        else:
            v = CardView(uid if addressable else None, None, c.owner, c.zone, c.face_up, c.tapped,
                         dict(c.counters), {}, att, {}, back)
        if v.uid is not None:
            cards[v.uid] = v
        return v

    zones = {}
    for key, uids in s.zones.items():
        spec = rs.zones[split_key(key)[1]]
        live = spec.kind != "pile"         # current numbers matter on the table, not in a deck
        if live or not backs:
            zones[key] = [one(u, spec.addressable) for u in uids]
        else:   # in a pile only the top card's back shows: the backs below would tell the pile's order
            zones[key] = [one(u, spec.addressable, False) for u in uids[:-1]] + [one(u, spec.addressable) for u in uids[-1:]]
    pending = []
    for p in s.pending:
        if p["player"] == viewer:
            pending.append(copy_json(p))
        else:
            pending.append({"kind": p["kind"], "player": p["player"], "prompt": p.get("public_prompt", p["prompt"])})
    return View(viewer=viewer, ruleset=s.ruleset_id, turn=s.turn, active=s.active, first=s.first, phase=s.phase,
                to_act=None if s.outcome else ctl.to_act(s), players=copy_json(s.players), zones=zones,
                pending=pending, public=ctl.public(s, viewer),
                log=[e.text_for(viewer) for e in s.log[-log_lines:]], outcome=s.outcome, cards=cards,
                data=ctl.view_data(s, viewer), decks=copy_json(decks or []))
