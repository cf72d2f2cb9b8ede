"""Build playable games from what one player may know (a `View`), for the bots' lookahead.

A bot never sees the hidden state. To look ahead it samples one *determinization*: a full `State`
consistent with its view, in which every card it cannot see gets a guessed identity. Many samples
averaged over stand in for the unknown (determinized Monte-Carlo, as in OpenSpiel's ISMCTS-style bots).

Where the guesses come from is what the player may know, never the hidden deck list:
- the player's own cards: their own deck list (they built it) minus their cards they can see;
- the opponent's cards: their deck list only when the view holds it (game option
  `open_decklists`); otherwise the ruleset's card pool, each card allowed where it lies (the
  deck section of its pile: kinds, `where`, side-only cards), weighted by the ruleset's starter
  decks as a prior and by the copies the player sees, within the copy limits;
- either way, a hidden card whose view shows its back (`CardView.back`: where the ruleset's
  layout gives kinds different backs, engine/backs.py) only as a card of that back (a senkai wall
  never as a mana card). Pile cards below the top show no back and are guessed as before.

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
from tabletop.engine.state import Card, State, copy_json, split_key
from tabletop.engine.view import CardView, View

# The weight of a pool card no starter deck holds: possible, but a guess the prior does not favour.
POOL_WEIGHT = 0.25


def sample_identities(view: View, rng: random.Random, ruleset: Ruleset | None = None) -> dict[int, list[str]]:
    """Return, for each owner, a list of card ids for that owner's hidden cards, in `_all_cards` order.

    With the owner's list in the view, the pool is that list minus the owner's cards the viewer
    sees (short of cards, the shortfall is filled from the whole list). Without it, each hidden
    card is drawn from the ruleset's card pool for where it lies (see the module docstring). Either
    way a hidden card whose view shows a back (`CardView.back`) is guessed only as a card of that back.
    """
    rs = ruleset or load_ruleset(view.ruleset)
    seen: list[Counter] = [Counter(), Counter()]
    hidden: list[list[CardView]] = [[], []]
    backed = [False, False]       # whether any hidden card of the owner shows its back
    for cv in _build_order(view):
        if cv.cid is None:
            hidden[cv.owner].append(cv)
            if cv.back is not None:
                backed[cv.owner] = True
        else:
            seen[cv.owner][cv.cid] += 1
    out = {}
    for p in (0, 1):
        deck = view.decks[p] if p < len(view.decks) else {}
        if not deck and hidden[p]:
            out[p] = _from_pool(rs, hidden[p], seen[p], rng)
            continue
        pool = []
        for cid, n in deck.items():
            pool += [cid] * max(0, n - seen[p][cid])
        rng.shuffle(pool)
        all_ids = sorted(deck) or sorted(seen[p]) or ["?"]
        sections = by_section(rs)
        if sections or backed[p]:
            out[p] = _from_list(rs, hidden[p], pool, all_ids, rng, sections)
            continue
        while len(pool) < len(hidden[p]):
            pool.append(rng.choice(all_ids))
        out[p] = pool[:len(hidden[p])]
    return out


def by_section(rs: Ruleset) -> bool:
    """Return whether a player's own hidden pile cards are guessed section by section in this game:
    its hints' `determinize_by_section` (fourdeck, whose Level 3 deck holds only its Level 3 units: the
    owner built it so). Off elsewhere, where the decks keep their measured behaviour."""
    from .evaluate import hints_of
    return hints_of(rs).determinize_by_section


def home_section(rs: Ruleset, cid: str) -> str | None:
    """Return the deck section a card is built into: its own `deck_section`, else the first section
    whose kinds and `where` it fits (None if none does)."""
    card = rs.cards.get(cid)
    if card is None:
        return None
    if card.get("deck_section"):
        return card.get("deck_section")
    for sec, spec in rs.deck.items():
        if spec.get("kinds") and card.kind not in spec["kinds"]:
            continue
        if any(card.get(f) != want for f, want in (spec.get("where") or {}).items()):
            continue
        return sec
    return None


def _from_list(rs: Ruleset, hidden: list[CardView], pool: list[str], all_ids: list[str], rng,
               sections: bool) -> list[str]:
    """Guess the owner's hidden cards from `pool` (their unseen list cards, shuffled), most constrained
    first: with `sections`, a card lying in a section's own pile (a Level 3 deck) only from the cards
    built into that section; a card whose back shows (`CardView.back`) only from cards of that back;
    the rest from what is left. Short of such cards, one of the list (else of the ruleset) that fits
    the back, then any card of the list."""
    backs = rs.back_ids()
    zones = {spec.get("zone"): sec for sec, spec in rs.deck.items() if spec.get("zone")} if sections else {}
    left: dict = {}     # (home section or None, back id or None) -> cards of the pool, still shuffled
    for cid in pool:
        left.setdefault((home_section(rs, cid) if sections else None, backs.get(cid)), []).append(cid)

    matching: dict = {}   # (sec, back) asked -> the keys of `left` it may draw from

    def take(sec, back):
        """Pop a pool card built into `sec` with back `back` (None: any), uniformly; None if none is left."""
        keys = matching.get((sec, back))
        if keys is None:
            keys = matching[sec, back] = [k for k in left if (sec is None or k[0] == sec) and (back is None or k[1] == back)]
        if len(keys) == 1:
            ids = left[keys[0]]
            return ids.pop() if ids else None
        n = sum(len(left[k]) for k in keys)
        i = rng.randrange(n) if n else 0
        for k in keys:
            if i < len(left[k]):
                return left[k].pop()
            i -= len(left[k])
        return None

    out: list = [None] * len(hidden)
    if sections:                          # section piles first: their cards are known by section
        for i, cv in enumerate(hidden):
            sec = zones.get(split_key(cv.zone)[1])
            if sec is not None:
                out[i] = take(sec, cv.back)
    for i, cv in enumerate(hidden):       # then every card whose back shows
        if out[i] is None and cv.back is not None:
            out[i] = take(None, cv.back) or rng.choice(
                [c for c in all_ids if backs.get(c) == cv.back]
                or [c for c in sorted(rs.cards) if backs.get(c) == cv.back] or all_ids)
    rest = [cid for ids in left.values() for cid in ids]
    rng.shuffle(rest)
    for i, cid in enumerate(out):
        if cid is None:
            out[i] = rest.pop() if rest else rng.choice(all_ids)
    return out


def _from_pool(rs: Ruleset, hidden: list[CardView], seen: Counter, rng: random.Random) -> list[str]:
    """Guess one id per hidden card from the card pool, weighted by the starter decks and `seen`; a card
    whose back shows only from the pool cards of that back (`_back_section`)."""
    used = Counter(seen)
    out = []
    draws: dict = {}      # (section, back) -> [ids, cumulative weights], rebuilt only when a card runs out
    for cv in hidden:
        sec, back = _section(rs, cv.zone), cv.back
        if back is not None:
            sec, back = _back_section(rs, sec, back)
        got = draws.get((sec, back))
        if got is None:
            got = draws[sec, back] = _weights(rs, sec, seen, used, back)
        while True:
            ids, cum = got
            if not ids:                 # every pool card at its limit: allow more copies
                ids = [cid for cid, _ in _candidates(rs, sec, back)] or (back is not None and [
                    c for c in sorted(rs.cards) if rs.back_ids().get(c) == back]) or sorted(rs.cards)
                cid = rng.choice(ids)
                break
            cid = rng.choices(ids, cum_weights=cum)[0]
            if used[cid] < _limit(rs, sec, cid):
                break
            got = draws[sec, back] = _weights(rs, sec, seen, used, back)
        used[cid] += 1
        out.append(cid)
    return out


def _weights(rs: Ruleset, sec: str, seen: Counter, used: Counter, back: int | None = None) -> list:
    """Return [ids, cumulative weights] of the section's pool cards (of `back`) still under their copy limit."""
    ids, cum, total = [], [], 0.0
    for cid, w in _candidates(rs, sec, back):
        if used[cid] < _limit(rs, sec, cid):
            total += w + seen[cid]
            ids.append(cid)
            cum.append(total)
    return [ids, cum]


