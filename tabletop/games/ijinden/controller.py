"""The controller of イジンデン (Ijinden): rule ids IJ-Rn and decisions IJ-Dn of docs/rules/ijinden.md.

Turn: start (rights to 1, untap, deck-out check) → draw → main (use cards, one battle) → end
(unused rights vanish). The battle is three steps: the attacking player picks attackers
(phase `attack`), the defender assigns blockers (pending `block`), then the defender picks the
next attacker to resolve (pending `resolve`) until none is left. Every card that goes from the
battlefield (guardians included) to the graveyard offers its owner its feat ability (pending
`feat`), and nothing else does (IJ-R20, IJ-R21): `move` is the one place that checks it.

The optional match (IJ-R34) lives in the same Game: when a game of the match ends, its result
is recorded in `s.data["match"]`, every card goes back to its deck, the players may swap cards
with their side deck (IJ-R35), and the next game is set up in the same state.
"""
from __future__ import annotations

import re

from tabletop.engine import Action, Controller, register
from tabletop.engine.effects import QUEUE, EffectsMixin, register_op
from tabletop.engine.errors import DataError
from tabletop.engine.msg import Term, msg
from tabletop.engine.state import split_key

SWIFT = "即応"
DOUBLE = "ダブルプレッシャー"
UNBLOCKABLE = "ブロックされない"
UNDERWORLD = "冥府発動"
BONUS = re.compile(r"^(パワー|アタック|ブロック)\+(\d+)$")   # パワー+1000, アタック+2000, ブロック+1000
BONUS_ROLE = {"パワー": None, "アタック": "attack", "ブロック": "block"}
FIELD = ("battlefield", "guardians")   # both rows are the battlefield (戦場) for every rule
HAND_KINDS = {"ijin": "summon", "haikei": "play_haikei", "maryoku": "place", "mahou": "cast"}
HAND_KEY = ("0.hand", "1.hand")
# Zone keys by player and name ("0.mana"), built once: the per-move paths look them up, not format them.
KEYS = tuple({z: f"{p}.{z}" for z in ("deck", "hand", "mana", "battlefield", "guardians", "graveyard")}
             for p in (0, 1))


