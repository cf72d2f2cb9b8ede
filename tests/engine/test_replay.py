"""Replays: a saved or simulated game steps by action and by turn, shows either seat or everything, and
continues from any point as a new game with the same legal actions the original had there."""
import json

import pytest

from tabletop.cli import main
from tabletop.engine import Game, SaveError
from tabletop.engine.errors import TabletopError
from tabletop.engine import replay as replay_mod
from tabletop.engine.replay import Replay
from tabletop.engine.saves import save_game
from tabletop.engine.state import State
from tabletop.engine.view import make_view


def play(ruleset, seed, n):
    """Play up to n actions with a fixed pattern of choices; return the game and the legal list at each position."""
    g = Game.new(ruleset, seed=seed)
    legal_at = []
    for i in range(n):
        if g.is_over():
            break
        legal = g.legal_actions()
        legal_at.append(legal)
        g.apply(legal[(i * 7 + 3) % len(legal)])
    legal_at.append(g.legal_actions())
    return g, legal_at


@pytest.fixture(scope="module")
def senkai_game(tmp_path_factory):
    g, legal_at = play("senkai", 11, 400)   # ends by SK-R22 after 323 actions
    path = save_game(g, tmp_path_factory.mktemp("saves") / "senkai.json")
    return g, legal_at, path


def test_a_saved_game_replays_to_its_last_action_and_its_final_view_equals_the_snapshot(senkai_game):
    g, _, path = senkai_game
    r = Replay.from_save(path)
    assert len(r) == len(g.actions) > 2 * replay_mod.CHECKPOINT and r.pos == len(r)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert r.game.state.to_dict() == saved["state"]
    snap = State.from_dict(saved["state"])
    r.seek(0)
    r.seek(len(r))   # there and back again: the end is the same position
    for seat in (0, 1):
        want = make_view(snap, g.controller, seat, decks=g.deck_lists(seat))   # as the seat knows them (issue 19)
        assert r.view(seat).to_dict() == want.to_dict()


def test_continue_from_here_gives_the_legal_actions_the_original_had_at_that_point(senkai_game):
    g, legal_at, path = senkai_game
    r = Replay.from_save(path)
    # forward, then backward (from checkpoints), then forward again in jumps
    order = list(range(0, len(r) + 1, 5)) + list(range(len(r), -1, -9)) + [1, 40, 33, 97, len(r) - 1]
    for pos in order:
        r.seek(pos)
        new = r.continue_from_here()
        assert new.legal_actions() == legal_at[pos], pos
        assert new.actions == g.actions[:pos] and not new.can_undo()


def test_the_continued_game_is_its_own(senkai_game):
    _, _, path = senkai_game
    r = Replay.from_save(path)
    r.seek(10)
    before = r.game.state.to_dict()
    new = r.continue_from_here()
    new.apply(new.legal_actions()[0])
    assert r.game.state.to_dict() == before and r.pos == 10
    assert r.step(1) is r.game and r.pos == 11


def test_steps_by_turn_land_on_turn_starts_and_stop_at_the_ends(senkai_game):
    _, _, path = senkai_game
    r = Replay.from_save(path)
    r.seek(0)
    starts = r.turn_starts()
    assert starts[0] == 0 and len(starts) > 3
    seen = []
    while r.pos < len(r):
        r.step_turn(1)
        seen.append(r.pos)
    assert seen == starts[1:] + [len(r)]
    assert all(r.turns[s] != r.turns[s - 1] for s in starts[1:])
    r.seek(starts[2] + 1)
    assert r.step_turn(-1) is r.game and r.pos == starts[2]    # mid-turn: back to its start
    r.step_turn(-1)
    assert r.pos == starts[1]                                 # at a start: back to the one before
    r.step_turn(-5)
    assert r.pos == 0
    r.step(-3)
    assert r.pos == 0
    r.step(10 ** 6)
    assert r.pos == len(r) and r.game.state.to_dict() == r._end.state.to_dict()


def test_either_seat_sees_what_it_saw_and_reveal_shows_everything(senkai_game):
    g, _, path = senkai_game
    r = Replay.from_save(path)
    assert g.is_over() and r.can_reveal
    r.seek(30)
    for seat in (0, 1):
        v = r.view(seat)
        assert v.to_dict() == r.game.view(seat).to_dict()
        assert any(c.cid is None for c in v.zone(1 - seat, "hand")), "the opponent's hand is hidden"
        full = r.view(seat, reveal=True)
        assert full.viewer == seat
        assert all(c.cid is not None and c.uid is not None for z in full.zones.values() for c in z)
        assert full.log == [e.text for e in r.game.state.log[-200:]]
    assert r.last_action() == r.actions[29]
    assert r.new_lines(None) == [e.text for e in r.game.state.log[r.log_len[29]:r.log_len[30]]]


def test_a_game_still_being_played_shows_each_seat_only_what_it_saw(tmp_path):
    g, _ = play("senkai", 4, 12)
    assert not g.is_over()
    r = Replay.from_save(save_game(g, tmp_path / "autosave.json"))
    assert not r.can_reveal
    assert r.view(1).to_dict() == g.view(1).to_dict()
    with pytest.raises(TabletopError, match="still being played"):
        r.view(0, reveal=True)


def test_a_doctored_log_or_snapshot_is_refused_with_what_is_wrong(senkai_game, tmp_path):
    _, _, path = senkai_game
    d = json.loads(path.read_text(encoding="utf-8"))
    d["actions"][5] = "p1 attack card=999"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(d), encoding="utf-8")
    with pytest.raises(SaveError, match=r"bad.json: action 6 of the log \('p1 attack card=999'\) does not replay"):
        Replay.from_save(bad)
    d = json.loads(path.read_text(encoding="utf-8"))
    d["state"]["turn"] += 1
    bad.write_text(json.dumps(d), encoding="utf-8")
    with pytest.raises(SaveError, match="does not match the saved position"):
        Replay.from_save(bad)


def test_a_simulate_out_game_replays_to_its_recorded_end(tmp_path, capsys):
    out = tmp_path / "run.json"
    assert main(["simulate", "tiny", "--games", "4", "--workers", "1", "--seed", "5", "--p1", "greedy",
                 "--out", str(out)]) == 0
    d = json.loads(out.read_text(encoding="utf-8"))
    assert len(d["decks"]) == 2
    for rec in d["records"]:
        r = Replay.from_sim(out, rec["index"])
        assert len(r) == rec["actions"] == len(rec["log"])
        assert r.game.outcome().winner == rec["winner"] and r.game.state.turn == rec["turns"]
        assert r.can_reveal and r.view(1, reveal=True).viewer == 1
    with pytest.raises(SaveError, match="no game 9"):
        Replay.from_sim(out, 9)
    with pytest.raises(SaveError, match="not a `tabletop simulate --out` file"):
        bad = tmp_path / "x.json"
        bad.write_text("{}", encoding="utf-8")
        Replay.from_sim(bad)
