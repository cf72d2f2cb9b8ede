"""The constants danmaku's modules share: the zones of cards with HP (DM-R10), player names."""
from __future__ import annotations

from tabletop.engine.controller import player_name


FIELD = ("main", "familiars")          # the zones of cards with HP
PN = player_name
