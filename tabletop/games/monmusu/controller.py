"""The controller of モン娘☆は～れむ カードゲーム (rulesets/monmusu; rules in docs/rules/monmusu.md).

Each player has four columns, a main slot (back) behind a sub slot (front). Monsters are cast
(キャスト, tapped) when they attack or pay a skill cost and recast (リキャスト) in their owner's
recast phase once their CT is complete: the shared time counter (`s.data["time"]`) must have moved
more than CT since the start of the turn in which they were cast (MM-R36). A cast monster keeps
`flags["ct"]` (its CT) and `flags["since"]` (the time at the start of that turn); a destroyed main
monster gets `flags["down"]` (MM-R38).

Battles run as a small state machine in `s.data["battle"]` (steps before → during → decide →
after, MM-R28..R33): between steps, triggered skills ([誘発]) are offered to their owners as
pending `skill_offer` choices (use or pass); an offer is dropped when its card left the place where
the condition was met (MM-R39). Paying mana is the payer's choice (MM-D9): an action that costs mana
waits, when there is something to choose, for a `pay_mana` choice, and `pay_then` finishes it with its
`_paid_<step>` once the mana is cast. Rule ids in refusal messages point to the docs.
"""
from __future__ import annotations

from tabletop.engine import Action, Controller, register
from tabletop.engine.controller import player_name
from tabletop.engine.effects import QUEUE, EffectsMixin, register_op, step_words
from tabletop.engine.msg import Term, msg
from tabletop.engine.state import split_key

MAINS = ("main1", "main2", "main3", "main4")
SUBS = ("sub1", "sub2", "sub3", "sub4")
SLOTS = MAINS + SUBS
SLOT_SET = frozenset(SLOTS)
# Zone keys built once (the hot paths would otherwise format "0.sub1" again and again).
SLOT_KEYS = tuple(tuple(f"{p}.{z}" for z in SLOTS) for p in (0, 1))    # SLOT_KEYS[p][i] is p's SLOTS[i]
MAIN_KEYS = tuple(tuple(f"{p}.{z}" for z in MAINS) for p in (0, 1))
SUB_KEYS = tuple(tuple(f"{p}.{z}" for z in SUBS) for p in (0, 1))
SLOT_OF_KEY = {f"{p}.{z}": z for p in (0, 1) for z in SLOTS}            # "0.sub1" -> "sub1"
# The spaces a normal summon may use, front (sub) row first: the whole battle zone (MM-D1).
SUMMON_KEYS = tuple(SUB_KEYS[p] + MAIN_KEYS[p] for p in (0, 1))
COLUMN = {z: int(z[-1]) for z in SLOTS}
ZONE_GROUPS = {"battle": SLOTS, "subs": SUBS, "mains": MAINS}
ROLES = ("user", "attacker", "defender", "foe")
BATTLE_TRIGGERS = frozenset({"attacked", "before_battle", "during_battle", "before_destroyed",
                             "after_battle", "after_win"})
# The moments of [誘発] skills in the card texts' words (a message each: rendered in the reader's language).
TRIGGER_WORDS = {
    "summoned": msg("after it is summoned"), "awakened": msg("after it awakens"),
    "attacked": msg("when it is attacked"), "before_battle": msg("before battle"),
    "during_battle": msg("during battle"), "before_destroyed": msg("before it is destroyed"),
    "after_battle": msg("after battle"), "after_win": msg("after winning an attack"),
    "destroyed": msg("after it is destroyed"), "end_phase": msg("in the end phase"),
}
PHASE_ACTIONS = {"charge", "home", "cast"}


def _p(p: int) -> str:
    return player_name(p)


