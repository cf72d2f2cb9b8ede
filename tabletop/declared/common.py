"""The words and keys every part of the declared controller shares: the keys it keeps in the state and
on cards, and a refusal or log line naming the declared rule it enforces.
"""
from __future__ import annotations

from tabletop.engine.msg import msg

N_ = str   # marks a message key for the catalogue scan (tabletop.i18n_scan); rendered in `check`
STEP = "step"            # key in State.data: the index of the next automatic step of the current phase
USED = "turn_uses"          # key in State.data: {action name: times used this turn}
DECKED = "decked"        # key in State.data: the player who had to draw from an empty pile (deck_out)
BREACHED = "breached"    # key in State.data: the player hit with the zone of a `breached` condition empty
ENTERED = "entered"      # card flag: the turn the card entered play (summoning sickness)
ACTIVATED = "activated"  # card flag: the turn its ability was last used (once per turn)


def _rule(text, rule):
    """A refusal or log line ending in the declared rule's id: "it costs 3 (R4)"."""
    return msg("{text} ({rule})", text=text, rule=rule)


def _said(why):
    """Return a check's answer in words: a (rule id, text, fields) refusal becomes its message."""
    if isinstance(why, tuple):
        rule, text, fields = why
        return _rule(msg(text, **fields), rule)
    return why
