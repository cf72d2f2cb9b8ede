"""The translation layer: every string a person sees is rendered here, in English or in Japanese.

Messages are built in code as `msg("English {field}", field=...)` (tabletop/engine/msg.py); the English
text is the key. Translations live in YAML catalogues a translator edits without reading Python:
`tabletop/locale/<lang>/*.yaml`, each a flat mapping `"English text with {fields}": "訳文 {fields}"`,
plus each game's own words beside its code (`tabletop/games/<id>/<lang>.yaml`). Every file counts (one
per area: core.yaml for the engine, interface, command line and bots; one per game), so several people
add entries without touching the same file. English needs
no catalogue: the key is the text.

    render(m, "ja")       # a Msg, a Term (a word given in both languages by data) or a plain str
    tr("Turn {n}", "ja", n=3)

A key missing from the catalogue renders in English and is remembered (`missing()`), so the tests can
fail on it; plain strings (a card's own text, a name) render as they are. Plain Python: the engine
and the command line use it without pygame.
"""
from __future__ import annotations

import os
import re
import string
from functools import lru_cache
from pathlib import Path

from .engine.errors import DataError, DataErrors
from .engine.msg import Msg, Term, msg

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")   # kana and kanji: text in Japanese

LANGS = ("en", "ja")
LANGUAGE_NAMES = {"en": "English", "ja": "日本語"}
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
GAMES_DIR = Path(__file__).resolve().parent / "games"

_missing: dict[str, set] = {}


def fields(text: str) -> set[str]:
    """Return the names of the {fields} of a text (format specs and conversions left out)."""
    out = set()
    try:
        for _, name, _, _ in string.Formatter().parse(text):
            if name is not None:
                out.add(name.split(".")[0].split("[")[0])
    except ValueError:
        pass
    return out


def load_catalogue(lang: str, folder: Path | None = None) -> dict[str, str]:
    """Read every `*.yaml` of the language's folder into one mapping; raise DataErrors naming file:line.

    A file must be a flat mapping of strings to strings; a key given in two files, a translation that
    names other {fields} than its key, or a text that is not a valid format is an error.
    """
    from .engine.yamlio import YMap, load_yaml
    paths = sorted(((folder or LOCALE_DIR) / lang).glob("*.yaml"))
    if folder is None:     # the built-in games' words, each beside its game
        paths += sorted(GAMES_DIR.glob(f"*/{lang}.yaml"))
    out: dict[str, str] = {}
    where: dict[str, str] = {}
    errors: list[DataError] = []
    for path in paths:
        try:
            raw = load_yaml(path)
        except (DataError, DataErrors) as e:
            errors.extend(e.errors if isinstance(e, DataErrors) else [e])
            continue
        if raw is None:
            continue
        if not isinstance(raw, dict):
            errors.append(DataError(path, getattr(raw, "line", 1) or 1,
                                    'a catalogue is a mapping of "English text": "translation"'))
            continue
        for key, value in raw.items():
            line = raw.line_of(key) if isinstance(raw, YMap) else None
            if not isinstance(key, str) or not isinstance(value, str):
                errors.append(DataError(path, line, f"{key!r}: both the English text and its translation "
                                                    "must be text (quote them)"))
                continue
            try:
                list(string.Formatter().parse(value))
                list(string.Formatter().parse(key))
            except ValueError as e:
                errors.append(DataError(path, line, f"{key!r}: a brace is not closed ({e}); "
                                                    "write {{ or }} for a brace itself"))
                continue
            if fields(value) != fields(key):
                errors.append(DataError(path, line, f"{key!r}: the translation has the fields "
                                                    f"{sorted(fields(value))}, the English text {sorted(fields(key))}"))
                continue
            if key in out:
                errors.append(DataError(path, line, f"{key!r} is translated in {where[key]} already"))
                continue
            out[key] = value
            where[key] = f"{path.parent.name}/{path.name}:{line}"
    if errors:
        raise DataErrors(errors) if len(errors) > 1 else errors[0]
    return out


@lru_cache(maxsize=None)
def catalogue(lang: str) -> dict[str, str]:
    """Return the catalogue of `lang` (cached; `reload()` forgets it). English has none."""
    if lang == "en":
        return {}
    return load_catalogue(lang)


