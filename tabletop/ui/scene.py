"""The window's loop and its stack of scenes.

Each scene has `process_event(e)`, `update(dt)` and `draw(surface)`; `draw` never changes game
state. The loop is pygame_gui's three calls around the top scene's: process_events, update, draw_ui.
"""
from __future__ import annotations

import html
import sys
import warnings
from functools import partial

import pygame


def _import_gui():
    """Import pygame_gui without PyYAML when nothing has imported it yet.

    python-i18n, pygame_gui's translation library, imports PyYAML only to read YAML translation files,
    and pygame_gui ships none (its own are JSON). PyYAML costs ~16 ms of CPU to import, an eighth of a
    table's start-up, so it is hidden while pygame_gui loads; our own YAML reading imports it when a
    file is first parsed (a parse-cache miss)."""
    if "yaml" in sys.modules:
        import pygame_gui
        return pygame_gui
    sys.modules["yaml"] = None          # `import yaml` raises ImportError meanwhile
    try:
        import pygame_gui
    finally:
        del sys.modules["yaml"]
    return pygame_gui


pygame_gui = _import_gui()
from pygame_gui.core.resource_loaders import IResourceLoader  # noqa: E402

from tabletop import i18n  # noqa: E402 - after pygame_gui, imported above without its yaml

from . import theme  # noqa: E402
from . import settings as settings_mod  # noqa: E402
from . import window  # noqa: E402
from .memory import tune_allocator  # noqa: E402
from .textbox import TextBox  # noqa: E402


THEME = theme.gui_theme()   # pygame_gui's theme, from ui/theme.json (one file for every scene)


class Scene:
    """One screen. The app calls `enter` when it becomes the top scene and `leave` when it goes."""

    def __init__(self, app: "App"):
        self.app = app

    @property
    def manager(self) -> pygame_gui.UIManager:
        return self.app.manager

    def enter(self) -> None: ...
    def leave(self) -> None: ...
    def resize(self, size) -> None: ...

    def language_changed(self) -> None:
        """Show every word in the new language (`app.words.language`); by default, rebuild as on a resize."""
        self.resize(self.app.size)

    def process_event(self, e: pygame.event.Event) -> None: ...

    def sees_widget_click(self, e: pygame.event.Event) -> bool:
        """Return whether a mouse button event a widget consumed should reach the scene too."""
        return False

    def update(self, dt: float) -> None: ...
    def draw(self, surface: pygame.Surface) -> None: ...


class WidgetScene(Scene):
    """A scene of pygame_gui widgets made for the window size: `build` makes them (kept in
    `self.widgets`); entering, a new size or a new language builds them afresh, and leaving kills them."""

    def __init__(self, app: "App"):
        super().__init__(app)
        self.widgets: list = []

    def build(self) -> None: ...

    def kill(self) -> None:
        for w in self.widgets:
            w.kill()
        self.widgets = []

    def enter(self) -> None:
        self.build()

    def leave(self) -> None:
        self.kill()

    def resize(self, size) -> None:
        self.kill()
        self.build()


