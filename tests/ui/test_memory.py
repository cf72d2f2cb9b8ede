"""What keeps a long session's memory flat (tabletop/ui/memory.py): the allocator's settings, the heap
given back when a game ends, the widget layer's dirty rectangles dropped each frame."""
from __future__ import annotations

import platform
import subprocess
import sys
import textwrap

import pytest

from tabletop.ui.memory import release_free_memory, tune_allocator

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


# A process makes 16,384 blocks of 4 KiB (heap blocks: under the mmap threshold, over Python's own
# small-object size), keeps one small block made after them, frees the rest and prints how much resident
# memory came back, in MB — with `release_free_memory` called after the free or not.
HEAP_SCRIPT = textwrap.dedent("""
    import os, sys
    def rss():
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    from tabletop.ui.memory import release_free_memory, tune_allocator
    tune_allocator()
    blocks = [bytes(4000) + bytes([i % 256]) for i in range(16384)]
    keep = bytes(4000) + b"k"
    before = rss()
    del blocks
    if sys.argv[1] == "released":
        assert release_free_memory()
    print((before - rss()) / 1e6)
""")

GLIBC = pytest.mark.skipif(not (sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc"),
                           reason="glibc's mallopt is not there (not Linux with glibc)")


def _returned(mode: str, script: str = SCRIPT) -> float:
    out = subprocess.run([sys.executable, "-c", script, mode], capture_output=True, text=True, check=True)
    return float(out.stdout.split()[-1])


@GLIBC
def test_big_pictures_freed_give_their_memory_back():
    # Untuned, the 1 MiB blocks come from the heap, pinned under the small block: nothing comes back.
    assert _returned("plain") < 16
    # Tuned, each has its own mapping: freeing them gives back (nearly) all 64 MiB.
    assert _returned("tuned") > 48


def test_tune_allocator_is_a_no_op_off_linux(monkeypatch):
    monkeypatch.setattr(sys, "platform", "darwin")
    assert tune_allocator() is False


@GLIBC
def test_a_games_small_blocks_freed_come_back_only_when_released():
    # Freed heap blocks under one that stays are kept by glibc: (nearly) nothing comes back by itself.
    assert _returned("kept", HEAP_SCRIPT) < 16
    # Released, their pages go back: (nearly) all 64 MiB.
    assert _returned("released", HEAP_SCRIPT) > 48


def test_release_free_memory_collects_and_is_a_no_op_off_linux(monkeypatch):
    monkeypatch.setattr(sys, "platform", "darwin")
    collected = []
    monkeypatch.setattr("gc.collect", lambda *a: collected.append(1) or 0)
    assert release_free_memory() is False
    assert collected == [1]


def test_widgets_killed_leave_no_dirty_rectangles_behind(app):
    # pygame_gui 0.6.14 keeps every removed widget's rectangle; the window's frame drops them.
    import pygame
    from pygame_gui.elements import UIButton
    group = app.manager.get_sprite_group()
    for i in range(40):
        UIButton(pygame.Rect(10, 10, 80, 30), f"b{i}", app.manager).kill()
        app.step(1 / 60)
    assert group.lostsprites == []
