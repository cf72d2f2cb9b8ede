"""Hidden information stays hidden on every channel a player sees (issue 19).

- deck lists are private: a view holds the viewer's own list, the opponent's only under the game
  option `open_decklists`; the bots' determinizer guesses from the card pool, never the hidden list;
- a card that goes where a player who saw it may no longer look gets a fresh id, so the id they
  knew it by never turns up on a card they cannot see (fuzzed over random games of every ruleset,
  ijinden matches included);
- descriptions, reasons, prompts, status facts and the view answer the same whatever the cards
  hidden from them are, among cards of one back design (a card's back is public: engine/backs.py),
  fuzzed the same way for both seats; the log, the view and the description of a move never name a
  card that stays hidden from the reader;
- so do `describe` and `why_not` of any action text, legal or not, of either player, naming cards
  hidden from the reader (issue 33).
"""
from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from tabletop.bots.determinize import determinize
from tabletop.engine import Action, Game, controller_class, load_ruleset, ruleset_ids
from tabletop.engine.saves import game_to_json
from tabletop.engine.state import split_key

# Every ruleset with a game to play and its controller in place (the free-form sandbox has none).
RULESETS = [r for r in ruleset_ids() if r != "sandbox"
            and controller_class(load_ruleset(r).controller, missing_ok=True) is not None]
# Every option that changes what is hidden or when cards move (ijinden's match moves every card
# back into the decks between games, and its side deck swaps cards in and out).
OPTIONS = {"ijinden": {"match": True, "side_deck": True, "mulligan": True}}


def _options(rid, **more):
    return {**OPTIONS.get(rid, {}), **more}


def _random_game(rid, seed, moves, options=None):
    g = Game.new(rid, seed=seed, options=options if options is not None else _options(rid))
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over():
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


# --- deck lists -----------------------------------------------------------------------------------
@pytest.mark.parametrize("rid", RULESETS)
def test_hidden_info_views_hold_the_viewers_own_deck_list_only(rid):
    g = Game.new(rid, seed=3)
    full = g.deck_lists()
    assert full[0] and full[1]
    for p in (0, 1):
        v = g.view(p)
        assert v.decks[p] == full[p]
        assert v.decks[1 - p] == {}
        assert v.to_dict()["decks"][1 - p] == {}


def test_hidden_info_open_decklists_is_a_game_option_kept_by_saves(tmp_path):
    from tabletop.engine import load_ruleset
    from tabletop.ui.app import parse_options    # the --option parser of the command line
    rs = load_ruleset("senkai")
    assert rs.options["open_decklists"]["default"] is False
    opts = parse_options(rs, ["open_decklists=true"])
    g = Game.new("senkai", seed=3, options=opts)
    assert g.view(0).decks == g.deck_lists() and g.view(1).decks == g.deck_lists()
    g2 = Game.from_dict(json.loads(game_to_json(g)))
    assert g2.options["open_decklists"] is True and g2.view(0).decks[1] == g.deck_lists()[1]
    # An older save without the option keeps the lists private.
    d = json.loads(game_to_json(Game.new("senkai", seed=3)))
    d["options"].pop("open_decklists")
    assert Game.from_dict(d).view(0).decks[1] == {}


def test_fd_r7_a_player_knows_their_own_deck_list_but_not_their_piles():
    # 自分のスペル以外の山札を見ることはできません: the list a player built is theirs to know; the face-down
    # level decks (which cards are left, their order) are not.
    g = Game.new("fourdeck", seed=5)
    for p in (0, 1):
        v = g.view(p)
        assert sum(v.decks[p].values()) == sum(1 for c in g.state.cards.values() if c.owner == p)
        for lv in ("lv1", "lv2", "lv3"):
            assert all(c.cid is None and c.uid is None for c in v.zone(p, lv))
        assert all(c.cid is not None for c in v.zone(p, "spell"))


