"""A crash in the middle of a game (the process killed between two autosaves) loses at most the turn
in progress, and `continue` (saves.load_latest) resumes from the last autosave."""
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from tabletop.engine import Game
from tabletop.engine import saves

HERE = Path(__file__).resolve().parent

PLAYER = textwrap.dedent("""
    import sys, time, random
    sys.path.insert(0, {tests!r})
    import tiny_controller
    from tabletop.engine import Game
    from tabletop.engine import saves
    g = Game.new("tiny", seed=21)
    rng = random.Random(21)
    turn, saved = g.state.turn, 0
    while not g.is_over():
        g.apply(rng.choice(g.legal_actions()))
        if g.state.turn != turn:          # autosave after every turn, as the table does
            turn = g.state.turn
            saves.autosave(g, {folder!r})
            saved += 1
            print("saved", saved, len(g.actions), flush=True)
        time.sleep(0.01)
    print("over", flush=True)
    time.sleep(60)
""")


def test_kill_between_autosaves_loses_at_most_the_turn_in_progress(tmp_path):
    env = dict(os.environ)
    script = PLAYER.format(tests=str(HERE), folder=str(tmp_path))
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, env=env)
    saved_at = None
    try:
        for line in proc.stdout:
            if line.startswith("saved 3 "):
                saved_at = int(line.split()[2])
                break
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    assert saved_at is not None, "the player never autosaved"
    g, problems = saves.load_latest(tmp_path)
    assert not problems, problems
    # What was saved is the game as it stood when a turn ended: a prefix of the real game.
    full = Game.new("tiny", seed=21)
    for text in g.actions:
        full.replay_one(text)
    assert full.state.to_dict() == g.state.to_dict()
    assert len(g.actions) >= saved_at
    # Continue: the game goes on from there.
    if not g.is_over():
        g.apply(g.legal_actions()[0])
