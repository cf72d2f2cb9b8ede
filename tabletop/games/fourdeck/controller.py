"""The controller of fourdeck (四つの山札), the four-deck game of the sWIKI rules page.

There is no hand. Each player has four face-down decks: Level 1, 2 and 3 (with HP 6/10/14) and
a spell deck. A deck at 0 HP puts its top card onto its owner's field and its HP is restored.
Players hurt their own decks (damage phase) to bring units out and attack the opponent's decks
to push the opponent's units out; a field whose total cost reaches 8 rebels (loses), an empty
one (cost 0) is ruined (loses). Rule ids FD-Rn and decisions FD-Dn: docs/rules/fourdeck.md.

Deck HP lives in `s.players[p]["hp_lv1" | "hp_lv2" | "hp_lv3"]`; the partner unit carries the
card flag `partner`; the right to declare exhaustion victory is `s.data["claim"]`.
"""
from __future__ import annotations

from tabletop.engine import Action, Controller, register
from tabletop.engine.effects import BATCH, OPS, QUEUE, EffectsMixin, register_op
from tabletop.engine.msg import msg
from tabletop.engine.state import copy_json, split_key

LEVELS = ("lv1", "lv2", "lv3")          # the decks with HP (FD-R3); the spell deck has none
UNBREAKABLE = "不屈"                     # keyword: cannot be destroyed (like the partner, FD-R9)
DOUBLE = "連撃"                          # keyword: may attack twice per turn (card beats FD-D1)
NO_PARTNER = "パートナー不可"              # keyword: may not be chosen as the partner unit
TRIGGERS = ("enter", "destroyed", "attack", "activate", "cast", "start_of_turn")


def _dispatch(name: str):
    """Return an op function that calls the controller's `op_<name>` (so another ruleset may
    register an op of the same name for its own controller without breaking this one)."""
    def fn(ctl, s, ctx):
        getattr(ctl, "op_" + name)(s, ctx)
    return fn


register_op("deck_damage", _dispatch("deck_damage"), "zone")   # n damage to a deck (FD-R3 applies)
register_op("deck_heal", _dispatch("deck_heal"), "zone")       # restore n HP, up to the maximum
register_op("to_deck", _dispatch("to_deck"), "card")           # a field unit → bottom of its home deck
register_op("peek", _dispatch("peek"), "zone")                 # look at the top card of a deck (FD-R7)
register_op("win_if", _dispatch("win_if"))                     # win with n units of a type (FD-R20)


