"""The allocator setting that keeps a long session's memory flat (tabletop/ui/memory.py)."""
from __future__ import annotations

import platform
import subprocess
import sys
import textwrap

import pytest

from tabletop.ui.memory import tune_allocator

# A process frees a big block (glibc then raises its mmap threshold above 1 MiB), makes 64 blocks of
# 1 MiB, keeps one small block made after them, frees the 64 and prints how much resident memory
# came back, in MB.
SCRIPT = textwrap.dedent("""
    import os, sys
    def rss():
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    if sys.argv[1] == "tuned":
        from tabletop.ui.memory import tune_allocator
        assert tune_allocator()
    x = bytearray(8 << 20); del x
    blocks = [bytearray(1 << 20) for _ in range(64)]
    keep = bytearray(4096)
    before = rss()
    del blocks
    print((before - rss()) / 1e6)
""")


def _returned(mode: str) -> float:
    out = subprocess.run([sys.executable, "-c", SCRIPT, mode], capture_output=True, text=True, check=True)
    return float(out.stdout.split()[-1])


@pytest.mark.skipif(not (sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc"),
                    reason="glibc's mallopt is not there (not Linux with glibc)")
def test_big_pictures_freed_give_their_memory_back():
    # Untuned, the 1 MiB blocks come from the heap, pinned under the small block: nothing comes back.
    assert _returned("plain") < 16
    # Tuned, each has its own mapping: freeing them gives back (nearly) all 64 MiB.
    assert _returned("tuned") > 48


def test_tune_allocator_is_a_no_op_off_linux(monkeypatch):
    monkeypatch.setattr(sys, "platform", "darwin")
    assert tune_allocator() is False