@register
class Monmusu(EffectsMixin, Controller):
    id = "monmusu"

    def live_stats(self, s, uid):
        """Return a monster's POW when modifiers or [永続] skills make it differ from the printed one."""
        d = self.rs.cards.get(s.cards[uid].cid)
        if d is None or not isinstance(d.get("pow"), int):
            return {}
        now = self.pow(s, uid)
        return {"pow": now} if now != d.get("pow") else {}
    # Kinds whose candidates `_actions` lists only where their check passes (see `_actions`); the
    # skills are checked as usual: their costs are not known to the candidate loop.
    exact = frozenset({"choose_order", "pick_main", "mulligan", "extra_draw", "charge", "end_phase",
                       "end_turn", "summon", "evolve", "awaken", "attack", "spell", "set_trap",
                       "choose_target", "skip_effect"})
    EFFECT_ZONES = SLOTS

    def __init__(self, ruleset):
        super().__init__(ruleset)
        # Steps of each card by trigger, read once (actions() asks for them often).
        self.steps: dict[str, dict[str, list]] = {}
        for cid, d in ruleset.cards.items():
            by: dict[str, list] = {}
            for e in d.effects:
                by.setdefault(e.get("on"), []).append(e)
            self.steps[cid] = by
        self.hp0 = int(self.params.get("hp", 400))
        # The monster name (MM-R1) of each monster card, and of each card that may be chosen as a main
        # monster: cost-1 monsters (MM-R7). Read constantly, so looked up once.
        self.monster_name = {cid: d.get("monster") for cid, d in ruleset.cards.items() if d.kind == "monster"}
        self.main_choices = {cid: name for cid, name in self.monster_name.items()
                             if ruleset.cards[cid].get("cost") == 1}

    # --- deck rules ------------------------------------------------------------------------
    @classmethod
    def check_deck(cls, deck, rs):
        """Check MM-R4 beyond the generic rules: a cost-1 monster, at most 3 per card name."""
        problems = []
        rows = deck.sections.get("main", [])
        first = rows[0][2] if rows else 1
        if not any(rs.cards[c].kind == "monster" and rs.cards[c].get("cost") == 1 for c, _, _ in rows):
            problems.append((first, msg("the deck needs at least one cost-1 monster ({rule})", rule="MM-R4")))
        by_name: dict[str, int] = {}
        for cid, n, line in rows:
            d = rs.cards[cid]
            if d.copies == "any":
                continue
            by_name[d.name] = by_name.get(d.name, 0) + n
            if by_name[d.name] > 3 and by_name[d.name] - n <= 3:
                problems.append((line, msg("{card}: more than 3 cards of this card name ({rule})",
                                               card=Term(d.name_en or d.name, d.name, card=True), rule="MM-R4")))
        return problems

    # --- state set-up ----------------------------------------------------------------------
    def init(self, s, options):
        for p in (0, 1):
            s.players[p].setdefault("hp", self.hp0)
        for k, v in (("time", 0), ("turn_start", 0), ("charged", False), ("battle", None),
                     ("mulligan", [False, False])):
            s.data.setdefault(k, v)

    def setup(self, s, options):
        for p in (0, 1):
            self.shuffle(s, f"{p}.deck")
        s.phase = "setup"
        winner = 0 if self.coin(s, msg("janken {rule}", rule="MM-R6")) else 1
        self.log(s, msg("{player} wins the janken and chooses first or second ({rule})", player=_p(winner),
                        rule="MM-R6"))
        self.ask(s, winner, "order", msg("You won the janken: choose to go first or second ({rule})", rule="MM-R6"),
                 public_prompt=msg("{player} chooses first or second ({rule})", player=_p(winner), rule="MM-R6"))

    # --- small helpers -----------------------------------------------------------------------
    def d(self, s, uid):
        return self.rs.cards[s.cards[uid].cid]

    def slot_of(self, s, uid) -> str | None:
        """Return the battle slot name of a top card (a monster or a set trap), else None."""
        c = s.cards[uid]
        if c.host is not None:
            return None
        return SLOT_OF_KEY.get(c.zone)

    def place(self, s, uid) -> str:
        """Return where a card is for MM-R39: battle, material, hand, grave, mana, deck."""
        c = s.cards[uid]
        if c.host is not None:
            return "material"
        z = c.zone[c.zone.index(".") + 1:]
        return "battle" if z in SLOT_SET else z

    def top(self, s, p, z):
        pile = s.zones[f"{p}.{z}"]
        return pile[-1] if pile else None

    def is_monster(self, s, uid) -> bool:
        """Return whether a card is a monster in the battle zone (material cards are not, MM-R42)."""
        c = s.cards[uid]
        return (c.host is None and c.zone in SLOT_OF_KEY and c.face_up
                and self.rs.cards[c.cid].kind == "monster")

    def monsters(self, s, p) -> list[int]:
        out = []
        for key in SLOT_KEYS[p]:
            pile = s.zones[key]
            if pile:
                u = pile[-1]
                c = s.cards[u]
                if c.face_up and self.rs.cards[c.cid].kind == "monster":
                    out.append(u)
        return out

    def down(self, s, uid) -> bool:
        return bool(s.cards[uid].flags.get("down"))

    def same_monster(self, s, p, cid) -> int | None:
        """Return the uid of p's battle-zone monster with the same name as card `cid` (MM-R1), if any."""
        name = self.rs.cards[cid].get("monster")
        names = self.monster_name           # (monsters only)
        for key in SLOT_KEYS[p]:            # (the loop of `monsters`, without building its list)
            pile = s.zones[key]
            if pile:
                c = s.cards[pile[-1]]
                if c.face_up and c.cid in names and names[c.cid] == name:
                    return pile[-1]
        return None

    def needs(self, s, uid) -> int:
        """Return how much more time a cast monster needs before its CT is complete (MM-R36)."""
        f = s.cards[uid].flags
        elapsed = s.data["time"] - f.get("since", 0)
        return max(0, f.get("ct", 0) + 1 - elapsed)

    def tick(self, s, why: str) -> None:
        """Advance the shared time counter by 1 (MM-R35)."""
        s.data["time"] += 1
        self.log(s, msg("{time} +1 → {n} ({why})", time=self.rs.word("value.time"), n=s.data["time"], why=why),
                 kind="time", time=s.data["time"])

    def cast_monster(self, s, uid, ct: int | None = None) -> None:
        """Cast a monster: it enters CT `ct` (default its base CT) counted from this turn's start (MM-R34)."""
        c = s.cards[uid]
        c.tapped = True
        c.flags["ct"] = self.rs.cards[c.cid].get("ct") if ct is None else ct
        c.flags["since"] = s.data["turn_start"]

    def recast_monster(self, s, uid) -> None:
        c = s.cards[uid]
        c.tapped = False
        for k in ("ct", "since", "down"):
            c.flags.pop(k, None)

    def disabled(self, s, uid) -> bool:
        """Return whether a card's skills are off: not a monster, or down (MM-R38, MM-R43)."""
        return not self.is_monster(s, uid) or self.down(s, uid)

    # --- mana ------------------------------------------------------------------------------
    def mana_attrs(self, s, p) -> set:
        return {self.rs.cards[s.cards[u].cid].color for u in s.zones[f"{p}.mana"]}

    def ready_mana(self, s, p) -> list[int]:
        return [u for u in s.zones[f"{p}.mana"] if not s.cards[u].tapped]

    def has_attr(self, s, p, attr) -> bool:
        """Return whether `attr` is among the attributes of p's mana zone (`attr in mana_attrs`)."""
        for u in s.zones[f"{p}.mana"]:
            if self.rs.cards[s.cards[u].cid].color == attr:
                return True
        return False

    def can_pay(self, s, p, n: int, attr: str | None = None) -> bool:
        """Return whether p has n recast mana, one of them of `attr` when given (one pass, no list)."""
        ready, has_attr = 0, False
        for u in s.zones[f"{p}.mana"]:
            c = s.cards[u]
            if not c.tapped:
                ready += 1
                if attr and not has_attr and self.rs.cards[c.cid].color == attr:
                    has_attr = True
        if ready < n:
            return False
        if attr and n > 0:
            return has_attr
        return True

    def mana_choice(self, s, p, n: int, attr: str | None = None) -> bool:
        """Return whether paying n recast mana (one of `attr` when given) leaves p a choice (MM-D9).

        Mana cards differ only by attribute, so there is a choice when some attribute may be cast
        more or fewer times: its least and most count over all valid payments differ.
        """
        if n <= 0:
            return False
        counts: dict = {}
        for u in self.ready_mana(s, p):
            col = self.rs.cards[s.cards[u].cid].color
            counts[col] = counts.get(col, 0) + 1
        total = sum(counts.values())
        lo_total = 1 if attr and attr in counts else 0
        for col, c in counts.items():
            lo = 1 if col == attr else 0
            if max(lo, n - (total - c)) != min(c, n - (lo_total - lo)):
                return True
        return False

    def suggested_mana(self, s, p, n: int, attr: str | None = None, skip: int | None = None) -> list[int]:
        """Return the mana the table suggests casting (MM-D9): one of `attr` first, then from the
        attribute with the most recast cards left, never the last recast card of an attribute that a
        spell in hand or a set trap of p still needs (`skip`: the card being paid for, which leaves)."""
        ready = self.ready_mana(s, p)
        if n <= 0:
            return []
        cards = s.cards
        color = {u: self.rs.cards[cards[u].cid].color for u in ready}
        needed = set()
        for u in s.zones[f"{p}.hand"]:
            d = self.rs.cards[cards[u].cid]
            if d.kind == "spell" and u != skip:
                needed.add(d.color)
        for key in SLOT_KEYS[p]:
            pile = s.zones[key]
            if pile and pile[-1] != skip and self.rs.cards[cards[pile[-1]].cid].kind == "spell":
                needed.add(self.rs.cards[cards[pile[-1]].cid].color)
        chosen = []
        if attr:
            first = next((u for u in ready if color[u] == attr), None)
            if first is not None:
                chosen.append(first)
        left: dict = {}
        for u in ready:
            if u not in chosen:
                left[color[u]] = left.get(color[u], 0) + 1
        pool = [u for u in ready if u not in chosen]
        while len(chosen) < n and pool:
            best = min(range(len(pool)), key=lambda i: (color[pool[i]] in needed and left[color[pool[i]]] <= 1,
                                                        -left[color[pool[i]]], i))
            u = pool.pop(best)
            left[color[u]] -= 1
            chosen.append(u)
        return chosen

    def cast_mana_cards(self, s, p, uids) -> None:
        """Cast the given mana cards of p (MM-R18, MM-R26) and say which."""
        for u in uids:
            s.cards[u].tapped = True
        if uids:      # (mana lies face up: which cards are cast is public, MM-D3)
            self.log(s, msg("{player} casts {n} mana: {cards}", player=_p(p), n=len(uids),
                            cards=self._mana_words(s, uids)), kind="mana", player=p, count=len(uids), cards=list(uids))

    def pay_then(self, s, p, n: int, attr: str | None, then: dict) -> None:
        """Pay n recast mana (one of `attr`) for an action, then finish it (`then`, see `_paid`).

        With nothing to choose the mana is cast at once; otherwise p is asked which (MM-D9): the
        answers are `cast_mana target=<mana>` (one card; the lit cards) and `pay_mana mana=...` (the
        suggested rest, a button). The choice goes in front of any other waiting choice.
        """
        if not self.mana_choice(s, p, n, attr):
            self.cast_mana_cards(s, p, self.suggested_mana(s, p, n, attr, then["card"]))
            self._paid(s, then)
            return
        s.pending.insert(0, {"kind": "pay_mana", "player": p, "prompt": "", "need": n, "attr": attr,
                             "then": then, "public_prompt": msg("{player} chooses which mana to cast ({rule})",
                                                                player=_p(p), rule="MM-D9")})
        self._pay_prompt(s, s.pending[0])

    def _pay_prompt(self, s, pe) -> None:
        attr = pe["attr"]
        what = self.card_ref(s, pe["then"]["card"], pe["player"])     # (the prompt is the payer's)
        if attr:
            pe["prompt"] = msg("{card}: cast {n} mana, one of them {attr} — click the lit mana cards, or take the "
                               "suggestion ({rule})", card=what, n=pe["need"],
                               attr=self.rs.color_term(attr), rule="MM-D9")
        else:
            pe["prompt"] = msg("{card}: cast {n} mana — click the lit mana cards, or take the suggestion ({rule})",
                               card=what, n=pe["need"], rule="MM-D9")

    def _pay_pending(self, s, a):
        pe = self._pending(s, a, "pay_mana")
        if pe is None or "need" not in pe:
            return None, msg("no mana is being paid now")
        return pe, None

    def _mana_ok(self, s, p, u) -> bool:
        c = s.cards.get(u) if isinstance(u, int) and not isinstance(u, bool) else None
        return c is not None and c.zone == f"{p}.mana" and c.host is None and not c.tapped

    def _pay_actions(self, s, p, pe) -> list:
        """Return the answers to a pay_mana choice: the suggestion (a button), then each castable mana card."""
        if "need" not in pe:
            return []       # the other player's choice, copied from a view without its data
        rest = self.suggested_mana(s, p, pe["need"], pe["attr"], pe["then"]["card"])
        out = [Action("pay_mana", p, (("mana", rest[0] if len(rest) == 1 else tuple(rest)),))]
        last_attr = pe["attr"] if pe["need"] == 1 else None
        for u in self.ready_mana(s, p):
            if last_attr is None or self.rs.cards[s.cards[u].cid].color == last_attr:
                out.append(Action("cast_mana", p, (("target", u),)))
        return out

    def check_cast_mana(self, s, a):
        pe, why = self._pay_pending(s, a)
        if why:
            return why
        u = a["target"]
        if not self._mana_ok(s, a.player, u):
            return msg("choose a {recast} card of your mana zone ({rule})", recast=self.rs.word("untapped"),
                       rule="MM-D9")
        if pe["need"] == 1 and pe["attr"] and self.rs.cards[s.cards[u].cid].color != pe["attr"]:
            return msg("the last mana to cast must be {attr}: the spell needs one of its attribute ({rule})",
                       attr=self.rs.color_term(pe["attr"]), rule="MM-R26")
        return None

    def do_cast_mana(self, s, a):
        pe = s.pending[0]
        u, p = a["target"], a.player
        self.cast_mana_cards(s, p, [u])
        pe["need"] -= 1
        if pe["attr"] and self.rs.cards[s.cards[u].cid].color == pe["attr"]:
            pe["attr"] = None
        if pe["need"] > 0 and self.mana_choice(s, p, pe["need"], pe["attr"]):
            self._pay_prompt(s, pe)
            return
        # Nothing left to choose: the rest is cast at once.
        s.pending.pop(0)
        self.cast_mana_cards(s, p, self.suggested_mana(s, p, pe["need"], pe["attr"], pe["then"]["card"]))
        self._paid(s, pe["then"])

    def check_pay_mana(self, s, a):
        pe, why = self._pay_pending(s, a)
        if why:
            return why
        mana = a["mana"]
        mana = (mana,) if not isinstance(mana, tuple) else mana
        if len(mana) != pe["need"] or len(set(mana)) != len(mana):
            return msg("cast exactly {n} different mana cards ({rule})", n=pe["need"], rule="MM-D9")
        if not all(self._mana_ok(s, a.player, u) for u in mana):
            return msg("choose {recast} cards of your mana zone ({rule})", recast=self.rs.word("untapped"),
                       rule="MM-D9")
        if pe["attr"] and not any(self.rs.cards[s.cards[u].cid].color == pe["attr"] for u in mana):
            return msg("one of the mana cast must be {attr} ({rule})", attr=self.rs.color_term(pe["attr"]),
                       rule="MM-R26")
        return None

    def do_pay_mana(self, s, a):
        pe = s.pending.pop(0)
        mana = a["mana"]
        self.cast_mana_cards(s, a.player, list(mana) if isinstance(mana, tuple) else [mana])
        self._paid(s, pe["then"])

    def _paid(self, s, then: dict) -> None:
        """Finish an action whose mana is paid: `then["do"]` names the `_paid_<do>` step."""
        getattr(self, "_paid_" + then["do"])(s, then)

    # --- POW ---------------------------------------------------------------------------------
    def pow(self, s, uid) -> int:
        """Return a monster's POW: printed, plus modifiers, plus active [永続] skills."""
        c = s.cards[uid]
        d = self.rs.cards[c.cid]
        v = (d.get("pow") or 0) + sum(m["n"] for m in c.flags.get("mods", ()) if m["stat"] == "pow")
        z = self.slot_of(s, uid)
        if z is not None and not c.flags.get("down"):
            for st in self.steps[c.cid].get("static", ()):
                if st.get("do") == "pow_per_material":
                    v += int(st.get("n", 0)) * len(c.attached)
            if z in SUBS:
                for o in self.monsters(s, c.owner):
                    if o == uid or s.cards[o].flags.get("down"):
                        continue
                    for st in self.steps[s.cards[o].cid].get("static", ()):
                        if st.get("do") == "pow_aura" and st.get("scope", "subs") == "subs":
                            v += int(st.get("n", 0))
        return max(0, v)

    # --- attack targets (MM-R28) ----------------------------------------------------------
    def attackable(self, s, q) -> list[int]:
        """Return q's monsters that may be chosen as the defending monster."""
        out = []
        for i in range(4):
            sub = self.top(s, q, SUBS[i])
            main = self.top(s, q, MAINS[i])
            sub_mon = sub is not None and self.is_monster(s, sub)
            if sub_mon and not self.d(s, sub).has("unattackable"):
                out.append(sub)
            if (main is not None and self.is_monster(s, main) and not self.down(s, main)
                    and not self.d(s, main).has("unattackable")):
                if not sub_mon or self.d(s, sub).has("unattackable"):
                    out.append(main)
        return out

    def can_be_attacked(self, s, uid) -> bool:
        """Return whether one monster may be the defending monster (the per-card form of `attackable`)."""
        return self.is_monster(s, uid) and not self.down(s, uid) and self._open_to_attack(s, uid)

    def _open_to_attack(self, s, uid) -> bool:
        """`can_be_attacked` for a card already known to be a monster that is not down."""
        c = s.cards[uid]
        if self.rs.cards[c.cid].has("unattackable"):      # [永続] このモン娘は攻撃されない (MM-R40)
            return False
        z = SLOT_OF_KEY[c.zone]
        if z in SUBS:
            return True
        pile = s.zones[SUB_KEYS[c.owner][COLUMN[z] - 1]]     # the sub slot in front of this main
        sub = pile[-1] if pile else None
        return sub is None or not self.is_monster(s, sub) or self.d(s, sub).has("unattackable")

    # --- the candidate actions ---------------------------------------------------------------
    def actions(self, s, p):
        return self._actions(s, p, every=False)

    def _actions(self, s, p, every: bool):
        """Return p's candidate actions, in a fixed order.

        Without `every`, candidates that fail their check are not listed (the lines marked "skip:"),
        for speed: most shapes fail (a full slot, a cast monster...) and checking each costs more
        than knowing it once. For the kinds in `exact` the loop asks every question their check asks,
        so `legal` takes them as listed (the cast phase lists 10 and more attacks a position, all
        legal); `check_<kind>` stays the authority on any other action, and test_legal_exact holds
        the two to the same answers.
        With `every`, all action shapes are listed, legal or not, so that `drop_action` still finds
        the action a gesture means and the table can say why it is illegal.
        Most actions are built as Action(kind, player, args) with `args` already sorted by name
        (what Action.make does, minus its cost).
        """
        if s.outcome is not None:
            return []
        if s.pending:
            pe = s.pending[0]
            if pe["player"] != p:
                return []
            k = pe["kind"]
            if k == "effect_target":
                return self.effect_actions(s, p)
            if k == "order":
                return [Action.make("choose_order", p, choice="first"), Action.make("choose_order", p, choice="second")]
            if k == "pick_main":
                return [Action("pick_main", p, (("choice", cid),)) for cid in self.pickable(s, p)]
            if k in ("mulligan", "extra_draw"):
                return [Action.make(k, p, choice=True), Action.make(k, p, choice=False)]
            if k == "skill_offer":
                # Buttons, not card clicks: the offer names its card (a face-down trap cannot be pointed at).
                return [Action.make("use_skill", p), Action.make("pass_skill", p)]
            if k == "pay_mana":
                return self._pay_actions(s, p, pe)
            return []
        if p != s.active or s.phase not in PHASE_ACTIONS:
            return []
        if not every and s.data.get("battle"):
            return []       # skip: no turn action while a battle is in progress
        hand = s.zones[f"{p}.hand"]
        if s.phase == "charge":
            mana = f"{p}.mana"
            out = [Action("charge", p, (("card", u), ("to", mana))) for u in hand]
        elif s.phase == "home":
            out = self._home_actions(s, p, hand, every)
        else:
            out = self._cast_actions(s, p, hand, every)
        out.append(Action("end_phase", p, ()))
        out.append(Action("end_turn", p, ()))
        return out

    def _home_actions(self, s, p, hand, every: bool) -> list:
        """Summon, evolve and awaken candidates (see `_actions` for `every`)."""
        out = []
        mine = self.monsters(s, p)
        # What check_summon and _stack_reason refuse on, known once for the whole hand.
        attrs = self.mana_attrs(s, p)
        ready = len(self.ready_mana(s, p))
        spaces = SUMMON_KEYS[p] if every else [key for key in SUMMON_KEYS[p] if not s.zones[key]]   # skip: full
        same: dict[str, list] = {}      # monster name -> [(uid, cost)] of mine, in order
        for t in mine:
            dt = self.rs.cards[s.cards[t].cid]
            same.setdefault(dt.get("monster"), []).append((t, dt.get("cost")))
        for u in hand:
            d = self.rs.cards[s.cards[u].cid]
            if d.kind != "monster":
                continue
            if not every and d.color not in attrs:
                continue        # skip: its attribute is not in the mana zone (MM-R18)
            name, cost = d.get("monster"), d.get("cost")
            if every or (name not in same and cost <= ready):     # skip: same monster out (MM-R22), mana
                out += [Action("summon", p, (("card", u), ("to", key))) for key in spaces]
            for t, t_cost in same.get(name, ()):
                # skip: a down target (MM-D10), or not enough mana for the stack cost (MM-R20, MM-R21)
                if every or (not s.cards[t].flags.get("down") and max(1, cost - t_cost) <= ready):
                    out.append(Action("evolve", p, (("card", u), ("target", t))))
                    out.append(Action("awaken", p, (("card", u), ("target", t))))
        return out

    def _cast_actions(self, s, p, hand, every: bool) -> list:
        """Attack, skill, spell and trap candidates (see `_actions` for `every`)."""
        out = []
        q = 1 - p
        mine = self.monsters(s, p)
        foes = self.monsters(s, q)
        if every:
            attackers, targets, direct = mine, foes, True
        else:
            # skip: monsters that cannot attack now (MM-R24, MM-R28, MM-R38), targets check_attack
            # refuses whoever attacks, and a direct attack while some monster can be attacked (MM-R28;
            # a monster that can be attacked is always in `attackable`, so that scan is rarely needed)
            attackers = [] if s.turn == 1 else [
                a for a in mine if not s.cards[a].tapped and not s.cards[a].flags.get("down")]
            targets = [t for t in foes if self.can_be_attacked(s, t)] if attackers else []
            direct = bool(attackers) and not targets and not self.attackable(s, q)
        for a in attackers:
            out += [Action("attack", p, (("card", a), ("target", t))) for t in targets]
            if direct:
                out.append(Action("attack", p, (("card", a), ("target_player", q))))
        for a in mine:
            if "activate" in self.steps[s.cards[a].cid]:
                out.append(Action("skill", p, (("card", a),)))
        # skip: spell users that are cast or down (MM-R26, MM-R38); the attribute is matched below
        users = mine if every else [m for m in mine if not s.cards[m].tapped and not s.cards[m].flags.get("down")]
        free = None     # the empty slots, once a trap in hand asks
        for u in hand:
            d = self.rs.cards[s.cards[u].cid]
            if d.kind == "spell":
                if d.get("trap"):
                    if free is None:        # skip: full slots (MM-D2)
                        free = SLOT_KEYS[p] if every else [key for key in SLOT_KEYS[p] if not s.zones[key]]
                    out += [Action("set_trap", p, (("card", u), ("to", key))) for key in free]
                elif every or self.can_pay(s, p, d.get("cost"), d.color):   # skip: no mana (MM-R26)
                    ok = [m for m in users if every or self.rs.cards[s.cards[m].cid].color == d.color]
                    # skip: no target for its 【対象】 (MM-D21; a `user` target is any of these users)
                    if ok and (every or not self._target_problem(s, u, self.steps[d.id].get("use", ()), p, ok[0])):
                        out += [Action("spell", p, (("card", u), ("target", m))) for m in ok]
        for i, key in enumerate(SLOT_KEYS[p]):
            pile = s.zones[key]
            t = pile[-1] if pile else None
            if t is not None and self.rs.cards[s.cards[t].cid].kind == "spell":
                d = self.rs.cards[s.cards[t].cid]
                # skip: a trap used only when attacked, or not payable (MM-R26, MM-R27)
                if not every and (not d.get("trap") or "use" not in self.steps[d.id]
                                  or not self.can_pay(s, p, d.get("cost"), d.color)):
                    continue
                col = COLUMN[SLOTS[i]]
                for m in users:
                    if COLUMN[self.slot_of(s, m)] == col and (every or self.rs.cards[s.cards[m].cid].color == d.color):
                        if every or not self._target_problem(s, t, self.steps[d.id]["use"], p, m):   # skip: MM-D21
                            out.append(Action("spell", p, (("card", t), ("target", m))))
        return out

    # --- common refusals -------------------------------------------------------------------
    def _turn_action(self, s, a, phase: str | tuple) -> str | None:
        if s.pending:
            return msg("first answer the choice that is waiting")
        if a.player != s.active:
            return msg("it is not your turn")
        if s.phase != phase and (isinstance(phase, str) or s.phase not in phase):
            phases = (phase,) if isinstance(phase, str) else phase
            names = self.rs.phase_term(phases[0])
            for x in phases[1:]:
                names = msg("{a} or {b}", a=names, b=self.rs.phase_term(x))
            return msg("only in your {phases} (now: {phase})", phases=names, phase=self.rs.phase_term(s.phase))
        if s.data.get("battle"):
            return msg("a battle is in progress")
        return None

    def _own_card(self, s, a, key="card"):
        u = a[key]
        if u not in s.cards:
            return None, msg("there is no card {uid}", uid=u)
        c = s.cards[u]
        if c.owner != a.player:
            return None, msg("that is not your card")
        return c, None

    def _own_monster(self, s, a, key="card"):
        c, why = self._own_card(s, a, key)
        if why:
            return None, why
        # (is_monster, on the card at hand)
        if not (c.host is None and c.zone in SLOT_OF_KEY and c.face_up and self.rs.cards[c.cid].kind == "monster"):
            return None, msg("that is not a monster in your battle zone ({rule})", rule="MM-R42")
        return c, None

    # --- setup actions (MM-R6..R11) -----------------------------------------------------
    def _pending(self, s, a, kind):
        if not s.pending or s.pending[0]["kind"] != kind or s.pending[0]["player"] != a.player:
            return None
        return s.pending[0]

    def check_choose_order(self, s, a):
        if self._pending(s, a, "order") is None:
            return msg("nobody is choosing first or second now")
        return None if a["choice"] in ("first", "second") else msg("choose first or second")

    def do_choose_order(self, s, a):
        s.pending.pop(0)
        first = a.player if a["choice"] == "first" else 1 - a.player
        s.first = s.active = first
        self.log(s, msg("{player} chooses to go first: {first} is the first player" if a["choice"] == "first"
                        else "{player} chooses to go second: {first} is the first player",
                        player=_p(a.player), first=_p(first)))
        self._ask_picks(s, first)

    def _taken_mains(self, s, p) -> set:
        """Return the monster names p has already chosen as main monsters (MM-R7)."""
        return {self.rs.cards[s.cards[u].cid].get("monster") for key in MAIN_KEYS[p] for u in s.zones[key]}

    def _pickable_cids(self, s, p) -> set:
        """Return the card ids of p's deck that may still be chosen as a main monster (MM-R7)."""
        taken = self._taken_mains(s, p)
        choices = self.main_choices
        return {cid for cid in {s.cards[u].cid for u in s.zones[f"{p}.deck"]}
                if cid in choices and choices[cid] not in taken}

    def pickable(self, s, p) -> list[str]:
        return sorted(self._pickable_cids(s, p))

    def _ask_picks(self, s, p):
        names = {self.rs.cards[c].get("monster") for c in self.pickable(s, p)}
        n = min(int(self.params.get("max_mains", 4)), len(names))
        if n:
            self.ask(s, p, "pick_main", msg("Choose your main monsters: {n} different cost-1 monsters, face down "
                                            "({rule})", n=n, rule="MM-R7"),
                     public_prompt=msg("{player} chooses main monsters ({rule})", player=_p(p), rule="MM-R7"), left=n)
        else:
            self.log(s, msg("{player} has no cost-1 monster to choose", player=_p(p)))
            self._picks_done(s, p)

    def check_pick_main(self, s, a):
        if self._pending(s, a, "pick_main") is None:
            return msg("no main monster is being chosen now")
        # The same as `a["choice"] in self.pickable(...)`, without listing them all.
        cid = a["choice"]
        if (cid not in self.main_choices or self.main_choices[cid] in self._taken_mains(s, a.player)
                or not any(s.cards[u].cid == cid for u in s.zones[f"{a.player}.deck"])):
            return msg("choose a cost-1 monster from your deck, different from the ones already chosen ({rule})",
                       rule="MM-R7")
        return None

    def do_pick_main(self, s, a):
        pe = s.pending[0]
        p = a.player
        uid = next(u for u in s.zones[f"{p}.deck"] if s.cards[u].cid == a["choice"])
        z = next(z for z in MAINS if not s.zones[f"{p}.{z}"])
        c = self.move(s, uid, f"{p}.{z}", face_up=False, tapped=True)
        c.flags.update(ct=0, since=0)
        self.log(s, msg("{player} puts a main monster face down and cast in {zone} ({rule})", player=_p(p),
                        zone=self.zone_label(c.zone), rule="MM-R7"),
                 {p: msg("{player} puts {card} face down and cast in {zone} ({rule})", player=_p(p),
                         card=self.card_ref(s, uid, p), zone=self.zone_label(c.zone), rule="MM-R7")})
        pe["left"] = pe.get("left", 1) - 1   # (a determinized copy of the other player's pick has no count)
        if pe["left"] <= 0 or not self._pickable_cids(s, p):
            s.pending.pop(0)
            self._picks_done(s, p)

    def _picks_done(self, s, p):
        if p == s.first:
            self._ask_picks(s, 1 - p)
            return
        for q in (s.first, 1 - s.first):
            self.shuffle(s, f"{q}.deck")
            top = s.zones[f"{q}.deck"]
            if top:
                u = top[-1]
                self.move(s, u, f"{q}.mana", face_up=False)
                self.log(s, msg("{player} puts the top card of the deck face down into the mana zone ({rule})",
                                player=_p(q), rule="MM-R8"),
                         {q: msg("{player} puts {card} face down into the mana zone ({rule})", player=_p(q),
                                 card=self.card_ref(s, u, q), rule="MM-R8")})
        for q in (s.first, 1 - s.first):
            self.draw(s, q, int(self.params.get("hand_size", 5)))
        self.ask(s, s.first, "mulligan", msg("Redraw your hand? ({rule})", rule="MM-R10"),
                 public_prompt=msg("{player} decides whether to redraw ({rule})", player=_p(s.first), rule="MM-R10"))

    def check_mulligan(self, s, a):
        if self._pending(s, a, "mulligan") is None:
            return msg("no mulligan is being decided now")
        return None if isinstance(a["choice"], bool) else msg("answer yes or no")

    def do_mulligan(self, s, a):
        s.pending.pop(0)
        p = a.player
        if a["choice"]:
            hand = list(s.zones[f"{p}.hand"])
            for u in hand:
                self.move(s, u, f"{p}.deck", face_up=False)
            self.shuffle(s, f"{p}.deck")
            self.draw(s, p, len(hand))
            s.data["mulligan"][p] = True
            self.log(s, msg("{player} mulligans ({rule})", player=_p(p), rule="MM-R10"))
        else:
            self.log(s, msg("{player} keeps the hand", player=_p(p)))
        if p == s.first:
            self.ask(s, 1 - p, "mulligan", msg("Redraw your hand? ({rule})", rule="MM-R10"),
                     public_prompt=msg("{player} decides whether to redraw ({rule})", player=_p(1 - p), rule="MM-R10"))
            return
        for q in (s.first, 1 - s.first):
            if s.data["mulligan"][q]:
                self.ask(s, 1 - q, "extra_draw", msg("{player} mulliganed: draw 1 card? ({rule})", player=_p(q),
                                                     rule="MM-R10"),
                         public_prompt=msg("{player} decides whether to draw 1 card ({rule})", player=_p(1 - q),
                                           rule="MM-R10"))
        if not s.pending:
            self._reveal(s)

    def check_extra_draw(self, s, a):
        if self._pending(s, a, "extra_draw") is None:
            return msg("no extra draw is offered now")
        return None if isinstance(a["choice"], bool) else msg("answer yes or no")

    def do_extra_draw(self, s, a):
        s.pending.pop(0)
        if a["choice"]:
            self.draw(s, a.player, 1)
        if not s.pending:
            self._reveal(s)

    def _reveal(self, s):
        for p in (0, 1):
            for z in MAINS:
                for u in s.zones[f"{p}.{z}"]:
                    self.flip(s, u, True)
            for u in s.zones[f"{p}.mana"]:
                self.flip(s, u, True)
            s.players[p]["hp"] = self.hp0
        self.log(s, msg("main monsters and mana turn face up; both players' {hp} is {n} ({rule})",
                        hp=self.rs.word("value.hp"), n=self.hp0, rule="MM-R11"))
        s.turn = 0
        self._start_turn(s, s.first)

    # --- the turn (MM-R12..R17) ---------------------------------------------------------------
    def _start_turn(self, s, p):
        s.turn += 1
        s.active = p
        s.data["turn_start"] = s.data["time"]
        s.data["charged"] = False
        s.phase = "recast"
        self.log(s, msg("turn {turn}: {player} — {time} {n}", turn=s.turn, player=_p(p),
                        time=self.rs.word("value.time"), n=s.data["time"]), kind="turn", player=p)
        for u in s.zones[f"{p}.mana"]:
            s.cards[u].tapped = False
        for u in self.monsters(s, p):
            c = s.cards[u]
            if c.tapped and self.needs(s, u) == 0:
                was_down = c.flags.get("down")
                self.recast_monster(s, u)
                self.log(s, msg("{card} stops being down and recasts ({rule})" if was_down
                                else "{card} recasts ({rule})", card=self.card_ref(s, u, "all"), rule="MM-R12"))
        s.phase = "draw"
        if s.turn != 1:
            self.draw(s, p, 1)
        self.tick(s, msg("draw phase ends"))
        s.phase = "charge"

    def check_charge(self, s, a):
        why = self._turn_action(s, a, "charge")
        if why:
            return why
        c, why = self._own_card(s, a)
        if why:
            return why
        if c.zone != f"{a.player}.hand":
            return msg("charge a card from your hand ({rule})", rule="MM-R14")
        if a["to"] != f"{a.player}.mana":
            return msg("a charged card goes into your mana zone ({rule})", rule="MM-R14")
        return None

    def do_charge(self, s, a):
        self.move(s, a["card"], a["to"], face_up=True, tapped=False)
        self.log(s, msg("{player} charges {card} into the mana zone ({rule})", player=_p(a.player),
                        card=self.card_ref(s, a["card"], "all"), rule="MM-R14"))
        self.tick(s, msg("charge phase ends"))
        s.phase = "home"

    def check_end_phase(self, s, a):
        return self._turn_action(s, a, ("charge", "home", "cast"))

    def do_end_phase(self, s, a):
        if s.phase == "charge":
            self.tick(s, msg("charge phase ends"))
            s.phase = "home"
        elif s.phase == "home":
            s.phase = "cast"
        elif s.phase == "cast":
            self._enter_end(s)

    def check_end_turn(self, s, a):
        return self._turn_action(s, a, ("charge", "home", "cast"))

    def do_end_turn(self, s, a):
        if s.phase == "charge":
            self.tick(s, msg("charge phase ends"))
        self._enter_end(s)

    def _enter_end(self, s):
        s.phase = "end"
        for u in self.monsters(s, s.active):
            self._offer(s, u, "end_phase")

    def _finish_turn(self, s):
        self.expire_mods(s, "end_of_turn")
        self.tick(s, msg("turn ends"))
        self._start_turn(s, 1 - s.active)

    # --- home phase: summon, evolve, awaken (MM-R18..R23) -------------------------------------
    def _hand_monster(self, s, a):
        why = self._turn_action(s, a, "home")
        if why:
            return None, why
        c, why = self._own_card(s, a)
        if why:
            return None, why
        d = self.rs.cards[c.cid]
        if c.zone != f"{a.player}.hand" or d.kind != "monster":
            return None, msg("choose a monster in your hand")
        if not self.has_attr(s, a.player, d.color):
            return None, msg("its attribute must be among the cards of your mana zone ({rule})", rule="MM-R18")
        return c, None

    def check_summon(self, s, a):
        c, why = self._hand_monster(s, a)
        if why:
            return why
        owner, z = split_key(a["to"])
        if owner != a.player or z not in SLOT_SET:
            return msg("summon into a slot of your battle zone")
        if s.zones[a["to"]]:
            return msg("a normal summon goes into an empty space of your battle zone: {zone} is taken ({rule})",
                       zone=self.zone_label(a["to"]), rule="MM-R19, MM-D1")
        if self.same_monster(s, a.player, c.cid) is not None:
            return msg("the same monster is already in your battle zone: evolve or awaken instead ({rule})",
                       rule="MM-R19, MM-R22")
        cost = self.rs.cards[c.cid].get("cost")
        if not self.can_pay(s, a.player, cost):
            return msg("not enough {recast} mana: the cost is {n} ({rule})", recast=self.rs.word("untapped"), n=cost,
                       rule="MM-R18")
        return None

    def do_summon(self, s, a):
        u = a["card"]
        self.pay_then(s, a.player, self.d(s, u).get("cost"), None,
                      {"do": "summon", "player": a.player, "card": u, "to": a["to"]})

    def _paid_summon(self, s, t):
        p, u = t["player"], t["card"]
        d = self.d(s, u)
        self.move(s, u, t["to"], face_up=True, tapped=True)
        self.cast_monster(s, u, 0)
        if d.has("haste"):
            self.recast_monster(s, u)
        self.log(s, msg("{player} summons {card} into {zone}, {state} ({rule})" if not d.has("haste") else
                        "{player} summons {card} into {zone}, {state} ([Special]) ({rule})", player=_p(p),
                        card=self.card_ref(s, u, "all"), zone=self.zone_label(t["to"]),
                        state=self.rs.word("untapped" if d.has("haste") else "tapped"), rule="MM-R19"))
        self.tick(s, msg("summon"))
        self._offer(s, u, "summoned")

    def _stack_check(self, s, a):
        c, why = self._hand_monster(s, a)
        if why:
            return None, None, why
        t, why = self._own_monster(s, a, "target")
        if why:
            return None, None, why
        if self.monster_name[t.cid] != self.monster_name[c.cid]:       # (both are monsters)
            return None, None, msg("it must be the same monster: the same name ({rule})", rule="MM-R1")
        if self.down(s, t.uid):
            return None, None, msg("a down monster cannot evolve or awaken ({rule})", rule="MM-D10")
        return c, t, None

    def stack_cost(self, s, uid, target) -> int:
        return max(1, self.d(s, uid).get("cost") - self.d(s, target).get("cost"))

    def _stack_reason(self, s, a, doing, rule: str):
        """Return why evolving or awakening (`doing`) with `a` is illegal: same monster, not down, mana."""
        c, t, why = self._stack_check(s, a)
        if why:
            return why
        cost = self.stack_cost(s, c.uid, t.uid)
        if not self.can_pay(s, a.player, cost):
            return msg("not enough {recast} mana: {doing} costs {n} ({rule})", recast=self.rs.word("untapped"),
                       doing=doing, n=cost, rule=rule)
        return None

    def check_evolve(self, s, a):
        return self._stack_reason(s, a, msg("evolving"), "MM-R20")

    def do_evolve(self, s, a):
        u, t = a["card"], a["target"]
        self.pay_then(s, a.player, self.stack_cost(s, u, t), None,
                      {"do": "evolve", "player": a.player, "card": u, "target": t})

    def _paid_evolve(self, s, then):
        p, u, t = then["player"], then["card"], then["target"]
        slot = s.cards[t].zone
        self.move(s, u, slot, face_up=True, tapped=False)
        for m in list(s.cards[t].attached):
            self.attach(s, m, u)
        self.attach(s, t, u)
        s.cards[t].flags.clear()
        self.log(s, msg("{player} evolves {target} into {card}: on top, {state} ({rule})", player=_p(p),
                        target=self.card_ref(s, t, None), card=self.card_ref(s, u, "all"),
                        state=self.rs.word("untapped"), rule="MM-R20"))
        self.draw(s, p, 1)
        self.tick(s, msg("summon (evolution)"))
        self._offer(s, u, "summoned")

    def check_awaken(self, s, a):
        return self._stack_reason(s, a, msg("awakening"), "MM-R21")

    def do_awaken(self, s, a):
        u, t = a["card"], a["target"]
        self.pay_then(s, a.player, self.stack_cost(s, u, t), None,
                      {"do": "awaken", "player": a.player, "card": u, "target": t})

    def _paid_awaken(self, s, then):
        p, u, t = then["player"], then["card"], then["target"]
        self.attach(s, u, t, under=True)
        self.log(s, msg("{player} awakens {target} with {card} underneath; it stays {state} ({rule})", player=_p(p),
                        target=self.card_ref(s, t, "all"), card=self.card_ref(s, u, None),
                        state=self.rs.word("tapped" if s.cards[t].tapped else "untapped"), rule="MM-R21"))
        self.draw(s, p, 1)
        self.tick(s, msg("awakening"))
        self._offer(s, t, "awakened")

    # --- cast phase: attack, skills, spells, traps (MM-R24..R27) ------------------------------
    def check_attack(self, s, a):
        why = self._turn_action(s, a, "cast")
        if why:
            return why
        c, why = self._own_monster(s, a)
        if why:
            return why
        if s.turn == 1:
            return msg("the first player cannot attack in the first turn ({rule})", rule="MM-R24")
        if c.flags.get("down"):
            return msg("a down monster cannot battle ({rule})", rule="MM-R38")
        if c.tapped:
            return msg("only a {recast} monster can attack ({rule})", recast=self.rs.word("untapped"), rule="MM-R28")
        q = 1 - a.player
        t, tp = a.get("target"), a.get("target_player")
        if t is not None:
            tc = s.cards.get(t)
            if tc is None or not self.is_monster(s, t) or tc.owner != q:
                return msg("attack a monster of the opponent's battle zone")
            if tc.flags.get("down"):
                return msg("a down monster cannot battle ({rule})", rule="MM-R38")
            if not self._open_to_attack(s, t):
                return msg("that monster cannot be attacked: attack a sub monster, or a main monster whose column "
                           "has no attackable sub monster ({rule})", rule="MM-R28")
            return None
        if tp is None:
            return msg("choose the defending monster or the opponent")
        if tp != q:
            return msg("attack the opponent")
        if self.attackable(s, q):
            return msg("a direct attack needs every opposing monster to be unattackable ({rule})", rule="MM-R28")
        return None

    def do_attack(self, s, a):
        p, u = a.player, a["card"]
        t = a.get("target")
        s.data["battle"] = {"attacker": u, "defender": t, "player": p, "step": "before"}
        if t is None:
            self.log(s, msg("{card} makes a direct attack on {player} ({rule})", card=self.card_ref(s, u, "all"),
                            player=_p(1 - p), rule="MM-R28"), kind="attack", attacker=u)
        else:
            self.log(s, msg("{card} attacks {target} ({rule})", card=self.card_ref(s, u, "all"),
                            target=self.card_ref(s, t, "all"), rule="MM-R28"), kind="attack", attacker=u, defender=t)
        self._offer(s, u, "before_battle", battle=True)
        if t is not None:
            self._offer(s, t, "attacked", battle=True)
            self._offer(s, t, "before_battle", battle=True)
            col = COLUMN[self.slot_of(s, t)]
            for z in (SUBS[col - 1], MAINS[col - 1]):
                x = self.top(s, 1 - p, z)
                if x is not None and self.d(s, x).kind == "spell" and "attacked" in self.steps[s.cards[x].cid]:
                    self._offer(s, x, "attacked", battle=True, user=t)

    def _skill_cost(self, cid, trigger) -> dict:
        for st in self.steps[cid].get(trigger, ()):
            if isinstance(st.get("cost"), dict):
                return st["cost"]
        return {}

    def _cost_problem(self, s, uid, cost, attr=None, extra=0):
        c = s.cards[uid]
        if cost.get("cast") and c.tapped:
            return msg("the cost casts this monster, so it must be {recast} ({rule})", recast=self.rs.word("untapped"),
                       rule="MM-R25")
        n = int(cost.get("mana", 0)) + extra
        if not self.can_pay(s, c.owner, n, attr):
            if attr:
                return msg("not enough {recast} mana (needs {n}, one of them {attr})", recast=self.rs.word("untapped"),
                           n=n, attr=self.rs.color_term(attr))
            return msg("not enough {recast} mana (needs {n})", recast=self.rs.word("untapped"), n=n)
        return None

    def check_skill(self, s, a):
        why = self._turn_action(s, a, "cast")
        if why:
            return why
        c, why = self._own_monster(s, a)
        if why:
            return why
        if "activate" not in self.steps[c.cid]:
            return msg("this monster has no [Activated] skill")
        if self.down(s, c.uid):
            return msg("a down monster's skills are disabled ({rule})", rule="MM-R38")
        return (self._cost_problem(s, c.uid, self._skill_cost(c.cid, "activate"))
                or self._target_problem(s, c.uid, self.steps[c.cid]["activate"], a.player, c.uid))

    def do_skill(self, s, a):
        u = a["card"]
        cost = self._skill_cost(s.cards[u].cid, "activate")
        self.pay_then(s, a.player, int(cost.get("mana", 0)), None, {"do": "activated", "player": a.player, "card": u})

    def _paid_activated(self, s, then):
        u = then["card"]
        cost = self._skill_cost(s.cards[u].cid, "activate")
        if cost.get("cast"):
            self.cast_monster(s, u, cost.get("ct"))
        self.log(s, msg("{card} uses its [Activated] skill ({rule})", card=self.card_ref(s, u, "all"), rule="MM-R25"),
                 kind="skill", card=u)
        self.tick(s, msg("skill use"))
        self._queue(s, u, self.steps[s.cards[u].cid]["activate"], s.cards[u].owner, user=u)

    def check_spell(self, s, a):
        why = self._turn_action(s, a, "cast")
        if why:
            return why
        sp, why = self._own_card(s, a)
        if why:
            return why
        d = self.rs.cards[sp.cid]
        if d.kind != "spell":
            return msg("that is not a spell")
        m, why = self._own_monster(s, a, "target")
        if why:
            return msg("a spell is used by a monster of your battle zone: {why}", why=why)
        if self.down(s, m.uid):
            return msg("a down monster cannot use spells ({rule})", rule="MM-R38")
        if m.tapped:
            return msg("only a {recast} monster can use a spell ({rule})", recast=self.rs.word("untapped"),
                       rule="MM-R26")
        if self.d(s, m.uid).color != d.color:
            return msg("a monster uses only spells of its own attribute ({rule})", rule="MM-R26")
        z = self.slot_of(s, sp.uid)
        if d.get("trap"):
            if z is None:
                return msg("a trap spell is used only after it is set in your battle zone ({rule})",
                           rule="MM-R26, MM-R27")
            if COLUMN[z] != COLUMN[self.slot_of(s, m.uid)]:
                return msg("only the monster in the trap's own column may use it ({rule})", rule="MM-R27")
            if "use" not in self.steps[sp.cid]:
                return msg("this trap can only be used when its column is attacked ({rule})", rule="MM-R27")
        elif sp.zone != f"{a.player}.hand":
            return msg("use a spell from your hand")
        if not self.can_pay(s, a.player, d.get("cost"), d.color):
            return msg("cast {n} {recast} mana, including one of the spell's attribute {attr} ({rule})",
                       n=d.get("cost"), recast=self.rs.word("untapped"), attr=self.rs.color_term(d.color),
                       rule="MM-R26")
        return self._target_problem(s, sp.uid, self.steps[sp.cid].get("use", ()), a.player, m.uid)

    def do_spell(self, s, a):
        u = a["card"]
        d = self.d(s, u)
        self.pay_then(s, a.player, d.get("cost"), d.color,
                      {"do": "spell", "player": a.player, "card": u, "user": a["target"]})

    def _paid_spell(self, s, then):
        p, u, m = then["player"], then["card"], then["user"]
        d = self.d(s, u)
        self.move(s, u, f"{p}.grave", face_up=True)
        self.log(s, msg("{card} uses the spell {spell} ({rule})", card=self.card_ref(s, m, "all"),
                        spell=self.card_ref(s, u, "all"), rule="MM-R26"), kind="spell", card=u, user=m)
        self.tick(s, msg("spell use"))
        self._queue(s, u, self.steps[d.id].get("use", ()), p, user=m)

    def check_set_trap(self, s, a):
        why = self._turn_action(s, a, "cast")
        if why:
            return why
        c, why = self._own_card(s, a)
        if why:
            return why
        d = self.rs.cards[c.cid]
        if c.zone != f"{a.player}.hand" or d.kind != "spell" or not d.get("trap"):
            return msg("set a trap spell from your hand ({rule})", rule="MM-R27")
        owner, z = split_key(a["to"])
        if owner != a.player or z not in SLOT_SET:
            return msg("set it into a slot of your battle zone ({rule})", rule="MM-R27")
        if s.zones[a["to"]]:
            return msg("that slot is not empty ({rule})", rule="MM-R27, MM-D2")
        return None

    def do_set_trap(self, s, a):
        self.move(s, a["card"], a["to"], face_up=False, tapped=False)
        self.log(s, msg("{player} sets a trap spell face down in {zone} ({rule})", player=_p(a.player),
                        zone=self.zone_label(a["to"]), rule="MM-R27"),
                 {a.player: msg("{player} sets {card} in {zone} ({rule})", player=_p(a.player),
                                card=self.card_ref(s, a["card"], a.player), zone=self.zone_label(a["to"]),
                                rule="MM-R27")})

    # --- triggered skills: offers (MM-R39) ----------------------------------------------------
    def _offer(self, s, uid, trigger, battle=False, exc=False, user=None) -> None:
        """Offer a card's triggered skill to its owner now, if it has one and may use it."""
        c = s.cards[uid]
        steps = self.steps[c.cid].get(trigger)
        if not steps:
            return
        d = self.rs.cards[c.cid]
        place = self.place(s, uid)
        if d.kind == "monster":
            if place == "battle" and (not c.face_up or (self.down(s, uid) and not exc)):
                return
            if place == "material":
                return
            if self._cost_problem(s, uid, self._skill_cost(c.cid, trigger)):
                return      # a monster's skill it cannot pay for is not offered (mana is public)
            why = self._target_problem(s, uid, steps, c.owner, user if user is not None else uid, public_only=True)
            if why:
                self.log(s, why, kind="skill")
                return      # nothing on the table to choose: it cannot be used (MM-D21)
        forced = any(st.get("forced") for st in steps)
        word = TRIGGER_WORDS.get(trigger, trigger)
        card = self.card_ref(s, uid, c.owner)       # (the prompt is the owner's; a set trap stays unnamed to others)
        if d.kind == "spell":
            prompt = msg("{card} (trap spell) — {when}: use the trap?", card=card, when=word)
            public = msg("{player} decides whether to react ({when})", player=_p(c.owner), when=word)
        else:
            prompt = msg("{card} [Triggered] {when} (forced): use the skill?" if forced
                         else "{card} [Triggered] {when}: use the skill?", card=card, when=word)
            public = msg("{player}: {card} [Triggered] {when}", player=_p(c.owner),
                         card=self.card_ref(s, uid, "all"), when=word)
        self.ask(s, c.owner, "skill_offer", prompt, public_prompt=public, card=uid, trigger=trigger, place=place,
                 battle=battle, exc=exc, forced=forced, user=user)

    def offer_valid(self, s, o) -> str | None:
        """Return why an offered triggered skill can no longer be used, or None (MM-R39)."""
        uid = o["card"]
        place = self.place(s, uid)
        if place == "material" and o["place"] == "battle":
            # Becoming material is not leaving (MM-R39), but a material card is no monster (MM-R42, MM-R43).
            return msg("{card} is now a material card, not a monster ({rule})", card=self.card_ref(s, uid, "all"),
                       rule="MM-R42")
        if place != o["place"]:
            return msg("{card} left the place where its condition was met ({rule})",
                       card=self.card_ref(s, uid, "all"), rule="MM-R39")
        c = s.cards[uid]
        if o["place"] == "battle":
            if self.d(s, uid).kind == "monster" and self.down(s, uid) and not o.get("exc"):
                return msg("{card} is down: its skills are disabled ({rule})", card=self.card_ref(s, uid, "all"),
                           rule="MM-R38")
            if self.d(s, uid).kind == "spell" and c.face_up:
                return msg("the trap is no longer set")
        if o.get("battle"):
            b = s.data.get("battle")
            if not b or b.get("cancelled"):
                return msg("the attack has ended")
        return None

    def _prune_offers(self, s):
        keep = []
        for o in s.pending:
            # An offer without its card is the other player's, as a bot's determinization copies it
            # from a view: it stays, and can only be passed.
            if o["kind"] == "skill_offer" and "card" in o:
                why = self.offer_valid(s, o)
                if why:
                    self.log(s, msg("{why}: its skill cannot be used", why=why), kind="skill")
                    continue
            keep.append(o)
        if len(keep) != len(s.pending):
            s.pending[:] = keep

    def _offer_cost(self, s, o) -> str | None:
        uid = o["card"]
        d = self.d(s, uid)
        if d.kind == "spell":
            m = o.get("user")
            if m is None or not self.is_monster(s, m) or self.down(s, m):
                return msg("no monster of this column can use the trap")
            if s.cards[m].tapped:
                return msg("the trap's user must be {recast} ({rule})", recast=self.rs.word("untapped"), rule="MM-R26")
            if self.d(s, m).color != d.color:
                return msg("the monster in this column has another attribute ({rule})", rule="MM-R26")
            return (self._cost_problem(s, uid, {}, d.color, d.get("cost"))
                    or self._target_problem(s, uid, self.steps[d.id][o["trigger"]], o["player"], m))
        return (self._cost_problem(s, uid, self._skill_cost(d.id, o["trigger"]))
                or self._target_problem(s, uid, self.steps[d.id][o["trigger"]], o["player"], o.get("user") or uid))

    def _offer_of(self, s, a):
        o = self._pending(s, a, "skill_offer")
        if o is None:
            return None, msg("no skill is offered to you now")
        if a.args:
            return None, msg("use_skill / pass_skill answer the offer in front and take no arguments")
        return o, None

    def check_use_skill(self, s, a):
        o, why = self._offer_of(s, a)
        if why:
            return why
        if "card" not in o:
            return msg("this offer is not known here")
        return self.offer_valid(s, o) or self._offer_cost(s, o)

    def do_use_skill(self, s, a):
        o = s.pending.pop(0)
        uid = o["card"]
        d = self.d(s, uid)
        then = {"do": "triggered", "player": a.player, "card": uid, "trigger": o["trigger"], "user": o.get("user")}
        if d.kind == "spell":
            self.pay_then(s, a.player, d.get("cost"), d.color, then)
        else:
            self.pay_then(s, a.player, int(self._skill_cost(d.id, o["trigger"]).get("mana", 0)), None, then)

    def _paid_triggered(self, s, then):
        p, uid, trigger = then["player"], then["card"], then["trigger"]
        d = self.d(s, uid)
        if d.kind == "spell":
            self.move(s, uid, f"{p}.grave", face_up=True)
            self.log(s, msg("{card} uses the trap spell {spell} ({rule})", card=self.card_ref(s, then["user"], "all"),
                            spell=self.card_ref(s, uid, "all"), rule="MM-R26"), kind="spell", card=uid)
        else:
            cost = self._skill_cost(d.id, trigger)
            if cost.get("cast"):
                self.cast_monster(s, uid, cost.get("ct"))
            self.log(s, msg("{card} uses its [Triggered] skill ({when})", card=self.card_ref(s, uid, "all"),
                            when=TRIGGER_WORDS.get(trigger, trigger)), kind="skill", card=uid)
        self.tick(s, msg("skill use") if d.kind == "monster" else msg("spell use"))
        self._queue(s, uid, self.steps[d.id][trigger], p, user=then["user"] or uid)

    def check_pass_skill(self, s, a):
        o, why = self._offer_of(s, a)
        if why:
            return why
        if o.get("forced") and "card" in o and self.offer_valid(s, o) is None and self._offer_cost(s, o) is None:
            return msg("this skill is forced: it must be used")
        return None

    def do_pass_skill(self, s, a):
        s.pending.pop(0)
        self.log(s, msg("{player} does not use it", player=_p(a.player)))

    # --- effects -----------------------------------------------------------------------------
    def _role_target(self, s, role, source, user):
        """Return the card a role target names (user, attacker, defender, foe), or None."""
        if role == "user":
            return user
        b = s.data.get("battle") or {}
        if role == "foe":
            return b.get("defender") if source == b.get("attacker") or user == b.get("attacker") else b.get("attacker")
        return b.get(role)

    def _target_problem(self, s, source, steps, player, user, public_only=False):
        """Return why a skill or spell cannot be used for want of a target, or None (MM-D21).

        Using one is paying its 【コスト】, choosing its 【対象】 and resolving its 【効果】 (⑤スキル): a step
        with a target (other than the card itself) and no card to choose makes the whole skill unusable.
        With `public_only`, steps that choose from a hidden place (a hand) are not judged: an offer must
        not tell the opponent what that place holds.
        """
        for st in steps:
            spec = st.get("target")
            if spec is None or spec == "self":
                continue
            if spec in ROLES:
                who = self._role_target(s, spec, source, user)
                if who is not None and who in s.cards and self.is_monster(s, who) and not self.down(s, who):
                    continue
            elif isinstance(spec, dict):
                if public_only and any(z not in ZONE_GROUPS and z not in SLOT_SET for z in spec.get("zones") or ()):
                    continue
                if self.effect_candidates(s, {"player": player, "source": source}, spec):
                    continue
            return msg("{card}: no target for 「{step}」, so it cannot be used ({rule})",
                       card=self.card_ref(s, source, player), step=step_words(st), rule="MM-D21")
        return None

    def _queue(self, s, source, steps, player, user=None) -> None:
        """Queue a skill's or spell's steps; role targets (user, attacker, ...) are fixed now."""
        q = s.data.setdefault(QUEUE, [])
        for st in steps:
            st = {k: v for k, v in st.items() if k not in ("cost", "forced")}
            t = st.get("target")
            if t in ROLES:
                who = self._role_target(s, t, source, user)
                st["target"] = {"uids": [who] if who is not None else [], "all": True}
            q.append({"source": source, "player": player, "step": st, "event": {"user": user}})
        self.resolve_effects(s)

    def effect_candidates(self, s, ctx, spec):
        if not isinstance(spec, dict):
            return []
        if "uids" in spec:
            return [u for u in spec["uids"] if u in s.cards and self.is_monster(s, u) and not self.down(s, u)]
        me = ctx["player"]
        players = {"own": [me], "enemy": [1 - me]}.get(spec.get("side", "any"), [me, 1 - me])
        if spec.get("player"):
            return players
        zones = []
        for z in spec.get("zones") or ["battle"]:
            zones.extend(ZONE_GROUPS.get(z, (z,)))
        out = []
        for p in players:
            for z in zones:
                pile = s.zones.get(f"{p}.{z}", ())
                for u in (pile[-1:] if z in SLOT_SET else pile):
                    c = s.cards[u]
                    if z in SLOT_SET and (not c.face_up or c.flags.get("down")):
                        continue
                    if not self.matches(s, u, spec):
                        continue
                    if "pow_max" in spec and self.pow(s, u) > spec["pow_max"]:
                        continue
                    if spec.get("cast") and not c.tapped:
                        continue
                    out.append(u)
        return out

    def destroy(self, s, uid, in_battle=False) -> bool:
        """Destroy a monster: a sub goes to the graveyard (MM-R37), a main goes down (MM-R38)."""
        c = s.cards[uid]
        z = self.slot_of(s, uid)
        if z is None or not self.is_monster(s, uid):
            return False
        if c.flags.get("down"):
            self.log(s, msg("{card} is down and cannot be destroyed ({rule})", card=self.card_ref(s, uid, "all"),
                            rule="MM-R38"))
            return False
        if z in SUBS:
            for m in list(c.attached):
                self.move(s, m, f"{c.owner}.grave", face_up=True)
            self.move(s, uid, f"{c.owner}.grave", face_up=True)
            c.flags.clear()
            self.log(s, msg("{card} is destroyed and goes to the graveyard ({rule})", card=self.card_ref(s, uid, "all"),
                            rule="MM-R37"), kind="destroy", card=uid)
            if not in_battle:
                self._offer(s, uid, "destroyed")
        else:
            c.flags.pop("mods", None)
            ct = 0 if self.d(s, uid).has("quick_revive") else None
            self.cast_monster(s, uid, ct)
            c.flags["down"] = True
            self.log(s, msg("{card} is destroyed: a main monster goes down, CT {ct} ({rule})",
                            card=self.card_ref(s, uid, "all"), ct=c.flags["ct"], rule="MM-R38"),
                     kind="destroy", card=uid)
        return True

    def fx_destroy(self, s, uid, ctx):
        self.destroy(s, uid)

    def fx_bounce(self, s, uid, ctx):
        c = s.cards[uid]
        z = self.slot_of(s, uid)
        if z in MAINS:
            self.log(s, msg("{card} is a main monster and never leaves its main area ({rule})",
                            card=self.card_ref(s, uid, "all"), rule="MM-R41"))
            return
        card = self.card_ref(s, uid, "all")     # (named while it is on the table: in the hand it is hidden)
        for m in list(c.attached):
            self.move(s, m, f"{c.owner}.grave", face_up=True)
        self.move(s, uid, f"{c.owner}.hand")
        c.flags.clear()
        self.log(s, msg("{card} returns to its owner's hand", card=card))

    def fx_player_value(self, s, player, key, delta, ctx):
        s.players[player][key] = max(0, s.players[player].get(key, 0) + delta)   # MM-D6: never below 0
        self.log(s, msg("{player} {value} {delta:+d} → {n}", player=_p(player), value=self.rs.word("value." + key),
                        delta=delta, n=s.players[player][key]), kind="hp", player=player, delta=delta)
        # MM-R44: HP 0 loses the moment it happens, before any later step or triggered skill resolves
        # (resolve_effects and the battle stop once the outcome is set).
        self._check_end(s)

    # --- the battle (MM-R28..R33) ------------------------------------------------------------
    def _battler_ok(self, s, uid, owner) -> bool:
        return (uid in s.cards and self.is_monster(s, uid) and s.cards[uid].owner == owner
                and not self.down(s, uid))

    def _end_battle(self, s, why=""):
        b = s.data["battle"]
        s.data["battle"] = None
        if why:
            self.log(s, msg("the attack ends: {why}", why=why))
        self.tick(s, msg("attack"))
        del b

    def _battle_step(self, s):
        b = s.data["battle"]
        att, dfn, p = b["attacker"], b["defender"], b["player"]
        step = b["step"]
        if step in ("before", "during"):
            if b.get("cancelled"):
                return self._end_battle(s, msg("it was cancelled"))
            if not self._battler_ok(s, att, p):
                return self._end_battle(s, msg("the attacking monster is gone"))
            if dfn is not None and not self._battler_ok(s, dfn, 1 - p):
                return self._end_battle(s, msg("the defending monster is gone"))
        if step == "before":
            self.cast_monster(s, att)
            b["step"] = "during"
            self.log(s, msg("attack decided: {card} is {state}, CT {ct} ({rule})", card=self.card_ref(s, att, "all"),
                            state=self.rs.word("tapped"), ct=s.cards[att].flags["ct"], rule="MM-R29"))
            self._offer(s, att, "during_battle", battle=True)
            if dfn is not None:
                self._offer(s, dfn, "during_battle", battle=True)
        elif step == "during":
            pa = self.pow(s, att)
            if dfn is None:
                b.update(result="direct", destroy=None, hurt=1 - p, damage=pa)
                self.log(s, msg("direct attack: POW {n} ({rule})", n=pa, rule="MM-R32"))
            else:
                pd = self.pow(s, dfn)
                if pa > pd:
                    b.update(result="attacker", destroy=dfn, hurt=1 - p, damage=pa - pd)
                elif pd > pa:
                    b.update(result="defender", destroy=None, hurt=p, damage=pd - pa)
                else:
                    b.update(result="draw", destroy=None, hurt=None, damage=0)
                self.log(s, msg("POW {a} against {d}: {result} ({rule})", a=pa, d=pd, rule="MM-R31",
                                result={"attacker": msg("the attacker wins"), "defender": msg("the defender wins"),
                                        "draw": msg("a draw")}[b["result"]]))
            b["step"] = "decide"
            if b["destroy"] is not None:
                self._offer(s, b["destroy"], "before_destroyed", battle=True)
        elif step == "decide":
            b["step"] = "after"
            gone = b["destroy"]
            if gone is not None and self._battler_ok(s, gone, 1 - p):
                self.destroy(s, gone, in_battle=True)
            if b["hurt"] is not None and b["damage"] > 0:
                self.fx_player_value(s, b["hurt"], "hp", -b["damage"], {})
            if s.outcome is not None:
                return
            for u in (att, dfn):
                if u is None:
                    continue
                self._offer(s, u, "after_battle", battle=True, exc=True)
                if u == att and b["result"] in ("attacker", "direct"):
                    self._offer(s, u, "after_win", battle=True, exc=True)
                if u == gone:
                    self._offer(s, u, "destroyed", battle=True, exc=True)
        else:
            self._end_battle(s)

    # --- after every action ----------------------------------------------------------------
    def after(self, s):
        self._check_end(s)
        if s.outcome is None:
            self._prune_offers(s)
            self._advance(s)
            self._check_end(s)

    def _advance(self, s):
        while s.outcome is None and not s.pending and not s.data.get(QUEUE):
            if s.data.get("battle"):
                self._battle_step(s)
                self._prune_offers(s)
            elif s.phase == "end":
                self._finish_turn(s)
            else:
                break

    def _check_end(self, s):
        if s.outcome is not None:
            return
        if s.players[0].get("hp", 1) > 0 and s.players[1].get("hp", 1) > 0:
            return          # (the usual case, after every action)
        dead = [p for p in (0, 1) if s.players[p].get("hp", 1) <= 0]
        if len(dead) == 2:
            self.win(s, None, msg("both players' {hp} reached 0 ({rule})", hp=self.rs.word("value.hp"), rule="MM-R44"))
        elif dead:
            self.win(s, 1 - dead[0], msg("{player}'s {hp} reached 0 ({rule})", player=_p(dead[0]),
                                         hp=self.rs.word("value.hp"), rule="MM-R44"))

    # --- views and words -----------------------------------------------------------------------
    def public(self, s, viewer):
        players = []
        for p in (0, 1):
            mana = s.zones[f"{p}.mana"]
            ready = sum(1 for u in mana if not s.cards[u].tapped)
            zs = self.rs.zones
            players.append({self.rs.word("value.hp"): s.players[p].get("hp", 0), zs["deck"].term: len(s.zones[f"{p}.deck"]),
                            zs["hand"].term: len(s.zones[f"{p}.hand"]),
                            self.rs.word("value.mana"): f"{ready}/{len(mana)}",
                            zs["grave"].term: len(s.zones[f"{p}.grave"])})
        badges = {}
        zones = {}
        for p in (0, 1):
            for z in SLOTS:
                pile = s.zones[f"{p}.{z}"]
                if not pile:
                    continue
                u = pile[-1]
                c = s.cards[u]
                if not c.face_up or self.rs.cards[c.cid].kind != "monster":
                    continue
                out = []
                if c.flags.get("down"):
                    out.append(self.rs.word("down"))
                if c.tapped:
                    need = self.needs(s, u)
                    # complete (完了): the CT is over; the monster recasts in its owner's next recast phase.
                    out.append(msg("CT{ct} {need} left", ct=c.flags.get("ct", 0), need=need) if need
                               else msg("CT{ct} complete", ct=c.flags.get("ct", 0)))
                # (a POW other than the printed one is shown by the table's stat chip, from live_stats)
                if c.attached:
                    out.append(msg("material {n}", n=len(c.attached)))
                if out:
                    badges[u] = out
        pe = s.pending[0] if s.pending else None
        if pe and pe["kind"] == "pay_mana" and pe["player"] == viewer and "need" in pe:
            # The suggestion the pay_mana button casts, marked for the payer only (MM-D9).
            for u in self.suggested_mana(s, viewer, pe["need"], pe["attr"], pe["then"]["card"]):
                badges.setdefault(u, []).append(msg("suggested"))
        b = s.data.get("battle")
        if b:
            badges.setdefault(b["attacker"], []).append(msg("attacking"))
            if b["defender"] is not None:
                badges.setdefault(b["defender"], []).append(msg("defending"))
        # (the turn is on the top bar already)
        shared = {self.rs.word("value.time"): s.data["time"], self.rs.word("value.turn_start"): s.data["turn_start"]}
        return {"players": players, "shared": shared, "badges": badges, "zones": zones}

    def describe(self, s, a, viewer=None):
        k = a.kind
        lab = lambda key: self.card_label(s, a[key], viewer)  # noqa: E731
        # A cost told only of a card the viewer sees: the cost of a hidden card would name it.
        seen = viewer is None or (a.get("card") in s.cards and self.visible(s, s.cards[a["card"]], viewer))
        try:
            if k == "choose_order":
                return msg("Go first") if a["choice"] == "first" else msg("Go second")
            if k == "pick_main":
                if viewer is not None and viewer != a.player:   # the pick is face down (MM-R7)
                    return msg("Main monster: a face-down card ({rule})", rule="MM-R7")
                d = self.rs.cards[a["choice"]]
                return msg("Main monster: {card}", card=Term(d.name_en or d.name, d.name, card=True))
            if k == "mulligan":
                return msg("Redraw the hand") if a["choice"] else msg("Keep the hand")
            if k == "extra_draw":
                return msg("Draw 1 card") if a["choice"] else msg("Do not draw")
            if k in ("use_skill", "pass_skill") and s.pending and "card" in s.pending[0]:
                card = self.card_label(s, s.pending[0]["card"], viewer)
                return msg("Use: {card}", card=card) if k == "use_skill" else msg("Do not use: {card}", card=card)
            if k == "summon":
                cost = self.d(s, a["card"]).get("cost") if seen else "?"
                return msg("Summon {card} → {zone} (cost {cost})", card=lab("card"), zone=self.zone_label(a["to"]),
                           cost=cost)
            if k in ("evolve", "awaken"):
                cost = self.stack_cost(s, a["card"], a["target"]) if seen else "?"
                return msg("Evolve {card} → {target} (cost {cost})" if k == "evolve"
                           else "Awaken {card} → {target} (cost {cost})", card=lab("card"), target=lab("target"),
                           cost=cost)
            if k == "attack":
                if a.get("target") is None:
                    return msg("Direct attack: {card} → {player}", card=lab("card"), player=_p(a["target_player"]))
                return msg("Attack: {card} → {target}", card=lab("card"), target=lab("target"))
            if k == "skill":
                return msg("[Activated] {card}", card=lab("card"))
            if k == "spell":
                return msg("Spell {card} (used by {target})", card=lab("card"), target=lab("target"))
            if k == "set_trap":
                return msg("Set {card} → {zone}", card=lab("card"), zone=self.zone_label(a["to"]))
            if k == "charge":
                return msg("Charge {card}", card=lab("card"))
            if k == "end_phase":
                return msg("End the {phase}", phase=self.rs.phase_term(s.phase))
            if k == "end_turn":
                return msg("End the turn")
            if k == "pay_mana":
                mana = a["mana"] if isinstance(a["mana"], tuple) else (a["mana"],)
                return msg("Cast the suggested mana: {cards}", cards=self._mana_words(s, mana))
            if k == "cast_mana":
                return msg("Cast {card}", card=self._mana_words(s, (a["target"],)))
        except (KeyError, TypeError, AttributeError):
            pass
        return super().describe(s, a, viewer)

    def _mana_words(self, s, uids):
        """Return mana cards in words (mana lies face up: named for everyone, MM-D3), each with its attribute."""
        return tuple(msg("{card} ({attr})", card=self.card_ref(s, u, None), attr=self.rs.color_term(self.d(s, u).color))
                     for u in uids)

    def drop_candidates(self, s, p):
        return self._actions(s, p, every=True)   # every action shape: a drop means an action, legal or not

    def drop_action(self, s, player, uid, zone, target):
        a = super().drop_action(s, player, uid, zone, target)
        if a is None and target is None and zone.startswith(f"{1 - player}."):
            # A monster dropped on the opponent's side: the direct attack.
            for x in self.drop_candidates(s, player):
                if x.get("card") == uid and x.kind == "attack" and x.get("target_player") is not None:
                    return x
        return a


