"""A declaration's mistakes are `path:line: what is wrong` with the known names listed, and
`tabletop validate` warns about a game no win condition can end."""
from __future__ import annotations

import pytest

from tabletop.engine import DataError, DataErrors
from tabletop.engine.ruleset import load_ruleset_dir
from tabletop.validate import validate_report

from inline import RULESET, write_game


def _errors(tmp_path, ruleset):
    folder = write_game(tmp_path, ruleset)
    with pytest.raises((DataError, DataErrors)) as e:
        load_ruleset_dir(folder)
    errs = e.value.errors if isinstance(e.value, DataErrors) else [e.value]
    return folder / "ruleset.yaml", [str(x) for x in errs]


def _line(text, needle):
    return next(i for i, ln in enumerate(text.splitlines(), 1) if needle in ln)


@pytest.mark.parametrize("old, new, says", [
    ("- phase: main", "- phase: battle", "rules.turn[1]: unknown phase 'battle' (known: start, main, end;"),
    ("actions: [play, zap, attack]", "actions: [play, zap, attack, fly]",
     "rules.turn[1].actions: unknown action 'fly' (known: play, zap, attack)"),
    ("stats: {attack: atk, health: hp}", "stats: {attack: power, health: hp}",
     "rules.stats.attack: unknown card field 'power' (known: atk, cost, hp)"),
    ("- {do: untap, zones: [board]}", "- {do: untap, zones: [field]}",
     "unknown zone 'field' (known: deck, board, hand, discard)"),
    ("- {do: gain, counter: energy, n: 2}", "- {do: earn, counter: energy, n: 2}",
     "rules.turn[0].steps[1]: unknown step 'earn' (known: shuffle, draw, place, first_player, untap, gain, set, "
     "clear_damage, hand_limit)"),
    ("- {do: gain, counter: energy, n: 2}", "- {do: gain, counter: mana, n: 2}",
     "unknown counter 'mana' (known: hp, energy)"),
    ("zap:  {do: play,", "zap:  {do: cast,", "rules.actions.zap: unknown action 'cast' (known: play, attack, activate, "
     "move, discard, draw)"),
    ("- {id: W2, when: deck_out}", "- {id: W2, when: time_out}", "rules.win[1]: unknown condition 'time_out'"),
    ("- {id: R3, do: first_player}", "- {id: R9, do: first_player}", "the rule id 'R9' is used twice"),
])
def test_a_mistake_names_its_file_line_and_the_known_names(tmp_path, old, new, says):
    assert old in RULESET
    text = RULESET.replace(old, new)
    path, errs = _errors(tmp_path, text)
    line = _line(text, new.split(",")[0] if "twice" not in says else "id: R9, do: attack")
    hits = [e for e in errs if says in e]
    assert hits, errs
    if "twice" not in says and "field" not in says:
        assert any(e.startswith(f"{path}:{line}: ") for e in hits), (line, hits)
    assert all(e.startswith(f"{path}:") for e in errs)


def test_every_mistake_is_reported_at_once(tmp_path):
    text = RULESET.replace("- phase: main", "- phase: battle").replace("counter: energy, n: 2", "counter: mana, n: 2")
    _, errs = _errors(tmp_path, text)
    assert len(errs) >= 2


def test_validate_warns_when_no_win_condition_can_be_met(tmp_path):
    # life nothing lowers: the attack hits nothing, no card deals damage to a player, no deck-out
    text = (RULESET.replace("attack: {id: R9, do: attack, from: board, targets: [board], player: true, hit: {counter: hp}}",
                            "attack: {id: R9, do: attack, from: board, targets: [board], player: false}")
            .replace("    - {id: W2, when: deck_out}\n", ""))
    cards = "- {id: pup, name: 子犬, name_en: Pup, kind: unit, cost: 1, atk: 1, hp: 2}\n"
    folder = write_game(tmp_path, text, cards)
    for deck in ("a", "b"):
        (folder / "decks" / f"{deck}.yaml").write_text(f"name: {deck}\nmain: {{pup: 16}}\n".replace("16", "4"))
    text2 = text.replace("size: 16, max_copies: 4", "size: 4, max_copies: 4")
    (folder / "ruleset.yaml").write_text(text2, encoding="utf-8")
    errors, warnings = validate_report([folder])
    assert not errors, errors
    w = [str(x) for x in warnings if "rules.win" in str(x)]
    path = folder / "ruleset.yaml"
    assert any(x.startswith(f"{path}:{_line(text2, 'id: W1')}: rules.win: W1 (counter_zero) can never be met") for x in w), w
    assert any("no win condition is reachable: the game can never end" in x for x in w), w


def test_the_examples_validate_without_warnings_about_winning():
    from tabletop.engine.ruleset import ruleset_dir
    errors, warnings = validate_report([ruleset_dir("sparkduel"), ruleset_dir("ramparts")])
    assert not errors, errors
    assert not [w for w in warnings if "rules.win" in str(w)]
