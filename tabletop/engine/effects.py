"""Card effects as data: a small vocabulary the engine executes, shared by every ruleset.

In cards.yaml a card's `effects` is a list of steps, each fired by its controller at a trigger:

    effects:
      - {on: play, do: draw, n: 1}
      - {on: play, do: damage, n: 2, target: {side: enemy, zones: [lane_left, lane_center, lane_right]}}
      - {on: destroyed, do: search, where: {kind: monster}}
      - {on: play, do: modify, stat: ap, n: 2, until: end_of_turn, target: {side: own, zones: [...]}}
      - {on: activate, do: manual, text: "Swap two lanes."}   # resolved by hand (manual override)

A step has `on` (the trigger: play, enter, destroyed, attack, block, end_of_turn, start_of_turn,
activate, feat... — each controller documents the ones it fires), `do` (the op, below), the op's
arguments, and optionally `target` (a spec, below), `optional: true` (the player may decline),
`who: own|enemy` (whose deck/hand/HP a player-op touches; default own).

Target specs: `self` (the source card), or a mapping `{side: own|enemy|any, zones: [zone names],
kind: K, where: {field: value}, player: true, all: true, max: N}`. With `all: true` the op hits every
candidate; otherwise the player chooses one (a pending choice answered by `choose_target`), and with
`player: true` a player is chosen (`target_player=N`). No candidate: the step does nothing (rules
resolve effects as far as possible).

Ops (each calls a controller hook, so "destroy" means what the game says it means):
  draw n · damage n · heal n · destroy · exile · bounce (to hand) · tap · untap · modify stat n until ·
  counter name n · gain_hp n · lose_hp n (value: the player key, default hp) · search where (own deck →
  hand, then shuffle a hidden pile; `from: discard` searches a public pile, `shuffle: false|true`
  overrides) · discard n (chosen from own hand) · mill n (deck top → discard zone) ·
  put to (move the target to a zone of its owner) · manual (resolved by hand).
Each controller class holds its table of ops, `EFFECT_OPS` (name -> `Op(fn, target)`): the shared
ones above by default; a game adds its own with `EFFECT_OPS = with_ops(EffectsMixin.EFFECT_OPS, ops.OPS)`,
so two games may give one op name different meanings.

The controller mixes in `EffectsMixin`, calls `fire(s, uid, trigger, player)` at each trigger, answers
a pending effect choice through `Controller.answers` (`answer_effect_target` lists `effect_actions`),
and overrides the `fx_*` hooks where its game differs.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Mapping, NamedTuple

from .action import Action
from .msg import msg

if TYPE_CHECKING:
    from .state import State
    from .controller import Controller as _Host   # the class a game mixes this into (what it calls)
else:
    _Host = object


class Op(NamedTuple):
    """An effect op: `fn(ctl, s, ctx)` does it; `target`: what it targets (card, player, zone; None: nothing)."""
    fn: Callable
    target: str | None = None


OPS: dict[str, Op] = {}   # the shared ops (filled at the end of this module): every controller's by default
QUEUE = "effect_queue"   # key in State.data: steps waiting to resolve, in order
BATCH = "effect_batch"   # key in State.data while one step hits all its targets (one event, not several)


def with_ops(base: Mapping[str, Op], own: Mapping[str, Op]) -> dict[str, Op]:
    """Return a controller's op table: the ops it inherits (`base`) and its own. An own op may not take
    an inherited name (a game changes what a shared op means through its `fx_*` hooks instead)."""
    taken = sorted(set(base) & set(own))
    if taken:
        raise ValueError(f"effect op {taken[0]!r} is already in the inherited table")
    return {**base, **own}


def step_words(step: dict, rs=None) -> str:
    """Return a short wording of a step (a Msg; the card's own `text` as printed), for logs and card text.

    With the ruleset `rs`, a stat is named by its field label (in both languages).
    """
    if step.get("text"):
        return step["text"]
    op, n = step.get("do", "?"), step.get("n", 1)
    if op == "modify":
        stat = step.get("stat", "?")
        stat = rs.stat_term(stat) if rs is not None else stat
        return msg("{stat} {n:+d}", stat=stat, n=n) if isinstance(n, int) else msg("modify")
    words = {
        "draw": lambda: msg("draw {n}", n=n), "damage": lambda: msg("deal {n} damage", n=n),
        "heal": lambda: msg("heal {n}", n=n), "destroy": lambda: msg("destroy"), "exile": lambda: msg("exile"),
        "bounce": lambda: msg("return to hand"), "tap": lambda: msg("tap"), "untap": lambda: msg("untap"),
        "counter": lambda: msg("+{n} {name}", n=n, name=step.get("name", "?")),
        "gain_hp": lambda: msg("gain {n} {value}", n=n, value=step.get("value", "HP")),
        "lose_hp": lambda: msg("lose {n} {value}", n=n, value=step.get("value", "HP")),
        "search": lambda: msg("search your deck"), "discard": lambda: msg("discard {n}", n=n),
        "mill": lambda: msg("mill {n}", n=n), "put": lambda: msg("put into {zone}", zone=step.get("to", "?")),
        "manual": lambda: msg("resolve by hand"), "_take": lambda: msg("take the card you choose"),
    }
    return words[op]() if op in words else op


def is_manual(card_def) -> bool:
    """Return whether a card needs the manual override for some of its text."""
    return bool(card_def.manual or any(e.get("do") == "manual" for e in card_def.effects))


def check_steps(card_def, ops: Mapping[str, Op] = OPS) -> list[str]:
    """Return problems with a card's effect steps (an op not in `ops`, the controller's `EFFECT_OPS`;
    a missing trigger), for validation."""
    problems = []
    for i, e in enumerate(card_def.effects):
        if "do" not in e:
            problems.append(f"effect {i + 1}: missing 'do'")
        elif e["do"] not in ops:
            problems.append(f"effect {i + 1}: unknown op {e['do']!r} (known: {', '.join(sorted(ops))})")
        if "on" not in e:
            problems.append(f"effect {i + 1}: missing 'on' (the trigger)")
    return problems


class EffectsMixin(_Host):
    """Runs card effect steps for a Controller; override the fx_* hooks for the game's own meanings."""

    EFFECT_ZONES: tuple = ()   # the zones `target` specs search when they name none (the field)
    EFFECT_OPS: Mapping[str, Op] = OPS   # this controller's ops (see `with_ops`)

    # --- firing and resolving ---------------------------------------------------------------
    def fire(self, s: State, uid: int, trigger: str, player: int | None = None, **event) -> None:
        """Queue every step of card `uid` whose `on` is `trigger`, then resolve what can be resolved."""
        card = s.cards[uid]
        steps = [e for e in self.rs.cards[card.cid].effects if e.get("on") == trigger]
        if not steps:
            return
        q = s.data.setdefault(QUEUE, [])
        who = card.owner if player is None else player
        for step in steps:
            q.append({"source": uid, "player": who, "step": dict(step), "event": dict(event)})
        self.resolve_effects(s)

    def answer_effect_target(self, s: State, player: int, pending: dict) -> list[Action]:
        """The answers to a card effect's choice of target (see `effect_actions`)."""
        return self.effect_actions(s, player)

    def effects_waiting(self, s: State) -> bool:
        return bool(s.data.get(QUEUE)) or any(p["kind"] == "effect_target" for p in s.pending)

    def resolve_effects(self, s: State) -> None:
        """Resolve queued steps in order until one needs a choice (asked as a pending choice)."""
        q = s.data.setdefault(QUEUE, [])
        while q and not any(p["kind"] == "effect_target" for p in s.pending) and s.outcome is None:
            item = q.pop(0)
            step = item["step"]
            op = self.EFFECT_OPS.get(step.get("do"))
            if op is None:
                self.log(s, msg("unknown effect {op!r} of {card}: resolve by hand", op=step.get("do"),
                                card=self.card_ref(s, item["source"], "all")))
                continue
            fn, kind = op
            spec = step.get("target")
            ctx = dict(item)
            if spec is None or spec == "self" or kind is None:
                ctx["target"] = item["source"] if spec == "self" else None
                self._run(s, fn, ctx)
                self.after_step(s)
                continue
            options = self.effect_candidates(s, ctx, spec)
            if not options:
                self.no_target(s, item)
                continue
            if isinstance(spec, dict) and spec.get("all"):
                s.data[BATCH] = True
                try:
                    for t in options:
                        self._run(s, fn, {**ctx, "target": t})
                finally:
                    s.data.pop(BATCH, None)
                self.after_step(s)
                continue
            prompt = msg("{card}: choose a target ({effect})", card=self.card_ref(s, item["source"], "all"),
                         effect=step_words(step, self.rs))
            self.ask(s, item["player"], "effect_target", prompt, options=options,
                     target_kind="player" if isinstance(spec, dict) and spec.get("player") else "card",
                     optional=bool(step.get("optional")), item=item)
            s.pending.sort(key=lambda p: p["kind"] != "effect_target")
        if not q:
            s.data.pop(QUEUE, None)

    def _run(self, s: State, fn, ctx) -> None:
        fn(self, s, ctx)

    def after_step(self, s: State) -> None:
        """Run after each whole step (all its targets): a game checks conditions met by it here."""

    def no_target(self, s: State, item) -> None:
        """Handle a step that needs a target and has none: by default it is skipped and the rest of
        the effect resolves (as far as possible); a game whose text says otherwise overrides this."""
        self.log(s, msg("{card}: {effect} — no target, nothing happens",
                        card=self.card_ref(s, item["source"], "all"), effect=step_words(item["step"], self.rs)))

    # --- the answers: choose_target / skip_effect ------------------------------------------
    def effect_actions(self, s: State, player: int) -> list[Action]:
        """Return the candidate answers to a pending effect choice of `player` (empty when none)."""
        if not s.pending or s.pending[0]["kind"] != "effect_target" or s.pending[0]["player"] != player:
            return []
        p = s.pending[0]
        if p["target_kind"] == "player":
            out = [Action.make("choose_target", player, target_player=t) for t in p["options"]]
        else:
            out = [Action.make("choose_target", player, target=t) for t in p["options"]]
        if p.get("optional"):
            out.append(Action.make("skip_effect", player))
        return out

    def _effect_pending(self, s: State, a: Action) -> dict | None:
        if not s.pending or s.pending[0]["kind"] != "effect_target" or s.pending[0]["player"] != a.player:
            return None
        return s.pending[0]

    def check_choose_target(self, s: State, a: Action) -> str | None:
        p = self._effect_pending(s, a)
        if p is None:
            return msg("no effect is waiting for a target")
        t = a.get("target_player") if p["target_kind"] == "player" else a.get("target")
        if t not in p["options"]:
            return msg("that is not a legal target for this effect")
        return None

    def do_choose_target(self, s: State, a: Action) -> None:
        p = s.pending.pop(0)
        t = a.get("target_player") if p["target_kind"] == "player" else a.get("target")
        item = p["item"]
        self._run(s, self.EFFECT_OPS[item["step"]["do"]].fn, {**item, "target": t})
        self.after_step(s)
        self.resolve_effects(s)

    def check_skip_effect(self, s: State, a: Action) -> str | None:
        p = self._effect_pending(s, a)
        if p is None:
            return msg("no effect is waiting")
        return None if p.get("optional") else msg("this effect is not optional")

    def do_skip_effect(self, s: State, a: Action) -> None:
        p = s.pending.pop(0)
        step = p["item"]["step"]
        self.log(s, msg("P{n} declines {effect}", n=a.player + 1, effect=step_words(step, self.rs)))
        if step.get("do") == "_take" and step.get("shuffle", True):
            self.shuffle(s, step["from"])   # a search that takes nothing still ends with a shuffle
        self.resolve_effects(s)

    # --- targets ---------------------------------------------------------------------------
    def effect_candidates(self, s: State, ctx, spec) -> list:
        """Return the uids (or players) a target spec allows, in table order."""
        me = ctx["player"]
        if not isinstance(spec, dict):
            return []
        side = spec.get("side", "any")
        players = {"own": [me], "enemy": [1 - me], "any": [me, 1 - me]}.get(side, [me, 1 - me])
        if spec.get("player"):
            return players
        zones = spec.get("zones") or list(self.EFFECT_ZONES)
        out = []
        for p in players:
            for z in zones:
                for u in s.zones.get(f"{p}.{z}", []):
                    if self.matches(s, u, spec):
                        out.append(u)
        if spec.get("not_self"):
            out = [u for u in out if u != ctx["source"]]
        return out

    def matches(self, s: State, uid: int, spec: dict) -> bool:
        d = self.rs.cards[s.cards[uid].cid]
        if spec.get("kind") and d.kind != spec["kind"]:
            return False
        for k, v in (spec.get("where") or {}).items():
            have = d.get(k)
            if isinstance(have, (list, tuple)):
                if v not in have:
                    return False
            elif have != v:
                return False
        return True

    # --- stats with modifiers ---------------------------------------------------------------
    def stat(self, s: State, uid: int, name: str) -> int:
        """Return a card's stat: printed value plus its modifiers, never below 0."""
        c = s.cards[uid]
        base = self.rs.cards[c.cid].get(name) or 0
        return max(0, base + sum(m["n"] for m in c.flags.get("mods", []) if m["stat"] == name))

    def add_mod(self, s: State, uid: int, stat: str, n: int, until: str = "end_of_turn", source: int | None = None) -> None:
        s.cards[uid].flags.setdefault("mods", []).append({"stat": stat, "n": n, "until": until, "source": source})

    def expire_mods(self, s: State, until: str) -> None:
        """Remove every modifier lasting `until` this moment (e.g. 'end_of_turn')."""
        for flags in filter(None, [c.flags for c in s.cards.values()]):    # (most cards have no flags at all)
            mods = flags.get("mods")
            if mods:
                kept = [m for m in mods if m["until"] != until]
                if kept:
                    flags["mods"] = kept
                else:
                    del flags["mods"]

    # --- hooks: what each op means in this game (override where the game differs) -----------
    def fx_draw(self, s: State, player: int, n: int) -> None:
        self.draw(s, player, n)

    def fx_damage(self, s: State, target, n: int, ctx) -> None:
        c = s.cards[target]
        c.counters["damage"] = c.counters.get("damage", 0) + n
        self.log(s, msg("{card} takes {n} damage", card=self.card_ref(s, target, "all"), n=n))

    def fx_heal(self, s: State, target, n: int, ctx) -> None:
        c = s.cards[target]
        left = max(0, c.counters.get("damage", 0) - n)
        if left:
            c.counters["damage"] = left
        else:
            c.counters.pop("damage", None)
        self.log(s, msg("{card} heals {n}", card=self.card_ref(s, target, "all"), n=n))

    def fx_destroy(self, s: State, uid: int, ctx) -> None:
        self.move(s, uid, f"{s.cards[uid].owner}.discard")
        self.log(s, msg("{card} is destroyed", card=self.card_ref(s, uid, "all")))

    def fx_exile(self, s: State, uid: int, ctx) -> None:
        self.move(s, uid, f"{s.cards[uid].owner}.exile")
        self.log(s, msg("{card} is exiled", card=self.card_ref(s, uid, "all")))

    def fx_bounce(self, s: State, uid: int, ctx) -> None:
        self.log(s, msg("{card} returns to its owner's hand", card=self.card_ref(s, uid, "all")))
        self.move(s, uid, f"{s.cards[uid].owner}.hand")

    def fx_player_value(self, s: State, player: int, key: str, delta: int, ctx) -> None:
        s.players[player][key] = max(0, s.players[player].get(key, 0) + delta)
        self.log(s, msg("P{n} {value} {delta:+d} → {total}", n=player + 1, value=self.value_word(key), delta=delta,
                        total=s.players[player][key]))