# --- the determinizer -------------------------------------------------------------------------------
def _hidden_from(g, p):
    s, ctl = g.state, g.controller
    return [c for c in s.cards.values() if not ctl.visible(s, c, p)]


@pytest.mark.parametrize("rid", RULESETS)
def test_hidden_info_determinization_holds_no_card_outside_its_players_knowledge(rid):
    g = _random_game(rid, 11, 15)
    p = g.to_act if g.to_act is not None else 0
    v = g.view(p)
    seen = {cv.cid for cv in v.cards.values() if cv.cid} | {cv.cid for k in v.zones for cv in v.zones[k] if cv.cid}
    pool = set(g.ruleset.cards)
    # The opponent's hidden cards become cards of a deck nobody may know: the view is the same, so
    # the guess is the same card for card (a guess made from the hidden list would change).
    g2 = g.clone()
    rng = random.Random(1)
    backs = g.ruleset.back_ids()
    for c in _hidden_from(g2, p):
        if c.owner == 1 - p:     # a card of the same back: the back is public (engine/backs.py)
            same_place = [x for x in pool if _fits(g, x, c.zone) and backs.get(x) == backs.get(c.cid)]
            c.cid = rng.choice(same_place)
    assert g2.view(p).to_dict() == v.to_dict()
    for seed in range(5):
        d1, d2 = determinize(v, random.Random(seed)), determinize(g2.view(p), random.Random(seed))
        assert d1.to_dict() == d2.to_dict()
        for c in d1.cards.values():
            assert c.cid in pool or c.cid in seen
            if c.owner == 1 - p and not g.ruleset.zones[split_key(c.zone)[1]].addressable:
                assert _fits(g, c.cid, c.zone), f"{c.cid} cannot lie in {c.zone}"


def _fits(g, cid, zone):
    """Return whether a deck may hold `cid` in the section dealt to `zone` (any section elsewhere)."""
    rs = g.ruleset
    name = split_key(zone)[1]
    card = rs.cards[cid]
    for sec, spec in rs.deck.items():
        if spec.get("zone") == name:
            if spec.get("kinds") and card.kind not in spec["kinds"]:
                return False
            if card.side_only and sec != "side":
                return False
            return all(card.get(f) == w for f, w in (spec.get("where") or {}).items()) \
                or card.get("deck_section") == sec
    return not card.side_only or name == "side"


def test_hidden_info_determinization_follows_the_starter_prior_and_open_lists():
    g = Game.new("ijinden", seed=4)
    v = g.view(0)
    counts = Counter()
    for seed in range(20):
        d = determinize(v, random.Random(seed))
        counts.update(c.cid for c in d.cards.values() if c.owner == 1)
    starters = {cid for name in g.ruleset.starter_decks for sec in g.ruleset.decks[name].sections.values()
                for cid, _, _ in sec}
    in_starters = sum(n for cid, n in counts.items() if cid in starters)
    assert in_starters > 0.6 * sum(counts.values()), "the starter decks weigh the guess"
    assert any(cid not in set(g.deck_lists()[1]) for cid in counts), "the guess is not the hidden list"
    # Open deck lists: the guess is drawn from the opponent's real list.
    g = Game.new("ijinden", seed=4, options={"open_decklists": True})
    d = determinize(g.view(0), random.Random(1))
    assert Counter(c.cid for c in d.cards.values() if c.owner == 1) == Counter(g.deck_lists()[1])


# --- ids that follow a card ---------------------------------------------------------------------------
def _follow_ids(g, known, where=""):
    """Record every (id -> identity) each viewer is shown; fail when a hidden card carries a known id."""
    for p in (0, 1):
        v = g.view(p)
        for uid, cv in v.cards.items():
            if cv.cid is None:
                assert uid not in known[p], (f"{where}P{p + 1} cannot see card {uid} in {cv.zone} but knows "
                                             f"its id as {known[p][uid]}")
            else:
                assert known[p].setdefault(uid, cv.cid) == cv.cid, f"{where}id {uid} changed identity"


