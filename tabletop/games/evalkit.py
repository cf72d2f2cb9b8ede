"""Pieces the rulesets' bot evaluations (`games/<id>/bot.py`) share."""
from __future__ import annotations


def once_per_name(game, acts, kinds) -> list:
    """Return `acts` with each move of a kind in `kinds` kept once per (kind, card name): two copies of a
    card in hand are one move to search (the first stands for both); every other move is kept."""
    cards = game.state.cards
    seen = set()
    out = []
    for a in acts:
        if a.kind in kinds:
            key = (a.kind, cards[a["card"]].cid)
            if key in seen:
                continue
            seen.add(key)
        out.append(a)
    return out


def keep_top(game, zone: str, n: int) -> None:
    """Cut a pile of a search's sampled game to its top `n` cards, forgetting the cards cut (a rollout
    that reaches no deeper copies a smaller game again and again)."""
    s = game.state
    pile = s.zones[zone]
    if len(pile) > n:
        for u in pile[:-n]:
            del s.cards[u]
        del pile[:-n]
