"""A corpus of broken inputs: each gives its clear `path:line: message` — never a traceback — and
nothing on disk changes (the bad file, the ruleset beside it, the saves folder)."""
import hashlib
import json
import shutil
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.engine import Game, SaveError
from tabletop.engine import saves
from tabletop.engine.yamlio import load_yaml

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "data" / "corpus"
TINY = HERE / "data" / "rulesets" / "tiny"
EXPECTED = load_yaml(CORPUS / "expected.yaml")


def tree_hash(folder: Path) -> dict:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def place(name: str, tmp: Path) -> Path:
    """Put a corpus file where tabletop would meet it: beside a copy of the tiny ruleset."""
    kind, fname = name.split("/")
    ruleset = tmp / "tiny"
    shutil.copytree(TINY, ruleset)
    if kind == "rulesets":
        dst = ruleset / "ruleset.yaml"
    elif kind == "decks":
        dst = ruleset / "decks" / fname
    elif kind == "scenarios":
        dst = ruleset / "scenarios" / fname
    else:
        dst = tmp / fname
    shutil.copy(CORPUS / name, dst)
    return dst


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_input_gives_its_clear_message_and_changes_nothing(name, tmp_path, capsys):
    path = place(name, tmp_path)
    before = tree_hash(tmp_path)
    code = main(["validate", str(path)])
    out = capsys.readouterr()
    assert code == 1
    text = out.out + out.err
    assert "Traceback" not in text
    assert EXPECTED[name] in text, text
    assert str(path) in text, "the message must name the file"
    assert tree_hash(tmp_path) == before


def test_every_corpus_file_is_listed():
    files = {f"{p.parent.name}/{p.name}" for p in CORPUS.glob("*/*")}
    assert files == set(EXPECTED)


def good_save(tmp: Path) -> Path:
    g = Game.new("tiny", seed=3)
    for i in range(10):
        g.apply(g.legal_actions()[i % 2 - 1])
    return saves.save_game(g, tmp / "good.json")


@pytest.mark.parametrize("edit, fragment", [
    (lambda d: d["state"]["players"][0].__setitem__("hp", 99), "does not match the saved position"),
    (lambda d: d["actions"].__setitem__(3, "p2 fly card=1"), "action 4 of the log"),
    (lambda d: d["actions"].__setitem__(0, "hello"), "action 1 of the log ('hello') does not replay"),
    (lambda d: d["initial"].pop("cards"), "the save is damaged"),
    (lambda d: d["initial"]["cards"][0].__setitem__("cid", "seven"), "the save"),
])
def test_hand_edited_save_is_refused_and_left_alone(tmp_path, edit, fragment):
    p = good_save(tmp_path)
    d = json.loads(p.read_text(encoding="utf-8"))
    edit(d)
    p.write_text(json.dumps(d), encoding="utf-8")
    before = p.read_bytes()
    with pytest.raises(SaveError, match=fragment.replace("(", r"\(").replace(")", r"\)")):
        saves.load_game(p)
    assert p.read_bytes() == before


def test_a_corrupt_save_never_replaces_the_last_good_one(tmp_path):
    good = good_save(tmp_path)
    text = good.read_text(encoding="utf-8")
    saves.write_atomic(tmp_path / saves.AUTOSAVE, text)
    shutil.copy(CORPUS / "saves" / "truncated.json", tmp_path / "broken.json")
    broken = (tmp_path / "broken.json").read_bytes()
    g, problems = saves.load_latest(tmp_path)
    assert g is not None and g.actions == json.loads(text)["actions"]
    assert (tmp_path / saves.AUTOSAVE).read_text(encoding="utf-8") == text
    assert (tmp_path / "broken.json").read_bytes() == broken
    (tmp_path / saves.AUTOSAVE).unlink()
    (tmp_path / "good.json").unlink()
    g, problems = saves.load_latest(tmp_path)
    assert g is None and any("broken.json" in p and "corrupt or truncated" in p for p in problems)
