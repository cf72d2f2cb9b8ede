"""Hidden information in the controller base: who sees a card (zone visibility, face up or down, reveals),
and the fresh ids a card gets when it goes out of a player's sight (`settle_hidden`, `renumber`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from .state import Card, State

if TYPE_CHECKING:
    pass


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


# Who sees a card (see Controller.seen_by): nobody, its owner P1 or P2, or everyone.
_SEEN_BY = {None: (False, False), 0: (True, False), 1: (False, True), "all": (True, True)}


class ControllerSight:
    """Who sees which card, and fresh ids for cards that go out of a player's sight (a part of Controller)."""

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

    def reveal_to(self, s: State, uid: int, player: int) -> None:
        """Show a card to one player until it moves (e.g. looking through a deck to choose)."""
        c = s.cards[uid]
        if player not in c.reveal:
            before = self.seen_by(s, c)
            c.reveal.append(player)
            self._note_reveal(s, before, c)