# --- the shared ops ---------------------------------------------------------------------------
def _who(ctx) -> int:
    return 1 - ctx["player"] if ctx["step"].get("who") == "enemy" else ctx["player"]


def _n(ctx) -> int:
    return int(ctx["step"].get("n", 1))


def _op_draw(ctl, s, ctx):
    ctl.fx_draw(s, _who(ctx), _n(ctx))


def _op_damage(ctl, s, ctx):
    t = ctx["target"]
    if ctx["step"].get("target", {}).get("player") if isinstance(ctx["step"].get("target"), dict) else False:
        ctl.fx_player_value(s, t, ctx["step"].get("value", "hp"), -_n(ctx), ctx)
    elif t is not None:
        ctl.fx_damage(s, t, _n(ctx), ctx)


def _op_heal(ctl, s, ctx):
    t = ctx["target"]
    if isinstance(ctx["step"].get("target"), dict) and ctx["step"]["target"].get("player"):
        ctl.fx_player_value(s, t, ctx["step"].get("value", "hp"), _n(ctx), ctx)
    elif t is not None:
        ctl.fx_heal(s, t, _n(ctx), ctx)


def _on_card(hook: str):
    def op(ctl, s, ctx):
        if ctx["target"] is not None and ctx["target"] in s.cards:
            getattr(ctl, hook)(s, ctx["target"], ctx)
    return op