@register
class FourDeck(EffectsMixin, Controller):
    id = "fourdeck"
    LIVE_STATS = ("ap",)
    EFFECT_ZONES = ("field",)

    def __init__(self, ruleset):
        super().__init__(ruleset)
        p = self.params
        self.max_hp = {d: int(p["deck_hp"][d]) for d in LEVELS}
        self.max_self = int(p.get("max_self_damage", 3))
        self.rebellion = int(p.get("rebellion_cost", 8))
        self.exhaustion = int(p.get("exhaustion_cards", 16))
        # Actions are immutable values: build the fixed ones once, the per-card ones on first use.
        self._damage_cands = [[Action.make("damage", p, target_zone=f"{p}.{d}", amount=n)
                               for d in LEVELS for n in range(self.max_self + 1)] + [Action.make("end_phase", p)]
                              for p in (0, 1)]
        self._end_turn = [Action.make("end_turn", p) for p in (0, 1)]
        self._acts: dict = {}
        self._decks = [frozenset(f"{p}.{d}" for d in LEVELS) for p in (0, 1)]   # each player's HP decks
        self._amounts = frozenset(range(self.max_self + 1))
        self._stats = {cid: {k: v for k, v in d.stats.items() if isinstance(v, int)} for cid, d in ruleset.cards.items()}
        # Effect steps by card and trigger, built once (actions() asks "can this activate?" often).
        self.steps: dict[str, dict[str, list]] = {}
        for cid, d in ruleset.cards.items():
            by = {}
            for e in d.effects:
                by.setdefault(e.get("on"), []).append(copy_json(dict(e)))
            self.steps[cid] = by

    # --- deck rules ------------------------------------------------------------------------
    @classmethod
    def check_deck(cls, deck, rs):
        """Check what the generic section rules cannot: one copy of a NAME across all four decks
        (FD-R6), cards that name their own deck (FD-R2), and a possible partner (FD-R9)."""
        problems = []
        rows_by_name: dict[str, list] = {}
        for sec, rows in deck.sections.items():
            for cid, n, line in rows:
                card = rs.cards[cid]
                home = card.get("deck_section")
                if home and home != sec and sec in rs.deck:
                    problems.append((line, msg("{card}: the card says it goes in the {home}, not the {section} (FD-R2)",
                                               card=cid, home=rs.section_term(home), section=rs.section_term(sec))))
                rows_by_name.setdefault(card.name, []).append((sec, cid, n, line))
        for name, rows in rows_by_name.items():
            if len(rows) < 2:
                continue   # one row: the per-section copy limit already checks it
            card = rs.cards[rows[0][1]]
            limit = None if card.copies == "any" else (card.copies if isinstance(card.copies, int) else 1)
            total = sum(r[2] for r in rows)
            if limit is not None and total > limit:
                problems.append((rows[1][3], msg('{card}: {total} cards named "{name}" in the deck, at most {limit} '
                                                 "allowed (FD-R6)", card=rows[1][1], total=total, name=name, limit=limit)))
        lv1 = deck.sections.get("lv1", [])
        if lv1 and all(NO_PARTNER in rs.cards[cid].keywords for cid, _, _ in lv1):
            problems.append((lv1[0][2], msg("the Level 1 deck needs a card that can be the partner unit (FD-R9)")))
        return problems

    # --- setting up ----------------------------------------------------------------------
    def init(self, s, options):
        for p in (0, 1):
            for d in LEVELS:
                s.players[p].setdefault("hp_" + d, self.max_hp[d])
        s.data.setdefault("claim", None)          # who may declare exhaustion victory (FD-R18/D5)
        s.data.setdefault("spell_turn", [0, 0])   # the turn each player last used a spell (FD-R12)

    def setup(self, s, options):
        s.phase, s.turn = "setup", 0
        how = (options or {}).get("first_player") or "coin"
        if how in ("p1", "p2"):
            self.log(s, msg("P{n} goes first (agreed, FD-R8)", n=1 if how == "p1" else 2))
            self._order_decided(s, 0 if how == "p1" else 1)
            return
        # The seeded coin stands in for janken; its winner chooses first or second (FD-R8, FD-D10).
        winner = 0 if self.coin(s, msg("janken (FD-R8)")) else 1
        self.log(s, msg("P{n} wins janken and chooses to go first or second (FD-R8)", n=winner + 1))
        self.ask(s, winner, "choose_order", msg("P{n}: go first or second? (FD-R8)", n=winner + 1))

    def _order_decided(self, s, first: int) -> None:
        s.first = s.active = first
        # Each player looks through their own Level 1 deck to choose the partner (FD-R9, FD-D7).
        for p in (first, 1 - first):
            for u in s.zones[f"{p}.lv1"]:
                self.reveal_to(s, u, p)
            self.ask(s, p, "choose_partner", msg("P{n}: choose your partner unit from your Level 1 deck (FD-R9)", n=p + 1),
                     public_prompt=msg("P{n} is choosing a partner unit (FD-R9)", n=p + 1))

    def _start_turn(self, s, p: int) -> None:
        s.active = p
        s.turn += 1
        s.phase = "damage"
        for u in s.zones[f"{p}.field"]:
            c = s.cards[u]
            c.tapped = False                       # FD-D1: units ready again each own turn
            c.flags.pop("swung", None)
        self.log(s, msg("turn {turn}: P{n} — {phase}", turn=s.turn, n=p + 1, phase=self.rs.phase_term("damage")),
                 kind="turn", player=p)
        for u in list(s.zones[f"{p}.field"]):
            self._trigger(s, u, "start_of_turn")
        self.resolve_effects(s)

    # --- candidates ------------------------------------------------------------------------
    def actions(self, s, p):
        if s.pending:
            pend = s.pending[0]
            if pend["player"] != p:
                return []
            kind = pend["kind"]
            if kind == "effect_target":
                return self.effect_actions(s, p)
            if kind == "choose_order":
                return [Action.make("choose_order", p, choice="first"), Action.make("choose_order", p, choice="second")]
            if kind == "choose_partner":
                # By card id, not uid: the choice is offered as buttons naming the cards, and the
                # card is one the chooser looks at inside a face-down pile.
                seen = dict.fromkeys(s.cards[u].cid for u in reversed(s.zones[f"{p}.lv1"]))
                return [Action.make("choose_partner", p, choice=cid) for cid in seen]
            if kind == "claim":
                return [Action.make("declare_victory", p), Action.make("decline_victory", p)]
            return []
        if p != s.active:
            return []
        # Candidates skip what is plainly refused (tapped units, attacks in the first turns, a second
        # spell): they cost time on every action, and drop_action builds those moves itself so a
        # drag still gets its reason (FD-D1, FD-R10, FD-R12).
        if s.phase == "damage":
            return self._damage_cands[p]
        if s.phase != "battle":
            return []
        out = []
        field = s.zones[f"{p}.field"]
        if s.turn > 2:
            for u in field:
                if not s.cards[u].tapped:
                    out += self._attacks(p, u)
        for u in field:
            c = s.cards[u]
            if "activate" in self.steps[c.cid] and self.can_activate(s, c):
                out.append(self._cached("activate", p, u))
        if s.turn != 1 and s.data["spell_turn"][p] != s.turn:
            for u in s.zones[f"{p}.spell"]:
                out.append(self._cached("cast", p, u))
        if s.data.get("claim") == p:
            out.append(Action.make("declare_victory", p))
        out.append(self._end_turn[p])
        return out

    def _attacks(self, p: int, u: int) -> list:
        key = ("attack", p, u)
        acts = self._acts.get(key)
        if acts is None:
            acts = self._acts[key] = [Action.make("attack", p, card=u, target_zone=f"{1 - p}.{d}") for d in LEVELS]
        return acts

    def _cached(self, kind: str, p: int, u: int) -> Action:
        key = (kind, p, u)
        a = self._acts.get(key)
        if a is None:
            a = self._acts[key] = Action.make(kind, p, card=u)
        return a

    # --- checks shared by the turn actions ---------------------------------------------------
    def _turn_check(self, s, a, phase: str):
        if s.pending:
            return msg("first answer: {prompt}", prompt=s.pending[0]["prompt"])
        if a.player != s.active:
            return msg("it is P{n}'s turn", n=s.active + 1)
        if s.phase != phase:
            return msg("only in the {phase} (now: {now})", phase=self.rs.phase_term(phase), now=self.rs.phase_term(s.phase))
        return None

    def _own_field_unit(self, s, a):
        c = s.cards.get(a["card"])
        if c is None or c.zone != f"{a.player}.field":
            return None
        return c

    # --- setup answers ----------------------------------------------------------------------
    def check_choose_order(self, s, a):
        if not s.pending or s.pending[0]["kind"] != "choose_order" or s.pending[0]["player"] != a.player:
            return msg("nobody asked you to choose first or second")
        return None if a["choice"] in ("first", "second") else msg("choose first or second (FD-R8)")

    def do_choose_order(self, s, a):
        s.pending.pop(0)
        first = a.player if a["choice"] == "first" else 1 - a.player
        self.log(s, msg("P{n} chooses to go first: P{first} is the first player (FD-R8)" if a["choice"] == "first"
                        else "P{n} chooses to go second: P{first} is the first player (FD-R8)",
                        n=a.player + 1, first=first + 1))
        self._order_decided(s, first)

    def check_choose_partner(self, s, a):
        if not s.pending or s.pending[0]["kind"] != "choose_partner" or s.pending[0]["player"] != a.player:
            return msg("you are not choosing a partner now")
        u = self._partner_card(s, a.player, a["choice"])
        if u is None:
            return msg("the partner unit comes from your own Level 1 deck (FD-R9)")
        if NO_PARTNER in self.card_def(s, u).keywords:
            return msg("{card} says it cannot be a partner unit (FD-R1)", card=self.card_ref(s, u, a.player))
        return None

    def _partner_card(self, s, p: int, cid) -> int | None:
        for u in reversed(s.zones[f"{p}.lv1"]):
            if s.cards[u].cid == cid:
                return u
        return None

    def do_choose_partner(self, s, a):
        """Keep the choice hidden until both players have chosen, then put both partners onto the
        field at once (FD-R9, FD-D15): the first chooser's card waits in a private 'partner_hold'
        entry, which only its owner's view shows."""
        s.pending.pop(0)
        p = a.player
        u = self._partner_card(s, p, a["choice"])
        if any(x["kind"] == "choose_partner" for x in s.pending):
            self.ask(s, p, "partner_hold", msg("Your partner is {card} (revealed when both have chosen)",
                                               card=self.card_ref(s, u, p)),
                     public_prompt=msg("P{n} has chosen a partner unit (hidden until both have chosen)", n=p + 1),
                     choice=u)
            self.log(s, msg("P{n} has chosen a partner unit (hidden until both have chosen, FD-R9)", n=p + 1),
                     {p: msg("P{n} chooses {card} as partner unit (hidden from the opponent until both have "
                             "chosen)", n=p + 1, card=self.card_ref(s, u, p))})
            return
        chosen = {p: u}
        for x in [x for x in s.pending if x["kind"] == "partner_hold"]:
            q, v = x["player"], x.get("choice")
            if v is None or v not in s.zones[f"{q}.lv1"]:
                # A bot's determinized world holds only the public part of the opponent's hold:
                # it guesses the first card that may be a partner.
                v = next(w for w in reversed(s.zones[f"{q}.lv1"])
                         if NO_PARTNER not in self.card_def(s, w).keywords)
            chosen[q] = v
            s.pending.remove(x)
        order = [q for q in (s.first, 1 - s.first) if q in chosen]
        for q in order:                            # both revealed together: 場に出します (FD-R9)
            v = chosen[q]
            self.move(s, v, f"{q}.field", face_up=True)
            s.cards[v].flags["partner"] = True
            self.log(s, msg("P{n} reveals the partner unit: {card} (FD-R9)", n=q + 1,
                            card=self.card_ref(s, v, "all")), kind="enter", card=v)
        for q in order:
            for d in LEVELS + ("spell",):        # FD-D7: then every deck is shuffled
                self.shuffle(s, f"{q}.{d}")
        for q in order:                            # FD-D15: put onto the field, so 場に出たとき fires
            self._trigger(s, chosen[q], "enter")
        s.data["partners_out"] = True
        self.resolve_effects(s)

    # --- damage phase (FD-R11) ---------------------------------------------------------------
    def check_damage(self, s, a):
        r = self._turn_check(s, a, "damage")
        if r:
            return r
        z, n = a["target_zone"], a["amount"]
        if z not in self._decks[a.player]:
            if z == f"{a.player}.spell":
                return msg("the spell deck has no HP (FD-R3)")
            return msg("choose one of your own Level 1, 2 or 3 decks (FD-R11)")
        if isinstance(n, bool) or n not in self._amounts:
            return msg("reduce the HP by 0 to {most} (FD-R11)", most=self.max_self)
        return None

    def do_damage(self, s, a):
        self.log(s, msg("{phase}: P{n} damages {zone} by {amount} (FD-R11)", phase=self.rs.phase_term("damage"),
                        n=a.player + 1, zone=self.zone_label(a["target_zone"]), amount=a["amount"]))
        self.damage_deck(s, a["target_zone"], a["amount"])
        s.phase = "battle"
        self.resolve_effects(s)

    def check_end_phase(self, s, a):
        return self._turn_check(s, a, "damage")

    def do_end_phase(self, s, a):
        self.log(s, msg("P{n} deals no damage to their decks (0, FD-R11)", n=a.player + 1))
        s.phase = "battle"

    # --- battle phase (FD-R12, R14, R15) -----------------------------------------------------
    def check_attack(self, s, a):
        r = self._turn_check(s, a, "battle")
        if r:
            return r
        c = self._own_field_unit(s, a)
        if c is None:
            return msg("attack with one of your units on the field (FD-R14)")
        if s.turn <= 2:
            return msg("neither player may attack in their first turn (FD-R10)")
        if c.tapped:
            return msg("this unit is {tapped}: each unit attacks once per turn (FD-D1)", tapped=self.rs.word("tapped"))
        if a["target_zone"] not in self._decks[1 - a.player]:
            return msg("attack one of the opponent's Level 1, 2 or 3 decks (FD-R14)")
        return None

    def do_attack(self, s, a):
        u, z = a["card"], a["target_zone"]
        c = s.cards[u]
        if self.card_def(s, u).has(DOUBLE) and not c.flags.get("swung"):
            c.flags["swung"] = True                # 連撃: the first of two attacks leaves it ready
        else:
            self.tap(s, u)
        n = self.stat(s, u, "ap")
        self.log(s, msg("P{n}: {card} attacks {zone} for {damage} (FD-R14)", n=a.player + 1,
                        card=self.card_ref(s, u, "all"), zone=self.zone_label(z), damage=n), kind="attack",
                 card=u, zone=z)
        self.damage_deck(s, z, n)
        self._trigger(s, u, "attack")              # FD-D14: "after attacking" effects
        self.resolve_effects(s)

    def check_cast(self, s, a):
        r = self._turn_check(s, a, "battle")
        if r:
            return r
        c = s.cards.get(a["card"])
        if c is None or c.zone != f"{a.player}.spell":
            return msg("use a spell from your own spell deck (FD-R15)")
        if s.turn == 1:
            return msg("the first player may not use a spell in their first turn (FD-R10)")
        if s.data["spell_turn"][a.player] == s.turn:
            return msg("only one spell per turn (FD-R12)")
        return None

    def do_cast(self, s, a):
        p, u = a.player, a["card"]
        s.data["spell_turn"][p] = s.turn
        self.move(s, u, f"{p}.grave", face_up=True)   # FD-R15: used spells are destroyed
        self.log(s, msg("P{n} uses the spell {card} (it goes to the graveyard, FD-R15)", n=p + 1,
                        card=self.card_ref(s, u, "all")), kind="spell", card=u)
        self._trigger(s, u, "cast", p)
        self.resolve_effects(s)

    def activate_terms(self, cid: str) -> tuple[bool, bool]:
        """Return (taps, once per turn) of a card's 起動: what its text asks, nothing by rule (FD-D13).

        A card says it on its first activate step: `cost: tap` (「このユニットを行動済みにする」) or
        `limit: once_per_turn` (「1ターンに1回」).
        """
        steps = self.steps[cid].get("activate") or [{}]
        return steps[0].get("cost") == "tap", steps[0].get("limit") == "once_per_turn"

    def can_activate(self, s, c) -> bool:
        taps, once = self.activate_terms(c.cid)
        return not (taps and c.tapped) and not (once and c.flags.get("activated") == s.turn)

    def check_activate(self, s, a):
        r = self._turn_check(s, a, "battle")
        if r:
            return r
        c = self._own_field_unit(s, a)
        if c is None:
            return msg("activate one of your units on the field (FD-D13)")
        if "activate" not in self.steps[c.cid]:
            return msg("{card} has no effect to activate (FD-D13)", card=self.card_ref(s, c.uid, a.player))
        taps, once = self.activate_terms(c.cid)
        if taps and c.tapped:
            return msg("{card}'s {activate} makes it {tapped} and it already is (card text, FD-D13)",
                       card=self.card_ref(s, c.uid, a.player), activate=self.rs.word("keyword.activate"),
                       tapped=self.rs.word("tapped"))
        if once and c.flags.get("activated") == s.turn:
            return msg("{card}'s {activate} is {once} (card text, FD-D13)", card=self.card_ref(s, c.uid, a.player),
                       activate=self.rs.word("keyword.activate"), once=self.rs.word("keyword.once_per_turn"))
        return None

    def do_activate(self, s, a):
        u = a["card"]
        taps, once = self.activate_terms(s.cards[u].cid)
        if taps:
            self.tap(s, u)                         # FD-D13: only when its text says so
        if once:
            s.cards[u].flags["activated"] = s.turn
        self.log(s, msg("P{n} activates {card} ({activate}, FD-D13)", n=a.player + 1, card=self.card_ref(s, u, "all"),
                        activate=self.rs.word("keyword.activate")), card=u)
        self._trigger(s, u, "activate")
        self.resolve_effects(s)

    def check_end_turn(self, s, a):
        return self._turn_check(s, a, "battle")

    def do_end_turn(self, s, a):
        s.phase = "end"
        self.expire_mods(s, "end_of_turn")
        self.log(s, msg("P{n}: {phase} (FD-R13)", n=a.player + 1, phase=self.rs.phase_term("end")))
        self._start_turn(s, 1 - a.player)          # FD-R13

    # --- exhaustion (FD-R18, FD-D5) ----------------------------------------------------------
    def check_declare_victory(self, s, a):
        if s.pending and not (s.pending[0]["kind"] == "claim" and s.pending[0]["player"] == a.player):
            return msg("first answer: {prompt}", prompt=s.pending[0]["prompt"])
        if s.data.get("claim") != a.player:
            return msg("only the player who put out the 16th card may declare victory (FD-R18)")
        if self.field_count(s) < self.exhaustion:
            return msg("the fields hold fewer than {count} cards (FD-R18)", count=self.exhaustion)
        return None

    def do_declare_victory(self, s, a):
        if s.pending and s.pending[0]["kind"] == "claim":
            s.pending.pop(0)
        self.win(s, a.player, msg("P{n} declares victory: {exhaustion}, {count} cards on the fields (FD-R18)",
                                  n=a.player + 1, exhaustion=self.rs.word("value.exhaustion"),
                                  count=self.field_count(s)))

    def check_decline_victory(self, s, a):
        if not s.pending or s.pending[0]["kind"] != "claim" or s.pending[0]["player"] != a.player:
            return msg("no victory declaration is offered to you now (FD-R18)")
        return None

    def do_decline_victory(self, s, a):
        s.pending.pop(0)
        self.log(s, msg("P{n} does not declare victory now (the right stays while the fields hold {count}+ cards, "
                        "FD-D18)", n=a.player + 1, count=self.exhaustion))

    def execute(self, s, a):
        before = self.field_count(s)
        super().execute(s, a)
        if s.outcome is None and before < self.exhaustion <= self.field_count(s) and s.phase != "setup":
            s.data["claim"] = a.player             # FD-D5: whose action brought the 16th card out
            self.log(s, msg("the fields hold {count} cards: P{n} may declare victory ({exhaustion}, FD-R18)",
                            count=self.field_count(s), n=a.player + 1, exhaustion=self.rs.word("value.exhaustion")))
            s.pending = [p for p in s.pending if p["kind"] != "claim"]
            self.ask(s, a.player, "claim", msg("P{n}: declare victory by {exhaustion}? (FD-R18)", n=a.player + 1,
                                               exhaustion=self.rs.word("value.exhaustion")))

    # --- the game's table operations ---------------------------------------------------------
    def stat(self, s, uid: int, name: str) -> int:
        """Return a card's printed stat plus its modifiers, never below 0 (FD-D8)."""
        c = s.cards[uid]
        v = self._stats[c.cid].get(name, 0)
        mods = c.flags.get("mods")
        if mods:
            v += sum(m["n"] for m in mods if m["stat"] == name)
        return v if v > 0 else 0

    def field_cost(self, s, p: int) -> int:
        return sum(self.stat(s, u, "cost") for u in s.zones[f"{p}.field"])

    def field_count(self, s) -> int:
        return len(s.zones["0.field"]) + len(s.zones["1.field"])

    def damage_deck(self, s, key: str, n: int) -> None:
        """Reduce a deck's HP; at 0 its top card comes out and the HP is restored (FD-R3, D2, D3, R19)."""
        p, d = split_key(key)
        if d not in LEVELS or n <= 0:
            return
        hk = "hp_" + d
        hp = s.players[p][hk]
        if hp > n:
            s.players[p][hk] = hp - n
            self.log(s, msg("{zone}: HP {before} → {after} (FD-R3)", zone=self.zone_label(key), before=hp, after=hp - n),
                     kind="deck_hp", zone=key)
            return
        lost = n - hp
        text = (msg("{zone}: HP {before} → 0 ({lost} damage beyond 0 is lost, FD-D2)", zone=self.zone_label(key),
                    before=hp, lost=lost) if lost else
                msg("{zone}: HP {before} → {after} (FD-R3)", zone=self.zone_label(key), before=hp, after=0))
        self.log(s, text, kind="deck_hp", zone=key)
        if d == "lv3" and not any(s.zones[f"{p}.{x}"] for x in LEVELS):
            s.data.setdefault("declined", []).append(p)      # FD-R19, checked at once (FD-D24)
            self.log(s, msg("P{n}'s decks are all empty and the Level 3 deck fell to 0: {decline} (FD-R19)", n=p + 1,
                            decline=self.rs.word("value.decline")))
            self.check_losses(s)
        pile = s.zones[key]
        if pile:
            self.enter_field(s, pile[-1], msg("{zone} fell to 0 HP, FD-R3", zone=self.zone_label(key)))
        else:
            self.log(s, msg("{zone} is empty: nothing comes out (FD-D3)", zone=self.zone_label(key)))
        s.players[p][hk] = self.max_hp[d]
        self.log(s, msg("{zone}: HP restored to {hp} (FD-R3)", zone=self.zone_label(key), hp=self.max_hp[d]),
                 kind="deck_hp", zone=key)

    def enter_field(self, s, uid: int, why) -> None:
        """Put a card onto its owner's field face up and queue its 'enter' effects."""
        c = s.cards[uid]
        self.move(s, uid, f"{c.owner}.field", face_up=True)
        self.log(s, msg("{card} comes out onto P{n}'s field ({why})", card=self.card_ref(s, uid, "all"), n=c.owner + 1,
                        why=why), kind="enter", card=uid)
        self.check_losses(s)                       # FD-D24: 反乱 before its own enter effect resolves
        if s.outcome is None:
            self._trigger(s, uid, "enter")

    def home_deck(self, s, uid: int) -> str:
        d = self.card_def(s, uid)
        if d.kind == "spell":
            return "spell"
        return d.get("deck_section") or f"lv{min(3, max(1, int(d.get('cost') or 1)))}"

    def indestructible(self, s, uid: int) -> bool:
        c = s.cards[uid]
        return bool(c.flags.get("partner")) or self.card_def(s, uid).has(UNBREAKABLE)

    def _leave_field(self, s, uid: int) -> None:
        flags = s.cards[uid].flags
        flags.pop("mods", None)                  # FD-D17: modifiers end when a card leaves the field
        flags.pop("swung", None)
        flags.pop("activated", None)

    def _trigger(self, s, uid: int, trigger: str, player: int | None = None) -> None:
        """Queue a card's steps for `trigger` (resolved by the current action's resolve_effects)."""
        steps = self.steps[s.cards[uid].cid].get(trigger)
        if not steps or s.outcome is not None:
            return
        q = s.data.setdefault(QUEUE, [])
        who = s.cards[uid].owner if player is None else player
        for step in steps:
            q.append({"source": uid, "player": who, "step": copy_json(step), "event": {}})

    # --- effect hooks: what the shared ops mean here ------------------------------------------
    def effect_candidates(self, s, ctx, spec):
        if isinstance(spec, dict) and spec.get("decks"):
            me = ctx["player"]
            players = {"own": [me], "enemy": [1 - me], "any": [me, 1 - me]}.get(spec.get("side", "own"), [me])
            return [f"{p}.{d}" for p in players for d in spec["decks"]]
        out = super().effect_candidates(s, ctx, spec)
        if isinstance(spec, dict) and spec.get("not_partner"):
            out = [u for u in out if not s.cards[u].flags.get("partner")]
        if ctx["step"].get("do") == "destroy":
            out = [u for u in out if not self.indestructible(s, u)]   # FD-R1: "cannot" wins
        return out

    def _zone_choice(self, p) -> bool:
        return bool(p["options"]) and isinstance(p["options"][0], str)

    def effect_actions(self, s, player):
        if not s.pending or s.pending[0]["kind"] != "effect_target" or s.pending[0]["player"] != player:
            return []
        p = s.pending[0]
        if not self._zone_choice(p):
            return super().effect_actions(s, player)
        out = [Action.make("choose_target", player, target_zone=z) for z in p["options"]]
        if p.get("optional"):
            out.append(Action.make("skip_effect", player))
        return out

    def check_choose_target(self, s, a):
        p = self._effect_pending(s, a)
        if p is not None and self._zone_choice(p):
            return None if a.get("target_zone") in p["options"] else msg("choose one of the decks offered")
        return super().check_choose_target(s, a)

    def do_choose_target(self, s, a):
        p = s.pending[0]
        if not self._zone_choice(p):
            return super().do_choose_target(s, a)
        s.pending.pop(0)
        item = p["item"]
        self._run(s, OPS[item["step"]["do"]][0], {**item, "target": a["target_zone"]})
        self.after_step(s)
        self.resolve_effects(s)

    def fx_destroy(self, s, uid, ctx):
        c = s.cards[uid]
        if c.zone != f"{c.owner}.field":
            return
        if self.indestructible(s, uid):
            self.log(s, msg("{card} cannot be destroyed (FD-R9/FD-R1)", card=self.card_ref(s, uid, "all")))
            return
        self._leave_field(s, uid)
        self.move(s, uid, f"{c.owner}.grave", face_up=True)
        self.log(s, msg("{card} is destroyed and goes to the graveyard (FD-R21)", card=self.card_ref(s, uid, "all")),
                 kind="destroy", card=uid)
        self._trigger(s, uid, "destroyed")         # FD-R21: on-destroy effects fire

    def fx_exile(self, s, uid, ctx):
        c = s.cards[uid]
        if c.zone != f"{c.owner}.field":
            return
        self._leave_field(s, uid)
        self.move(s, uid, f"{c.owner}.exile", face_up=True)
        self.log(s, msg("{card} is exiled: out of the game, nothing fires (FD-R21)", card=self.card_ref(s, uid, "all")),
                 kind="exile", card=uid)

    def fx_bounce(self, s, uid, ctx):
        self.op_to_deck(s, {**ctx, "target": uid})   # there is no hand (FD-R4)

    def op_deck_damage(self, s, ctx):
        self.damage_deck(s, ctx["target"], int(ctx["step"].get("n", 1)))

    def op_deck_heal(self, s, ctx):
        key = ctx["target"]
        p, d = split_key(key)
        if d not in LEVELS:
            return
        hk = "hp_" + d
        before = s.players[p][hk]
        s.players[p][hk] = min(self.max_hp[d], before + int(ctx["step"].get("n", 1)))
        self.log(s, msg("{zone}: HP {before} → {after} (FD-R3)", zone=self.zone_label(key), before=before,
                        after=s.players[p][hk]), kind="deck_hp", zone=key)

    def op_to_deck(self, s, ctx):
        uid = ctx["target"]
        c = s.cards.get(uid)
        if c is None or c.zone != f"{c.owner}.field":
            return
        self._leave_field(s, uid)
        c.flags.pop("partner", None)
        name = self.card_ref(s, uid, "all")   # named while it is still face up on the field
        dest = f"{c.owner}.{self.home_deck(s, uid)}"
        self.move(s, uid, dest, index=0, face_up=False)
        self.log(s, msg("{card} returns to the bottom of {zone}", card=name, zone=self.zone_label(dest)),
                 kind="move", card=uid)

    def op_peek(self, s, ctx):
        key = ctx["target"]
        pile = s.zones.get(key)
        p = ctx["player"]
        if not pile:
            self.log(s, msg("P{n} looks at {zone}: it is empty", n=p + 1, zone=self.zone_label(key)))
            return
        self.reveal_to(s, pile[-1], p)
        self.log(s, msg("P{n} looks at the top card of {zone}", n=p + 1, zone=self.zone_label(key)),
                 {p: msg("P{n} looks at the top card of {zone}: {card}", n=p + 1, zone=self.zone_label(key),
                         card=self.card_ref(s, pile[-1], p))})

    def op_win_if(self, s, ctx):
        p, st = ctx["player"], ctx["step"]
        tag, n = st.get("tag"), int(st.get("n", 1))
        have = sum(1 for u in s.zones[f"{p}.field"] if tag in self.card_def(s, u).tags)
        if have >= n:
            self.win(s, p, msg("P{n} wins by the effect of {card}: {count} {tag} units on the field (FD-R20)",
                               n=p + 1, card=self.card_ref(s, ctx["source"], "all"), count=have, tag=tag))
        else:
            self.log(s, msg("{card}: only {count} {tag} units (needs {need}) — nothing happens (FD-R20)",
                            card=self.card_ref(s, ctx["source"], "all"), count=have, tag=tag, need=n))

    # --- win and loss: as soon as a condition is met (FD-R16, R17, R19, D4) -------------------
    def after(self, s):
        if s.outcome is not None:
            return
        if s.phase == "setup":
            # The first turn starts once both partners are out and their enter effects resolved (FD-D15).
            if s.data.get("partners_out") and not s.pending and not s.data.get(QUEUE):
                s.data.pop("partners_out")
                self._start_turn(s, s.first)
                self.after(s)
            return
        self.check_losses(s)
        if s.outcome is not None:
            return
        if s.data.get("claim") is not None and self.field_count(s) < self.exhaustion:
            s.data["claim"] = None                 # FD-D18: the right lapses below 16 cards
            s.pending = [x for x in s.pending if x["kind"] != "claim"]

    def check_losses(self, s) -> None:
        """End the game if a player meets a loss condition now (FD-D4): called the moment a card
        enters or leaves a field, a deck falls, or an effect step changes anything, so a loss is
        never undone by a triggered effect that would otherwise resolve first (FD-D24)."""
        if s.outcome is not None or s.phase == "setup" or s.data.get(BATCH):
            return                                 # (one step hitting several decks is one event)
        losers = {}
        for p in (0, 1):
            cost = self.field_cost(s, p)
            if cost >= self.rebellion:
                losers[p] = msg("{rebellion}: field cost {cost} ≥ {limit} (FD-R16)",
                                rebellion=self.rs.word("value.rebellion"), cost=cost, limit=self.rebellion)
            elif cost == 0:
                losers[p] = msg("{ruin}: field cost 0 (FD-R17)", ruin=self.rs.word("value.ruin"))
        for p in s.data.pop("declined", []):
            losers.setdefault(p, msg("{decline}: every deck empty and the Level 3 deck at 0 HP (FD-R19)",
                                     decline=self.rs.word("value.decline")))
        if len(losers) == 2:
            self.win(s, None, msg("both lose at once (FD-D4): P1 {first}; P2 {second}", first=losers[0],
                                  second=losers[1]))
            return
        if losers:
            (p, why), = losers.items()
            self.win(s, 1 - p, msg("P{n} loses — {why}", n=p + 1, why=why))
        if s.outcome is not None:
            s.pending = []                         # nothing is left to answer once the game is over
            s.data.pop(QUEUE, None)

    def after_step(self, s) -> None:
        self.check_losses(s)                       # FD-D24: a step that changes a field is checked at once

    def ask(self, s, player, kind, prompt, **data):
        """Ask a choice; effect targets get a prompt that says what the chosen thing will suffer."""
        if kind == "effect_target":
            item = data["item"]
            prompt = msg("{card}: {step}", card=self.card_ref(s, item["source"], "all"),
                         step=self._step_prompt(item["step"]))
            data.setdefault("public_prompt", prompt)
        super().ask(s, player, kind, prompt, **data)

    def _step_prompt(self, st):
        """Return what choosing a target of step `st` will do to it, as a message."""
        op, n = st.get("do"), st.get("n", 1)
        if op == "deck_damage":
            text = msg("choose a deck to take {n} damage", n=n)
        elif op == "deck_heal":
            text = msg("choose a deck to heal by {n}", n=n)
        elif op == "to_deck":
            text = msg("choose a unit to return under its deck")
        elif op == "destroy":
            text = msg("choose a unit to destroy")
        elif op == "exile":
            text = msg("choose a unit to exile")
        elif op == "untap":
            text = msg("choose a unit to make {untapped}", untapped=self.rs.word("untapped"))
        elif op == "peek":
            text = msg("choose a deck to look at")
        elif op == "modify":
            stat = st.get("stat")
            label = self.rs.field_term("unit", stat)
            return msg("{stat} {n:+d}: choose a unit", stat=label, n=int(n))
        else:
            text = msg("choose a target ({op})", op=op)
        return msg("{choice} (optional)", choice=text) if st.get("optional") else text

    # --- the table: panels, zone texts, badges, words -----------------------------------------
    def public(self, s, viewer):
        players, zones, badges = [], {}, {}
        for p in (0, 1):
            cost = self.field_cost(s, p)
            row = {self.rs.word("value.field_cost"): f"{cost} / {self.rebellion}"}
            for d in LEVELS:
                key = f"{p}.{d}"
                hp, n = s.players[p]["hp_" + d], len(s.zones[key])
                text = msg("HP {hp}/{most} · {n} cards", hp=hp, most=self.max_hp[d], n=n)
                row[self.rs.zones[d].term] = text
                zones[key] = text
            n_sp = len(s.zones[f"{p}.spell"])
            used = s.data["spell_turn"][p] == s.turn and s.turn > 0
            row[self.rs.zones["spell"].term] = (msg("{n} cards (used this turn)", n=n_sp) if used
                                                 else msg("{n} cards", n=n_sp))
            row[msg("{grave}/{exile}", grave=self.rs.zones["grave"].term, exile=self.rs.zones["exile"].term)] = \
                f"{len(s.zones[f'{p}.grave'])} / {len(s.zones[f'{p}.exile'])}"
            players.append(row)
            zones[f"{p}.field"] = msg("{cost} {n}/{most}", cost=self.rs.field_term("unit", "cost"), n=cost,
                                      most=self.rebellion)
            for u in s.zones[f"{p}.field"]:
                c = s.cards[u]
                marks = []
                if c.flags.get("partner"):
                    marks.append(self.rs.word("value.partner"))
                if c.flags.get("mods"):
                    marks.append(msg("{ap} {n_ap} {cost} {n_cost}", ap=self.rs.field_term("unit", "ap"),
                                     n_ap=self.stat(s, u, "ap"), cost=self.rs.field_term("unit", "cost"),
                                     n_cost=self.stat(s, u, "cost")))
                if c.flags.get("swung") and not c.tapped:
                    marks.append(msg("{keyword}: one more attack", keyword=self.rs.word("keyword." + DOUBLE)))
                if marks:
                    badges[u] = marks
        shared = {self.rs.word("value.field_cards"): f"{self.field_count(s)} / {self.exhaustion}"}
        if s.data.get("claim") is not None:
            shared[self.rs.word("value.exhaustion")] = msg("P{n} may declare victory", n=s.data["claim"] + 1)
        return {"players": players, "shared": shared, "badges": badges, "zones": zones}

    def describe(self, s, a, viewer=None):
        k = a.kind
        if k == "damage":
            return msg("damage {zone} by {amount}", zone=self.zone_label(a["target_zone"]), amount=a["amount"])
        if k == "end_phase":
            return msg("no damage (0): on to the {phase}", phase=self.rs.phase_term("battle"))
        if k == "attack":
            u = a["card"]
            return msg("attack: {card} ({ap}) → {zone}", card=self.card_ref(s, u, viewer), ap=self.stat(s, u, "ap"),
                       zone=self.zone_label(a["target_zone"]))
        if k == "cast":
            return msg("use the spell {card}", card=self.card_ref(s, a["card"], viewer))
        if k == "activate":
            return msg("{activate}: {card}", activate=self.rs.word("keyword.activate"),
                       card=self.card_ref(s, a["card"], viewer))
        if k == "choose_order":
            return msg("go first") if a["choice"] == "first" else msg("go second")
        if k == "choose_partner":
            d = self.rs.cards.get(a["choice"])
            shown = viewer is None or viewer == a.player
            if not (d and shown):
                return msg("partner: a card of the Level 1 deck")
            u = self._partner_card(s, a.player, a["choice"])
            name = self.card_ref(s, u, None) if u is not None else d.name   # shown: its chooser sees the Level 1 deck
            if d.kind == "unit":
                return msg("partner: {card} ({ap} {n})", card=name, ap=self.rs.field_term("unit", "ap"), n=d.get("ap"))
            return msg("partner: {card}", card=name)
        if k == "choose_target" and a.get("target_zone"):
            return msg("→ {zone}", zone=self.zone_label(a["target_zone"]))
        if k == "skip_effect":
            return msg("decline (the step is optional)")
        if k == "declare_victory":
            return msg("declare victory ({exhaustion})", exhaustion=self.rs.word("value.exhaustion"))
        if k == "decline_victory":
            return msg("do not declare victory now")
        if k == "end_turn":
            return msg("end the turn ({phase})", phase=self.rs.phase_term("end"))
        return super().describe(s, a, viewer)

    def drop_action(self, s, player, uid, zone, target):
        """Map drags: a unit onto an enemy deck attacks it; a spell onto your field or graveyard
        is used; a looked-at Level 1 card onto your field is chosen as partner."""
        if target is not None and target in s.cards:
            zone = s.cards[target].zone
        c = s.cards.get(uid)
        if c is None:
            return None
        if c.zone == f"{player}.field" and zone in [f"{1 - player}.{d}" for d in LEVELS]:
            return Action.make("attack", player, card=uid, target_zone=zone)
        if c.zone == f"{player}.spell" and zone in (f"{player}.field", f"{player}.grave"):
            return Action.make("cast", player, card=uid)
        if zone == f"{player}.field":
            for a in self.actions(s, player):
                if a.kind == "choose_partner" and a["choice"] == c.cid:
                    return a
        return None
