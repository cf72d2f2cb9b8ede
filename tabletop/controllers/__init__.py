"""Built-in controllers, one module per ruleset, each registered by id on import.

Modules are imported when first asked for (`load(name)`; `load_all()` for the full list), so opening
one game does not import the other four. A module that fails to import does not take the others
down: its error is kept in `IMPORT_ERRORS` and reported when its ruleset is used.
"""
import importlib
import pkgutil
import traceback

IMPORT_ERRORS: dict[str, str] = {}
_TRIED: set[str] = set()


def load(name: str) -> None:
    """Import the built-in controller module `name` once, keeping its error if it fails."""
    if name in _TRIED:
        return
    _TRIED.add(name)
    try:
        importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as e:
        if e.name != f"{__name__}.{name}":       # the module exists but imports something missing
            IMPORT_ERRORS[name] = "".join(traceback.format_exception_only(type(e), e)).strip()
    except Exception as e:  # noqa: BLE001 - reported when the ruleset is used
        IMPORT_ERRORS[name] = "".join(traceback.format_exception_only(type(e), e)).strip()


def load_all() -> None:
    """Import every built-in controller module."""
    for m in pkgutil.iter_modules(__path__):
        load(m.name)
