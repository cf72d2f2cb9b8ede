"""The `tabletop` command: the main menu, and the verbs play, validate, replay, simulate, deck, cards, studio,
new-game."""
from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

from .engine.errors import DataError, DataErrors, TabletopError
from .engine.msg import msg
from .i18n import render, render_error, tr
from .ui.settings import user_language


def _deferred(module: str, func: str = "run"):
    """Return a verb that imports its module only when used (the window needs pygame, the rest not)."""
    def call(args):
        try:
            mod = importlib.import_module(module)
        except ModuleNotFoundError as e:
            if e.name and e.name.startswith("tabletop"):
                print("tabletop: " + tr("'{verb}' is not available in this version ({module} is missing)",
                                        user_language(), verb=args.verb or "menu", module=module), file=sys.stderr)
                return 2
            raise
        return getattr(mod, func)(args)
    return call


def cmd_validate(args) -> int:
    from .validate import validate_report
    lang = user_language()
    problems, warnings = validate_report([Path(p) for p in args.paths])
    for p in problems:
        print(render(p, lang))
    for w in warnings:
        print(tr("warning: {what}", lang, what=w))
    n, k = len(problems), len(warnings)
    found = tr("1 problem found" if n == 1 else "{n} problems found", lang, n=n)
    some = tr("1 warning" if k == 1 else "{n} warnings", lang, n=k)
    if problems:
        print(tr("{problems}, {warnings}", lang, problems=found, warnings=some) if warnings else found, file=sys.stderr)
        return 1
    print(tr("all files are valid ({warnings})", lang, warnings=some) if warnings else tr("all files are valid", lang))
    return 0


def use_ruleset_folder(value: str | None) -> str | None:
    """Return the ruleset id for a command's ruleset argument, which may be a ruleset's folder (`mygame`,
    `~/games/mygame`): that folder is then searched first (TABLETOP_RULESETS, which the simulator's
    workers inherit), whatever its ruleset.yaml calls the game. An id is returned as it is."""
    import os
    from .engine.ruleset import folder_ruleset_id
    if not value:
        return value
    p = Path(value).expanduser()
    looks_like_path = os.sep in value or "/" in value or value.startswith((".", "~"))
    if (p / "ruleset.yaml").is_file():
        old = os.environ.get("TABLETOP_RULESETS")
        os.environ["TABLETOP_RULESETS"] = os.pathsep.join([str(p.resolve())] + ([old] if old else []))
        from .engine.ruleset import _load_cached
        _load_cached.cache_clear()
        return folder_ruleset_id(p)
    if looks_like_path or p.is_dir():
        why = (msg("{path}: no such folder", path=str(p)) if not p.exists()
               else msg("{path}: not a ruleset folder (it has no ruleset.yaml)", path=str(p)))
        raise TabletopError(why)
    return value


def cmd_new_game(args) -> int:
    from .newgamecli import new_game
    lang = user_language()
    folder = new_game(args.name, example=args.from_, where=Path(args.path).expanduser() if args.path else None)
    print(render(msg("created {folder} from the example {example}", folder=str(folder), example=args.from_), lang))
    print(render(msg("next: {studio}  (or: {play}, {validate})", studio=f"tabletop studio {folder}",
                     play=f"tabletop play {folder}", validate=f"tabletop validate {folder}"), lang))
    return 0