def _fuzz_ids(rid, seeds, moves):
    for seed in seeds:
        g = Game.new(rid, seed=seed, options=_options(rid))
        known = [{}, {}]
        _follow_ids(g, known, f"{rid} seed {seed} setup: ")
        rng = random.Random(seed)
        for n in range(moves):
            if g.is_over():
                break
            g.apply(rng.choice(g.legal_actions()))
            _follow_ids(g, known, f"{rid} seed {seed} action {n + 1} ({g.actions[-1]}): ")


@pytest.mark.parametrize("rid", RULESETS)
def test_hidden_info_no_id_follows_a_card_out_of_sight(rid):
    _fuzz_ids(rid, range(3), 400)


@pytest.mark.slow
@pytest.mark.parametrize("rid", RULESETS)
def test_hidden_info_no_id_follows_a_card_out_of_sight_many_games(rid):
    _fuzz_ids(rid, range(100, 160), 3000)


def test_ij_r34_game_two_of_a_match_deals_every_card_a_fresh_id():
    # 表面を見てはいけません: in game 2 a player must not tell their face-down guardians apart by the
    # ids game 1 showed them.
    g = Game.new("ijinden", seed=2, options={"match": True})
    known = [{}, {}]
    rng = random.Random(2)
    game1_ids = set(g.state.cards)
    while g.state.data["match"]["game"] == 1 and not g.is_over():
        _follow_ids(g, known)
        legal = g.legal_actions()
        nxt = [a for a in legal if a.kind == "next_game"]
        g.apply(nxt[0] if nxt else rng.choice(legal))
    assert g.state.data["match"]["game"] == 2
    _follow_ids(g, known)
    assert not game1_ids & set(g.state.cards), "every card of game 2 has an id game 1 never used"
    for p in (0, 1):
        guards = g.state.zones[f"{p}.guardians"]
        assert guards and not any(u in known[p] for u in guards)


def test_hidden_info_a_card_shown_then_set_face_down_gets_a_fresh_id():
    # A card revealed to the opponent (a look at a hand or deck), then set face down where only its
    # owner sees it: the opponent must not recognise it by the id the reveal showed.
    g = Game.new("tiny", seed=2)
    p = g.to_act
    card = g.state.zones[f"{p}.hand"][0]
    cid = g.state.cards[card].cid
    g.controller.reveal_to(g.state, card, 1 - p)
    assert g.view(1 - p).card(card).cid == cid       # the opponent learns id -> identity...
    draws = g.state.rng.draws
    g.apply(Action.make("set", p, card=card, to=f"{p}.traps"))
    assert card not in g.state.cards                 # ...and the one set face down is a new one
    (new,) = g.state.zones[f"{p}.traps"]
    assert g.view(p).card(new).cid == cid and g.view(1 - p).card(new).cid is None
    assert g.state.rng.draws == draws                # renaming draws nothing from the game's generator
    # Set without being shown: nobody lost sight of it, the id stays.
    g2 = Game.new("tiny", seed=2)
    card = g2.state.zones[f"{p}.hand"][0]
    g2.apply(Action.make("set", p, card=card, to=f"{p}.traps"))
    assert g2.state.zones[f"{p}.traps"] == [card]


def test_hidden_info_a_renamed_card_keeps_its_references_and_replays():
    # The rename reaches pending choices and rule data, and a save replays to the same ids.
    g = _random_game("ijinden", 5, 300)
    g2 = Game.from_dict(json.loads(game_to_json(g)))
    assert g2.state.to_dict() == g.state.to_dict()
    s, ctl = g.state, g.controller
    some = sorted(s.cards)[:3]
    s.pending.append({"kind": "x", "player": 0, "prompt": "", "card": some[0], "options": [some[1], 7000]})
    s.data["probe"] = {"attackers": [some[2]], "turn": some[2]}
    mapping = ctl.renumber(s, some)
    assert sorted(mapping) == some and min(mapping.values()) > max(u for u in s.cards if u not in mapping.values())
    assert s.pending[-1]["card"] == mapping[some[0]] and s.pending[-1]["options"] == [mapping[some[1]], 7000]
    assert s.data["probe"] == {"attackers": [mapping[some[2]]], "turn": some[2]}


