"""The danmaku controller: a Touhou-style danmaku card game (rules: docs/rules/danmaku.md).

Power is physical: Power cards lie attached under a character or familiar and are counted as P.
Current HP, a spell card's durability and the time limits are public counters (`hp`, `time`).
Lasting card text (supports, spell cards) is data: `{on: static, do: aura, ...}` steps that
`stat` folds into a card's values while their source is on the field. Hit checks flip coins with
the game's generator (`coin`), which logs them for the table to animate.
"""
from __future__ import annotations

from tabletop.engine import Action, Controller, register
from tabletop.engine.controller import player_name
from tabletop.engine.effects import QUEUE, EffectsMixin, register_op
from tabletop.engine.msg import msg

FIELD = ("main", "familiars")          # the zones of cards with HP
PN = player_name


# --- game-specific effect ops --------------------------------------------------------------------
def _op_aura(ctl, s, ctx):
    """Do nothing when fired: auras are lasting modifiers read by `Danmaku.stat`."""


def _op_summon(ctl, s, ctx):
    """Let the player put a matching card from their deck or hand onto the field (DM-R8: abilities may)."""
    p, st = ctx["player"], ctx["step"]
    froms = list(st.get("from", ["deck", "hand"]))
    spec = {"side": "own", "zones": froms, "where": dict(st.get("where", {})), "enter": True}
    found = ctl.effect_candidates(s, ctx, spec)
    if not found:
        ctl.log(s, msg("{card}: no card can be put onto the field", card=ctl.card_ref(s, ctx["source"], "all")))
        if "deck" in froms:
            ctl.shuffle(s, f"{p}.deck")
        return
    deck = f"{p}.deck"
    for u in found:
        if s.cards[u].zone == deck:
            ctl.reveal_to(s, u, p)
    step = {"do": "_summon", "target": spec, "optional": True, "text": msg("put a card onto the field")}
    if "deck" in froms:
        step["shuffle"] = deck
    s.data.setdefault(QUEUE, []).insert(0, {"source": ctx["source"], "player": p, "event": {}, "step": step})


def _op_summon_take(ctl, s, ctx):
    t = ctx["target"]
    p = ctx["player"]
    src = s.cards[t].zone
    ctl.enter_field(s, t, f"{p}.familiars")
    ctl.log(s, msg("{player} puts {card} onto the field from {zone}", player=PN(p), card=ctl.card_ref(s, t, "all"),
                   zone=ctl.zone_label(src)))
    if ctx["step"].get("shuffle"):
        ctl.shuffle(s, ctx["step"]["shuffle"])
    ctl.fire(s, t, "enter")


def _op_bomb(ctl, s, ctx):
    """Put the top card of the opponent's deck onto the opponent's side pile (DM-R6, DM-D6)."""
    opp = 1 - ctx["player"]
    deck = s.zones[f"{opp}.deck"]
    if not deck:
        ctl.log(s, msg("{bomb}: {player}'s deck is empty, nothing happens", bomb=ctl.rs.word("bomb"), player=PN(opp)))
        return
    ctl.log(s, msg("{bomb}: the top card of {player}'s deck becomes a side card of {player} ({n} left)",
                   bomb=ctl.rs.word("bomb"), player=PN(opp), n=len(s.zones[f"{opp}.side"]) + 1), kind="move")
    ctl.move(s, deck[-1], f"{opp}.side", face_up=False)     # (the last card: that deck has run out, DM-D5)


register_op("aura", _op_aura)
register_op("summon", _op_summon)
register_op("_summon", _op_summon_take, "card")
register_op("bomb", _op_bomb)


