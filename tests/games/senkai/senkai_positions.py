"""A senkai game started from a position, for the rules tests and the bots' tests."""
from __future__ import annotations

import yaml

from tabletop.engine import Game


def senkai_position(tmp_path, zones: dict, **kw) -> Game:
    """Start a senkai game from a position: default walls, decks and mana decks are filled in; P1 acts
    in turn 3's main phase unless `kw` says otherwise (any scenario key: turn, active, phase...)."""
    zones = dict(zones)
    for p in ("p1", "p2"):
        zones.setdefault(f"{p}.walls", ["kodama"] * 4)
        zones.setdefault(f"{p}.deck", ["kodama"] * 3)
        zones.setdefault(f"{p}.mana_deck", ["midori_no_maryoku"] * 4)
    d = {"ruleset": "senkai", "turn": 3, "active": "p1", "first": "p1", "phase": "main", "zones": zones}
    d.update(kw)
    path = tmp_path / f"s{len(list(tmp_path.iterdir()))}.yaml"
    path.write_text(yaml.safe_dump(d, allow_unicode=True), encoding="utf-8")
    return Game.from_scenario(path)
