"""What a move does, in the game's own words: the facts a hint or a bot's reason gives (issue 30).

A reason says *what the move does and why now* — "P2 Walls: 4 → 3 (SK-R21)", "Giant Spider (大蜘蛛)
is destroyed (SK-R24)", "Kappa (河童) faces an empty lane: it can attack P2's walls (SK-R21)" — never
the evaluation's terms. The facts come from comparing the position before and after the move:

- the generic layer here reads what every game has: cards entering the zones where cards are in
  play, cards leaving play for a graveyard (destroyed), the number of cards in a zone that counts
  (walls, side cards, guardians), HP-like player values and card counters, cards drawn, the outcome;
- each game says which of its zones and values count and the rule that makes each change so, in its
  `tabletop/games/<id>/bot.py`, in its `BotHints`: `explain_spec` (its `EXPLAIN` dict, see `Spec`), and may add its own facts with
  `explain(before, after, action, reader) -> list[Msg]` (threats made or answered), `threats(game,
  seat) -> {key: (made, answered)}` (what `seat` can do to the opponent next turn, and the words for a
  move that makes the threat and for one that takes it away) and `danger(game, seat) -> Msg | None` (one hit decides the game for `seat`).

Every fact names its rule id, names only cards the reader may see (`visible_card`), and is a `msg`
the table renders in the reader's language (catalogue: locale/ja/advice.yaml). `does_nothing(game,
action)` says when a move from hand would change nothing (a spell with no target): the table does not
light it and asks first, and a hint does not suggest it.
"""
from __future__ import annotations

from tabletop.engine.msg import Msg, Term, msg

from .evaluate import hints_of

LIMIT = 2    # facts a reason gives at most (the most telling first)


class Spec:
    """A game's `EXPLAIN` table, read once per ruleset.

    play:     {zone: rule}  zones where a card is in play (a card entering one is said)
    gone:     {zone: rule}  zones a card leaving play goes to when destroyed
    count:    {zone: rule}  zones whose number of cards matters (walls, side cards)
    values:   {key: (Term, rule)}  player values (HP-like)
    counters: {key: (Term, rule)}  card counters of cards in play (HP, damage)
    stats:    {key: (Term, rule, fn)}  values of cards in play as the rules read them, `fn(controller,
              state, uid) -> number` (AP and HP with their modifiers, power)
    draw:     rule          the rule by which cards come into a hand
    """

    def __init__(self, d: dict | None):
        d = d or {}
        self.play = dict(d.get("play", {}))
        self.gone = dict(d.get("gone", {}))
        self.count = dict(d.get("count", {}))
        self.values = dict(d.get("values", {}))
        self.counters = dict(d.get("counters", {}))
        self.stats = dict(d.get("stats", {}))
        self.draw = d.get("draw")


_SPECS: dict[int, tuple] = {}


def spec_of(ruleset) -> Spec:
    hit = _SPECS.get(id(ruleset))
    if hit is not None and hit[0] is ruleset:
        return hit[1]
    sp = Spec(hints_of(ruleset).explain_spec)
    _SPECS[id(ruleset)] = (ruleset, sp)
    return sp


def hook(ruleset, name: str):
    """Return the game's `name` advice hook (`explain`, `threats`, `danger`: fields of its BotHints), or None."""
    return getattr(hints_of(ruleset), name)


def card_term(d) -> Term:
    """Return a card's name for a reason: in English its English name with the printed one after it
    ("Onibi (鬼火)", so a player can find the card on the table), in Japanese the printed name."""
    en = d.name_en if d.name_en and d.name_en != d.name else None
    return Term(f"{en} ({d.name})" if en else d.name, d.name, card=True)


def who(p: int) -> str:
    return f"P{p + 1}"


def visible_card(game, uid, reader: int, known=None, shown=None):
    """Return the card's name as a Term (English name, printed name) if `reader` may see it in
    `game` (and, in a bot's guessed position, its identity is known), else None. With `shown`, the
    position the move itself leads to (before the choices it asks are answered), the card must be
    seen there too: a reason names only what the move has shown."""
    if shown is not None and shown is not game and visible_card(shown, uid, reader, known) is None:
        return None
    s = game.state
    c = s.cards.get(uid)
    if c is None or (known is not None and uid not in known):
        return None
    try:
        if not game.controller.visible(s, c, reader):
            return None
    except Exception:  # noqa: BLE001 - a guessed position the controller cannot read: say nothing rather than leak
        return None
    d = game.ruleset.cards.get(c.cid)
    return card_term(d) if d is not None else None


def _zone_of(key: str) -> tuple[int | None, str]:
    owner, _, name = key.rpartition(".")
    return (int(owner) if owner.isdigit() else None), name


def _where(s) -> dict:
    return {u: c.zone for u, c in s.cards.items()}


