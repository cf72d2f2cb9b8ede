"""The players' rules pages (issue 30): every ruleset with a game controller has rulesets/<id>/rules.en.md
and rules.ja.md, in the fixed markdown subset and section order, in the players' words (no file paths,
code names or action syntax), citing only rule ids that docs/rules/<id>.md defines, and each page in
its own language."""
import re
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parent.parent
PREFIX = {"senkai": "SK", "fourdeck": "FD", "ijinden": "IJ", "monmusu": "MM", "danmaku": "DM"}

# The sections of a page, in order. The fight section is named as each game names it; the last section
# ("Good to know") may be left out.
FIGHT = {"senkai": ("Attacking", "攻撃"), "fourdeck": ("Attacking", "攻撃"), "ijinden": ("Battle", "バトル"),
         "monmusu": ("Battle", "バトル"), "danmaku": ("Danmaku and hit checks", "弾幕と命中判定")}
SECTIONS = {
    "en": ["Overview", "Components", "Setting up", "The turn", None, "How to win", "Keywords", "Good to know"],
    "ja": ["概要", "用意するもの", "準備", "ターンの流れ", None, "勝敗", "用語", "知っておきたいこと"],
}

RULE_ID = re.compile(r"\b[A-Z]{2}-[RDH]\d+\b")
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e]")
DEVELOPER_WORDS = {
    "a file name": re.compile(r"\.(py|ya?ml|md|json)\b"),
    "a path": re.compile(r"\w/\w"),
    "key=value syntax": re.compile(r"="),
    "the word controller": re.compile(r"controller", re.I),
    "the word parameter": re.compile(r"parameter", re.I),
    "a code span": re.compile(r"`"),
    "a test or function name": re.compile(r"\b\w+_\w+\b"),
}
# The markdown subset the rules window renders: no tables, links, HTML or deeper headings.
NOT_IN_SUBSET = {"a table": re.compile(r"\|"), "a link": re.compile(r"\]\("), "HTML": re.compile(r"<[A-Za-z/!]"),
                 "a deep heading": re.compile(r"^###", re.M), "a numbered list": re.compile(r"^\d+\. ", re.M)}


def _ruled() -> list[str]:
    """The project's rulesets that have a game controller (the sandbox is a free table with no rules)."""
    out = []
    for path in sorted((REPO / "rulesets").glob("*/ruleset.yaml")):
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
        if raw.get("controller") != "sandbox":
            out.append(path.parent.name)
    return out


RULED = _ruled()


def _page(rid: str, lang: str) -> str:
    path = REPO / "rulesets" / rid / f"rules.{lang}.md"
    assert path.exists(), f"{rid}: the players' rules page {path.name} is missing"
    return path.read_text(encoding="utf-8")


def _sections(text: str) -> list[tuple[str, str]]:
    """(heading, body) of each `## ` section."""
    parts = re.split(r"^## (.+)$", text, flags=re.M)
    return [(parts[i].strip(), parts[i + 1]) for i in range(1, len(parts), 2)]


def _defined_ids(rid: str) -> set[str]:
    doc = (REPO / "docs" / "rules" / f"{rid}.md").read_text(encoding="utf-8")
    return set(re.findall(r"^- \*\*([A-Z]{2}-[RDH]\d+)", doc, flags=re.M))


def test_the_five_rulesets_are_checked():
    assert sorted(RULED) == sorted(PREFIX)


@pytest.mark.parametrize("rid", RULED)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_page_has_title_and_sections_in_order(rid, lang):
    text = _page(rid, lang)
    lines = text.splitlines()
    assert lines[0].startswith("# ") and len(lines[0]) > 2, f"{rid} {lang}: the first line is the game's title"
    assert text.count("\n# ") == 0, f"{rid} {lang}: one title only"
    want = [h if h else FIGHT[rid][0 if lang == "en" else 1] for h in SECTIONS[lang]]
    got = [h for h, _ in _sections(text)]
    assert got in (want, want[:-1]), f"{rid} {lang}: sections {got}, want {want}"
    for heading, body in _sections(text):
        assert body.strip(), f"{rid} {lang}: section {heading!r} is empty"


@pytest.mark.parametrize("rid", RULED)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_page_uses_the_markdown_subset_and_players_words(rid, lang):
    text = _page(rid, lang)
    for what, pattern in {**NOT_IN_SUBSET, **DEVELOPER_WORDS}.items():
        hit = pattern.search(text)
        assert not hit, f"{rid} {lang}: {what}: {text[max(0, hit.start() - 40):hit.end() + 40]!r}"
    assert text.count("**") % 2 == 0, f"{rid} {lang}: unbalanced bold"