# --- this ruleset's effect ops -------------------------------------------------------------------
def _op_cast_ct(ctl, s, ctx):
    t = ctx["target"]
    if t is None or not ctl.is_monster(s, t):
        return
    n = ctx["step"].get("n")
    ctl.cast_monster(s, t, None if n is None else int(n))
    ctl.log(s, msg("{card}: {state}, CT {ct}", card=ctl.card_ref(s, t, "all"), state=ctl.rs.word("tapped"),
                   ct=s.cards[t].flags["ct"]))


def _op_recast(ctl, s, ctx):
    t = ctx["target"]
    if t is None or not ctl.is_monster(s, t):
        return
    ctl.recast_monster(s, t)
    ctl.log(s, msg("{card}: {state}", card=ctl.card_ref(s, t, "all"), state=ctl.rs.word("untapped")))


def _op_charge_mana(ctl, s, ctx):
    p = ctx["player"]
    pile = s.zones[f"{p}.deck"]
    for _ in range(int(ctx["step"].get("n", 1))):
        if not pile:
            break
        u = pile[-1]
        ctl.move(s, u, f"{p}.mana", face_up=True, tapped=False)
        ctl.log(s, msg("{player} puts {card} from the deck into the mana zone", player=_p(p),
                       card=ctl.card_ref(s, u, "all")))


