"""Save-file fuzz (issue 31): random edits of real saves of every ruleset — to the text and to the JSON
structure — are loaded, replayed and listed. Nothing but the project's own error types may escape, and
no edit costs more than a few seconds. The fast suite runs a small sample; `make test-slow` thousands.
"""
import json
import math
import random
import time

import pytest

from tabletop.engine import Game, TabletopError, ruleset_ids, saves
from tabletop.engine.replay import Replay

GAMES = ("senkai", "fourdeck", "ijinden", "monmusu", "danmaku", "sandbox")
_SAVES: dict = {}


def real_save(rid: str) -> str:
    """Return the text of a save of a seeded random game of ruleset `rid` (60 actions, or to its end)."""
    if rid not in _SAVES:
        g = Game.new(rid, seed=11)
        rng = random.Random(5)
        for _ in range(60):
            if g.is_over() or g.to_act is None:
                break
            legal = g.legal_actions(g.to_act)
            if not legal:
                break
            g.apply(rng.choice(legal))
        _SAVES[rid] = saves.game_to_json(g)
    return _SAVES[rid]


def _paths(v, path=()):
    """Yield the path of every value inside a JSON value."""
    yield path
    if isinstance(v, dict):
        for k, x in v.items():
            yield from _paths(x, path + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from _paths(x, path + (i,))


def _random_value(rng: random.Random):
    return rng.choice([
        None, True, False, 0, -1, 1, 2 ** 63, -2 ** 70, 1.5, math.inf, "", "p1", "x" * rng.randint(1, 3000),
        "/etc/passwd", "../../senkai", "p1 pass", "p9 attack card=99999999999", [], {}, [1, 2], {"a": 1},
        {"format": "tabletop-save"}, [[[[[]]]]], "\u0000", "😀" * 5,
    ])


def mutate(text: str, rng: random.Random) -> str:
    """Return the save's text with one to three random edits, to its text or to its JSON values."""
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.3:   # text: cut, flip, duplicate or delete a stretch
            i = rng.randrange(len(text))
            kind = rng.randrange(4)
            if kind == 0:
                text = text[:i]
            elif kind == 1:
                text = text[:i] + rng.choice('{}[]",:0123456789aez\\') + text[i + 1:]
            elif kind == 2:
                j = min(len(text), i + rng.randint(1, 200))
                text = text[:j] + text[i:j] + text[j:]
            else:
                text = text[:i] + text[i + rng.randint(1, 50):]
            continue
        try:
            d = json.loads(text)
        except ValueError:
            continue
        paths = [p for p in _paths(d) if p]
        if not paths:
            continue
        path = rng.choice(paths)
        parent = d
        for k in path[:-1]:
            parent = parent[k]
        key = path[-1]
        op = rng.randrange(5)
        if op == 0 and isinstance(parent, dict):
            del parent[key]
        elif op == 1 and isinstance(parent[key], (int, float)) and not isinstance(parent[key], bool):
            parent[key] = parent[key] + rng.choice([-1, 1, 7, -1000, 10 ** 9])
        elif op == 2 and isinstance(parent[key], str) and parent[key]:
            s = parent[key]
            i = rng.randrange(len(s))
            parent[key] = s[:i] + rng.choice("0123456789 =_-pacx") + s[i + 1:]
        elif op == 3 and isinstance(parent, list) and len(parent) > 1:
            j = rng.randrange(len(parent))
            parent[key], parent[j] = parent[j], parent[key]
        else:
            parent[key] = _random_value(rng)
        text = json.dumps(d, ensure_ascii=rng.random() < 0.5)
    return text


def fuzz(n: int, seed: int, tmp_path) -> dict:
    """Load `n` random edits of real saves; return counts of what happened. Anything but a
    TabletopError escaping fails the test (pytest shows the edit's seed)."""
    rng = random.Random(seed)
    counts = {"loaded": 0, "refused": 0}
    rids = [r for r in GAMES if r in ruleset_ids()]
    for i in range(n):
        rid = rids[i % len(rids)]
        edit_seed = rng.randrange(1 << 30)
        text = mutate(real_save(rid), random.Random(edit_seed))
        p = tmp_path / "autosave.json"
        p.write_text(text, encoding="utf-8")
        t0 = time.process_time()
        try:
            saves.load_game(p)
            Replay.from_save(p)
            counts["loaded"] += 1
        except TabletopError:
            counts["refused"] += 1
        except Exception as e:   # noqa: BLE001 - the point of the test
            pytest.fail(f"{rid}, edit seed {edit_seed}: {type(e).__name__}: {str(e)[:300]}")
        assert time.process_time() - t0 < 5, f"{rid}, edit seed {edit_seed}: slow"
    games, problems = saves.load_latest(tmp_path)   # Continue over the last edit: never a crash
    assert games is not None or problems
    return counts


def test_a_small_save_fuzz_lets_only_tabletop_errors_escape(tmp_path):
    counts = fuzz(120, 31, tmp_path)
    assert counts["refused"] > 60 and counts["loaded"] > 0, counts


@pytest.mark.slow
def test_thousands_of_random_save_edits_let_only_tabletop_errors_escape(tmp_path):
    counts = fuzz(3000, 3131, tmp_path)
    assert counts["refused"] > 1500, counts
