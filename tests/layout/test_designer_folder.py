"""The designer's first hour (issue 35): a copied example folder, given by its path to any command, is the
ruleset used; `tabletop new-game` makes a renamed copy that validates and opens at once."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.engine.game import Game
from tabletop.engine.ruleset import ruleset_dir
from tabletop.validate import validate_report

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def own_rulesets(monkeypatch):
    """Commands given a folder add it to TABLETOP_RULESETS: put the variable back after the test."""
    monkeypatch.setenv("TABLETOP_RULESETS", os.environ["TABLETOP_RULESETS"])


def copy_sandbox(tmp_path, new_id="kitsunebi") -> Path:
    dst = tmp_path / "mygame"
    shutil.copytree(ROOT / "rulesets" / "sandbox", dst)
    rs = dst / "ruleset.yaml"
    rs.write_text(rs.read_text(encoding="utf-8").replace("id: sandbox", f"id: {new_id}"), encoding="utf-8")
    return dst


def test_a_copied_scenario_naming_the_example_is_reported_with_its_path_and_line(tmp_path):
    folder = copy_sandbox(tmp_path)
    problems, _ = validate_report([folder])
    assert problems == [f"{folder}/scenarios/free_table.yaml:1: ruleset: 'sandbox' is not this folder's ruleset "
                        "(its ruleset.yaml says id: kitsunebi); write ruleset: kitsunebi"]


def test_a_scenario_naming_its_own_folders_id_validates_though_the_folder_is_not_searched(tmp_path):
    folder = copy_sandbox(tmp_path)
    sc = folder / "scenarios" / "free_table.yaml"
    sc.write_text(sc.read_text(encoding="utf-8").replace("ruleset: sandbox", "ruleset: kitsunebi"), encoding="utf-8")
    assert validate_report([folder]) == ([], [])
    assert validate_report([sc]) == ([], [])
    assert ruleset_dir("kitsunebi") is None   # validate searched it only while it ran


def test_an_unknown_ruleset_in_a_scenario_has_path_and_line(tmp_path):
    sc = tmp_path / "my_scenario.yaml"
    sc.write_text("turn: 1\nruleset: nowhere\n", encoding="utf-8")
    problems, _ = validate_report([sc])
    assert len(problems) == 1 and str(problems[0]).startswith(f"{sc}:2: no ruleset 'nowhere'")


def test_cards_and_deck_take_a_folder_whose_id_is_not_its_name(tmp_path, own_rulesets, capsys):
    folder = copy_sandbox(tmp_path)
    out = tmp_path / "out"
    assert main(["cards", str(folder), "--out", str(out), "--only", "spark"]) == 0
    assert (out / "kitsunebi-sheets.pdf").exists()
    assert ruleset_dir("kitsunebi") == folder.resolve()
    assert main(["deck", str(folder), "--export", "red_blue"]) == 0
    assert "2 " in capsys.readouterr().out   # the exported list: copies and names


def test_a_path_that_is_not_a_ruleset_folder_is_one_line_not_a_traceback(tmp_path, own_rulesets, capsys):
    assert main(["cards", str(tmp_path)]) == 1
    assert capsys.readouterr().err.strip() == f"tabletop: {tmp_path}: not a ruleset folder (it has no ruleset.yaml)"
    assert main(["studio", str(tmp_path / "nope")]) == 1
    assert capsys.readouterr().err.strip() == f"tabletop: {tmp_path / 'nope'}: no such folder"


def test_new_game_copies_the_sandbox_into_the_users_rulesets_renamed(tmp_path, own_rulesets, capsys):
    assert main(["new-game", "kitsune"]) == 0
    folder = Path(os.environ["TABLETOP_CONFIG"]) / "rulesets" / "kitsune"
    assert ruleset_dir("kitsune") == folder
    assert "id: kitsune\n" in (folder / "ruleset.yaml").read_text(encoding="utf-8")
    assert validate_report([folder]) == ([], [])
    g = Game.from_scenario(folder / "scenarios" / "free_table.yaml")
    assert g.ruleset.id == "kitsune" and g.ruleset.path == folder
    assert main(["new-game", "kitsune"]) == 1        # the id is taken now
    assert "already a ruleset's id" in capsys.readouterr().err
    assert main(["new-game", "Bad Name"]) == 1


def test_new_game_from_another_example_to_a_path_then_validate_and_open_in_the_studio(tmp_path):
    """End to end, as a designer types it: two processes, the studio opened headless on the folder."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "TABLETOP_CONFIG": str(tmp_path / "cfg")}
    target = tmp_path / "fox"
    run = [sys.executable, "-m", "tabletop"]
    r = subprocess.run(run + ["new-game", "fox", "--from", "senkai", "--path", str(target)], env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    r = subprocess.run(run + ["validate", str(target)], env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and "all files are valid" in r.stdout, r.stdout + r.stderr
    code = ("import sys; from tabletop.cli import use_ruleset_folder; from tabletop.ui.studio import studio_folder;"
            f"print(studio_folder(use_ruleset_folder({str(target)!r})))")
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.strip().endswith(str(target)), r.stderr


def break_decks_and_a_scenario(folder: Path) -> None:
    (folder / "decks" / "red_blue.yaml").write_text("name: red_blue\nmain: {spark: 4\n", encoding="utf-8")
    (folder / "decks" / "green_blue.yaml").write_text("name: green_blue\nmain: {nope: 2}\n", encoding="utf-8")
    sc = folder / "scenarios" / "free_table.yaml"
    sc.write_text(sc.read_text(encoding="utf-8").replace("ember_knight]", "ember_knigt]"), encoding="utf-8")


def test_validate_reports_broken_decks_and_every_other_problem_at_once(tmp_path):
    folder = tmp_path / "sandbox"
    shutil.copytree(ROOT / "rulesets" / "sandbox", folder)
    break_decks_and_a_scenario(folder)
    lay = folder / "layout.yaml"
    lay.write_text(lay.read_text(encoding="utf-8") + "\nnot_a_layout_key: 1\n", encoding="utf-8")
    problems = [str(p) for p in validate_report([folder])[0]]
    where = sorted(p.split(": ", 1)[0].replace(str(folder) + "/", "") for p in problems)
    assert where == ["decks/green_blue.yaml:2", "decks/red_blue.yaml:3", "layout.yaml:" + where[2].split(":")[1],
                     "scenarios/free_table.yaml:8"], problems
    assert any("not_a_layout_key" in p for p in problems)


def test_cards_exports_what_does_not_depend_on_a_broken_deck(tmp_path, own_rulesets, capsys):
    folder = tmp_path / "mygame"
    shutil.copytree(ROOT / "rulesets" / "sandbox", folder)
    break_decks_and_a_scenario(folder)
    out = tmp_path / "out"
    assert main(["cards", str(folder), "--out", str(out), "--workers", "1"]) == 0
    err = capsys.readouterr().err
    assert "red_blue.yaml:3" in err and "green_blue.yaml:2" in err and "does not use this deck" in err
    assert len(list((out / "cards").glob("*.png"))) == 12 and (out / "sandbox-sheets.pdf").exists()
    assert main(["cards", str(folder), "--out", str(out), "--deck", "red_blue"]) == 1   # that deck is broken
    assert "red_blue.yaml:3" in capsys.readouterr().err


def test_repeated_back_pages_are_encoded_once_and_stored_once_in_the_pdf(tmp_path):
    """Export speed (issue 35): a back page equal to an earlier one is copied, not encoded again, and
    the PDF shows it from one stored image; the pages still come in order."""
    import re

    from tabletop.engine.ruleset import load_ruleset_dir
    from tabletop.layout.export import export_cards
    folder = tmp_path / "many"
    shutil.copytree(ROOT / "rulesets" / "sandbox", folder)
    lines = [f"- {{id: c{i}, name: カード{i}, kind: unit, color: red, cost: 1, copies: 1}}" for i in range(27)]
    (folder / "cards.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    shutil.rmtree(folder / "decks")
    (folder / "decks").mkdir()
    rs_yaml = folder / "ruleset.yaml"
    rs_yaml.write_text(rs_yaml.read_text(encoding="utf-8").replace("starter_decks: [red_blue, green_blue]",
                                                                    "starter_decks: []"), encoding="utf-8")
    rs = load_ruleset_dir(folder)
    for workers in (1, 2):
        out = tmp_path / f"out{workers}"
        res = export_cards(rs, out, dpi=60, backs=True, workers=workers)
        assert len(res.sheets) == 3 and len(res.backs) == 3
        assert len({p.read_bytes() for p in res.backs}) == 1
        pdf = res.pdf.read_bytes()
        assert len(re.findall(rb"/Type /Page /Parent", pdf)) == 6
        assert len(re.findall(rb"/Subtype /Image", pdf)) == 4     # 3 fronts + 1 back for 6 pages