@register
class Ijinden(EffectsMixin, Controller):
    id = "ijinden"

    def live_stats(self, s, uid):
        """Return an Ijin's power when keywords or modifiers make it differ from the printed one."""
        c = s.cards[uid]
        d = self.rs.cards.get(c.cid)
        if d is None or d.kind != "ijin":
            return {}
        now = self.power(s, uid)
        return {"power": now} if now != (d.get("power") or 0) else {}
    EFFECT_ZONES = ("battlefield",)

    def __init__(self, ruleset):
        super().__init__(ruleset)
        cards = ruleset.cards
        self._static = {cid: [e for e in d.effects if e.get("on") == "static"] for cid, d in cards.items()
                        if any(e.get("on") == "static" for e in d.effects)}
        self._feat = {cid for cid, d in cards.items() if any(e.get("on") == "feat" for e in d.effects)}
        self._destroyed = {cid for cid, d in cards.items() if any(e.get("on") == "destroyed" for e in d.effects)}
        # The keywords some lasting effect can give: `has` skips the battlefield scan for any other.
        self._static_kws = {st.get("keyword") for steps in self._static.values() for st in steps}
        self._underworld = {cid for cid, d in cards.items() if UNDERWORLD in d.keywords}
        self._maryoku = {cid: (d.stats.get("level") or 0, d.color) for cid, d in cards.items()
                         if d.kind == "maryoku"}   # level and color of each Maryoku, for `_mana_reach`
        self._manual_move = False

    # ------------------------------------------------------------------ deck rules
    @classmethod
    def check_deck(cls, deck, rs):
        """Check IJ-R35 for a deck built with a side deck: deck and side deck together hold at most
        60 cards. A deck without one has no maximum (IJ-R4: 40枚以上); the side-deck option checks
        the cap again when a match starts (`init`)."""
        limit = int(rs.parameters.get("deck_and_side_max", 60))
        main = sum(n for _, n, _ in deck.sections.get("main", []))
        side = sum(n for _, n, _ in deck.sections.get("side", []))
        rows = deck.sections.get("side") or deck.sections.get("main") or []
        if side and main + side > limit:
            return [(rows[0][2] if rows else 1, msg("deck and side deck hold {n} cards together, at most {limit} "
                                                    "allowed (IJ-R35)", n=main + side, limit=limit))]
        return []

    # ------------------------------------------------------------------ setup
    def init(self, s, options):
        for p in (0, 1):
            s.players[p].setdefault("placement", 1)
            s.players[p].setdefault("summon", 1)
        s.data.setdefault("rules", {"mulligan": bool(options.get("mulligan")), "match": bool(options.get("match")),
                                    "side_deck": bool(options.get("match") and options.get("side_deck"))})
        s.data.setdefault("battle", None)
        s.data.setdefault("battled", False)

    def setup(self, s, options):
        if s.data["rules"]["side_deck"]:
            limit = int(self.params.get("deck_and_side_max", 60))
            for p in (0, 1):
                n = len(s.zones.get(f"{p}.deck", [])) + len(s.zones.get(f"{p}.side", []))
                if n > limit:
                    raise DataError(f"P{p + 1}'s deck", None, msg(
                        "with the side-deck rule the deck and side deck hold at most {limit} cards together; "
                        "this one has {n} (IJ-R35)", limit=limit, n=n))
        for p in (0, 1):
            for u in s.zones[f"{p}.side"]:
                s.cards[u].face_up = True   # the side deck pile is its owner's to look through
        if s.data["rules"]["match"]:
            s.data["match"] = {"game": 1, "wins": [0, 0], "results": [], "firsts": []}
        self.start_game(s)

    def start_game(self, s):
        """Set up one game (IJ-R5, IJ-R6): shuffle, draw 6, four guardians, first player, mulligans."""
        hand, guards = int(self.params.get("hand_size", 6)), int(self.params.get("guardians", 4))
        s.phase = "setup"
        for p in (0, 1):
            s.players[p]["placement"] = 0   # rights exist only in their owner's turn (IJ-R7, IJ-R10)
            s.players[p]["summon"] = 0
            self.shuffle(s, f"{p}.deck")
            self.draw(s, p, hand)
            self.place_guardians(s, p, guards)
        m = s.data.get("match")
        if m and m["game"] == 2 and m["firsts"]:
            first = 1 - m["firsts"][0]
            self.log(s, msg("game 2: first and second player swap — P{n} goes first (IJ-R34)", n=first + 1))
        else:
            first = 0 if self.coin(s, msg("first player (IJ-R6)")) else 1
            self.log(s, msg("P{n} goes first (IJ-R6)", n=first + 1))
        if m:
            m["firsts"].append(first)
        s.first = s.active = first
        s.turn = 0
        if s.data["rules"]["mulligan"]:
            s.phase = "mulligan"
            self.ask_mulligan(s, first)
        else:
            self.begin_turn(s, first)

    def ask_mulligan(self, s, p):
        self.ask(s, p, "mulligan", msg("Mulligan? Return your {n} cards, shuffle, draw {n} (IJ-R33)",
                                       n=int(self.params.get("hand_size", 6))),
                 public_prompt=msg("P{n} decides whether to mulligan (IJ-R33)", n=p + 1))

    def place_guardians(self, s, p, n):
        """Put the top n cards of p's deck face down onto the battlefield as guardians."""
        pile = s.zones[f"{p}.deck"]
        k = min(n, len(pile))
        for _ in range(k):
            self.move(s, pile[-1], f"{p}.guardians", face_up=False)
        if k:
            self.log(s, msg("P{n} puts {count} cards from the deck as {guardian} (IJ-R5)", n=p + 1, count=k,
                            guardian=self.rs.word("guardian")))

    # ------------------------------------------------------------------ turn structure
    def begin_turn(self, s, p):
        """Run the start and draw phases of p's turn (IJ-R7, IJ-R8, IJ-R23) and stop in the main phase."""
        s.active = p
        s.turn += 1
        s.phase = "start"
        s.data["battled"] = False
        s.data["battle"] = None
        self.log(s, msg("— turn {turn}: P{n} —", turn=s.turn, n=p + 1), kind="turn", player=p)
        if not s.zones[f"{p}.deck"]:
            self.end_game(s, 1 - p, msg("P{n} starts a turn with no cards in the deck (IJ-R23)", n=p + 1))
            return
        s.players[p]["placement"] = 1
        s.players[p]["summon"] = 1
        for z in FIELD:
            for u in s.zones[f"{p}.{z}"]:
                s.cards[u].tapped = False
        s.phase = "draw"
        if s.turn == 1:
            self.log(s, msg("P{n} does not draw in the first player's first turn (IJ-R8)", n=p + 1))
        else:
            self.draw(s, p, 1)
        s.phase = "main"

    def end_turn(self, s):
        """Run the end phase (IJ-R10) and begin the opponent's turn."""
        p = s.active
        s.phase = "end"
        s.players[p]["placement"] = 0
        s.players[p]["summon"] = 0
        for q in (0, 1):
            for z in FIELD:
                for u in s.zones[KEYS[q][z]]:
                    f = s.cards[u].flags
                    if "mods" in f:
                        f["mods"] = [m for m in f["mods"] if m["until"] != "end_of_turn"]
                        if not f["mods"]:
                            del f["mods"]
                    if "grants" in f:
                        f["grants"] = [g for g in f["grants"] if g["until"] != "end_of_turn"]
                        if not f["grants"]:
                            del f["grants"]
        self.log(s, msg("P{n} ends the turn; unused placement and summon rights vanish (IJ-R10)", n=p + 1))
        self.begin_turn(s, 1 - p)

    def end_game(self, s, winner, reason):
        """End a game: the whole game, or one game of a match (IJ-R34)."""
        m = s.data.get("match")
        if not m:
            self.win(s, winner, reason)
            return
        m["results"].append({"game": m["game"], "winner": winner, "reason": reason})
        if winner is not None:
            m["wins"][winner] += 1
        who = msg("a draw (IJ-R34)") if winner is None else msg("P{n} wins (IJ-R34)", n=winner + 1)
        self.log(s, msg("game {game} of the match: {who} ({reason}); wins {w1}–{w2}", game=m["game"], who=who,
                        reason=reason, w1=m["wins"][0], w2=m["wins"][1]), kind="game_end", winner=winner)
        w0, w1 = m["wins"]
        if max(w0, w1) >= 2 or m["game"] >= 3:
            best = 0 if w0 > w1 else 1 if w1 > w0 else None
            self.win(s, best, msg("match {w1}–{w2} (IJ-R34)", w1=w0, w2=w1))
            return
        # The finished board stays on the table until the loser (P1 after a draw) starts the next game.
        s.pending.clear()
        s.data.pop(QUEUE, None)
        nxt = 0 if winner is None else 1 - winner
        self.ask(s, nxt, "next_game", msg("game {game} is over ({who}) — start game {next} of the match (IJ-R34)",
                                          game=m["game"], who=who, next=m["game"] + 1),
                 public_prompt=msg("game {game} is over ({who}); P{n} starts the next game (IJ-R34)", game=m["game"],
                                   who=who, n=nxt + 1))

    def check_next_game(self, s, a):
        return None if self._pending(s, a, "next_game") else msg("no game of the match has just ended (IJ-R34)")

    def do_next_game(self, s, a):
        s.pending.pop(0)
        s.data["match"]["game"] += 1
        self.next_game(s)

    def next_game(self, s):
        """Gather every card back into its deck and set up the next game of the match."""
        s.pending.clear()
        s.data.pop(QUEUE, None)
        s.data["battle"] = None
        s.data["battled"] = False
        for p in (0, 1):
            s.players[p]["placement"] = 0
            s.players[p]["summon"] = 0
            for z in ("hand", "battlefield", "guardians", "mana", "graveyard"):
                for u in list(s.zones[f"{p}.{z}"]):
                    self.move(s, u, f"{p}.deck", face_up=False)
        self.renumber(s, list(s.cards))   # no id of the last game tells a card of this one (表面を見てはいけません)
        self.log(s, msg("— game {game} of the match —", game=s.data["match"]["game"]), kind="game_start")
        if s.data["rules"]["side_deck"]:
            s.phase = "sideboard"
            for p in (0, 1):
                self.ask(s, p, "sideboard", msg("Rebuild your deck: swap cards between your deck and side deck, "
                                                "then done (IJ-R35)"),
                         public_prompt=msg("P{n} rebuilds deck and side deck (IJ-R35)", n=p + 1))
        else:
            self.start_game(s)

    # ------------------------------------------------------------------ derived values
    def zone_of(self, s, uid):
        return split_key(s.cards[uid].zone)

    def on_field(self, s, uid, owner=None):
        """Return whether the card lies on the battlefield (a guardian counts)."""
        p, z = split_key(s.cards[uid].zone)
        return z in FIELD and (owner is None or p == owner)

    def level_sum(self, s, p):
        """Return IJ-R16's level: face-up Maryoku levels plus face-down cards in p's mana zone."""
        total = 0
        for u in s.zones[f"{p}.mana"]:
            c = s.cards[u]
            if not c.face_up:
                total += 1
            else:
                d = self.rs.cards[c.cid]
                if d.kind == "maryoku":
                    total += d.get("level") or 0
        return total

    def mana_colors(self, s, p):
        """Return the colors of the face-up Maryoku in p's mana zone (IJ-R15)."""
        out = set()
        for u in s.zones[f"{p}.mana"]:
            c = s.cards[u]
            if c.face_up:
                d = self.rs.cards[c.cid]
                if d.kind == "maryoku" and d.color:
                    out.add(d.color)
        return out

    def static_sources(self, s):
        """Return (source uid, its owner, its static steps) for every lasting effect now at work (IJ-D17)."""
        out = []
        if not self._static:
            return out
        for q in (0, 1):
            for z in ("battlefield", "mana"):
                for src in s.zones[f"{q}.{z}"]:
                    sc = s.cards[src]
                    steps = self._static.get(sc.cid)
                    if steps and sc.face_up and (z == "mana") == (self.rs.cards[sc.cid].kind == "maryoku"):
                        out.append((src, q, steps))   # Maryoku work from the mana zone, the rest from the 戦場
        return out

    def keywords(self, s, uid, sources=None):
        """Return the card's abilities now: printed, gained this turn, and from lasting effects
        (`sources`: `static_sources(s)`, passed in when many cards are asked about at once)."""
        c = s.cards[uid]
        d = self.rs.cards[c.cid]
        out = list(d.keywords)
        for g in c.flags.get("grants", ()):
            out.append(g["kw"])
        owner, zone = split_key(c.zone)
        if zone in FIELD and c.face_up and d.kind == "ijin":
            for src, q, steps in (self.static_sources(s) if sources is None else sources):
                for st in steps:
                    if self.static_applies(s, st.get("target") or {}, src, q, uid, owner):
                        out.append(st["keyword"])
        return out

    def static_applies(self, s, st, src, src_owner, uid, owner):
        """Return whether a lasting effect's target spec `st` (side, kind, where, trait, not_self) reaches uid."""
        side = st.get("side", "own")
        if side == "own" and owner != src_owner or side == "enemy" and owner == src_owner:
            return False
        if st.get("not_self") and uid == src:
            return False
        d = self.rs.cards[s.cards[uid].cid]
        if st.get("kind") and d.kind != st["kind"]:
            return False
        if st.get("trait") and st["trait"] not in (d.get("traits") or ()):
            return False
        return all(d.get(k) == v for k, v in (st.get("where") or {}).items())

    def power(self, s, uid, role=None, sources=None):
        """Return an Ijin's power: printed, パワー+N, アタック+N as attacker, ブロック+N as blocker, and
        modifiers (IJ-R32). Any other card has power 0 (a guardian that is not an Ijin, IJ-D1)."""
        c = s.cards[uid]
        d = self.rs.cards[c.cid]
        if d.kind != "ijin":
            return 0
        total = d.get("power") or 0
        for k in self.keywords(s, uid, sources):
            m = BONUS.match(k)
            if m and BONUS_ROLE[m.group(1)] in (None, role):
                total += int(m.group(2))
        for mod in c.flags.get("mods", ()):
            if mod["stat"] == "power":
                total += mod["n"]
        return max(0, total)

    def has(self, s, uid, kw):
        if kw in self._static_kws:
            return kw in self.keywords(s, uid)
        # No lasting effect gives kw: only the printed keywords and this turn's grants can hold it.
        c = s.cards[uid]
        return kw in self.rs.cards[c.cid].keywords or any(g["kw"] == kw for g in c.flags.get("grants", ()))

    # ------------------------------------------------------------------ moves: feats fire here
    def move(self, s, uid, to, **kw):
        """Move a card; a card leaving its zone forgets its rule state, and a card going from the
        battlefield (guardians included) to the graveyard offers its feat ability (IJ-R20, IJ-R21)."""
        c = s.cards[uid]
        src = c.zone
        super().move(s, uid, to, **kw)
        if src != to:
            if c.flags:
                c.flags = {}
            if c.counters:
                c.counters = {}
            if (c.cid in self._feat and not self._manual_move and split_key(src)[1] in FIELD
                    and split_key(to)[1] == "graveyard" and s.outcome is None):
                d = self.rs.cards[c.cid]
                card = self.card_ref(s, uid, "all")   # in the graveyard: face up for everyone
                self.ask(s, c.owner, "feat", msg("{feat} of {card}: use it? — {text} (IJ-R20)",
                                                 feat=self.rs.field_term("ijin", "feat"), card=card,
                                                 text=d.get("feat") or ""),
                         card=uid, public_prompt=msg("P{n} decides whether to use the {feat} of {card} (IJ-R20)",
                                                     n=c.owner + 1, feat=self.rs.field_term("ijin", "feat"), card=card))
        return c

    def manual_apply(self, s, a):
        self._manual_move = True
        try:
            super().manual_apply(s, a)
        finally:
            self._manual_move = False

    def destroy(self, s, uid):
        """Destroy a battlefield card (IJ-R25): its 'when destroyed' abilities fire, then it goes to the graveyard."""
        c = s.cards[uid]
        if not self.on_field(s, uid):
            return
        if c.cid in self._destroyed:
            self.fire(s, uid, "destroyed")
            if not self.on_field(s, uid):
                return
        name = self.card_ref(s, uid, "all") if c.face_up else self.rs.word("guardian")
        self.move(s, uid, f"{c.owner}.graveyard")
        self.log(s, msg("{what} is destroyed → {card} to the graveyard (IJ-R25)", what=name,
                        card=self.card_ref(s, uid, "all")))

    # ------------------------------------------------------------------ effect hooks and ops
    def fx_destroy(self, s, uid, ctx):
        self.destroy(s, uid)

    def fx_bounce(self, s, uid, ctx):
        c = s.cards[uid]
        name = self.card_ref(s, uid, "all")   # named as it was seen before it went to the hand
        self.move(s, uid, f"{c.owner}.hand")
        self.log(s, msg("{card} returns to P{n}'s hand", card=name, n=c.owner + 1))

    def matches(self, s, uid, spec):
        """Match a target spec; a face-down card on the table matches only specs that ask nothing of
        its identity (so a choice never tells what a guardian is); `tapped` and `trait` are ours."""
        c = s.cards[uid]
        if not c.face_up and split_key(c.zone)[1] in ("battlefield", "guardians", "mana"):
            if spec.get("kind") or spec.get("where") or spec.get("trait"):
                return False
        if "tapped" in spec and c.tapped != spec["tapped"]:
            return False
        if spec.get("trait") and spec["trait"] not in (self.rs.cards[c.cid].get("traits") or ()):
            return False
        return super().matches(s, uid, spec)

    def queue_step(self, s, uid, player, step):
        s.data.setdefault(QUEUE, []).append({"source": uid, "player": player, "step": step, "event": {}})

    def requirement_problem(self, s, p, uid):
        """Return why a Mahou cannot be activated now (IJ-R14), or None: every required choice needs a
        candidate and every 「…のときに発動できる」 count must hold."""
        d = self.rs.cards[s.cards[uid].cid]
        for req in d.effects:
            if req.get("on") != "condition":
                continue
            n = len(self.effect_candidates(s, {"player": p, "source": uid}, req.get("target") or {}))
            if "min" in req and n < req["min"] or "max" in req and n > req["max"]:
                if req.get("text"):
                    return msg("{card} can be activated only when {text} (IJ-R14)",
                               card=self.card_ref(s, uid, p), text=req["text"])
                return msg("{card} can be activated only when its condition holds (IJ-R14)", card=self.card_ref(s, uid, p))
        for e in d.effects:
            spec = e.get("target")
            if e.get("on") != "cast" or not isinstance(spec, dict) or spec.get("all") or e.get("optional"):
                continue
            if not self.effect_candidates(s, {"player": p, "source": uid}, spec):
                return msg("{card} needs a target to choose and there is none (IJ-R14)", card=self.card_ref(s, uid, p))
        return None

    # ------------------------------------------------------------------ candidates
    def actions(self, s, p, every=False):
        if s.outcome is not None:
            return []
        if s.pending:
            pk = s.pending[0]
            if pk["player"] != p:
                return []
            kind = pk["kind"]
            if kind == "effect_target":
                return self.effect_actions(s, p)
            # Built directly, like the main phase's candidates below (args sorted by name: card, target).
            if kind == "pay":
                return [Action("pay", p, (("card", u),)) for u in s.zones[KEYS[p]["mana"]]]
            if kind == "feat":
                # yes/no with no card argument: the table shows them as buttons (the prompt names the card)
                return [Action("feat", p, ()), Action("no_feat", p, ())]
            if kind == "block":
                b = s.data["battle"]
                out = [Action("block", p, (("card", x), ("target", a)))
                       for x in self.free_blockers(s, p) for a in b["attackers"]]
                out += [Action("unblock", p, (("card", x),)) for x, _ in b["blocks"]]
                out.append(Action("done_blocking", p, ()))
                return out
            if kind == "resolve":
                # card= (not target=): the attacker being resolved is the card that acts; a click on it resolves it
                return [Action("resolve", p, (("card", a),)) for a in s.data["battle"]["attackers"]]
            if kind == "mulligan":
                return [Action.make("mulligan", p), Action.make("keep", p)]
            if kind == "next_game":
                return [Action.make("next_game", p)]
            if kind == "sideboard":
                out = [Action.make("side_in", p, cid=c) for c in self.distinct(s, f"{p}.side")]
                out += [Action.make("side_out", p, cid=c) for c in self.distinct(s, f"{p}.deck")]
                out.append(Action.make("side_done", p))
                return out
            return []
        if p != s.active:
            return []
        # Actions are built directly (args already sorted by name): this list is made for every move.
        # Speed: a card that plainly fails its check (no placement right left, color or level or mana cost
        # not met, a tapped or new Ijin) is left out, unless `every` (drop_candidates) asks for them all. The
        # checks stay the authority and run on whatever is listed. (A summon is listed without a summon
        # right: a test sets that right by hand and then summons, past the engine's candidate cache.)
        prune = not every
        out = []
        cards, defs, keys = s.cards, self.rs.cards, KEYS[p]
        if s.phase == "main":
            mana, field = ("to", keys["mana"]), ("to", keys["battlefield"])
            can_place = not prune or s.players[p].get("placement", 0) >= 1
            level, colors = self._mana_reach(s, p)
            n_mana = len(s.zones[keys["mana"]])
            for u in s.zones[keys["hand"]]:
                d = defs[cards[u].cid]
                act = HAND_KINDS.get(d.kind)
                if act is None:
                    continue
                if act == "place":
                    if can_place:
                        out.append(Action(act, p, (("card", u), mana)))
                    continue
                if prune and not self._usable(d, level, colors):
                    continue
                if act == "cast":
                    if not prune or n_mana >= (d.get("cost") or 0):
                        out.append(Action(act, p, (("card", u),)))
                else:
                    out.append(Action(act, p, (("card", u), field)))
            underworld = self._underworld
            for u in s.zones[keys["graveyard"]]:
                if cards[u].cid in underworld:
                    out.append(Action("underworld", p, (("card", u),)))
        if s.phase in ("main", "attack"):
            # after this main phase's battle no attack passes check_attack
            if not (prune and s.phase == "main" and s.data.get("battled")):
                for u in s.zones[keys["battlefield"]]:
                    c = cards[u]
                    if defs[c.cid].kind == "ijin" and (not prune or self._may_attack(s, u, c)):
                        out.append(Action("attack", p, (("card", u),)))
            out.append(Action("end_phase", p, ()))
        return out

    def _may_attack(self, s, u, c):
        """The card-level tests of check_attack: face up, not attacking or tapped, not new without 即応."""
        return (c.face_up and not c.tapped and not c.flags.get("attacking")
                and (c.flags.get("entered") != s.turn or self.has(s, u, SWIFT)))

    def distinct(self, s, key):
        seen = []
        for u in s.zones[key]:
            cid = s.cards[u].cid
            if cid not in seen:
                seen.append(cid)
        return sorted(seen)

    def free_blockers(self, s, p):
        """Return p's cards that may still be chosen as blockers: untapped Ijin and guardians (IJ-R18, IJ-D2)."""
        b = s.data["battle"]
        used = {x for x, _ in b["blocks"]}
        out = []
        for u in s.zones[KEYS[p]["battlefield"]]:
            c = s.cards[u]
            if not c.tapped and u not in used and c.face_up and self.rs.cards[c.cid].kind == "ijin":
                out.append(u)
        for u in s.zones[KEYS[p]["guardians"]]:
            if not s.cards[u].tapped and u not in used:
                out.append(u)
        return out

    # ------------------------------------------------------------------ checks: shared gates
    def _pending(self, s, a, kind):
        if not s.pending or s.pending[0]["kind"] != kind or s.pending[0]["player"] != a.player:
            return None
        return s.pending[0]

    def _main_gate(self, s, a):
        if s.phase == "main" and not s.pending and a.player == s.active:   # the usual case, tested first
            return None
        if s.pending:
            return msg("first answer the question in front of you: {prompt}", prompt=s.pending[0]["prompt"])
        if a.player != s.active:
            return msg("you can use cards only in your own turn (IJ-R9)")
        if s.phase in ("attack", "block", "resolve"):
            return msg("cards cannot be used in the middle of a battle (IJ-R9)")
        if s.phase != "main":
            return msg("cards are used in the main phase (IJ-R9)")
        return None

    def _in_hand(self, s, a, kind):
        c = s.cards.get(a["card"])
        if c is None or c.zone != HAND_KEY[a.player]:
            return msg("that card is not in your hand (IJ-R9)")
        d = self.rs.cards[c.cid]
        if d.kind != kind:
            return msg("{card} is a {kind}, not a {wanted}", card=self.card_ref(s, c.uid, a.player),
                       kind=self.rs.kind_term(d.kind), wanted=self.rs.kind_term(kind))
        return None

    def _mana_reach(self, s, p):
        """Return (level, colors) of p's mana zone in one pass: the level of IJ-R16 and the colors of
        the face-up Maryoku for IJ-R15."""
        have, colors = 0, set()
        cards, maryoku = s.cards, self._maryoku
        for u in s.zones[KEYS[p]["mana"]]:
            c = cards[u]
            if not c.face_up:
                have += 1
                continue
            m = maryoku.get(c.cid)
            if m:
                have += m[0]
                colors.add(m[1])
        return have, colors

    @staticmethod
    def _usable(d, have, colors):
        """Whether card d meets the color and level conditions (the test of `_conditions`, without words)."""
        return (not d.color or d.color in colors) and have >= (d.stats.get("level") or 0)

    def _conditions(self, s, p, uid):
        """Check the color (IJ-R15) and level (IJ-R16) conditions of using a card (one pass over the mana zone)."""
        d = self.rs.cards[s.cards[uid].cid]
        have, colors = self._mana_reach(s, p)
        color = d.color
        if color and color not in colors:
            return msg("color condition: your mana zone has no {color} {maryoku} face up (IJ-R15)",
                       color=self.rs.color_term(color), maryoku=self.rs.kind_term("maryoku"))
        need = d.stats.get("level") or 0
        if have < need:
            return msg("level condition: your mana zone gives level {have}, {card} needs {need} (IJ-R16)",
                       have=have, card=self.card_ref(s, uid, p), need=need)
        return None

    def _to(self, a, zone):
        to = a.get("to")
        if to is not None and to != KEYS[a.player][zone]:   # after _main_gate: a.player is 0 or 1
            return msg("that card goes onto your {zone}", zone=self.rs.zones[zone].term)
        return None

    # ------------------------------------------------------------------ main phase: using cards
    def check_summon(self, s, a):
        r = self._main_gate(s, a) or self._in_hand(s, a, "ijin") or self._to(a, "battlefield")
        if r:
            return r
        if s.players[a.player].get("summon", 0) < 1:
            return msg("no {ijin} summon right left this turn (IJ-R13)", ijin=self.rs.kind_term("ijin"))
        return self._conditions(s, a.player, a["card"])

    def do_summon(self, s, a):
        p, u = a.player, a["card"]
        s.players[p]["summon"] -= 1
        self.move(s, u, f"{p}.battlefield", face_up=True)
        s.cards[u].flags["entered"] = s.turn
        self.log(s, msg("P{n} summons {card} (IJ-R13)", n=p + 1, card=self.card_ref(s, u, "all")))
        self.fire(s, u, "enter")

    def check_play_haikei(self, s, a):
        r = self._main_gate(s, a) or self._in_hand(s, a, "haikei") or self._to(a, "battlefield")
        return r or self._conditions(s, a.player, a["card"])

    def do_play_haikei(self, s, a):
        p, u = a.player, a["card"]
        self.move(s, u, f"{p}.battlefield", face_up=True)
        self.log(s, msg("P{n} puts the {haikei} {card} onto the battlefield (IJ-D4)", n=p + 1,
                        haikei=self.rs.kind_term("haikei"), card=self.card_ref(s, u, "all")))
        self.fire(s, u, "enter")

    def check_place(self, s, a):
        r = self._main_gate(s, a) or self._in_hand(s, a, "maryoku") or self._to(a, "mana")
        if r:
            return r
        if s.players[a.player].get("placement", 0) < 1:
            return msg("no {maryoku} placement right left this turn (IJ-R12)", maryoku=self.rs.kind_term("maryoku"))
        return None

    def do_place(self, s, a):
        p, u = a.player, a["card"]
        s.players[p]["placement"] -= 1
        self.move(s, u, f"{p}.mana", face_up=True)
        self.log(s, msg("P{n} places {card} into the mana zone (IJ-R12)", n=p + 1, card=self.card_ref(s, u, "all")))
        self.fire(s, u, "place")

    def check_cast(self, s, a):
        r = self._main_gate(s, a) or self._in_hand(s, a, "mahou")
        if r:
            return r
        p, u = a.player, a["card"]
        r = self._conditions(s, p, u)
        if r:
            return r
        cost = self.rs.cards[s.cards[u].cid].get("cost") or 0
        if len(s.zones[f"{p}.mana"]) < cost:
            return msg("{mana_cost}: {cost} cards of your mana zone must go to the graveyard, you have {have} (IJ-R11)",
                       mana_cost=self.rs.field_term("mahou", "cost"), cost=cost, have=len(s.zones[f"{p}.mana"]))
        return self.requirement_problem(s, p, u)

    def do_cast(self, s, a):
        p, u = a.player, a["card"]
        d = self.card_def(s, u)
        cost = d.get("cost") or 0
        self.move(s, u, f"{p}.graveyard")
        self.log(s, msg("P{n} uses the {mahou} {card} ({mana_cost} {cost}, IJ-R11)", n=p + 1,
                        mahou=self.rs.kind_term("mahou"), card=self.card_ref(s, u, "all"),
                        mana_cost=self.rs.field_term("mahou", "cost"), cost=cost))
        mana = s.zones[f"{p}.mana"]
        if cost and len(mana) == cost:
            for m in list(mana):
                self.pay_one(s, p, m)
            cost = 0
        if cost:
            card = self.card_ref(s, u, "all")
            self.ask(s, p, "pay", msg("{card}: choose {cost} cards of your mana zone to put into the graveyard (IJ-R11)",
                                      card=card, cost=cost), card=u, left=cost,
                     public_prompt=msg("P{n} pays the {mana_cost} of {card} (IJ-R11)", n=p + 1, card=card,
                                       mana_cost=self.rs.field_term("mahou", "cost")))
        else:
            self.fire(s, u, "cast")

    def pay_one(self, s, p, m):
        label = self.card_ref(s, m, "all")   # a face-down mana card is not named before it turns up
        self.move(s, m, f"{p}.graveyard")   # face up in the graveyard: now everyone may see it
        self.log(s, msg("P{n} pays with {what} → {card} to the graveyard (IJ-R11)", n=p + 1, what=label,
                        card=self.card_ref(s, m, "all")))

    def check_pay(self, s, a):
        pk = self._pending(s, a, "pay")
        if pk is None:
            return msg("no mana cost is waiting to be paid (IJ-R11)")
        if a["card"] not in s.zones[f"{a.player}.mana"]:
            return msg("pay with a card of your own mana zone (IJ-R11)")
        return None

    def do_pay(self, s, a):
        pk = s.pending[0]
        self.pay_one(s, a.player, a["card"])
        pk["left"] -= 1
        if pk["left"] <= 0:
            s.pending.pop(0)
            self.fire(s, pk["card"], "cast")

    def check_underworld(self, s, a):
        r = self._main_gate(s, a)
        if r:
            return r
        u = a["card"]
        if u not in s.cards or s.cards[u].zone != f"{a.player}.graveyard":
            return msg("{underworld} works from your own graveyard (IJ-R28)", underworld=self._kw_word(UNDERWORLD))
        d = self.card_def(s, u)
        if d.kind != "mahou" or UNDERWORLD not in d.keywords:
            return msg("{card} has no {underworld} (IJ-R28)", card=self.card_ref(s, u, a.player),
                       underworld=self._kw_word(UNDERWORLD))
        return self.requirement_problem(s, a.player, u)

    def do_underworld(self, s, a):
        p, u = a.player, a["card"]
        self.log(s, msg("P{n} activates {card} from the graveyard ({underworld}: color, level and mana cost "
                        "ignored, IJ-R28)", n=p + 1, card=self.card_ref(s, u, "all"),
                        underworld=self._kw_word(UNDERWORLD)))
        self.fire(s, u, "cast")
        self.queue_step(s, u, p, {"on": "cast", "do": "ij_bottom"})
        self.resolve_effects(s)

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

    # ------------------------------------------------------------------ mulligan (IJ-R33)
    def check_mulligan(self, s, a):
        return None if self._pending(s, a, "mulligan") else msg("no mulligan is offered now (IJ-R33)")

    check_keep = check_mulligan

    def do_mulligan(self, s, a):
        p = a.player
        s.pending.pop(0)
        for u in list(s.zones[f"{p}.hand"]):
            self.move(s, u, f"{p}.deck", face_up=False)
        self.shuffle(s, f"{p}.deck")
        self.draw(s, p, int(self.params.get("hand_size", 6)))
        self.log(s, msg("P{n} mulligans: {count} cards back, shuffle, draw {count} (IJ-R33)", n=p + 1,
                        count=int(self.params.get("hand_size", 6))))
        self.after_mulligan(s, p)

    def do_keep(self, s, a):
        s.pending.pop(0)
        self.log(s, msg("P{n} keeps the hand (IJ-R33)", n=a.player + 1))
        self.after_mulligan(s, a.player)

    def after_mulligan(self, s, p):
        if p == s.first:
            self.ask_mulligan(s, 1 - p)
        else:
            self.begin_turn(s, s.first)

    # ------------------------------------------------------------------ side deck (IJ-R35)
    def _side_gate(self, s, a):
        return None if self._pending(s, a, "sideboard") else msg("decks are rebuilt only between the games of a match "
                                                                 "(IJ-R35)")

    def copies_ok(self, cid, n):
        d = self.rs.cards[cid]
        limit = None if d.copies == "any" else d.copies if isinstance(d.copies, int) else 4
        return limit is None or n <= limit

    def check_side_in(self, s, a):
        r = self._side_gate(s, a)
        if r:
            return r
        p, cid = a.player, a["cid"]
        if not any(s.cards[u].cid == cid for u in s.zones[f"{p}.side"]):
            return msg("your side deck has no such card (IJ-R35)")
        n = sum(1 for u in s.zones[f"{p}.deck"] if s.cards[u].cid == cid)
        if not self.copies_ok(cid, n + 1):
            return msg("at most 4 cards of a name in a deck (IJ-R4)")
        return None

    def do_side_in(self, s, a):
        p, cid = a.player, a["cid"]
        u = next(u for u in s.zones[f"{p}.side"] if s.cards[u].cid == cid)
        card = self.card_ref(s, u, p)   # named while its owner still sees it in the side deck
        self.move(s, u, f"{p}.deck", face_up=False)
        self.log(s, msg("P{n} moves a card from the side deck into the deck (IJ-R35)", n=p + 1),
                 {p: msg("P{n} moves {card} from the side deck into the deck (IJ-R35)", n=p + 1, card=card)})

    def check_side_out(self, s, a):
        r = self._side_gate(s, a)
        if r:
            return r
        p, cid = a.player, a["cid"]
        if not any(s.cards[u].cid == cid for u in s.zones[f"{p}.deck"]):
            return msg("your deck has no such card (IJ-R35)")
        if len(s.zones[f"{p}.deck"]) <= 40:
            return msg("a deck holds at least 40 cards (IJ-R4)")
        if len(s.zones[f"{p}.side"]) >= int(self.params.get("side_max", 10)):
            return msg("a side deck holds at most 10 cards (IJ-R35)")
        n = sum(1 for u in s.zones[f"{p}.side"] if s.cards[u].cid == cid)
        if not self.copies_ok(cid, n + 1):
            return msg("at most 4 cards of a name in a side deck (IJ-R4)")
        return None

    def do_side_out(self, s, a):
        p, cid = a.player, a["cid"]
        u = next(u for u in s.zones[f"{p}.deck"] if s.cards[u].cid == cid)
        self.move(s, u, f"{p}.side", face_up=True)
        self.log(s, msg("P{n} moves a card from the deck into the side deck (IJ-R35)", n=p + 1),
                 {p: msg("P{n} moves {card} from the deck into the side deck (IJ-R35)", n=p + 1,
                         card=self.card_ref(s, u, p))})

    def check_side_done(self, s, a):
        return self._side_gate(s, a)

    def do_side_done(self, s, a):
        s.pending.pop(0)
        p = a.player
        self.log(s, msg("P{n} is ready: {deck} {count}, {side} {side_count} (IJ-R35)", n=p + 1,
                        deck=self.rs.zones["deck"].term, count=len(s.zones[f"{p}.deck"]), side=self.rs.zones["side"].term,
                        side_count=len(s.zones[f"{p}.side"])))
        if not any(pk["kind"] == "sideboard" for pk in s.pending):
            self.start_game(s)

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

    # ------------------------------------------------------------------ what the table shows
    def public(self, s, viewer):
        players = []
        m = s.data.get("match")
        colors_of = []
        for p in (0, 1):
            words = tuple(self.rs.color_term(c) for c in sorted(self.mana_colors(s, p)))
            colors = msg("{colors}", colors=words) if words else "—"   # a Msg: the panel renders each colour
            colors_of.append(colors)
            row = {
                self.rs.word("value.placement"): s.players[p].get("placement", 0),
                self.rs.word("value.summon"): s.players[p].get("summon", 0),
                self.rs.word("value.level"): self.level_sum(s, p),
                self.rs.word("value.colors"): colors,
                self.rs.zones["deck"].term: len(s.zones[f"{p}.deck"]),
                self.rs.zones["hand"].term: len(s.zones[f"{p}.hand"]),
                self.rs.zones["guardians"].term: len(s.zones[f"{p}.guardians"]),
            }
            if m:
                row[self.rs.word("value.wins")] = m["wins"][p]
            players.append(row)
        shared = {}
        if m:
            shared[self.rs.word("value.match")] = msg("game {game}/3 · {w1}–{w2}", game=m["game"], w1=m["wins"][0],
                                                      w2=m["wins"][1])
        badges = {}
        b = s.data.get("battle")
        for p in (0, 1):
            for u in s.zones[f"{p}.battlefield"]:
                c = s.cards[u]
                d = self.rs.cards[c.cid]
                if d.kind != "ijin" or not c.face_up:
                    continue
                role = "attack" if c.flags.get("attacking") else "block" if c.flags.get("blocking") else None
                pw = self.power(s, u, role)
                tags = []
                if pw != d.get("power"):
                    tags.append(msg("{power} {n}", power=self.rs.field_term("ijin", "power"), n=pw))
                extra = [k for k in self.keywords(s, u) if k not in d.keywords]
                tags += [msg("+{keyword}", keyword=self._kw_word(k)) for k in extra if not BONUS.match(k)]
                if c.flags.get("attacking"):
                    tags.append(self.rs.word("attacking"))
                if c.flags.get("entered") == s.turn and p == s.active and not self.has(s, u, SWIFT):
                    tags.append(self.rs.word("value.new"))
                if tags:
                    badges[u] = tags
        if b:
            for x, t in b["blocks"]:
                badges.setdefault(x, []).append(msg("{blocking} → {card}", blocking=self.rs.word("blocking"),
                                                    card=self.card_ref(s, t, viewer)))
        zones = {f"{p}.mana": msg("{level} {n} · {colors}", level=self.rs.word("value.level"), n=self.level_sum(s, p),
                                  colors=colors_of[p]) for p in (0, 1)}
        return {"players": players, "shared": shared, "badges": badges, "zones": zones}

    # --- words in both languages (Terms where the ruleset gives them) ---------------------------------
    def _kw_word(self, kw):
        """Return a keyword in both languages: the ruleset's `keyword.<printed>` word, パワー+N as words, or as printed."""
        m = BONUS.match(kw)
        if m:
            return msg("{role} +{n}", role=self.rs.word("keyword." + m.group(1)), n=int(m.group(2)))
        got = self.rs.word("keyword." + kw)
        return kw if got == "keyword." + kw else got

    def describe(self, s, a, viewer=None):
        k = a.kind
        card = a.get("card")
        nm = self.card_ref(s, card, viewer) if isinstance(card, int) and card in s.cards else ""
        tgt = a.get("target")
        tn = self.card_ref(s, tgt, viewer) if isinstance(tgt, int) and tgt in s.cards else ""
        fn = self.card_ref(s, s.pending[0]["card"], viewer) if k in ("feat", "no_feat") and s.pending \
            and s.pending[0]["kind"] == "feat" else ""
        if k in ("side_in", "side_out") and a.get("cid") in self.rs.cards:
            if viewer is not None and viewer != a.player:   # the deck and the side deck are private (IJ-R35)
                name = msg("a card ({rule})", rule="IJ-R35")
            else:
                d = self.rs.cards[a["cid"]]
                name = Term(d.name_en or d.name, d.name, card=True)
            return (msg("side deck → deck: {card}", card=name) if k == "side_in"
                    else msg("deck → side deck: {card}", card=name))
        if k == "summon":
            return msg("summon {card}", card=nm)
        if k == "play_haikei":
            return msg("put the {haikei} {card}", haikei=self.rs.kind_term("haikei"), card=nm)
        if k == "place":
            return msg("place {card} in the mana zone", card=nm)
        if k == "cast":
            return msg("use the {mahou} {card}", mahou=self.rs.kind_term("mahou"), card=nm)
        if k == "underworld":
            return msg("{underworld}: {card}", underworld=self._kw_word(UNDERWORLD), card=nm)
        if k == "pay":
            return msg("pay with {card}", card=nm)
        if k == "attack":
            return msg("make {card} an attacker", card=nm)
        if k == "block":
            return msg("block: {card} → {target}", card=nm, target=tn)
        if k == "done_blocking":
            return msg("done blocking")
        if k == "unblock":
            return msg("stop blocking: {card}", card=nm)
        if k == "resolve":
            return msg("{step}: {card}", step=self.rs.phase_term("resolve"), card=nm)
        if k == "feat":
            return msg("use the {feat} {card}", feat=self.rs.field_term("ijin", "feat"), card=fn)
        if k == "no_feat":
            return msg("do not use it {card}", card=fn)
        if k == "next_game":
            return msg("on to the next game")
        if k == "mulligan":
            return msg("mulligan (IJ-R33)")
        if k == "keep":
            return msg("keep the hand (IJ-R33)")
        if k == "side_done":
            return msg("the deck is done")
        if k == "end_phase":
            if s.phase == "attack":
                return msg("attackers chosen → {step}", step=self.rs.phase_term("block"))
            return msg("on to the {phase} (end turn)", phase=self.rs.phase_term("end"))
        return super().describe(s, a, viewer)

    def drop_action(self, s, player, uid, zone, target):
        """Map a drag to its action; a Mahou dropped anywhere is cast, a mana card dropped anywhere pays."""
        a = super().drop_action(s, player, uid, zone, target)
        if a is not None:
            return a
        for a in self.drop_candidates(s, player):
            if a.get("card") == uid and a.kind in ("cast", "pay", "attack", "underworld", "resolve"):
                return a
        return None

    def drop_candidates(self, s, p):
        return self.actions(s, p, every=True)   # a drag may mean an illegal action: the table then says why not


