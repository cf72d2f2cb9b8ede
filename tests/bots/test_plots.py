"""`tabletop simulate --plot`: four PNG charts with matplotlib (the optional plots extra), a clear message without it."""
import pytest

from tabletop import plots
from tabletop.cli import main


def rec(i, winner, first, played, turns=5, actions=30):
    return {"index": i, "seed": i, "winner": winner, "reason": "", "first": first, "turns": turns,
            "actions": actions, "played": played, "fallbacks": [0, 0], "error": None}


def test_card_rates_count_a_card_once_per_seat_and_game_and_leave_out_rare_cards():
    records = [rec(0, 0, 0, [["a", "b"], ["a"]]), rec(1, 1, 1, [["a"], ["c"]]), rec(2, 0, 0, [["a", "b"], []]),
               rec(3, None, 0, [["a"], ["c"]]), {**rec(4, 0, 0, [["a"], []]), "error": "boom"}]
    rates = {c["card"]: c for c in plots.card_rates(records, {"a": "エー"}, min_played=1)}
    assert (rates["a"]["played"], rates["a"]["won"]) == (5, 2) and rates["a"]["name"] == "エー"
    assert (rates["b"]["played"], rates["b"]["won"], rates["b"]["rate"]) == (2, 2, 1.0)
    assert rates["c"]["won"] == 1 and rates["c"]["ci95"][0] < 0.5 < rates["c"]["ci95"][1]
    assert [c["card"] for c in plots.card_rates(records, min_played=1)] == ["b", "c", "a"]
    assert [c["card"] for c in plots.card_rates(records, min_played=3)] == ["a"]


def test_a_missing_matplotlib_is_named_with_the_extra_before_any_game_runs(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(plots.importlib.util, "find_spec",
                        lambda name, *a: None if name == "matplotlib" else __import__("importlib").util.find_spec(name))
    ran = []
    monkeypatch.setattr("tabletop.sim.run_games", lambda *a, **k: ran.append(1) or [])
    assert main(["simulate", "tiny", "--games", "3", "--workers", "1", "--plot", str(tmp_path / "c")]) == 2
    err = capsys.readouterr().err
    assert "pip install 'tabletop[plots]'" in err and "matplotlib" in err
    assert not ran and not (tmp_path / "c").exists()


def test_simulate_plot_writes_the_four_charts(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    folder = tmp_path / "charts"
    assert main(["simulate", "tiny", "--games", "30", "--workers", "1", "--p1", "greedy", "--plot", str(folder)]) == 0
    err = capsys.readouterr().err
    names = ["win_share.png", "first_player.png", "game_length.png", "card_win_rate.png"]
    for n in names:
        data = (folder / n).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000, n
        assert f"chart: {folder / n}" in err
    from matplotlib.image import imread
    assert imread(str(folder / "win_share.png")).shape[:2] == (330, 990)   # 9 x 3 inches at 110 dpi


def test_plot_file_redraws_the_charts_of_a_saved_run(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    out = tmp_path / "run.json"
    assert main(["simulate", "tiny", "--games", "6", "--workers", "1", "--out", str(out)]) == 0
    paths = plots.plot_file(out, tmp_path / "again")
    assert [p.name for p in paths] == ["win_share.png", "first_player.png", "game_length.png", "card_win_rate.png"]
    assert all(p.stat().st_size > 5000 for p in paths)


def _chart_texts(monkeypatch) -> list:
    """Keep every figure plot_run draws; return a function giving all the words drawn on them."""
    figures = []
    real = plots._figure
    monkeypatch.setattr(plots, "_figure", lambda w, h: figures.append(real(w, h)) or figures[-1])

    def texts() -> str:
        from matplotlib.text import Text
        return "\n".join(t.get_text() for f in figures for t in f.findobj(Text))
    return texts


@pytest.mark.parametrize("rid", ["sparkduel", "ramparts"])
def test_simulate_plot_charts_a_declared_game_with_its_english_card_names(rid, tmp_path, capsys, monkeypatch):
    pytest.importorskip("matplotlib")
    from tabletop.engine.ruleset import load_ruleset
    monkeypatch.setattr("tabletop.ui.settings.user_language", lambda: "en")
    texts = _chart_texts(monkeypatch)
    folder = tmp_path / "charts"
    assert main(["simulate", rid, "--games", "12", "--workers", "1", "--p1", "greedy", "--plot", str(folder)]) == 0
    assert all((folder / n).stat().st_size > 5000 for n in
               ["win_share.png", "first_player.png", "game_length.png", "card_win_rate.png"])
    rs = load_ruleset(rid)
    words = texts()
    assert f"{rs.name_en}: 12 games, greedy (P1) vs random (P2), seed 0" in words
    assert "Cards by win rate when played" in words and "game length in turns" in words
    shown = [c for c in rs.cards.values() if c.name_en in words.splitlines()]
    assert shown and not any(c.name in words for c in rs.cards.values())   # English names, no printed ones


def test_the_charts_read_in_japanese_with_the_printed_names(tmp_path, monkeypatch):
    pytest.importorskip("matplotlib")
    from tabletop.engine.ruleset import load_ruleset
    texts = _chart_texts(monkeypatch)
    rs = load_ruleset("sparkduel")
    records = [rec(i, i % 2, 0, [["flare_hawk", "ash_pup"], ["frost_mote"]]) for i in range(10)]
    summary = {"ruleset": "sparkduel", "games": 10, "p1": "greedy", "p2": "random", "seed": 0}
    plots.plot_run(summary, records, tmp_path, lang="ja")
    words = texts()
    assert "火花決闘：10局、greedy（P1）対 random（P2）、シード 0" in words
    assert "席ごとの勝率" in words and "先攻の有利" in words and "対局の長さ（ターン）" in words
    assert rs.cards["flare_hawk"].name in words and "Flare Hawk" not in words
    assert "draws" not in words and "games" not in words
