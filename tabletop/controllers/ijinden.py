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
from tabletop.engine.msg import msg
from tabletop.engine.state import split_key

SWIFT = "即応"
DOUBLE = "ダブルプレッシャー"
UNBLOCKABLE = "ブロックされない"
UNDERWORLD = "冥府発動"
BONUS = re.compile(r"^(パワー|アタック|ブロック)\+(\d+)$")   # パワー+1000, アタック+2000, ブロック+1000
BONUS_ROLE = {"パワー": None, "アタック": "attack", "ブロック": "block"}
FIELD = ("battlefield", "guardians")   # both rows are the battlefield (戦場) for every rule
HAND_KINDS = {"ijin": "summon", "haikei": "play_haikei", "maryoku": "place", "mahou": "cast"}
COLOR_JA = {"red": "赤", "blue": "青", "green": "緑"}
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
            return [(rows[0][2] if rows else 1, f"deck and side deck hold {main + side} cards together, "
                     f"at most {limit} allowed (IJ-R35)")]
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
                    raise DataError(f"P{p + 1}'s deck", None, str(msg(
                        "with the side-deck rule the deck and side deck hold at most {limit} cards together; "
                        "this one has {n} (IJ-R35)", limit=limit, n=n)))
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
            self.log(s, f"game 2: first and second player swap — P{first + 1} goes first (IJ-R34)")
        else:
            first = 0 if self.coin(s, "first player") else 1
            self.log(s, f"P{first + 1} goes first (IJ-R6)")
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
        self.ask(s, p, "mulligan", "手札を引き直しますか？ Mulligan: return your 6 cards, shuffle, draw 6 (IJ-R33)",
                 public_prompt=f"P{p + 1} decides whether to mulligan")

    def place_guardians(self, s, p, n):
        """Put the top n cards of p's deck face down onto the battlefield as guardians."""
        pile = s.zones[f"{p}.deck"]
        k = min(n, len(pile))
        for _ in range(k):
            self.move(s, pile[-1], f"{p}.guardians", face_up=False)
        if k:
            self.log(s, f"P{p + 1} puts {k} card{'s' if k > 1 else ''} from the deck as guardian"
                        f"{'s' if k > 1 else ''} (ガーディアン)")

    # ------------------------------------------------------------------ turn structure
    def begin_turn(self, s, p):
        """Run the start and draw phases of p's turn (IJ-R7, IJ-R8, IJ-R23) and stop in the main phase."""
        s.active = p
        s.turn += 1
        s.phase = "start"
        s.data["battled"] = False
        s.data["battle"] = None
        self.log(s, f"— turn {s.turn}: P{p + 1} —", kind="turn", player=p)
        if not s.zones[f"{p}.deck"]:
            self.end_game(s, 1 - p, f"P{p + 1} starts a turn with no cards in the deck (IJ-R23)")
            return
        s.players[p]["placement"] = 1
        s.players[p]["summon"] = 1
        for z in FIELD:
            for u in s.zones[f"{p}.{z}"]:
                s.cards[u].tapped = False
        s.phase = "draw"
        if s.turn == 1:
            self.log(s, f"P{p + 1} does not draw in the first player's first turn (IJ-R8)")
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
        self.log(s, f"P{p + 1} ends the turn; unused placement and summon rights vanish (IJ-R10)")
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
        who = "draw" if winner is None else f"P{winner + 1} wins"
        self.log(s, f"game {m['game']} of the match: {who} ({reason}); wins {m['wins'][0]}–{m['wins'][1]}",
                 kind="game_end", winner=winner)
        w0, w1 = m["wins"]
        if max(w0, w1) >= 2 or m["game"] >= 3:
            best = 0 if w0 > w1 else 1 if w1 > w0 else None
            self.win(s, best, f"match {w0}–{w1} (IJ-R34)")
            return
        # The finished board stays on the table until the loser (P1 after a draw) starts the next game.
        s.pending.clear()
        s.data.pop(QUEUE, None)
        nxt = 0 if winner is None else 1 - winner
        self.ask(s, nxt, "next_game", f"ゲーム{m['game']}終了 ({who}) — start game {m['game'] + 1} of the match",
                 public_prompt=f"game {m['game']} is over ({who}); P{nxt + 1} starts the next game")

    def check_next_game(self, s, a):
        return None if self._pending(s, a, "next_game") else "no game of the match has just ended (IJ-R34)"

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
        self.log(s, f"— game {s.data['match']['game']} of the match —", kind="game_start")
        if s.data["rules"]["side_deck"]:
            s.phase = "sideboard"
            for p in (0, 1):
                self.ask(s, p, "sideboard", "デッキとサイドデッキを作り直す: swap cards between your deck and side "
                         "deck, then done (IJ-R35)", public_prompt=f"P{p + 1} rebuilds deck and side deck")
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
                self.ask(s, c.owner, "feat", f"偉業能力 of {d.name}: use it? — {d.get('feat') or ''} (IJ-R20)",
                         card=uid, public_prompt=f"P{c.owner + 1} decides whether to use the feat ability of {d.name}")
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
        name = self.name(s, uid) if c.face_up else "a guardian"
        self.move(s, uid, f"{c.owner}.graveyard")
        self.log(s, f"{name} is destroyed (破壊) → {self.name(s, uid)} to the graveyard")

    # ------------------------------------------------------------------ effect hooks and ops
    def fx_destroy(self, s, uid, ctx):
        self.destroy(s, uid)

    def fx_bounce(self, s, uid, ctx):
        c = s.cards[uid]
        name = self.card_label(s, uid, None)
        self.move(s, uid, f"{c.owner}.hand")
        self.log(s, f"{name} returns to P{c.owner + 1}'s hand")

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
                return f"{d.name} can be activated only when {req.get('text') or 'its condition holds'} (IJ-R14)"
        for e in d.effects:
            spec = e.get("target")
            if e.get("on") != "cast" or not isinstance(spec, dict) or spec.get("all") or e.get("optional"):
                continue
            if not self.effect_candidates(s, {"player": p, "source": uid}, spec):
                return f"{d.name} needs a target to choose and there is none (IJ-R14)"
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
            return "first answer the question in front of you"
        if a.player != s.active:
            return "you can use cards only in your own turn"
        if s.phase in ("attack", "block", "resolve"):
            return "cards cannot be used in the middle of a battle (IJ-R9)"
        if s.phase != "main":
            return "cards are used in the main phase (IJ-R9)"
        return None

    def _in_hand(self, s, a, kind):
        c = s.cards.get(a["card"])
        if c is None or c.zone != HAND_KEY[a.player]:
            return "that card is not in your hand"
        d = self.rs.cards[c.cid]
        if d.kind != kind:
            return f"{d.name} is a {self.rs.card_kinds[d.kind]['label']}, not a {self.rs.card_kinds[kind]['label']}"
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
            return f"色条件: your mana zone has no {COLOR_JA.get(color, color)} Maryoku face up (IJ-R15)"
        need = d.stats.get("level") or 0
        if have < need:
            return f"レベル条件: your mana zone gives level {have}, {d.name} needs {need} (IJ-R16)"
        return None

    def _to(self, a, zone):
        to = a.get("to")
        if to is not None and to != KEYS[a.player][zone]:   # after _main_gate: a.player is 0 or 1
            return f"that card goes onto your {self.rs.zones[zone].label}"
        return None

    # ------------------------------------------------------------------ main phase: using cards
    def check_summon(self, s, a):
        r = self._main_gate(s, a) or self._in_hand(s, a, "ijin") or self._to(a, "battlefield")
        if r:
            return r
        if s.players[a.player].get("summon", 0) < 1:
            return "no Ijin summon right left this turn (IJ-R13)"
        return self._conditions(s, a.player, a["card"])

    def do_summon(self, s, a):
        p, u = a.player, a["card"]
        s.players[p]["summon"] -= 1
        self.move(s, u, f"{p}.battlefield", face_up=True)
        s.cards[u].flags["entered"] = s.turn
        self.log(s, f"P{p + 1} summons {self.name(s, u)} (召喚)")
        self.fire(s, u, "enter")

    def check_play_haikei(self, s, a):
        r = self._main_gate(s, a) or self._in_hand(s, a, "haikei") or self._to(a, "battlefield")
        return r or self._conditions(s, a.player, a["card"])

    def do_play_haikei(self, s, a):
        p, u = a.player, a["card"]
        self.move(s, u, f"{p}.battlefield", face_up=True)
        self.log(s, f"P{p + 1} puts the Haikei {self.name(s, u)} onto the battlefield (IJ-D4)")
        self.fire(s, u, "enter")

    def check_place(self, s, a):
        r = self._main_gate(s, a) or self._in_hand(s, a, "maryoku") or self._to(a, "mana")
        if r:
            return r
        if s.players[a.player].get("placement", 0) < 1:
            return "no Maryoku placement right left this turn (IJ-R12)"
        return None

    def do_place(self, s, a):
        p, u = a.player, a["card"]
        s.players[p]["placement"] -= 1
        self.move(s, u, f"{p}.mana", face_up=True)
        self.log(s, f"P{p + 1} places {self.name(s, u)} into the mana zone (マリョク配置)")
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
            return f"魔力コスト: {cost} cards of your mana zone must go to the graveyard, you have " \
                   f"{len(s.zones[f'{p}.mana'])} (IJ-R11)"
        return self.requirement_problem(s, p, u)

    def do_cast(self, s, a):
        p, u = a.player, a["card"]
        d = self.card_def(s, u)
        cost = d.get("cost") or 0
        self.move(s, u, f"{p}.graveyard")
        self.log(s, f"P{p + 1} uses the Mahou {d.name} (魔力コスト {cost})")
        mana = s.zones[f"{p}.mana"]
        if cost and len(mana) == cost:
            for m in list(mana):
                self.pay_one(s, p, m)
            cost = 0
        if cost:
            self.ask(s, p, "pay", f"{d.name}: choose {cost} card{'s' if cost > 1 else ''} of your mana zone to put "
                     "into the graveyard (IJ-R11)", card=u, left=cost,
                     public_prompt=f"P{p + 1} pays the mana cost of {d.name}")
        else:
            self.fire(s, u, "cast")

    def pay_one(self, s, p, m):
        label = "a face-down card" if not s.cards[m].face_up else self.name(s, m)
        self.move(s, m, f"{p}.graveyard")   # face up in the graveyard: now everyone may see it
        self.log(s, f"P{p + 1} pays with {label} → {self.name(s, m)} to the graveyard")

    def check_pay(self, s, a):
        pk = self._pending(s, a, "pay")
        if pk is None:
            return "no mana cost is waiting to be paid"
        if a["card"] not in s.zones[f"{a.player}.mana"]:
            return "pay with a card of your own mana zone (IJ-R11)"
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
            return "冥府発動 works from your own graveyard (IJ-R28)"
        d = self.card_def(s, u)
        if d.kind != "mahou" or UNDERWORLD not in d.keywords:
            return f"{d.name} has no 冥府発動 (IJ-R28)"
        return self.requirement_problem(s, a.player, u)

    def do_underworld(self, s, a):
        p, u = a.player, a["card"]
        self.log(s, f"P{p + 1} activates {self.name(s, u)} from the graveyard (冥府発動: color, level and "
                    "mana cost ignored, IJ-R28)")
        self.fire(s, u, "cast")
        self.queue_step(s, u, p, {"on": "cast", "do": "ij_bottom"})
        self.resolve_effects(s)

    # ------------------------------------------------------------------ battle (IJ-R17..R19, R22)
    def check_attack(self, s, a):
        if s.pending:
            return "first answer the question in front of you"
        if a.player != s.active:
            return "you attack only in your own turn"
        if s.phase == "main" and s.data.get("battled"):
            return "only one battle per main phase (IJ-R9)"
        if s.phase not in ("main", "attack"):
            return "attackers are chosen in the attack step of a battle (IJ-R17)"
        u = a["card"]
        if u not in s.cards or s.cards[u].zone != f"{a.player}.battlefield":
            return "choose an Ijin of your battlefield"
        c = s.cards[u]
        if self.rs.cards[c.cid].kind != "ijin" or not c.face_up:
            return "only an Ijin can be an attacker (IJ-R17)"
        if c.flags.get("attacking"):
            return "it is already an attacker"
        if c.tapped:
            return f"a {self.rs.word('tapped')} (tapped) Ijin cannot attack (IJ-R17)"
        if c.flags.get("entered") == s.turn and not self.has(s, u, SWIFT):
            return "it came onto the battlefield this turn and has no 即応 (IJ-R17, IJ-R30)"
        return None

    def do_attack(self, s, a):
        p, u = a.player, a["card"]
        if s.phase == "main":
            s.data["battled"] = True
            s.data["battle"] = {"attacker": p, "defender": 1 - p, "attackers": [], "blocks": []}
            s.phase = "attack"
            self.log(s, f"P{p + 1} declares a battle (バトル)")
        s.data["battle"]["attackers"].append(u)
        c = s.cards[u]
        c.tapped = True
        c.flags["attacking"] = True
        self.log(s, f"P{p + 1} chooses {self.name(s, u)} as an attacker (slid forward, {self.rs.word('tapped')})")
        self.fire(s, u, "attack")

    def check_end_phase(self, s, a):
        if s.pending:
            return "first answer the question in front of you"
        if a.player != s.active:
            return "it is not your turn"
        if s.phase not in ("main", "attack"):
            return "wait until the battle is over"
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
            self.log(s, f"P{d + 1} has no {self.rs.word('untapped')} Ijin or guardian to block with")
            s.phase = "resolve"
            return
        self.ask(s, d, "block", "ブロックステップ: assign blockers (a blocker onto an attacker), then done (IJ-R18)",
                 public_prompt=f"P{d + 1} chooses blockers")

    def check_block(self, s, a):
        if self._pending(s, a, "block") is None:
            return "blockers are chosen by the defender in the block step (IJ-R18)"
        b = s.data["battle"]
        x, t = a["card"], a["target"]
        if t not in b["attackers"]:
            return "block one of the attackers"
        if x not in self.free_blockers(s, a.player):
            return f"a blocker is one of your {self.rs.word('untapped')} Ijin or guardians, once per battle " \
                   "(IJ-R18, IJ-D2)"
        if self.has(s, t, UNBLOCKABLE):
            return f"{self.name(s, t)} cannot be blocked (ブロックされない, IJ-R26)"
        if self.has(s, t, DOUBLE) and not any(tt == t for _, tt in b["blocks"]) \
                and len(self.free_blockers(s, a.player)) < 2:
            return f"{self.name(s, t)} has ダブルプレッシャー: it needs two or more blockers (IJ-R31)"
        return None

    def do_block(self, s, a):
        b = s.data["battle"]
        x, t = a["card"], a["target"]
        b["blocks"].append([x, t])
        c = s.cards[x]
        if c.face_up:
            c.flags["blocking"] = t
        what = self.name(s, x) if c.face_up else "a guardian"   # a guardian stays unknown until its fight
        self.log(s, f"P{a.player + 1} blocks {self.name(s, t)} with {what}")

    def check_unblock(self, s, a):
        if self._pending(s, a, "block") is None:
            return "blockers are chosen by the defender in the block step (IJ-R18)"
        if not any(x == a["card"] for x, _ in s.data["battle"]["blocks"]):
            return str(msg("that card is not blocking"))
        return None

    def do_unblock(self, s, a):
        """Take a blocker back off its attacker during the block step (it is free to block again)."""
        b = s.data["battle"]
        x = a["card"]
        t = next(tt for xx, tt in b["blocks"] if xx == x)
        b["blocks"] = [pair for pair in b["blocks"] if pair[0] != x]
        s.cards[x].flags.pop("blocking", None)
        what = self.name(s, x) if s.cards[x].face_up else str(msg("a guardian"))
        self.log(s, str(msg("P{n} takes {card} off {target}", n=a.player + 1, card=what, target=self.name(s, t))))

    def check_done_blocking(self, s, a):
        if self._pending(s, a, "block") is None:
            return "there is no block step waiting"
        b = s.data["battle"]
        for t in b["attackers"]:
            if self.has(s, t, DOUBLE) and sum(1 for _, tt in b["blocks"] if tt == t) == 1:
                # 「１体以下で指定することはできません」: refused, never silently stripped (IJ-D10).
                return str(msg("{card} has ダブルプレッシャー: block it with two or more, or take its blocker "
                               "off (IJ-R31, IJ-D10)", card=self.name(s, t)))
        return None

    def do_done_blocking(self, s, a):
        s.pending.pop(0)
        b = s.data["battle"]
        s.phase = "resolve"
        self.log(s, f"P{a.player + 1} is done blocking — バトル解決ステップ")

    def release(self, s, t, why):
        """Take every blocker off attacker t (it counts as not blocked)."""
        b = s.data["battle"]
        for x, tt in b["blocks"]:
            if tt == t:
                s.cards[x].flags.pop("blocking", None)
        if any(tt == t for _, tt in b["blocks"]):
            self.log(s, f"{self.name(s, t)}: its blockers are removed — {why}")
        b["blocks"] = [pair for pair in b["blocks"] if pair[1] != t]

    def check_resolve(self, s, a):
        if self._pending(s, a, "resolve") is None:
            return "the defender picks the next attacker in the resolution step (IJ-R19)"
        if a["card"] not in s.data["battle"]["attackers"]:
            return "pick one of the attackers left"
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
            self.release(s, t, "it has ブロックされない (IJ-R26)")
        blockers = [x for x, tt in b["blocks"] if tt == t and self.on_field(s, x, dp)]
        if self.has(s, t, DOUBLE) and len(blockers) == 1:
            self.release(s, t, "fewer than two blockers are left for ダブルプレッシャー (IJ-R31)")
            blockers = []
        b["blocks"] = [pair for pair in b["blocks"] if pair[1] != t]
        name = self.name(s, t)
        if not blockers:
            self.log(s, f"{name} is not blocked!")
            self.end_game(s, ap_player, f"{name} was not blocked (IJ-R22)")
            return
        for x in blockers:
            c = s.cards[x]
            c.flags.pop("blocking", None)
            if not c.face_up:
                self.flip(s, x, True)
                self.log(s, f"the guardian blocking {name} is turned face up: {self.name(s, x)} (IJ-D1)")
        ap = self.power(s, t, "attack")
        bp = sum(self.power(s, x, "block") for x in blockers)
        names = " + ".join(f"{self.name(s, x)} {self.power(s, x, 'block')}" for x in blockers)
        if ap > bp:
            losers, verdict = list(blockers), "the blockers are destroyed"
        elif ap < bp:
            losers, verdict = [t], f"{name} is destroyed"
        else:
            losers, verdict = [t] + blockers, "all are destroyed"
        self.log(s, f"バトル解決: {name} {ap} vs {names} (total {bp}) → {verdict} (IJ-D1)")
        for u in losers:
            self.destroy(s, u)
        for x in blockers:
            if x not in losers and split_key(s.cards[x].zone)[1] == "guardians":
                self.move(s, x, f"{dp}.graveyard")
                self.log(s, f"the guardian {self.name(s, x)} has blocked and goes to the graveyard (IJ-D1)")

    def end_battle(self, s):
        b = s.data["battle"]
        for u in b["attackers"]:
            s.cards[u].flags.pop("attacking", None)
        for x, _ in b["blocks"]:
            s.cards[x].flags.pop("blocking", None)
        s.data["battle"] = None
        s.phase = "main"
        self.log(s, "the battle is over; the main phase continues (IJ-R19)")

    # ------------------------------------------------------------------ feats (IJ-R20, IJ-R21)
    def _feat_pending(self, s, a):
        return None if self._pending(s, a, "feat") else "no feat ability is waiting (IJ-R20)"

    def check_feat(self, s, a):
        return self._feat_pending(s, a)

    def do_feat(self, s, a):
        u = s.pending.pop(0)["card"]
        self.log(s, f"P{a.player + 1} uses the feat ability (偉業能力) of {self.name(s, u)}")
        self.fire(s, u, "feat", a.player)

    def check_no_feat(self, s, a):
        return self._feat_pending(s, a)

    def do_no_feat(self, s, a):
        u = s.pending.pop(0)["card"]
        self.log(s, f"P{a.player + 1} does not use the feat ability of {self.name(s, u)}")

    # ------------------------------------------------------------------ mulligan (IJ-R33)
    def check_mulligan(self, s, a):
        return None if self._pending(s, a, "mulligan") else "no mulligan is offered now (IJ-R33)"

    check_keep = check_mulligan

    def do_mulligan(self, s, a):
        p = a.player
        s.pending.pop(0)
        for u in list(s.zones[f"{p}.hand"]):
            self.move(s, u, f"{p}.deck", face_up=False)
        self.shuffle(s, f"{p}.deck")
        self.draw(s, p, int(self.params.get("hand_size", 6)))
        self.log(s, f"P{p + 1} mulligans: 6 cards back, shuffle, draw 6 (IJ-R33)")
        self.after_mulligan(s, p)

    def do_keep(self, s, a):
        s.pending.pop(0)
        self.log(s, f"P{a.player + 1} keeps the hand (IJ-R33)")
        self.after_mulligan(s, a.player)

    def after_mulligan(self, s, p):
        if p == s.first:
            self.ask_mulligan(s, 1 - p)
        else:
            self.begin_turn(s, s.first)

    # ------------------------------------------------------------------ side deck (IJ-R35)
    def _side_gate(self, s, a):
        return None if self._pending(s, a, "sideboard") else "decks are rebuilt only between the games of a match"

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
            return "your side deck has no such card"
        n = sum(1 for u in s.zones[f"{p}.deck"] if s.cards[u].cid == cid)
        if not self.copies_ok(cid, n + 1):
            return "at most 4 cards of a name in a deck (IJ-R4)"
        return None

    def do_side_in(self, s, a):
        p, cid = a.player, a["cid"]
        u = next(u for u in s.zones[f"{p}.side"] if s.cards[u].cid == cid)
        self.move(s, u, f"{p}.deck", face_up=False)
        self.log(s, f"P{p + 1} moves a card from the side deck into the deck",
                 {p: f"P{p + 1} moves {self.rs.cards[cid].name} from the side deck into the deck"})

    def check_side_out(self, s, a):
        r = self._side_gate(s, a)
        if r:
            return r
        p, cid = a.player, a["cid"]
        if not any(s.cards[u].cid == cid for u in s.zones[f"{p}.deck"]):
            return "your deck has no such card"
        if len(s.zones[f"{p}.deck"]) <= 40:
            return "a deck holds at least 40 cards (IJ-R4)"
        if len(s.zones[f"{p}.side"]) >= int(self.params.get("side_max", 10)):
            return "a side deck holds at most 10 cards (IJ-R35)"
        n = sum(1 for u in s.zones[f"{p}.side"] if s.cards[u].cid == cid)
        if not self.copies_ok(cid, n + 1):
            return "at most 4 cards of a name in a side deck (IJ-R4)"
        return None

    def do_side_out(self, s, a):
        p, cid = a.player, a["cid"]
        u = next(u for u in s.zones[f"{p}.deck"] if s.cards[u].cid == cid)
        self.move(s, u, f"{p}.side", face_up=True)
        self.log(s, f"P{p + 1} moves a card from the deck into the side deck",
                 {p: f"P{p + 1} moves {self.rs.cards[cid].name} from the deck into the side deck"})

    def check_side_done(self, s, a):
        return self._side_gate(s, a)

    def do_side_done(self, s, a):
        s.pending.pop(0)
        p = a.player
        self.log(s, f"P{p + 1} is ready: deck {len(s.zones[f'{p}.deck'])}, side deck {len(s.zones[f'{p}.side'])}")
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
            self.ask(s, b["defender"], "resolve", "バトル解決ステップ: choose the attacker to resolve next (IJ-R19)",
                     public_prompt=f"P{b['defender'] + 1} chooses the next attacker to resolve")
            return

    # ------------------------------------------------------------------ what the table shows
    def public(self, s, viewer):
        players = []
        m = s.data.get("match")
        for p in (0, 1):
            colors = "".join(COLOR_JA.get(c, c) for c in sorted(self.mana_colors(s, p))) or "—"
            row = {
                "配置権 Placement": s.players[p].get("placement", 0),
                "召喚権 Summon": s.players[p].get("summon", 0),
                "レベル合計 Level": self.level_sum(s, p),
                "色 Colors": colors,
                "山札 Deck": len(s.zones[f"{p}.deck"]),
                "手札 Hand": len(s.zones[f"{p}.hand"]),
                "ガーディアン Guardians": len(s.zones[f"{p}.guardians"]),
            }
            if m:
                row["勝利 Wins"] = m["wins"][p]
            players.append(row)
        shared = {}
        if m:
            shared["マッチ Match"] = f"game {m['game']}/3 · {m['wins'][0]}–{m['wins'][1]}"
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
                    tags.append(f"パワー {pw}")
                extra = [k for k in self.keywords(s, u) if k not in d.keywords]
                tags += [f"+{k}" for k in extra if not BONUS.match(k)]
                if c.flags.get("attacking"):
                    tags.append(self.rs.word("attacking"))
                if c.flags.get("entered") == s.turn and p == s.active and not self.has(s, u, SWIFT):
                    tags.append("このターン登場")
                if tags:
                    badges[u] = tags
        if b:
            for x, t in b["blocks"]:
                badges.setdefault(x, []).append(f"{self.rs.word('blocking')} → {self.card_label(s, t, viewer)}")
        zones = {f"{p}.mana": f"レベル {self.level_sum(s, p)} · 色 {players[p]['色 Colors']}" for p in (0, 1)}
        return {"players": players, "shared": shared, "badges": badges, "zones": zones}

    def describe(self, s, a, viewer=None):
        k = a.kind
        card = a.get("card")
        nm = self.card_label(s, card, viewer) if isinstance(card, int) and card in s.cards else ""
        tgt = a.get("target")
        tn = self.card_label(s, tgt, viewer) if isinstance(tgt, int) and tgt in s.cards else ""
        fn = self.name(s, s.pending[0]["card"]) if k in ("feat", "no_feat") and s.pending \
            and s.pending[0]["kind"] == "feat" else ""
        words = {
            "summon": f"召喚 {nm}", "play_haikei": f"ハイケイを置く {nm}", "place": f"マリョク配置 {nm}",
            "cast": f"マホウ発動 {nm}", "underworld": f"冥府発動 {nm}", "pay": f"支払う {nm}",
            "attack": f"アタッカーにする {nm}", "block": f"ブロック: {nm} → {tn}", "done_blocking": "ブロック終了 (done)",
            "unblock": f"ブロックをやめる: {nm}",
            "resolve": f"バトル解決: {nm}", "feat": f"偉業能力を使う (use the feat) {fn}", "no_feat": f"使わない (no) {fn}",
            "next_game": "次のゲームへ (next game)", "mulligan": "引き直す (mulligan)", "keep": "引き直さない (keep)", "side_done": "デッキ完成 (done)",
            "end_phase": "アタッカー決定 → ブロックステップ" if s.phase == "attack" else "エンドフェイズへ (end turn)",
        }
        if k in ("side_in", "side_out") and a.get("cid") in self.rs.cards:
            name = self.rs.cards[a["cid"]].name
            if viewer is not None and viewer != a.player:   # the deck and the side deck are private (IJ-R35)
                from tabletop.engine.msg import msg
                name = str(msg("a card ({rule})", rule="IJ-R35"))
            return f"サイド→デッキ {name}" if k == "side_in" else f"デッキ→サイド {name}"
        if k in words:
            return words[k]
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
    label = ctl.card_label(s, t, None)
    ctl.move(s, t, f"{s.cards[t].owner}.mana", face_up=False)
    ctl.log(s, f"{label} is put face down into P{s.cards[t].owner + 1}'s mana zone (魔力化)")