@register
class Danmaku(EffectsMixin, Controller):
    id = "danmaku"
    LIVE_STATS = ("shot", "hit", "spell", "def", "eva")
    EFFECT_ZONES = FIELD

    def __init__(self, ruleset):
        super().__init__(ruleset)
        # The lasting (static) steps of each card, read on every stat lookup: found once here.
        self.statics = {cid: tuple(e for e in d.effects if e.get("on") == "static")
                        for cid, d in ruleset.cards.items()}
        # The P a point card gives while attached (other attached cards give none): see `power`.
        self.point_power = {cid: d.get("power") or 0 for cid, d in ruleset.cards.items() if d.kind == "point"}
        self.abilities = {cid for cid, d in ruleset.cards.items()
                          if any(e.get("on") == "activate" for e in d.effects)}
        self.side_n = int(self.params.get("side_cards", 4))
        self.hand_n = int(self.params.get("hand_size", 7))
        self.bonus = int(self.params.get("power_bonus", 5))
        # Each player's zone keys ("0.hand", ...), built once instead of formatted on every hot call.
        self.zk = [{name: f"{p}.{name}" for name in ruleset.zones} for p in (0, 1)]
        self.deck_owner = {self.zk[p]["deck"]: p for p in (0, 1)}
        # Where the sources of auras lie, in the order `stat` reads them: (owner, zone key).
        self.aura_zones = tuple((p, self.zk[p][key]) for p in (0, 1) for key in ("supports", "spell"))
        # Where `state_rules` looks for a card at 0 HP, and for one at 0 time.
        self.hp_zones = tuple(self.zk[p][key] for p in (0, 1) for key in ("spell", "main", "familiars"))
        self.time_zones = tuple(self.zk[p][key] for p in (0, 1) for key in ("spell", "supports"))

    # --- deck rules ---------------------------------------------------------------------------
    @classmethod
    def check_deck(cls, deck, rs):
        problems = []
        rows = deck.sections.get("main", [])
        if rows and not any(rs.cards[c].kind == "character" for c, _, _ in rows):
            problems.append((rows[0][2], msg("the deck needs a character card to choose the main character from "
                                             "({rule})", rule="DM-R14")))
        side = deck.sections.get("side", [])
        n = int(rs.parameters.get("side_cards", 4))
        if sum(k for _, k, _ in side) > n:
            problems.append((side[0][2], msg("{k} side-only cards, but only {n} side cards are set ({rule})",
                                             k=sum(k for _, k, _ in side), n=n, rule="DM-D7")))
        return problems

    # --- start of a game ----------------------------------------------------------------------
    def init(self, s, options):
        d = s.data
        d.setdefault("ready", False)          # setup finished: state-based rules and wins apply
        d.setdefault("power_used", False)     # DM-R18: one Power (or Big Power) per turn
        d.setdefault("score_used", False)     # DM-R18: one Score (or 1UP) per turn
        d.setdefault("attacked", False)       # DM-R19: one attack in the danmaku phase
        d.setdefault("redrawn", [False, False])

    def setup(self, s, options):
        """Ask each player for a main character (DM-R14); the rest of setup follows the answers."""
        s.phase = "setup"
        for p in (0, 1):
            chars = [u for u in s.zones[f"{p}.deck"] if self.card_def(s, u).kind == "character"]
            for u in chars:
                self.reveal_to(s, u, p)
            self.ask(s, p, "choose_main", msg("Choose your main character from your deck ({rule})", rule="DM-R14"),
                     public_prompt=msg("{player} chooses a main character ({rule})", player=PN(p), rule="DM-R14"),
                     options=chars)

    def after_scenario(self, s):
        """Fill the counters a scenario leaves out (printed HP, durability, time) and start play."""
        s.data["ready"] = s.phase != "setup"
        for key, uids in s.zones.items():
            name = key.split(".", 1)[1]
            for u in uids:
                c = s.cards[u]
                d = self.rs.cards[c.cid]
                if name in ("main", "familiars", "spell"):
                    c.counters.setdefault("hp", d.get("hp") or 1)
                if name in ("spell", "supports"):
                    c.counters.setdefault("time", d.get("time") or 1)

    def _finish_setup(self, s):
        for p in (0, 1):
            for u in s.zones[f"{p}.main"]:
                self.flip(s, u, True)
                s.cards[u].counters["hp"] = self.card_def(s, u).get("hp") or 1
            self.log(s, msg("{player}'s main character: {card}", player=PN(p),
                            card=self.card_ref(s, s.zones[f"{p}.main"][0], "all")))
        for p in (0, 1):
            # DM-R15/D7: side-only cards of the deck list first, the open slots at random from the deck.
            self.shuffle(s, f"{p}.deck")
            side = s.zones[f"{p}.side"]
            while len(side) < self.side_n and s.zones[f"{p}.deck"]:
                self.move(s, s.zones[f"{p}.deck"][-1], f"{p}.side", face_up=False)
            self.shuffle(s, f"{p}.side")      # DM-D11: which side card comes up is unknown
            self.log(s, msg("{player} sets {n} side cards ({rule})", player=PN(p), n=len(side), rule="DM-R15"))
        s.first = s.active = 0 if self.coin(s, msg("first player ({rule})", rule="DM-R16")) else 1
        self.log(s, msg("{player} goes first", player=PN(s.first)))
        for p in (s.first, 1 - s.first):
            self.shuffle(s, f"{p}.deck")
            self.draw(s, p, self.hand_n)
        for p in (s.first, 1 - s.first):
            self.ask(s, p, "redraw", msg("Keep this hand, or redraw {n} once ({rule})", n=self.hand_n, rule="DM-R16"),
                     public_prompt=msg("{player} decides whether to redraw ({rule})", player=PN(p), rule="DM-R16"))

    def _begin_play(self, s):
        s.data["ready"] = True
        s.turn, s.active = 1, s.first
        s.phase = "main"            # DM-R17: the first player's first start phase is skipped
        self.log(s, msg("turn 1: {player} (the start phase of the first turn is skipped, {rule})", player=PN(s.active),
                        rule="DM-R17"), kind="turn")

    # --- reading the table ----------------------------------------------------------------------
    def main_of(self, s, p):
        z = s.zones[self.zk[p]["main"]]
        return z[0] if z else None

    def spell_of(self, s, p):
        z = s.zones[self.zk[p]["spell"]]
        return z[0] if z else None

    def field(self, s, p):
        z = self.zk[p]
        return s.zones[z["main"]] + s.zones[z["familiars"]]

    def power(self, s, uid) -> int:
        """Return the card's P: the power values of the point cards attached to it (DM-R5, DM-R6)."""
        cards, point_power = s.cards, self.point_power
        total = 0
        for a in cards[uid].attached:
            total += point_power.get(cards[a].cid, 0)
        return total

    def hp(self, s, uid) -> int:
        return s.cards[uid].counters.get("hp", 0)

    def stat(self, s, uid, name):
        """Return a card's value: printed + modifiers until end of turn + auras on the field, ≥ 0."""
        c = s.cards[uid]
        v = self.rs.cards[c.cid].get(name) or 0
        mods = c.flags.get("mods")
        if mods:
            v += sum(m["n"] for m in mods if m["stat"] == name)
        for p, key in self.aura_zones:
            for src in s.zones[key]:
                for e in self.statics[s.cards[src].cid]:
                    if e.get("stat") == name and self._aura_hits(s, src, p, e, c):
                        v += self._aura_amount(s, p, e)
        return max(0, v)

    def _aura_hits(self, s, src, p, e, c) -> bool:
        to = e.get("to", "own")
        z = self.zk[p]
        if to == "self":
            ok = c.uid == src
        elif to == "own":
            ok = c.zone in (z["main"], z["familiars"])
        elif to == "enemy":
            ok = c.zone in (self.zk[1 - p]["main"], self.zk[1 - p]["familiars"])
        elif to == "main":
            ok = c.zone == z["main"]
        elif to == "spell":
            ok = c.zone == z["spell"]
        else:
            ok = False
        if not ok:
            return False
        if e.get("where") and not self.matches(s, c.uid, {"where": e["where"]}):
            return False
        if e.get("if_main"):
            m = self.main_of(s, p)
            if m is None or not self.matches(s, m, {"where": e["if_main"]}):
                return False
        return True

    def _aura_amount(self, s, p, e) -> int:
        n = int(e.get("n", 0))
        if e.get("per"):
            spec = {"where": e["per"]}
            return n * sum(1 for u in self.field(s, p) if self.matches(s, u, spec))
        return n

    def shot_attack(self, s, uid) -> int:
        """Return a card's normal-shot attack: 通 + 5 × its power (DM-R23, DM-D12)."""
        return self.stat(s, uid, "shot") + self.bonus * self.power(s, uid)

    def normal_attack(self, s, p, with_familiars: bool) -> int:
        """Return the normal-shot attack of player p: the main character, plus the familiars and
        other characters only against a spell card (DM-R22/R23; DM-D3 without them)."""
        m = self.main_of(s, p)
        total = self.shot_attack(s, m) if m is not None else 0
        if with_familiars:
            total += sum(self.shot_attack(s, u) for u in s.zones[f"{p}.familiars"])
        return total

    def same_name_in_grave(self, s, p, uid) -> bool:
        """Return whether a spell card of the same name (family and level) lies in the spell graveyard (DM-R9)."""
        d = self.card_def(s, uid)
        key = (d.get("family"), d.get("level"))
        return any((self.rs.cards[s.cards[u].cid].get("family"), self.rs.cards[s.cards[u].cid].get("level")) == key
                   for u in s.zones[f"{p}.spell_grave"])

    # --- moving cards on and off the field -------------------------------------------------------
    def move(self, s, uid, to, **kw):
        """Move a card (Controller.move); the last card leaving a deck loses its owner the game at
        once (DM-R13, DM-D5), whatever took it: a draw, a search, a summon, the opponent's Bomb."""
        src = s.cards[uid].zone
        c = super().move(s, uid, to, **kw)
        p = self.deck_owner.get(src)
        if p is not None and not s.zones[src] and s.outcome is None and s.data.get("ready"):
            self.win(s, 1 - p, msg("{player}'s deck has run out ({rule})", player=PN(p), rule="DM-R13, DM-D5"))
        return c

    def enter_field(self, s, uid, to):
        c = self.move(s, uid, to, face_up=True)
        c.counters["hp"] = self.rs.cards[c.cid].get("hp") or 1
        return c

    def leave_field(self, s, uid, to):
        """Move a card off the field: its power cards go to the graveyard, its counters are cleared."""
        c = s.cards[uid]
        for a in list(c.attached):
            self.move(s, a, f"{s.cards[a].owner}.discard")
        c.counters.clear()
        c.flags.pop("mods", None)
        self.move(s, uid, to)

    def take_side(self, s, p, why):
        """Move the top side card of p into p's hand (DM-D9)."""
        side = s.zones[f"{p}.side"]
        if not side:
            return
        u = side[-1]
        self.move(s, u, f"{p}.hand")
        self.log(s, msg("{player} takes a side card ({why}); {n} left", player=PN(p), why=why, n=len(side)),
                 {p: msg("{player} takes a side card: {card} ({why}); {n} left", player=PN(p),
                         card=self.card_ref(s, u, p), why=why, n=len(side))}, kind="side", player=p)

    # --- candidates ---------------------------------------------------------------------------
    # Candidates are built as Action(kind, player, args) with `args` already sorted by name
    # (card < choice < target < to): what Action.make would build, without its cost.
    def actions(self, s, p):
        if s.pending:
            q = s.pending[0]
            if q["player"] != p:
                return []
            k = q["kind"]
            if k == "effect_target":
                return self.effect_actions(s, p)
            if k == "choose_main":
                # `choice=` (not `card=`): the characters lie in the deck pile, so the table offers buttons.
                return [Action("choose_main", p, (("choice", u),)) for u in q["options"]]
            if k == "redraw":
                return [Action.make("keep", p), Action.make("redraw", p)]
            if k == "defend":
                return [Action("defend", p, (("card", u),)) for u in q["options"]]
            if k == "pay_discard":
                return [Action("discard", p, (("card", u),)) for u in s.zones[self.zk[p]["hand"]]]
            return []
        if p != s.active:
            return []
        if s.phase == "main":
            return self._main_actions(s, p)
        if s.phase == "danmaku":
            return [self._attack_action(s, p)]
        return []

    def _main_actions(self, s, p, every=False):
        """Return the main-phase candidates of the turn player p.

        Candidates that their check is sure to refuse are left out (random play and the bots ask for
        the legal actions every move, and most hand cards are not playable): the conditions below
        repeat those of `check_power`/`check_score`/`check_summon`/`check_declare`/`check_ability`,
        which stay the authority and give the reasons. `every=True` lists them all, legal or not,
        for `drop_action` (a refused drop still maps to its action, so the table can show why).
        """
        z = self.zk[p]
        data = s.data
        cards, defs = s.cards, self.rs.cards
        field = s.zones[z["main"]] + s.zones[z["familiars"]]
        m = field[0] if s.zones[z["main"]] else None
        main_p = self.power(s, m) if m is not None else 0
        spell_free = not s.zones[z["spell"]]
        main_fu = grave = None                # found when a spell card in hand needs them
        out = []
        for u in s.zones[z["hand"]]:
            d = defs[cards[u].cid]
            kind = d.kind
            if kind == "point":
                pt = d.get("point")
                if pt == "bomb":
                    out.append(Action("bomb", p, (("card", u),)))
                elif pt == "power":
                    if every or not data["power_used"]:
                        out.extend(Action("power", p, (("card", u), ("target", t))) for t in field)
                elif pt == "score":
                    if every or not data["score_used"]:
                        heals_characters = bool(d.get("heal_x"))
                        out.extend(Action("score", p, (("card", u), ("target", t))) for t in field
                                   if every or not heals_characters or defs[cards[t].cid].kind == "character")
                else:
                    out.extend(Action(pt, p, (("card", u), ("target", t))) for t in field)
            elif kind in ("familiar", "character"):
                if every or (kind == "familiar" and m is not None and main_p >= (d.get("req_p") or 0)):
                    out.append(Action("summon", p, (("card", u), ("to", z["familiars"]))))
            elif kind == "support":
                out.append(Action("support", p, (("card", u), ("to", z["supports"]))))
            elif kind == "spell":
                if not every:
                    if not spell_free or m is None:
                        continue
                    if grave is None:
                        main_fu = self.stat(s, m, "spell")
                        grave = [(defs[cards[g].cid].get("family"), defs[cards[g].cid].get("level"))
                                 for g in s.zones[z["spell_grave"]]]
                    if ((d.get("family"), d.get("level")) in grave or main_fu < (d.get("req_spell") or 0)
                            or main_p < (d.get("req_p") or 0)):
                        continue
                out.append(Action("declare", p, (("card", u), ("to", z["spell"]))))
        hand_n = len(s.zones[z["hand"]])
        for u in field:
            if cards[u].cid in self.abilities:
                if not every:
                    d = defs[cards[u].cid]
                    pw = self.power(s, u)
                    if (pw < (d.get("ability_p") or 0) or pw < (d.get("cost_p") or 0)
                            or hand_n < (d.get("cost_hand") or 0)):
                        continue
                out.append(Action("ability", p, (("card", u),)))
        out.append(Action("end_phase", p, ()))
        return out

    def _attack_action(self, s, p):
        me = self.spell_of(s, p)
        src = me if me is not None else self.main_of(s, p)
        foe = self.spell_of(s, 1 - p)
        if foe is not None:
            return Action("attack", p, (("card", src), ("target", foe)))
        return Action("attack", p, (("card", src),))

    def drop_candidates(self, s, p):
        # Every main-phase candidate, legal or not (see `_main_actions`).
        if not s.pending and p == s.active and s.phase == "main":
            return self._main_actions(s, p, every=True)
        return self.actions(s, p)

    def drop_action(self, s, player, uid, zone, target):
        a = super().drop_action(s, player, uid, zone, target)
        if a is None:
            # A card whose one action names no zone and no target (a score card, an ability): dropped anywhere.
            own = [x for x in self.drop_candidates(s, player)
                   if x.get("card") == uid and x.get("to") is None and x.get("target") is None]
            if len(own) == 1:
                return own[0]
        return a

    # --- shared checks -------------------------------------------------------------------------
    def _main_phase(self, s, a):
        if s.pending:
            return msg("first answer the open choice")
        if a.player != s.active:
            return msg("it is not your turn")
        if s.phase != "main":
            return msg("only in your {main} phase ({rule}), not the {phase} phase", main=self.rs.phase_term("main"),
                       phase=self.rs.phase_term(s.phase), rule="DM-R18")
        return None

    def _in_hand(self, s, a, kind=None):
        c = s.cards.get(a["card"])
        if c is None or c.zone != self.zk[a.player]["hand"]:
            return msg("that card is not in your hand")
        if kind and self.rs.cards[c.cid].kind != kind:
            return msg("that is not a {kind} card", kind=self.rs.kind_term(kind))
        return None

    def _own_field(self, s, p, t):
        c = s.cards.get(t)
        if c is None or c.host is not None:
            return False
        z = self.zk[p]
        return c.zone == z["main"] or c.zone == z["familiars"]

    # --- setup answers ----------------------------------------------------------------------------
    def _pending(self, s, a, kind):
        if not s.pending or s.pending[0]["kind"] != kind or s.pending[0]["player"] != a.player:
            return None
        return s.pending[0]

    def check_choose_main(self, s, a):
        q = self._pending(s, a, "choose_main")
        if q is None:
            return msg("no main character is being chosen now")
        if a["choice"] not in q["options"]:
            return msg("choose a character card from your deck ({rule})", rule="DM-R14")
        return None

    def do_choose_main(self, s, a):
        s.pending.pop(0)
        self.move(s, a["choice"], f"{a.player}.main", face_up=False)
        self.log(s, msg("{player} chooses a main character (shown when both have chosen)", player=PN(a.player)),
                 {a.player: msg("{player} chooses {card} as main character", player=PN(a.player),
                                card=self.card_ref(s, a["choice"], a.player))})
        if not any(q["kind"] == "choose_main" for q in s.pending):
            self._finish_setup(s)

    def check_keep(self, s, a):
        return None if self._pending(s, a, "redraw") else msg("there is no hand to keep now")

    def do_keep(self, s, a):
        s.pending.pop(0)
        self.log(s, msg("{player} keeps the hand", player=PN(a.player)))
        if not s.pending:
            self._begin_play(s)

    def check_redraw(self, s, a):
        if not self._pending(s, a, "redraw"):
            return msg("you can redraw only right after drawing your first hand ({rule})", rule="DM-R16")
        if s.data["redrawn"][a.player]:
            return msg("you have already redrawn once ({rule})", rule="DM-R16")
        return None

    def do_redraw(self, s, a):
        s.pending.pop(0)
        p = a.player
        s.data["redrawn"][p] = True
        for u in list(s.zones[f"{p}.hand"]):
            self.move(s, u, f"{p}.deck", face_up=False)
        self.shuffle(s, f"{p}.deck")
        self.log(s, msg("{player} redraws the hand ({rule})", player=PN(p), rule="DM-R16"))
        self.draw(s, p, self.hand_n)
        if not s.pending:
            self._begin_play(s)

    # --- main phase: point cards ------------------------------------------------------------------
    def _point_check(self, s, a, pt, flag):
        r = self._main_phase(s, a) or self._in_hand(s, a, "point")
        if r:
            return r
        d = self.rs.cards[s.cards[a["card"]].cid]
        if d.get("point") != pt:
            return msg("{card} is not a {point} card", card=self.card_ref(s, a["card"], a.player),
                       point=self.rs.word(pt))
        if not self._own_field(s, a.player, a["target"]):
            return msg("put it on one of your characters or familiars ({rule})", rule="DM-R5")
        if s.data[flag]:
            return msg("you have already used a {point} card this turn ({rule})", point=self.rs.word(pt), rule="DM-R18")
        return None

    def check_power(self, s, a):
        return self._point_check(s, a, "power", "power_used")

    def do_power(self, s, a):
        s.data["power_used"] = True
        self.attach(s, a["card"], a["target"], under=True)
        # (a point card is played openly from the hand: its name is public, as the card under the target shows)
        self.log(s, msg("{player} attaches {card} to {target}: P{n}", player=PN(a.player),
                        card=self.card_ref(s, a["card"], None), target=self.card_ref(s, a["target"], "all"),
                        n=self.power(s, a["target"])))

    def check_score(self, s, a):
        r = self._point_check(s, a, "score", "score_used")
        if r:
            return r
        d = self.card_def(s, a["card"])
        if d.get("heal_x") and self.card_def(s, a["target"]).kind != "character":
            return msg("{card} heals a character card ({rule})", card=self.card_ref(s, a["card"], a.player), rule="DM-R6")
        return None

    def do_score(self, s, a):
        s.data["score_used"] = True
        d = self.card_def(s, a["card"])
        t = a["target"]
        n = (d.get("heal") or 0) + (d.get("heal_x") or 0) * (self.card_def(s, t).get("hp") or 0)
        self.move(s, a["card"], f"{a.player}.discard")
        s.cards[t].counters["hp"] = self.hp(s, t) + n
        self.log(s, msg("{player} uses {card}: {target} heals {n} ({hp} {left})", player=PN(a.player),
                        card=self.card_ref(s, a["card"], None), target=self.card_ref(s, t, "all"), n=n,
                        hp=self.rs.word("counter.hp"), left=self.hp(s, t)))

    def check_bomb(self, s, a):
        r = self._main_phase(s, a) or self._in_hand(s, a, "point")
        if r:
            return r
        return None if self.card_def(s, a["card"]).get("point") == "bomb" else msg(
            "that is not a {bomb} card", bomb=self.rs.word("bomb"))

    def do_bomb(self, s, a):
        self.move(s, a["card"], f"{a.player}.discard")
        self.log(s, msg("{player} uses {card}", player=PN(a.player), card=self.card_ref(s, a["card"], None)))
        self.fire(s, a["card"], "play", a.player)

    # --- main phase: familiars, supports, spell cards ----------------------------------------------
    def check_summon(self, s, a):
        r = self._main_phase(s, a) or self._in_hand(s, a)
        if r:
            return r
        d = self.card_def(s, a["card"])
        if d.kind == "character":
            return msg("a character card cannot be put onto the field from hand, only by an ability ({rule})",
                       rule="DM-R8")
        if d.kind != "familiar":
            return msg("only familiars go to the familiar zone")
        if a.get("to") not in (None, self.zk[a.player]["familiars"]):
            return msg("familiars go to your familiar zone")
        m = self.main_of(s, a.player)
        need = d.get("req_p") or 0
        if m is None or self.power(s, m) < need:
            have = 0 if m is None else self.power(s, m)
            return msg("{card} needs P{need} on your main character, it has P{have} ({rule})",
                       card=self.card_ref(s, a["card"], a.player), need=need, have=have, rule="DM-R2")
        return None

    def do_summon(self, s, a):
        self.enter_field(s, a["card"], f"{a.player}.familiars")
        self.log(s, msg("{player} puts {card} onto the field", player=PN(a.player), card=self.card_ref(s, a["card"], "all")))
        self.fire(s, a["card"], "enter", a.player)

    def check_support(self, s, a):
        r = self._main_phase(s, a) or self._in_hand(s, a, "support")
        if r:
            return r
        if a.get("to") not in (None, self.zk[a.player]["supports"]):
            return msg("supports go to your support area")
        return self._target_problem(s, a["card"], "play", a.player)

    def do_support(self, s, a):
        c = self.move(s, a["card"], f"{a.player}.supports", face_up=True)
        c.counters["time"] = self.card_def(s, c.uid).get("time") or 1
        self.log(s, msg("{player} uses {card} ({time} {n})", player=PN(a.player), card=self.card_ref(s, c.uid, "all"),
                        time=self.rs.word("counter.time"), n=c.counters["time"]))
        self.fire(s, c.uid, "play", a.player)

    def check_declare(self, s, a):
        r = self._main_phase(s, a) or self._in_hand(s, a, "spell")
        if r:
            return r
        p = a.player
        if a.get("to") not in (None, self.zk[p]["spell"]):
            return msg("a spell card is declared into your spell card slot")
        if self.spell_of(s, p) is not None:
            return msg("only one spell card can be in use at a time ({rule})", rule="DM-R9")
        d = self.card_def(s, a["card"])
        card = self.card_ref(s, a["card"], p)
        if self.same_name_in_grave(s, p, a["card"]):
            return msg("{card} is in your spell graveyard: a spell card of the same name cannot be used ({rule})",
                       card=card, rule="DM-R9")
        m = self.main_of(s, p)
        fu, pw = self.stat(s, m, "spell"), self.power(s, m)
        if fu < (d.get("req_spell") or 0) or pw < (d.get("req_p") or 0):
            return msg("{card} needs {spell} {need_spell} P{need_p} on your main character, it has {spell} {spell_n} "
                       "P{p} ({rule})", card=card, spell=self.rs.stat_term("spell"), need_spell=d.get("req_spell"),
                       need_p=d.get("req_p"), spell_n=fu, p=pw, rule="DM-R3, DM-R29")
        return None

    def do_declare(self, s, a):
        c = self.move(s, a["card"], f"{a.player}.spell", face_up=True)
        d = self.card_def(s, c.uid)
        c.counters["hp"] = d.get("hp") or 1
        c.counters["time"] = d.get("time") or 1
        st = self.rs.stat_term
        self.log(s, msg("{player} declares {card} ({atk} {a}/{hit} {h}, {time} {t}/{hp} {n})", player=PN(a.player),
                        card=self.card_ref(s, c.uid, "all"), atk=st("atk"), a=d.get("atk"), hit=st("hit"), h=d.get("hit"),
                        time=st("time"), t=d.get("time"), hp=st("hp"), n=d.get("hp")), kind="declare")
        self.fire(s, c.uid, "declare", a.player)

    # --- main phase: abilities ------------------------------------------------------------------------
    def check_ability(self, s, a):
        r = self._main_phase(s, a)
        if r:
            return r
        u = a["card"]
        if not self._own_field(s, a.player, u):
            return msg("only your characters and familiars on the field use abilities")
        card = self.card_ref(s, u, a.player)
        if s.cards[u].cid not in self.abilities:
            return msg("{card} has no ability", card=card)
        d = self.card_def(s, u)
        pw = self.power(s, u)
        if pw < (d.get("ability_p") or 0):
            return msg("the ability needs P{need} on {card}, it has P{p} ({rule})", need=d.get("ability_p"), card=card,
                       p=pw, rule="DM-R1")
        if pw < (d.get("cost_p") or 0):
            return msg("the ability discards P{need} from {card}, it has P{p} ({rule})", need=d.get("cost_p"),
                       card=card, p=pw, rule="DM-R30")
        if len(s.zones[self.zk[a.player]["hand"]]) < (d.get("cost_hand") or 0):
            return msg("the ability discards {n} card(s) from your hand ({rule})", n=d.get("cost_hand"), rule="DM-R1")
        return self._target_problem(s, u, "activate", a.player)

    def _target_problem(self, s, uid, trigger, player):
        """Return why a card's ability or support cannot be used for want of the card its text acts on
        (no active spell card for 霊夢's ability, for 懐中時計), or None (DM-D29)."""
        for e in self.rs.cards[s.cards[uid].cid].effects:
            spec = e.get("target")
            if e.get("on") != trigger or not isinstance(spec, dict):
                continue
            if not self.effect_candidates(s, {"player": player, "source": uid}, spec):
                return msg("{card}: there is nothing for its text to act on ({rule})",
                           card=self.card_ref(s, uid, player), rule="DM-D29")
        return None

    def do_ability(self, s, a):
        u, p = a["card"], a.player
        d = self.card_def(s, u)
        card = self.card_ref(s, u, "all")
        self.log(s, msg("{player} uses the ability of {card}", player=PN(p), card=card))
        if d.get("cost_p"):
            self.pay_power(s, u, d.get("cost_p"))
        if d.get("cost_hp"):
            c = s.cards[u]
            c.counters["hp"] = max(0, self.hp(s, u) - d.get("cost_hp"))
            hp = self.rs.word("counter.hp")
            self.log(s, msg("{card} pays {hp} {n} ({hp} {left})", card=card, hp=hp, n=d.get("cost_hp"),
                            left=c.counters["hp"]))
        if d.get("cost_hand"):
            self.ask(s, p, "pay_discard", msg("{card}: discard a card from your hand (cost)", card=card),
                     public_prompt=msg("{player} discards for {card}'s ability", player=PN(p), card=card), source=u,
                     left=d.get("cost_hand"))
        else:
            self.fire(s, u, "activate", p)

    def pay_power(self, s, u, n):
        """Pay P n from the card itself (DM-R30) by discarding whole point cards: the fewest P over n,
        then the fewest cards; a card is never split, so no change is given (DM-D16)."""
        reach = {0: []}          # P total -> the fewest cards that make it (a 0/1 knapsack over the cards)
        for a in sorted(s.cards[u].attached, key=lambda a: self.point_power.get(s.cards[a].cid, 0)):
            v = self.point_power.get(s.cards[a].cid, 0)
            if v <= 0:
                continue
            for total, picked in list(reach.items()):
                if total + v not in reach or len(reach[total + v]) > len(picked) + 1:
                    reach[total + v] = picked + [a]
        enough = [total for total in reach if total >= n]
        paid = min(enough) if enough else max(reach)
        for a in reach[paid]:
            self.move(s, a, f"{s.cards[a].owner}.discard")
        self.log(s, msg("{card} discards P{paid} (P{left} left)", card=self.card_ref(s, u, "all"), paid=paid,
                        left=self.power(s, u)))

    def check_discard(self, s, a):
        if not self._pending(s, a, "pay_discard"):
            return msg("nothing asks you to discard now")
        return self._in_hand(s, a)

    def do_discard(self, s, a):
        q = s.pending[0]
        self.move(s, a["card"], f"{a.player}.discard")
        self.log(s, msg("{player} discards {card}", player=PN(a.player), card=self.card_ref(s, a["card"], "all")))
        q["left"] -= 1
        if q["left"] <= 0 or not s.zones[f"{a.player}.hand"]:
            s.pending.pop(0)
            self.fire(s, q["source"], "activate", a.player)

    # --- phases --------------------------------------------------------------------------------------
    def check_end_phase(self, s, a):
        if s.pending:
            return msg("first answer the open choice")
        if a.player != s.active:
            return msg("it is not your turn")
        if s.phase == "danmaku":
            return msg("fire your danmaku first: the turn player attacks in the danmaku phase ({rule})", rule="DM-R19")
        if s.phase != "main":
            return msg("nothing to end now")
        return None

    def do_end_phase(self, s, a):
        s.phase = "danmaku"
        mode = msg("spell card") if self.spell_of(s, a.player) is not None else msg("normal shot")
        self.log(s, msg("{player}: {phase} ({mode})", player=PN(a.player), phase=self.rs.phase_term("danmaku"),
                        mode=mode), kind="phase")

    def check_attack(self, s, a):
        if s.pending:
            return msg("first answer the open choice")
        if a.player != s.active:
            return msg("only the turn player attacks ({rule})", rule="DM-R19")
        if s.phase != "danmaku":
            return msg("attacks happen in the {phase} phase ({rule})", phase=self.rs.phase_term("danmaku"), rule="DM-R19")
        want = self._attack_action(s, a.player)
        if a.get("card") != want.get("card"):
            return (msg("your active spell card attacks ({rule})", rule="DM-R19") if self.spell_of(s, a.player) is not None
                    else msg("with no spell card, your main character fires a normal shot ({rule})", rule="DM-R19"))
        if a.get("target") != want.get("target"):
            return (msg("the attack goes to the defending spell card ({rule})", rule="DM-R22, DM-D4")
                    if want.get("target") is not None
                    else msg("the defender chooses which card takes the hit ({rule})", rule="DM-R25, DM-D3"))
        return None

    def do_attack(self, s, a):
        p, d = a.player, 1 - a.player
        s.data["attacked"] = True
        mine = self.spell_of(s, p)
        shooter = (self.card_ref(s, mine, "all") if mine is not None
                   else msg("{card}'s normal shot", card=self.card_ref(s, self.main_of(s, p), "all")))
        self.log(s, msg("{player} fires danmaku: {shooter}", player=PN(p), shooter=shooter), kind="attack",
                 card=a["card"])
        if self.spell_of(s, d) is not None:
            self.resolve_attack(s, p, self.spell_of(s, d))
            self.end_turn(s)
            return
        options = self.field(s, d)
        if len(options) == 1:
            self.resolve_attack(s, p, options[0])
            self.end_turn(s)
            return
        self.ask(s, d, "defend", msg("Choose which of your cards takes the hit ({rule})", rule="DM-R25"),
                 public_prompt=msg("{player} chooses which card takes the hit ({rule})", player=PN(d), rule="DM-R25"),
                 options=options)

    def check_defend(self, s, a):
        q = self._pending(s, a, "defend")
        if q is None:
            return msg("nothing is attacking you now")
        if a["card"] not in q["options"]:
            return msg("choose one of your characters or familiars ({rule})", rule="DM-R25")
        return None

    def do_defend(self, s, a):
        s.pending.pop(0)
        self.log(s, msg("{player} takes the hit with {card}", player=PN(a.player), card=self.card_ref(s, a["card"], "all")))
        self.resolve_attack(s, s.active, a["card"])
        self.end_turn(s)

    # --- the danmaku: hit check and damage -------------------------------------------------------------
    def hit_check(self, s, hit, eva) -> bool:
        """Decide a hit (DM-R21, DM-D1): d ≥ 20 hits, d ≤ −20 needs two heads, otherwise one head."""
        d = hit - eva
        st = self.rs.stat_term
        if d >= 20:
            self.log(s, msg("hit check: {hit} {h} − {eva} {e} = {d} ≥ 20: hit ({rule})", hit=st("hit"), h=hit,
                            eva=st("eva"), e=eva, d=d, rule="DM-R21"), kind="hit")
            return True
        if d <= -20:
            c1 = self.coin(s, msg("hit check {rule}: evasion ahead by 20 or more, two heads hit", rule="DM-D1"))
            c2 = self.coin(s, msg("hit check: second coin"))
            ok = c1 and c2
        else:
            ok = self.coin(s, msg("hit check {rule}: {hit} {h} − {eva} {e} = {d}, heads hits", hit=st("hit"), h=hit,
                                  eva=st("eva"), e=eva, d=d, rule="DM-R21"))
        self.log(s, msg("hit!") if ok else msg("missed: the danmaku phase ends"), kind="hit" if ok else "miss")
        return ok

    def resolve_attack(self, s, p, target):
        """Resolve p's attack on `target` (the defending spell card, or the card the defender chose)."""
        d = 1 - p
        mine = self.spell_of(s, p)
        foe_main = self.main_of(s, d)
        at_spell = s.cards[target].zone == f"{d}.spell"
        if mine is not None:
            hit, attack, who = self.stat(s, mine, "hit"), self.stat(s, mine, "atk"), self.card_ref(s, mine, "all")
        else:
            m = self.main_of(s, p)
            hit = self.stat(s, m, "hit")                                  # DM-R28
            attack = self.normal_attack(s, p, with_familiars=at_spell)    # DM-R22/R23, DM-D3
            who = msg("{card}'s normal shot with familiars" if at_spell and s.zones[f"{p}.familiars"]
                      else "{card}'s normal shot", card=self.card_ref(s, m, "all"))
        guard = foe_main if at_spell else target                           # DM-R22 / DM-R25
        self.log(s, msg("{who} → {target} ({atk} {n})", who=who, target=self.card_ref(s, target, "all"),
                        atk=self.rs.stat_term("atk"), n=attack), kind="attack_value", target=target)
        if not self.hit_check(s, hit, self.stat(s, guard, "eva")):
            return
        guard_def = self.stat(s, guard, "def")
        dmg = max(0, attack - guard_def)                                   # DM-R23, DM-D2
        c = s.cards[target]
        c.counters["hp"] = max(0, self.hp(s, target) - dmg)
        self.log(s, msg("{card} takes {n} damage ({atk} {a} − {def_} {d}); {hp} {left}", card=self.card_ref(s, target, "all"),
                        n=dmg, atk=self.rs.stat_term("atk"), a=attack, def_=self.rs.stat_term("def"), d=guard_def,
                        hp=self.rs.word("counter.hp"), left=c.counters["hp"]), kind="damage", target=target, amount=dmg)
        self.state_rules(s)

    # --- turn passing ------------------------------------------------------------------------------
    def end_turn(self, s):
        p = s.active
        s.phase = "end"
        self.expire_mods(s, "end_of_turn")
        self.log(s, msg("{player}: {phase} phase", player=PN(p), phase=self.rs.phase_term("end")), kind="phase")
        self.state_rules(s)
        if s.outcome is not None:
            return
        s.data.update(power_used=False, score_used=False, attacked=False)
        s.active = 1 - p
        s.turn += 1
        self.start_phase(s)

    def start_phase(self, s):
        p = s.active
        s.phase = "start"
        self.log(s, msg("turn {turn}: {player} — {phase} phase", turn=s.turn, player=PN(p),
                        phase=self.rs.phase_term("start")), kind="turn")
        if not s.zones[f"{p}.deck"]:     # (a position set up with an empty deck: it has run out already)
            self.win(s, 1 - p, msg("{player}'s deck has run out ({rule})", player=PN(p), rule="DM-R13, DM-D5"))
            return
        self.draw(s, p, 1)
        if s.outcome is not None:        # the last card was drawn: the deck has run out (DM-D5)
            return
        # DM-D8: time limits count down in their owner's start phase.
        for u in list(s.zones[f"{p}.supports"]) + list(s.zones[f"{p}.spell"]):
            c = s.cards[u]
            c.counters["time"] = max(0, c.counters.get("time", 0) - 1)
            self.log(s, msg("{card}: {time} {n}", card=self.card_ref(s, u, "all"), time=self.rs.word("counter.time"),
                            n=c.counters["time"]))
        self.state_rules(s)
        if s.outcome is None:
            s.phase = "main"

    # --- state-based rules and winning ---------------------------------------------------------------
    def state_rules(self, s):
        """Remove defeated and timed-out cards (DM-R24, DM-R26, DM-D8), then check the wins (DM-R11–13)."""
        if not s.data.get("ready"):
            return
        if self._something_falls(s):
            self._remove_fallen(s)
        if s.outcome is not None:
            return
        zones = s.zones
        z0, z1 = self.zk
        if (zones[z0["main"]] and zones[z1["main"]] and zones[z0["side"]] and zones[z1["side"]]
                and zones[z0["deck"]] and zones[z1["deck"]]):
            return      # the usual case: no win condition reached
        lost = [p for p in (0, 1) if not zones[self.zk[p]["main"]] or not zones[self.zk[p]["deck"]]]
        won = [p for p in (0, 1) if not zones[self.zk[p]["side"]]]
        if len(lost) == 2 or len(won) == 2 or (lost and won and lost[0] == won[0]):
            self.win(s, None, msg("both players reached a win condition at once ({rule})", rule="DM-D17"))
        elif lost:
            p = lost[0]
            self.win(s, 1 - p, msg("{player}'s main character is at 0 {hp} ({rule})", player=PN(p),
                                   hp=self.rs.word("counter.hp"), rule="DM-R11") if not zones[self.zk[p]["main"]]
                     else msg("{player}'s deck has run out ({rule})", player=PN(p), rule="DM-R13, DM-D5"))
        elif won:
            self.win(s, won[0], msg("{player} has no side cards left ({rule})", player=PN(won[0]), rule="DM-R12"))

    def _something_falls(self, s) -> bool:
        """Return whether a card on the field is at 0 HP or 0 time (a cheap scan: usually none is)."""
        cards, zones = s.cards, s.zones
        for key in self.hp_zones:
            for u in zones[key]:
                if cards[u].counters.get("hp", 0) <= 0:
                    return True
        for key in self.time_zones:
            for u in zones[key]:
                if cards[u].counters.get("time", 0) <= 0:
                    return True
        return False

    def _remove_fallen(self, s):
        """Move the cards at 0 HP or 0 time off the field, player by player (a spell card falling
        hands its owner's opponent a side card)."""
        zones, cards = s.zones, s.cards
        for p in (0, 1):
            z = self.zk[p]
            for u in list(zones[z["spell"]]):
                c = cards[u]
                if c.counters.get("hp", 0) <= 0 or c.counters.get("time", 0) <= 0:
                    why = msg("its durability is 0") if c.counters.get("hp", 0) <= 0 else msg("its time limit is 0")
                    self.leave_field(s, u, z["spell_grave"])
                    card = self.card_ref(s, u, "all")
                    self.log(s, msg("{card} goes to {zone} ({why}, {rule})", card=card, zone=self.zone_label(z["spell_grave"]),
                                    why=why, rule="DM-R24"), kind="spell_down")
                    self.take_side(s, 1 - p, msg("{card} fell", card=card))
            for u in list(zones[z["supports"]]):
                if cards[u].counters.get("time", 0) <= 0:
                    self.leave_field(s, u, z["discard"])
                    self.log(s, msg("{card}: time is up, to the graveyard ({rule})", card=self.card_ref(s, u, "all"),
                                    rule="DM-D8"))
            for u in zones[z["main"]] + zones[z["familiars"]]:
                if cards[u].counters.get("hp", 0) <= 0:
                    self.leave_field(s, u, z["discard"])
                    self.log(s, msg("{card} is at 0 {hp} and goes to the graveyard ({rule})",
                                    card=self.card_ref(s, u, "all"), hp=self.rs.word("counter.hp"), rule="DM-R26"),
                             kind="defeated")

    def after(self, s):
        if s.outcome is None:
            self.state_rules(s)

    # --- effect hooks ----------------------------------------------------------------------------------
    def effect_candidates(self, s, ctx, spec):
        if not (isinstance(spec, dict) and spec.get("enter")):
            return super().effect_candidates(s, ctx, spec)
        p = ctx["player"]
        on_field = {self.name(s, u) for u in self.field(s, p)}
        # DM-R8: no second copy of a character on your field; only characters and familiars enter.
        return [u for u in super().effect_candidates(s, ctx, spec)
                if self.card_def(s, u).kind in ("character", "familiar")
                and not (self.card_def(s, u).kind == "character" and self.name(s, u) in on_field)]

    def fx_damage(self, s, target, n, ctx):
        c = s.cards[target]
        c.counters["hp"] = max(0, c.counters.get("hp", 0) - n)
        self.log(s, msg("{card} takes {n} damage ({hp} {left})", card=self.card_ref(s, target, "all"), n=n,
                        hp=self.rs.word("counter.hp"), left=c.counters["hp"]))
        self.state_rules(s)     # a main character at 0 HP loses at once, before the effect's next step

    def fx_heal(self, s, target, n, ctx):
        c = s.cards[target]
        c.counters["hp"] = c.counters.get("hp", 0) + n      # DM-R1: HP is no maximum
        self.log(s, msg("{card} heals {n} ({hp} {left})", card=self.card_ref(s, target, "all"), n=n,
                        hp=self.rs.word("counter.hp"), left=c.counters["hp"]))

    def fx_destroy(self, s, uid, ctx):
        c = s.cards[uid]
        dest = "spell_grave" if c.zone.endswith(".spell") else "discard"
        self.leave_field(s, uid, f"{c.owner}.{dest}")
        self.log(s, msg("{card} is destroyed", card=self.card_ref(s, uid, "all")))

    # A card chosen from inside a pile (a deck search, アリス's summon) cannot be clicked on the
    # table, which shows only the pile's top: such options are `choice=` buttons instead of `target=`.
    def effect_actions(self, s, player):
        out = super().effect_actions(s, player)
        return [Action.make("choose_target", player, choice=a["target"])
                if a.kind == "choose_target" and a.get("target") is not None
                and self.rs.zones[s.cards[a["target"]].zone.split(".", 1)[1]].kind == "pile" else a
                for a in out]

    def _as_target(self, a):
        return Action.make("choose_target", a.player, target=a["choice"]) if a.get("choice") is not None else a

    def check_choose_target(self, s, a):
        if a.get("choice") is not None:
            if a["choice"] not in s.cards or self.rs.zones[s.cards[a["choice"]].zone.split(".", 1)[1]].kind != "pile":
                return msg("that is not a legal choice for this effect")
        elif a.get("target") in s.cards and self.rs.zones[s.cards[a["target"]].zone.split(".", 1)[1]].kind == "pile":
            return msg("choose that card with choice=, it lies in a pile")
        return super().check_choose_target(s, self._as_target(a))

    def do_choose_target(self, s, a):
        super().do_choose_target(s, self._as_target(a))

    def do_skip_effect(self, s, a):
        q = s.pending.pop(0)
        step = q["item"]["step"]
        self.log(s, msg("{player} declines: {card}", player=PN(a.player), card=self.card_ref(s, q["item"]["source"], "all")))
        if step.get("do") == "_take":
            self.shuffle(s, step["from"])
        elif step.get("do") == "_summon" and step.get("shuffle"):
            self.shuffle(s, step["shuffle"])
        self.resolve_effects(s)

    # --- words and panels --------------------------------------------------------------------------------
    def public(self, s, viewer):
        players = []
        for p in (0, 1):
            m = self.main_of(s, p)
            zs, w = self.rs.zones, self.rs.word
            used = (msg("used") if s.data.get("power_used") and p == s.active else msg("free"),
                    msg("used") if s.data.get("score_used") and p == s.active else msg("free"))
            players.append({
                zs["main"].term: self.card_ref(s, m, "all") if m is not None and s.cards[m].face_up else "—",
                w("counter.hp"): self.hp(s, m) if m is not None else 0,
                w("value.p"): self.power(s, m) if m is not None else 0,
                zs["side"].term: len(s.zones[f"{p}.side"]),
                zs["deck"].term: len(s.zones[f"{p}.deck"]),
                zs["hand"].term: len(s.zones[f"{p}.hand"]),
                zs["spell_grave"].term: len(s.zones[f"{p}.spell_grave"]),
                msg("Power/Score"): msg("{power}/{score}", power=used[0], score=used[1]),
            })
        badges = {}
        for p in (0, 1):
            for u in self.field(s, p):
                if not s.cards[u].face_up:
                    continue
                pw = self.power(s, u)
                tags = [msg("P{n}", n=pw)] if pw else []
                if u == self.main_of(s, p):
                    tags.append(msg("{stat} {n}", stat=self.rs.stat_term("shot"), n=self.shot_attack(s, u)))
                badges[u] = tags
            sp = self.spell_of(s, p)
            if sp is not None:
                badges[sp] = [msg("{stat} {n}", stat=self.rs.stat_term("atk"), n=self.stat(s, sp, "atk")),
                              msg("{stat} {n}", stat=self.rs.stat_term("hit"), n=self.stat(s, sp, "hit"))]
        return {"players": players,
                "shared": {},   # the turn is on the top bar, the phase on the phase bar
                "badges": {u: t for u, t in badges.items() if t}}

    def describe(self, s, a, viewer=None):
        k = a.kind
        lab = (lambda u: self.card_label(s, u, viewer))
        if k == "keep":
            return msg("Keep this hand")
        if k == "redraw":
            return msg("Redraw {n}", n=self.hand_n)
        if k == "choose_main":
            return lab(a["choice"])
        if k == "defend":
            return msg("Take the hit with {card}", card=lab(a["card"]))
        if k == "discard":
            return msg("Discard {card}", card=lab(a["card"]))
        if k == "end_phase":
            return msg("To the {phase} phase", phase=self.rs.phase_term("danmaku"))
        if k == "attack":
            return msg("Attack {target}", target=lab(a["target"])) if a.get("target") else msg("Attack")
        if k in ("power", "score"):
            return msg("{card} → {target}", card=lab(a["card"]), target=lab(a["target"]))
        if k == "declare":
            return msg("Declare {card}", card=lab(a["card"]))
        if k == "ability":
            return msg("Ability of {card}", card=lab(a["card"]))
        if k == "summon":
            return msg("Put {card} onto the field", card=lab(a["card"]))
        if k == "support":
            return msg("Use {card}", card=lab(a["card"]))
        if k == "bomb":
            return msg("{bomb}: use {card}", bomb=self.rs.word("bomb"), card=lab(a["card"]))
        if k == "choose_target":
            if a.get("target_player") is not None:
                return PN(a["target_player"])
            return lab(a["choice"] if a.get("choice") is not None else a["target"])
        if k == "skip_effect":
            return msg("Decline")
        return super().describe(s, a, viewer)
