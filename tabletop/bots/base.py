"""The bot interface every level shares, and the uniform-random baseline.

A bot is `Bot(player, rng)` with `choose(view, legal_actions) -> Action`: it receives only what
its player may know (`Game.view(player)`) and the legal actions. `choose` never raises and never
returns an illegal action: if a level's own reasoning fails, the bot logs the failure, counts it
in `fallbacks` and plays a legal action at random instead (tests assert this never happens in
normal play).
"""
from __future__ import annotations

import logging
import random

from tabletop.engine.action import Action
from tabletop.engine.guide import load_guide
from tabletop.engine.msg import Msg, Term, msg
from tabletop.engine.view import View

log = logging.getLogger("tabletop.bots")

END_KINDS = ("end_turn", "end_phase", "end", "pass")


class Bot:
    """Base of every bot: subclasses implement `decide(view, legal) -> (action, reason)`.

    `last_reason` is the reason for the last move, a `Msg` (str() renders it in English) that names
    the card or phase the move is about and never a card the opponent cannot see.
    """

    name = "bot"

    def __init__(self, player: int, rng: random.Random | None = None):
        self.player = player
        self.rng = rng if rng is not None else random.Random(player)
        self.last_reason: Msg = msg("")
        self.fallbacks = 0          # times decide() failed and a random legal action was played
        self.last_error = ""
        self.hint_for: int | None = None   # set when a hint asks: the reasons may then name that player's hand

    @property
    def reader(self) -> int:
        """Return who reads this bot's reasons: its opponent, or the player a hint is for."""
        return 1 - self.player if self.hint_for is None else self.hint_for

    def choose(self, view: View, legal_actions: list[Action]) -> Action:
        """Return one of `legal_actions` (never raises once given at least one)."""
        legal = list(legal_actions)
        if not legal:
            raise ValueError(f"{self.name} bot for P{self.player + 1} was asked to move with no legal action")
        if len(legal) == 1:
            self.last_reason = msg("{move}: the only legal move", move=forced_move(view, legal[0]))
            return legal[0]
        try:
            action, reason = self.decide(view, legal)
        except Exception as e:   # a bot must always answer: any bug in its reasoning becomes a random move
            action, reason = None, ""
            self.last_error = f"{type(e).__name__}: {e}"
            log.warning("%s bot (P%d) failed, playing at random: %s", self.name, self.player + 1,
                        self.last_error, exc_info=True)
        if action not in legal:
            if action is not None:
                self.last_error = f"chose {action}, which is not legal"
            self.fallbacks += 1
            pick = self.rng.choice(legal)
            self.last_reason = msg("fallback: a random legal move ({move})", move=forced_move(view, pick))
            return pick
        self.last_reason = reason if isinstance(reason, Msg) else msg(str(reason))
        return action

    def decide(self, view: View, legal: list[Action]) -> tuple[Action, str]:
        raise NotImplementedError


class RandomBot(Bot):
    """Pick uniformly among the legal actions (the baseline every other level must beat)."""

    name = "random"

    def decide(self, view, legal):
        a = self.rng.choice(legal)
        return a, msg("{move}: chosen at random", move=forced_move(view, a))


def is_end(action: Action) -> bool:
    """Return whether an action passes play on (ends a phase or the turn) rather than doing something."""
    return action.kind in END_KINDS


def move_words(ruleset, kind: str):
    """Return a kind of move in the game's words, both languages (guide.yaml's verb), else its name."""
    verb = load_guide(ruleset)[0]["verbs"].get(kind) if getattr(ruleset, "path", None) else None
    return Term(verb["en"], verb["ja"]) if verb else msg(kind.replace("_", " "))


def phase_term(ruleset, phase) -> Term:
    """Return a phase's name in both languages as the ruleset spells it (`label_en`/`label`, else its
    id); the English drops a trailing "phase", which a reason's own words add."""
    for spec in getattr(ruleset, "phases", None) or ():
        if isinstance(spec, dict) and spec.get("id") == phase:
            name = str(spec.get("label_en") or phase)
            en = name[:-6] if name.lower().endswith(" phase") else name
            return Term(en, str(spec.get("label") or en))
    return Term(str(phase))


def forced_move(view: View, action: Action | None) -> Msg:
    """Return a move in words from the view alone: its kind and the first card it names that the
    opponent sees too (a card in the mover's hand stays unnamed), or the phase it ends."""
    if action is None:
        return msg("no move")
    from tabletop.engine.ruleset import load_ruleset
    try:
        rs = load_ruleset(view.ruleset)
    except Exception:  # noqa: BLE001 - a view of a ruleset that cannot be loaded here: plain words
        rs = None
    kind = move_words(rs, action.kind)
    phase = phase_term(rs, view.phase)
    if is_end(action):
        return msg("{kind} ({phase} phase)", kind=kind, phase=phase)
    for k in ("card", "attacker", "choice", "target", "blocker"):
        u = action.get(k)
        cv = view.cards.get(u) if isinstance(u, int) and not isinstance(u, bool) else None
        if cv is not None and cv.cid is not None and _public(view, cv):
            try:
                from .explain import card_term
                return msg("{kind} {card}", kind=kind, card=card_term(rs.cards[cv.cid]))
            except Exception:  # noqa: BLE001 - a card the ruleset does not know: the kind alone
                break
    return msg("{kind} ({phase} phase)", kind=kind, phase=phase)


def _public(view: View, cv) -> bool:
    """Return whether a card the viewer sees lies where the opponent sees it too (face up, not in a hand)."""
    zone = getattr(cv, "zone", "") or ""
    return bool(getattr(cv, "face_up", False)) and not zone.endswith(".hand")
