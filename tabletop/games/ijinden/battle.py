"""The battle and feat abilities: IJ-R17..R22."""
from __future__ import annotations

from tabletop.engine.effects import QUEUE
from tabletop.engine.msg import msg
from tabletop.engine.state import split_key

from .rules import DOUBLE, SWIFT, UNBLOCKABLE


class IjindenBattle:
    """Attackers, blockers, resolving each attacker, and the feat answers."""

    # ------------------------------------------------------------------ battle (IJ-R17..R19, R22)
    def check_attack(self, s, a):
        if s.pending:
            return msg("first answer the question in front of you: {prompt}", prompt=s.pending[0]["prompt"])
        if a.player != s.active:
            return msg("you attack only in your own turn (IJ-R17)")
        if s.phase == "main" and s.data.get("battled"):
            return msg("only one battle per main phase (IJ-R9)")
        if s.phase not in ("main", "attack"):
            return msg("attackers are chosen in the attack step of a battle (IJ-R17)")
        u = a["card"]
        if u not in s.cards or s.cards[u].zone != f"{a.player}.battlefield":
            return msg("choose an {ijin} of your battlefield (IJ-R17)", ijin=self.rs.kind_term("ijin"))
        c = s.cards[u]
        if self.rs.cards[c.cid].kind != "ijin" or not c.face_up:
            return msg("only an {ijin} can be an attacker (IJ-R17)", ijin=self.rs.kind_term("ijin"))
        if c.flags.get("attacking"):
            return msg("it is already an attacker (IJ-R17)")
        if c.tapped:
            return msg("a {tapped} {ijin} cannot attack (IJ-R17)", tapped=self.rs.word("tapped"),
                       ijin=self.rs.kind_term("ijin"))
        if c.flags.get("entered") == s.turn and not self.has(s, u, SWIFT):
            return msg("it came onto the battlefield this turn and has no {swift} (IJ-R17, IJ-R30)",
                       swift=self._kw_word(SWIFT))
        return None

    def do_attack(self, s, a):
        p, u = a.player, a["card"]
        if s.phase == "main":
            s.data["battled"] = True
            s.data["battle"] = {"attacker": p, "defender": 1 - p, "attackers": [], "blocks": []}
            s.phase = "attack"
            self.log(s, msg("P{n} declares a battle (IJ-R17)", n=p + 1), kind="battle")
        s.data["battle"]["attackers"].append(u)
        c = s.cards[u]
        c.tapped = True
        c.flags["attacking"] = True
        self.log(s, msg("P{n} chooses {card} as an attacker (slid forward, {tapped}, IJ-R17)", n=p + 1,
                        card=self.card_ref(s, u, "all"), tapped=self.rs.word("tapped")))
        self.fire(s, u, "attack")

    def check_end_phase(self, s, a):
        if s.pending:
            return msg("first answer the question in front of you: {prompt}", prompt=s.pending[0]["prompt"])
        if a.player != s.active:
            return msg("it is P{n}'s turn", n=s.active + 1)
        if s.phase not in ("main", "attack"):
            return msg("wait until the battle is over (IJ-R19)")
        return None

    def do_end_phase(self, s, a):
        if s.phase == "attack":
            self.start_block_step(s)
        else:
            self.end_turn(s)

    def start_block_step(self, s):
        b = s.data["battle"]
        b["attackers"] = [u for u in b["attackers"] if self.on_field(s, u, b["attacker"])]
        s.phase = "block"
        d = b["defender"]
        if not b["attackers"]:
            s.phase = "resolve"   # every attacker left the battlefield: after() ends the battle
            return
        if not self.free_blockers(s, d):
            self.log(s, msg("P{n} has no {untapped} {ijin} or {guardian} to block with (IJ-R18)", n=d + 1,
                            untapped=self.rs.word("untapped"), ijin=self.rs.kind_term("ijin"),
                            guardian=self.rs.word("guardian")))
            s.phase = "resolve"
            return
        self.ask(s, d, "block", msg("{step}: assign blockers (a blocker onto an attacker), then done (IJ-R18)",
                                    step=self.rs.phase_term("block")),
                 public_prompt=msg("P{n} chooses blockers (IJ-R18)", n=d + 1))

    def check_block(self, s, a):
        if self._pending(s, a, "block") is None:
            return msg("blockers are chosen by the defender in the block step (IJ-R18)")
        b = s.data["battle"]
        x, t = a["card"], a["target"]
        if t not in b["attackers"]:
            return msg("block one of the attackers (IJ-R18)")
        if x not in self.free_blockers(s, a.player):
            return msg("a blocker is one of your {untapped} {ijin} or {guardian} cards, once per battle (IJ-R18, IJ-D2)",
                       untapped=self.rs.word("untapped"), ijin=self.rs.kind_term("ijin"),
                       guardian=self.rs.word("guardian"))
        if self.has(s, t, UNBLOCKABLE):
            return msg("{card} cannot be blocked ({keyword}, IJ-R26)", card=self.card_ref(s, t, a.player),
                       keyword=self._kw_word(UNBLOCKABLE))
        if self.has(s, t, DOUBLE) and not any(tt == t for _, tt in b["blocks"]) \
                and len(self.free_blockers(s, a.player)) < 2:
            return msg("{card} has {keyword}: it needs two or more blockers (IJ-R31)", card=self.card_ref(s, t, a.player),
                       keyword=self._kw_word(DOUBLE))
        return None

    def do_block(self, s, a):
        b = s.data["battle"]
        x, t = a["card"], a["target"]
        b["blocks"].append([x, t])
        c = s.cards[x]
        if c.face_up:
            c.flags["blocking"] = t
        what = self.card_ref(s, x, "all") if c.face_up else self.rs.word("guardian")   # unknown until its fight
        self.log(s, msg("P{n} blocks {target} with {card} (IJ-R18)", n=a.player + 1, target=self.card_ref(s, t, "all"),
                        card=what), kind="block")

    def check_unblock(self, s, a):
        if self._pending(s, a, "block") is None:
            return msg("blockers are chosen by the defender in the block step (IJ-R18)")
        if not any(x == a["card"] for x, _ in s.data["battle"]["blocks"]):
            return msg("that card is not blocking")
        return None

    def do_unblock(self, s, a):
        """Take a blocker back off its attacker during the block step (it is free to block again)."""
        b = s.data["battle"]
        x = a["card"]
        t = next(tt for xx, tt in b["blocks"] if xx == x)
        b["blocks"] = [pair for pair in b["blocks"] if pair[0] != x]
        s.cards[x].flags.pop("blocking", None)
        what = self.card_ref(s, x, "all") if s.cards[x].face_up else self.rs.word("guardian")
        self.log(s, msg("P{n} takes {card} off {target}", n=a.player + 1, card=what, target=self.card_ref(s, t, "all")))

    def check_done_blocking(self, s, a):
        if self._pending(s, a, "block") is None:
            return msg("there is no block step waiting (IJ-R18)")
        b = s.data["battle"]
        for t in b["attackers"]:
            if self.has(s, t, DOUBLE) and sum(1 for _, tt in b["blocks"] if tt == t) == 1:
                # 「１体以下で指定することはできません」: refused, never silently stripped (IJ-D10).
                return msg("{card} has {keyword}: block it with two or more, or take its blocker off (IJ-R31, IJ-D10)",
                           card=self.card_ref(s, t, a.player), keyword=self._kw_word(DOUBLE))
        return None

    def do_done_blocking(self, s, a):
        s.pending.pop(0)
        s.phase = "resolve"
        self.log(s, msg("P{n} is done blocking — {step} (IJ-R19)", n=a.player + 1, step=self.rs.phase_term("resolve")))

    def release(self, s, t, why):
        """Take every blocker off attacker t (it counts as not blocked)."""
        b = s.data["battle"]
        for x, tt in b["blocks"]:
            if tt == t:
                s.cards[x].flags.pop("blocking", None)
        if any(tt == t for _, tt in b["blocks"]):
            self.log(s, msg("{card}: its blockers are removed — {why}", card=self.card_ref(s, t, "all"), why=why))
        b["blocks"] = [pair for pair in b["blocks"] if pair[1] != t]

    def check_resolve(self, s, a):
        if self._pending(s, a, "resolve") is None:
            return msg("the defender picks the next attacker in the resolution step (IJ-R19)")
        if a["card"] not in s.data["battle"]["attackers"]:
            return msg("pick one of the attackers left (IJ-R19)")
        return None

    def do_resolve(self, s, a):
        s.pending.pop(0)
        self.fight(s, a["card"])

    def fight(self, s, t):
        """Resolve attacker t (IJ-R19, IJ-D1): unblocked wins the game; else compare powers."""
        b = s.data["battle"]
        ap_player, dp = b["attacker"], b["defender"]
        b["attackers"].remove(t)
        s.cards[t].flags.pop("attacking", None)
        if self.has(s, t, UNBLOCKABLE):
            self.release(s, t, msg("it has {keyword} (IJ-R26)", keyword=self._kw_word(UNBLOCKABLE)))
        blockers = [x for x, tt in b["blocks"] if tt == t and self.on_field(s, x, dp)]
        if self.has(s, t, DOUBLE) and len(blockers) == 1:
            self.release(s, t, msg("fewer than two blockers are left for {keyword} (IJ-R31)",
                                   keyword=self._kw_word(DOUBLE)))
            blockers = []
        b["blocks"] = [pair for pair in b["blocks"] if pair[1] != t]
        name = self.card_ref(s, t, "all")
        if not blockers:
            self.log(s, msg("{card} is not blocked! (IJ-R22)", card=name), kind="fight")
            self.end_game(s, ap_player, msg("{card} was not blocked (IJ-R22)", card=name))
            return
        for x in blockers:
            c = s.cards[x]
            c.flags.pop("blocking", None)
            if not c.face_up:
                self.flip(s, x, True)
                self.log(s, msg("the {guardian} blocking {target} is turned face up: {card} (IJ-D1)",
                                guardian=self.rs.word("guardian"), target=name, card=self.card_ref(s, x, "all")))
        ap = self.power(s, t, "attack")
        bp = sum(self.power(s, x, "block") for x in blockers)
        names = tuple(msg("{card} {power}", card=self.card_ref(s, x, "all"), power=self.power(s, x, "block"))
                      for x in blockers)
        if ap > bp:
            losers, verdict = list(blockers), msg("the blockers are destroyed")
        elif ap < bp:
            losers, verdict = [t], msg("{card} is destroyed", card=name)
        else:
            losers, verdict = [t] + blockers, msg("all are destroyed")
        self.log(s, msg("{step}: {card} {power} vs {blockers} (total {total}) → {verdict} (IJ-D1)",
                        step=self.rs.phase_term("resolve"), card=name, power=ap, blockers=names, total=bp,
                        verdict=verdict), kind="fight")
        for u in losers:
            self.destroy(s, u)
        for x in blockers:
            if x not in losers and split_key(s.cards[x].zone)[1] == "guardians":
                self.move(s, x, f"{dp}.graveyard")
                self.log(s, msg("the {guardian} {card} has blocked and goes to the graveyard (IJ-D1)",
                                guardian=self.rs.word("guardian"), card=self.card_ref(s, x, "all")))

    def end_battle(self, s):
        b = s.data["battle"]
        for u in b["attackers"]:
            s.cards[u].flags.pop("attacking", None)
        for x, _ in b["blocks"]:
            s.cards[x].flags.pop("blocking", None)
        s.data["battle"] = None
        s.phase = "main"
        self.log(s, msg("the battle is over; the main phase continues (IJ-R19)"))

    # ------------------------------------------------------------------ feats (IJ-R20, IJ-R21)
    def _feat_pending(self, s, a):
        return None if self._pending(s, a, "feat") else msg("no feat ability is waiting (IJ-R20)")

    def check_feat(self, s, a):
        return self._feat_pending(s, a)

    def do_feat(self, s, a):
        u = s.pending.pop(0)["card"]
        self.log(s, msg("P{n} uses the {feat} of {card} (IJ-R20)", n=a.player + 1,
                        feat=self.rs.field_term("ijin", "feat"), card=self.card_ref(s, u, "all")))
        self.fire(s, u, "feat", a.player)

    def check_no_feat(self, s, a):
        return self._feat_pending(s, a)

    def do_no_feat(self, s, a):
        u = s.pending.pop(0)["card"]
        self.log(s, msg("P{n} does not use the {feat} of {card} (IJ-R20)", n=a.player + 1,
                        feat=self.rs.field_term("ijin", "feat"), card=self.card_ref(s, u, "all")))

    # ------------------------------------------------------------------ after every action
    def after(self, s):
        """Drive the resolution step: when nothing is waiting, resolve the only attacker left or ask the
        defender which one is next; end the battle when none is left."""
        if s.phase != "resolve":   # the loop below would return at once (most actions)
            return
        while s.outcome is None and not s.pending and not s.data.get(QUEUE):
            b = s.data.get("battle")
            if s.phase != "resolve" or not b:
                return
            b["attackers"] = [u for u in b["attackers"] if self.on_field(s, u, b["attacker"])]
            left = b["attackers"]
            if not left:
                self.end_battle(s)
                return
            if len(left) == 1:
                self.fight(s, left[0])
                continue
            self.ask(s, b["defender"], "resolve", msg("{step}: choose the attacker to resolve next (IJ-R19)",
                                                      step=self.rs.phase_term("resolve")),
                     public_prompt=msg("P{n} chooses the next attacker to resolve (IJ-R19)", n=b["defender"] + 1))
            return
