"""Saves: atomic, checked by replay, and a bad save never costs the last good one."""
import json

import pytest

from tabletop.engine import Game, SaveError
from tabletop.engine import saves


def played(seed=3, n=12) -> Game:
    g = Game.new("tiny", seed=seed)
    for _ in range(n):
        if g.is_over():
            break
        g.apply(g.legal_actions()[-1 if _ % 3 else 0])
    return g


def test_save_then_load_gives_the_same_game(tmp_path):
    g = played()
    path = saves.save_game(g, tmp_path / "a.json")
    h = saves.load_game(path)
    assert h.state.to_dict() == g.state.to_dict()
    assert h.actions == g.actions
    assert json.loads(path.read_text(encoding="utf-8"))["version"] == saves.VERSION


def test_truncated_save_is_reported_with_its_line(tmp_path):
    p = tmp_path / "t.json"
    text = saves.game_to_json(played())
    p.write_text(text[: len(text) // 2], encoding="utf-8")
    with pytest.raises(SaveError, match=r"t\.json:\d+: the save is corrupt or truncated"):
        saves.load_game(p)


def _set_version(d):
    d["version"] = 0


def _bad_action(d):
    d["actions"][1] = "p1 fly"


def _edited_hp(d):
    d["state"]["players"][0]["hp"] = 99


@pytest.mark.parametrize("edit, message", [
    (_set_version, "save format version 0; this tabletop reads versions 1, 2"),
    (_bad_action, "action 2 of the log .* does not replay"),
    (_edited_hp, "does not match the saved position"),
])
def test_an_edited_save_is_refused_with_what_is_wrong(tmp_path, edit, message):
    p = tmp_path / "e.json"
    d = json.loads(saves.game_to_json(played()))
    edit(d)
    p.write_text(json.dumps(d), encoding="utf-8")
    with pytest.raises(SaveError, match=message):
        saves.load_game(p)


def test_resaving_keeps_the_previous_good_save_as_backup(tmp_path):
    p = tmp_path / "a.json"
    saves.save_game(played(n=4), p)
    first = p.read_text(encoding="utf-8")
    saves.save_game(played(n=8), p)
    assert (tmp_path / "a.json.bak").read_text(encoding="utf-8") == first


def test_a_failed_write_leaves_the_old_file_whole(tmp_path, monkeypatch):
    p = tmp_path / "a.json"
    saves.save_game(played(n=4), p)
    before = p.read_text(encoding="utf-8")

    def broken_replace(src, dst):
        raise OSError("disk full")
    monkeypatch.setattr(saves.os, "replace", broken_replace)
    with pytest.raises(OSError):
        saves.save_game(played(n=8), p)
    assert p.read_text(encoding="utf-8") == before
    assert not [x for x in tmp_path.iterdir() if x.name.endswith(".tmp")]


def test_continue_falls_back_to_the_backup_when_the_autosave_is_corrupt(tmp_path):
    g1 = played(n=4)
    saves.autosave(g1, tmp_path)
    saves.autosave(played(n=8), tmp_path)
    (tmp_path / saves.AUTOSAVE).write_text('{"format": "tabletop-save", "vers', encoding="utf-8")
    g, problems = saves.load_latest(tmp_path)
    assert g is not None and g.state.to_dict() == g1.state.to_dict()
    assert problems and "corrupt or truncated" in problems[0]


def test_not_a_save_is_named(tmp_path):
    p = tmp_path / "x.json"
    p.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(SaveError, match="not a tabletop save"):
        saves.load_game(p)


def test_a_translation_added_to_a_card_keeps_its_saves_loadable():
    from tabletop.engine import load_ruleset
    card = load_ruleset("senkai").cards["rekka_no_maryoku"]
    before, was = saves.card_digest(card), card.text_en
    try:
        card.text_en = "Down: one of your monsters gets AP+1 this turn."
        assert saves.card_digest(card) == before      # the rules never read text_en
        card.text = card.text + "!"
        assert saves.card_digest(card) != before      # the printed text is the card
    finally:
        card.text_en = was
        card.text = card.text[:-1]
