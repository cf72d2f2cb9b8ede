"""A ruleset's guide data (`rulesets/<id>/guide.yaml`): each action kind's words in English and
Japanese (`verbs`, with `aims` for kinds that hit a player without naming one) and the briefing page.
The table's prompt line and briefing read it, and the bots name their moves with its verbs.
"""
from __future__ import annotations

from pathlib import Path

from .errors import DataError, DataErrors
from .yamlio import Checker, load_yaml

_TEXT = {"type": "map", "fields": {"en": {"type": "str", "required": True}, "ja": {"type": "str", "required": True}}}
_VERB = {"type": "map", "fields": {"en": {"type": "str", "required": True}, "ja": {"type": "str", "required": True},
                                   "aims": {"type": "str", "default": "", "choices": ["", "opponent", "self"]}}}
GUIDE_SPEC = {"type": "map", "fields": {
    "verbs": {"type": "map", "values": _VERB, "default": {}},
    "briefing": {"type": "map", "default": {}, "fields": {
        "goal": {**_TEXT, "required": True}, "win": {**_TEXT, "required": True},
        "lose": {**_TEXT, "required": True},
        "length": _TEXT,       # how long a game takes, in turns and minutes
        "turn": {"type": "list", "items": _TEXT, "default": []}}},
}}
_cache: dict = {}


def _ctl(rs):
    from .controller import controller_class
    return controller_class(getattr(rs, "controller", ""), missing_ok=True)


def load_guide(rs) -> tuple[dict, str | None]:
    """Return (the ruleset's guide data, the problem with its guide.yaml or None); cached per folder.

    A missing file is an empty guide (the prompt falls back to the action kinds' own names); a
    broken one is reported as `path:line: what is wrong` and the table goes on without it.
    """
    path = Path(rs.path) / "guide.yaml"
    key = str(path)
    if key not in _cache:
        data: dict[str, dict]
        problem: str | None
        data, problem = {"verbs": {}, "briefing": {}}, None
        if path.exists():
            try:
                raw = load_yaml(path)
                chk = Checker(path)
                data = chk.check(raw if raw is not None else {}, GUIDE_SPEC, "", 1)
                chk.done()
            except (DataError, DataErrors) as e:
                data, problem = {"verbs": {}, "briefing": {}}, str(e)
        elif hasattr(_ctl(rs), "guide_data"):     # a declared game's guide comes from its rules
            data = _ctl(rs).guide_data(rs)
        _cache[key] = (data, problem)
    return _cache[key]