# --- every channel --------------------------------------------------------------------------------
def _group(g, zone):
    """Return where a hidden card may trade places: its zone, or its row of numbered slots (main1..main4)."""
    owner, name = split_key(zone)
    if g.ruleset.zones[name].kind == "slot":
        name = re.sub(r"\d+$", "", name)
    return owner, name


def _permuted(g, p, rng):
    """Return a copy of `g` in which the cards hidden from `p` trade identities within their places,
    among cards of one back design (whatever their kinds: a back is all `p` sees of them)."""
    g2 = g.clone()
    groups = {}
    backs = g.ruleset.back_ids()
    for c in _hidden_from(g2, p):
        groups.setdefault((c.owner, _group(g2, c.zone), backs.get(c.cid)), []).append(c)
    for cards in groups.values():
        cids = [c.cid for c in cards]
        rng.shuffle(cids)
        for c, cid in zip(cards, cids):
            c.cid = cid
    return g2


def _said(fn, *args):
    try:
        return fn(*args)
    except Exception as e:  # noqa: BLE001 - a question the controller cannot answer must fail alike too
        return f"error {type(e).__name__}"


def _asked(g, p, actions):
    """Return what player `p` can ask the table now: status facts, prompts, and for each action
    its description (and, when `p` is to act, the reason it is refused)."""
    s, ctl = g.state, g.controller
    view = g.view(p)
    out = {"public": repr(ctl.public(s, p)), "data": repr(ctl.view_data(s, p)),
           "pending": repr(view.pending), "view": repr(view.to_dict()["zones"])}
    if s.outcome is None:
        actor = ctl.to_act(s)
        for a in actions:
            out[f"describe {a}"] = _said(ctl.describe, s, a, p)
            if actor == p:
                out[f"why_not {a}"] = _said(ctl.check, s, a)
    return out


def _candidates(g):
    s, ctl = g.state, g.controller
    return [] if s.outcome is not None else ctl.drop_candidates(s, ctl.to_act(s))


def _hidden_names(g, p, before_visible):
    """Return the names of cards hidden from `p` that `p` cannot see anywhere, now or just before."""
    s, ctl, rs = g.state, g.controller, g.ruleset
    visible = set(before_visible) | {rs.cards[c.cid].name for c in s.cards.values() if ctl.visible(s, c, p)}
    return {rs.cards[c.cid].name for c in _hidden_from(g, p)} - visible


def _visible_names(g, p):
    s, ctl, rs = g.state, g.controller, g.ruleset
    return {rs.cards[c.cid].name for c in s.cards.values() if ctl.visible(s, c, p)}


def _fuzz_channels(rid, seeds, moves):
    for seed in seeds:
        g = Game.new(rid, seed=seed, options=_options(rid))
        rng = random.Random(seed)
        for n in range(moves):
            if g.is_over():
                break
            where = f"{rid} seed {seed} after {n} actions"
            for p in (0, 1):
                g2 = _permuted(g, p, random.Random(n))
                # The actor's candidates may differ (they list the actor's own cards): ask about all.
                actions = list(dict.fromkeys(_candidates(g) + _candidates(g2)))
                asked, other = _asked(g, p, actions), _asked(g2, p, actions)
                for k, text in asked.items():
                    assert other.get(k) == text, (f"{where}: P{p + 1} can tell the cards hidden from them "
                                                  f"apart by asking {k!r}: {text!r} / {other.get(k)!r}")
            a = rng.choice(g.legal_actions())
            seen_before = [_visible_names(g, p) for p in (0, 1)]
            said = [g.describe(a, p) for p in (0, 1)]
            n_log = len(g.state.log)
            g.apply(a)
            for p in (0, 1):
                secret = _hidden_names(g, p, seen_before[p])
                texts = said[p:p + 1] + [g.describe(a, p)] + [e.text_for(p) for e in g.state.log[n_log:]]
                for text in texts:
                    for name in secret:
                        assert name not in text, (f"{where}: {a} tells P{p + 1} of {name}, a card they "
                                                  f"may not see: {text!r}")


