"""The declared controller: one controller for every game whose rules are declared in YAML (`rules:`).

It reads the ruleset's declaration (schema.py) once and enforces it: setup steps, the turn's phases
with their automatic steps, the actions each phase allows (play, attack, activate, move, discard,
draw, and `end_phase`), costs paid with a counter or by tapping cards, combat by two card stats, limits
(once per turn, summoning sickness, zone capacity, hand size) and the win conditions. Cards' effects
use the shared vocabulary (engine/effects.py); it fires `play`, `enter`, `attack`, `destroyed`,
`activate`, `start_of_turn` and `end_of_turn`.

Refusals name the declared rule they enforce by its id, as the five games' rule ids are shown.
Pending choices: `block` (the defender blocks with a card or `no_block`), `discard_down` (the hand
limit), and the effects' `effect_target`.
"""
from __future__ import annotations

from tabletop.engine import Action, Controller, register
from tabletop.engine.controller import player_name
from tabletop.engine.effects import QUEUE, EffectsMixin
from tabletop.engine.msg import Term, msg
from tabletop.engine.state import split_key

from .schema import declaration_problems, declared

N_ = str   # marks a message key for the catalogue scan (tabletop.i18n_scan); rendered in `check`
STEP = "step"            # key in State.data: the index of the next automatic step of the current phase
USED = "turn_uses"          # key in State.data: {action name: times used this turn}
DECKED = "decked"        # key in State.data: the player who had to draw from an empty pile (deck_out)
BREACHED = "breached"    # key in State.data: the player hit with the zone of a `breached` condition empty
ENTERED = "entered"      # card flag: the turn the card entered play (summoning sickness)
ACTIVATED = "activated"  # card flag: the turn its ability was last used (once per turn)


def _rule(text, rule):
    """A refusal or log line ending in the declared rule's id: "it costs 3 (R4)"."""
    return msg("{text} ({rule})", text=text, rule=rule)


def _said(why):
    """Return a check's answer in words: a (rule id, text, fields) refusal becomes its message."""
    if isinstance(why, tuple):
        rule, text, fields = why
        return _rule(msg(text, **fields), rule)
    return why


