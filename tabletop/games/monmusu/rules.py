"""The board and words monmusu's rules share: slots and zone keys (MM-R2, MM-D1), roles, trigger
moments (MM-R39), phases.
"""
from __future__ import annotations

from tabletop.engine.controller import player_name
from tabletop.engine.msg import msg

MAINS = ("main1", "main2", "main3", "main4")
SUBS = ("sub1", "sub2", "sub3", "sub4")
SLOTS = MAINS + SUBS
SLOT_SET = frozenset(SLOTS)
# Zone keys built once (the hot paths would otherwise format "0.sub1" again and again).
SLOT_KEYS = tuple(tuple(f"{p}.{z}" for z in SLOTS) for p in (0, 1))    # SLOT_KEYS[p][i] is p's SLOTS[i]
MAIN_KEYS = tuple(tuple(f"{p}.{z}" for z in MAINS) for p in (0, 1))
SUB_KEYS = tuple(tuple(f"{p}.{z}" for z in SUBS) for p in (0, 1))
SLOT_OF_KEY = {f"{p}.{z}": z for p in (0, 1) for z in SLOTS}            # "0.sub1" -> "sub1"
MANA_KEYS = ("0.mana", "1.mana")
HAND_KEYS = ("0.hand", "1.hand")
DECK_KEYS = ("0.deck", "1.deck")
# The spaces a normal summon may use, front (sub) row first: the whole battle zone (MM-D1).
SUMMON_KEYS = tuple(SUB_KEYS[p] + MAIN_KEYS[p] for p in (0, 1))
COLUMN = {z: int(z[-1]) for z in SLOTS}
ZONE_GROUPS = {"battle": SLOTS, "subs": SUBS, "mains": MAINS}
ROLES = ("user", "attacker", "defender", "foe")
BATTLE_TRIGGERS = frozenset({"attacked", "before_battle", "during_battle", "before_destroyed",
                             "after_battle", "after_win"})
# The moments of [誘発] skills in the card texts' words (a message each: rendered in the reader's language).
TRIGGER_WORDS = {
    "summoned": msg("after it is summoned"), "awakened": msg("after it awakens"),
    "attacked": msg("when it is attacked"), "before_battle": msg("before battle"),
    "during_battle": msg("during battle"), "before_destroyed": msg("before it is destroyed"),
    "after_battle": msg("after battle"), "after_win": msg("after winning an attack"),
    "destroyed": msg("after it is destroyed"), "end_phase": msg("in the end phase"),
}
PHASE_ACTIONS = {"charge", "home", "cast"}

_p = player_name        # a player in a message: "P1", "P2"
