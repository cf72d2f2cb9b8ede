"""Saves and replays: JSON files written atomically, checked by replaying their action log.

A save holds a format version, the ruleset, the decks, the seed, the options, the game's start
(a state snapshot), the action log and a snapshot of the current state. Loading replays the log
from the start and checks the result against the snapshot. No pickle anywhere.

Version 2 writes messages (log lines, prompts, the outcome's reason) as their English text and values,
`{"msg": "P{n} draws {count}", "args": {"n": 1, "count": 2}}`, so the log reads in the language of
whoever opens the save. Version 1 saves (messages as plain English text) still load: their words are
left out of the check, and the replay writes the log afresh.

A save is checked before it is replayed (`read_save`), so a hostile or hand-edited file is refused
with a message instead of costing time, memory or a good backup: at most MAX_BYTES on disk, nested at
most MAX_DEPTH deep, action texts of at most MAX_ACTION characters, the ruleset named by its id only
(found among the installed and user rulesets, never a folder the save names), the seed, options, decks
and scenario consistent with its start, and (saves since issue 31) every card the game uses as it was
when the game was saved: `cards` holds a short digest of each card's definition.
"""
from __future__ import annotations

import datetime as _dt
import json
import os
import re
from collections import Counter
from pathlib import Path

try:        # hashlib's sha256 without hashlib's OpenSSL set-up (saves is imported by every start)
    from _sha256 import sha256
except ImportError:     # pragma: no cover - Python 3.12 names it _sha2
    try:
        from _sha2 import sha256
    except ImportError:
        from hashlib import sha256

from .atomic import write_atomic
from .errors import IllegalAction, SaveError, TabletopError, clip
from .game import Game
from .msg import json_default, msg
from .ruleset import ROOT, load_ruleset, ruleset_dir, ruleset_ids

FORMAT = "tabletop-save"
VERSION = 2
READS = (1, 2)       # the versions this tabletop reads
AUTOSAVE = "autosave.json"

# Limits on a save file (docs/architecture.md, "Limits"); real saves are far inside them.
MAX_BYTES = 64 * 1024 * 1024   # a 1,000-action game saves in well under 1 MB
MAX_DEPTH = 64                 # nesting of the JSON (real saves nest 11 to 13 deep)
MAX_ACTION = 1000              # characters in one action text (real ones are under 80)
_RULESET_ID = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}")

_written: dict[str, str] = {}  # path -> digest of the text this process last wrote there (a save known good)


def saves_dir(override: str | os.PathLike | None = None) -> Path:
    """Return the saves folder: `override`, else TABLETOP_SAVES, else `saves/` of the checkout."""
    d = Path(override or os.environ.get("TABLETOP_SAVES") or (ROOT / "saves"))
    d.mkdir(parents=True, exist_ok=True)
    return d


def card_digest(card) -> str:
    """Return a short digest of everything a card's definition says (a save notes it for every card used)."""
    # text_en is a translation the game never reads: giving a card one must not make its saves unloadable
    fields = {k: getattr(card, k) for k in card.__slots__ if k not in ("line", "path", "text_en")}
    # so are a kind's English twins of its fields (feat_en beside feat: what an English face shows)
    fields["stats"] = {k: v for k, v in card.stats.items() if not k.endswith("_en")}
    text = json.dumps(fields, sort_keys=True, ensure_ascii=False, default=str)
    return sha256(text.encode("utf-8")).hexdigest()[:16]


def _cids(state: object) -> set:
    cards = state.get("cards") if isinstance(state, dict) else None
    return {c.get("cid") for c in cards or () if isinstance(c, dict) and isinstance(c.get("cid"), str)}