def reload() -> None:
    """Forget the cached catalogues (after a translator edited one) and the missing keys seen."""
    catalogue.cache_clear()
    _missing.clear()


def missing(lang: str | None = None) -> set[str]:
    """Return the keys rendered without a translation so far (in `lang`, or in any language)."""
    if lang is not None:
        return set(_missing.get(lang, ()))
    return set().union(*_missing.values()) if _missing else set()


def render(m, lang: str = "en") -> str:
    """Return a Msg, a Term or a plain string as text in `lang`; values inside are rendered too."""
    if isinstance(m, Msg):
        return _render_msg(m, lang)
    if isinstance(m, Term):
        return m.by(lang)
    if isinstance(m, str):
        return str.__str__(m)
    if m is None:
        return ""
    return str(m)


def _value(v, lang: str):
    if isinstance(v, (Msg, Term)):
        return render(v, lang)
    if isinstance(v, bool):
        return tr("yes" if v else "no", lang)
    if isinstance(v, (list, tuple)):
        return ", ".join(render(x, lang) if isinstance(x, (str, Msg)) else str(x) for x in v)
    return v


def _render_msg(m: Msg, lang: str) -> str:
    template = m.text
    if lang != "en":
        got = catalogue(lang).get(m.text)
        if got is None:
            _missing.setdefault(lang, set()).add(m.text)
        else:
            template = got
    if not m.args:
        return template
    values = {k: _value(v, lang) for k, v in m.args}
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        try:
            return m.text.format(**values)
        except (KeyError, IndexError, ValueError):
            return m.text


def tr(text: str, lang: str = "en", **args) -> str:
    """Render the message `text` with `args` in `lang` (the interface's short form of render(msg(...)))."""
    return _render_msg(msg(text, **args), lang)


def term(en: str, ja: str | None = None) -> Term:
    """Return a word given in both languages (see Term)."""
    return Term(en, ja)


def language_from_env(environ=None) -> str:
    """Return 'ja' when the locale variables (LC_ALL, LC_MESSAGES, LANG, LANGUAGE) ask for Japanese, else 'en'."""
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        v = env.get(var)
        if v:
            return "ja" if v.lower().startswith("ja") else "en"
    return "en"


class Words:
    """The interface's words in one language: `words("Turn {n}", n=3)`, `words.label(zone_spec)`.

    `language` may be changed at any time; everything rendered afterwards follows it.
    """

    def __init__(self, language: str = "en"):
        self.language = language if language in LANGS else "en"

    def __call__(self, text, **kw) -> str:
        if isinstance(text, (Msg, Term)) and not kw:
            return render(text, self.language)
        if not isinstance(text, str):
            return render(text, self.language)
        return tr(str(text), self.language, **kw)

    def render(self, m) -> str:
        """Render a message built elsewhere (the log, a reason, a description, a plain string)."""
        return render(m, self.language)

    def label(self, obj) -> str:
        """Return a ruleset label (zone, phase, card kind, colour, option) in the language."""
        if isinstance(obj, Term):
            return obj.by(self.language)
        if isinstance(obj, dict):
            label, en = obj.get("label", ""), obj.get("label_en", "")
        else:
            label, en = getattr(obj, "label", ""), getattr(obj, "label_en", "")
        if self.language == "en":
            return en or label
        return label or en


def render_error(e: BaseException, lang: str = "en") -> str:
    """Return an error tabletop reports (a DataError naming file:line, an IllegalAction...) in `lang`."""
    from .engine.errors import IllegalAction
    if isinstance(e, DataErrors):
        return "\n".join(render_error(x, lang) for x in e.errors)
    if isinstance(e, DataError):
        where = f"{e.path}:{e.line}" if e.line else e.path
        return f"{where}: {render(e.message, lang)}"
    if isinstance(e, IllegalAction):
        return render(e.reason, lang)
    if e.args and isinstance(e.args[0], (str, Msg)):
        return render(e.args[0], lang)
    return str(e)


def N_(text: str) -> str:
    """Mark a word for the catalogue without translating it here (gettext's N_): it is rendered later."""
    return text