def _op_restore(ctl, s, ctx):
    """復元 (IJ-R29): put the target face up into its owner's mana zone."""
    t = ctx["target"]
    if t is None or t not in s.cards:
        return
    ctl.move(s, t, f"{s.cards[t].owner}.mana", face_up=True)
    ctl.log(s, f"{ctl.name(s, t)} is put face up into P{s.cards[t].owner + 1}'s mana zone (復元)")


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
        parts.append(f"パワー+{st['power']}")
    if st.get("keyword"):
        s.cards[t].flags.setdefault("grants", []).append({"kw": st["keyword"], "until": until})
        parts.append(f"「{st['keyword']}」")
    ctl.log(s, f"{ctl.name(s, t)} gains {' and '.join(parts)} this turn")


def _op_bottom(ctl, s, ctx):
    """After 冥府発動 the Mahou goes to the bottom of its owner's deck (IJ-D7)."""
    u = ctx["source"]
    c = s.cards[u]
    if split_key(c.zone)[1] == "graveyard":
        ctl.move(s, u, f"{c.owner}.deck", index=0, face_up=False)
        ctl.log(s, f"{ctl.name(s, u)} goes to the bottom of P{c.owner + 1}'s deck (IJ-D7)")


register_op("manaify", _op_manaify, "card")
register_op("restore", _op_restore, "card")
register_op("guardian", _op_guardian)
register_op("gain_keyword", _op_gain_keyword, "card")
register_op("ij_bottom", _op_bottom)
# `{on: condition, do: require, target: …, min/max: N}` states when a Mahou can be activated (IJ-R14);
# it is checked before use and never fired, so the op itself does nothing.
register_op("require", lambda ctl, s, ctx: None)


