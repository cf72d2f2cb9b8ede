"""Shared helpers of the bot tests: a spy that checks every input a bot receives."""
from __future__ import annotations

from tabletop.engine import controller_class, load_ruleset, ruleset_ids


def game_rulesets() -> list[str]:
    """Return every ruleset found that has a game to play: all but the free-form sandbox, and
    only those whose controller is there (a ruleset's data can land before its controller)."""
    out = []
    for r in ruleset_ids():
        if r == "sandbox":
            continue
        try:
            if controller_class(load_ruleset(r).controller, missing_ok=True) is not None:
                out.append(r)
        except Exception:  # noqa: BLE001 - data still being written: the ruleset's own tests report it
            continue
    return out


class Spy:
    """Wrap a bot: before each choice, check its view hides what its player may not see; after, that it chose legally."""

    def __init__(self, bot, game):
        self.bot, self.game = bot, game
        self.choices = 0
        self.hidden_seen = 0       # hidden cards the bot was shown as hidden (proves the check ran on something)

    def __getattr__(self, name):
        return getattr(self.bot, name)

    def choose(self, view, legal):
        g = self.game
        s, ctl, p = g.state, g.controller, self.bot.player
        assert view.viewer == p, f"P{p + 1}'s bot was given P{view.viewer + 1}'s view"
        for key, cards in view.zones.items():
            stack = list(cards)
            while stack:
                cv = stack.pop()
                stack.extend(cv.attached)
                if cv.cid is None:
                    self.hidden_seen += 1
                    assert not cv.flags, f"hidden card in {key} carries flags"
                    continue
                assert cv.uid is not None, f"an identity without a card id in {key}"
                real = s.cards[cv.uid]
                assert ctl.visible(s, real, p), \
                    f"P{p + 1}'s bot was shown hidden card {cv.uid} ({real.cid}) in {key}"
                assert cv.cid == real.cid
        assert legal == g.legal_actions(p)
        a = self.bot.choose(view, legal)
        assert a in legal, f"{self.bot.name} bot chose illegal {a}"
        self.choices += 1
        return a


def seats_alternated(ruleset: str, bot: str, other: str, seed: int, per_seat: int, rounds=None) -> tuple[int, int]:
    """Play `per_seat` seeded games with `bot` at P1, then as many at P2; return (bot's wins, decided games).

    A game that ends in an error fails the calling test.
    """
    from tabletop.sim import Job, play_game

    wins = decided = 0
    for seat in (0, 1):
        bots = (bot, other) if seat == 0 else (other, bot)
        job = Job(ruleset, bots, seed=seed, rounds=rounds)
        for i in range(per_seat):
            rec = play_game(job, i)
            assert rec["error"] is None, rec["error"]
            if rec["winner"] is not None:
                decided += 1
                wins += rec["winner"] == seat
    return wins, decided