def _op_put_out(ctl, s, ctx):
    """Put a card into the battle zone (出す, MM-R23): no cost, not a summon, no time."""
    t = ctx["target"]
    if t is None:
        return
    p = s.cards[t].owner
    same = ctl.same_monster(s, p, s.cards[t].cid)
    if same is not None and ctl.down(s, same):
        ctl.log(s, msg("{target} is down: {card} cannot be put onto it ({rule})", target=ctl.card_ref(s, same, "all"),
                       card=ctl.card_ref(s, t, None), rule="MM-D10"))
        return
    if same is not None:
        slot = s.cards[same].zone
        tapped = s.cards[same].tapped
        ctl.move(s, t, slot, face_up=True, tapped=tapped)
        for m in list(s.cards[same].attached):
            ctl.attach(s, m, t)
        ctl.attach(s, same, t)
        flags = dict(s.cards[same].flags)
        s.cards[same].flags.clear()
        s.cards[t].flags.update({k: v for k, v in flags.items() if k in ("ct", "since")})
        ctl.log(s, msg("{card} is put onto {target} ({rule})", card=ctl.card_ref(s, t, "all"),
                       target=ctl.card_ref(s, same, None), rule="MM-R23"))
        return
    # MM-D16: the first empty space of the battle zone, the sub (front) row first.
    free = [key for key in SUMMON_KEYS[p] if not s.zones[key]]
    if not free:
        ctl.log(s, msg("no empty space in the battle zone: {card} stays where it is ({rule})",
                       card=ctl.card_ref(s, t, "all"), rule="MM-D16"))
        return
    ctl.move(s, t, free[0], face_up=True, tapped=True)
    ctl.cast_monster(s, t, 0)
    ctl.log(s, msg("{card} is put into {zone} (put out, not a summon, {rule})", card=ctl.card_ref(s, t, "all"),
                   zone=ctl.zone_label(s.cards[t].zone), rule="MM-R23"))


