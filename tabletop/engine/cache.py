"""A small on-disk cache of values derived from file contents (today: parsed YAML), for start-up speed.

An entry's key is a hash of the content it came from (plus a version of the code that made it), so an
edited file is simply a new key: an entry is never stale. Entries are pickles in the user's cache
folder — TABLETOP_CACHE if set ("off" turns the cache off), else %LOCALAPPDATA%/tabletop on Windows,
else $XDG_CACHE_HOME/tabletop or ~/.cache/tabletop — written atomically; an unreadable entry is
ignored and rebuilt, and the oldest entries are dropped beyond `KEEP`.
"""
from __future__ import annotations

import os
import pickle
import sys
from pathlib import Path

try:        # the same blake2b as hashlib's, without hashlib's OpenSSL set-up (~7 ms of every start)
    from _blake2 import blake2b
except ImportError:     # pragma: no cover - a Python built without it
    from hashlib import blake2b

KEEP = 256                     # entries kept; a designer's edit loop makes one per saved version
_FORMAT = b"tabletop-cache-1"  # part of every key: bump it when the entry format changes
_dir: Path | None = None


def folder() -> Path | None:
    """Return the cache folder (created on first use), or None when the cache is off or unwritable."""
    global _dir
    env = os.environ.get("TABLETOP_CACHE")
    if env and env.lower() == "off":
        return None
    if env:
        d = Path(env)
    elif sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        d = Path(os.environ["LOCALAPPDATA"]) / "tabletop" / "cache"
    else:
        d = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "tabletop"
    if d != _dir:
        try:
            d.mkdir(parents=True, exist_ok=True)
        except OSError:
            return None
        _dir = d
    return d


def key(kind: str, version: str, text: str) -> str:
    """Return the key of a value of `kind` made by code `version` from `text`."""
    h = blake2b(_FORMAT + pickle.dumps(sys.version_info[:2]), digest_size=20)
    h.update(f"{kind}\0{version}\0".encode())
    h.update(text.encode("utf-8", "surrogatepass"))
    return f"{kind}-{h.hexdigest()}"


def get(k: str):
    """Return the cached value of key `k`, or None (absent, unreadable or cache off)."""
    d = folder()
    if d is None:
        return None
    try:
        with open(d / k, "rb") as f:
            return pickle.load(f)
    except FileNotFoundError:
        return None
    except Exception:  # noqa: BLE001 - a damaged entry is only a miss: it is rebuilt and rewritten
        return None


def put(k: str, value) -> None:
    """Store `value` under key `k` (atomically; failures only mean a later miss)."""
    d = folder()
    if d is None:
        return
    tmp = d / f".{k}.{os.getpid()}.tmp"
    try:
        with open(tmp, "wb") as f:
            pickle.dump(value, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, d / k)
    except Exception:  # noqa: BLE001 - an unpicklable value or a full disk: no entry, no harm
        try:
            tmp.unlink()
        except OSError:
            pass
        return
    _prune(d)


def _prune(d: Path) -> None:
    try:
        entries = [p for p in d.iterdir() if not p.name.startswith(".")]
        if len(entries) <= KEEP:
            return
        entries.sort(key=lambda p: p.stat().st_mtime)
        for p in entries[: len(entries) - KEEP]:
            p.unlink()
    except OSError:
        pass