@register
class Declared(EffectsMixin, Controller):
    id = "declared"

    # --- the ruleset loader asks these ------------------------------------------------------------
    @classmethod
    def check_ruleset(cls, rs) -> list:
        """Return the declaration's problems as DataErrors (`path:line: what is wrong`)."""
        return declaration_problems(rs)

    @classmethod
    def ruleset_warnings(cls, rs) -> list[str]:
        """Return warnings for `tabletop validate` (a game that can never end)."""
        from .analysis import warnings
        return warnings(rs)

    @classmethod
    def guide_data(cls, rs) -> dict:
        """Return the guide (verbs, briefing) generated from the declaration."""
        from .text import guide_data
        return guide_data(rs)

    @classmethod
    def rules_page(cls, rs, lang: str = "en") -> str:
        """Return the player rules page in markdown, generated from the declaration."""
        from .text import rules_markdown
        return rules_markdown(rs, lang)

    @classmethod
    def bot_hints(cls):
        """The bots' knowledge of a declared game: the generic evaluation from its declared stats,
        counters and win conditions (evaluate.py), imported when a bot first asks."""
        from tabletop.engine.hints import BotHints
        from .evaluate import evaluate_position
        return BotHints(evaluate=evaluate_position)

    def __init__(self, ruleset):
        super().__init__(ruleset)
        d = self.d = declared(ruleset)
        self.phase_ids = [p.id for p in d.phases]
        self.phase_of = {p.id: p for p in d.phases}
        creature = []
        for a in d.actions.values():
            if a.kind == "attack":
                creature += a.args["from"] + a.args["targets"] + (a.args.get("block") or [])
        if not creature:
            creature = [z for a in d.actions.values() if a.kind == "play" for z in a.args["to"]
                        if ruleset.zones[z].kind in ("row", "slot")]
        self.creature_zones = tuple(dict.fromkeys(creature))
        self.EFFECT_ZONES = self.creature_zones
        self.board_zones = tuple(dict.fromkeys(
            list(self.creature_zones) + [z for a in d.actions.values() if a.kind in ("play", "move")
                                         for z in a.args["to"] if ruleset.zones[z].kind in ("row", "slot")]))
        self.LIVE_STATS = tuple(x for x in (d.attack, d.health) if x)
        # `facing`: the opposing zone across the table. The opponent's side is the same layout turned
        # half a turn (x' = 1 - x - w), so a zone faces the opposing target zone whose centre lies
        # straight across: your left lane faces their right lane.
        self.facing = {}
        for name, r in d.actions.items():
            if r.kind == "attack" and r.args.get("facing") and r.args["targets"]:
                for z in r.args["from"]:
                    zx, _, zw, _ = ruleset.zones[z].rect
                    self.facing[(name, z)] = min(
                        r.args["targets"], key=lambda t: abs((zx + zw / 2) - (1 - ruleset.zones[t].rect[0]
                                                                               - ruleset.zones[t].rect[2] / 2)))
        # Whether a `play` fires the card's effects: where it enters play (a zone cards attack from or
        # to) or resolves (a pile, as a spell into the discard), unless the action says `effects:`.
        self.play_fires = {name: r.args.get("effects", any(z in self.creature_zones or ruleset.zones[z].kind == "pile"
                                                                for z in r.args["to"]))
                           for name, r in d.actions.items() if r.kind == "play"}
        self.win_of = {}
        for w in d.win:
            self.win_of.setdefault(w.kind, []).append(w)

    # --- small queries ------------------------------------------------------------------------------
    def zkey(self, p, zone):
        return f"{p}.{zone}"

    def zone_term(self, zone):
        return self.rs.zones[zone].term

    def counter_term(self, name):
        c = self.d.counters.get(name)
        return c["term"] if c else name

    def value_word(self, key):
        return self.counter_term(key) if key in self.d.counters else super().value_word(key)

    def printed(self, s, uid, name):
        v = self.rs.cards[s.cards[uid].cid].get(name)
        return v if isinstance(v, int) and not isinstance(v, bool) else 0

    def atk(self, s, uid):
        return self.stat(s, uid, self.d.attack) if self.d.attack else 0

    def health(self, s, uid):
        return self.stat(s, uid, self.d.health) if self.d.health else 0

    def sick(self, s, uid):
        return s.cards[uid].flags.get(ENTERED) == s.turn

    def on_board(self, s, uid):
        c = s.cards[uid]
        return c.host is None and split_key(c.zone)[1] in self.board_zones

    # --- moving cards -------------------------------------------------------------------------------
    def move(self, s, uid, to, **kw):
        """Move a card; one leaving the board forgets its damage, modifiers and turn marks."""
        c = s.cards[uid]
        if c.zone != to and split_key(c.zone)[1] in self.board_zones:
            c.counters.pop("damage", None)
            for k in ("mods", ENTERED, ACTIVATED):
                c.flags.pop(k, None)
        return Controller.move(self, s, uid, to, **kw)

    def destroy(self, s, uid):
        owner = s.cards[uid].owner
        self.move(s, uid, self.zkey(owner, self.d.destroyed_to))
        self.log(s, msg("{card} is destroyed", card=self.card_ref(s, uid, "all")), kind="destroyed", card=uid)
        self.fire(s, uid, "destroyed")

    def check_destroyed(self, s):
        """Destroy every card on the board whose damage reaches its health (turn player's first)."""
        if not self.d.health:
            return
        dead = []
        for p in (s.active, 1 - s.active):
            for z in self.creature_zones:
                for u in s.zones[self.zkey(p, z)]:
                    c = s.cards[u]
                    hp = self.rs.cards[c.cid].get(self.d.health)
                    if isinstance(hp, int) and c.counters.get("damage", 0) >= self.health(s, u):
                        dead.append(u)
        for u in dead:
            if self.on_board(s, u):
                self.destroy(s, u)

    def after_step(self, s):
        self.check_destroyed(s)

    def fx_destroy(self, s, uid, ctx):
        if self.on_board(s, uid):
            self.destroy(s, uid)

    def fx_player_value(self, s, player, key, delta, ctx):
        self.change(s, player, key, delta)

    def change(self, s, p, counter, delta, rule=None):
        """Change a player's counter by delta (kept within its declared min and max) and log it."""
        spec = self.d.counters.get(counter, {})
        v = s.players[p].get(counter, 0) + delta
        if spec.get("max") is not None:
            v = min(v, spec["max"])
        if spec.get("min") is not None:
            v = max(v, spec["min"])
        s.players[p][counter] = v
        text = msg("P{n} {value} {delta:+d} → {total}", n=p + 1, value=self.counter_term(counter), delta=delta, total=v)
        self.log(s, _rule(text, rule) if rule else text, kind="counter", player=p)

    # --- setup and the turn ---------------------------------------------------------------------------
    def init(self, s, options):
        for p in (0, 1):
            for name, spec in self.d.counters.items():
                s.players[p].setdefault(name, spec["start"])

    def setup(self, s, options):
        s.first = s.active = 0
        s.turn = 1
        for r in self.d.setup:
            for p in (0, 1) if r.kind != "first_player" else (None,):
                self.run_step(s, r, p)
        s.active = s.first
        s.phase = self.phase_ids[0]
        s.data[STEP] = 0
        self.log(s, msg("Turn {turn}: P{n}", turn=s.turn, n=s.active + 1), kind="turn")

    def after_scenario(self, s):
        s.data.setdefault(STEP, 0)
        self.after(s)

    def run_step(self, s, r, p) -> bool:
        """Run one automatic step for player p; return False when it waits for a choice (hand limit)."""
        a, k = r.args, r.kind
        if k == "shuffle":
            self.shuffle(s, self.zkey(p, a["zone"]))
        elif k == "draw":
            if a.get("skip_first_turn") and s.turn == 1:
                return True
            self.draw_cards(s, p, a["n"], a["zone"], a["to"], r)
        elif k == "place":
            pile = s.zones[self.zkey(p, a["zone"])]
            face_up = a.get("face_up")
            n = 0
            for _ in range(min(a["n"], len(pile))):
                self.move(s, pile[-1], self.zkey(p, a["to"]), face_up=face_up)
                n += 1
            self.log(s, _rule(msg("P{n} places {count} cards in {zone}", n=p + 1, count=n, zone=self.zone_term(a["to"])),
                              r.id))
        elif k == "first_player":
            s.first = 0 if self.coin(s, _rule(msg("who goes first"), r.id)) else 1
            self.log(s, _rule(msg("P{n} goes first", n=s.first + 1), r.id))
        elif k == "untap":
            for z in a["zones"]:
                for u in s.zones[self.zkey(p, z)]:
                    s.cards[u].tapped = False
        elif k == "gain":
            spec = self.d.counters[a["counter"]]
            v = s.players[p].get(a["counter"], 0) + a["n"]
            top = a.get("max", spec.get("max"))
            if top is not None:
                v = min(v, top)
            delta = v - s.players[p].get(a["counter"], 0)
            if delta:
                self.change(s, p, a["counter"], delta, r.id)
        elif k == "set":
            v = s.players[p].get(a["from"], 0) if "from" in a else a["n"]
            if "max" in a:
                v = min(v, a["max"])
            delta = v - s.players[p].get(a["counter"], 0)
            if delta:
                self.change(s, p, a["counter"], delta, r.id)
        elif k == "clear_damage":
            for q in (0, 1):
                for z in a["zones"] or self.creature_zones:
                    for u in s.zones[self.zkey(q, z)]:
                        s.cards[u].counters.pop("damage", None)
        elif k == "hand_limit":
            hand = s.zones[self.zkey(p, a["zone"])]
            if len(hand) > a["n"]:
                self.ask(s, p, "discard_down",
                         _rule(msg("Discard down to {n} cards: choose a card to discard", n=a["n"]), r.id),
                         public_prompt=_rule(msg("P{n} discards down to the hand size", n=p + 1), r.id),
                         rule=r.id, zone=a["zone"], to=a["to"], limit=a["n"])
                return False
        return True

    def draw_cards(self, s, p, n, zone, to, r):
        pile = s.zones[self.zkey(p, zone)]
        if len(pile) < n and self.win_of.get("deck_out"):
            w = [w for w in self.win_of["deck_out"] if w.args["zone"] == zone]
            if w:
                self.draw(s, p, len(pile), zone, to)
                self.log(s, _rule(msg("P{n} must draw from an empty {zone}", n=p + 1, zone=self.zone_term(zone)), w[0].id))
                s.data.setdefault(DECKED, []).append(p)
                return
        self.draw(s, p, n, zone, to)

    def after(self, s):
        self.check_destroyed(s)
        self.check_win(s)
        self._advance(s)
        self.check_win(s)

    def _advance(self, s):
        """Run the automatic steps and phases until a player must act."""
        guard = 0
        while s.outcome is None and not s.pending and not s.data.get(QUEUE):
            guard += 1
            if guard > 200:
                return
            phase = self.phase_of.get(s.phase)
            if phase is None:
                return
            i = s.data.get(STEP, 0)
            if i < len(phase.steps):
                if self.run_step(s, phase.steps[i], s.active):
                    s.data[STEP] = i + 1
                self.check_destroyed(s)
                self.check_win(s)
                continue
            if i == len(phase.steps):
                s.data[STEP] = i + 1
                if phase.id == self.phase_ids[0]:
                    self.fire_all(s, s.active, "start_of_turn")
                    continue
            if phase.actions and not s.data.get("phase_done"):
                return        # the turn player acts; `end_phase` moves on
            s.data.pop("phase_done", None)
            self.next_phase(s)

    def fire_all(self, s, p, trigger):
        for z in self.board_zones:
            for u in list(s.zones[self.zkey(p, z)]):
                if any(e.get("on") == trigger for e in self.rs.cards[s.cards[u].cid].effects):
                    self.fire(s, u, trigger)

    def next_phase(self, s):
        i = self.phase_ids.index(s.phase)
        if i + 1 < len(self.phase_ids):
            s.phase = self.phase_ids[i + 1]
            s.data[STEP] = 0
            return
        self.fire_all(s, s.active, "end_of_turn")
        if self.d.damage == "end_of_turn":
            for p in (0, 1):
                for z in self.creature_zones:
                    for u in s.zones[self.zkey(p, z)]:
                        s.cards[u].counters.pop("damage", None)
        self.expire_mods(s, "end_of_turn")
        for w in self.win_of.get("turn_limit", []):
            if s.turn >= w.args["n"]:
                self.turn_limit(s, w)
                return
        s.active = 1 - s.active
        s.turn += 1
        s.phase = self.phase_ids[0]
        s.data[STEP] = 0
        s.data.pop(USED, None)
        self.log(s, msg("Turn {turn}: P{n}", turn=s.turn, n=s.active + 1), kind="turn")

    def turn_limit(self, s, w):
        c = w.args.get("counter")
        a, b = (s.players[0].get(c, 0), s.players[1].get(c, 0)) if c else (0, 0)
        if a == b:
            self.win(s, None, _rule(msg("the last turn ended even"), w.id))
        else:
            p = 0 if a > b else 1
            self.win(s, p, _rule(msg("the last turn ended: P{n} has the most {value}", n=p + 1,
                                     value=self.counter_term(c)), w.id))

    def check_win(self, s):
        if s.outcome is not None:
            return
        losers = {}
        for w in self.win_of.get("counter_zero", []):
            for p in (0, 1):
                if s.players[p].get(w.args["counter"], 0) <= 0:
                    losers.setdefault(p, _rule(msg("P{n}'s {value} fell to 0", n=p + 1,
                                                   value=self.counter_term(w.args["counter"])), w.id))
        for p in s.data.get(DECKED, []):
            w = self.win_of["deck_out"][0]
            losers.setdefault(p, _rule(msg("P{n} had to draw from an empty {zone}", n=p + 1,
                                           zone=self.zone_term(w.args["zone"])), w.id))
        for p in s.data.get(BREACHED, []):
            w = self.win_of["breached"][0]
            losers.setdefault(p, _rule(msg("P{n} was hit with no {zone} left", n=p + 1,
                                           zone=self.zone_term(w.args["zone"])), w.id))
        winners = {}
        for w in self.win_of.get("count", []):
            for p in (0, 1):
                if len(s.zones[self.zkey(p, w.args["zone"])]) >= w.args["n"]:
                    winners.setdefault(p, _rule(msg("P{n} has {count} cards in {zone}", n=p + 1, count=w.args["n"],
                                                    zone=self.zone_term(w.args["zone"])), w.id))
        for w in self.win_of.get("reach", []):
            for p in (0, 1):
                if s.players[p].get(w.args["counter"], 0) >= w.args["n"]:
                    winners.setdefault(p, _rule(msg("P{n} reached {count} {value}", n=p + 1, count=w.args["n"],
                                                    value=self.counter_term(w.args["counter"])), w.id))
        if len(losers) == 2:
            self.win(s, None, losers[s.active])
        elif losers:
            p, why = next(iter(losers.items()))
            self.win(s, 1 - p, why)
        elif len(winners) == 2:
            self.win(s, None, winners[s.active])
        elif winners:
            p, why = next(iter(winners.items()))
            self.win(s, p, why)

    # --- candidates -----------------------------------------------------------------------------------
    def answer_block(self, s, p, pd):
        """The blocks the defender may declare, and no block."""
        return [Action("block", p, (("card", u),)) for u in self.blockers(s, p, pd)] + [Action("no_block", p, ())]

    def answer_discard_down(self, s, p, pd):
        """The cards of the zone a player must discard down from."""
        return [Action("discard_down", p, (("card", u),)) for u in s.zones[self.zkey(p, pd["zone"])]]

    def actions(self, s, p):
        if s.outcome is not None:
            return []
        if s.pending:
            return self.answers(s, p)
        if p != s.active:
            return []
        phase = self.phase_of.get(s.phase)
        if phase is None or not phase.actions:
            return []
        out = []
        zones, cards = s.zones, s.cards
        opp = 1 - p
        for name in phase.actions:
            r = self.d.actions[name]
            a = r.args
            k = r.kind
            if k == "play":
                for z in a["from"]:
                    for u in zones[self.zkey(p, z)]:
                        for to in a["to"]:
                            out.append(Action(name, p, (("card", u), ("to", self.zkey(p, to)))))
            elif k == "attack":
                for z in a["from"]:
                    for u in zones[self.zkey(p, z)]:
                        for t in a["targets"]:
                            out += [Action(name, p, (("card", u), ("target", v))) for v in zones[self.zkey(opp, t)]]
                        if a["player"]:
                            out.append(Action(name, p, (("card", u), ("target_player", opp))))
            elif k == "activate":
                for z in a["from"]:
                    out += [Action(name, p, (("card", u),)) for u in zones[self.zkey(p, z)]
                            if any(e.get("on") == "activate" for e in self.rs.cards[cards[u].cid].effects)]
            elif k == "move":
                for z in a["from"]:
                    for u in zones[self.zkey(p, z)]:
                        for to in a["to"]:
                            if to != z:
                                out.append(Action(name, p, (("card", u), ("to", self.zkey(p, to)))))
            elif k == "discard":
                for z in a["from"]:
                    out += [Action(name, p, (("card", u),)) for u in zones[self.zkey(p, z)]]
            elif k == "draw":
                out.append(Action(name, p, ()))
        out.append(Action("end_phase", p, ()))
        return out

    # --- the checks ---------------------------------------------------------------------------------
    # A declared check returns None, a message, or (rule id, text, fields): a refusal whose words are
    # built only when someone reads them (`check`, for why_not and the table), not for each of the
    # many candidates `legal` refuses (about a third of the cost of an action otherwise).
    def check(self, s, a):
        r = self.d.actions.get(a.kind)
        if r is None:
            return super().check(s, a)
        try:
            why = self.check_declared(s, a, r)
        except KeyError as e:
            return msg("{kind}: missing or unknown argument {arg}", kind=a.kind, arg=str(e))
        except (TypeError, ValueError, IndexError) as e:
            return msg("{kind}: malformed arguments ({error})", kind=a.kind, error=str(e))
        return _said(why)

    def legal(self, s, cands):
        out = []
        actions = self.d.actions
        for a in cands:
            r = actions.get(a.kind)
            if r is None:
                ok = self.check(s, a) is None
            else:
                try:
                    ok = self.check_declared(s, a, r) is None
                except (KeyError, TypeError, ValueError, IndexError):
                    ok = False      # malformed: refused, as check() says in words
            if ok:
                out.append(a)
        return out

    def execute(self, s, a):
        r = self.d.actions.get(a.kind)
        if r is None:
            return super().execute(s, a)
        getattr(self, "do_" + r.kind)(s, a, r)

    def _idle(self, s, p, name=None):
        if s.pending:
            return msg("first answer the choice in progress: {prompt}", prompt=s.pending[0]["prompt"])
        if p != s.active:
            return msg("it is not your turn")
        phase = self.phase_of.get(s.phase)
        if name is not None and (phase is None or name not in phase.actions):
            where = [ph for ph in self.d.phases if name in ph.actions]
            if where:
                return (where[0].rule.id, N_("that is done in the {phase} phase"), dict(phase=self.rs.phase_term(where[0].id)))
            return msg("no phase allows that")
        return None

    def _card_in(self, s, p, uid, zones, r):
        c = s.cards.get(uid)
        if c is None or c.host is not None or c.owner != p or split_key(c.zone)[1] not in zones or \
                split_key(c.zone)[0] != p:
            return (r.id, N_("take a card from your {zones}"), dict(zones=tuple(self.zone_term(z) for z in zones)))
        return None

    def _kind_ok(self, s, uid, r):
        kinds = r.args.get("kinds")
        if kinds and self.rs.cards[s.cards[uid].cid].kind not in kinds:
            return (r.id, N_("only a {kinds} card may do that"), dict(kinds=tuple(self.rs.kind_term(k) for k in kinds)))
        return None

    def _limits(self, s, r):
        if r.args.get("once_per_turn") and s.data.get(USED, {}).get(r.name):
            return (r.id, N_("once per turn"), {})
        if r.args.get("first_turn") is False and s.turn == 1:
            return (r.id, N_("not in the first player's first turn"), {})
        return None

    def cost_of(self, s, uid, r):
        cost = r.args.get("cost")
        if not cost:
            return 0
        if "field" in cost:
            return self.printed(s, uid, cost["field"]) if uid is not None else 0
        return cost.get("n", 0)

    def _payers(self, s, p, uid, r):
        """Return the untapped cards that would pay a tap cost, or None when they cannot."""
        cost = r.args["cost"]
        n = self.cost_of(s, uid, r)
        up = [u for u in s.zones[self.zkey(p, cost["tap"])] if not s.cards[u].tapped]
        if len(up) < n:
            return None
        if not n:
            return []
        if cost.get("color") and uid is not None:
            color = self.rs.cards[s.cards[uid].cid].color
            if color:
                match = [u for u in up if self.rs.cards[s.cards[u].cid].color == color]
                if not match:
                    return None
                rest = [u for u in up if u != match[0]]
                return [match[0]] + rest[:n - 1]
        return up[:n]

    def _pay_reason(self, s, p, uid, r):
        cost = r.args.get("cost")
        if not cost:
            return None
        n = self.cost_of(s, uid, r)
        if "counter" in cost:
            have = s.players[p].get(cost["counter"], 0)
            if have < n:
                return (r.id, N_("it costs {cost} {value} and you have {have}"), dict(cost=n,
                                 value=self.counter_term(cost["counter"]), have=have))
            return None
        if self._payers(s, p, uid, r) is None:
            up = sum(1 for u in s.zones[self.zkey(p, cost["tap"])] if not s.cards[u].tapped)
            if up < n:
                return (r.id, N_("it costs {cost} and you have {up} untapped cards in {zone}"), dict(cost=n, up=up,
                                 zone=self.zone_term(cost["tap"])))
            color = self.rs.cards[s.cards[uid].cid].color
            return (r.id, N_("one card you tap must be {color}"), dict(color=self.rs.color_term(color)))
        return None

    def pay(self, s, p, uid, r):
        cost = r.args.get("cost")
        if not cost:
            return
        n = self.cost_of(s, uid, r)
        if "counter" in cost:
            if n:
                self.change(s, p, cost["counter"], -n, r.id)
            return
        for u in self._payers(s, p, uid, r) or []:
            s.cards[u].tapped = True

    def _room(self, s, key, r):
        spec = self.rs.zones[split_key(key)[1]]
        if spec.capacity and len(s.zones[key]) >= spec.capacity:
            return (r.id, N_("{zone} is full ({n} at most)"), dict(zone=self.zone_term(split_key(key)[1]), n=spec.capacity))
        return None

    def check_declared(self, s, a, r):
        p = a.player
        why = self._idle(s, p, r.name) or self._limits(s, r)
        if why:
            return why
        k, args = r.kind, r.args
        if k == "draw":
            return self._pay_reason(s, p, None, r)
        u = a["card"]
        if k in ("play", "activate", "move", "discard"):
            why = self._card_in(s, p, u, args["from"], r) or self._kind_ok(s, u, r)
            if why:
                return why
        if k in ("play", "move"):
            to = a["to"]
            owner, zname = split_key(to)
            if owner != p or zname not in args["to"]:
                return (r.id, N_("it goes to your {zones}"), dict(zones=tuple(self.zone_term(z) for z in args["to"])))
            if k == "move" and s.cards[u].zone == to:
                return (r.id, N_("it is there already"), {})
            if k == "move" and args.get("tap") and s.cards[u].tapped:
                return (r.id, N_("a tapped card cannot do that"), {})
            if k == "move" and args.get("sickness") and self.sick(s, u):
                return (r.id, N_("it entered play this turn"), {})
            return self._room(s, to, r) or self._pay_reason(s, p, u, r)
        if k == "discard":
            return self._pay_reason(s, p, u, r)
        if k == "activate":
            c = s.cards[u]
            if not any(e.get("on") == "activate" for e in self.rs.cards[c.cid].effects):
                return (r.id, N_("that card has no ability to use"), {})
            if args.get("tap") and c.tapped:
                return (r.id, N_("a tapped card cannot do that"), {})
            if c.flags.get(ACTIVATED) == s.turn:
                return (r.id, N_("its ability is used once per turn"), {})
            if args.get("sickness") and self.sick(s, u):
                return (r.id, N_("it entered play this turn"), {})
            return self._pay_reason(s, p, u, r)
        if k == "attack":
            why = self._card_in(s, p, u, args["from"], r)
            if why:
                return why
            c = s.cards[u]
            if args.get("tap") and c.tapped:
                return (r.id, N_("a tapped card cannot attack"), {})
            if args.get("sickness") and self.sick(s, u):
                return (r.id, N_("it entered play this turn and cannot attack yet"), {})
            if self.d.attack and self.atk(s, u) <= 0:
                return (r.id, N_("a card with no {stat} cannot attack"), dict(stat=self.rs.stat_term(self.d.attack)))
            why = self._pay_reason(s, p, u, r)
            if why:
                return why
            opp = 1 - p
            lane = split_key(c.zone)[1]
            if a.get("target_player") is not None:
                if not args["player"]:
                    return (r.id, N_("attack a card, not the player"), {})
                if a["target_player"] != opp:
                    return (r.id, N_("attack the opposing player"), {})
                if args.get("guarded"):
                    across = self.facing.get((r.name, lane))
                    guards = ([self.zkey(opp, across)] if across else [self.zkey(opp, t) for t in args["targets"]])
                    if args.get("guarded") and any(s.zones[g] for g in guards):
                        return (r.id, N_("an opposing card in {zone} stands in the way"),
                                dict(zone=self.zone_term(split_key(guards[0])[1])))
                return None
            t = a["target"]
            tc = s.cards.get(t)
            if tc is None or tc.host is not None or split_key(tc.zone)[0] != opp or \
                    split_key(tc.zone)[1] not in args["targets"]:
                return (r.id, N_("attack an opposing card in {zones}"),
                        dict(zones=tuple(self.zone_term(z) for z in args["targets"])))
            if args.get("facing") and split_key(tc.zone)[1] != self.facing.get((r.name, lane)):
                return (r.id, N_("a card attacks only the card facing it"), {})
            return None
        return None

    # --- doing ----------------------------------------------------------------------------------------
    def _used(self, s, r):
        used = s.data.setdefault(USED, {})
        used[r.name] = used.get(r.name, 0) + 1

    def do_play(self, s, a, r):
        p, u = a.player, a["card"]
        self.pay(s, p, u, r)
        self._used(s, r)
        face_up = r.args.get("face_up")
        self.move(s, u, a["to"], face_up=face_up)
        c = s.cards[u]
        if split_key(a["to"])[1] in self.board_zones:
            c.flags[ENTERED] = s.turn
        ref = self.card_ref(s, u, "all")
        self.log(s, _rule(msg("P{n} plays {card} to {zone}", n=p + 1, card=ref, zone=self.zone_term(split_key(a["to"])[1])),
                          r.id), {p: _rule(msg("P{n} plays {card} to {zone}", n=p + 1, card=self.card_ref(s, u, p),
                                               zone=self.zone_term(split_key(a["to"])[1])), r.id)}
                 if ref != self.card_ref(s, u, p) else None, kind="play", card=u)
        if c.face_up and self.play_fires[r.name]:
            self.fire(s, u, "play")
            if u in s.cards and s.cards[u].zone == a["to"]:
                self.fire(s, u, "enter")

    def do_attack(self, s, a, r):
        p, u = a.player, a["card"]
        self.pay(s, p, u, r)
        self._used(s, r)
        if r.args.get("tap"):
            s.cards[u].tapped = True
        opp = 1 - p
        if a.get("target_player") is not None:
            self.log(s, _rule(msg("{card} attacks P{n}", card=self.card_ref(s, u, "all"), n=opp + 1), r.id),
                     kind="attack", card=u)
            blockers = self.blockers(s, opp, {"rule": r.name, "attacker": u})
            if blockers:
                self.ask(s, opp, "block", _rule(msg("Block {card} with one of your cards, or take the hit",
                                                    card=self.card_ref(s, u, opp)), r.id),
                         public_prompt=_rule(msg("P{n} may block", n=opp + 1), r.id), attacker=u, rule=r.name)
                return
            self.hit_player(s, u, opp, r)
        else:
            self.fight(s, u, a["target"], r)
        if u in s.cards:
            self.fire(s, u, "attack")

    def blockers(self, s, p, pd):
        r = self.d.actions.get(pd.get("rule"))
        if r is None or not r.args.get("block"):
            return []
        return [u for z in r.args["block"] for u in s.zones[self.zkey(p, z)] if not s.cards[u].tapped]

    def fight(self, s, u, t, r):
        dmg = self.atk(s, u)
        back = self.atk(s, t) if self.d.strike_back else 0
        self._damage(s, t, dmg)
        self.log(s, _rule(msg("{card} attacks {target}: {damage} damage", card=self.card_ref(s, u, "all"),
                              target=self.card_ref(s, t, "all"), damage=dmg), r.id), kind="attack", card=u, target=t)
        if back:
            self._damage(s, u, back)
            self.log(s, _rule(msg("{card} strikes back: {damage} damage", card=self.card_ref(s, t, "all"), damage=back),
                              r.id))
        self.check_destroyed(s)

    def _damage(self, s, uid, n):
        if n > 0:
            c = s.cards[uid]
            c.counters["damage"] = c.counters.get("damage", 0) + n

    def hit_player(self, s, u, p, r):
        hit = r.args["hit"]
        if "counter" in hit:
            self.change(s, p, hit["counter"], -self.atk(s, u), r.id)
            return
        pile = s.zones[self.zkey(p, hit["zone"])]
        if not pile:
            if any(w.args["zone"] == hit["zone"] for w in self.win_of.get("breached", [])):
                s.data.setdefault(BREACHED, []).append(p)
            return
        w = pile[-1]
        self.flip(s, w, True)
        self.log(s, _rule(msg("P{n} loses a card from {zone}: {card}", n=p + 1, zone=self.zone_term(hit["zone"]),
                              card=self.card_ref(s, w, "all")), r.id), kind="hit", card=w)
        self.move(s, w, self.zkey(p, hit["to"]))

    def check_block(self, s, a):
        pd = s.pending[0] if s.pending else None
        if pd is None or pd["kind"] != "block" or pd["player"] != a.player:
            return msg("no attack is waiting for a block")
        if a["card"] not in self.blockers(s, a.player, pd):
            r = self.d.actions[pd["rule"]]
            return _rule(msg("block with an untapped card of your {zones}",
                             zones=tuple(self.zone_term(z) for z in r.args["block"])), r.id)
        return None

    def do_block(self, s, a):
        pd = s.pending.pop(0)
        r = self.d.actions[pd["rule"]]
        att, b = pd["attacker"], a["card"]
        self.log(s, _rule(msg("{card} blocks", card=self.card_ref(s, b, "all")), r.id), kind="block", card=b)
        if att in s.cards and self.on_board(s, att):
            self.fight(s, att, b, r)

    def check_no_block(self, s, a):
        pd = s.pending[0] if s.pending else None
        if pd is None or pd["kind"] != "block" or pd["player"] != a.player:
            return msg("no attack is waiting for a block")
        return None

    def do_no_block(self, s, a):
        pd = s.pending.pop(0)
        r = self.d.actions[pd["rule"]]
        if pd["attacker"] in s.cards and self.on_board(s, pd["attacker"]):
            self.hit_player(s, pd["attacker"], a.player, r)

    def check_discard_down(self, s, a):
        pd = s.pending[0] if s.pending else None
        if pd is None or pd["kind"] != "discard_down" or pd["player"] != a.player:
            return msg("no discard is asked for")
        if a["card"] not in s.zones[self.zkey(a.player, pd["zone"])]:
            return _rule(msg("discard a card from your {zone}", zone=self.zone_term(pd["zone"])), pd["rule"])
        return None

    def do_discard_down(self, s, a):
        pd = s.pending.pop(0)
        u = a["card"]
        self.move(s, u, self.zkey(a.player, pd["to"]))
        self.log(s, _rule(msg("P{n} discards {card}", n=a.player + 1, card=self.card_ref(s, u, "all")), pd["rule"]),
                 kind="discard", card=u)

    def do_activate(self, s, a, r):
        p, u = a.player, a["card"]
        self.pay(s, p, u, r)
        self._used(s, r)
        c = s.cards[u]
        if r.args.get("tap"):
            c.tapped = True
        c.flags[ACTIVATED] = s.turn
        self.log(s, _rule(msg("P{n} uses {card}", n=p + 1, card=self.card_ref(s, u, "all")), r.id), kind="use", card=u)
        self.fire(s, u, "activate")

    def do_move(self, s, a, r):
        p, u = a.player, a["card"]
        self.pay(s, p, u, r)
        self._used(s, r)
        c = s.cards[u]
        entered, act = c.flags.get(ENTERED), c.flags.get(ACTIVATED)
        tapped = True if r.args.get("tap") else c.tapped
        src = split_key(c.zone)[1]
        Controller.move(self, s, u, a["to"], tapped=tapped)   # stays on the board: damage and marks kept
        self.log(s, _rule(msg("{card} moves from {src} to {zone}", card=self.card_ref(s, u, "all"),
                              src=self.zone_term(src), zone=self.zone_term(split_key(a["to"])[1])), r.id),
                 kind="move", card=u)
        if entered is not None:
            c.flags[ENTERED] = entered
        if act is not None:
            c.flags[ACTIVATED] = act

    def do_discard(self, s, a, r):
        p, u = a.player, a["card"]
        self.pay(s, p, u, r)
        self._used(s, r)
        self.move(s, u, self.zkey(p, r.args["to"]))
        self.log(s, _rule(msg("P{n} discards {card}", n=p + 1, card=self.card_ref(s, u, "all")), r.id),
                 kind="discard", card=u)
        gain = r.args.get("gain")
        if gain:
            self.change(s, p, gain["counter"], int(gain.get("n", 1)), r.id)

    def do_draw(self, s, a, r):
        p = a.player
        self.pay(s, p, None, r)
        self._used(s, r)
        self.draw_cards(s, p, r.args["n"], r.args["zone"], r.args["to"], r)

    def check_end_phase(self, s, a):
        why = self._idle(s, a.player)
        if why:
            return _said(why)
        phase = self.phase_of.get(s.phase)
        if phase is None or not phase.actions:
            return msg("nothing to end now")
        return None

    def do_end_phase(self, s, a):
        phase = self.phase_of[s.phase]
        self.log(s, _rule(msg("P{n} ends the {phase} phase", n=a.player + 1, phase=self.rs.phase_term(phase.id)),
                          phase.rule.id), kind="phase", phase=phase.id)
        s.data["phase_done"] = True

    # --- the table ------------------------------------------------------------------------------------
    def drop_action(self, s, player, uid, zone, target):
        """Map drags: a card from a zone onto a zone (play, move) or onto an opposing card or the
        opponent's side (attack)."""
        if uid not in s.cards:
            return None
        cands = [a for a in self.drop_candidates(s, player) if a.get("card") == uid]
        if target is not None:
            for a in cands:
                if a.get("target") == target:
                    return a
        for a in cands:
            if a.get("to") == zone:
                return a
        if target is not None and target in s.cards and s.cards[target].owner != player or \
                (zone and zone.startswith(f"{1 - player}.")):
            for a in cands:
                if a.get("target_player") is not None:
                    return a
        if target == uid or zone == s.cards[uid].zone:
            return None
        single = [a for a in cands if a.kind in self.d.actions and self.d.actions[a.kind].kind in ("discard",)]
        return single[0] if single else None

    def verb(self, kind):
        r = self.d.actions.get(kind)
        if r is not None and r.args.get("verb"):
            return r.args["verb"]
        from .text import default_verb
        return default_verb(self, kind)

    def describe(self, s, a, viewer=None):
        k = a.kind
        r = self.d.actions.get(k)
        if r is not None:
            verb = self.verb(k)
            card = a.get("card")
            ref = self.card_ref(s, card, viewer) if card in s.cards else None
            if a.get("target") is not None and a["target"] in s.cards:
                return msg("{verb}: {card} → {target}", verb=verb, card=ref,
                           target=self.card_ref(s, a["target"], viewer))
            if a.get("target_player") is not None:
                return msg("{verb}: {card} → P{n}", verb=verb, card=ref, n=a["target_player"] + 1)
            if a.get("to") is not None and len(r.args.get("to") or ()) > 1:
                return msg("{verb}: {card} → {zone}", verb=verb, card=ref, zone=self.zone_term(split_key(a["to"])[1]))
            if ref is not None:
                return msg("{verb}: {card}", verb=verb, card=ref)
            return verb
        if k == "end_phase":
            return msg("end the {phase} phase", phase=self.rs.phase_term(s.phase))
        if k == "block":
            return msg("block with {card}", card=self.card_ref(s, a["card"], viewer))
        if k == "no_block":
            return msg("take the hit (no block)")
        if k == "discard_down":
            return msg("discard {card}", card=self.card_ref(s, a["card"], viewer))
        return super().describe(s, a, viewer)

    def public(self, s, viewer):
        players = []
        for p in (0, 1):
            row = {}
            for name, spec in self.d.counters.items():
                row[spec["term"]] = s.players[p].get(name, 0)
            for z, spec in self.rs.zones.items():
                if not spec.shared and spec.kind in ("pile", "hand"):
                    row[spec.term] = len(s.zones[self.zkey(p, z)])
            for w in self.d.win:
                if w.kind == "breached" and self.rs.zones[w.args["zone"]].kind not in ("pile", "hand"):
                    row[self.zone_term(w.args["zone"])] = len(s.zones[self.zkey(p, w.args["zone"])])
            players.append(row)
        return {"players": players, "shared": {}, "badges": {}}


# `Term` is re-exported for the text module's callers.
__all__ = ["Declared", "Term", "player_name"]
