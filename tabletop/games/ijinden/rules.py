"""Ijinden's words and shared constants: keywords as printed (IJ-R26..R32) and zone keys."""
from __future__ import annotations

import re


SWIFT = "即応"
DOUBLE = "ダブルプレッシャー"
UNBLOCKABLE = "ブロックされない"
UNDERWORLD = "冥府発動"
BONUS = re.compile(r"^(パワー|アタック|ブロック)\+(\d+)$")   # パワー+1000, アタック+2000, ブロック+1000
BONUS_ROLE = {"パワー": None, "アタック": "attack", "ブロック": "block"}
FIELD = ("battlefield", "guardians")   # both rows are the battlefield (戦場) for every rule
HAND_KINDS = {"ijin": "summon", "haikei": "play_haikei", "maryoku": "place", "mahou": "cast"}
HAND_KEY = ("0.hand", "1.hand")
# Zone keys by player and name ("0.mana"), built once: the per-move paths look them up, not format them.
KEYS = tuple({z: f"{p}.{z}" for z in ("deck", "hand", "mana", "battlefield", "guardians", "graveyard")}
             for p in (0, 1))