def _op_tap(ctl, s, ctx):
    if ctx["target"] is not None:
        ctl.tap(s, ctx["target"])
        ctl.log(s, msg("{card}: {word}", card=ctl.card_ref(s, ctx["target"], "all"), word=ctl.rs.word("tapped")))


def _op_untap(ctl, s, ctx):
    if ctx["target"] is not None:
        ctl.untap(s, ctx["target"])
        ctl.log(s, msg("{card}: {word}", card=ctl.card_ref(s, ctx["target"], "all"), word=ctl.rs.word("untapped")))


def _op_modify(ctl, s, ctx):
    if ctx["target"] is None:
        return
    st = ctx["step"]
    ctl.add_mod(s, ctx["target"], st["stat"], _n(ctx), st.get("until", "end_of_turn"), ctx["source"])
    ctl.log(s, msg("{card}: {stat} {n:+d}", card=ctl.card_ref(s, ctx["target"], "all"),
                   stat=ctl.stat_word(s, ctx["target"], st["stat"]), n=_n(ctx)))


def _op_counter(ctl, s, ctx):
    if ctx["target"] is None:
        return
    c = s.cards[ctx["target"]]
    name = ctx["step"]["name"]
    c.counters[name] = max(0, c.counters.get(name, 0) + _n(ctx))
    if not c.counters[name]:
        del c.counters[name]
    ctl.log(s, msg("{card}: {name} {n:+d}", card=ctl.card_ref(s, ctx["target"], "all"),
                   name=ctl.counter_word(name), n=_n(ctx)))


