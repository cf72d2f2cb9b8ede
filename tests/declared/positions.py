"""A declared game started from a position (a scenario written to a temporary file)."""
from __future__ import annotations

import yaml

from tabletop.engine import Game


def position(tmp_path, ruleset: str, zones: dict, **kw) -> Game:
    """Start `ruleset` from a position: P1 acts in turn 3's main phase unless `kw` says otherwise."""
    d = {"ruleset": ruleset, "turn": 3, "active": "p1", "first": "p1", "phase": "main", "zones": dict(zones)}
    d.update(kw)
    path = tmp_path / f"s{len(list(tmp_path.iterdir()))}.yaml"
    path.write_text(yaml.safe_dump(d, allow_unicode=True), encoding="utf-8")
    return Game.from_scenario(path)
