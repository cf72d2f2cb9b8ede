"""Scenarios: a position written in YAML, to start a game mid-way (practice, teaching, tests).

    ruleset: senkai
    title: Breaking a wall
    seed: 3
    turn: 3              # turns started so far
    active: p1           # the turn player
    first: p1
    phase: main
    players: {p1: {hp: 20}, p2: {}}
    zones:
      p1.hand: [oni_bi, kappa]
      p1.lane_center: [{card: kappa, tapped: true, counters: {damage: 1}, attached: [iron_fang]}]
      p2.walls: [{card: kappa, face_up: false}]
      p1.deck: [kappa, kappa]      # the last one is the top
    data: {}             # the controller's own state, merged over its defaults
    pending: []          # choices already asked (rarely needed)
    coins: [heads, tails]   # the results of the next coin flips (janken too), in order

Cards not listed anywhere do not exist in a scenario game. This module builds the position only;
`Game.from_scenario` wraps it in a Game (so the loader never imports game.py).
"""
from __future__ import annotations

from pathlib import Path

from .controller import FIXED_COINS, controller_class
from .errors import DataError
from .msg import msg
from .ruleset import Ruleset, load_ruleset
from .start import resolve_options, zone_keys
from .state import Card, State
from .yamlio import Checker, YMap, load_yaml

_CARD_SPEC = {"type": "map", "fields": {
    "card": {"type": "str", "required": True},
    "face_up": {"type": "bool"},
    "tapped": {"type": "bool", "default": False},
    "counters": {"type": "map", "values": {"type": "int"}, "default": {}},
    "flags": {"type": "map", "default": {}},
    "attached": {"type": "list", "default": []},
    "under": {"type": "list", "default": []},
    "owner": {"type": "str", "choices": ["p1", "p2"]},
}}
SCENARIO_SPEC = {"type": "map", "fields": {
    "ruleset": {"type": "str", "required": True},
    "title": {"type": "str", "default": ""},
    "description": {"type": "str", "default": ""},
    "rule": {"type": "str", "default": ""},
    "seed": {"type": "int", "default": 0},
    "turn": {"type": "int", "default": 3, "min": 1},
    "active": {"type": "str", "default": "p1", "choices": ["p1", "p2"]},
    "first": {"type": "str", "default": "p1", "choices": ["p1", "p2"]},
    "phase": {"type": "str", "default": "main"},
    "players": {"type": "map", "default": {}},
    "zones": {"type": "map", "values": {"type": "list"}, "default": {}},
    "data": {"type": "map", "default": {}},
    "pending": {"type": "list", "default": []},
    "options": {"type": "map", "default": {}},
    "coins": {"type": "list", "default": []},
}}
COIN_WORDS = {"heads": True, "tails": False}


def _player(text: str) -> int:
    return 0 if text == "p1" else 1


def load_scenario(path: Path, ruleset: Ruleset | None = None) -> tuple[Ruleset, State, dict]:
    """Read a scenario file and return (ruleset, position, options) for `Game.from_scenario`.

    `ruleset`, if given and the scenario names its id, is used instead of loading it (validate checks a
    folder's scenarios with its deckless ruleset while a deck file is broken)."""
    raw = load_yaml(path)
    if not isinstance(raw, dict):
        raise DataError(path, 1, msg("a scenario must be a mapping (ruleset, zones, ...)"))
    chk = Checker(path)
    d = chk.check(raw, SCENARIO_SPEC, "", 1)
    chk.done()
    try:
        rs = ruleset if ruleset is not None and ruleset.id == d["ruleset"] else load_ruleset(d["ruleset"])
    except DataError as e:
        if e.path != d["ruleset"]:
            raise
        raise DataError(path, d.line_of("ruleset"), e.message) from None   # path:line, not the bare id
    s = build_state(rs, d, path, chk)
    chk.done()
    try:
        opts = resolve_options(rs, dict(d["options"]))
    except DataError as e:
        raise DataError(path, d.line_of("options"), e.message) from None
    s.revealed = False
    return rs, s, opts


