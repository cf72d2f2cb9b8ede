"""Bots say why (a reason per move naming a card, a rule or the phase), the hint changes nothing and
is the normal bot's move, and the levels differ in a way a player can feel."""
import re

import pytest

from botcheck import game_rulesets
from tabletop.bots import LEVELS, BOT_LEVELS, make_bot
from tabletop.bots.hint import hint, hint_seed, useful
from tabletop.engine import Game
from tabletop.engine.msg import Msg
from tabletop.sim import Job, play_game

RULESETS = game_rulesets()
RULE_ID = re.compile(r"\b[A-Z]{2}-[RD]\d+\b")


def names_something(game, reason: str) -> bool:
    """Return whether a reason names a card of the ruleset, a rule id, or a phase of the game (one of
    the ruleset's, or the one it is in, such as setup)."""
    rs = game.ruleset
    if f"{game.state.phase} phase" in reason:
        return True
    if RULE_ID.search(reason):
        return True
    if any(d.name in reason for d in rs.cards.values()):
        return True
    phases = [str(p.get("label_en") or p.get("id")) for p in rs.phases] + [str(p.get("id")) for p in rs.phases]
    return any(re.sub(r" phase$", "", ph, flags=re.I) in reason for ph in phases if ph)


def secret_names(game, player):
    """Return the names of the cards in `player`'s hand that the opponent sees nowhere in the game."""
    s, ctl, rs = game.state, game.controller, game.ruleset
    public = {rs.cards[c.cid].name for c in s.cards.values() if ctl.visible(s, c, 1 - player)}
    return {rs.cards[c.cid].name for c in s.cards.values() if c.zone == f"{player}.hand"} - public


@pytest.mark.parametrize("ruleset_id", RULESETS)
@pytest.mark.parametrize("bot", ["casual", "greedy", "search"])
def test_every_bot_move_has_a_one_line_reason_naming_a_card_a_rule_or_the_phase(ruleset_id, bot):
    g = Game.new(ruleset_id, seed=4)
    bots = [make_bot(bot, p, 4, rounds=1) for p in (0, 1)]
    for b in bots:
        if b.name == "search":   # the same search, shallower: the default suite stays fast
            b.width, b.horizon, b.max_plies = 3, 1, 6
    kinds = {}
    for _ in range(40 if bot == "search" else 70):
        if g.is_over():
            break
        p = g.to_act
        legal = g.legal_actions()
        a = bots[p].choose(g.view(p), legal)
        r = bots[p].last_reason
        assert isinstance(r, Msg)
        text = str(r)
        assert text and "\n" not in text, f"{a}: empty or multi-line reason {text!r}"
        assert names_something(g, text), f"{ruleset_id} {bot}: reason {text!r} for {a} names no card, rule or phase"
        # The opponent reads it: it names no card that is only in the bot's hand now and stays there.
        g2 = g.clone()
        g2.apply(a)
        leaked = [n for n in secret_names(g2, p) if n in text]
        assert not leaked, f"{ruleset_id} {bot}: reason {text!r} names {leaked} from P{p + 1}'s hand"
        kinds.setdefault(a.kind, text)
        g = g2
    assert len(kinds) >= 3, f"too few kinds of move seen: {kinds}"
    assert any(is_end_kind for is_end_kind in (k in ("end_turn", "end_phase", "end", "pass") for k in kinds)), kinds


def test_the_per_move_log_of_simulate_out_holds_each_move_and_its_reason():
    rec = play_game(Job("fourdeck", ("greedy", "casual"), seed=2, keep_log=True, max_actions=2000), 0)
    assert rec["error"] is None
    assert len(rec["moves"]) == rec["actions"]
    assert all(m["reason"] and m["move"] and m["player"] in (1, 2) for m in rec["moves"])
    assert rec["moves"][0]["action"].startswith("p")
    plain = play_game(Job("fourdeck", ("greedy", "casual"), seed=2, max_actions=2000), 0)
    assert "moves" not in plain and plain["winner"] == rec["winner"]   # logging changes no choice


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_hint_is_the_normal_bots_move_and_changes_nothing(ruleset_id):
    g = Game.new(ruleset_id, seed=9)
    rng_moves = make_bot("random", 0, 9), make_bot("random", 1, 9)
    checked = 0
    for i in range(60):
        if g.is_over():
            break
        p = g.to_act
        if i % 7 == 3:
            before = (g.state.to_dict(), list(g.actions), g.state.rng.state, g.state.rng.draws)
            action, reason = hint(g, p)
            after = (g.state.to_dict(), list(g.actions), g.state.rng.state, g.state.rng.draws)
            assert before == after, "asking for a hint changed the game"
            normal = make_bot(BOT_LEVELS["normal"], p, hint_seed(g))
            assert action == normal.choose(g.view(p), useful(g, g.legal_actions(p)))
            assert action in g.legal_actions(p) and str(reason)
            assert hint(g, p) == (action, reason)         # asking twice: the same answer
            checked += 1
        g.apply(rng_moves[p].choose(g.view(p), g.legal_actions()))
    assert checked >= 3
    if not g.is_over():
        assert hint(g, 1 - g.to_act)[0] is None or g.legal_actions(1 - g.to_act)


def test_a_hint_may_name_the_players_own_hand():
    g = Game.new("senkai", seed=5)
    bot = make_bot("normal", g.to_act, 5)
    bot.hint_for = g.to_act
    assert bot.reader == g.to_act and make_bot("normal", 0, 5).reader == 1


def test_every_level_has_a_one_line_description_message():
    assert set(LEVELS) == set(BOT_LEVELS) == {"easy", "normal", "hard"}
    for _level, m in LEVELS.items():
        assert isinstance(m, Msg) and str(m) and "\n" not in str(m)
    assert len({str(m) for m in LEVELS.values()}) == 3


def test_easy_makes_small_mistakes_not_random_ones():
    """Easy sometimes plays a worse move than the best one greedy sees (it makes mistakes), but its
    moves cost far less than uniformly random ones: measured as regret, the best score minus the
    chosen move's score in one fixed guess of the hidden cards, over one game's decisions."""
    import random

    from tabletop.bots.determinize import game_from_view
    from tabletop.bots.greedy import score_actions

    g = Game.new("senkai", seed=6)
    easy, rnd, other = make_bot("easy", 0, 6), make_bot("random", 0, 6), make_bot("normal", 1, 6)
    regret = {"easy": [], "random": []}
    for _ in range(150):
        if g.is_over():
            break
        p = g.to_act
        legal = g.legal_actions()
        if p == 0:
            v = g.view(0)
            a = easy.choose(v, legal)
            if len(legal) > 2:
                scores = {e[1]: e[0] for e in score_actions(game_from_view(v, random.Random(1)), legal, 0)}
                best = max(scores.values())
                regret["easy"].append(best - scores.get(a, best))
                regret["random"].append(best - scores.get(rnd.choose(v, legal), best))
        else:
            a = other.choose(g.view(1), legal)
        g.apply(a)
    n = len(regret["easy"])
    assert n >= 15
    mistakes = sum(r > 0.05 for r in regret["easy"])
    assert mistakes >= 1, "easy never played below the best move"
    assert sum(regret["easy"]) < 0.4 * sum(regret["random"]), regret