@pytest.mark.parametrize("rid", RULESETS)
def test_hidden_info_every_channel_answers_alike_for_hidden_cards(rid):
    _fuzz_channels(rid, range(2), 150)


@pytest.mark.slow
@pytest.mark.parametrize("rid", RULESETS)
def test_hidden_info_every_channel_answers_alike_many_games(rid):
    _fuzz_channels(rid, range(100, 130), 600)


# --- describe and why_not of any action text ------------------------------------------------------
# A seat may ask about any action text, legal or not, of either player, naming any card: the
# answer never names a card hidden from it, nor differs with what the hidden cards are (issue 33).
def _kinds(g):
    """Return every action kind the ruleset knows (each has its check), and the table's manual moves."""
    return sorted(n[6:] for n in dir(g.controller) if n.startswith("check_") and n != "check_deck") \
        + list(g.controller.MANUAL)


def _note_shapes(g, shapes):
    """Add the argument names of each kind the mover's drop candidates list now to `shapes`."""
    s, ctl = g.state, g.controller
    if s.outcome is None:
        for a in ctl.drop_candidates(s, ctl.to_act(s)):
            shapes.setdefault(a.kind, set()).add(tuple(k for k, _ in a.args))


def _probes(g, p, shapes, rng, n_uids):
    """Return action texts of every kind, for both players, naming cards hidden from `p` (of both seats)."""
    s = g.state
    hidden = sorted(c.uid for c in _hidden_from(g, p))
    mine = [u for u in hidden if s.cards[u].owner == p]
    theirs = [u for u in hidden if s.cards[u].owner != p]
    uids = rng.sample(mine, min(n_uids, len(mine))) + rng.sample(theirs, min(n_uids, len(theirs)))
    zones = sorted(s.zones)
    every = sorted(s.cards)
    out = []
    for kind in _kinds(g):
        for shape in sorted(shapes.get(kind, set()) | {("card",), ("target",), ("card", "target"), ("card", "to")}):
            for u in uids:
                for who in (0, 1):
                    args = {}
                    hide = rng.choice(shape) if shape else None    # the other cards named: any card
                    for k in shape:
                        if k in ("to", "zone", "target_zone"):
                            args[k] = rng.choice(zones)
                        elif k == "target_player":
                            args[k] = 1 - who
                        elif k in ("mana", "cards", "targets"):
                            args[k] = (u, rng.choice(uids))
                        elif k in ("choice", "cid", "amount", "name", "delta"):
                            args[k] = rng.choice([True, 1, "first", s.cards[u].cid])
                        else:
                            args[k] = u if k == hide or rng.random() < 0.5 else rng.choice(every)
                    out.append(Action.make(kind, who, **args))
    return out


def _fuzz_any_action(rid, seeds, moves, every, n_uids):
    for seed in seeds:
        g = Game.new(rid, seed=seed, options=_options(rid))
        rng = random.Random(seed)
        shapes = {}
        for n in range(moves):
            if g.is_over():
                break
            _note_shapes(g, shapes)
            if n % every == 0:
                for p in (0, 1):
                    g2 = _permuted(g, p, random.Random(n))
                    secret = _hidden_names(g, p, ())
                    for a in _probes(g, p, shapes, rng, n_uids):
                        asked = [("describe", g.describe(a, p), g2.describe(a, p))]
                        if a.player == p == g.to_act:
                            asked.append(("why_not", _said(g.why_not, a), _said(g2.why_not, a)))
                        # A card the text itself names by its card id is no secret.
                        named = {g.ruleset.cards[v].name for _, v in a.args if isinstance(v, str) and v in g.ruleset.cards}
                        for what, text, other in asked:
                            where = f"{rid} seed {seed} after {n} actions: {what} {a} for P{p + 1}"
                            assert str(text) == str(other), (f"{where} tells the hidden cards apart: "
                                                             f"{text!r} / {other!r}")
                            for name in secret - named:
                                assert name not in str(text), f"{where} names {name}, hidden from them: {text!r}"
            g.apply(rng.choice(g.legal_actions()))


