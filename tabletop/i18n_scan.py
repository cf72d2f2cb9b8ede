"""Find every message key written in the code, and the keys a catalogue lacks.

A key is the first argument of `msg("...")`, `Msg("...")`, `tr("...")`, `N_("...")` (a marker for a
word used later, e.g. a button label in a list) and of the interface's `t("...")` / `words("...")` —
a literal string (or either branch of `"a" if x else "b"`).

    python -m tabletop.i18n_scan          # lists the keys missing from each language's catalogue
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

from .i18n import LANGS, catalogue

PACKAGE = Path(__file__).resolve().parent
CALLS = {"msg", "Msg", "tr", "N_", "t", "words"}


def _name(func) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _literals(node) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _literals(node.body) + _literals(node.orelse)
    return []


def keys_in_file(path: Path) -> dict[str, int]:
    """Return {key: line} of the message keys written in one Python file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    out: dict[str, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args and _name(node.func) in CALLS:
            for key in (k for k in _literals(node.args[0]) if k):   # an empty message needs no translation
                out.setdefault(key, node.lineno)
    return out


def keys_in_code(root: Path = PACKAGE) -> dict[str, str]:
    """Return {key: "file:line" of its first use} over every Python file of the package."""
    out: dict[str, str] = {}
    for path in sorted(root.rglob("*.py")):
        for key, line in keys_in_file(path).items():
            out.setdefault(key, f"{path.relative_to(root.parent)}:{line}")
    return out


def missing_keys(lang: str) -> dict[str, str]:
    """Return {key: where} of the keys in the code that the catalogue of `lang` lacks."""
    cat = catalogue(lang)
    return {k: w for k, w in keys_in_code().items() if k not in cat}


def main(argv=None) -> int:
    bad = 0
    for lang in LANGS:
        if lang == "en":
            continue
        for key, where in sorted(missing_keys(lang).items(), key=lambda kv: kv[1]):
            print(f"{where}: [{lang}] no translation of {key!r}")
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
