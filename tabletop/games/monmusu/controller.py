"""The controller of モン娘☆は～れむ カードゲーム (rulesets/monmusu; rules in docs/rules/monmusu.md).

Each player has four columns, a main slot (back) behind a sub slot (front). Monsters are cast
(キャスト, tapped) when they attack or pay a skill cost and recast (リキャスト) in their owner's
recast phase once their CT is complete: the shared time counter (`s.data["time"]`) must have moved
more than CT since the start of the turn in which they were cast (MM-R36). A cast monster keeps
`flags["ct"]` (its CT) and `flags["since"]` (the time at the start of that turn); a destroyed main
monster gets `flags["down"]` (MM-R38).

Battles run as a small state machine in `s.data["battle"]` (steps before → during → decide →
after, MM-R28..R33): between steps, triggered skills ([誘発]) are offered to their owners as
pending `skill_offer` choices (use or pass); an offer is dropped when its card left the place where
the condition was met (MM-R39). Paying mana is the payer's choice (MM-D9): an action that costs mana
waits, when there is something to choose, for a `pay_mana` choice, and `pay_then` finishes it with its
`_paid_<step>` once the mana is cast. Rule ids in refusal messages point to the docs.

The class is a composition of mixins, one module per rule section (they call each other through
`self`, never by import):
- rules.py: the shared constants (slots and zone keys, roles, trigger words, phases);
- setup.py `MonmusuSetup`: the deck check (MM-R4), the state, the set-up actions (MM-R6..R11);
- board.py `MonmusuBoard`: small helpers, CT and time (MM-R34..R38), POW, attack targets (MM-R28);
- mana.py `MonmusuMana`: mana attributes and paying (MM-R18, MM-R26, MM-D9);
- actions.py `MonmusuActions`: the candidate actions and the common refusals;
- turn.py `MonmusuTurn`: the turn (MM-R12..R17) and what follows every action (win check MM-R44);
- home.py `MonmusuHome`: summon, evolve, awaken (MM-R18..R23);
- cast.py `MonmusuCast`: attack, activated skills, spells, traps (MM-R24..R27);
- offers.py `MonmusuOffers`: triggered skills offered, used or passed (MM-R39);
- effects.py `MonmusuEffects`: targets, the effect queue, destroy and bounce;
- battle.py `MonmusuBattle`: the battle's steps (MM-R28..R33);
- words.py `MonmusuWords`: public views, describe, the drop action;
- ops.py: this ruleset's effect ops, added to the shared ones in `EFFECT_OPS`.
The bots' evaluation of a position is `evaluate_position` in bot.py.
"""
from __future__ import annotations

from tabletop.engine import Controller, register
from tabletop.engine.effects import EffectsMixin, with_ops

from . import ops
from .actions import MonmusuActions
from .battle import MonmusuBattle
from .board import MonmusuBoard
from .cast import MonmusuCast
from .effects import MonmusuEffects
from .home import MonmusuHome
from .mana import MonmusuMana
from .offers import MonmusuOffers
from .rules import SLOTS
from .setup import MonmusuSetup
from .turn import MonmusuTurn
from .words import MonmusuWords


@register
class Monmusu(MonmusuSetup, MonmusuBoard, MonmusuMana, MonmusuActions, MonmusuTurn, MonmusuHome, MonmusuCast,
              MonmusuOffers, MonmusuEffects, MonmusuBattle, MonmusuWords, EffectsMixin, Controller):
    id = "monmusu"
    # Kinds whose candidates `_actions` lists only where their check passes (see `_actions`); the
    # skills are checked as usual: their costs are not known to the candidate loop.
    exact = frozenset({"choose_order", "pick_main", "mulligan", "extra_draw", "charge", "end_phase",
                       "end_turn", "summon", "evolve", "awaken", "attack", "spell", "set_trap",
                       "choose_target", "skip_effect", "cast_mana", "pay_mana"})
    EFFECT_ZONES = SLOTS
    EFFECT_OPS = with_ops(EffectsMixin.EFFECT_OPS, ops.OPS)

    @classmethod
    def bot_hints(cls):
        """The bots' knowledge of this game (bot.py), imported when a bot first asks."""
        from tabletop.games.monmusu.bot import HINTS
        return HINTS

    def __init__(self, ruleset):
        super().__init__(ruleset)
        # Steps of each card by trigger, read once (actions() asks for them often).
        self.steps: dict[str, dict[str, list]] = {}
        for cid, d in ruleset.cards.items():
            by: dict[str, list] = {}
            for e in d.effects:
                by.setdefault(e.get("on"), []).append(e)
            self.steps[cid] = by
        self.hp0 = int(self.params.get("hp", 400))
        # The monster name (MM-R1) of each monster card, and of each card that may be chosen as a main
        # monster: cost-1 monsters (MM-R7). Read constantly, so looked up once.
        self.monster_name = {cid: d.get("monster") for cid, d in ruleset.cards.items() if d.kind == "monster"}
        self.main_choices = {cid: name for cid, name in self.monster_name.items()
                             if ruleset.cards[cid].get("cost") == 1}
        # Cards whose [起動] skill casts the monster as its cost (MM-R25), as `_skill_cost` reads it.
        self.activate_casts = frozenset(cid for cid in ruleset.cards if self._skill_cost(cid, "activate").get("cast"))
        self.time_word = ruleset.word("value.time")
        # POW (MM-R40): the printed value, and the [永続] steps `pow` adds: per material card, and to
        # the other sub monsters of its side (an aura; only cards that have one are listed).
        self.printed_pow = {cid: d.get("pow") or 0 for cid, d in ruleset.cards.items()}
        self.pow_per_material = {cid: sum(int(st.get("n", 0)) for st in self.steps[cid].get("static", ())
                                          if st.get("do") == "pow_per_material") for cid in ruleset.cards}
        aura = {cid: sum(int(st.get("n", 0)) for st in self.steps[cid].get("static", ())
                         if st.get("do") == "pow_aura" and st.get("scope", "subs") == "subs") for cid in ruleset.cards}
        self.pow_aura = {cid: n for cid, n in aura.items() if n}     # (in every tick's log line)
        # Per card id, the printed facts the candidate loops ask of every card they pass.
        self.card_kind = {cid: d.kind for cid, d in ruleset.cards.items()}
        self.card_color = {cid: d.color for cid, d in ruleset.cards.items()}
        self.card_cost = {cid: d.get("cost") for cid, d in ruleset.cards.items()}
        self.trap_cards = frozenset(cid for cid, d in ruleset.cards.items() if d.kind == "spell" and d.get("trap"))
        self.unattackable = frozenset(cid for cid, d in ruleset.cards.items() if d.has("unattackable"))