def game_to_json(game: Game, label: str = "") -> str:
    body = {"format": FORMAT, "version": VERSION, "label": label,
            "saved_at": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")}
    body.update(game.to_dict())
    used = _cids(body["initial"]) | _cids(body["state"])
    body["cards"] = {cid: card_digest(game.ruleset.cards[cid]) for cid in sorted(used) if cid in game.ruleset.cards}
    return json.dumps(body, ensure_ascii=False, indent=1, default=json_default)   # a Msg in rule data: its English


def _digest(text: str) -> str:
    return sha256(text.encode("utf-8")).hexdigest()


def save_game(game: Game, path: Path, label: str = "") -> Path:
    """Save atomically; the previous save at `path` is kept as `path.bak` only if it replays.

    A save this process wrote itself (from a game being played) is known to replay; any other one is
    loaded first, so a damaged or edited file never replaces the good backup.
    """
    path = Path(path)
    text = game_to_json(game, label)
    if path.exists():
        try:
            old = path.read_text(encoding="utf-8")
            if _written.get(str(path)) != _digest(old):
                load_game(path)   # keep a backup only of a save that replays
            write_atomic(path.with_suffix(path.suffix + ".bak"), old)
        except (TabletopError, OSError, UnicodeDecodeError):
            pass
    write_atomic(path, text)
    _written[str(path)] = _digest(text)
    return path


def autosave(game: Game, folder=None, label: str = "autosave") -> Path:
    """Write the autosave (the table calls it after every turn); `label` may record who sits where."""
    return save_game(game, saves_dir(folder) / AUTOSAVE, label=label)


def json_depth(value) -> int:
    """Return how deep lists and mappings nest in a JSON value (iteratively: any depth is safe)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict):
            v = v.values()
        elif not isinstance(v, list):
            continue
        deepest = max(deepest, d)
        if deepest > MAX_DEPTH:
            return deepest
        stack.extend((x, d + 1) for x in v)
    return deepest


def load_json(path: Path, what: str = "save", max_bytes: int = MAX_BYTES):
    """Read a JSON file (`what` it is: for the reader of the code) of at most `max_bytes`, nested at most
    MAX_DEPTH deep; raise SaveError otherwise."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > max_bytes:
            raise SaveError(msg("{path}: {size} bytes, more than a save may hold ({max})", path=str(path),
                                size=f"{size:,}", max=f"{max_bytes:,}"))
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(msg("{path}: no such save", path=str(path))) from None
    except IsADirectoryError:
        raise SaveError(msg("{path}: a folder, not a save", path=str(path))) from None
    except (OSError, UnicodeDecodeError) as e:
        raise SaveError(msg("{path}: cannot read the save ({error})", path=str(path), error=clip(str(e)))) from None
    if not text.strip():
        raise SaveError(msg("{path}: the save is empty", path=str(path)))
    try:
        d = json.loads(text)
    except json.JSONDecodeError as e:
        raise SaveError(msg("{path}:{line}: the save is corrupt or truncated ({error}, column {column})",
                            path=str(path), line=e.lineno, error=e.msg, column=e.colno)) from None
    except (RecursionError, ValueError):
        d = None
        depth = MAX_DEPTH + 1
    else:
        depth = json_depth(d)
    if depth > MAX_DEPTH:
        raise SaveError(msg("{path}: nested more than {max} levels deep (a save nests about a dozen)",
                            path=str(path), max=MAX_DEPTH))
    return d


def _shown(v):
    """Return a value of a save as a message may quote it (a long text cut, a list or mapping by its type)."""
    return clip(v) if isinstance(v, str) else type(v).__name__ if isinstance(v, (list, dict)) else v


def read_save(path: Path) -> dict:
    """Read and check a save file (envelope, limits, and that what it names matches its start and the
    installed cards); raise SaveError with a clear message. See the module's docstring."""
    path = Path(path)
    d = load_json(path, "save")
    if not isinstance(d, dict) or d.get("format") != FORMAT:
        raise SaveError(msg("{path}: not a tabletop save", path=str(path)))
    v = d.get("version")
    if v not in READS or isinstance(v, bool):
        raise SaveError(msg("{path}: save format version {version!r}; this tabletop reads versions {known}",
                            path=str(path), version=_shown(v), known=", ".join(map(str, READS))))
    for key in ("ruleset", "initial", "actions", "state"):
        if key not in d:
            raise SaveError(msg("{path}: the save lacks {key!r}", path=str(path), key=key))
    if not isinstance(d["actions"], list) or not all(isinstance(a, str) for a in d["actions"]):
        raise SaveError(msg("{path}: the action log must be a list of action texts", path=str(path)))
    for i, a in enumerate(d["actions"]):
        if len(a) > MAX_ACTION:
            raise SaveError(msg("{path}: action {n} of the log is {size} characters long (at most {max}): {start}",
                                path=str(path), n=i + 1, size=f"{len(a):,}", max=MAX_ACTION, start=clip(a, 60)))
    try:
        check_save(d, path)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError) as e:
        raise SaveError(msg("{path}: the save is damaged ({error})", path=str(path),
                            error=clip(f"{type(e).__name__}: {e}"))) from None
    return d


