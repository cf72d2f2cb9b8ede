"""The table's danger badge (issue 30): a player's panel warns while one hit decides the game for them.

The warning comes from the game's own win conditions, its `danger(game, seat)` hook in
`tabletop/games/<id>/bot.py` (read through `tabletop.bots.explain.danger`): no walls left, HP within
one attack, the opponent's last side card, a field one push from rebellion, too few blockers. The
panel shows one short line with the rule ids; the whole sentence goes to the status line when the
warning first shows.
"""
from __future__ import annotations

import re

from ..scene import html_escape

RULE_ID = re.compile(r"\b[A-Z]{2}-[RD]\d+\b")


def danger_html(scene, p: int, said: dict) -> str:
    """Return the danger badge of player p's panel, or ''; `said` remembers the warning last said
    per player, so each is said in the status line once."""
    from tabletop.bots.explain import danger     # the game's bot module, read when a table first asks
    d = danger(scene.game, p)
    if d is None:
        said.pop(p, None)
        return ""
    words = scene.app.words
    if said.get(p) != str(d):
        said[p] = str(d)
        scene.say(d)
    rules = ", ".join(dict.fromkeys(RULE_ID.findall(str(d))))
    badge = words("One hit decides the game")
    if rules:
        badge = words("{what} ({rules})", what=badge, rules=rules)
    return f"<font color=#ff6b6b><b>⚠ {html_escape(badge)}</b></font><br>"
