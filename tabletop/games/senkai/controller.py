"""千怪戦戯 (Senkai Sengi): monsters fight in three facing lanes; break the walls, then strike the player.

Rules as implemented are in docs/rules/senkai.md (ids SK-Rn for the source's rules, SK-Dn for the
decisions taken where it is silent). Reasons for refusing an action name the rule they enforce.

Turn flow: up → draw → set run by themselves; the turn player acts in the main phase; `end_phase`
runs the end phase and the next player's up/draw/set phases (`_advance`, called from `after`), stopping
wherever a player must choose (an effect target).

Choices a rule asks are pending choices answered by ordinary actions:
  pay        — which up mana to down for the card being played: `pay card=MANA` (a click), `pay_auto`, `cancel`
  break_wall — which face-down wall breaks, chosen by the attacker: `break_wall target=WALL`
  effect_target — a card effect's target (`choose_target` / `skip_effect`, from the effects mixin)
  respond    — the other player's chance to use 「ダウンする：」 abilities in the turn player's main
               phase, as it starts and after each summon (SK-D8): `use card=X` as often as usable, then `pass`
"""
from __future__ import annotations

from tabletop.engine import Action, Controller, register
from tabletop.engine.effects import QUEUE, EffectsMixin
from tabletop.engine.msg import msg

LANES = ("lane_left", "lane_center", "lane_right")
LANE_POS = {name: i for i, name in enumerate(LANES)}
LANE_WORDS = {"lane_left": msg("the left lane"), "lane_center": msg("the center lane"),
              "lane_right": msg("the right lane")}

# Keywords (SK-D10); an enchantment's keywords are given to its host.
FLYING = "飛翔"      # may attack the player even with an opposing monster in the facing lane
REACH = "長射程"     # may attack an opposing monster in any lane
STEALTH = "隠密"     # may be attacked only from the facing lane
STURDY = "堅牢"      # takes 1 less damage from attacks
COUNTER = "反撃"     # when attacked, deals its AP to the attacker
SIEGE = "破城"       # an attack on the player breaks 2 walls
ANY_COLOR = "万色"   # mana: counts as every colour when paying

PLAY_KINDS = ("monster", "spell", "enchantment")

# Zone keys built once: the hot paths (candidates, checks) would otherwise format them per card.
LANE_KEYS = tuple(tuple(f"{p}.{lane}" for lane in LANES) for p in (0, 1))   # LANE_KEYS[p]
LANE_ZONES = {f"{p}.{lane}": (p, lane) for p in (0, 1) for lane in LANES}   # key -> (owner, lane)
HAND_KEYS = ("0.hand", "1.hand")
MANA_KEYS = ("0.mana", "1.mana")
USE_KEYS = tuple(LANE_KEYS[p] + (MANA_KEYS[p],) for p in (0, 1))              # where abilities are used (SK-R19)
WINDOW = "respond_due"   # key in State.data: the other player may use abilities once this action is done (SK-D8)


def facing(lane: str) -> str:
    """Return the opposing lane facing `lane`: players sit across, so one's left faces the other's right (SK-D5)."""
    return LANES[2 - LANE_POS[lane]]


