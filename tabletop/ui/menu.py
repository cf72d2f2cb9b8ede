"""The main menu: new game, continue, load, scenarios, layout studio, settings, quit.

Each page is a set of pygame_gui widgets; a button press is turned into what it means in
`process_event` (widgets never call game code themselves). Any file that will not load is
reported in a dialog with its message, never a traceback.
"""
from __future__ import annotations

import os

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UISelectionList, UITextEntryLine

from tabletop.engine import Game, TabletopError, load_ruleset, ruleset_ids
from tabletop.engine import saves
from tabletop.engine.decks import list_decks
from tabletop.engine.msg import Term, msg
from tabletop.i18n import LANGUAGE_NAMES, N_

from . import fonts
from . import settings as settings_mod
from . import window
from .faces import make_renderer
from .newgame import DeckShowcase, blurb, deck_title
from .players import load_with_seats, make_seats, new_seed
from .scene import WidgetScene, html_escape
from .table import TableScene
from .table.replay import spectate
from .textbox import TextBox

SEAT_CHOICES = [N_("human"), N_("easy"), N_("normal"), N_("hard")]
ANIM_WORDS = {"off": N_("off"), "fast": N_("fast"), "normal": N_("normal"), "slow": N_("slow")}
FAMILY = ("senkai", "fourdeck", "ijinden", "monmusu", "danmaku")


def ruleset_title(rid: str):
    """Return a ruleset's name in both languages (read from its ruleset.yaml alone), or its id."""
    from tabletop.engine.ruleset import ruleset_dir
    from tabletop.engine.yamlio import load_yaml
    folder = ruleset_dir(rid)
    try:
        d = load_yaml(folder / "ruleset.yaml") if folder else None
    except TabletopError:
        d = None
    if not isinstance(d, dict) or not isinstance(d.get("name"), str):
        return rid
    return Term(d.get("name_en") or d["name"], d["name"])


def _scenario_title(path) -> str:
    """Return "title (file name)" of a scenario, or its file name when the title cannot be read."""
    from tabletop.engine.yamlio import load_yaml
    try:
        d = load_yaml(path)   # the one bounded YAML reader (limits: docs/architecture.md)
        title = d.get("title") if isinstance(d, dict) else None
    except TabletopError:
        title = None
    return f"{title}  ({path.name})" if isinstance(title, str) and title else path.name