# --- the bots' evaluation of an ijinden position (see tabletop/bots/evaluate.py) -------------------
def evaluate_position(game, player: int) -> dict:
    """Return weighted terms of the position for `player`: guardians, Ijin on the battlefield (more for
    power and for being awake to block), mana level, hand, a deck close to running out, and in a
    battle the attackers' pressure (more attackers than the defender has blockers wins)."""
    s, ctl = game.state, game.controller
    sources = ctl.static_sources(s)
    b = s.data.get("battle")
    out = {}
    for who, sign, side in ((player, 1.0, "my"), (1 - player, -1.0, "opponent")):
        board = 0.0
        for u in s.zones[f"{who}.battlefield"]:
            c = s.cards[u]
            if c.face_up and ctl.rs.cards[c.cid].kind == "ijin":
                awake = not c.tapped or c.flags.get("attacking")
                board += 1.0 + 0.4 * ctl.power(s, u, None, sources) / 1000 + (0.5 if awake else 0.0)
            else:
                board += 1.0
        deck = len(s.zones[f"{who}.deck"])
        out[f"{side} guardians"] = sign * 2.5 * len(s.zones[f"{who}.guardians"])
        out[f"{side} board"] = sign * board
        out[f"{side} mana"] = sign * 0.5 * ctl.level_sum(s, who)
        out[f"{side} hand"] = sign * 0.4 * len(s.zones[f"{who}.hand"])
        out[f"{side} deck"] = sign * -3.0 * max(0, 3 - deck)
    if b and s.phase == "attack":
        sign = 1.0 if b["attacker"] == player else -1.0
        free = len(ctl.free_blockers(s, b["defender"]))
        n = len(b["attackers"])
        out["battle pressure"] = sign * (2.0 * n + (40.0 if n > free else 0.0))
    return out


try:   # the bots are optional for the engine: register the evaluation when they are installed
    from tabletop.bots.evaluate import evaluator as _evaluator
    _evaluator("ijinden")(evaluate_position)
except ImportError:   # pragma: no cover
    pass
