"""The decks, the field and the end of the game: deck damage and units entering and leaving the field
(FD-R3, FD-D2, FD-D3, FD-D8, FD-D17), winning and losing (FD-R16..R19; FD-D4, FD-D5, FD-D18, FD-D24)."""
from __future__ import annotations

from tabletop.engine.effects import BATCH, QUEUE
from tabletop.engine.msg import msg
from tabletop.engine.state import copy_json, split_key
from tabletop.games.fourdeck.rules import LEVELS, UNBREAKABLE


class FourDeckField:
    """Deck HP, the field, exhaustion and the loss checks."""

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