def check_save(d: dict, path) -> None:
    """Check what a save names against its start and the installed ruleset; raise SaveError naming it."""
    where = str(path)
    rid = d.get("ruleset")
    if not isinstance(rid, str) or not _RULESET_ID.fullmatch(rid) or ".." in rid or ruleset_dir(rid) is None:
        raise SaveError(msg("{path}: no ruleset {ruleset} among the installed and user rulesets (known: {known}); "
                            "a save names its ruleset by id", path=where, ruleset=clip(repr(rid)),
                            known=", ".join(ruleset_ids())))
    initial = d.get("initial")
    if not isinstance(initial, dict) or not isinstance(initial.get("cards"), list):
        raise SaveError(msg("{path}: the save is damaged ({error})", path=where, error="initial.cards"))
    if initial.get("ruleset", rid) != rid:
        raise SaveError(msg("{path}: the save names the ruleset {ruleset}, its start position another",
                            path=where, ruleset=rid))
    seed = d.get("seed", initial.get("seed"))
    if not isinstance(seed, int) or isinstance(seed, bool) or seed != initial.get("seed"):
        raise SaveError(msg("{path}: the save's seed {seed} is not the seed its game started from",
                            path=where, seed=clip(repr(seed))))
    scenario = d.get("scenario")
    if scenario is not None and (not isinstance(scenario, str) or len(scenario) > 4096 or "\0" in scenario
                                 or not scenario.lower().endswith((".yaml", ".yml"))):
        raise SaveError(msg("{path}: the save's scenario {scenario} is not a scenario file (.yaml)",
                            path=where, scenario=clip(repr(scenario))))
    try:
        rs = load_ruleset(rid)
    except TabletopError as e:
        raise SaveError(msg("{path}: its ruleset does not load: {why}", path=where,
                            why=clip(str(e), 2000))) from None
    options = d.get("options") or {}
    if not isinstance(options, dict):
        raise SaveError(msg("{path}: the save's options must be a mapping", path=where))
    for k, v in options.items():
        spec = rs.options.get(k)
        if spec is None:
            raise SaveError(msg("{path}: unknown option {option!r} for {ruleset}", path=where, option=clip(k, 80),
                                ruleset=rid))
        kind = spec.get("type")
        ok = (v in (spec.get("choices") or ()) if kind == "choice" else
              isinstance(v, bool) if kind == "bool" else
              isinstance(v, int) and not isinstance(v, bool) if kind == "int" else
              isinstance(v, (str, int, float, bool)) or v is None)
        if not ok:
            raise SaveError(msg("{path}: option {option}: {value} is not a value it takes", path=where, option=k,
                                value=clip(repr(v))))
    cards = d.get("cards")
    if cards is not None:
        if not isinstance(cards, dict):
            raise SaveError(msg("{path}: the save's card list must be a mapping", path=where))
        for cid, dig in cards.items():
            card = rs.cards.get(cid)
            if card is None:
                raise SaveError(msg("{path}: the game uses card {card}, which the ruleset no longer has",
                                    path=where, card=clip(repr(cid))))
            if card_digest(card) != dig:
                raise SaveError(msg("{path}: card {card} ({name}) has changed since the game was saved "
                                    "({at}); the game cannot be replayed with the new card",
                                    path=where, card=cid, name=card.name, at=f"{card.path}:{card.line}"))
    used = _cids(initial) | _cids(d.get("state"))
    if cards is not None and any(c in rs.cards and c not in cards for c in used):
        raise SaveError(msg("{path}: the save's card list does not name every card the game uses", path=where))
    decks = d.get("decks")
    if decks:
        _check_decks(decks, initial, rs, where)


def _check_decks(decks, initial: dict, rs, where: str) -> None:
    """Refuse deck lists that are not the cards the game started with (for each player)."""
    try:
        listed: Counter[tuple] = Counter()
        for p, deck in enumerate(decks):
            for sec in rs.deck:
                for cid, n in deck["sections"].get(sec, []):
                    if not isinstance(n, int) or not 0 <= n <= 1000:
                        raise ValueError(n)
                    listed[(p, cid)] += n
    except (KeyError, TypeError, ValueError, AttributeError):
        raise SaveError(msg("{path}: the save's deck lists are damaged", path=where)) from None
    if len(decks) != 2:
        raise SaveError(msg("{path}: the save's deck lists are damaged", path=where))
    dealt = Counter((c.get("owner"), c.get("cid")) for c in initial["cards"] if isinstance(c, dict))
    for key in set(listed) | set(dealt):
        if listed[key] != dealt[key]:
            raise SaveError(msg("{path}: the save's deck list of P{n} names {card} {listed} times, but the game "
                                "was dealt {dealt}", path=where, n=key[0] + 1 if isinstance(key[0], int) else "?",
                                card=clip(repr(key[1])), listed=listed[key], dealt=dealt[key]))


def load_game(path: Path) -> Game:
    """Load a save by replaying it; raise SaveError naming the file and what is wrong."""
    d = read_save(path)
    try:
        return Game.from_dict(d, words=d.get("version") != 1)
    except IllegalAction as e:
        raise SaveError(msg("{path}: {why}", path=str(path), why=e.reason)) from None
    except TabletopError as e:
        raise SaveError(msg("{path}: {why}", path=str(path), why=e.args[0] if e.args else str(e))) from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError) as e:
        raise SaveError(msg("{path}: the save is damaged ({error})", path=str(path),
                            error=clip(f"{type(e).__name__}: {e}"))) from None


def load_latest(folder=None) -> tuple[Game | None, list[str]]:
    """Return the newest save that loads (autosave first, then its backup) and the problems met."""
    d = saves_dir(folder)
    problems: list[str] = []
    candidates = [d / AUTOSAVE, d / (AUTOSAVE + ".bak")]
    candidates += sorted((p for p in d.glob("*.json") if p.name != AUTOSAVE), key=lambda p: p.stat().st_mtime,
                         reverse=True)
    for p in candidates:
        if not p.exists():
            continue
        try:
            return load_game(p), problems
        except SaveError as e:
            problems.append(str(e))
    return None, problems
