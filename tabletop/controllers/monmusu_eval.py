"""What the bots know of monmusu beyond its rules (its evaluation is registered by the controller,
tabletop/controllers/monmusu.py: the generic HP, board and hand terms plus payable spells).

- SEARCH_HORIZON = 2: the search must see the opponent's next turn — battles are answered there —
  before it judges a move. At 0.2 s a move, 20 seeded games against greedy: rollouts to the end of
  the opponent's turn won 12, to the end of the bot's own turn 6 (see tabletop/bots/search.py).
- SEARCH_SCALE = 200: the evaluation counts HP twice a point (400 each at the start), so a rollout's
  end is "clearly better" by a hundred HP or so, not by the search's default 8 points — with 8 every
  rollout that ends a few HP ahead scored as a win, and candidates differed only in who was ahead.
"""
from __future__ import annotations

SEARCH_HORIZON = 2
SEARCH_SCALE = 200.0
