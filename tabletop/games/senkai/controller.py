"""千怪戦戯 (Senkai Sengi): monsters fight in three facing lanes; break the walls, then strike the player.

Rules as implemented are in docs/rules/senkai.md (ids SK-Rn for the source's rules, SK-Dn for the
decisions taken where it is silent). Reasons for refusing an action name the rule they enforce.

Turn flow: up → draw → set run by themselves; the turn player acts in the main phase; `end_phase`
runs the end phase and the next player's up/draw/set phases (`_advance`, called from `after`), stopping
wherever a player must choose (an effect target).

Choices a rule asks are pending choices answered by ordinary actions:
  pay        — which up mana to down for the card being played: `pay card=MANA` (a click), `pay_auto`, `cancel`
  break_wall — which face-down wall breaks, chosen by the attacker: `break_wall target=WALL`
  effect_target — a card effect's target (`choose_target` / `skip_effect`, from the effects mixin)
  respond    — the other player's chance to use 「ダウンする：」 abilities in the turn player's main
               phase, as it starts and after each of their moves, when an ability would change something
               (SK-D8): `use card=X` as often as usable, then `pass`

The class is a composition of one mixin per rule section (they call each other through `self`):
  rules.py   — lanes, keywords, zone keys, `facing` (shared words, no class)
  field.py   — SenkaiField: deck rules, setup, lane queries, stats, leaving a lane, destroying,
               the effects hooks (SK-R3..R7, SK-R16, SK-R24, SK-R28..R35)
  turn.py    — SenkaiTurn: the candidates, the end phase and the automatic phases (SK-R8..R13, SK-R25, SK-R27)
  play.py    — SenkaiPlay: playing cards and paying mana (SK-R11, SK-R14..R18)
  battle.py  — SenkaiBattle: attacks and walls, activated abilities, the ability window (SK-R19..R23, SK-D8)
  words.py   — SenkaiWords: drags, action descriptions, the public panel
"""
from __future__ import annotations

from tabletop.engine import Controller, register
from tabletop.engine.effects import EffectsMixin
from tabletop.games.senkai.battle import SenkaiBattle
from tabletop.games.senkai.field import SenkaiField
from tabletop.games.senkai.play import SenkaiPlay
from tabletop.games.senkai.rules import LANES
from tabletop.games.senkai.turn import SenkaiTurn
from tabletop.games.senkai.words import SenkaiWords


@register
class Senkai(SenkaiField, SenkaiTurn, SenkaiPlay, SenkaiBattle, SenkaiWords, EffectsMixin, Controller):
    """The senkai controller: the rule sections' mixins (see the module docstring) over the effects
    mixin and the engine's Controller."""
    id = "senkai"
    LIVE_STATS = ("ap", "hp")      # enchantments and effects change them (SK-R16, SK-R33)
    # The main phase's play candidates ask every question check_play asks (own lane not holding a
    # down monster, a monster in a lane to enchant, the cost and colour in up mana): listed = legal.
    # Its attack candidates likewise ask what check_attack asks (reach, stealth, the first turns, a
    # blocked facing lane, flying). The other kinds are listed only where their check passes too: an
    # ability (`use`) of an up card with one, in the main phase or the respond window; `end_phase` in
    # one's own main phase; the answers to a pending choice (`answers` lists them for its player
    # only): any up mana to `pay` with (of the card's colour when that is still owed), `pay_auto`,
    # `cancel`, a wall of the attacked player to break, `pass`.
    exact = frozenset({"play", "attack", "use", "end_phase", "pay", "pay_auto", "cancel", "break_wall", "pass"})
    EFFECT_ZONES = LANES

    @classmethod
    def bot_hints(cls):
        """The bots' knowledge of this game (bot.py), imported when a bot first asks."""
        from tabletop.games.senkai.bot import HINTS
        return HINTS

    def __init__(self, ruleset):
        super().__init__(ruleset)
        # Card ids with an activated ability (SK-R19) or an end-of-turn effect (SK-D13): found once,
        # not by scanning every card's effects per candidate or per end phase.
        self._activated = {cid for cid, d in ruleset.cards.items()
                           if any(e.get("on") == "activate" for e in d.effects)}
        self._end_of_turn = {cid for cid, d in ruleset.cards.items()
                             if any(e.get("on") == "end_of_turn" for e in d.effects)}
        # Printed HP as stat() reads it when nothing modifies it (the destroy check runs after every action).
        self._printed_hp = {cid: max(0, d.get("hp") or 0) for cid, d in ruleset.cards.items()}
        # (kind, cost, colour) of each card id, as the main phase's candidates ask them of every hand card.
        self._hand_facts = {cid: (d.kind, d.get("cost") or 0, d.color) for cid, d in ruleset.cards.items()}
