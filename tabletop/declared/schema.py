"""The `rules:` declaration of a declared game: its vocabulary, and the loader that checks it.

A declaration sits under `rules:` in `ruleset.yaml`, or alone in a `rules.yaml` beside it (the file's
top level is then the declaration itself, or a mapping with the one key `rules`). docs/rulesets.md
("Declare your game in 30 minutes") is the tutorial; this module is the reference:

    rules:
      goal:       {en: ..., ja: ...}                                       # the briefing's first line
      counters:   {NAME: {label, label_en, start: N, min: N, max: N}}      # player numbers (life, energy)
      stats:      {attack: FIELD, health: FIELD}                           # card fields combat reads
      combat:     {strike_back: true, destroyed_to: discard, damage: end_of_turn | keep}
      setup:      [STEP, ...]                                              # once, before turn 1
      turn:       [{phase: PHASE, id, steps: [STEP, ...], actions: [ACTION, ...]}, ...]
      actions:    {ACTION: {do: play|attack|activate|move|discard|draw, id, verb: {en, ja}, cost,
                             once_per_turn, first_turn, ...}}
      win:        [{when: counter_zero|breached|deck_out|count|reach|turn_limit, id, ...}, ...]

Every step, phase, action and win condition is a rule with an id (`id: R3`; unset ones are numbered
R1, R2... in the order they are written, skipping ids the designer took). Refusals and log lines
name it, as the five games name theirs. Every problem is `path:line: what is wrong`, with the known
names listed.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tabletop.engine.errors import DataError, DataErrors
from tabletop.engine.msg import Term, msg
from tabletop.engine.yamlio import YList, YMap, load_yaml

STEP_DOS = ("shuffle", "draw", "place", "first_player", "untap", "gain", "set", "clear_damage", "hand_limit")
ACTION_DOS = ("play", "attack", "activate", "move", "discard", "draw")
TABLE_KINDS = ("end_phase", "block", "no_block", "choose_target", "skip_effect", "discard_down")   # not names
WIN_WHENS = ("counter_zero", "breached", "deck_out", "count", "reach", "turn_limit")
# The keys each kind of rule takes (besides id, text, do/when): unknown keys are errors.
_STEP_KEYS = {
    "shuffle": {"zone"}, "draw": {"n", "zone", "to", "skip_first_turn"},
    "place": {"n", "zone", "to", "face_up"}, "first_player": {"by"}, "untap": {"zones"},
    "gain": {"counter", "n", "max"}, "set": {"counter", "n", "from"}, "clear_damage": {"zones"},
    "hand_limit": {"n", "zone", "to"},
}
_COMMON_ACTION = {"once_per_turn", "first_turn", "cost", "verb"}
_ACTION_KEYS = {
    "play": {"kinds", "from", "to", "face_up", "effects"},
    "attack": {"from", "targets", "player", "facing", "guarded", "tap", "sickness", "block", "hit"},
    "activate": {"from", "tap", "sickness", "kinds"},
    "move": {"from", "to", "tap", "sickness"},
    "discard": {"from", "to", "gain", "kinds"},
    "draw": {"n", "zone", "to"},
}
_WIN_KEYS = {"counter_zero": {"counter"}, "breached": {"zone"}, "deck_out": {"zone"},
             "count": {"zone", "n"}, "reach": {"counter", "n"}, "turn_limit": {"n", "counter"}}
_TOP = ("counters", "stats", "combat", "setup", "turn", "actions", "win", "goal")


@dataclass
class Rule:
    """One declared rule: its id, its kind (`do` or `when`), its settings, its words and where it is."""
    id: str
    kind: str
    args: dict
    line: int
    text: Term | None = None      # the designer's own wording of the rule, if given
    name: str = ""                # an action's name (its action kind); a phase's id

    def get(self, key, default=None):
        return self.args.get(key, default)


@dataclass
class Phase:
    id: str
    rule: Rule
    steps: list
    actions: list


@dataclass
class Declaration:
    """A checked declaration: every name resolved, every rule with its id."""
    path: str
    counters: dict                 # name -> {"term": Term, "start", "min", "max"}
    attack: str | None
    health: str | None
    strike_back: bool
    destroyed_to: str
    damage: str                    # end_of_turn | keep
    setup: list                    # Rules
    phases: list                   # Phases
    actions: dict                  # name -> Rule
    win: list                      # Rules
    goal: Term | None = None
    rules: list = field(default_factory=list)     # every rule in order (the rules page)

    def rule_ids(self) -> list[str]:
        return [r.id for r in self.rules]


def _term(node, where, errors, path, line):
    """Return a Term from {en, ja} (both required), or None when the node is missing."""
    if node is None:
        return None
    if not isinstance(node, dict) or not isinstance(node.get("en"), str) or not isinstance(node.get("ja"), str):
        errors.append(DataError(path, line, msg("{where}: give the words in both languages as {{en: ..., ja: ...}}",
                                                where=where)))
        return None
    return Term(node["en"], node["ja"])


def declaration_source(rs) -> tuple[Path, object] | None:
    """Return (file, raw `rules` mapping) of a ruleset's declaration, or None when it declares none."""
    folder = Path(rs.path)
    beside = folder / "rules.yaml"
    main = folder / "ruleset.yaml"
    if beside.exists() and main.exists():
        raw = load_yaml(main)
        if isinstance(raw, dict) and "rules" in raw:
            raise DataError(main, raw.line_of("rules") if isinstance(raw, YMap) else 1,
                            msg("rules: declared twice, here and in {other}; keep one", other=str(beside)))
    if beside.exists():
        raw = load_yaml(beside)
        if isinstance(raw, dict) and set(raw) == {"rules"}:
            raw = raw["rules"]
        return beside, raw
    if main.exists():
        raw = load_yaml(main)
        if isinstance(raw, dict) and "rules" in raw:
            return main, raw["rules"]
    return None


