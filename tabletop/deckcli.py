"""`tabletop deck RULESET`: list, check, export and import decks (docs/decks.md).

    tabletop deck senkai                                   # every deck you can pick, shipped and yours
    tabletop deck senkai --check my_deck                   # the deck rules it breaks, with rule ids
    tabletop deck senkai --export kiri_yashiro [--english] [--out FILE]
    tabletop deck senkai --import list.txt --name my_deck [--title T] [--replace]
"""
from __future__ import annotations

import sys
from pathlib import Path

from .engine.decks import (Deck, DeckError, export_text, find_user_deck, list_decks, parse_text, read_text_file, save_user_deck,
                           user_decks_dir)
from .engine.errors import DataError
from .engine.game import resolve_deck
from .engine.ruleset import load_ruleset


def _open(rs, what: str) -> Deck:
    """Return a deck to check or export: a deck name, a deck file, or a text list (.txt)."""
    if what.lower().endswith(".txt"):
        text = read_text_file(what)
        deck, errors = parse_text(text, rs, what, Path(what).stem)
        if errors:
            _print_errors(errors)
            raise SystemExit(1)
        return deck
    if what in rs.decks:
        return Deck.from_list(rs, rs.decks[what])
    path = find_user_deck(rs, what) or (Path(what) if Path(what).is_file() else None)
    if path is None:
        resolve_deck(rs, what, 0)   # raises the message that names the known decks
    return Deck.load(path, rs)      # read even when it breaks the rules, so --check can list them


def _print_errors(errors) -> None:
    for e in errors:
        print(e, file=sys.stderr)


def _report(deck: Deck) -> int:
    problems = deck.problems()
    sizes = " + ".join(f"{deck.total(s)}" for s in deck.sections if deck.total(s) or deck.rs.deck[s]["required"])
    if not problems:
        print(f"{deck.name}: {sizes} cards, keeps every deck rule of {deck.rs.id}")
        return 0
    print(f"{deck.name}: {sizes} cards, breaks {len(problems)} deck rule{'s' if len(problems) != 1 else ''}:")
    for p in problems:
        print(f"  {p}")
    return 1


def run(args) -> int:
    """Run `tabletop deck` with parsed arguments; return the exit code."""
    rs = load_ruleset(args.ruleset)
    chosen = [x for x in ("check", "export", "import_") if getattr(args, x)]
    if len(chosen) > 1:
        print("tabletop deck: use one of --check, --export and --import at a time", file=sys.stderr)
        return 2
    try:
        if args.check:
            return _report(_open(rs, args.check))
        if args.export:
            text = export_text(_open(rs, args.export), english=args.english)
            if args.out:
                from .engine.saves import write_atomic
                try:
                    write_atomic(Path(args.out), text)
                except OSError as e:
                    raise DataError(args.out, None, f"cannot write: {e.strerror or e}") from None
                print(f"wrote {args.out}", file=sys.stderr)
            else:
                sys.stdout.write(text)
            return 0
        if args.import_:
            if not args.name:
                print("tabletop deck: --import needs --name NAME (the deck's name in your decks folder)", file=sys.stderr)
                return 2
            deck, errors = parse_text(read_text_file(args.import_), rs, args.import_, args.name)
            if errors:
                _print_errors(errors)
                print(f"tabletop deck: nothing saved: {len(errors)} line{'s' if len(errors) != 1 else ''} "
                      "could not be read", file=sys.stderr)
                return 1
            deck.title = args.title or ""
            path = save_user_deck(deck, overwrite=args.replace)
            print(f"saved {path}")
            if _report(deck):
                print("(saved as a draft: games refuse it until it keeps the deck rules)")
            return 0
    except DeckError as e:
        print(f"tabletop deck: {e}", file=sys.stderr)
        return 1
    print(f"{rs.id} decks (yours are in {user_decks_dir(rs.id)}):")
    for e in list_decks(rs):
        more = f" (and {len(e.problems) - 1} more; --check {e.name})" if len(e.problems) > 1 else ""
        mark = "" if e.playable else f"\n    not playable: {e.problems[0]}{more}"
        print(f"  {e.name:<20} {e.source:<7} {e.title}{mark}")
    return 0