# --- the game's own ops (the names say what the source's keywords do) -----------------------------
def _op_manaify(ctl, s, ctx):
    """魔力化 (IJ-R27): put the target face down into its owner's mana zone (no feat ability)."""
    t = ctx["target"]
    if t is None or t not in s.cards:
        return
    label = ctl.card_ref(s, t, "all")   # named as everyone saw it before it goes face down
    ctl.move(s, t, f"{s.cards[t].owner}.mana", face_up=False)
    ctl.log(s, msg("{card} is put face down into P{n}'s mana zone ({keyword}, IJ-R27)", card=label,
                   n=s.cards[t].owner + 1, keyword=ctl._kw_word("魔力化")))


def _op_restore(ctl, s, ctx):
    """復元 (IJ-R29): put the target face up into its owner's mana zone."""
    t = ctx["target"]
    if t is None or t not in s.cards:
        return
    ctl.move(s, t, f"{s.cards[t].owner}.mana", face_up=True)
    ctl.log(s, msg("{card} is put face up into P{n}'s mana zone ({keyword}, IJ-R29)", card=ctl.card_ref(s, t, "all"),
                   n=s.cards[t].owner + 1, keyword=ctl._kw_word("復元")))


def _op_guardian(ctl, s, ctx):
    """Put the top n cards of the player's deck face down as guardians."""
    p = ctx["player"]
    ctl.place_guardians(s, p, int(ctx["step"].get("n", 1)))


