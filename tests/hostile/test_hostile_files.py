"""Hostile files never hang, crash or cost a good save; replays for one seat leak nothing (issue 31).

The corpus is `tabletop.bench.hostile.CASES`: each case builds its bomb at run time beside a private
copy of a designer's game and runs one `tabletop` command in a child process with hard limits. Each
must end with its clear message, no traceback, within 10 s of CPU and 500 MB of peak memory, and leave
every file as it was. The rest are checked in this process: Continue falls back to the older save, a
damaged save never replaces the good backup, a save is refused when a card it uses changed or what it
names was edited, settings of the wrong type give the defaults.
"""
import json
import os
import shutil
import time
from pathlib import Path

import pytest

from tabletop.bench import hostile
from tabletop.engine import Game, SaveError, saves
from tabletop.engine.errors import DataError, clip
from tabletop.engine.yamlio import parse_yaml
from tabletop.layout import art

CPU_LIMIT = 10.0     # seconds of the child's CPU (its wall clock waits on a busy machine too)
MEMORY_LIMIT = 500   # MB of the child's peak resident memory


@pytest.mark.parametrize("case", hostile.CASES, ids=[c.name for c in hostile.CASES])
def test_a_hostile_file_gets_a_clear_message_in_bounded_time_and_memory_and_changes_nothing(case, tmp_path):
    r, before, after = hostile.run_case(case, tmp_path)
    text = r.out + r.err
    assert "Traceback" not in text, text[-3000:]
    assert case.expect in text, text[-3000:]
    assert r.code == case.code, text[-3000:]
    assert r.cpu < CPU_LIMIT, f"{case.name}: {r.cpu:.1f} s of CPU"
    assert r.peak_mb < MEMORY_LIMIT, f"{case.name}: {r.peak_mb:.0f} MB"
    assert len(text) < 20_000, f"{case.name}: {len(text):,} characters of output (a message quotes too much)"
    assert before == after, "a file changed"


def test_replay_for_one_seat_prints_no_seed_and_for_the_whole_table_does(tmp_path):
    hostile.designer_game(tmp_path)
    case = next(c for c in hostile.CASES if c.name == "replay_viewer_without_seed")
    argv = case.setup(tmp_path)
    seat = hostile.run_tabletop(argv, tmp_path)
    everyone = hostile.run_tabletop(argv[:2], tmp_path)
    assert seat.code == 0 and everyone.code == 0, seat.err + everyone.err
    assert "seed" not in seat.out.lower() and "7" not in seat.out.splitlines()[0]
    assert "seed 7" in everyone.out


# --- pictures ----------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(8001, 8000), (30000, 30000), (40000, 10)])
def test_a_picture_over_the_limit_is_refused_from_its_header_before_decoding(tmp_path, size):
    p = hostile.png(tmp_path / "big.png", *size)
    t0 = time.process_time()
    with pytest.raises(DataError, match="Mpx"):
        art.load_image(p)
    assert time.process_time() - t0 < 1.0


def test_a_picture_at_the_limit_sizes_and_small_ones_of_every_format_read(tmp_path):
    import pygame
    assert art.check_image(hostile.png(tmp_path / "ok.png", 8000, 8000)) == (8000, 8000)
    surf = pygame.Surface((123, 45))
    for ext in ("png", "jpg", "bmp"):
        pygame.image.save(surf, str(tmp_path / f"x.{ext}"))
        assert art.image_size(tmp_path / f"x.{ext}") == (123, 45)
        assert art.load_image(tmp_path / f"x.{ext}").get_size() == (123, 45)
    assert art.image_size(hostile.jpeg_header(tmp_path / "j.jpg", 640, 480)) == (640, 480)


def test_a_file_that_is_no_picture_or_a_truncated_one_is_a_data_error(tmp_path):
    (tmp_path / "a.png").write_text("not a picture")
    (tmp_path / "b.png").write_bytes(b"\x89PNG\r\n\x1a\n\0\0")
    (tmp_path / "c.jpg").write_bytes(b"\xff\xd8\xff\xe0\0")
    for name in ("a.png", "b.png", "c.jpg"):
        with pytest.raises(DataError, match="cannot read the image"):
            art.load_image(tmp_path / name)


# --- YAML --------------------------------------------------------------------------------------
def test_aliases_within_the_limit_still_work_and_a_bomb_names_its_line():
    merged = parse_yaml("a: &x {b: 1}\nc: *x\nd: {<<: *x, e: 2}\n")
    assert merged == {"a": {"b": 1}, "c": {"b": 1}, "d": {"b": 1, "e": 2}}
    with pytest.raises(DataError) as e:
        parse_yaml("- 1\n" + hostile.alias_bomb(6, 9), "f.yaml")   # 9**7: 4.8 million strings written out
    assert e.value.line is not None and "alias bomb" in str(e.value)


def test_a_recursive_alias_and_deep_nesting_are_refused_with_their_line():
    with pytest.raises(DataError, match="contains itself"):
        parse_yaml("a: &x [1, *x]\n", "f.yaml")
    with pytest.raises(DataError, match="nested more than 64"):
        parse_yaml("a: 1\nb: " + hostile.nested(65) + "\n", "f.yaml")
    assert parse_yaml("b: " + hostile.nested(60) + "\n", "f.yaml")["b"]


# --- saves -------------------------------------------------------------------------------------
def _tiny_game(actions: int = 4) -> Game:
    g = Game.new("tiny", seed=3)
    for _ in range(actions):
        g.apply(g.legal_actions(g.to_act)[0])
    return g


