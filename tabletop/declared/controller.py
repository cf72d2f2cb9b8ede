"""The declared controller: one controller for every game whose rules are declared in YAML (`rules:`).

It reads the ruleset's declaration (schema.py) once and enforces it: setup steps, the turn's phases
with their automatic steps, the actions each phase allows (play, attack, activate, move, discard,
draw, and `end_phase`), costs paid with a counter or by tapping cards, combat by two card stats, limits
(once per turn, summoning sickness, zone capacity, hand size) and the win conditions. Cards' effects
use the shared vocabulary (engine/effects.py); it fires `play`, `enter`, `attack`, `destroyed`,
`activate`, `start_of_turn` and `end_of_turn`.

Refusals name the declared rule they enforce by its id, as the five games' rule ids are shown.
Pending choices: `block` (the defender blocks with a card or `no_block`), `discard_down` (the hand
limit), and the effects' `effect_target`.

The class is a composition of mixins, one module per section (they call each other through `self`,
never by import):
- common.py: the shared state keys and card flags, and `_rule` / `_said` (a refusal naming its rule);
- board.py `DeclaredBoard`: small queries, moving and destroying cards, changing counters;
- turn.py `DeclaredTurn`: setup and the turn (the phases' automatic steps, the next phase);
- win.py `DeclaredWin`: the win conditions;
- actions.py `DeclaredActions`: the candidate actions and their checks;
- costs.py `DeclaredCosts`: the limits (once per turn, first turn, zone capacity) and paying costs;
- doing.py `DeclaredDoing`: doing play, activate, move, discard, draw, end_phase and discard_down;
- combat.py `DeclaredCombat`: attacks, blocks and damage;
- words.py `DeclaredWords`: drags, verbs, describe and the public view.
The declaration itself is read by schema.py (its vocabulary in vocabulary.py).
"""
from __future__ import annotations

from tabletop.engine import Controller, register
from tabletop.engine.controller import player_name
from tabletop.engine.effects import EffectsMixin
from tabletop.engine.msg import Term

from .actions import DeclaredActions
from .board import DeclaredBoard
from .combat import DeclaredCombat
from .costs import DeclaredCosts
from .doing import DeclaredDoing
from .schema import declaration_problems, declared
from .turn import DeclaredTurn
from .win import DeclaredWin
from .words import DeclaredWords


@register
class Declared(DeclaredBoard, DeclaredTurn, DeclaredWin, DeclaredActions, DeclaredCosts, DeclaredDoing,
               DeclaredCombat, DeclaredWords, EffectsMixin, Controller):
    id = "declared"

    # --- the ruleset loader asks these ------------------------------------------------------------
    @classmethod
    def check_ruleset(cls, rs) -> list:
        """Return the declaration's problems as DataErrors (`path:line: what is wrong`)."""
        return declaration_problems(rs)

    @classmethod
    def ruleset_warnings(cls, rs) -> list[str]:
        """Return warnings for `tabletop validate` (a game that can never end)."""
        from .analysis import warnings
        return warnings(rs)

    @classmethod
    def guide_data(cls, rs) -> dict:
        """Return the guide (verbs, briefing) generated from the declaration."""
        from .text import guide_data
        return guide_data(rs)

    @classmethod
    def rules_page(cls, rs, lang: str = "en") -> str:
        """Return the player rules page in markdown, generated from the declaration."""
        from .text import rules_markdown
        return rules_markdown(rs, lang)

    @classmethod
    def bot_hints(cls):
        """The bots' knowledge of a declared game: the generic evaluation from its declared stats,
        counters and win conditions (evaluate.py), imported when a bot first asks."""
        from tabletop.engine.hints import BotHints
        from .evaluate import evaluate_position
        return BotHints(evaluate=evaluate_position)

    def __init__(self, ruleset):
        super().__init__(ruleset)
        d = self.d = declared(ruleset)
        self.phase_ids = [p.id for p in d.phases]
        self.phase_of = {p.id: p for p in d.phases}
        creature = []
        for a in d.actions.values():
            if a.kind == "attack":
                creature += a.args["from"] + a.args["targets"] + (a.args.get("block") or [])
        if not creature:
            creature = [z for a in d.actions.values() if a.kind == "play" for z in a.args["to"]
                        if ruleset.zones[z].kind in ("row", "slot")]
        self.creature_zones = tuple(dict.fromkeys(creature))
        self.EFFECT_ZONES = self.creature_zones
        self.board_zones = tuple(dict.fromkeys(
            list(self.creature_zones) + [z for a in d.actions.values() if a.kind in ("play", "move")
                                         for z in a.args["to"] if ruleset.zones[z].kind in ("row", "slot")]))
        self.LIVE_STATS = tuple(x for x in (d.attack, d.health) if x)
        # `facing`: the opposing zone across the table. The opponent's side is the same layout turned
        # half a turn (x' = 1 - x - w), so a zone faces the opposing target zone whose centre lies
        # straight across: your left lane faces their right lane.
        self.facing = {}
        for name, r in d.actions.items():
            if r.kind == "attack" and r.args.get("facing") and r.args["targets"]:
                for z in r.args["from"]:
                    zx, _, zw, _ = ruleset.zones[z].rect
                    self.facing[(name, z)] = min(
                        r.args["targets"], key=lambda t: abs((zx + zw / 2) - (1 - ruleset.zones[t].rect[0]
                                                                               - ruleset.zones[t].rect[2] / 2)))
        # Whether a `play` fires the card's effects: where it enters play (a zone cards attack from or
        # to) or resolves (a pile, as a spell into the discard), unless the action says `effects:`.
        self.play_fires = {name: r.args.get("effects", any(z in self.creature_zones or ruleset.zones[z].kind == "pile"
                                                                for z in r.args["to"]))
                           for name, r in d.actions.items() if r.kind == "play"}
        self.win_of = {}
        for w in d.win:
            self.win_of.setdefault(w.kind, []).append(w)


# `Term` is re-exported for the text module's callers.
__all__ = ["Declared", "Term", "player_name"]