def facts(before, after, action, reader: int, known=None, shown=None) -> list[Msg]:
    """Return what `action` (played in `before`, giving `after`) changes, most telling first, each
    with its rule id; [] for a move that changes nothing a reader would care about. `shown`: the
    position right after the move when `after` has its choices answered (see `visible_card`)."""
    rs = before.ruleset
    sp = spec_of(rs)
    s0, s1 = before.state, after.state
    me = action.player
    out: list[Msg] = []
    # 1. the outcome: a win (its reason names the rule), a draw
    if s1.outcome is not None and s0.outcome is None:
        o = s1.outcome
        if o.winner is None:
            out.append(msg("the game ends in a draw: {reason}", reason=o.reason))
        else:
            out.append(msg("{player} wins the game: {reason}", player=who(o.winner), reason=o.reason))
        return out
    extra = hook(rs, "explain")
    if extra is not None:
        try:
            out += list(extra(before, after, action, reader) or ())
        except Exception:  # noqa: BLE001 - a game's phrasing failing in a guessed position: the generic facts stand
            pass
    # 3. cards destroyed; cards entering play
    z0, z1 = _where(s0), _where(s1)
    destroyed, entered = [], []
    for u, zone in z1.items():
        old = z0.get(u)
        if old == zone or old is None:
            continue
        _, n_old = _zone_of(old)
        _, n_new = _zone_of(zone)
        if n_old in sp.play and n_new in sp.gone and n_new not in sp.play:
            destroyed.append((u, sp.gone[n_new]))
        elif n_new in sp.play and n_old not in sp.play and s1.cards[u].host is None:
            entered.append((u, zone, sp.play[n_new]))
    for u, rule in destroyed:
        name = visible_card(after, u, reader, known, shown)
        if name is not None:
            out.append(msg("{card} is destroyed ({rule})", card=name, rule=rule))
        else:
            out.append(msg("a card of {player} leaves play ({rule})", player=who(s1.cards[u].owner), rule=rule))
    # 4. counted zones, player values, counters of cards in play
    for key in s1.zones:
        p, name = _zone_of(key)
        rule = sp.count.get(name)
        if rule is None:
            continue
        a, b = len(s0.zones.get(key, ())), len(s1.zones[key])
        if a != b:
            out.append(msg("{zone}: {a} → {b} ({rule})", zone=after.controller.zone_label(key), a=a, b=b, rule=rule))
    for p in (0, 1):
        for k, (label, rule) in sp.values.items():
            a, b = s0.players[p].get(k), s1.players[p].get(k)
            if isinstance(a, (int, float)) and isinstance(b, (int, float)) and a != b:
                out.append(msg("{player} {value}: {a} → {b} ({rule})", player=who(p), value=label, a=a, b=b, rule=rule))
    for u, c in s1.cards.items():
        if not c.counters or _zone_of(c.zone)[1] not in sp.play:
            continue
        c0 = s0.cards.get(u)
        if c0 is None or c0.zone != c.zone:
            continue
        for k, (label, rule) in sp.counters.items():
            a, b = c0.counters.get(k), c.counters.get(k)
            if a != b and a is not None and b is not None:
                name = visible_card(after, u, reader, known, shown)
                if name is not None:
                    out.append(msg("{card} {value}: {a} → {b} ({rule})", card=name, value=label, a=a, b=b, rule=rule))
    # 5. threats made and answered, and a danger made or lifted (the game's own words)
    out += _threats(before, after, me, reader, known, shown)
    if sp.stats:
        for u, c in s1.cards.items():
            c0 = s0.cards.get(u)
            if c0 is None or c0.zone != c.zone or _zone_of(c.zone)[1] not in sp.play or c.host is not None:
                continue
            for label, rule, fn in sp.stats.values():
                try:
                    a, b = fn(before.controller, s0, u), fn(after.controller, s1, u)
                except Exception:  # noqa: BLE001 - a card the reading does not apply to
                    continue
                if a != b:
                    name = visible_card(after, u, reader, known, shown)
                    if name is not None:
                        out.append(msg("{card} {value}: {a} → {b} ({rule})", card=name, value=label, a=a, b=b,
                                       rule=rule))
    # 6. cards drawn
    if sp.draw:
        for p in (0, 1):
            key = f"{p}.hand"
            if key in s1.zones and key in s0.zones:
                a, b = len(s0.zones[key]), len(s1.zones[key])
                if b > a:
                    out.append(msg("{player} draws {n} (hand {a} → {b}) ({rule})", player=who(p), n=b - a,
                                   a=a, b=b, rule=sp.draw))
    own = {u for _, v in action.args for u in (v if isinstance(v, tuple) else (v,))}
    for u, zone, rule in entered:
        name = visible_card(after, u, reader, known, shown)
        if name is None:
            continue
        if u in own:    # the move's own card: its description already says where it goes
            out.append(msg("{card} is in play ({rule})", card=name, rule=rule))
        else:
            out.append(msg("{card} comes into {zone} ({rule})", card=name, zone=after.controller.zone_label(zone),
                           rule=rule))
    return _unique(out)


