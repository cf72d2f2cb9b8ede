"""The seed never reaches a seat (issue 31): with it and the starter decks, a player rebuilds the
opponent's hand and deck order. Not in `replay --viewer N`, the Replays list, the replay table's texts,
the window title, nor the log a seat reads."""
import pygame

from tabletop.cli import main
from tabletop.engine import Game, saves
from tabletop.ui.replays import entries, open_file
from tabletop.ui.scene import App

SEED = 8675309123   # a number no other text on the table is likely to show


def _unfinished(rid="senkai"):
    g = Game.new(rid, seed=SEED)
    for _ in range(12):
        g.apply(g.legal_actions(g.to_act)[0])
    assert not g.is_over()
    return g


def _texts(app) -> list[str]:
    out = [pygame.display.get_caption()[0]]
    for s in app.manager.get_sprite_group().sprites():
        for attr in ("text", "html_text"):
            v = getattr(s, attr, None)
            if isinstance(v, str):
                out.append(v)
    return out


def test_replay_for_a_seat_prints_no_seed(tmp_path, capsys):
    p = saves.save_game(_unfinished(), tmp_path / "g.json")
    for seat in ("1", "2"):
        assert main(["replay", str(p), "--viewer", seat]) == 0
        out = capsys.readouterr().out
        assert str(SEED) not in out and "seed" not in out.lower()
    assert main(["replay", str(p)]) == 0
    assert str(SEED) in capsys.readouterr().out   # the whole table's record keeps it


def test_the_replays_list_and_the_replay_table_show_no_seed(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_CONFIG", str(tmp_path / "config"))
    monkeypatch.setenv("TABLETOP_SAVES", str(tmp_path / "saves"))
    game = _unfinished()
    path = saves.autosave(game, tmp_path / "saves")
    assert all(str(SEED) not in text for text, _, _ in entries(tmp_path / "saves"))
    app = App(size=(1600, 900), settings={"size": [1600, 900], "anim": 0.0, "language": "en", "bot_delay": 0.6})
    try:
        scene = open_file(app, path)
        replay = scene.replay.replay
        seen = []
        for _ in range(6):
            app.step(1 / 60)
            seen += _texts(app)
            for seat in (0, 1):
                seen += [str(line) for line in replay.view(seat).log]
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="", scancode=0))
        assert replay.pos < len(replay), "the replay never stepped back"
        assert len(seen) > 20 and not [t for t in seen if str(SEED) in t]
    finally:
        for s in list(app.scenes):
            s.leave()
        app.manager.clear_and_reset()