def cmd_replay(args) -> int:
    if args.table:   # the real table with the replay controls
        return _deferred("tabletop.ui.app", "run_replay")(args)
    from .engine.errors import SaveError, clip
    from .engine.saves import read_save
    from .engine.game import Game
    d = read_save(Path(args.save))
    actions = d["actions"]
    upto = len(actions) if args.to is None else max(0, min(args.to, len(actions)))
    try:
        g = Game.from_dict({**d, "actions": actions[:upto]}, check=upto == len(actions))
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError) as e:
        raise SaveError(msg("{path}: the save is damaged ({error})", path=args.save,
                            error=clip(f"{type(e).__name__}: {e}"))) from None
    viewer = None if args.viewer is None else args.viewer - 1
    lang = user_language()
    if viewer is None:
        print("# " + render(msg("{game} ({ruleset}), seed {seed}, {n} of {total} actions", game=g.ruleset.title,
                                ruleset=g.ruleset.id, seed=g.state.seed, n=upto, total=len(actions)), lang))
    else:   # no seed for one seat: with it and the decks, the opponent's hand and deck order can be rebuilt
        print("# " + render(msg("{game} ({ruleset}), {n} of {total} actions, as P{seat} saw it",
                                game=g.ruleset.title, ruleset=g.ruleset.id, n=upto, total=len(actions),
                                seat=viewer + 1), lang))
    for e in g.state.log:
        print(render(e.text_for(viewer) if viewer is not None else e.text, lang))
    if g.outcome():
        print("# " + render(g.outcome().message, lang))
    return 0


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="tabletop", description="A desktop card-game table for five indie card games. "
                                 "With no verb, opens the main menu.")
    ap.add_argument("--saves", help="folder for saves and autosaves (default: saves/, or TABLETOP_SAVES)")
    sub = ap.add_subparsers(dest="verb", metavar="VERB")

    p = sub.add_parser("play", help="open a table straight away")
    p.add_argument("ruleset", nargs="?", help="ruleset id (senkai, fourdeck, ijinden, monmusu, danmaku, sandbox, "
                                              "sparkduel, ramparts, or your own) or a ruleset folder")
    p.add_argument("--p1", default="human", help="human, or a bot: random|greedy|search (easy|normal|hard)")
    p.add_argument("--p2", default="human", help="human, or a bot: random|greedy|search (easy|normal|hard)")
    p.add_argument("--deck1", help="deck name of the ruleset, or a deck file, for P1")
    p.add_argument("--deck2", help="deck name of the ruleset, or a deck file, for P2")
    p.add_argument("--seed", type=int, default=None, help="seed of the game's random generator")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="an optional rule")
    p.add_argument("--scenario", help="start from a scenario file")
    p.add_argument("--load", help="continue a saved game")
    p.add_argument("--size", default=None, help="window size, e.g. 1600x900 (default: the largest that fits the screen)")
    # also after the verb; SUPPRESS keeps a value given before the verb (a subparser default would erase it)
    p.add_argument("--saves", default=argparse.SUPPRESS, help="folder for saves and autosaves")
    p.set_defaults(func=_deferred("tabletop.ui.app"))

    p = sub.add_parser("validate", help="check rulesets, cards, decks, scenarios, layouts and saves")
    p.add_argument("paths", nargs="*", help="files or folders (default: every ruleset)")
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser("replay", help="print a saved game's log, or step through it on the table (--table)")
    p.add_argument("save", help="a save file")
    p.add_argument("--to", type=int, default=None, help="stop after N actions")
    p.add_argument("--viewer", type=int, choices=(1, 2), default=None, help="print what this player saw")
    p.add_argument("--table", action="store_true", help="step through it on the table (a save or a simulate --out file)")
    p.add_argument("--game", type=int, default=0, help="with --table and a simulate --out file: which game (default 0)")
    p.add_argument("--size", default=None, help="with --table: window size, e.g. 1600x900")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("simulate", help="play many bot games and summarise them")
    p.add_argument("ruleset", help="ruleset id or folder")
    p.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    p.add_argument("--p1", default="random", help="P1's bot: random|greedy|search (easy|normal|hard)")
    p.add_argument("--p2", default="random", help="P2's bot: random|greedy|search (easy|normal|hard)")
    p.add_argument("--deck1", help="P1's deck: a deck name of the ruleset, or a deck file")
    p.add_argument("--deck2", help="P2's deck: a deck name of the ruleset, or a deck file")
    p.add_argument("--seed", type=int, default=0, help="first seed; game i uses seed+i (default 0)")
    p.add_argument("--workers", type=int, default=None, help="worker processes (default: the number of cores)")
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    p.add_argument("--out", help="also write the summary and one record per game to this JSON file")
    p.add_argument("--plot", metavar="DIR", help="write PNG charts of the run to DIR (needs the plots extra: "
                   "pip install 'tabletop[plots]')")
    p.add_argument("--ray", metavar="ADDRESS", help="run the games as tasks on an existing Ray cluster")
    p.add_argument("--think", type=float, default=None, help="think-time budget of the search bot, seconds")
    p.add_argument("--rollouts", type=int, default=None, metavar="N",
                   help="give the search bot N rounds of playouts instead of a time budget (reproducible)")
    p.add_argument("--max-actions", type=int, default=None, metavar="N",
                   help="stop a game that has not ended after N actions and count it as unfinished "
                        "(not a draw, not an error; default 5000)")
    p.set_defaults(func=_deferred("tabletop.sim"))

    p = sub.add_parser("deck", help="list, check, export and import decks (plain-text lists)")
    p.add_argument("ruleset", help="ruleset id or folder")
    p.add_argument("--check", metavar="DECK", help="print the deck rules DECK breaks (a deck name, deck file or .txt list)")
    p.add_argument("--export", metavar="DECK", help="print DECK as a plain-text list (\"2 鬼の咆哮\" a line)")
    p.add_argument("--english", action="store_true", help="with --export: English card names where cards have them")
    p.add_argument("--out", help="with --export: write the list to this file")
    p.add_argument("--import", dest="import_", metavar="FILE", help="save a plain-text list as one of your decks")
    p.add_argument("--name", help="with --import: the deck's name (its file name in your decks folder)")
    p.add_argument("--title", help="with --import: the deck's title")
    p.add_argument("--replace", action="store_true", help="with --import: replace your deck of that name")
    p.set_defaults(func=_deferred("tabletop.deckcli"))

    p = sub.add_parser("cards", help="export card faces and print sheets")
    p.add_argument("ruleset", help="ruleset id or folder")
    p.add_argument("--out", help="folder for cards/, sheets/, backs/, tts/ and the PDF")
    p.add_argument("--dpi", type=int, default=None, help="resolution (default: the layout's own dpi, usually 300)")
    p.add_argument("--sheet", choices=("a4", "letter"), default="a4", help="print sheet size (default a4)")
    p.add_argument("--bleed", type=float, default=0.0, help="bleed around each card, in mm (default 0)")
    p.add_argument("--crop-marks", action="store_true", help="draw crop marks on the sheets")
    p.add_argument("--only", nargs="+", metavar="NAME", help="export only these cards (id, name or English name)")
    p.add_argument("--margin", type=float, default=5.0, help="printable margin of the page, in mm (default 5)")
    p.add_argument("--backs", action="store_true", help="also write back sheets, mirrored for long-edge duplex")
    p.add_argument("--fold", action="store_true", help="faces and backs side by side, to fold down the middle")
    p.add_argument("--deck", help="print the copies this deck list asks for (default: each card's copies:)")
    p.add_argument("--tts", action="store_true", help="also write a Tabletop Simulator deck sheet and back")
    p.add_argument("--workers", type=int, default=None, help="processes drawing faces (default: cores, big sets)")
    p.add_argument("--progress", action="store_true", help="show the progress bar even when not on a terminal")
    p.add_argument("--csv", metavar="FILE", help="write the cards as CSV (a ruleset's cards.csv reads it back)")
    p.set_defaults(func=_deferred("tabletop.layout.export"))

    p = sub.add_parser("new-game", help="start a game of your own: a ruleset folder copied from an example")
    p.add_argument("name", help="the new game's id (letters, digits, _ and -), also its folder's name")
    p.add_argument("--from", dest="from_", default="sandbox", metavar="EXAMPLE",
                   help="the ruleset to copy (default sandbox, the free table)")
    p.add_argument("--path", help="folder to create (default: NAME in your rulesets folder, "
                   "where every command finds it by id)")
    p.set_defaults(func=cmd_new_game)

    p = sub.add_parser("studio", help="the card layout studio")
    p.add_argument("ruleset", help="ruleset id or folder")
    p.add_argument("--size", default=None, help="window size, e.g. 1366x768 (default 1600x900)")
    p.set_defaults(func=_deferred("tabletop.ui.studio"))
    return ap


def main(argv: list[str] | None = None) -> int:
    ap = build_parser()
    args = ap.parse_args(argv)
    if getattr(args, "saves", None):
        import os
        os.environ["TABLETOP_SAVES"] = args.saves
    func = getattr(args, "func", None) or _deferred("tabletop.ui.app", "run_menu")
    try:
        if getattr(args, "ruleset", None):   # play, simulate, deck, cards, studio: an id or a folder
            args.ruleset = use_ruleset_folder(args.ruleset)
        return func(args) or 0
    except (DataError, DataErrors, TabletopError) as e:
        print(f"tabletop: {render_error(e, user_language())}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