def load_declaration(rs) -> Declaration:
    """Read and check the declaration of ruleset `rs`; raise every problem as `path:line: what is wrong`."""
    src = declaration_source(rs)
    if src is None:
        raise DataError(Path(rs.path) / "ruleset.yaml", 1,
                        msg("the declared controller needs a `rules:` declaration (in ruleset.yaml or a rules.yaml beside it)"))
    path, raw = src
    return check_declaration(raw, rs, str(path))


def _line(node, key, default):
    return node.line_of(key) if isinstance(node, (YMap, YList)) else default


def _known(names) -> str:
    return ", ".join(str(n) for n in names) or "none"


def check_declaration(raw, rs, path: str) -> Declaration:
    """Check a raw declaration against ruleset `rs` (its zones, phases, card kinds and fields)."""
    errors: list[DataError] = []

    def err(line, text):
        errors.append(DataError(path, line, text))

    top_line = getattr(raw, "line", 1) or 1
    if not isinstance(raw, dict):
        raise DataError(path, top_line, msg("rules: expected a mapping (known keys: {known})", known=_known(_TOP)))
    for k in raw:
        if k not in _TOP:
            err(_line(raw, k, top_line), msg("rules.{key}: unknown key (known keys: {known})", key=k, known=_known(_TOP)))
    zones = rs.zones
    phases_known = [p["id"] for p in rs.phases]
    fields = sorted({f for spec in rs.card_kinds.values() for f in (spec.get("fields") or {})})
    kinds = list(rs.card_kinds)

    def zone_ok(name, where, line):
        if name not in zones:
            err(line, msg("{where}: unknown zone {zone!r} (known: {known})", where=where, zone=name, known=_known(zones)))
            return False
        if zones[name].shared:
            err(line, msg("{where}: zone {zone!r} is shared; declared rules use each player's own zones",
                          where=where, zone=name))
            return False
        return True

    def zone_list(v, where, line):
        names = [v] if isinstance(v, str) else list(v) if isinstance(v, list) else None
        if names is None:
            err(line, msg("{where}: expected a zone name or a list of zone names", where=where))
            return []
        return [z for z in names if zone_ok(z, where, line)]

    # counters
    counters = {}
    node = raw.get("counters") or {}
    if not isinstance(node, dict):
        err(_line(raw, "counters", top_line), msg("rules.counters: expected a mapping of counter names"))
        node = {}
    for name, spec in node.items():
        line = _line(node, name, top_line)
        if not isinstance(spec, dict):
            err(line, msg("rules.counters.{name}: expected a mapping (label, label_en, start, min, max)", name=name))
            continue
        for k in spec:
            if k not in ("label", "label_en", "start", "min", "max"):
                err(_line(spec, k, line), msg("rules.counters.{name}.{key}: unknown key (known keys: {known})", name=name,
                                              key=k, known="label, label_en, start, min, max"))
        if not spec.get("label") or not spec.get("label_en"):
            err(line, msg("rules.counters.{name}: give the word in both languages (label: Japanese, label_en: English)",
                          name=name))
        for k in ("start", "min", "max"):
            if k in spec and (not isinstance(spec[k], int) or isinstance(spec[k], bool)):
                err(_line(spec, k, line), msg("rules.counters.{name}.{key}: expected a whole number", name=name, key=k))
        counters[name] = {"term": Term(str(spec.get("label_en") or name), str(spec.get("label") or name)),
                          "start": spec.get("start", 0) if isinstance(spec.get("start", 0), int) else 0,
                          "min": spec.get("min"), "max": spec.get("max")}

    def counter_ok(name, where, line):
        if name not in counters:
            err(line, msg("{where}: unknown counter {counter!r} (known: {known})", where=where, counter=name,
                          known=_known(counters)))
            return False
        return True

    def field_ok(name, where, line):
        if name not in fields:
            err(line, msg("{where}: unknown card field {field!r} (known: {known})", where=where, field=name,
                          known=_known(fields)))
            return False
        return True

    # stats and combat
    stats = raw.get("stats") or {}
    sline = _line(raw, "stats", top_line)
    if not isinstance(stats, dict):
        err(sline, msg("rules.stats: expected a mapping (attack: FIELD, health: FIELD)"))
        stats = {}
    for k, v in stats.items():
        if k not in ("attack", "health"):
            err(_line(stats, k, sline), msg("rules.stats.{key}: unknown stat role (known: attack, health)", key=k))
        else:
            field_ok(v, f"rules.stats.{k}", _line(stats, k, sline))
    combat = raw.get("combat") or {}
    cline = _line(raw, "combat", top_line)
    for k in combat:
        if k not in ("strike_back", "destroyed_to", "damage"):
            err(_line(combat, k, cline), msg("rules.combat.{key}: unknown key (known keys: {known})", key=k,
                                             known="strike_back, destroyed_to, damage"))
    destroyed_to = combat.get("destroyed_to", "discard")
    if "destroyed_to" in combat or stats:
        zone_ok(destroyed_to, "rules.combat.destroyed_to", _line(combat, "destroyed_to", cline))
    damage = combat.get("damage", "end_of_turn")
    if damage not in ("end_of_turn", "keep"):
        err(_line(combat, "damage", cline), msg("rules.combat.damage: {value!r} is not one of: end_of_turn, keep",
                                                value=damage))

    rules: list[Rule] = []
    taken = set()

    def rule_of(node, line, kind, keys, where, name=""):
        if not isinstance(node, dict):
            err(line, msg("{where}: expected a mapping", where=where))
            return None
        rid = node.get("id")
        if rid is not None:
            rid = str(rid)
            if rid in taken:
                err(_line(node, "id", line), msg("{where}: the rule id {id!r} is used twice", where=where, id=rid))
            taken.add(rid)
        allowed = set(keys) | {"id", "text", "do", "when", "phase", "steps", "actions"}
        for k in node:
            if k not in allowed:
                err(_line(node, k, line), msg("{where}.{key}: unknown key (known keys: {known})", where=where, key=k,
                                              known=_known(sorted(keys | {"id", "text"}))))
        text = _term(node.get("text"), f"{where}.text", errors, path, _line(node, "text", line))
        r = Rule(rid or "", kind, {k: v for k, v in node.items() if k not in ("id", "text")}, line, text, name)
        rules.append(r)
        return r

    def n_ok(r, where, key="n", default=1):
        v = r.args.get(key, default)
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            err(_line(r.args, key, r.line), msg("{where}.{key}: expected a whole number of 0 or more", where=where, key=key))
            r.args[key] = default
        else:
            r.args[key] = v

    def step(node, where, line):
        do = node.get("do") if isinstance(node, dict) else None
        if do not in STEP_DOS:
            err(line, msg("{where}: unknown step {do!r} (known: {known})", where=where, do=do, known=_known(STEP_DOS)))
            return None
        r = rule_of(node, line, do, _STEP_KEYS[do], where)
        if r is None:
            return None
        if do in ("shuffle", "draw", "place", "hand_limit"):
            r.args.setdefault("zone", "deck" if do != "hand_limit" else "hand")
            zone_ok(r.args["zone"], f"{where}.zone", line)
        if do in ("draw", "place", "hand_limit"):
            n_ok(r, where, default=1 if do != "hand_limit" else 7)
            r.args.setdefault("to", {"draw": "hand", "hand_limit": "discard"}.get(do))
            if r.args["to"] is None:
                err(line, msg("{where}: `to:` names the zone the cards go to", where=where))
            else:
                zone_ok(r.args["to"], f"{where}.to", line)
        if do == "first_player" and r.args.setdefault("by", "coin") != "coin":
            err(line, msg("{where}.by: {value!r} is not one of: coin", where=where, value=r.args["by"]))
        if do in ("untap", "clear_damage"):
            r.args["zones"] = zone_list(r.args.get("zones", []), f"{where}.zones", line)
        if do in ("gain", "set"):
            counter_ok(r.args.get("counter"), f"{where}.counter", line)
            if do == "set" and "from" in r.args:
                counter_ok(r.args["from"], f"{where}.from", line)
            else:
                n_ok(r, where)
            if "max" in r.args:
                n_ok(r, where, "max")
        return r

    def steps(node, where, line):
        if node is None:
            return []
        if not isinstance(node, list):
            err(line, msg("{where}: expected a list of steps", where=where))
            return []
        out = []
        for i, item in enumerate(node):
            r = step(item, f"{where}[{i}]", _line(node, i, line))
            if r is not None:
                out.append(r)
        return out

    setup = steps(raw.get("setup"), "rules.setup", _line(raw, "setup", top_line))

    # actions (before the turn, which names them)
    actions: dict[str, Rule] = {}
    anode = raw.get("actions") or {}
    aline = _line(raw, "actions", top_line)
    if not isinstance(anode, dict):
        err(aline, msg("rules.actions: expected a mapping of action names"))
        anode = {}
    for name, node in anode.items():
        line = _line(anode, name, aline)
        where = f"rules.actions.{name}"
        do = (node.get("do") if isinstance(node, dict) else None) or (name if name in ACTION_DOS else None)
        if do not in ACTION_DOS:
            err(line, msg("{where}: unknown action {do!r} (known: {known})", where=where, do=do, known=_known(ACTION_DOS)))
            continue
        if not str(name).isidentifier() or name in TABLE_KINDS:
            err(line, msg("{where}: an action's name is a plain word, not one of the table's own (end_phase, block, "
                          "no_block, choose_target, skip_effect, discard_down)", where=where))
            continue
        r = rule_of(node, line, do, _ACTION_KEYS[do] | _COMMON_ACTION, where, name)
        if r is None:
            continue
        a = r.args
        if do in ("play", "activate", "move", "discard"):
            a["from"] = zone_list(a.get("from", "hand" if do in ("play", "discard") else []), f"{where}.from", line)
            if not a["from"]:
                err(line, msg("{where}: `from:` names the zones the card is taken from", where=where))
        if do in ("play", "move"):
            a["to"] = zone_list(a.get("to", []), f"{where}.to", line)
            if not a["to"]:
                err(line, msg("{where}: `to:` names the zones the card may go to", where=where))
        if do == "discard":
            a["to"] = a.get("to", "discard")
            zone_ok(a["to"], f"{where}.to", line)
            gain = a.get("gain")
            if gain is not None:
                if not isinstance(gain, dict) or not counter_ok(gain.get("counter"), f"{where}.gain.counter", line):
                    a["gain"] = None
        if do == "draw":
            n_ok(r, where)
            a.setdefault("zone", "deck")
            a.setdefault("to", "hand")
            zone_ok(a["zone"], f"{where}.zone", line)
            zone_ok(a["to"], f"{where}.to", line)
        if "kinds" in a:
            ks = [a["kinds"]] if isinstance(a["kinds"], str) else a["kinds"]
            for k in ks if isinstance(ks, list) else []:
                if k not in kinds:
                    err(line, msg("{where}.kinds: unknown card kind {kind!r} (known: {known})", where=where, kind=k,
                                  known=_known(kinds)))
            a["kinds"] = list(ks) if isinstance(ks, list) else []
        if do == "attack":
            a["from"] = zone_list(a.get("from", []), f"{where}.from", line)
            a["targets"] = zone_list(a.get("targets", []), f"{where}.targets", line)
            if not a["from"]:
                err(line, msg("{where}: `from:` names the zones attackers stand in", where=where))
            a.setdefault("player", True)
            a.setdefault("tap", True)
            a.setdefault("sickness", True)
            if not stats.get("attack"):
                err(line, msg("{where}: an attack needs `rules.stats.attack` (the card field that deals damage)",
                              where=where))
            if a["targets"] and not stats.get("health"):
                err(line, msg("{where}: attacking cards needs `rules.stats.health` (the card field damage is "
                              "counted against)", where=where))
            hit = a.get("hit")
            if a["player"]:
                if not isinstance(hit, dict) or not (("counter" in hit) ^ ("zone" in hit)):
                    err(line, msg("{where}.hit: an attack on the player hits a counter ({{counter: NAME}}) or breaks "
                                  "cards of a zone ({{zone: NAME, to: ZONE}})", where=where))
                    a["hit"] = None
                elif "counter" in hit:
                    counter_ok(hit["counter"], f"{where}.hit.counter", line)
                else:
                    zone_ok(hit["zone"], f"{where}.hit.zone", line)
                    hit.setdefault("to", "discard")
                    zone_ok(hit["to"], f"{where}.hit.to", line)
            if a.get("block"):
                b = a["block"]
                a["block"] = zone_list(b.get("zones", []) if isinstance(b, dict) else a["targets"],
                                       f"{where}.block", line)
        if do == "activate":
            a.setdefault("tap", True)
            a.setdefault("sickness", False)
        if do == "move":
            a.setdefault("tap", True)
            a.setdefault("sickness", False)
        cost = a.get("cost")
        if cost is not None:
            if not isinstance(cost, dict) or ("counter" in cost) == ("tap" in cost):
                err(_line(a, "cost", line), msg("{where}.cost: pay with a counter ({{counter: NAME, field: F | n: N}}) "
                                                "or by tapping cards ({{tap: ZONE, field: F | n: N, color: true}})",
                                                where=where))
                a["cost"] = None
            else:
                if "counter" in cost:
                    counter_ok(cost["counter"], f"{where}.cost.counter", line)
                else:
                    zone_ok(cost["tap"], f"{where}.cost.tap", line)
                if "field" in cost:
                    field_ok(cost["field"], f"{where}.cost.field", line)
                elif not isinstance(cost.get("n"), int):
                    err(_line(a, "cost", line), msg("{where}.cost: give the amount, `field: F` (the card's) or `n: N`",
                                                    where=where))
        verb = a.get("verb")
        a["verb"] = _term(verb, f"{where}.verb", errors, path, line) if verb is not None else None
        actions[name] = r

    # the turn
    phases = []
    before = len(errors)
    tnode = raw.get("turn")
    tline = _line(raw, "turn", top_line)
    if not isinstance(tnode, list) or not tnode:
        err(tline, msg("rules.turn: expected a list of phases ({{phase: ID, steps: [...], actions: [...]}})"))
        tnode = []
    for i, node in enumerate(tnode):
        line = _line(tnode, i, tline)
        where = f"rules.turn[{i}]"
        pid = node.get("phase") if isinstance(node, dict) else None
        if pid not in phases_known:
            err(line, msg("{where}: unknown phase {phase!r} (known: {known}; phases are listed in ruleset.yaml `phases`)",
                          where=where, phase=pid, known=_known(phases_known)))
            continue
        r = rule_of(node, line, "phase", set(), where, pid)
        if r is None:
            continue
        ph_steps = steps(node.get("steps"), f"{where}.steps", _line(node, "steps", line))
        acts = node.get("actions") or []
        if not isinstance(acts, list):
            err(line, msg("{where}.actions: expected a list of action names", where=where))
            acts = []
        for a in acts:
            if a not in actions:
                err(_line(node, "actions", line), msg("{where}.actions: unknown action {action!r} (known: {known})",
                                                      where=where, action=a, known=_known(actions)))
        phases.append(Phase(pid, r, ph_steps, [a for a in acts if a in actions]))
    if phases and not any(p.actions for p in phases) and len(errors) == before:   # not when a phase was refused
        err(tline, msg("rules.turn: no phase allows an action; give a phase `actions:` (the players' choices)"))

    # win and lose
    win = []
    wnode = raw.get("win") or []
    wline = _line(raw, "win", top_line)
    if not isinstance(wnode, list):
        err(wline, msg("rules.win: expected a list of conditions"))
        wnode = []
    for i, node in enumerate(wnode):
        line = _line(wnode, i, wline)
        where = f"rules.win[{i}]"
        when = node.get("when") if isinstance(node, dict) else None
        if when not in WIN_WHENS:
            err(line, msg("{where}: unknown condition {when!r} (known: {known})", where=where, when=when,
                          known=_known(WIN_WHENS)))
            continue
        r = rule_of(node, line, when, _WIN_KEYS[when], where)
        if r is None:
            continue
        if when in ("counter_zero", "reach") or (when == "turn_limit" and "counter" in r.args):
            counter_ok(r.args.get("counter"), f"{where}.counter", line)
        if when in ("breached", "count"):
            zone_ok(r.args.get("zone"), f"{where}.zone", line)
        if when == "deck_out":
            r.args.setdefault("zone", "deck")
            zone_ok(r.args["zone"], f"{where}.zone", line)
        if when in ("count", "reach", "turn_limit"):
            n_ok(r, where)
        win.append(r)

    goal = _term(raw.get("goal"), "rules.goal", errors, path, _line(raw, "goal", top_line))
    if errors:
        raise DataErrors(errors) if len(errors) > 1 else errors[0]
    # Number the rules the designer left without an id, in the order they are written.
    n = 0
    for r in sorted(rules, key=lambda r: r.line):
        if not r.id:
            n += 1
            while f"R{n}" in taken:
                n += 1
            r.id = f"R{n}"
    rules.sort(key=lambda r: r.line)
    return Declaration(path=path, counters=counters, attack=stats.get("attack"), health=stats.get("health"),
                       strike_back=bool(combat.get("strike_back", True)), destroyed_to=destroyed_to, damage=damage,
                       setup=setup, phases=phases, actions=actions, win=win, goal=goal, rules=rules)


def declaration_problems(rs) -> list[DataError]:
    """Return the declaration's problems (empty when it loads), for the ruleset loader."""
    try:
        rs.declared = load_declaration(rs)
    except DataErrors as e:
        return list(e.errors)
    except DataError as e:
        return [e]
    return []


def declared(rs) -> Declaration:
    """Return the ruleset's checked declaration (read once per loaded ruleset)."""
    d = getattr(rs, "declared", None)
    if d is None:
        d = rs.declared = load_declaration(rs)
    return d
