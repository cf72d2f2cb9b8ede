"""Senkai's words shared by the rule sections: lanes and their facing (SK-D5), keywords (SK-D10),
zone keys built once (SK-R19) and the ability-window flag (SK-D8)."""
from __future__ import annotations

from tabletop.engine.msg import msg


LANES = ("lane_left", "lane_center", "lane_right")
LANE_POS = {name: i for i, name in enumerate(LANES)}
LANE_WORDS = {"lane_left": msg("the left lane"), "lane_center": msg("the center lane"),
              "lane_right": msg("the right lane")}

# Keywords (SK-D10); an enchantment's keywords are given to its host.
FLYING = "飛翔"      # may attack the player even with an opposing monster in the facing lane
REACH = "長射程"     # may attack an opposing monster in any lane
STEALTH = "隠密"     # may be attacked only from the facing lane
STURDY = "堅牢"      # takes 1 less damage from attacks
COUNTER = "反撃"     # when attacked, deals its AP to the attacker
SIEGE = "破城"       # an attack on the player breaks 2 walls
ANY_COLOR = "万色"   # mana: counts as every colour when paying

PLAY_KINDS = ("monster", "spell", "enchantment")

# Zone keys built once: the hot paths (candidates, checks) would otherwise format them per card.
LANE_KEYS = tuple(tuple(f"{p}.{lane}" for lane in LANES) for p in (0, 1))   # LANE_KEYS[p]
LANE_ZONES = {f"{p}.{lane}": (p, lane) for p in (0, 1) for lane in LANES}   # key -> (owner, lane)
HAND_KEYS = ("0.hand", "1.hand")
MANA_KEYS = ("0.mana", "1.mana")
USE_KEYS = tuple(LANE_KEYS[p] + (MANA_KEYS[p],) for p in (0, 1))              # where abilities are used (SK-R19)
WINDOW = "respond_due"   # key in State.data: the other player may use abilities once this action is done (SK-D8)


def facing(lane: str) -> str:
    """Return the opposing lane facing `lane`: players sit across, so one's left faces the other's right (SK-D5)."""
    return LANES[2 - LANE_POS[lane]]
