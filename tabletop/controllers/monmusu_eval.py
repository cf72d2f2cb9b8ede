"""What the bots know of monmusu beyond its rules: the generic evaluation fits (its HP is `hp`), but
the search must see the opponent's next turn — battles are answered there — before it judges a move.

Measured at 0.2 s a move, 20 seeded games against greedy: rollouts to the end of the opponent's
turn won 12, to the end of the bot's own turn 6. See tabletop/bots/search.py.

The evaluation counts HP twice a point (400 each at the start), so a position is "clearly better"
by a hundred HP or so, not by the search's default handful of points: SEARCH_SCALE says so.
"""
from __future__ import annotations

SEARCH_HORIZON = 2
SEARCH_SCALE = 200.0
