"""The legality property of issue 33, shared by the tests: in a position, the check path
(`Controller.check`, which `why_not` asks) passes an action exactly when `legal_actions` lists it,
for the listed actions and for near misses (the same kind with another card, target or zone).
"""
from __future__ import annotations

from tabletop.engine.state import split_key


def near_misses(g, a, rng, k):
    """Return `a` with one argument swapped for another card or zone of the position, `k` ways each.

    The cards swapped in are those a player can point at or that lie on top of a pile, with the
    cards under them, and a few drawn from anywhere (cards deep in a deck included).
    """
    s = g.state
    uids = []
    for key, zone in s.zones.items():
        pile = g.ruleset.zones[split_key(key)[1]].kind == "pile"
        for u in zone[-1:] if pile else zone:
            uids.append(u)
            uids.extend(s.cards[u].attached)
    every = sorted(s.cards)
    uids = list(dict.fromkeys(uids + rng.sample(every, min(3, len(every)))))
    zones = sorted(s.zones)
    out = []
    for key, v in a.args:
        if isinstance(v, bool):
            continue
        if isinstance(v, int) and v in s.cards:
            out += [a.with_args(**{key: u}) for u in rng.sample(uids, min(k, len(uids)))]
        elif isinstance(v, str) and v in s.zones:
            out += [a.with_args(**{key: z}) for z in rng.sample(zones, min(k, len(zones)))]
        elif isinstance(v, tuple) and v and all(isinstance(x, int) and x in s.cards for x in v):
            for u in rng.sample(uids, min(k, len(uids))):
                t = list(v)
                t[rng.randrange(len(t))] = u
                out.append(a.with_args(**{key: tuple(t)}))
            if len(v) > 1:
                out.append(a.with_args(**{key: tuple(reversed(v))}))
    return out


def check_one_place_decides(g, rng, k, where=""):
    """Assert the check path and the legal list agree on every listed action and its near misses."""
    s, ctl = g.state, g.controller
    p = ctl.to_act(s)
    legal = g.legal_actions()
    listed = list(dict.fromkeys(legal + ctl.drop_candidates(s, p)))
    probes = list(dict.fromkeys(listed + [x for a in listed for x in near_misses(g, a, rng, k)]))
    for a in probes:
        reason = ctl.check(s, a)
        assert (reason is None) == (a in legal), (
            f"{where}: {a} is {'listed' if a in legal else 'not listed'} but its check says "
            f"{'nothing against it' if reason is None else repr(str(reason))}")
        assert (g.why_not(a) is None) == (a in legal), f"{where}: why_not and the legal list disagree on {a}"
