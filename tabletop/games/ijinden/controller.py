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

The class is a composition of mixins, one module per rule section, that call each other through
`self`: `setup.py` (deck rules, setup, mulligan: IJ-R4..R6, R33), `turn.py` (the turn: IJ-R7..R10,
R23), `match.py` (the match and side deck: IJ-R34, R35), `cards.py` (derived values, moves, effect
hooks: IJ-R15, R16, R20, R21, R25, R32), `candidates.py` (the candidates and the checks' shared gates),
`main.py` (using cards: IJ-R11..R16, R28), `battle.py` (the battle and feats: IJ-R17..R22),
`words.py` (what the table shows and says). The constants they share are in `rules.py`, the game's
effect ops in `ops.py` (added to the shared ones in `EFFECT_OPS`).
"""
from __future__ import annotations

from tabletop.engine import Controller, register
from tabletop.engine.effects import EffectsMixin, with_ops

from . import ops
from .battle import IjindenBattle
from .candidates import IjindenCandidates
from .cards import IjindenCards
from .main import IjindenMain
from .match import IjindenMatch
from .rules import UNDERWORLD
from .setup import IjindenSetup
from .turn import IjindenTurn
from .words import IjindenWords


@register
class Ijinden(IjindenSetup, IjindenTurn, IjindenMatch, IjindenCards, IjindenCandidates, IjindenMain,
              IjindenBattle, IjindenWords, EffectsMixin, Controller):
    id = "ijinden"
    # Kinds whose candidates `actions` lists only where their check passes (the candidate loops ask
    # the checks' questions: the phase, turn and pending choice, the card in hand and its kind, the
    # placement and summon rights, the color and level conditions, an attacker's state, the free
    # blockers and the attacker-level block tests, the cards a pending choice offers): `legal` takes
    # them as listed. cast (IJ-R14's requirements), underworld and done_blocking are still checked.
    exact = frozenset({"end_phase", "place", "summon", "play_haikei", "attack", "block", "unblock", "pay",
                       "feat", "no_feat", "resolve", "mulligan", "keep"})
    EFFECT_ZONES = ("battlefield",)
    EFFECT_OPS = with_ops(EffectsMixin.EFFECT_OPS, ops.OPS)

    @classmethod
    def bot_hints(cls):
        """The bots' knowledge of this game (bot.py), imported when a bot first asks."""
        from tabletop.games.ijinden.bot import HINTS
        return HINTS

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
