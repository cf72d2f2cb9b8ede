"""The registry of controllers: ids to classes, and the sources that import a controller's module when
its id is first asked for (the built-in games are one source, added by the package root).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Protocol, TypeVar, overload

from .msg import msg

if TYPE_CHECKING:
    from .controller import Controller


_C = TypeVar("_C", bound="type[Controller]")


_REGISTRY: dict[str, type[Controller]] = {}


def register(cls: _C) -> _C:
    """Class decorator: make a controller available under its `id`."""
    _REGISTRY[cls.id] = cls
    return cls


class ControllerSource(Protocol):
    """Where the engine finds controllers it has not seen registered yet (the built-in games are one:
    `tabletop.games`, added by the package root; a designer's package may add another)."""

    import_errors: dict[str, str]      # controller id -> why its module failed to import

    def load(self, name: str) -> None: ...      # import the module of controller `name`, if there is one
    def load_all(self) -> None: ...             # import every module the source has


_SOURCES: list[ControllerSource] = []


def add_source(source: ControllerSource) -> None:
    """Let `controller_class` and `controller_ids` import controllers from `source` when first asked."""
    if source not in _SOURCES:
        _SOURCES.append(source)


def import_error(name: str) -> str | None:
    """Return why the module of controller `name` failed to import, or None."""
    return next((src.import_errors[name] for src in _SOURCES if name in src.import_errors), None)


@overload
def controller_class(name: str, missing_ok: Literal[False] = False) -> type[Controller]: ...


@overload
def controller_class(name: str, missing_ok: bool) -> type[Controller] | None: ...


def controller_class(name: str, missing_ok: bool = False) -> type[Controller] | None:
    """Return the controller class registered under `name` (importing its module from a source first)."""
    if name not in _REGISTRY and name.isidentifier():
        for src in _SOURCES:             # a built-in module is named after its controller's id
            src.load(name)
    if name not in _REGISTRY:
        for src in _SOURCES:
            src.load_all()
    if name not in _REGISTRY and not missing_ok:
        from .errors import TabletopError
        why = import_error(name)
        if why:
            raise TabletopError(msg("controller {name!r} failed to load: {why}", name=name, why=why))
        raise TabletopError(msg("no controller {name!r} (known: {known})", name=name,
                                known=", ".join(sorted(_REGISTRY))))
    return _REGISTRY.get(name)


def controller_ids() -> list[str]:
    """Return the ids of every registered controller (every source's modules imported first)."""
    for src in _SOURCES:
        src.load_all()
    return sorted(_REGISTRY)
