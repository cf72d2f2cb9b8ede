"""Digest of a ruleset's behaviour: a hash of the legal-action lists, states and outcomes of seeded
random games. A change meant only to make a controller faster must leave it unchanged.

    python -m tabletop.bench.digest senkai [GAMES]     # prints: senkai 200 games 38330 actions <hash>
"""
from __future__ import annotations

import hashlib
import random
import sys

from tabletop.engine import Game


def digest(ruleset_id: str, games: int = 200, max_actions: int = 3000) -> tuple[int, str]:
    """Return (actions played, hex digest) over `games` seeded random games of `ruleset_id`."""
    h = hashlib.sha256()
    played = 0
    for i in range(games):
        g = Game.new(ruleset_id, seed=i)
        rng = random.Random(i)
        while g.outcome() is None and len(g.actions) < max_actions:
            legal = g.legal_actions()
            h.update("|".join(map(str, legal)).encode())
            g.apply(rng.choice(legal))
            played += 1
            if played % 7 == 0:
                h.update(repr(g.state.to_dict()).encode())
        h.update(str(g.outcome()).encode())
    return played, h.hexdigest()[:16]


if __name__ == "__main__":
    rid = sys.argv[1] if len(sys.argv) > 1 else "senkai"
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    played, hx = digest(rid, n)
    print(f"{rid} {n} games {played} actions {hx}")
