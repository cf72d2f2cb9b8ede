"""Start a fourdeck game from a position written as a scenario (shared by the evaluation's and the
search's tests)."""
import textwrap

from tabletop.engine import Game


def position(tmp_path, text: str) -> Game:
    """Return the game the scenario `text` (its lines after `ruleset: fourdeck`) describes."""
    p = tmp_path / "pos.yaml"
    p.write_text("ruleset: fourdeck\n" + textwrap.dedent(text), encoding="utf-8")
    return Game.from_scenario(p)


def uid(g: Game, cid: str) -> int:
    """Return the id of the (first) card `cid` in the game."""
    return next(c.uid for c in g.state.cards.values() if c.cid == cid)