def _unique(out: list) -> list:
    seen, res = set(), []
    for m in out:
        if str(m) not in seen:
            seen.add(str(m))
            res.append(m)
    return res


def _threats(before, after, me: int, reader: int, known=None, shown=None) -> list[Msg]:
    """Return the threats `me` makes and the opponent's it answers, and a danger made or lifted. A
    threat keyed by a card (its uid) is said only where the reader sees that card (`visible_card`)."""
    rs = before.ruleset
    out = []
    th = hook(rs, "threats")
    if th is not None:
        try:
            mine0, mine1 = th(before, me), th(after, me)
            theirs0, theirs1 = th(before, 1 - me), th(after, 1 - me)
        except Exception:  # noqa: BLE001 - a guessed position the game's reading cannot handle
            mine0 = mine1 = theirs0 = theirs1 = {}
        def seen(k, game, also=None):
            return not isinstance(k, int) or visible_card(game, k, reader, known, also) is not None
        out += [m[0] for k, m in mine1.items() if k not in mine0 and seen(k, after, shown)]
        out += [m[1] for k, m in theirs0.items() if k not in theirs1 and seen(k, before)]
    dg = hook(rs, "danger")
    if dg is not None:
        try:
            foe0, foe1 = dg(before, 1 - me), dg(after, 1 - me)
            my0, my1 = dg(before, me), dg(after, me)
        except Exception:  # noqa: BLE001 - a guessed position the danger reading cannot handle
            foe0 = foe1 = my0 = my1 = None
        if foe1 is not None and foe0 is None:
            out.append(foe1)
        if my0 is not None and my1 is None:
            out.append(msg("out of danger: {danger}", danger=my0))
    return out


def joined(items: list[Msg], limit: int = LIMIT) -> Msg | None:
    """Return up to `limit` facts as one message ("a; b"), or None for none."""
    items = items[:limit]
    if not items:
        return None
    m = items[0]
    for x in items[1:]:
        m = msg("{first}; {second}", first=m, second=x)
    return m


def danger(game, seat: int) -> Msg | None:
    """Return the game's warning that one hit decides the game for `seat` (its `danger` hook), or None."""
    if game.state.outcome is not None:
        return None
    fn = hook(game.ruleset, "danger")
    if fn is None:
        return None
    try:
        return fn(game, seat)
    except Exception:  # noqa: BLE001 - a game's reading failing must not break the table
        return None


def does_nothing(game, a) -> bool:
    """Return whether move `a` of a card in its mover's hand, with no place to go (`to`: a spell cast,
    not a card put somewhere), changes nothing but that card's place (to a pile: the discard) and the
    mana paid (cards tapped): played out on a copy of `game`, the mover's own forced steps answered
    (the automatic payment, else the first of the payments), and compared with the position before.
    A real choice on the way (a target, a mode) means it does something. The table leaves such a
    move unlit and asks before it; a hint does not suggest it."""
    uid = a.get("card")
    c = game.state.cards.get(uid) if isinstance(uid, int) and not isinstance(uid, bool) else None
    if c is None or c.zone != f"{a.player}.hand" or a.get("to") is not None:
        return False
    g = game.clone()
    me = a.player
    try:
        g.apply(a)
        for _ in range(12):
            if g.is_over() or not g.state.pending or g.to_act != me:
                break
            legal = g.legal_actions(me)
            if not legal:
                break
            auto = [x for x in legal if x.kind == "pay_auto"]
            pays = [x for x in legal if x.kind.startswith("pay")]
            if len(legal) > 1 and not auto and not pays:
                return False    # a real choice (of a target, a mode): the move does something
            g.apply((auto or pays or legal)[0])
    except Exception:  # noqa: BLE001 - a move the copy cannot play out: never call it idle
        return False
    s0, s1 = game.state, g.state
    if s1.outcome != s0.outcome or s1.players != s0.players or set(s1.cards) != set(s0.cards):
        return False
    rs = game.ruleset
    for u, c in s1.cards.items():
        c0 = s0.cards[u]
        if u == a.get("card"):
            if c.zone != c0.zone and rs.zones[c.zone.rpartition(".")[2]].kind != "pile":
                return False
            continue
        if (c.zone, c.face_up, c.counters, c.flags, c.host, c.attached) != \
                (c0.zone, c0.face_up, c0.counters, c0.flags, c0.host, c0.attached):
            return False
    return True
