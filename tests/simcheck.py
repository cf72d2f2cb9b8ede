"""The shared random-simulation check, run over every registered ruleset (after OpenSpiel's
random_sim_test): seeded games of random legal play with the engine's invariants checked after
every action. Ruleset tests call `play_random_game` too."""
from __future__ import annotations

import json
import random

from tabletop.engine import Action, Game, IllegalAction
from tabletop.engine.saves import game_to_json
from tabletop.engine.state import split_key
from tabletop.engine.msg import Msg


def check_cards_conserved(g: Game, expected: set[int]) -> None:
    """Every card is in exactly one place, and its `zone`/`host` say where."""
    s = g.state
    seen = []
    for key, uids in s.zones.items():
        for u in uids:
            c = s.cards[u]
            assert c.zone == key, f"card {u} listed in {key} but says {c.zone}"
            assert c.host is None, f"card {u} in {key} also has host {c.host}"
            seen.append(u)
            stack = list(c.attached)
            while stack:
                a = stack.pop()
                ca = s.cards[a]
                assert ca.host is not None and a in s.cards[ca.host].attached, f"attached card {a} lost its host"
                assert ca.zone == key, f"attached card {a} says {ca.zone}, its host is in {key}"
                seen.append(a)
                stack.extend(ca.attached)
    assert len(seen) == len(set(seen)), "a card is in two places"
    # A card that goes out of someone's sight gets a fresh id (Controller.settle_hidden): the ids
    # change, their number does not, and every id listed is a card of the state.
    assert set(seen) == set(s.cards), f"cards lost or created: {set(seen) ^ set(s.cards)}"
    assert len(seen) == len(expected), f"{len(seen)} cards, the game began with {len(expected)}"


def check_views_hide(g: Game) -> None:
    """No view holds the identity of a card its viewer may not see, or the other player's private log."""
    s, ctl = g.state, g.controller
    for p in (0, 1):
        v = g.view(p)
        for key, cards in v.zones.items():
            stack = list(cards)
            while stack:
                cv = stack.pop()
                stack.extend(cv.attached)
                if cv.uid is None:
                    assert cv.cid is None, f"P{p + 1}'s view names a card without id in {key}"
                    continue
                real = s.cards[cv.uid]
                if not ctl.visible(s, real, p):
                    assert cv.cid is None, f"P{p + 1} sees hidden card {cv.uid} ({real.cid}) in {key}"
                    assert not cv.flags, f"P{p + 1} sees flags of hidden card {cv.uid}"
                else:
                    assert cv.cid == real.cid
        spec_hidden = {k for k in v.zones if not g.ruleset.zones[split_key(k)[1]].addressable}
        for k in spec_hidden:
            for cv in v.zones[k]:
                if cv.cid is None:
                    assert cv.uid is None, f"P{p + 1} can follow hidden card {cv.uid} in pile {k}"
        tail = s.log[-len(v.log):] if v.log else []
        for e, line in zip(tail, v.log):
            for q, text in e.private.items():
                if q != p:
                    assert line == e.text_for(p) and (p in e.private or line == e.text), \
                        f"P{p + 1} reads P{q + 1}'s private log line: {text}"
        if v.to_act == p:
            for a in g.legal_actions(p):
                for k, val in a.args:
                    for u in (val if isinstance(val, tuple) else (val,)):
                        if isinstance(u, int) and not isinstance(u, bool) and u in s.cards and k in (
                                "card", "target", "cards", "attacker", "blocker", "host"):
                            assert u in v.cards, f"P{p + 1}'s action {a} names card {u} that is not in their view"


def check_legal_is_the_checks_verdict(g: Game) -> None:
    """The legal list is exactly the action shapes `drop_candidates` lists whose check passes, in
    their order: what a controller leaves out of `actions` ("skip:") is refused by its check, and
    what it lists as legal without asking (its `exact` kinds) the check passes."""
    s, ctl = g.state, g.controller
    p = ctl.to_act(s)
    verdict = [a for a in ctl.drop_candidates(s, p) if ctl.check(s, a) is None]
    legal = g.legal_actions()
    assert legal == verdict, (
        f"legal actions and the checks disagree: listed but refused {[str(a) for a in legal if a not in verdict]}, "
        f"passed but not listed {[str(a) for a in verdict if a not in legal]}")


def check_save_roundtrip(g: Game) -> None:
    d = json.loads(game_to_json(g))
    g2 = Game.from_dict(d)
    assert g2.state.to_dict() == g.state.to_dict(), "save -> load changed the state"


def illegal_samples(g: Game, rng: random.Random, legal: list[Action]) -> list[Action]:
    """Return actions that are probably illegal: the other player's, mutated arguments, unknown kinds."""
    s = g.state
    out = [Action.make("no_such_action", g.to_act)]
    other = 1 - g.to_act
    out += rng.sample(g.controller.actions(s, other), min(3, len(g.controller.actions(s, other))))
    uids = sorted(s.cards)
    for a in rng.sample(legal, min(4, len(legal))):
        for k, v in a.args:
            if isinstance(v, int) and not isinstance(v, bool):
                out.append(a.with_args(**{k: rng.choice(uids + [0, -1, 999999])}))
        if a.args:
            k = a.args[0][0]
            out.append(Action.make(a.kind, a.player, **{x: y for x, y in a.args if x != k}))
    return out


def play_random_game(ruleset_id: str, seed: int, max_actions: int = 3000, full: bool = True,
                     options: dict | None = None) -> Game:
    """Play one seeded random game, checking every invariant after every action when `full`."""
    rng = random.Random(seed)
    g = Game.new(ruleset_id, seed=seed, options=options)
    cards = set(g.state.cards)
    n = 0
    while not g.is_over():
        legal = g.legal_actions()
        assert legal, f"{ruleset_id} seed {seed}: stuck after {n} actions (no legal action, no outcome)"
        assert g.legal_actions() == legal, "legal_actions is not deterministic"
        if full:
            check_legal_is_the_checks_verdict(g)
            legal_set = set(legal)
            before = g.state.to_dict()
            for a in illegal_samples(g, rng, legal):
                reason = g.why_not(a)
                if reason is None:
                    assert a in legal_set, f"why_not passes {a} but it is not a legal action"
                    continue
                assert isinstance(reason, (str, Msg)) and reason
                try:
                    g.apply(a)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"illegal {a} was applied ({reason})")
                assert g.state.to_dict() == before, f"refusing {a} changed the state"
            for a in (legal if len(legal) <= 12 else rng.sample(legal, 12)):
                assert g.why_not(a) is None, f"listed legal action {a} is refused: {g.why_not(a)}"
                g.clone().apply(a)
        a = rng.choice(legal)
        assert Action.parse(str(a)) == a, f"{a} does not parse back"
        g.apply(a)
        n += 1
        if full:
            check_cards_conserved(g, cards)
            check_views_hide(g)
            if n % 25 == 0:
                check_save_roundtrip(g)
        assert n < max_actions, f"{ruleset_id} seed {seed}: no end after {max_actions} actions"
    check_cards_conserved(g, cards)
    check_save_roundtrip(g)
    replay = Game.new(ruleset_id, seed=seed, options=options)
    for text in g.actions:
        replay.replay_one(text)
    assert replay.state.to_dict() == g.state.to_dict(), "replaying the log gave another state"
    return g