@register
class Senkai(EffectsMixin, Controller):
    id = "senkai"
    LIVE_STATS = ("ap", "hp")      # enchantments and effects change them (SK-R16, SK-R33)
    EFFECT_ZONES = LANES

    def __init__(self, ruleset):
        super().__init__(ruleset)
        # Card ids with an activated ability (SK-R19) or an end-of-turn effect (SK-D13): found once,
        # not by scanning every card's effects per candidate or per end phase.
        self._activated = {cid for cid, d in ruleset.cards.items()
                           if any(e.get("on") == "activate" for e in d.effects)}
        self._end_of_turn = {cid for cid, d in ruleset.cards.items()
                             if any(e.get("on") == "end_of_turn" for e in d.effects)}
        # Printed HP as stat() reads it when nothing modifies it (the destroy check runs after every action).
        self._printed_hp = {cid: max(0, d.get("hp") or 0) for cid, d in ruleset.cards.items()}

    # --- deck rules ------------------------------------------------------------------------
    @classmethod
    def check_deck(cls, deck, rs):
        """Check each deck's exact size against the parameters (SK-R3, sizes SK-D1)."""
        out = []
        for sec, param in (("main", "main_deck_size"), ("mana", "mana_deck_size")):
            want = int(rs.parameters.get(param, 40 if sec == "main" else 20))
            rows = deck.sections.get(sec, [])
            total = sum(n for _, n, _ in rows)
            if total != want:
                label = rs.section_term(sec)
                out.append((rows[0][2] if rows else 1,
                            msg("{deck}: {total} cards, the deck must have exactly {want} (SK-R3)",
                                deck=label, total=total, want=want)))
        return out

    # --- setup -----------------------------------------------------------------------------
    def setup(self, s, options):
        for p in (0, 1):
            self.shuffle(s, f"{p}.deck")          # SK-R4
            self.shuffle(s, f"{p}.mana_deck")
        for p in (0, 1):
            deck = s.zones[f"{p}.deck"]
            for _ in range(min(int(self.params.get("walls", 4)), len(deck))):   # SK-R5
                self.move(s, deck[-1], f"{p}.walls", face_up=False)
            self.log(s, msg("P{n} sets {count} walls (SK-R5)", n=p + 1, count=len(s.zones[f"{p}.walls"])))
            self.draw(s, p, int(self.params.get("opening_hand", 4)))          # SK-R6
        s.first = s.active = 0 if self.coin(s, msg("who goes first (SK-R7)")) else 1
        self.log(s, msg("P{n} goes first (SK-R7)", n=s.first + 1))
        s.turn, s.phase = 1, "up"

    def after_scenario(self, s):
        """Run the automatic phases a scenario starts in (e.g. phase: up)."""
        self.after(s)

    # --- small queries -----------------------------------------------------------------------
    def lane_of(self, s, uid):
        """Return (owner, lane name) of a monster in a lane, or None."""
        c = s.cards[uid]
        if c.host is not None:
            return None
        return LANE_ZONES.get(c.zone)

    def monster_at(self, s, p, lane):
        z = s.zones[f"{p}.{lane}"]
        return z[0] if z else None

    def has_kw(self, s, uid, kw):
        c = s.cards[uid]
        if kw in self.rs.cards[c.cid].keywords:
            return True
        return any(kw in self.rs.cards[s.cards[a].cid].keywords for a in c.attached)

    def stat(self, s, uid, name):
        """Return AP or HP: printed value, plus enchantment modifiers and effects, never below 0 (SK-R16, SK-R33)."""
        c = s.cards[uid]
        defs = self.rs.cards
        total = defs[c.cid].get(name) or 0
        if c.attached:
            mod = name + "_mod"
            for a in c.attached:
                total += defs[s.cards[a].cid].get(mod) or 0
        if c.flags:
            for m in c.flags.get("mods", ()):
                if m["stat"] == name:
                    total += m["n"]
        return max(0, total)

    def cost(self, s, uid):
        return self.rs.cards[s.cards[uid].cid].get("cost") or 0

    def _mana_colors_ok(self, s, mana_uid, color):
        d = self.rs.cards[s.cards[mana_uid].cid]
        return d.color == color or ANY_COLOR in d.keywords

    def up_mana(self, s, p):
        cards = s.cards
        return [u for u in s.zones[MANA_KEYS[p]] if not cards[u].tapped]

    def _first_turns(self, s):
        return s.turn <= 2   # turn 1 is the first player's first turn, turn 2 the second player's

    # --- moving cards out of lanes -----------------------------------------------------------
    def move(self, s, uid, to, **kw):
        """Move a card; one leaving a lane sheds its enchantments into their owners' discards (SK-R16)
        and forgets its damage and this-turn modifiers."""
        c = s.cards[uid]
        if c.host is None and c.zone != to and c.zone.partition(".")[2] in LANE_POS:
            for a in list(c.attached):
                Controller.move(self, s, a, f"{s.cards[a].owner}.discard")
                self.log(s, msg("{card} goes to the discard with its monster (SK-R16)", card=self.card_ref(s, a, "all")))
            c.counters.pop("damage", None)
            c.flags.pop("mods", None)
        return Controller.move(self, s, uid, to, **kw)

    def destroy(self, s, uid, rule=None):
        """Destroy a monster: it and its enchantments go to the discard at once; then its on-destroy
        effects are used from the discard (SK-R24, SK-R35)."""
        owner = s.cards[uid].owner
        self.move(s, uid, f"{owner}.discard")
        card = self.card_ref(s, uid, "all")
        text = msg("{card} is destroyed ({rule})", card=card, rule=rule) if rule else msg("{card} is destroyed", card=card)
        self.log(s, text, kind="destroyed", card=uid)
        self.fire(s, uid, "destroyed")

    def check_destroyed(self, s):
        """Destroy every monster whose damage reaches its HP (HP 0 included, SK-D9), turn player's first (SK-R28)."""
        dead = []
        cards, printed_hp = s.cards, self._printed_hp
        for p in (s.active, 1 - s.active):
            for key in LANE_KEYS[p]:
                for u in s.zones[key]:
                    c = cards[u]
                    # No enchantment and no modifier: stat() would return the printed HP.
                    hp = printed_hp[c.cid] if not c.attached and not c.flags else self.stat(s, u, "hp")
                    if c.counters.get("damage", 0) >= hp:
                        dead.append(u)
        for u in dead:
            if self.lane_of(s, u) is not None:
                self.destroy(s, u, "SK-R24")

    # --- effects hooks -----------------------------------------------------------------------
    def effect_candidates(self, s, ctx, spec):
        """Leave out the cards an op cannot change: a down card cannot be downed, an up card cannot be
        upped (「ダウンしている状態のカードはダウンできず…」, SK-R32); with none left the step is
        processed as far as possible, i.e. skipped (SK-R31)."""
        out = super().effect_candidates(s, ctx, spec)
        op = ctx["step"].get("do")
        if op == "tap":
            out = [u for u in out if not s.cards[u].tapped]
        elif op == "untap":
            out = [u for u in out if s.cards[u].tapped]
        return out

    def fx_destroy(self, s, uid, ctx):
        if self.lane_of(s, uid) is not None:
            self.destroy(s, uid)

    # --- candidates ----------------------------------------------------------------------------
    def actions(self, s, p, down=False):
        """Return the candidates; `down=True` also lists the moves a down card makes illegal, which
        are left out otherwise (for `drop_action`: a refused drop still maps to its action)."""
        if s.outcome is not None:
            return []
        if s.pending:
            pd = s.pending[0]
            if pd["player"] != p:
                return []
            if pd["kind"] == "effect_target":
                return self.effect_actions(s, p)
            if pd["kind"] == "pay":
                out = [Action("pay", p, (("card", u),)) for u in self.up_mana(s, p)]
                return out + [Action("pay_auto", p, ()), Action("cancel", p, ())]
            if pd["kind"] == "break_wall":
                return [Action("break_wall", p, (("target", u),)) for u in s.zones[f"{1 - p}.walls"]]
            if pd["kind"] == "respond":
                cards = s.cards
                out = [Action("use", p, (("card", u),)) for key in USE_KEYS[p] for u in s.zones[key]
                       if cards[u].cid in self._activated and (down or not cards[u].tapped)]
                return out + [Action("pass", p, ())]
            return []
        if p != s.active or s.phase != "main":
            return []
        # Actions are built as Action(kind, player, args) with `args` already sorted by name (what
        # Action.make would do, minus its cost). Candidates that check_* plainly refuses are left out:
        # unaffordable cards, and unless `down`, a monster onto your own down monster, down attackers
        # and down cards' abilities. The checks stay the authority and still give the reason when
        # such an action is asked for (why_not, a drag).
        cards, defs, zones = s.cards, self.rs.cards, s.zones
        out = []
        mine = LANE_KEYS[p]
        theirs = [t for key in LANE_KEYS[1 - p] for t in zones[key]]     # opposing monsters, table order
        monsters = [u for key in mine for u in zones[key]] + theirs
        up = self.up_mana(s, p)
        up_defs = [defs[cards[m].cid] for m in up]
        colors = {d.color for d in up_defs}
        wild = any(ANY_COLOR in d.keywords for d in up_defs)
        for u in zones[HAND_KEYS[p]]:
            d = defs[cards[u].cid]
            c = d.get("cost") or 0
            if c and (c > len(up) or not (wild or d.color in colors)):
                continue
            kind = d.kind
            if kind == "monster":
                for key in mine:
                    there = zones[key]
                    if down or not there or not cards[there[0]].tapped:
                        out.append(Action("play", p, (("card", u), ("to", key))))
            elif kind == "spell":
                out.append(Action("play", p, (("card", u),)))
            elif kind == "enchantment":
                out += [Action("play", p, (("card", u), ("target", m))) for m in monsters]
        for key in mine:
            for u in zones[key]:
                if down or not cards[u].tapped:
                    out += [Action("attack", p, (("card", u), ("target", t))) for t in theirs]
                    out.append(Action("attack", p, (("card", u), ("target_player", 1 - p))))
        activated = self._activated
        for key in mine:
            for u in zones[key]:
                c = cards[u]
                if (down or not c.tapped) and c.cid in activated:
                    out.append(Action("use", p, (("card", u),)))
        mana = zones[MANA_KEYS[p]] if down else up
        out += [Action("use", p, (("card", m),)) for m in mana if cards[m].cid in activated]
        out.append(Action("end_phase", p, ()))
        return out

    # --- checks shared by main-phase actions -------------------------------------------------------
    def _idle(self, s, p):
        if s.pending:
            return msg("first answer the choice in progress: {prompt}", prompt=s.pending[0]["prompt"])
        if p != s.active:
            return msg("it is not your turn")
        if s.phase != "main":
            return msg("actions are taken in the main phase (SK-R11)")
        return None

    def _pay_reason(self, s, p, uid):
        """Return why `p` cannot pay for card `uid` now (SK-R14), or None."""
        cards, defs = s.cards, self.rs.cards
        d = defs[cards[uid].cid]
        c = d.get("cost") or 0
        if c == 0:
            return None
        # One pass over the mana zone, stopping as soon as enough up mana and one of the card's
        # colour (or counting as every colour) are seen; otherwise the reason, the count first.
        color = d.color
        up, colored = 0, False
        for m in s.zones[MANA_KEYS[p]]:
            mc = cards[m]
            if not mc.tapped:
                up += 1
                if not colored:
                    md = defs[mc.cid]
                    colored = md.color == color or ANY_COLOR in md.keywords
                if colored and up >= c:
                    return None
        if up < c:
            return msg("it costs {cost} and you have {up} up mana (SK-R14)", cost=c, up=up)
        return msg("you need at least one up {color} mana to pay for it (SK-R14)", color=self.rs.color_term(color))

    # --- play --------------------------------------------------------------------------------
    def check_play(self, s, a):
        p = a.player
        why = self._idle(s, p)
        if why:
            return why
        u = a["card"]
        c = s.cards.get(u)
        if c is None or c.zone != HAND_KEYS[p]:
            return msg("that card is not in your hand")
        kind = self.rs.cards[c.cid].kind
        if kind not in PLAY_KINDS:
            return msg("mana cards are never in the hand (SK-R18)")
        if kind == "monster":
            to = a.get("to")
            owner, _, lane = to.partition(".") if isinstance(to, str) else (None, None, None)
            if lane not in LANE_POS:
                return msg("a monster enters one of your lanes (SK-R15)")
            if owner != str(p):
                return msg("a monster enters one of your own lanes (SK-R15)")
            there = s.zones[to]
            if there and s.cards[there[0]].tapped:
                return msg("that lane holds your down monster (SK-R15)")
        elif kind == "enchantment":
            t = a.get("target")
            if t not in s.cards or self.lane_of(s, t) is None:
                return msg("an enchantment attaches to a monster in a lane (SK-R16)")
        elif a.get("to") is not None or a.get("target") is not None:
            return msg("a spell is simply used (SK-R17)")
        return self._pay_reason(s, p, u)

    def do_play(self, s, a):
        p, u = a.player, a["card"]
        c = self.cost(s, u)
        intent = {"card": u, "to": a.get("to"), "target": a.get("target")}
        if c == 0:
            self._resolve_play(s, p, intent)
            return
        up = self.up_mana(s, p)
        if len(up) == c or len({s.cards[m].cid for m in up}) == 1:
            # The choice cannot matter: every up mana is downed, or they are all the same card (SK-D6).
            for m in up[-c:]:
                self.tap(s, m)
            self.log(s, msg("P{n} downs {count} mana (SK-R14)", n=p + 1, count=c))
            self._resolve_play(s, p, intent)
            return
        self.ask(s, p, "pay", msg("Down {count} mana for {card} (click mana, or pay automatically) (SK-R14)",
                                  count=c, card=self.card_ref(s, u, p)),
                 public_prompt=msg("P{n} is paying {count} mana (SK-R14)", n=p + 1, count=c), left=c, paid=[],
                 color=self.rs.cards[s.cards[u].cid].color, **intent)

    def _resolve_play(self, s, p, intent):
        u = intent["card"]
        d = self.rs.cards[s.cards[u].cid]
        if d.kind == "monster":
            to = intent["to"]
            there = s.zones[to]
            if there:
                old = there[0]
                self.move(s, old, f"{p}.discard")     # not destroyed: no on-destroy effect (SK-R35)
                self.log(s, msg("{card} makes way and goes to the discard (SK-R15)", card=self.card_ref(s, old, "all")))
            self.move(s, u, to)
            self.log(s, msg("P{n} summons {card} into {lane} (SK-R15)", n=p + 1, card=self.card_ref(s, u, "all"),
                            lane=LANE_WORDS[to.partition(".")[2]]), kind="play", card=u)
            if p == s.active:
                s.data[WINDOW] = True    # a new monster: the other player may answer before it acts (SK-D8)
            self.fire(s, u, "enter")
        elif d.kind == "enchantment":
            host = intent["target"]
            self.attach(s, u, host)
            self.log(s, msg("P{n} attaches {card} to {target} (SK-R16)", n=p + 1, card=self.card_ref(s, u, "all"),
                            target=self.card_ref(s, host, "all")), kind="play", card=u)
            self.fire(s, u, "play")
        else:
            self.move(s, u, f"{p}.discard")   # SK-D17: into the discard as it resolves
            self.log(s, msg("P{n} casts {card} (SK-R17)", n=p + 1, card=self.card_ref(s, u, "all")), kind="play", card=u)
            self.fire(s, u, "play")
        self.check_destroyed(s)

    # --- paying ----------------------------------------------------------------------------------
    def _pay_pending(self, s, p):
        if not s.pending or s.pending[0]["kind"] != "pay" or s.pending[0]["player"] != p:
            return None
        return s.pending[0]

    def check_pay(self, s, a):
        p = a.player
        pending = s.pending   # _pay_pending, inlined: this check runs for every up mana while paying
        if not pending or pending[0]["kind"] != "pay" or pending[0]["player"] != p:
            return msg("no card is waiting to be paid for")
        pd = pending[0]
        m = a["card"]
        c = s.cards.get(m)
        if c is None or c.zone != MANA_KEYS[p]:
            return msg("pay with mana from your mana zone (SK-R14)")
        if c.tapped:
            return msg("that mana is already down (SK-R32)")
        # Only the last mana to down must make up for a colour not paid yet.
        if (pd["left"] == 1 and not self._mana_colors_ok(s, m, pd["color"])
                and not any(self._mana_colors_ok(s, x, pd["color"]) for x in pd["paid"])):
            return msg("at least one downed mana must be {color} (SK-R14)", color=self.rs.color_term(pd["color"]))
        return None

    def do_pay(self, s, a):
        pd = s.pending[0]
        m = a["card"]
        self.tap(s, m)
        pd["paid"].append(m)
        pd["left"] -= 1
        self.log(s, msg("P{n} downs {card} (SK-R14)", n=a.player + 1, card=self.card_ref(s, m, "all")))
        if pd["left"] == 0:
            s.pending.pop(0)
            self._resolve_play(s, a.player, pd)

    def check_pay_auto(self, s, a):
        return None if self._pay_pending(s, a.player) else msg("no card is waiting to be paid for")

    def auto_pay_choice(self, s, p, color, left, paid):
        """Return the mana to down: plain mana before mana with text, one of the card's colour if needed."""
        def rank(m):
            d = self.rs.cards[s.cards[m].cid]
            return (ANY_COLOR in d.keywords) * 2 + bool(d.effects)
        up = sorted(self.up_mana(s, p), key=rank)
        chosen = []
        if not any(self._mana_colors_ok(s, x, color) for x in paid):
            same = [m for m in up if self._mana_colors_ok(s, m, color)]
            chosen.append(same[0])
        for m in up:
            if len(chosen) >= left:
                break
            if m not in chosen:
                chosen.append(m)
        return chosen

    def do_pay_auto(self, s, a):
        pd = s.pending.pop(0)
        for m in self.auto_pay_choice(s, a.player, pd["color"], pd["left"], pd["paid"]):
            self.tap(s, m)
        self.log(s, msg("P{n} downs {count} more mana (SK-R14)", n=a.player + 1, count=pd["left"]))
        self._resolve_play(s, a.player, pd)

    def check_cancel(self, s, a):
        return None if self._pay_pending(s, a.player) else msg("nothing to cancel")

    def do_cancel(self, s, a):
        pd = s.pending.pop(0)
        for m in pd["paid"]:
            self.untap(s, m)
        self.log(s, msg("P{n} takes the card back", n=a.player + 1))

    # --- attacks -----------------------------------------------------------------------------------
    def check_attack(self, s, a):
        p = a.player
        why = self._idle(s, p)
        if why:
            return why
        u = a["card"]
        c = s.cards.get(u)
        where = LANE_ZONES.get(c.zone) if c is not None and c.host is None else None   # lane_of, inlined
        if where is None or where[0] != p:
            return msg("only your monsters in your lanes attack (SK-R20)")
        if c.tapped:
            return msg("a down monster cannot attack (SK-R20)")
        if a.get("target_player") is not None:
            if a["target_player"] != 1 - p:
                return msg("attack the opposing player (SK-R21)")
            if self._first_turns(s):
                return msg("no attack on a player in either player's first turn (SK-R12)")
            opp_lane = facing(where[1])
            if s.zones[f"{1 - p}.{opp_lane}"] and not self.has_kw(s, u, FLYING):
                return msg("an opposing monster in the facing lane blocks attacks on the player (SK-R21)")
            return None
        t = a.get("target")
        tc = s.cards.get(t)
        tw = LANE_ZONES.get(tc.zone) if tc is not None and tc.host is None else None
        if tw is None or tw[0] != 1 - p:
            return msg("attack an opposing monster in a lane, or the opposing player (SK-R23)")
        dist = abs(LANE_POS[facing(where[1])] - LANE_POS[tw[1]])
        if dist and self.has_kw(s, t, STEALTH):
            return msg("{card} has {keyword}: only the monster facing it can attack it (SK-D10)",
                       card=self.card_ref(s, t, p), keyword=self.rs.word("keyword." + STEALTH))
        if dist > 1 and not self.has_kw(s, u, REACH):
            return msg("a monster attacks the facing lane or a lane next to it; left and right are not adjacent (SK-R23)")
        return None

    def do_attack(self, s, a):
        p, u = a.player, a["card"]
        self.tap(s, u)   # SK-R20: the attacker goes down
        if a.get("target_player") is not None:
            opp = 1 - p
            walls = s.zones[f"{opp}.walls"]
            self.log(s, msg("{card} attacks P{n} (SK-R21)", card=self.card_ref(s, u, "all"), n=opp + 1),
                     kind="attack", card=u)
            if not walls:
                self.win(s, p, msg("P{n} has no walls left and is attacked (SK-R22)", n=opp + 1))
                return
            n = min(2 if self.has_kw(s, u, SIEGE) else 1, len(walls))
            if n >= len(walls):
                for w in list(walls):
                    self.break_wall(s, w)
            else:
                self.ask(s, p, "break_wall", msg("Choose {count} of P{n}'s walls to break (SK-R21)", count=n, n=opp + 1),
                         public_prompt=msg("P{n} chooses a wall to break (SK-R21)", n=p + 1), left=n, attacker=u)
            self.fire(s, u, "attack")
            return
        t = a["target"]
        dmg = self.stat(s, u, "ap")
        if self.has_kw(s, t, STURDY):
            dmg = max(0, dmg - 1)
        self._add_damage(s, t, dmg)
        self.log(s, msg("{card} attacks {target}: {damage} damage (SK-R23)", card=self.card_ref(s, u, "all"),
                        target=self.card_ref(s, t, "all"), damage=dmg), kind="attack", card=u, target=t)
        if self.has_kw(s, t, COUNTER):   # text beats the one-way rule (SK-R30 over SK-R23)
            back = self.stat(s, t, "ap")
            self._add_damage(s, u, back)
            self.log(s, msg("{card} strikes back ({keyword}): {damage} damage (SK-R30)", card=self.card_ref(s, t, "all"),
                            keyword=self.rs.word("keyword." + COUNTER), damage=back))
        self.check_destroyed(s)
        self.fire(s, u, "attack")

    def _add_damage(self, s, uid, n):
        if n > 0:
            c = s.cards[uid]
            c.counters["damage"] = c.counters.get("damage", 0) + n

    def break_wall(self, s, w):
        """Break a wall: it turns face up, then goes to its owner's discard (SK-R21, SK-D3)."""
        self.flip(s, w, True)
        self.log(s, msg("P{n}'s wall breaks: {card} (SK-R21)", n=s.cards[w].owner + 1, card=self.card_ref(s, w, "all")),
                 kind="wall", card=w)
        self.move(s, w, f"{s.cards[w].owner}.discard")

    def check_break_wall(self, s, a):
        if not s.pending or s.pending[0]["kind"] != "break_wall" or s.pending[0]["player"] != a.player:
            return msg("no wall is waiting to be broken")
        w = a["target"]
        if w not in s.zones[f"{1 - a.player}.walls"]:
            return msg("choose one of the attacked player's walls (SK-R21)")
        return None

    def do_break_wall(self, s, a):
        pd = s.pending[0]
        self.break_wall(s, a["target"])
        pd["left"] -= 1
        if pd["left"] <= 0 or not s.zones[f"{1 - a.player}.walls"]:
            s.pending.pop(0)

    # --- activated abilities ----------------------------------------------------------------------
    def _responding(self, s, p) -> bool:
        return bool(s.pending) and s.pending[0]["kind"] == "respond" and s.pending[0]["player"] == p

    def check_use(self, s, a):
        p = a.player
        why = None if self._responding(s, p) else self._idle(s, p)
        if why:
            return why
        u = a["card"]
        c = s.cards.get(u)
        if c is None or c.zone not in USE_KEYS[p] or c.host:
            return msg("use abilities of your cards in your lanes or mana zone (SK-R19)")
        if c.cid not in self._activated:
            return msg("that card has no ability to use (SK-R19)")
        if c.tapped:
            return msg("a down card cannot be downed (SK-R32)")
        return None

    def do_use(self, s, a):
        u = a["card"]
        self.tap(s, u)
        self.log(s, msg("P{n} downs {card} to use its ability (SK-R19)", n=a.player + 1, card=self.card_ref(s, u, "all")),
                 kind="use", card=u)
        self.fire(s, u, "activate")
        self.check_destroyed(s)

    # --- the other player's abilities in the turn player's main phase (SK-D8) -----------------------
    def usable_abilities(self, s, p) -> list[int]:
        """Return p's up cards whose 「ダウンする：」 ability would do something now (a target exists)."""
        out = []
        for key in USE_KEYS[p]:
            for u in s.zones[key]:
                c = s.cards[u]
                if c.tapped or c.cid not in self._activated:
                    continue
                for step in self.rs.cards[c.cid].effects:
                    spec = step.get("on") == "activate" and step.get("target")
                    if step.get("on") == "activate" and (not isinstance(spec, dict) or self.effect_candidates(
                            s, {"player": p, "source": u, "step": step}, spec)):
                        out.append(u)
                        break
        return out

    def _open_window(self, s) -> None:
        """As the turn player's main phase starts, and after they summon a monster, offer the other
        player the chance to use abilities (「使いたいときに」, SK-D8) if one would do something."""
        if not s.data.pop(WINDOW, False) or s.outcome is not None or s.phase != "main":
            return
        q = 1 - s.active
        if self.usable_abilities(s, q):
            self.ask(s, q, "respond", msg("Use an ability ({tap}: …) now, or pass (SK-D8)", tap=self.rs.word("tap")),
                     public_prompt=msg("P{n} may use an ability (SK-D8)", n=q + 1))

    def check_pass(self, s, a):
        return None if self._responding(s, a.player) else msg("nothing to pass: no ability window is open (SK-D8)")

    def do_pass(self, s, a):
        s.pending.pop(0)
        self.log(s, msg("P{n} passes (no ability now)", n=a.player + 1))

    # --- turn flow -------------------------------------------------------------------------------
    def check_end_phase(self, s, a):
        return self._idle(s, a.player)

    def do_end_phase(self, s, a):
        p = a.player
        s.phase = "end"
        self.log(s, msg("P{n} ends the main phase (SK-R13)", n=p + 1), kind="phase", phase="end")
        # End-of-turn effects of the turn player's cards (SK-R13, SK-D13).
        for key in USE_KEYS[p]:
            for u in list(s.zones[key]):
                if s.cards[u].cid in self._end_of_turn:   # fire() would find nothing to do for the others
                    self.fire(s, u, "end_of_turn")

    def after(self, s):
        self.check_destroyed(s)
        self._advance(s)
        if not s.pending and not s.data.get(QUEUE):
            self._open_window(s)

    def _advance(self, s):
        """Run the automatic phases until a player must act."""
        while s.outcome is None and not s.pending and not s.data.get(QUEUE):
            if s.phase == "end":
                self._finish_turn(s)
            elif s.phase == "up":
                p = s.active
                for key in USE_KEYS[p]:                # SK-R8
                    for u in s.zones[key]:
                        self.untap(s, u)
                s.phase = "draw"
            elif s.phase == "draw":
                if not self.draw(s, s.active, 1):        # SK-R9
                    self.log(s, msg("P{n} has no card to draw (SK-R9)", n=s.active + 1))
                s.phase = "set"
            elif s.phase == "set":
                p = s.active
                n = int(self.params.get("first_turn_mana", 1) if s.turn == 1 else self.params.get("mana_per_turn", 2))
                pile = s.zones[f"{p}.mana_deck"]
                placed = []
                for _ in range(min(n, len(pile))):       # SK-R10
                    placed.append(self.move(s, pile[-1], f"{p}.mana", face_up=True).uid)
                if placed:
                    self.log(s, msg("P{n} sets {cards} (SK-R10)", n=p + 1,
                                    cards=tuple(self.card_ref(s, u, "all") for u in placed)), kind="set")
                s.phase = "main"
                s.data[WINDOW] = True    # the other player may use abilities before the turn player acts (SK-D8)
                self.log(s, msg("P{n}'s main phase (turn {turn})", n=p + 1, turn=s.turn), kind="phase", phase="main")
            else:
                return

    def _finish_turn(self, s):
        for p in (0, 1):                                 # SK-R13, SK-R25
            for lane in LANES:
                for u in s.zones[f"{p}.{lane}"]:
                    s.cards[u].counters.pop("damage", None)
        self.expire_mods(s, "end_of_turn")
        if not s.zones["0.deck"] and not s.zones["1.deck"]:
            self.win(s, None, msg("both main decks are empty at the end of the turn (SK-R27)"))
            return
        s.active = 1 - s.active
        s.turn += 1
        s.phase = "up"
        self.log(s, msg("Turn {turn}: P{n}", turn=s.turn, n=s.active + 1), kind="turn")

    # --- table helpers ------------------------------------------------------------------------------
    def drop_action(self, s, player, uid, zone, target):
        """Map drags: a spell anywhere, a monster onto a lane (or your monster there), an enchantment onto
        a monster, an attacker onto an enemy monster or the opponent's walls/lanes."""
        if uid not in s.cards:
            return None
        c = s.cards[uid]
        kind = self.rs.cards[c.cid].kind
        if c.zone == f"{player}.hand":
            if kind == "spell":
                return Action.make("play", player, card=uid)
            if kind == "enchantment" and target is not None:
                return Action.make("play", player, card=uid, target=target)
            if kind == "monster":
                if target is not None and self.lane_of(s, target) is not None:
                    zone = s.cards[target].zone
                if zone and zone.partition(".")[2] in LANE_POS:
                    return Action.make("play", player, card=uid, to=zone)
            return None
        if self.lane_of(s, uid) is not None:
            if target is not None and self.lane_of(s, target) is not None:
                return Action.make("attack", player, card=uid, target=target)
            if zone and zone.startswith(f"{1 - player}.") or (target in s.cards and s.cards[target].owner != player):
                return Action.make("attack", player, card=uid, target_player=1 - player)
        return super().drop_action(s, player, uid, zone, target)

    def drop_candidates(self, s, p):
        return self.actions(s, p, down=True)     # the moves of a down card too

    def describe(self, s, a, viewer=None):
        k = a.kind
        if k == "play" and a.get("to"):
            lane = a["to"].partition(".")[2]
            return msg("summon {card} into {lane}", card=self.card_ref(s, a["card"], viewer),
                       lane=LANE_WORDS[lane] if lane in LANE_WORDS else self.zone_label(a["to"]))
        if k == "play" and a.get("target") is not None:
            return msg("attach {card} to {target}", card=self.card_ref(s, a["card"], viewer),
                       target=self.card_ref(s, a["target"], viewer))
        if k == "play":
            return msg("cast {card}", card=self.card_ref(s, a["card"], viewer))
        if k == "attack" and a.get("target_player") is not None:
            return msg("{card} attacks P{n}", card=self.card_ref(s, a["card"], viewer), n=a["target_player"] + 1)
        if k == "attack":
            return msg("{card} attacks {target}", card=self.card_ref(s, a["card"], viewer),
                       target=self.card_ref(s, a["target"], viewer))
        if k == "pay":
            return msg("down {card}", card=self.card_ref(s, a["card"], viewer))
        if k == "pay_auto":
            return msg("pay automatically")
        if k == "cancel":
            return msg("take the card back")
        if k == "break_wall":
            return msg("break this wall")
        if k == "use":
            return msg("down {card}: use its ability", card=self.card_ref(s, a["card"], viewer))
        if k == "pass":
            return msg("pass (no ability now)")
        if k == "end_phase":
            return msg("end the turn ({phase})", phase=self.rs.phase_term("end"))
        return super().describe(s, a, viewer)

    def public(self, s, viewer):
        players = []
        for p in (0, 1):
            mana = s.zones[f"{p}.mana"]
            up = sum(1 for u in mana if not s.cards[u].tapped)
            players.append({
                self.rs.word("value.walls"): len(s.zones[f"{p}.walls"]),
                self.rs.word("value.mana"): f"{up}/{len(mana)}",
                self.rs.zones["hand"].term: len(s.zones[f"{p}.hand"]),
                self.rs.zones["deck"].term: len(s.zones[f"{p}.deck"]),
                self.rs.zones["mana_deck"].term: len(s.zones[f"{p}.mana_deck"]),
                self.rs.zones["discard"].term: len(s.zones[f"{p}.discard"]),
                self.rs.word("value.order"): self.rs.word("value.first" if p == s.first else "value.second"),
            })
        badges = {}   # current AP/HP are in the view's card stats (live_stats), drawn by the table
        shared = {}   # the turn is on the top bar already, the phase on the phase bar
        if s.turn <= 2:
            shared[self.rs.word("value.player_attacks")] = self.rs.word("value.not_yet")   # SK-R12
        return {"players": players, "shared": shared, "badges": badges}