class MenuScene(WidgetScene):
    def __init__(self, app, page: str = "main", over: bool = False):
        """`over`: the menu lies over a table (its settings page); Back goes back to the table."""
        super().__init__(app)
        self.page = page
        self.over = over
        self.buttons = {}
        self.fields = {}
        self.ruleset_id = None
        ids = ruleset_ids()
        self.ruleset_id = "sandbox" if "sandbox" in ids or not ids else ids[0]
        for rid in ("senkai", "fourdeck", "ijinden", "monmusu", "danmaku"):
            if rid in ids:
                self.ruleset_id = rid
                break
        renderers = {}

        def renderer_for(rs):
            if rs.id not in renderers:
                renderers[rs.id] = make_renderer(rs)
                renderers[rs.id].language = app.words   # faces in the reader's language where the layout says so
            return renderers[rs.id]
        self.showcase = DeckShowcase(app.manager, app.words, renderer_for)

    def build(self) -> None:
        self.show(self.page)

    def kill(self) -> None:
        super().kill()
        self.buttons, self.fields = {}, {}

    # --- building pages ---------------------------------------------------------------------
    def _button(self, rect, text, action, object_id=None):
        b = UIButton(pygame.Rect(rect), text, self.manager, object_id=object_id)
        self.widgets.append(b)
        self.buttons[b] = action
        return b

    def _label(self, rect, text, object_id=None):
        lab = UILabel(pygame.Rect(rect), text, self.manager, object_id=object_id)
        self.widgets.append(lab)
        return lab

    def _dropdown(self, name, rect, options, current):
        """Add a drop-down; options are strings or (shown text, value) pairs; `current` is a value."""
        pairs = [o if isinstance(o, tuple) else (o, o) for o in options] or [("", "")]
        start = next((p for p in pairs if p[1] == current), pairs[0])
        d = UIDropDownMenu(pairs, start, pygame.Rect(rect), self.manager)
        self.widgets.append(d)
        self.fields[name] = d
        return d

    def show(self, page: str) -> None:
        self.kill()
        self.page = page
        getattr(self, "_page_" + page)()

    def _page_main(self) -> None:
        t = self.app.words
        W, H = self.app.size
        self._label((0, 80, W, 70), "tabletop", object_id="#title")
        ids = ruleset_ids()
        self._label((0, 150, W, 30), " · ".join(t(ruleset_title(r)) for r in FAMILY if r in ids))
        items = [(N_("New game"), lambda: self.show("new")), (N_("Continue"), self.continue_game),
                 (N_("Load"), lambda: self.show("load")), (N_("Scenarios"), lambda: self.show("scenarios")),
                 (N_("Cards"), lambda: self.deck_tools("CardsScene")),
                 (N_("Deck editor"), lambda: self.deck_tools("DeckEditorScene")), (N_("Replays"), self.replays),
                 (N_("Layout studio"), lambda: self.show("studio")), (N_("Settings"), lambda: self.show("settings")),
                 (N_("Quit"), self.quit)]
        y, step = 200, min(54, (H - 220) // len(items))
        for label, fn in items:
            b = self._button((W // 2 - 150, y, 300, step - 8), t(label), fn)
            if label == "Continue" and not self.has_save():
                b.disable()
                b.set_tooltip(fonts.tip(t("no saved game yet")))
            y += step

    def _page_new(self) -> None:
        t = self.app.words
        W, H = self.app.size
        # Two columns: the game's settings on the left, the ruleset's decks on the right.
        x0, cw = 40, min(620, W // 2 - 50)
        lw = min(300, cw - 250)   # option names such as "Side deck (between the games of a match)" fit whole
        fw = cw - lw
        y = 16
        self._label((x0, y, cw, 60), t("New game"), object_id="#title")
        y += 66
        self._label((x0, y, 110, 32), t("Ruleset"))
        self._dropdown("ruleset", (x0 + 110, y, cw - 110, 32), self._ruleset_choices(), self.ruleset_id)
        y += 38
        try:
            rs = load_ruleset(self.ruleset_id)
        except TabletopError as e:
            self.app.message(e, N_("Ruleset"))
            rs = None
        if rs is not None:
            box = TextBox(html_escape(blurb(rs, t.language)), pygame.Rect(x0, y, cw, 66), self.manager)
            self.widgets.append(box)
        y += 74
        entries = list_decks(rs) if rs else []
        playable = [e for e in entries if e.playable]
        for p in (0, 1):
            self._label((x0, y, 40, 32), f"P{p + 1}")
            self._dropdown(f"seat{p}", (x0 + 40, y, 120, 32), [(t(s), s) for s in SEAT_CHOICES],
                           "human" if p == 0 else "normal")
            start = rs.starter_decks[p % len(rs.starter_decks)] if rs and rs.starter_decks else (playable[0].name if playable else "")
            shown = [(deck_title(e.title, t.language) + (" " + t("(yours)") if e.source == "user" else ""), e.name)
                     for e in playable]
            self._dropdown(f"deck{p}", (x0 + 170, y, cw - 170, 32), shown, start)
            y += 40
        if rs:
            for name, spec in rs.options.items():
                self._label((x0, y, lw, 32), self.app.words.label(spec))
                kind = spec.get("type", "bool")
                if kind == "bool":
                    self._dropdown("opt:" + name, (x0 + lw, y, 140, 32), [(t("yes"), "yes"), (t("no"), "no")],
                                   "yes" if spec.get("default") else "no")
                elif kind == "choice":
                    ch = [str(c) for c in spec.get("choices") or []]
                    self._dropdown("opt:" + name, (x0 + lw, y, fw, 32), ch, str(spec.get("default")))
                else:
                    e = UITextEntryLine(pygame.Rect(x0 + lw, y, 140, 32), self.manager)
                    e.set_text(str(spec.get("default", 0)))
                    self.widgets.append(e)
                    self.fields["opt:" + name] = e
                y += 40
        self._label((x0, y, lw, 32), t("Seed"))
        e = UITextEntryLine(pygame.Rect(x0 + lw, y, min(200, fw), 32), self.manager)
        e.set_text("")
        self.widgets.append(e)
        self.fields["seed"] = e
        y = max(y + 50, H - 70) if y + 50 < H - 70 else y + 50
        self._button((x0, y, 180, 44), t("Start"), self.start_new, object_id="#lit")
        self._button((x0 + 200, y, 180, 44), t("Back"), lambda: self.show("main"))
        if rs is not None:
            right = pygame.Rect(x0 + cw + 40, 82, W - (x0 + cw + 40) - 30, H - 82 - 30)
            self.showcase.build(right, rs, entries, self.widgets)

    def _page_load(self) -> None:
        t = self.app.words
        W, H = self.app.size
        self._label((W // 2 - 300, 50, 600, 60), t("Load"), object_id="#title")
        folder = saves.saves_dir(os.environ.get("TABLETOP_SAVES"))
        files = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        self.files = {p.name: p for p in files}
        lst = UISelectionList(pygame.Rect(W // 2 - 300, 120, 600, H - 260), list(self.files), self.manager)
        self.widgets.append(lst)
        self.fields["list"] = lst
        self._button((W // 2 - 300, H - 120, 180, 44), t("Load"), self.load_selected, object_id="#lit")
        self._button((W // 2 - 100, H - 120, 180, 44), t("Back"), lambda: self.show("main"))

    def _page_scenarios(self) -> None:
        t = self.app.words
        W, H = self.app.size
        self._label((W // 2 - 300, 50, 600, 60), t("Scenarios"), object_id="#title")
        self._dropdown("ruleset", (W // 2 - 300, 120, 300, 32), self._ruleset_choices(), self.ruleset_id)
        self._label((W // 2 + 10, 120, 60, 32), "P2")
        self._dropdown("seat1", (W // 2 + 70, 120, 230, 32), [(t(s), s) for s in SEAT_CHOICES], "human")
        try:
            paths = load_ruleset(self.ruleset_id).scenario_paths()
        except TabletopError as e:
            self.app.message(e, N_("Ruleset"))
            paths = []
        self.files = {_scenario_title(p): p for p in paths}
        lst = UISelectionList(pygame.Rect(W // 2 - 300, 170, 600, H - 310), list(self.files), self.manager)
        self.widgets.append(lst)
        self.fields["list"] = lst
        self._button((W // 2 - 300, H - 120, 180, 44), t("Start"), self.start_scenario, object_id="#lit")
        self._button((W // 2 - 100, H - 120, 180, 44), t("Back"), lambda: self.show("main"))

    def _page_studio(self) -> None:
        """Ask which ruleset's cards the layout studio opens on."""
        t = self.app.words
        W, H = self.app.size
        self._label((W // 2 - 300, 50, 600, 60), t("Layout studio"), object_id="#title")
        self._label((W // 2 - 300, 130, 150, 32), t("Ruleset"))
        self._dropdown("ruleset", (W // 2 - 140, 130, 440, 32), ruleset_ids(), self.ruleset_id)
        self._button((W // 2 - 300, 190, 280, 44), t("Open the studio"), self.studio, object_id="#lit")
        self._button((W // 2, 190, 180, 44), t("Back"), lambda: self.show("main"))

    def _page_settings(self) -> None:
        t = self.app.words
        s = self.app.settings
        W, _ = self.app.size
        x0 = W // 2 - 250
        self._label((x0, 50, 500, 60), t("Settings"), object_id="#title")
        self._label((x0, 130, 200, 32), t("Window size"))
        # "Fit the screen" (the default) opens at the largest size the desktop holds (ui/window.py)
        sizes = [(t("Fit the screen"), "auto")] + settings_mod.SIZES
        self._dropdown("size", (x0 + 200, 130, 300, 32), sizes,
                       "x".join(str(v) for v in s["size"]) if s.get("size_chosen") else "auto")
        self._label((x0, 172, 200, 32), t("Animation"))
        cur = next((k for k, v in settings_mod.ANIM.items() if v == s.get("anim")), "normal")
        self._dropdown("anim", (x0 + 200, 172, 300, 32), [(t(ANIM_WORDS[k]), k) for k in settings_mod.ANIM], cur)
        self._label((x0, 214, 200, 32), t("Language"))
        # Each language is named in itself, so a reader finds theirs whatever the window shows now.
        self._dropdown("language", (x0 + 200, 214, 300, 32), [(name, code) for code, name in LANGUAGE_NAMES.items()],
                       self.app.words.language)
        self._button((x0, 280, 180, 44), t("Apply"), self.apply_settings, object_id="#lit")
        self._button((x0 + 200, 280, 180, 44), t("Back"), self.back)

    def _ruleset_choices(self) -> list:
        """Return the ruleset drop-down's (name in the language, id) pairs."""
        return [(self.app.words(ruleset_title(r)), r) for r in ruleset_ids()]

    def back(self) -> None:
        """Leave the settings: back to the table under this menu, or to the main page."""
        if self.over:
            self.app.pop()
        else:
            self.show("main")

    # --- reading pages ------------------------------------------------------------------------
    def _value(self, name):
        f = self.fields.get(name)
        if f is None:
            return None
        if isinstance(f, UIDropDownMenu):
            opt = f.selected_option
            return opt[1] if isinstance(opt, tuple) else opt
        if isinstance(f, UITextEntryLine):
            return f.get_text()
        return None

    def _seat_spec(self, name) -> str:
        value = self._value(name)
        return value if value in SEAT_CHOICES else "human"

    def start_new(self) -> None:
        try:
            rs = load_ruleset(self.ruleset_id)
            opts = {}
            for name, spec in rs.options.items():
                v = self._value("opt:" + name)
                if spec.get("type", "bool") == "bool":
                    v = v == "yes"
                elif spec.get("type") == "int":
                    try:
                        v = int(v)
                    except (TypeError, ValueError):
                        raise TabletopError(msg("option {option}: a whole number, please",
                                                option=rs.option_term(name))) from None
                elif spec.get("type") == "choice":
                    for c in spec.get("choices") or []:
                        if str(c) == v:
                            v = c
                opts[name] = v
            seed_text = (self._value("seed") or "").strip()
            if seed_text and not seed_text.lstrip("-").isdigit():
                raise TabletopError(msg("seed {seed!r}: a whole number, or leave it empty", seed=seed_text))
            seed = int(seed_text) if seed_text else new_seed()
            decks = [self._value("deck0") or None, self._value("deck1") or None]
            game = Game.new(rs, decks=decks, seed=seed, options=opts)
            seats = make_seats([self._seat_spec("seat0"), self._seat_spec("seat1")], seed)
        except (TabletopError, ValueError, KeyError) as e:
            self.app.message(e, N_("Cannot start the game"))
            return
        self.open_table(game, seats)

    def open_table(self, game, seats) -> None:
        self.app.replace(TableScene(self.app, game, seats, save_folder=os.environ.get("TABLETOP_SAVES"),
                                    brief=not game.actions))   # a new game or a scenario opens with its briefing
        spectate(self.app.scene)

    @staticmethod
    def has_save() -> bool:
        """Return whether Continue has anything to try: a save file in the saves folder (what `load_latest` reads)."""
        try:
            return any(saves.saves_dir(os.environ.get("TABLETOP_SAVES")).glob("*.json*"))
        except OSError:
            return False

    def continue_game(self) -> None:
        try:
            game, specs, problems = load_with_seats(None, os.environ.get("TABLETOP_SAVES"))
        except TabletopError as e:
            self.app.message(e, N_("Continue"))
            return
        if game is None:
            lang = self.app.words.language
            from tabletop.i18n import render
            self.app.message(self.app.words("No saved game to continue.")
                             + ("\n" + "\n".join(render(p, lang) for p in problems) if problems else ""),
                             N_("Continue"))
            return
        self.open_table(game, make_seats(specs or ["human", "human"], game.state.seed))

    def load_selected(self) -> None:
        name = self.fields["list"].get_single_selection()
        if not name:
            self.app.message(N_("Choose a save first."), N_("Load"))
            return
        try:
            game, specs, _ = load_with_seats(self.files[name])
            seats = make_seats(specs or ["human", "human"], game.state.seed)
        except (TabletopError, ValueError) as e:
            self.app.message(e, N_("Cannot load the save"))
            return
        self.open_table(game, seats)

    def start_scenario(self) -> None:
        name = self.fields["list"].get_single_selection()
        if not name:
            self.app.message(N_("Choose a scenario first."), N_("Scenarios"))
            return
        try:
            game = Game.from_scenario(self.files[name])
            seats = make_seats(["human", self._seat_spec("seat1")], game.state.seed)
        except (TabletopError, ValueError, KeyError) as e:
            self.app.message(e, N_("Cannot start the scenario"))
            return
        self.open_table(game, seats)

    def apply_settings(self) -> None:
        s = self.app.settings
        size, new_size = self._value("size"), None
        if size == "auto":   # no choice: the largest size that fits the desktop (a choice given up: now)
            if s.get("size_chosen"):
                new_size = window.choose_size(window.desktop_size())
            s["size_chosen"] = False
        else:
            try:
                s["size"] = new_size = [int(v) for v in size.split("x")]
                s["size_chosen"] = True
            except (AttributeError, ValueError):
                pass
        s["anim"] = settings_mod.ANIM.get(self._value("anim"), 1.0)
        lang = self._value("language")
        s["language"] = lang if lang in LANGUAGE_NAMES else "en"
        settings_mod.save(s)
        if new_size and tuple(new_size) != tuple(self.app.size):
            self.app.set_size(new_size)
        if s["language"] != self.app.words.language:
            self.app.set_language(s["language"])   # every scene, this page included, in the new language
        else:
            self.show("settings")

    def studio(self) -> None:
        """Open the layout studio for the chosen ruleset over the menu; Back returns to the main page."""
        from .studio import StudioScene, studio_folder
        try:
            folder = studio_folder(self.ruleset_id)
        except TabletopError as e:
            self.app.message(e, N_("Layout studio"))
            return
        self.page = "main"
        self.app.push(StudioScene(self.app, folder))

    def deck_tools(self, scene: str) -> None:
        """Open the card browser or the deck editor for the chosen ruleset (scenes of their own files)."""
        from .cards import CardsScene
        from .deckedit import DeckEditorScene
        if scene == "DeckEditorScene":
            self.app.replace(DeckEditorScene(self.app, self.ruleset_id))
        else:
            self.app.replace(CardsScene(self.app, self.ruleset_id, open_editor=DeckEditorScene))

    def replays(self) -> None:
        """Open the list of saves and simulate runs to replay on the table."""
        from .replays import ReplayListScene
        self.app.replace(ReplayListScene(self.app))

    def quit(self) -> None:
        self.app.running = False

    # --- events -------------------------------------------------------------------------------
    def process_event(self, e) -> None:
        if e.type == pygame_gui.UI_BUTTON_PRESSED and e.ui_element in self.buttons:
            self.buttons[e.ui_element]()
        elif e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and e.ui_element is self.fields.get("ruleset"):
            self.ruleset_id = getattr(e, "selected_option_id", None) or e.text
            self.show(self.page)
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE and self.page != "main":
            self.back() if self.page == "settings" else self.show("main")

    def draw(self, surface) -> None:
        surface.fill((24, 40, 34))
