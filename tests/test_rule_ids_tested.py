"""Every rule and decision defined in docs/rules has a test named after it (issue 34).

A rule is defined where a list item of docs/rules/<id>.md opens with its id in bold (`- **SK-R21** ...`);
its test is any test function under tests/ whose name contains the id in lower case with `_` for `-`
(`test_sk_r21_a_monster_...`). The rule texts tie code, docs and tests through these ids, so a rule
without a test is a rule nobody checks.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFINED = re.compile(r"^\s*- \*\*([A-Z]{2}-[RD]\d+[a-z]?)\b", re.M)


def defined_ids() -> dict[str, list[str]]:
    """Return, per rules doc, the rule ids it defines."""
    return {p.stem: DEFINED.findall(p.read_text(encoding="utf-8"))
            for p in sorted((ROOT / "docs" / "rules").glob("*.md"))}


def rule_test_names() -> set[str]:
    """Return the names of every test function under tests/."""
    names = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        names |= {n.name for n in ast.walk(tree)
                  if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name.startswith("test_")}
    return names


def untested(ids: list[str], names: set[str]) -> list[str]:
    """Return the ids among `ids` that no test name mentions (`SK-R2` is not matched by `sk_r21`)."""
    out = []
    for rid in ids:
        key = re.compile(r"(^|_)" + rid.lower().replace("-", "_") + r"(_|$)")
        if not any(key.search(n) for n in names):
            out.append(rid)
    return out


def test_every_rule_id_in_the_rules_docs_has_a_test_named_after_it():
    ids = defined_ids()
    assert set(ids) == {"senkai", "fourdeck", "ijinden", "monmusu", "danmaku"}
    assert all(len(v) >= 40 for v in ids.values()), {k: len(v) for k, v in ids.items()}
    names = rule_test_names()
    missing = {doc: miss for doc, v in ids.items() if (miss := untested(v, names))}
    assert not missing, f"rule ids without a test named after them: {missing}"


def test_the_check_sees_a_missing_test_and_does_not_match_a_longer_id():
    names = {"test_sk_r21_attack_blocked", "test_mm_d10x_other"}
    assert untested(["SK-R21", "SK-R2", "MM-D10"], names) == ["SK-R2", "MM-D10"]
