"""The controller of fourdeck (四つの山札), the four-deck game of the sWIKI rules page.

There is no hand. Each player has four face-down decks: Level 1, 2 and 3 (with HP 6/10/14) and
a spell deck. A deck at 0 HP puts its top card onto its owner's field and its HP is restored.
Players hurt their own decks (damage phase) to bring units out and attack the opponent's decks
to push the opponent's units out; a field whose total cost reaches 8 rebels (loses), an empty
one (cost 0) is ruined (loses). Rule ids FD-Rn and decisions FD-Dn: docs/rules/fourdeck.md.

Deck HP lives in `s.players[p]["hp_lv1" | "hp_lv2" | "hp_lv3"]`; the partner unit carries the
card flag `partner`; the right to declare exhaustion victory is `s.data["claim"]`.

The class is a composition of one mixin per rule section (they call each other through `self`):
  rules.py  — the HP decks, keywords, triggers (shared words, no class)
  setup.py  — FourDeckSetup: deck rules, janken and the order, the partner unit, a turn's start (FD-R2..R9)
  turn.py   — FourDeckTurn: the candidates, the damage phase and the battle phase (FD-R10..R15)
  field.py  — FourDeckField: deck damage, entering and leaving the field, exhaustion, the loss checks
              (FD-R3, FD-R16..R19)
  ops.py    — FourDeckEffects: the effect hooks and fourdeck's ops, `OPS` (FD-R20, FD-R21)
  words.py  — FourDeckWords: panels, zone texts, badges, action descriptions, drags
"""
from __future__ import annotations

from tabletop.engine import Action, Controller, register
from tabletop.engine.effects import EffectsMixin, with_ops
from tabletop.engine.state import copy_json
from tabletop.games.fourdeck.field import FourDeckField
from tabletop.games.fourdeck.ops import OPS, FourDeckEffects
from tabletop.games.fourdeck.rules import LEVELS
from tabletop.games.fourdeck.setup import FourDeckSetup
from tabletop.games.fourdeck.turn import FourDeckTurn
from tabletop.games.fourdeck.words import FourDeckWords


@register
class FourDeck(FourDeckSetup, FourDeckTurn, FourDeckField, FourDeckEffects, FourDeckWords, EffectsMixin, Controller):
    """The fourdeck controller: the rule sections' mixins (see the module docstring) over the effects
    mixin and the engine's Controller."""
    id = "fourdeck"
    LIVE_STATS = ("ap",)
    EFFECT_ZONES = ("field",)
    EFFECT_OPS = with_ops(EffectsMixin.EFFECT_OPS, OPS)

    @classmethod
    def bot_hints(cls):
        """The bots' knowledge of this game (bot.py), imported when a bot first asks."""
        from tabletop.games.fourdeck.bot import HINTS
        return HINTS

    def __init__(self, ruleset):
        super().__init__(ruleset)
        p = self.params
        self.max_hp = {d: int(p["deck_hp"][d]) for d in LEVELS}
        self.max_self = int(p.get("max_self_damage", 3))
        self.rebellion = int(p.get("rebellion_cost", 8))
        self.exhaustion = int(p.get("exhaustion_cards", 16))
        # Actions are immutable values: build the fixed ones once, the per-card ones on first use.
        self._damage_cands = [[Action.make("damage", p, target_zone=f"{p}.{d}", amount=n)
                               for d in LEVELS for n in range(self.max_self + 1)] + [Action.make("end_phase", p)]
                              for p in (0, 1)]
        self._end_turn = [Action.make("end_turn", p) for p in (0, 1)]
        self._acts: dict = {}
        self._decks = [frozenset(f"{p}.{d}" for d in LEVELS) for p in (0, 1)]   # each player's HP decks
        self._amounts = frozenset(range(self.max_self + 1))
        self._stats = {cid: {k: v for k, v in d.stats.items() if isinstance(v, int)} for cid, d in ruleset.cards.items()}
        # Effect steps by card and trigger, built once (actions() asks "can this activate?" often).
        self.steps: dict[str, dict[str, list]] = {}
        for cid, d in ruleset.cards.items():
            by = {}
            for e in d.effects:
                by.setdefault(e.get("on"), []).append(copy_json(dict(e)))
            self.steps[cid] = by