def build_state(rs: Ruleset, d: YMap, path, chk: Checker) -> State:
    """Build the position `d` describes; errors go to `chk` with their line."""
    s = State(rs.id, d["seed"])
    for key in zone_keys(rs):
        s.zones[key] = []
    ctl = controller_class(rs.controller)(rs)
    ctl.init(s, resolve_options(rs, {}))
    next_uid = [1]

    def make(entry, key: str, owner: int, line: int) -> Card | None:
        if isinstance(entry, str):
            entry = {"card": entry}
        if not isinstance(entry, dict):
            chk.error(line, msg("zones.{zone}: each card is a card id or a mapping with 'card'", zone=key))
            return None
        e = chk.check(entry, _CARD_SPEC, f"zones.{key}", line)
        cid = e.get("card")
        if cid not in rs.cards:
            chk.error(line, msg("zones.{zone}: unknown card {card!r}", zone=key, card=cid))
            return None
        if e.get("owner"):
            owner = _player(e["owner"])
        spec = rs.zones[key.split(".", 1)[1]]
        c = Card(next_uid[0], cid, owner, key, spec.face_up if e.get("face_up") is None else e["face_up"],
                 e["tapped"], dict(e["counters"]), dict(e["flags"]))
        next_uid[0] += 1
        s.cards[c.uid] = c
        for sub, under in ((e["under"], True), (e["attached"], False)):
            for item in sub:
                a = make(item, key, owner, line)
                if a is not None:
                    a.host = c.uid
                    a.face_up = True if not isinstance(item, dict) or item.get("face_up") is None else item["face_up"]
                    if under:
                        c.attached.insert(0, a.uid)
                    else:
                        c.attached.append(a.uid)
        return c

    for key, entries in d["zones"].items():
        line = d["zones"].line_of(key)
        k = key.replace("p1.", "0.", 1).replace("p2.", "1.", 1) if key.startswith(("p1.", "p2.")) else key
        if k not in s.zones:
            chk.error(line, msg("zones: unknown zone {zone!r} (zones are p1.NAME, p2.NAME or shared.NAME; names: {names})",
                                zone=key, names=", ".join(rs.zones)))
            continue
        owner = int(k[0]) if k[0] in "01" else 0
        for i, entry in enumerate(entries):
            c = make(entry, k, owner, entries.line_of(i) if hasattr(entries, "line_of") else line)
            if c is not None:
                s.zones[k].append(c.uid)
    s.turn = d["turn"]
    s.active = _player(d["active"])
    s.first = _player(d["first"])
    s.phase = d["phase"]
    if rs.phases and s.phase not in [p["id"] for p in rs.phases] + ["setup"]:
        chk.error(d.line_of("phase"), msg("phase: unknown phase {phase!r} (phases: {known})", phase=s.phase,
                                          known=", ".join(p["id"] for p in rs.phases)))
    for key, values in d["players"].items():
        if key not in ("p1", "p2") or not isinstance(values, dict):
            chk.error(d["players"].line_of(key), msg("players: expected p1: and p2:, each a mapping of values"))
            continue
        s.players[_player(key)].update(values)
    s.data.update(dict(d["data"]))
    for p in d["pending"]:
        if isinstance(p, dict) and p.get("player") in ("p1", "p2"):
            p = dict(p)
            p["player"] = _player(p["player"])
            s.pending.append(p)
        else:
            chk.error(d.line_of("pending"), msg("pending: each choice needs player: p1 or p2"))
    coins = []
    for i, word in enumerate(d["coins"]):
        if word not in COIN_WORDS:
            line = d["coins"].line_of(i) if hasattr(d["coins"], "line_of") else d.line_of("coins")
            chk.error(line, msg("coins: item {n} is {word!r}; each coin is heads or tails", n=i + 1, word=word))
        else:
            coins.append(COIN_WORDS[word])
    if coins:
        s.data[FIXED_COINS] = coins
    if not chk.errors and hasattr(ctl, "after_scenario"):
        ctl.after_scenario(s)
    return s
