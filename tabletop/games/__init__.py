"""The built-in games, one package each (`tabletop/games/<id>/`): its controller, the bots' knowledge
of it (`bot.py`) and its Japanese words (`ja.yaml`).

A game's package is imported when its controller is first asked for (`load(name)`; `load_all()` for
the full list), so opening one game does not import the other four. A package that fails to import
does not take the others down: its error is kept in `import_errors` and reported when its ruleset is
used. The package root (`tabletop/__init__.py`) adds this module to the engine's controller sources;
the engine itself never imports a game.
"""
from __future__ import annotations

import importlib
import pkgutil
import traceback

import_errors: dict[str, str] = {}
_TRIED: set[str] = set()


def load(name: str) -> None:
    """Import the built-in game package `name` once, keeping its error if it fails."""
    if name in _TRIED:
        return
    _TRIED.add(name)
    try:
        importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as e:
        if e.name != f"{__name__}.{name}":       # the package exists but imports something missing
            import_errors[name] = "".join(traceback.format_exception_only(type(e), e)).strip()
    except Exception as e:  # noqa: BLE001 - reported when the ruleset is used
        import_errors[name] = "".join(traceback.format_exception_only(type(e), e)).strip()


def load_all() -> None:
    """Import every built-in game package."""
    for m in pkgutil.iter_modules(__path__):
        if m.ispkg:
            load(m.name)