class App:
    """The window, the pygame_gui manager and the scene stack."""

    def __init__(self, size=None, settings: dict | None = None, home=None):
        self.settings = settings if settings is not None else settings_mod.load()
        self.words = i18n.Words(self.settings.get("language", "en"))
        tune_allocator()         # before the first picture: big ones each in their own mapping (ui/memory.py)
        pygame.init()
        # the largest size that fits the desktop, or the user's remembered choice (ui/window.py)
        size = tuple(size or window.initial_size(self.settings))
        pygame.font.init()   # before the UIManager (else it cannot find its fonts)
        pygame.display.set_caption("tabletop")
        self.screen = pygame.display.set_mode(size, pygame.SCALED | pygame.RESIZABLE)
        self.size = self.screen.get_size()
        # pygame_gui's own localisation: our catalogues' plain words join its translations (a widget
        # given an English word shows it in the locale), and set_locale switches every widget.
        # The theme names the Japanese font, which covers Latin too, for both languages.
        register_widget_words(self.words.language)
        loader = InlineLoader()
        self.manager = pygame_gui.UIManager(self.size, THEME, starting_language=self.words.language,
                                            resource_loader=loader, enable_live_theme_updates=False)
        loader.start()           # a loader we pass is ours to run (pygame_gui runs only its own)
        loader.update()
        self.manager.preload_fonts([{"name": "noto_sans_jp", "point_size": s, "style": st, "antialiased": "1"}
                                    for s in (13, 14) for st in ("bold",)])
        self.scenes: list[Scene] = []
        self.clock = pygame.time.Clock()
        self.running = True
        self.dialogs = {}        # OK button -> its message window
        self.last_message = None
        self.home = home         # makes the main menu scene: App(...) -> Scene; a table's "Main menu" asks for it

    # --- the stack --------------------------------------------------------------------------
    @property
    def scene(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        if self.scene:
            self.scene.leave()
        self.scenes.append(scene)
        scene.enter()
        return scene

    def pop(self) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        if self.scene:
            self.scene.enter()
        else:
            self.running = False

    def replace(self, scene: Scene) -> Scene:
        if self.scenes:
            self.scenes.pop().leave()
        self.scenes.append(scene)
        scene.enter()
        return scene

    def go_home(self) -> None:
        """Replace the top scene with the home scene (the main menu), or close it when there is none.

        Scenes ask for this instead of importing the menu, so the menu (which opens tables) and the
        table (which returns to the menu) never import each other.
        """
        if self.home is not None:
            self.replace(self.home(self))
        else:
            self.pop()

    def open_settings(self) -> None:
        """Open the settings page over the top scene (Back returns to it); a language applied there
        switches every scene at once, the table underneath included."""
        if self.home is not None:
            self.push(self.home(self, page="settings", over=True))

    def set_size(self, size) -> None:
        """Change the window's logical size (the settings' window size)."""
        size = tuple(int(x) for x in size)
        self.screen = pygame.display.set_mode(size, pygame.SCALED | pygame.RESIZABLE)
        self.size = size
        self.manager.set_window_resolution(size)
        for s in self.scenes:
            s.resize(size)

    def set_language(self, lang: str) -> None:
        """Switch the whole window to `lang` at once: the widgets' locale, and every scene on the stack."""
        self.words.language = lang if lang in i18n.LANGS else "en"
        self.settings["language"] = self.words.language
        register_widget_words(self.words.language)
        self.manager.set_locale(self.words.language)
        for s in self.scenes:
            s.language_changed()

    # --- the loop ---------------------------------------------------------------------------
    def step(self, dt: float = 1 / 60) -> None:
        """Handle pending events, advance by dt seconds and draw one frame."""
        for e in pygame.event.get():
            if e.type == pygame.QUIT:
                self.running = False
                continue
            consumed = self.manager.process_events(e)
            if e.type == pygame_gui.UI_BUTTON_PRESSED and e.ui_element in self.dialogs:
                self.dialogs.pop(e.ui_element).kill()
                continue
            if self.scene and not (consumed and e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
                                   and not self.scene.sees_widget_click(e)):
                self.scene.process_event(e)
        self.manager.update(dt)
        if self.scene:
            self.scene.update(dt)
            self.screen.fill((22, 27, 33))
            self.scene.draw(self.screen)
        self.manager.draw_ui(self.screen)
        # pygame_gui 0.6.14 keeps the last rectangle of every widget ever removed in its sprite group's
        # `lostsprites` (dirty rectangles that only its unused dirty-drawing path clears), so a long
        # session grew it by every killed button, window and scroll bar; nothing here reads them.
        self.manager.get_sprite_group().lostsprites.clear()
        pygame.display.flip()

    def run(self) -> int:
        while self.running and self.scenes:
            dt = self.clock.tick(60) / 1000.0
            self.step(min(dt, 0.1))
        pygame.quit()
        return 0

    def message(self, text, title="tabletop", height: int = 280) -> None:
        """Show a message in a dialog (errors included: the player sees words, never a traceback).

        `text` and `title` are messages or plain text (rendered in the language), or an exception.
        """
        if isinstance(text, BaseException):
            text = i18n.render_error(text, self.words.language)
        text, title = self.words(text), self.words(title)
        w, h = min(720, self.size[0] - 40), min(height, self.size[1] - 40)
        rect = pygame.Rect((self.size[0] - w) // 2, (self.size[1] - h) // 2, w, h)
        win = pygame_gui.elements.UIWindow(rect, self.manager, window_display_title=title)
        cw, ch = win.get_container().get_size()
        TextBox(html_escape(text).replace("\n", "<br>"), pygame.Rect(6, 6, cw - 12, ch - 56),
                                      self.manager, container=win)
        ok = pygame_gui.elements.UIButton(pygame.Rect(cw - 110, ch - 44, 100, 36), "OK", self.manager, container=win)
        self.dialogs[ok] = win
        self.last_message = text


class InlineLoader(IResourceLoader):
    """Load pygame_gui's fonts and images one after the other on the calling thread.

    pygame_gui's default loader starts five threads to load a handful of font files, which costs
    start-up time (and, with the GIL, gains none back); this one just loads them."""

    def __init__(self):
        self._queue: list = []
        self._started = False

    def add_resource(self, resource) -> None:
        self._queue.append(resource)

    def start(self) -> None:
        self._started = True

    def started(self) -> bool:
        return self._started

    def update(self) -> tuple[bool, float]:
        while self._queue:
            error = self._queue.pop(0).load()
            if error is not None:
                warnings.warn(str(error), stacklevel=2)
        return True, 1.0


_REGISTERED: set = set()


def register_widget_words(lang: str) -> None:
    """Add the words without fields of `lang`'s catalogue to pygame_gui's translations (python-i18n),
    once per language and only when it is used: an English start reads no catalogue."""
    if lang == "en" or lang in _REGISTERED:
        return
    import i18n as gui_i18n   # python-i18n, pygame_gui's translation library
    for key, value in i18n.catalogue(lang).items():
        if "{" not in key and "%" not in value:
            gui_i18n.add_translation(key, value, locale=lang)
    _REGISTERED.add(lang)


# pygame_gui's text boxes read HTML: escape &, < and > (quotes stay as they are, its parser shows them).
html_escape = partial(html.escape, quote=False)
