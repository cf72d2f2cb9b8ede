"""Position evaluation for the bots: how good a (determinized) game is for one player.

An evaluation returns *terms*: a small dict of named, already weighted numbers seen from the
player's side ("opponent HP": -12.0, "my board": 4.5, ...). Their sum is the score; the names let
a bot say in one line why it moved ("raises my board, lowers opponent HP"). A win is +WIN, a loss
-WIN, a draw 0, whatever the terms.

Each ruleset registers its own function with `@evaluator("senkai")` — here, or in its controller
module (danmaku and ijinden keep theirs beside their rules) — and any other ruleset gets the
generic one (HP-like player values, cards on the board and their printed numbers, cards in hand).
Evaluators read the full State they are given: for a bot that is always a determinization built
from its own view, never the real hidden state.
"""
from __future__ import annotations

from typing import Callable

from tabletop.engine.game import Game
from tabletop.engine.msg import msg
from tabletop.engine.state import State, split_key
from tabletop.i18n import N_

WIN = 1000.0
EVALUATORS: dict[str, Callable[[Game, int], dict]] = {}

# Player values that count like life in most card games, and how much one point is worth.
HP_KEYS = {"hp": 1.0, "life": 1.0, "lp": 1.0, "health": 1.0, "lives": 3.0, "walls": 2.0,
           "guardians": 2.0, "shields": 2.0}
# Printed numbers that make a card on the board stronger.
STAT_KEYS = ("power", "ap", "atk", "attack", "hp", "def", "defense", "toughness", "bp", "level")


def evaluator(ruleset_id: str):
    """Register `fn(game, player) -> terms` as the evaluation of one ruleset."""
    def deco(fn):
        EVALUATORS[ruleset_id] = fn
        return fn
    return deco


def terms(game: Game, player: int) -> dict[str, float]:
    """Return the weighted terms of the position for `player` (a finished game is ±WIN or 0)."""
    out = game.state.outcome
    if out is not None:
        if out.winner is None:
            return {"draw": 0.0}
        return {"win": WIN} if out.winner == player else {"loss": -WIN}
    fn = EVALUATORS.get(game.ruleset.id, generic_terms)
    return fn(game, player)


def evaluate(game: Game, player: int) -> float:
    """Return the score of the position for `player`: the sum of its terms."""
    return sum(terms(game, player).values())


# The words of the terms' names, for the reasons a bot gives (rendered in the reader's language).
TERM_WORDS = {"HP": N_("HP"), "attack": N_("attack"), "board": N_("board"), "deck HP": N_("deck HP"),
              "field danger": N_("field danger"), "hand": N_("hand"), "mana": N_("mana"), "spells": N_("spells"),
              "walls": N_("walls")}


def _term_words(k: str, up: bool):
    side, _, thing = k.partition(" ")
    thing = msg(TERM_WORDS[thing]) if thing in TERM_WORDS else thing
    if side == "my":
        return msg("raises my {thing}", thing=thing) if up else msg("lowers my {thing}", thing=thing)
    if side == "opponent":
        return msg("raises the opponent's {thing}", thing=thing) if up else msg("lowers the opponent's {thing}",
                                                                                   thing=thing)
    return msg("raises {thing}", thing=k) if up else msg("lowers {thing}", thing=k)


def explain(before: dict, after: dict, limit: int = 2) -> str:
    """Return the biggest changes between two term dicts, in words (a Msg): 'lowers the opponent's HP, raises my board'."""
    if "win" in after:
        return msg("wins the game")
    keys = set(before) | set(after)
    deltas = [(after.get(k, 0.0) - before.get(k, 0.0), k) for k in keys]
    deltas = [d for d in deltas if abs(d[0]) > 1e-6]
    deltas.sort(key=lambda d: -abs(d[0]))
    if not deltas:
        return msg("keeps the position")
    words = []
    for d, k in deltas[:limit]:
        # Opponent terms are stored negated (good for the bot is positive), so flip them back.
        up = (d < 0) if k.startswith("opponent") else (d > 0)
        words.append(_term_words(k, up))
    return msg("{changes}", changes=tuple(words))


# --- building blocks ----------------------------------------------------------------------------
def zone_kind(game: Game, key: str) -> str:
    return game.ruleset.zones[split_key(key)[1]].kind


def cards_of(s: State, player: int, kinds: tuple, game: Game):
    """Yield the cards `player` owns lying in zones of the given kinds (attached ones included)."""
    rs = game.ruleset
    for key, uids in s.zones.items():
        owner, name = split_key(key)
        if rs.zones[name].kind not in kinds:
            continue
        for u in uids:
            stack = [u]
            while stack:
                c = s.cards[stack.pop()]
                stack.extend(c.attached)
                if c.owner == player:
                    yield c


def stat_sum(game: Game, card, keys=STAT_KEYS) -> float:
    """Return the sum of a card's printed numbers among `keys`, plus its numeric counters' bonuses."""
    d = game.ruleset.cards.get(card.cid)
    total = 0.0
    if d is not None:
        for k in keys:
            v = d.stats.get(k)
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                total += v
    return total


