"""The command line: validate and replay report clearly (no traceback) and set exit codes."""
from pathlib import Path

from tabletop.cli import main
from tabletop.engine import Game
from tabletop.engine.saves import save_game

ROOT = Path(__file__).resolve().parents[2]
BAD = ROOT / "tests" / "data" / "fixtures" / "bad"


def test_validate_everything_passes_on_the_shipped_data(capsys):
    assert main(["validate"]) == 0
    assert "all files are valid" in capsys.readouterr().out


def test_validate_a_bad_deck_prints_path_line_and_rule_and_fails(tmp_path, capsys):
    import shutil
    folder = tmp_path / "tiny"
    shutil.copytree(ROOT / "tests" / "data" / "rulesets" / "tiny", folder)
    deck = folder / "decks" / "bad.yaml"
    shutil.copy(BAD / "tiny_deck_rules.yaml", deck)
    assert main(["validate", str(deck)]) == 1
    out = capsys.readouterr().out
    assert f"{deck}:3: one: 4 copies, at most 3 allowed (T-R2)" in out
    assert "the deck rules need exactly 12 (T-R1)" in out


def test_validate_a_broken_yaml_file(tmp_path, capsys):
    bad = tmp_path / "tiny" / "ruleset.yaml"
    bad.parent.mkdir()
    bad.write_text("id: tiny\nname: [oops\n", encoding="utf-8")
    assert main(["validate", str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}:3: YAML syntax error" in out


def test_validate_names_an_unknown_controller(tmp_path, capsys):
    folder = tmp_path / "odd"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text("id: odd\nname: Odd\ncontroller: nosuch\ncard_kinds: {}\ndeck: {}\nzones: {}\n",
                                         encoding="utf-8")
    assert main(["validate", str(folder)]) == 1
    assert f"{folder / 'ruleset.yaml'}:3: controller 'nosuch' is not known" in capsys.readouterr().out


def test_replay_prints_the_log_and_stops_where_asked(tmp_path, capsys):
    g = Game.new("tiny", seed=2)
    for _ in range(6):
        g.apply(g.legal_actions()[-1])
    p = save_game(g, tmp_path / "g.json")
    assert main(["replay", str(p), "--to", "0"]) == 0
    short = capsys.readouterr().out
    assert "0 of 6 actions" in short
    assert main(["replay", str(p)]) == 0
    full = capsys.readouterr().out
    assert "6 of 6 actions" in full and len(full.splitlines()) > len(short.splitlines())


def test_replay_of_a_corrupt_save_is_a_message_not_a_traceback(tmp_path, capsys):
    p = tmp_path / "c.json"
    p.write_text("{nope", encoding="utf-8")
    assert main(["replay", str(p)]) == 1
    assert "corrupt or truncated" in capsys.readouterr().err


def test_help_lists_every_verb(capsys):
    import pytest
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for verb in ("play", "validate", "replay", "simulate", "cards", "studio"):
        assert verb in out


def test_play_takes_saves_before_or_after_the_verb(monkeypatch, tmp_path):
    """`tabletop play … --saves DIR` and `tabletop --saves DIR play …` set the same saves folder."""
    import os
    import tabletop.cli as cli
    seen = []
    monkeypatch.setattr(cli, "_deferred", lambda module, func="run": lambda args: seen.append(
        os.environ.get("TABLETOP_SAVES")) or 0)
    for argv in (["play", "sandbox", "--saves", str(tmp_path / "a")], ["--saves", str(tmp_path / "b"), "play", "sandbox"]):
        monkeypatch.delenv("TABLETOP_SAVES", raising=False)
        assert cli.main(argv) == 0
    assert seen == [str(tmp_path / "a"), str(tmp_path / "b")]
