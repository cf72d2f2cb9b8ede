"""Entry points of the window: `run(args)` for `tabletop play ...`, `run_menu(args)` for the main menu.

This is the top of the UI's imports: it knows the menu and the table; they know neither it nor each
other's way back (a table asks `App.go_home`, and the app opens the home scene it was given).
"""
from __future__ import annotations

import os
from pathlib import Path

from tabletop.engine import Game, TabletopError, load_ruleset
from tabletop.engine.msg import msg
from tabletop.i18n import N_

from .players import load_with_seats, make_seats, new_seed
from .scene import App
from .table import TableScene
from .table.replay import spectate


def home(app):
    """Make the main menu scene (imported on first use: `tabletop play` opens a table first)."""
    from .menu import MenuScene
    return MenuScene(app)


def parse_size(text):
    """Turn '1600x900' into (1600, 900); None stays None."""
    if not text:
        return None
    try:
        w, h = (int(x) for x in str(text).lower().split("x"))
    except ValueError:
        raise TabletopError(msg("window size {size!r}: write it as WIDTHxHEIGHT, e.g. 1600x900", size=text)) from None
    return max(640, w), max(480, h)


def parse_options(rs, pairs) -> dict:
    """Turn ['name=value', ...] into a dict typed by the ruleset's options."""
    out = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise TabletopError(msg("option {option!r}: write it as NAME=VALUE", option=pair))
        k, v = pair.split("=", 1)
        spec = rs.options.get(k)
        if spec is None:
            raise TabletopError(msg("unknown option {option!r} for {ruleset} (known: {known})", option=k, ruleset=rs.id,
                                    known=", ".join(rs.options) or msg("none")))
        if spec.get("type") == "bool":
            out[k] = v.lower() in ("1", "yes", "true", "on")
        elif spec.get("type") == "int":
            try:
                out[k] = int(v)
            except ValueError:
                raise TabletopError(msg("option {option!r} needs a whole number, not {value!r}", option=k, value=v)) from None
        else:
            out[k] = v
    return out


def build_game(args):
    """Return (game, seat specs) for the `play` verb's arguments; raise TabletopError with a clear message."""
    specs = [getattr(args, "p1", "human") or "human", getattr(args, "p2", "human") or "human"]
    if getattr(args, "load", None):
        game, saved, _ = load_with_seats(args.load)
        if saved and specs == ["human", "human"]:
            specs = saved
        return game, specs
    if getattr(args, "scenario", None):
        return Game.from_scenario(Path(args.scenario)), specs
    if not getattr(args, "ruleset", None):
        raise TabletopError(msg("play: name a ruleset (e.g. tabletop play sandbox), or use --load / --scenario"))
    rs = load_ruleset(args.ruleset)
    seed = args.seed if getattr(args, "seed", None) is not None else new_seed()
    game = Game.new(rs, decks=[getattr(args, "deck1", None), getattr(args, "deck2", None)], seed=seed,
                    options=parse_options(rs, getattr(args, "option", [])))
    return game, specs


def run(args) -> int:
    """Open a table straight away (`tabletop play ...`); a bad file opens the menu with the message."""
    app = App(size=parse_size(getattr(args, "size", None)), home=home)
    try:
        game, specs = build_game(args)
        seats = make_seats(specs, game.state.seed)
    except (TabletopError, ValueError, KeyError) as e:
        app.push(home(app))
        app.message(e, N_("Cannot start the game"))
        return app.run()
    spectate(app.push(TableScene(app, game, seats, save_folder=os.environ.get("TABLETOP_SAVES"),
                                 brief=not game.actions)))
    return app.run()


def run_menu(args) -> int:
    """Open the main menu."""
    app = App(home=home)
    app.push(home(app))
    return app.run()


def run_replay(args) -> int:
    """Open a save or a `simulate --out` game on the table with the replay controls (`tabletop replay SAVE --table`)."""
    from .replays import open_file
    app = App(size=parse_size(getattr(args, "size", None)), home=home)
    try:
        open_file(app, Path(args.save), getattr(args, "game", 0) or 0)
    except (TabletopError, ValueError, KeyError) as e:
        app.push(home(app))
        app.message(str(e), app.words("Cannot open the replay"))
    return app.run()
