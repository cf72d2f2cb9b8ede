"""The danmaku controller: a Touhou-style danmaku card game (rules: docs/rules/danmaku.md).

Power is physical: Power cards lie attached under a character or familiar and are counted as P.
Current HP, a spell card's durability and the time limits are public counters (`hp`, `time`).
Lasting card text (supports, spell cards) is data: `{on: static, do: aura, ...}` steps that
`stat` folds into a card's values while their source is on the field. Hit checks flip coins with
the game's generator (`coin`), which logs them for the table to animate.

The class is a composition of mixins, one module per rule section, that call each other through
`self`: `setup.py` (deck rules and the start of a game: DM-R7, R14..R17), `table.py` (reading the
table, moving cards: P, values, auras, deck-out), `candidates.py` (the candidates and the checks'
shared gates), `main.py` (the main phase: DM-R1..R9, R18, R30), `attack.py` (the danmaku phase:
DM-R19, R21..R28), `turn.py` (turn passing, state-based rules and wins: DM-R11..R13, R17, R20),
`effects.py` (the effect engine's hooks), `words.py` (what the table shows and says). The constants
they share are in `rules.py`, the game's effect ops in `ops.py` (added to the shared ones in `EFFECT_OPS`).
"""
from __future__ import annotations

from tabletop.engine import Controller, register
from tabletop.engine.effects import EffectsMixin, with_ops

from . import ops
from .attack import DanmakuAttack
from .candidates import DanmakuCandidates
from .effects import DanmakuEffects
from .main import DanmakuMain
from .rules import FIELD
from .setup import DanmakuSetup
from .table import DanmakuTable
from .turn import DanmakuTurn
from .words import DanmakuWords


@register
class Danmaku(DanmakuSetup, DanmakuTable, DanmakuCandidates, DanmakuMain, DanmakuAttack, DanmakuTurn,
              DanmakuEffects, DanmakuWords, EffectsMixin, Controller):
    id = "danmaku"
    LIVE_STATS = ("shot", "hit", "spell", "def", "eva")
    # Kinds whose candidates `actions` lists only where their check passes (the candidate loops ask
    # the checks' questions: the phase and turn, the card in hand and its kind, the own field's
    # targets, this turn's Power/Score used, a Score that heals characters only, a familiar's P on
    # the main character, a spell card's slot, graveyard and needs, an ability's P, costs and
    # something for its text (or a support's) to act on, the defender's options, the one attack the
    # phase allows): `legal` takes them as listed.
    exact = frozenset({"end_phase", "attack", "defend", "discard", "power", "score", "bomb", "summon", "declare",
                       "ability", "support"})
    EFFECT_ZONES = FIELD
    EFFECT_OPS = with_ops(EffectsMixin.EFFECT_OPS, ops.OPS)

    @classmethod
    def bot_hints(cls):
        """The bots' knowledge of this game (bot.py), imported when a bot first asks."""
        from tabletop.games.danmaku.bot import HINTS
        return HINTS

    def __init__(self, ruleset):
        super().__init__(ruleset)
        # The lasting (static) steps of each card, read on every stat lookup: found once here.
        self.statics = {cid: tuple(e for e in d.effects if e.get("on") == "static")
                        for cid, d in ruleset.cards.items()}
        # The P a point card gives while attached (other attached cards give none): see `power`.
        self.point_power = {cid: d.get("power") or 0 for cid, d in ruleset.cards.items() if d.kind == "point"}
        self.abilities = {cid for cid, d in ruleset.cards.items()
                          if any(e.get("on") == "activate" for e in d.effects)}
        # What `_main_actions` reads of a card in hand, by card id: (kind, point type, heals characters,
        # P needed, spell name (family, level), 霊 needed); and of a card with an ability: (P needed,
        # hand cards to discard). A loaded ruleset never changes, so they are found once here.
        self.hand_facts = {cid: (d.kind, d.get("point"), bool(d.get("heal_x")), d.get("req_p") or 0,
                                 (d.get("family"), d.get("level")), d.get("req_spell") or 0)
                           for cid, d in ruleset.cards.items()}
        self.ability_needs = {cid: (max(ruleset.cards[cid].get("ability_p") or 0, ruleset.cards[cid].get("cost_p") or 0),
                                    ruleset.cards[cid].get("cost_hand") or 0) for cid in self.abilities}
        # The target specs of each card's steps, by (card id, trigger), in text order: `_target_problem`.
        self.target_specs = {}
        for cid, d in ruleset.cards.items():
            for e in d.effects:
                if isinstance(e.get("target"), dict):
                    self.target_specs.setdefault((cid, e.get("on")), []).append(e["target"])
        self.side_n = int(self.params.get("side_cards", 4))
        self.hand_n = int(self.params.get("hand_size", 7))
        self.bonus = int(self.params.get("power_bonus", 5))
        # Each player's zone keys ("0.hand", ...), built once instead of formatted on every hot call.
        self.zk = [{name: f"{p}.{name}" for name in ruleset.zones} for p in (0, 1)]
        self.deck_owner = {self.zk[p]["deck"]: p for p in (0, 1)}
        # Where the sources of auras lie, in the order `stat` reads them: (owner, zone key).
        self.aura_zones = tuple((p, self.zk[p][key]) for p in (0, 1) for key in ("supports", "spell"))
        # Where `state_rules` looks for a card at 0 HP, and for one at 0 time.
        self.hp_zones = tuple(self.zk[p][key] for p in (0, 1) for key in ("spell", "main", "familiars"))
        self.time_zones = tuple(self.zk[p][key] for p in (0, 1) for key in ("spell", "supports"))