def _op_gain(ctl, s, ctx):
    ctl.fx_player_value(s, _who(ctx), ctx["step"].get("value", "hp"), _n(ctx), ctx)


def _op_lose(ctl, s, ctx):
    ctl.fx_player_value(s, _who(ctx), ctx["step"].get("value", "hp"), -_n(ctx), ctx)


def _op_search(ctl, s, ctx):
    """Queue a choice among the matching deck cards (shown to the chooser), then shuffle the deck."""
    p = ctx["player"]
    st = ctx["step"]
    deck = f"{p}.{st.get('from', 'deck')}"
    # A hidden pile is shuffled after it was searched; a public one (a discard) keeps its order.
    shuffle = st.get("shuffle", ctl.rs.zones[deck.split(".", 1)[1]].visibility == "hidden")
    found = [u for u in s.zones[deck] if ctl.matches(s, u, st)]
    if not found:
        ctl.log(s, msg("P{n} searches and finds nothing", n=p + 1))
        if shuffle:
            ctl.shuffle(s, deck)
        return
    for u in found:
        ctl.reveal_to(s, u, p)
    s.data.setdefault(QUEUE, []).insert(0, {"source": ctx["source"], "player": p, "event": {},
                                            "step": {"do": "_take", "to": st.get("to", "hand"), "from": deck,
                                                     "shuffle": shuffle,
                                                     "target": {"side": "own", "zones": [deck.split('.', 1)[1]],
                                                                "where": st.get("where", {}),
                                                                **({"kind": st["kind"]} if st.get("kind") else {})},
                                                     "optional": True}})