def test_continue_falls_back_to_the_older_save_when_the_autosave_is_nested_too_deep(tmp_path):
    g = _tiny_game()
    saves.autosave(g, tmp_path)
    saves.autosave(g, tmp_path)   # the first one becomes autosave.json.bak
    (tmp_path / saves.AUTOSAVE).write_text(hostile.nested(100_000))
    loaded, problems = saves.load_latest(tmp_path)
    assert loaded is not None and loaded.actions == g.actions
    assert any("nested more than" in p for p in problems)


def test_a_save_that_does_not_replay_never_replaces_the_good_backup(tmp_path):
    g = _tiny_game()
    saves.autosave(g, tmp_path)
    saves.autosave(g, tmp_path)
    good = (tmp_path / (saves.AUTOSAVE + ".bak")).read_text(encoding="utf-8")
    d = json.loads((tmp_path / saves.AUTOSAVE).read_text(encoding="utf-8"))
    d["actions"][-1] = "p1 fly card=1"   # outer fields fine, an action the rules refuse
    (tmp_path / saves.AUTOSAVE).write_text(json.dumps(d), encoding="utf-8")
    saves._written.clear()   # as a new process would meet it
    saves.autosave(g, tmp_path)
    assert (tmp_path / (saves.AUTOSAVE + ".bak")).read_text(encoding="utf-8") == good
    saves.load_game(tmp_path / (saves.AUTOSAVE + ".bak"))


def test_a_save_the_process_wrote_itself_is_rotated_without_replaying_it(tmp_path, monkeypatch):
    g = _tiny_game()
    saves.autosave(g, tmp_path)
    monkeypatch.setattr(saves, "load_game", lambda p: pytest.fail("replayed a save this process wrote"))
    saves.autosave(g, tmp_path)
    assert (tmp_path / (saves.AUTOSAVE + ".bak")).exists()


def _edited(tmp_path, edit) -> Path:
    d = json.loads(saves.game_to_json(_tiny_game()))
    edit(d)
    p = tmp_path / "e.json"
    p.write_text(json.dumps(d), encoding="utf-8")
    return p


@pytest.mark.parametrize("edit, message", [
    (lambda d: d.update(ruleset="/etc"), "no ruleset '/etc'"),
    (lambda d: d.update(ruleset="../tiny"), "a save names its ruleset by id"),
    (lambda d: d.update(seed=d["seed"] + 1), "is not the seed its game started from"),
    (lambda d: d.update(options={"open_decklists": "yes"}), "option open_decklists"),
    (lambda d: d.update(options={"nuke": True}), "unknown option 'nuke'"),
    (lambda d: d.update(scenario="/etc/passwd"), "is not a scenario file"),
    (lambda d: d["decks"][0]["sections"]["main"].append(["five", 2]), "deck list of P1 names 'five'"),
    (lambda d: d["decks"][1]["sections"]["main"].pop(), "deck list of P2"),
    (lambda d: d["cards"].update(one="0" * 16), r"card one \(一\) has changed"),
    (lambda d: d["cards"].update(ghost="0" * 16), "card 'ghost', which the ruleset no longer has"),
    (lambda d: d["cards"].pop("two"), "does not name every card"),
    (lambda d: d["actions"].append("p1 " + "x" * 2_000_000), "characters long"),
])
def test_a_save_whose_names_were_edited_is_refused_saying_what(tmp_path, edit, message):
    p = _edited(tmp_path, edit)
    with pytest.raises(SaveError, match=message) as e:
        saves.load_game(p)
    assert len(str(e.value)) < 2000


def test_a_save_made_before_a_card_changed_names_the_card(tmp_path, monkeypatch):
    folder = tmp_path / "rulesets"
    shutil.copytree(Path(__file__).resolve().parents[1] / "data" / "rulesets" / "tiny", folder / "tiny")
    monkeypatch.setenv("TABLETOP_RULESETS", str(folder))
    from tabletop.engine.ruleset import reload_ruleset
    reload_ruleset("tiny")
    try:
        p = saves.save_game(_tiny_game(), tmp_path / "g.json")
        cards = folder / "tiny" / "cards.yaml"
        cards.write_text(cards.read_text(encoding="utf-8").replace("{id: two, name: 二, kind: unit, power: 2}",
                                                                  "{id: two, name: 二, kind: unit, power: 3}"))
        reload_ruleset("tiny")
        changed = r"card two \(二\) has changed since the game was saved \(.*cards.yaml:2\)"
        with pytest.raises(SaveError, match=changed):
            saves.load_game(p)
    finally:
        monkeypatch.undo()
        reload_ruleset("tiny")


def test_an_older_save_without_card_digests_still_loads(tmp_path):
    p = _edited(tmp_path, lambda d: d.pop("cards"))
    assert saves.load_game(p).actions


# --- settings and messages -----------------------------------------------------------------------
@pytest.mark.parametrize("text", ['{"size": ["a", "b"]}', '{"size": [1]}', '{"size": [0, 0]}',
                                  '{"size": [100000, 100000]}', '{"size": [true, 900]}', hostile.nested(5000),
                                  '{"anim": "fast", "bot_delay": -1, "language": {"a": 1}}'])
def test_settings_of_the_wrong_type_or_range_give_the_defaults_and_say_so(text, capsys):
    from tabletop.ui import settings
    (Path(os.environ["TABLETOP_CONFIG"]) / "settings.json").write_text(text, encoding="utf-8")
    settings._told.clear()
    s = settings.load()
    assert s["size"] == [1600, 900] and s["anim"] == 1.0 and s["bot_delay"] == 0.6 and s["language"] == "en"
    assert "settings.json" in capsys.readouterr().err
    assert settings.user_language() == "en"


def test_a_message_quotes_at_most_a_few_hundred_characters_of_a_value():
    assert clip("x" * 5_000_000).endswith("(+4,999,800 characters)")
    assert len(clip("x" * 5_000_000)) < 300
    assert clip("short") == "short"
