"""Replays (main menu → Replays): pick a save or a game of a `simulate --out` run and watch it on the table.

The list holds every .json file of the saves folder: a save is one entry, a simulate run one entry
per game (with its winner and length). A file that does not open (damaged, or a log that does not
replay) is reported in a dialog naming the file; the list stays.
"""
from __future__ import annotations

import os
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UISelectionList

from tabletop.engine import TabletopError
from tabletop.engine.errors import clip
from tabletop.engine import saves
from tabletop.engine.replay import Replay

from .players import seats_from_label
from .scene import WidgetScene
from .table.replay import open_replay


def open_file(app, path: Path, game: int = 0):
    """Open a save (or game `game` of a simulate run) on the table with the replay controls; return the scene.

    Raises TabletopError (SaveError) with the file's name when it does not open.
    """
    path = Path(path)
    d = saves.load_json(path, "save")   # bounded: size and nesting (SaveError names the file)
    if isinstance(d, dict) and "records" in d:
        replay, specs = Replay.from_sim(path, game=game), None
    else:
        replay = Replay.from_save(path)
        specs = seats_from_label(d.get("label", "") if isinstance(d, dict) else "")
    scene = open_replay(app, replay, specs)
    if app.scene is None:
        app.push(scene)
    else:
        app.replace(scene)
    return scene


def entries(folder: Path) -> list[tuple[str, Path, int]]:
    """Return (shown text, file, game index) for every save and every game of every simulate run in folder."""
    out = []
    files = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True) if folder.is_dir() else []
    for p in files:
        try:
            d = saves.load_json(p, "save")
        except TabletopError:
            out.append((f"{p.name}  (?)", p, 0))
            continue
        if isinstance(d, dict) and isinstance(d.get("records"), list):
            for rec in d["records"]:
                if not isinstance(rec, dict):
                    continue
                i = rec.get("index", 0)
                i = i if isinstance(i, int) and not isinstance(i, bool) else 0
                won = rec.get("winner")
                who = f"P{won + 1}" if isinstance(won, int) else _short(won or "-")
                log = rec.get("log")
                n = len(log) if isinstance(log, list) else 0
                out.append((f"{p.name} #{i}  {_short(d.get('ruleset', ''))}  {who}  {n}", p, i))
        else:
            rs = _short(d.get("ruleset", "")) if isinstance(d, dict) else ""
            acts = d.get("actions") if isinstance(d, dict) else None
            n = len(acts) if isinstance(acts, list) else 0
            out.append((f"{p.name}  {rs}  {n}", p, 0))
    return out


def _short(v) -> str:
    """Return a value of a file as a short text for the list (a hostile file's 5 MB name is cut)."""
    return clip(v if isinstance(v, str) else repr(v), 40)


class ReplayListScene(WidgetScene):
    """The list of replayable files and Watch / Back."""

    def __init__(self, app):
        super().__init__(app)
        self.files: dict[str, tuple[Path, int]] = {}

    def build(self) -> None:
        t, m = self.app.words, self.manager
        W, H = self.app.size
        folder = saves.saves_dir(os.environ.get("TABLETOP_SAVES"))
        self.files = {}
        for text, p, i in entries(folder):
            self.files[text] = (p, i)
        self.widgets = [UILabel(pygame.Rect(W // 2 - 340, 40, 680, 60), t("Replays"), m, object_id="#title"),
                        UILabel(pygame.Rect(20, 100, W - 40, 24),
                                t("Saves and simulate --out runs in {folder}", folder=str(folder)), m)]
        self.list = UISelectionList(pygame.Rect(W // 2 - 340, 130, 680, H - 260), list(self.files), m)
        self.watch = UIButton(pygame.Rect(W // 2 - 340, H - 116, 180, 44), t("Watch"), m, object_id="#lit")
        self.back = UIButton(pygame.Rect(W // 2 - 140, H - 116, 180, 44), t("Back"), m)
        self.widgets += [self.list, self.watch, self.back]

    def open_selected(self) -> None:
        t = self.app.words
        name = self.list.get_single_selection()
        if not name:
            self.app.message(t("Choose a save first."), t("Replays"))
            return
        path, game = self.files[name]
        try:
            open_file(self.app, path, game)
        except (TabletopError, ValueError, KeyError) as e:
            self.app.message(str(e), t("Cannot open the replay"))

    def process_event(self, e) -> None:
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            if e.ui_element is self.watch:
                self.open_selected()
            elif e.ui_element is self.back:
                self.app.go_home()
        elif e.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and e.ui_element is self.list:
            self.open_selected()
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.app.go_home()

    def draw(self, surface) -> None:
        surface.fill((24, 40, 34))
