"""Build playable games from what one player may know (a `View`), for the bots' lookahead.

A bot never sees the hidden state. To look ahead it samples one *determinization*: a full `State`
consistent with its view, in which every card it cannot see gets an identity drawn from its
owner's open deck list minus that owner's cards the viewer can see. Many samples averaged over
stand in for the unknown (determinized Monte-Carlo, as in OpenSpiel's ISMCTS-style bots).

What is kept as seen: every visible card (uid, identity, counters, flags, tapped, face-up, host);
hidden cards on the table keep their uid (the viewer can point at them); hidden pile cards get
fresh uids, since a pile's order and contents are unknown anyway. Rule data, player values,
phase, turn, active and first player and pending choices are copied; the random generator gets a
fresh seed from the bot, so future shuffles and coins are guesses, not the real ones.
"""
from __future__ import annotations

import random
from collections import Counter

from tabletop.engine.game import Game, resolve_options
from tabletop.engine.ruleset import Ruleset, load_ruleset
from tabletop.engine.state import Card, State, copy_json
from tabletop.engine.view import CardView, View


def sample_identities(view: View, rng: random.Random) -> dict[int, list[str]]:
    """Return, for each owner, a shuffled list of card ids for that owner's cards the viewer cannot see.

    The pool is the owner's open deck list minus every card of that owner the viewer sees. If
    the pool runs short (a deck list that does not match the cards in play), the shortfall is
    filled from the owner's whole list so a determinization can always be built.
    """
    seen: list[Counter] = [Counter(), Counter()]
    hidden = [0, 0]
    for cv in _all_cards(view):
        if cv.cid is None:
            hidden[cv.owner] += 1
        else:
            seen[cv.owner][cv.cid] += 1
    out = {}
    for p in (0, 1):
        deck = view.decks[p] if p < len(view.decks) else {}
        pool = []
        for cid, n in deck.items():
            pool += [cid] * max(0, n - seen[p][cid])
        rng.shuffle(pool)
        all_ids = sorted(deck) or sorted(seen[p]) or ["?"]
        while len(pool) < hidden[p]:
            pool.append(rng.choice(all_ids))
        out[p] = pool[:hidden[p]]
    return out


def determinize(view: View, rng: random.Random, ruleset: Ruleset | None = None) -> State:
    """Return a full State consistent with `view`, hidden identities sampled with `rng`."""
    rs = ruleset or load_ruleset(view.ruleset)
    idents = sample_identities(view, rng)
    nxt = {0: 0, 1: 0}
    known = set(view.cards)
    total = sum(sum(d.values()) for d in view.decks) if view.decks else 0
    free = (u for u in range(1, max(total, len(known)) + 100_000) if u not in known)

    s = State(view.ruleset, rng.getrandbits(63))
    s.turn, s.active, s.first, s.phase = view.turn, view.active, view.first, view.phase
    s.players = copy_json(view.players)
    s.data = copy_json(view.data)
    s.pending = copy_json(view.pending)
    s.outcome = view.outcome

    def build(cv: CardView, key: str, host: int | None) -> int:
        uid = cv.uid if cv.uid is not None else next(free)
        if cv.cid is not None:
            cid = cv.cid
        else:
            cid = idents[cv.owner][nxt[cv.owner]]
            nxt[cv.owner] += 1
        c = Card(uid, cid, cv.owner, key, cv.face_up, cv.tapped, dict(cv.counters), copy_json(cv.flags), host)
        s.cards[uid] = c
        c.attached = [build(a, key, uid) for a in cv.attached]
        return uid

    for key, cards in view.zones.items():
        s.zones[key] = [build(cv, key, None) for cv in cards]

    # A card the viewer sees only because it was shown to them (a look at a deck, a reveal) keeps
    # being shown, so rules that depend on it ("choose a card you looked at") still work.
    ctl = _controller(rs)
    for cv in _all_cards(view):
        if cv.cid is not None and cv.uid is not None:
            c = s.cards[cv.uid]
            if not ctl.visible(s, c, view.viewer):
                c.reveal = [view.viewer]
    return s


def game_from_view(view: View, rng: random.Random, ruleset: Ruleset | None = None,
                   options: dict | None = None) -> Game:
    """Return a `Game` over a fresh determinization of `view`, ready for legal_actions/apply/clone."""
    rs = ruleset or load_ruleset(view.ruleset)
    s = determinize(view, rng, rs)
    # `initial` is only used by undo and replay, which lookahead never does; skipping its
    # snapshot keeps a determinization cheap.
    return Game(rs, s, resolve_options(rs, options), None, initial={})


_CONTROLLERS: dict[int, object] = {}


def _controller(rs: Ruleset):
    from tabletop.engine.controller import controller_class
    key = id(rs)
    ctl = _CONTROLLERS.get(key)
    if ctl is None or ctl.rs is not rs:
        ctl = _CONTROLLERS[key] = controller_class(rs.controller)(rs)
    return ctl


def _all_cards(view: View):
    for cards in view.zones.values():
        stack = list(cards)
        while stack:
            cv = stack.pop()
            yield cv
            stack.extend(cv.attached)