@pytest.mark.parametrize("rid", RULESETS)
def test_hidden_info_describe_any_action_names_no_hidden_card(rid):
    _fuzz_any_action(rid, range(1), 60, 10, 2)


@pytest.mark.slow
@pytest.mark.parametrize("rid", RULESETS)
def test_hidden_info_describe_any_action_names_no_hidden_card_many_games(rid):
    _fuzz_any_action(rid, range(100, 106), 400, 6, 3)


def _monmusu_until(cond, seed=0):
    g = Game.new("monmusu", seed=seed)
    rng = random.Random(seed)
    while not cond(g.state):
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_mm_r7_describe_never_names_the_face_down_main_monster():
    # 裏側のキャスト状態でメインエリアに置きます。表側になるまでは自分だけが確認できます: P1 asking about
    # "p2's" cast_mana of P2's face-down main monster during setup learns nothing of it.
    g = _monmusu_until(lambda s: s.zones["1.main1"])
    s = g.state
    u = s.zones["1.main1"][0]
    assert s.phase == "setup" and not s.cards[u].face_up
    name = g.ruleset.cards[s.cards[u].cid]
    for who in (0, 1):
        text = g.describe(Action.make("cast_mana", who, target=u), 0)
        assert name.name not in str(text) and (name.name_en or name.name) not in str(text)
        assert "face-down card" in str(text) and str(g.controller.rs.color_term(name.color)) not in str(text)
    assert name.name_en in str(g.describe(Action.make("cast_mana", 1, target=u), 1))   # its owner sees it


def test_hidden_info_describe_never_names_a_card_of_the_other_hand():
    # Issue 33: describe("p1 cast_mana target=<a card of P2's hand>", seat P1) named it.
    g = _monmusu_until(lambda s: len(s.zones["1.hand"]) > 2 and s.phase != "setup")
    s = g.state
    for u in s.zones["1.hand"]:
        d = g.ruleset.cards[s.cards[u].cid]
        for kind in ("cast_mana", "summon", "charge", "spell", "set_trap"):
            text = str(g.describe(Action.make(kind, 0, target=u, card=u, to="0.sub1"), 0))
            assert d.name_en not in text and d.name not in text, (kind, text)


def test_hidden_info_describe_for_hides_a_name_any_ruleset_gives(monkeypatch):
    # The depth of the fix: whatever a ruleset's describe returns, a card name in it reaches a seat
    # only if that seat sees the card (Controller.describe_for), so one careless line cannot leak.
    g = Game.new("senkai", seed=1)
    s, ctl = g.state, g.controller
    hidden = s.zones["1.hand"][0]
    d = g.ruleset.cards[s.cards[hidden].cid]

    def careless(s_, a, viewer=None):
        from tabletop.engine.msg import msg
        return msg("look: {cards}", cards=(ctl.card_ref(s_, a["card"], None),))
    monkeypatch.setattr(ctl, "describe", careless)
    a = Action.make("play", 0, card=hidden)
    assert (d.name_en or d.name) in str(g.describe(a, 1)) and (d.name_en or d.name) in str(g.describe(a, None))
    text = str(g.describe(a, 0))
    assert (d.name_en or d.name) not in text and "face-down card" in text
    # An action a ruleset's describe cannot read is told in the generic words, not an error.
    monkeypatch.setattr(ctl, "describe", lambda s_, a_, viewer=None: a_["nothing"])
    assert "play" in str(g.describe(a, 0))
