"""Built-in controllers, one module per ruleset, each registered by id on import.

A module that fails to import does not take the others down: its error is kept in
`IMPORT_ERRORS` and reported when its ruleset is used.
"""
import importlib
import pkgutil
import traceback

IMPORT_ERRORS: dict[str, str] = {}

for _m in pkgutil.iter_modules(__path__):
    try:
        importlib.import_module(f"{__name__}.{_m.name}")
    except Exception as _e:  # noqa: BLE001 - reported when the ruleset is used
        IMPORT_ERRORS[_m.name] = "".join(traceback.format_exception_only(type(_e), _e)).strip()