def _op_gain_keyword(ctl, s, ctx):
    """The target gains a keyword and/or power until the end of the turn (`keyword`, `power`)."""
    t = ctx["target"]
    if t is None or t not in s.cards:
        return
    st = ctx["step"]
    until = st.get("until", "end_of_turn")
    parts = []
    if st.get("power"):
        ctl.add_mod(s, t, "power", int(st["power"]), until, ctx["source"])
        parts.append(ctl._kw_word(f"パワー+{st['power']}"))
    if st.get("keyword"):
        s.cards[t].flags.setdefault("grants", []).append({"kw": st["keyword"], "until": until})
        parts.append(ctl._kw_word(st["keyword"]))
    ctl.log(s, msg("{card} gains {what} this turn", card=ctl.card_ref(s, t, "all"), what=tuple(parts)))


def _op_bottom(ctl, s, ctx):
    """After 冥府発動 the Mahou goes to the bottom of its owner's deck (IJ-D7)."""
    u = ctx["source"]
    c = s.cards[u]
    if split_key(c.zone)[1] == "graveyard":
        ctl.move(s, u, f"{c.owner}.deck", index=0, face_up=False)
        ctl.log(s, msg("{card} goes to the bottom of P{n}'s deck (IJ-D7)", card=ctl.card_ref(s, u, "all"), n=c.owner + 1))


register_op("manaify", _op_manaify, "card")
register_op("restore", _op_restore, "card")
register_op("guardian", _op_guardian)
register_op("gain_keyword", _op_gain_keyword, "card")
register_op("ij_bottom", _op_bottom)
# `{on: condition, do: require, target: …, min/max: N}` states when a Mahou can be activated (IJ-R14);
# it is checked before use and never fired, so the op itself does nothing.
register_op("require", lambda ctl, s, ctx: None)

