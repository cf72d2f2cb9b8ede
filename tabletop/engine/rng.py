"""The game's own seeded random generator: the only source of randomness in a game.

A small pure-Python SplitMix64 so that its whole state is one integer, saved with the game,
and a seed replays the same shuffles and coin flips on every Python version and platform.
"""
from __future__ import annotations

_MASK = (1 << 64) - 1


class Rng:
    """SplitMix64 with unbiased bounded integers; `draws` counts every value taken."""

    __slots__ = ("state", "draws")

    def __init__(self, seed: int = 0, draws: int = 0):
        self.state = seed & _MASK
        self.draws = draws

    def next64(self) -> int:
        """Return the next 64-bit value."""
        self.draws += 1
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return a uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            v = self.next64()
            if v < limit:
                return v % n

    def shuffle(self, items: list) -> None:
        """Shuffle a list in place (Fisher-Yates).

        `below` and `next64` written out inline (the same values, the same draws counted): decks
        are shuffled often enough at set-up and by the bots for the calls to show.
        """
        state, draws = self.state, self.draws
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = (1 << 64) - ((1 << 64) % n)
            while True:
                draws += 1
                state = (state + 0x9E3779B97F4A7C15) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                v = z ^ (z >> 31)
                if v < limit:
                    break
            j = v % n
            items[i], items[j] = items[j], items[i]
        self.state, self.draws = state, draws

    def choice(self, items):
        """Return one element of a non-empty sequence."""
        return items[self.below(len(items))]

    def coin(self) -> bool:
        """Flip a fair coin: True is heads."""
        return self.below(2) == 1

    def to_dict(self) -> dict:
        return {"state": self.state, "draws": self.draws}

    @classmethod
    def from_dict(cls, d: dict) -> "Rng":
        return cls(int(d["state"]), int(d.get("draws", 0)))