def _op_cancel_attack(ctl, s, ctx):
    b = s.data.get("battle")
    if b:
        b["cancelled"] = True
        ctl.log(s, msg("the attack is cancelled"))


def _op_static(ctl, s, ctx):
    """[永続] steps are read by the controller (`pow`), never fired."""


register_op("cast_ct", _op_cast_ct, "card")
register_op("recast", _op_recast, "card")
register_op("charge_mana", _op_charge_mana)
register_op("put_out", _op_put_out, "card")
register_op("cancel_attack", _op_cancel_attack)
register_op("pow_per_material", _op_static)
register_op("pow_aura", _op_static)


# --- the bots' evaluation of a monmusu position (see tabletop/bots/evaluate.py) ---------------------
def evaluate_position(game, player: int) -> dict:
    """Return the generic terms (HP, board, hand) plus the spells each player's recast mana can still
    pay: a small term, so that among payments that are otherwise equal a bot keeps the attribute its
    spells need (MM-D9) — a card on the board or a point of HP outweighs it many times."""
    out = _generic_terms(game, player)
    s, ctl = game.state, game.controller
    cards = ctl.rs.cards
    for who, sign, side in ((player, 1.0, "my"), (1 - player, -1.0, "opponent")):
        spells = [u for u in s.zones[f"{who}.hand"] if cards[s.cards[u].cid].kind == "spell"]
        spells += [pile[-1] for pile in (s.zones[key] for key in SLOT_KEYS[who])
                   if pile and cards[s.cards[pile[-1]].cid].kind == "spell"]
        n = sum(1 for u in spells if ctl.can_pay(s, who, cards[s.cards[u].cid].get("cost"), cards[s.cards[u].cid].color))
        out[f"{side} payable spells"] = sign * 0.5 * n
    return out


try:   # the bots are optional for the engine: register the evaluation when they are installed
    from tabletop.bots.evaluate import evaluator as _evaluator
    from tabletop.bots.evaluate import generic_terms as _generic_terms
    _evaluator("monmusu")(evaluate_position)
except ImportError:   # pragma: no cover
    pass