_CANDIDATES: dict = {}


def _section(rs: Ruleset, zone: str) -> str:
    """Return the deck section a card lying in `zone` comes from: the section dealt there, else the first."""
    name = split_key(zone)[1]
    for sec, spec in rs.deck.items():
        if spec.get("zone") == name:
            return sec
    return "side" if name == "side" and "side" not in rs.deck else next(iter(rs.deck))


def _back_section(rs: Ruleset, sec: str, back: int) -> tuple[str, int | None]:
    """Return (section, back) a card showing back `back` is guessed from: `sec` if it holds cards of
    that back, else the first section that does (a mana card in a hand comes from the mana deck's);
    back None when every card of that section has that back anyway (no filter: the draws are shared)."""
    key = (id(rs), sec, "back", back)
    got = _CANDIDATES.get(key)
    if got is not None and got[0] is rs:
        return got[1]
    s2 = next((s2 for s2 in [sec, *rs.deck] if _candidates(rs, s2, back)), sec)
    out = (s2, None if len(_candidates(rs, s2, back)) == len(_candidates(rs, s2)) else back)
    _CANDIDATES[key] = (rs, out)
    return out


def _candidates(rs: Ruleset, sec: str, back: int | None = None) -> list[tuple[str, float]]:
    """Return (card id, prior weight) of every pool card a deck may hold in section `sec`, of back id
    `back` when given (cached per ruleset)."""
    key = (id(rs), sec, back)
    got = _CANDIDATES.get(key)
    if got is not None and got[0] is rs:
        return got[1]
    if back is not None:
        backs = rs.back_ids()
        out = [(cid, w) for cid, w in _candidates(rs, sec) if backs.get(cid) == back]
        _CANDIDATES[key] = (rs, out)
        return out
    spec = rs.deck.get(sec, {})
    starters = Counter()
    for name in rs.starter_decks or sorted(rs.decks):
        if name in rs.decks:
            for s2, rows in rs.decks[name].sections.items():
                if s2 == sec or (sec not in rs.deck and s2 == "side"):
                    for cid, n, _ in rows:
                        starters[cid] += n
    out = []
    for cid, card in sorted(rs.cards.items()):
        if spec.get("kinds") and card.kind not in spec["kinds"]:
            continue
        if card.side_only and sec != "side":
            continue
        if any(card.get(f) != want for f, want in (spec.get("where") or {}).items()) \
                and card.get("deck_section") != sec:
            continue
        out.append((cid, starters[cid] + POOL_WEIGHT))
    _CANDIDATES[key] = (rs, out)
    return out


def _limit(rs: Ruleset, sec: str, cid: str) -> float:
    """Return how many copies of `cid` a deck may hold (the card's own rule over its section's)."""
    copies = rs.cards[cid].copies
    if copies == "any":
        return float("inf")
    if isinstance(copies, int):
        return copies
    limit = rs.deck.get(sec, {}).get("max_copies")
    return float("inf") if limit is None else limit


def determinize(view: View, rng: random.Random, ruleset: Ruleset | None = None) -> State:
    """Return a full State consistent with `view`, hidden identities sampled with `rng`."""
    rs = ruleset or load_ruleset(view.ruleset)
    idents = sample_identities(view, rng, rs)
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


def _build_order(view: View):
    """Yield every card of the view in the order `determinize` builds them (zones, then hosts before attachments)."""
    def walk(cv):
        yield cv
        for a in cv.attached:
            yield from walk(a)
    for cards in view.zones.values():
        for cv in cards:
            yield from walk(cv)


def _all_cards(view: View):
    for cards in view.zones.values():
        stack = list(cards)
        while stack:
            cv = stack.pop()
            yield cv
            stack.extend(cv.attached)
