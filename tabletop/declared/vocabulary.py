"""The declaration's vocabulary: the steps, actions and win conditions a `rules:` declaration may
name, the keys each kind takes, and the checked declaration (`Rule`, `Phase`, `Declaration`).
schema.py documents the words and checks them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from tabletop.engine.msg import Term

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
