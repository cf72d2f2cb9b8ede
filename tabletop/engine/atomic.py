"""Atomic file writes: a file is either the old one or the whole new one, never a torn mix."""
from __future__ import annotations

import os
from pathlib import Path


def write_atomic(path: Path, text: str) -> None:
    """Write a file so that it is either the old file or the whole new one, never a torn mix."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    import tempfile   # here, not at the top: tempfile costs start-up time and is needed only to save
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