def _op_take(ctl, s, ctx):
    st = ctx["step"]
    ctl.move(s, ctx["target"], f"{ctx['player']}.{st['to']}")
    n = ctx["player"] + 1
    ctl.log(s, msg("P{n} takes a card from the deck", n=n),
            {ctx["player"]: msg("P{n} takes {card} from the deck", n=n,
                                card=ctl.card_ref(s, ctx["target"], ctx["player"]))})
    if st.get("shuffle", True):
        ctl.shuffle(s, st["from"])


def _op_discard(ctl, s, ctx):
    p = _who(ctx)
    for _ in range(_n(ctx)):
        s.data.setdefault(QUEUE, []).insert(0, {"source": ctx["source"], "player": p, "event": {},
                                                "step": {"do": "put", "to": "discard",
                                                         "target": {"side": "own", "zones": ["hand"]}}})


def _op_mill(ctl, s, ctx):
    p = _who(ctx)
    pile = s.zones[f"{p}.deck"]
    for _ in range(min(_n(ctx), len(pile))):
        u = pile[-1]
        ctl.move(s, u, f"{p}.{ctx['step'].get('to', 'discard')}")
        ctl.log(s, msg("P{n} puts {card} from the deck into {zone}", n=p + 1, card=ctl.card_ref(s, u, "all"),
                       zone=ctl.zone_label(s.cards[u].zone)))


