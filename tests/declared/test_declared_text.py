"""A declared game's words: the guide and the rules page come from its declaration, and every line
the game logs reads in one language at a time."""
from __future__ import annotations

import random
import re

import pytest

from tabletop import i18n
from tabletop.engine import Game, load_ruleset
from tabletop.engine.guide import load_guide
from tabletop.engine.msg import Msg, Term

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
EXAMPLES = ["sparkduel", "ramparts"]


@pytest.mark.parametrize("rid", EXAMPLES)
def test_the_guide_is_made_from_the_declaration(rid):
    rs = load_ruleset(rid)
    data, problem = load_guide(rs)
    assert problem is None
    g = Game.new(rid, seed=1)
    kinds = {a.kind for a in g.controller.actions(g.state, g.to_act)}
    for k in kinds | set(g.controller.d.actions):
        verb = data["verbs"][k]
        assert verb["en"] and verb["ja"] and not JAPANESE.search(verb["en"]) and JAPANESE.search(verb["ja"])
    b = data["briefing"]
    for part in ("goal", "win", "lose"):
        assert b[part]["en"] and JAPANESE.search(b[part]["ja"])
    assert len(b["turn"]) == len(g.controller.d.phases)


@pytest.mark.parametrize("rid", EXAMPLES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rules_page_names_every_rule_by_its_id(rid, lang):
    from tabletop.engine import controller_class
    rs = load_ruleset(rid)
    page = controller_class("declared").rules_page(rs, lang)
    assert page.startswith("# ") and "\n## " in page
    d = Game.new(rid, seed=1).controller.d
    for rule in d.rules:
        bracket = rf" \({re.escape(rule.id)}\)" if lang == "en" else rf"（{re.escape(rule.id)}）"
        assert re.search(rf"^- .+{bracket}$", page, re.M), f"{rule.id} has no line"
    heads = re.findall(r"^## (.+)$", page, re.M)
    assert heads == (["Overview", "Components", "Setting up", "The turn", "Attacking", "How to win", "Keywords",
                      "Good to know"] if lang == "en" else
                     ["概要", "用意するもの", "準備", "ターンの流れ", "攻撃", "勝敗", "用語", "知っておきたいこと"])
    if lang == "en":
        assert not JAPANESE.search(page.replace(rs.name, ""))


def _blank(m):
    if isinstance(m, Msg):
        return Msg(m.text, tuple((k, _blank(v)) for k, v in m.args))
    if isinstance(m, Term):
        return "CARD" if m.card else m
    if isinstance(m, tuple):
        return tuple(_blank(x) for x in m)
    return m


@pytest.mark.parametrize("rid", EXAMPLES)
def test_every_line_logged_reads_in_one_language(rid):
    i18n.reload()
    g = Game.new(rid, seed=5)
    rng = random.Random(5)
    while g.outcome() is None and len(g.actions) < 300:
        g.apply(rng.choice(g.legal_actions()))
    lines = [t for e in g.state.log for t in (e.text, *e.private.values()) if isinstance(t, Msg)]
    assert len(lines) > 50
    for m in lines:
        assert not JAPANESE.search(i18n.render(_blank(m), "en")), m
        assert JAPANESE.search(i18n.render(m, "ja")) or not re.search("[a-z]{4}", i18n.render(_blank(m), "ja")), m
    assert not i18n.missing("ja"), sorted(i18n.missing("ja"))


@pytest.mark.parametrize("rid", EXAMPLES)
def test_a_bots_reason_names_evaluation_terms_the_catalogue_translates(rid):
    from tabletop.bots import make_bot
    from tabletop.bots.evaluate import terms
    import yaml
    known = set(yaml.safe_load((i18n.LOCALE_DIR / "ja" / "terms.yaml").read_text(encoding="utf-8")))
    g = Game.new(rid, seed=2)
    bots = [make_bot("random", 0, 2), make_bot("random", 1, 2)]
    seen = set()
    for _ in range(120):
        if g.is_over():
            break
        for p in (0, 1):
            seen |= set(terms(g, p))
        p = g.to_act
        g.apply(bots[p].choose(g.view(p), g.legal_actions(p)))
    assert {"my board", "opponent board"} <= seen
    assert seen - {"win", "loss", "draw"} <= known, sorted(seen - known)


@pytest.mark.parametrize("rid", EXAMPLES)
def test_the_shipped_rules_pages_match_their_declaration(rid):
    """rulesets/<id>/rules.en.md and rules.ja.md are written by `python -m tabletop.declared rules ID`."""
    from tabletop.declared.__main__ import main
    assert main(["rules", rid, "--check"]) == 0, f"run: python -m tabletop.declared rules {rid}"


@pytest.mark.parametrize("rid", EXAMPLES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rules_page_keeps_to_the_rules_windows_markdown_and_the_players_words(rid, lang):
    from test_rules_pages import DEVELOPER_WORDS, NOT_IN_SUBSET
    from tabletop.engine import controller_class
    page = controller_class("declared").rules_page(load_ruleset(rid), lang)
    for what, pattern in {**NOT_IN_SUBSET, **DEVELOPER_WORDS}.items():
        hit = pattern.search(page)
        assert not hit, f"{rid} {lang}: {what}: {page[max(0, hit.start() - 40):hit.end() + 40]!r}"
