"""Check that what a player reads of a game (log, prompts, panels, badges, move words) is in one language."""
import random
import re

from tabletop.engine import Game
from tabletop.engine.msg import Msg, Term
from tabletop.i18n import render

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e]")
# Latin a Japanese line may keep: players, rule ids, the games' own abbreviations.
LATIN_OK = {"P", "HP", "POW", "CT", "MM", "DM", "R", "D"}


def _scrub(v):
    """Replace card names (printed as they are, in any language) by a neutral mark, keeping the rest."""
    if isinstance(v, Msg):
        return Msg(v.text, tuple((k, _scrub(x)) for k, x in v.args))
    if isinstance(v, Term) and v.card:
        return "#"
    if isinstance(v, tuple):
        return tuple(_scrub(x) for x in v)
    return v


def texts_seen(g: Game, viewer: int):
    """Yield every message `viewer` reads now: log lines, prompts, panel words and values, badges, moves."""
    v = g.view(viewer)
    yield from v.log
    for p in v.pending:
        yield p.get("prompt")
    pub = v.public or {}
    for panel in pub.get("players", []):
        for k, x in panel.items():
            yield k
            yield x
    for k, x in (pub.get("shared") or {}).items():
        yield k
        yield x
    for tags in (pub.get("badges") or {}).values():
        yield from tags
    if g.to_act == viewer:
        for a in g.legal_actions(viewer):
            yield g.describe(a, viewer)
        # Every shape a drag may mean, legal or not: the refusals a player reads.
        for a in g.controller.drop_candidates(g.state, viewer)[:60]:
            yield g.why_not(a)


def other_language(text, lang: str) -> str | None:
    """Return what in `text` (a Msg, a Term or a str) rendered in `lang` belongs to the other language."""
    if not isinstance(text, (str, Msg)):
        return None
    out = render(_scrub(text), lang)
    if lang == "en":
        return out if JAPANESE.search(out) else None
    words = set(re.findall(r"[A-Za-z]+", out)) - LATIN_OK
    return out if words else None


def check_games(rid: str, seeds=range(3), steps=80):
    """Play random games and return the lines shown in the other language (empty when all is well)."""
    bad = []
    for seed in seeds:
        g = Game.new(rid, seed=seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if g.is_over():
                break
            for viewer in (0, 1):
                for text in texts_seen(g, viewer):
                    for lang in ("en", "ja"):
                        got = other_language(text, lang)
                        if got:
                            bad.append((lang, got))
            g.apply(rng.choice(g.legal_actions()))
    return sorted(set(bad))