@pytest.mark.parametrize("rid", RULED)
def test_cited_rule_ids_exist_and_both_languages_cite_the_same(rid):
    defined = _defined_ids(rid)
    assert defined, f"docs/rules/{rid}.md defines no rule ids"
    cited = {}
    for lang in ("en", "ja"):
        ids = set(RULE_ID.findall(_page(rid, lang)))
        unknown = sorted(i for i in ids if i not in defined)
        assert not unknown, f"{rid} {lang}: rule ids not in docs/rules/{rid}.md: {unknown}"
        assert all(i.startswith(PREFIX[rid] + "-") for i in ids)
        cited[lang] = ids
    assert cited["en"] == cited["ja"], (f"{rid}: only in English {sorted(cited['en'] - cited['ja'])}, "
                                        f"only in Japanese {sorted(cited['ja'] - cited['en'])}")


@pytest.mark.parametrize("rid", RULED)
def test_most_numbered_rules_are_covered(rid):
    rules = {i for i in _defined_ids(rid) if "-R" in i}
    cited = set(RULE_ID.findall(_page(rid, "en")))
    missing = sorted(rules - cited, key=lambda i: int(i.split("R")[-1]))
    assert len(rules & cited) >= 0.8 * len(rules), f"{rid}: numbered rules not covered: {missing}"


@pytest.mark.parametrize("rid", RULED)
def test_rule_ids_are_written_in_each_languages_brackets(rid):
    en, ja = _page(rid, "en"), _page(rid, "ja")
    assert not re.search(r"（[^）]*\b[A-Z]{2}-[RDH]\d+", en), f"{rid} en: rule ids go in ( )"
    assert not re.search(r"\([^)]*\b[A-Z]{2}-[RDH]\d+", ja), f"{rid} ja: rule ids go in （ ）"


def _japanese_outside_brackets(text: str) -> list[str]:
    """Lines with Japanese left once every bracket right after an English word ("monsters (怪魔)",
    "**Flying** (飛翔)") is taken out."""
    stripped = re.sub(r"(?<=[A-Za-z0-9*'\"])( ?)\([^()]*\)", r"\1", text)
    return [line for line in stripped.splitlines() if JAPANESE.search(line)]


def _english_runs(text: str) -> list[str]:
    """Runs of three or more English words, rule ids aside."""
    return re.findall(r"[A-Za-z][A-Za-z'’]*(?:[ \-]+[A-Za-z][A-Za-z'’]*){2,}", RULE_ID.sub(" ", text))


@pytest.mark.parametrize("rid", RULED)
def test_english_page_has_japanese_only_after_an_english_term(rid):
    text = _page(rid, "en")
    left = _japanese_outside_brackets(text)
    assert not left, f"{rid} en: Japanese outside a bracket after an English term: {left[:3]}"
    names = re.findall(r"\([^()]*\)", text)
    again = sorted({n for n in names if JAPANESE.search(n) and names.count(n) > 1})
    assert not again, f"{rid} en: a term's Japanese name is given once, not again: {again}"


@pytest.mark.parametrize("rid", RULED)
def test_japanese_page_has_no_english_sentences(rid):
    text = _page(rid, "ja")
    runs = _english_runs(text)
    assert not runs, f"{rid} ja: English words in the Japanese page: {runs[:3]}"
    assert len(JAPANESE.findall(text)) > 1000, f"{rid} ja: the page is not written in Japanese"


def test_the_checks_catch_what_they_name():
    """The checks above are not vacuous: each catches the developer notes' style it guards against."""
    notes = "controller `tabletop/controllers/senkai.py`, break_wall target=WALL, parameter walls"
    assert {what for what, pattern in DEVELOPER_WORDS.items() if pattern.search(notes)} == set(DEVELOPER_WORDS)
    assert _japanese_outside_brackets("Summon monsters (怪魔) with mana (SK-R14).") == []
    assert _japanese_outside_brackets("Summon 怪魔 with mana.") == ["Summon 怪魔 with mana."]
    assert _japanese_outside_brackets("A 怪魔 (monster), (鬼) attacks.") == ["A 怪魔 (monster), (鬼) attacks."]
    assert _english_runs("怪魔は（SK-R21）AP と HP を持つ。") == []
    assert _english_runs("怪魔は attack the player。") == ["attack the player"]