def _op_put(ctl, s, ctx):
    t = ctx["target"]
    if t is None:
        return
    owner = s.cards[t].owner
    ctl.move(s, t, f"{owner}.{ctx['step']['to']}")
    ctl.log(s, msg("{card} → {zone}", card=ctl.card_ref(s, t, "all"), zone=ctl.zone_label(s.cards[t].zone)))


def _op_manual(ctl, s, ctx):
    text = ctx["step"].get("text") or msg("see the card text")   # the card's own words, as printed
    ctl.log(s, msg("{card}: resolve by hand — {text}", card=ctl.card_ref(s, ctx["source"], "all"), text=text),
            kind="manual_effect")


OPS.update({
    "draw": Op(_op_draw),
    "damage": Op(_op_damage, "card"),
    "heal": Op(_op_heal, "card"),
    "destroy": Op(_on_card("fx_destroy"), "card"),
    "exile": Op(_on_card("fx_exile"), "card"),
    "bounce": Op(_on_card("fx_bounce"), "card"),
    "tap": Op(_op_tap, "card"),
    "untap": Op(_op_untap, "card"),
    "modify": Op(_op_modify, "card"),
    "counter": Op(_op_counter, "card"),
    "gain_hp": Op(_op_gain),
    "lose_hp": Op(_op_lose),
    "search": Op(_op_search),
    "_take": Op(_op_take, "card"),
    "discard": Op(_op_discard),
    "mill": Op(_op_mill),
    "put": Op(_op_put, "card"),
    "manual": Op(_op_manual),
})
