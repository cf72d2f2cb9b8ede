"""The behaviour digest used to show a speed-only change alters nothing (tabletop/bench/digest.py)."""
from tabletop.bench.digest import digest
from tabletop.engine import Game


def test_digest_is_reproducible():
    assert digest("tiny", 5) == digest("tiny", 5)


def test_digest_notices_legal_actions_listed_in_another_order(monkeypatch):
    played, before = digest("tiny", 5)
    ctl_cls = type(Game.new("tiny", seed=0).controller)
    original = ctl_cls.legal
    monkeypatch.setattr(ctl_cls, "legal", lambda self, s, cands: original(self, s, cands)[::-1])
    assert digest("tiny", 5)[1] != before
