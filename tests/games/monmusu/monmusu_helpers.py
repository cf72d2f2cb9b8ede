"""Helpers for the monmusu rules tests: positions from scenario files or from a few lines of YAML."""
from __future__ import annotations

import itertools
from pathlib import Path

import yaml

from tabletop.engine import Action, Game

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = ROOT / "rulesets" / "monmusu" / "scenarios"
_n = itertools.count()


def scenario(name: str) -> Game:
    return Game.from_scenario(SCENARIOS / name)


def position(tmp_path, zones: dict, phase: str = "cast", turn: int = 3, active: str = "p1", first: str = "p1",
             data: dict | None = None, players: dict | None = None) -> Game:
    """Return a game at a position written like a scenario (zones in scenario form)."""
    d = {"ruleset": "monmusu", "turn": turn, "active": active, "first": first, "phase": phase,
         "data": {"time": 9, "turn_start": 7, **(data or {})},
         "players": players or {"p1": {"hp": 400}, "p2": {"hp": 400}}, "zones": zones}
    path = tmp_path / f"pos{next(_n)}.yaml"
    path.write_text(yaml.safe_dump(d, allow_unicode=True), encoding="utf-8")
    return Game.from_scenario(path)


def uid(g: Game, cid: str, zone: str | None = None) -> int:
    """Return the uid of the first card `cid` (in zone key `zone` when given, attached cards included)."""
    for u, c in sorted(g.state.cards.items()):
        if c.cid == cid and (zone is None or c.zone == zone):
            return u
    raise KeyError(f"no {cid} in {zone}")


def act(g: Game, kind: str, player: int | None = None, **args):
    """Apply an action (player defaults to who must act); return its events."""
    p = g.to_act if player is None else player
    return g.apply(Action.make(kind, p, **args))


def why(g: Game, kind: str, player: int | None = None, **args) -> str | None:
    p = g.to_act if player is None else player
    return g.why_not(Action.make(kind, p, **args))


def offer(g: Game) -> dict | None:
    """Return the pending skill offer in front, if any."""
    s = g.state
    return s.pending[0] if s.pending and s.pending[0]["kind"] == "skill_offer" else None


def paying(g: Game) -> dict | None:
    """Return the pending mana payment in front, if any."""
    s = g.state
    return s.pending[0] if s.pending and s.pending[0]["kind"] == "pay_mana" else None


def pay(g: Game) -> None:
    """Answer a waiting mana payment with the suggested mana (the pay_mana button)."""
    while paying(g):
        a = next(x for x in g.legal_actions() if x.kind == "pay_mana")
        g.apply(a)


def pass_all(g: Game) -> None:
    """Decline every waiting skill offer (forced ones are used)."""
    while offer(g):
        o = offer(g)
        a = Action.make("pass_skill", o["player"])
        if g.why_not(a):
            a = Action.make("use_skill", o["player"])
        g.apply(a)


def new_game_to_turn1(seed: int = 1, mull=(False, False)) -> Game:
    """Play the setup of a new game: P? wins janken and goes first; picks the first choices."""
    g = Game.new("monmusu", seed=seed)
    act(g, "choose_order", choice="first")
    while g.state.pending and g.state.pending[0]["kind"] == "pick_main":
        g.apply(g.legal_actions()[0])
    first = g.state.first
    act(g, "mulligan", first, choice=mull[0])
    act(g, "mulligan", 1 - first, choice=mull[1])
    while g.state.pending and g.state.pending[0]["kind"] == "extra_draw":
        act(g, "extra_draw", choice=True)
    return g


def time(g: Game) -> int:
    return g.state.data["time"]