class Tables:
    """Per-ruleset lookups the evaluations need often: zone owner/name/kind per key, printed stat sums."""

    def __init__(self, rs):
        self.rs = rs
        self.zone = {}
        self.stats: dict[str, float] = {}
        for cid, d in rs.cards.items():
            self.stats[cid] = sum(v for k in STAT_KEYS for v in [d.stats.get(k)]
                                  if isinstance(v, (int, float)) and not isinstance(v, bool))

    def zinfo(self, key: str) -> tuple:
        z = self.zone.get(key)
        if z is None:
            owner, name = split_key(key)
            z = self.zone[key] = (owner, name, self.rs.zones[name].kind)
        return z


_TABLES: dict[int, Tables] = {}


def tables(game: Game) -> Tables:
    """Return the lookups of the game's ruleset (built once per loaded ruleset)."""
    t = _TABLES.get(id(game.ruleset))
    if t is None or t.rs is not game.ruleset:
        t = _TABLES[id(game.ruleset)] = Tables(game.ruleset)
    return t


def hp_value(values: dict) -> float:
    """Return the weighted sum of a player's HP-like values (hp, life, walls...)."""
    hp = 0.0
    for k, v in values.items():
        w = HP_KEYS.get(str(k).lower())
        if w and isinstance(v, (int, float)) and not isinstance(v, bool):
            hp += w * v
    return hp


def generic_terms(game: Game, player: int) -> dict[str, float]:
    """Score HP-like player values, cards on the board (and their printed numbers), cards in hand."""
    s = game.state
    t = tables(game)
    board = [0.0, 0.0]
    hand = [0, 0]
    for key, uids in s.zones.items():
        owner, _, kind = t.zinfo(key)
        if kind == "hand":
            if owner is not None:
                hand[owner] += len(uids)
        elif kind in ("row", "slot"):
            for u in uids:
                c = s.cards[u]
                board[c.owner] += 1.0 + 0.25 * t.stats.get(c.cid, 0.0)
    out = {}
    for who, sign, side in ((player, 1.0, "my"), (1 - player, -1.0, "opponent")):
        out[f"{side} HP"] = sign * 2.0 * hp_value(s.players[who])
        out[f"{side} board"] = sign * board[who]
        out[f"{side} hand"] = sign * 0.3 * hand[who]
    return out


# --- per-ruleset evaluations --------------------------------------------------------------------
def _sides(player: int):
    return ((player, 1.0, "my"), (1 - player, -1.0, "opponent"))


def _stat(game: Game, cid: str, name: str) -> float:
    v = game.ruleset.cards[cid].stats.get(name) if cid in game.ruleset.cards else None
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else 0.0


@evaluator("senkai")
def senkai_terms(game: Game, player: int) -> dict[str, float]:
    """Senkai: walls are life (no walls and attacked loses); monsters in lanes by AP and HP left; mana; hand."""
    s = game.state
    out = {}
    for who, sign, side in _sides(player):
        walls = len(s.zones[f"{who}.walls"])
        board = 0.0
        for lane in ("lane_left", "lane_center", "lane_right"):
            for u in s.zones[f"{who}.{lane}"]:
                c = s.cards[u]
                hp = _stat(game, c.cid, "hp") - c.counters.get("damage", 0)
                board += 1.5 + 0.4 * _stat(game, c.cid, "ap") + 0.2 * max(0.0, hp) + 0.3 * len(c.attached)
        out[f"{side} walls"] = sign * (4.0 * walls + (6.0 if walls else 0.0))
        out[f"{side} board"] = sign * board
        out[f"{side} mana"] = sign * 0.4 * len(s.zones[f"{who}.mana"])
        out[f"{side} hand"] = sign * 0.5 * len(s.zones[f"{who}.hand"])
    return out


@evaluator("fourdeck")
def fourdeck_terms(game: Game, player: int) -> dict[str, float]:
    """Fourdeck: a field of total cost 8+ rebels and an empty one is ruined (both lose), so the
    field's cost is scored by its distance from those edges; units' attack; the opponent's deck HP
    (hurting it pushes their units out, towards their rebellion)."""
    s = game.state
    ctl = game.controller
    rebel = float(game.ruleset.parameters.get("rebellion_cost", 8))
    out = {}
    for who, sign, side in _sides(player):
        try:
            cost = float(ctl.field_cost(s, who))
            ap = sum(float(ctl.stat(s, u, "ap")) for u in s.zones[f"{who}.field"])
        except Exception:
            cost = sum(_stat(game, s.cards[u].cid, "cost") for u in s.zones[f"{who}.field"])
            ap = sum(_stat(game, s.cards[u].cid, "ap") for u in s.zones[f"{who}.field"])
        danger = max(0.0, cost - (rebel - 3)) ** 2 * 3.0 + (6.0 if cost <= 1 else 0.0)
        hp = sum(v for k, v in s.players[who].items() if str(k).startswith("hp_") and isinstance(v, (int, float)))
        out[f"{side} field danger"] = sign * -danger
        out[f"{side} attack"] = sign * 0.6 * ap
        out[f"{side} deck HP"] = sign * 0.15 * hp
        out[f"{side} spells"] = sign * 0.3 * len(s.zones[f"{who}.spell"])
    return out
