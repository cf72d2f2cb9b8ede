"""fourdeck's words shared by the rule sections: the HP decks (FD-R3), keywords (FD-R9, FD-D1) and
the triggers of card effects."""
from __future__ import annotations

LEVELS = ("lv1", "lv2", "lv3")          # the decks with HP (FD-R3); the spell deck has none
UNBREAKABLE = "不屈"                     # keyword: cannot be destroyed (like the partner, FD-R9)
DOUBLE = "連撃"                          # keyword: may attack twice per turn (card beats FD-D1)
NO_PARTNER = "パートナー不可"              # keyword: may not be chosen as the partner unit
TRIGGERS = ("enter", "destroyed", "attack", "activate", "cast", "start_of_turn")
