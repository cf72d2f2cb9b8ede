"""An ijinden game started from a position, for the rules tests and the bots' tests."""
from __future__ import annotations

import yaml

from tabletop.engine import Game


def ijinden_position(tmp_path, zones: dict, deck: int = 3, **kw) -> Game:
    """Start an ijinden game from a position: P1's main phase of turn 5 unless `kw` says otherwise;
    decks not given hold `deck` stones (赤の石)."""
    zones = dict(zones)
    for p in ("p1", "p2"):
        zones.setdefault(f"{p}.deck", ["r_stone"] * deck)
    d = {"ruleset": "ijinden", "turn": 5, "active": "p1", "first": "p1", "phase": "main", "zones": zones,
         "players": {"p1": {"placement": 1, "summon": 1}, "p2": {"placement": 0, "summon": 0}}}
    d.update(kw)
    path = tmp_path / f"s{len(list(tmp_path.iterdir()))}.yaml"
    path.write_text(yaml.safe_dump(d, allow_unicode=True), encoding="utf-8")
    return Game.from_scenario(path)
