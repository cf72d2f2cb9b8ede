"""Data files: good and bad fixtures side by side; every error names the file, the line and the problem."""
import shutil
from pathlib import Path

import pytest

from tabletop.engine import DataError, DataErrors, load_ruleset
from tabletop.engine.ruleset import load_deck, load_ruleset_dir
from tabletop.engine.yamlio import load_yaml

TINY = Path(__file__).resolve().parent.parent / "data" / "rulesets" / "tiny"


def messages(exc) -> list[str]:
    return [str(e) for e in exc.errors] if isinstance(exc, DataErrors) else [str(exc)]


@pytest.fixture
def tiny_copy(tmp_path):
    dst = tmp_path / "tiny"
    shutil.copytree(TINY, dst)
    return dst


def test_tiny_ruleset_loads_with_defaults_filled():
    rs = load_ruleset("tiny")
    assert rs.zones["hand"].visibility == "owner"
    assert rs.zones["board"].inspect is False          # default filled in
    assert rs.cards["one"].get("power") == 1
    assert rs.cards["one"].text == ""                   # default filled in
    assert sorted(rs.decks) == ["a", "b"]


def test_yaml_syntax_error_names_file_and_line(tmp_path):
    p = tmp_path / "x.yaml"
    p.write_text("a: 1\nb: [1, 2\nc: 3\n", encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_yaml(p)
    assert str(e.value).startswith(f"{p}:3: YAML syntax error")


def test_duplicate_key_is_an_error(tmp_path):
    p = tmp_path / "x.yaml"
    p.write_text("a: 1\nb: 2\na: 3\n", encoding="utf-8")
    with pytest.raises(DataError, match=r":3: duplicate key 'a'"):
        load_yaml(p)


def test_unknown_key_in_ruleset_names_its_line(tiny_copy):
    p = tiny_copy / "ruleset.yaml"
    p.write_text(p.read_text(encoding="utf-8") + "colour_scheme: dark\n", encoding="utf-8")
    line = len(p.read_text(encoding="utf-8").splitlines())
    with pytest.raises((DataError, DataErrors)) as e:
        load_ruleset_dir(tiny_copy)
    assert any(f"ruleset.yaml:{line}: colour_scheme: unknown key" in m for m in messages(e.value))


def test_wrong_type_in_card_names_card_and_line(tiny_copy):
    p = tiny_copy / "cards.yaml"
    p.write_text(p.read_text(encoding="utf-8").replace("{id: two, name: 二, kind: unit, power: 2}",
                                                       "{id: two, name: 二, kind: unit, power: lots}"),
                 encoding="utf-8")
    with pytest.raises((DataError, DataErrors)) as e:
        load_ruleset_dir(tiny_copy)
    assert any("cards.yaml:2: card two.power: expected a whole number, found str 'lots'" in m
               for m in messages(e.value))


def test_unknown_card_in_deck_names_deck_file_and_line(tiny_copy):
    (tiny_copy / "decks" / "a.yaml").write_text("name: a\nmain:\n  one: 3\n  seven: 3\n", encoding="utf-8")
    with pytest.raises((DataError, DataErrors)) as e:
        load_ruleset_dir(tiny_copy)
    assert any(m.endswith("a.yaml:4: unknown card 'seven' in section 'main'") for m in messages(e.value))


def test_deck_breaking_size_and_copy_rules_names_the_rules():
    rs = load_ruleset("tiny")
    bad = Path(__file__).resolve().parent.parent / "data" / "fixtures" / "bad" / "tiny_deck_rules.yaml"
    with pytest.raises((DataError, DataErrors)) as e:
        load_deck(bad, rs)
    ms = messages(e.value)
    assert any("13 cards, the deck rules need exactly 12 (T-R1)" in m for m in ms)
    assert any(":3: one: 4 copies, at most 3 allowed (T-R2)" in m for m in ms)


def test_good_deck_fixture_loads():
    rs = load_ruleset("tiny")
    good = Path(__file__).resolve().parent.parent / "data" / "fixtures" / "good" / "tiny_deck.yaml"
    deck = load_deck(good, rs)
    assert len(deck.cards("main")) == 12


@pytest.mark.parametrize("card_line, expected", [
    ("- {id: one, name: 壱, kind: unit, power: 1}", "card one: the id is used twice (first at line 1)"),
    ("- {id: zap, name: 雷, kind: spell}", "unknown kind 'spell' (known: unit)"),
    ("- {id: blank, kind: unit, power: 1}", "card blank.name: missing required key"),
])
def test_a_bad_card_is_reported_with_its_problem(tiny_copy, card_line, expected):
    p = tiny_copy / "cards.yaml"
    p.write_text(p.read_text(encoding="utf-8") + card_line + "\n", encoding="utf-8")
    with pytest.raises((DataError, DataErrors)) as e:
        load_ruleset_dir(tiny_copy)
    assert any(expected in m for m in messages(e.value)), messages(e.value)


def test_unknown_ruleset_lists_the_known_ones():
    with pytest.raises(DataError, match="no ruleset 'chess'.*tiny"):
        load_ruleset("chess")
