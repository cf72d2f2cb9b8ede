"""`tabletop simulate`: reproducible across worker counts, a JSON summary of a fixed shape."""
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

import pytest

from tabletop.cli import main
from tabletop.sim import Job, format_summary, run_games, summarize, wilson

TIMING = ("seconds", "games_per_second", "workers")


def sim_json(capsys, *extra):
    assert main(["simulate", "tiny", "--json", *extra]) == 0
    out = capsys.readouterr().out
    return json.loads(out)


def test_json_summary_has_the_promised_shape(capsys):
    d = sim_json(capsys, "--games", "8", "--p1", "greedy", "--workers", "1", "--seed", "4")
    assert d["games"] == 8
    assert isinstance(d["wins"], list) and len(d["wins"]) == 2 and all(isinstance(w, int) for w in d["wins"])
    assert d["wins"][0] + d["wins"][1] + d["draws"] + d["errors"] == 8
    assert d["errors"] == 0
    assert d["avg_actions"] > 0 and d["seconds"] > 0
    assert len(d["win_ci95"]) == 2 and all(0 <= lo <= hi <= 1 for lo, hi in d["win_ci95"])
    assert d["first_player"]["decided"] == d["wins"][0] + d["wins"][1]
    assert d["turns"]["min"] <= d["turns"]["median"] <= d["turns"]["max"]
    assert d["top_cards"] and {"card", "name", "won_games", "win_rate_when_played"} <= set(d["top_cards"][0])


@pytest.mark.parametrize("bots", [("random", "random"), ("greedy", "random")])
def test_same_seed_same_results_whatever_the_worker_count(bots):
    job = Job("tiny", bots, seed=21)
    one = run_games(job, 10, workers=1)
    two = run_games(job, 10, workers=2)
    three = run_games(job, 10, workers=3)
    assert one == two == three
    assert len({r["seed"] for r in one}) == 10
    other = run_games(Job("tiny", bots, seed=22), 10, workers=1)
    assert [r["seed"] for r in other] != [r["seed"] for r in one]


def test_cli_runs_agree_across_workers_with_a_fixed_search(capsys):
    args = ("--games", "3", "--p1", "search", "--p2", "greedy", "--rollouts", "1", "--seed", "3")
    a = sim_json(capsys, *args, "--workers", "1")
    b = sim_json(capsys, *args, "--workers", "2")
    assert {k: v for k, v in a.items() if k not in TIMING} == {k: v for k, v in b.items() if k not in TIMING}


def test_text_summary_and_out_file(capsys, tmp_path):
    out = tmp_path / "run.json"
    assert main(["simulate", "tiny", "--games", "6", "--workers", "1", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "P1 random" in text and "95% CI" in text and "first player won" in text and "length: turns" in text
    d = json.loads(out.read_text(encoding="utf-8"))
    assert d["games"] == 6 and len(d["records"]) == 6 and d["records"][0]["index"] == 0


def test_bad_arguments_get_a_message_not_a_traceback(capsys, monkeypatch):
    assert main(["simulate", "tiny", "--p1", "wizard"]) == 2
    assert "unknown bot 'wizard'" in capsys.readouterr().err
    assert main(["simulate", "tiny", "--games", "0"]) == 2
    assert "--games" in capsys.readouterr().err
    assert main(["simulate", "tiny", "--workers", "0"]) == 2
    assert "--workers must be at least 1" in capsys.readouterr().err
    assert main(["simulate", "no_such_rules"]) == 1
    assert "no ruleset 'no_such_rules'" in capsys.readouterr().err
    assert main(["simulate", "tiny", "--deck1", "no_such_deck", "--games", "1"]) == 1
    assert "no deck named 'no_such_deck'" in capsys.readouterr().err
    monkeypatch.setitem(sys.modules, "ray", None)    # as if the cluster extra were not installed
    assert main(["simulate", "tiny", "--games", "1", "--ray", "127.0.0.1:1"]) == 2
    assert "tabletop[cluster]" in capsys.readouterr().err


def test_a_game_past_the_cap_is_unfinished_not_a_draw_nor_an_error():
    recs = run_games(Job("tiny", ("random", "random"), max_actions=3), 2)
    assert all(r["unfinished"] and r["error"] is None and r["actions"] == 3 for r in recs)
    d = summarize(recs, Job("tiny", max_actions=3), 1.0)
    assert d["unfinished"] == 2 and d["errors"] == 0 and d["draws"] == 0 and d["wins"] == [0, 0]
    assert "unfinished 2 (still running after 3 actions" in format_summary(d, "1 worker")


def test_wilson_interval_pinned():
    lo, hi = wilson(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == 1.0


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.slow
def test_ray_runs_the_same_games_on_a_local_cluster(capsys):
    pytest.importorskip("ray")
    ray_bin = shutil.which("ray", path=os.path.dirname(sys.executable)) or shutil.which("ray")
    if ray_bin is None:
        pytest.skip("the ray command is not installed")
    port = _free_port()
    # Ray's sockets live under its temp dir, and a Unix socket path may not pass ~107 bytes.
    temp = tempfile.mkdtemp(prefix="ray", dir="/tmp" if os.path.isdir("/tmp") else None)
    env = dict(os.environ, RAY_USAGE_STATS_ENABLED="0")
    head = subprocess.Popen([ray_bin, "start", "--head", f"--port={port}", "--num-cpus=2", "--include-dashboard=false",
                             "--node-ip-address=127.0.0.1",
                             f"--temp-dir={temp}", "--block"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        addr = f"127.0.0.1:{port}"
        deadline = time.time() + 90
        while time.time() < deadline:
            assert head.poll() is None, "the local Ray head stopped"
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.5)
        time.sleep(3)   # the port opens a moment before the head takes drivers
        args = ("--games", "12", "--p1", "greedy", "--seed", "8")
        local = sim_json(capsys, *args, "--workers", "1")
        remote = sim_json(capsys, *args, "--ray", addr)
        assert remote["workers"] == "ray"
        assert {k: v for k, v in local.items() if k not in TIMING} == {k: v for k, v in remote.items() if k not in TIMING}
    finally:
        import ray
        ray.shutdown()
        head.terminate()
        head.wait(60)
        shutil.rmtree(temp, ignore_errors=True)
