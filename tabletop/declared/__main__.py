"""`python -m tabletop.declared rules RULESET [--check]`: write a declared game's player rules pages.

The pages, `rules.en.md` and `rules.ja.md` beside its ruleset.yaml, are made from the declaration
(`text.rules_markdown`), in the format of the five games' rules pages: `## ` sections, paragraphs,
`- ` rules ending in their ids `(R3)`. `--check` writes nothing and exits 1 when a page is out of date.
RULESET is an id (found as `tabletop play` finds it) or a ruleset folder.
"""
from __future__ import annotations

import sys
from pathlib import Path

from tabletop.engine.errors import TabletopError


def rules_files(rs) -> dict[Path, str]:
    """Return {path: text} of the rules pages of declared ruleset `rs`."""
    from .text import rules_markdown
    return {Path(rs.path) / f"rules.{lang}.md": rules_markdown(rs, lang) for lang in ("en", "ja")}


def main(argv=None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    check = "--check" in args
    args = [a for a in args if a != "--check"]
    if len(args) != 2 or args[0] != "rules":
        print(__doc__.strip().splitlines()[0].strip("`"), file=sys.stderr)
        return 2
    from tabletop.engine.ruleset import load_ruleset, load_ruleset_dir
    try:
        target = Path(args[1])
        rs = load_ruleset_dir(target) if (target / "ruleset.yaml").exists() else load_ruleset(args[1])
    except TabletopError as e:
        print(e, file=sys.stderr)
        return 1
    if rs.controller != "declared":
        print(f"{rs.id}: controller {rs.controller!r} is not 'declared'; its rules page is written by hand",
              file=sys.stderr)
        return 1
    stale = 0
    for path, text in rules_files(rs).items():
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text:
            continue
        stale += 1
        if check:
            print(f"{path}: out of date with the declaration", file=sys.stderr)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
