"""How good a danmaku position is for one player: the bots' evaluation, kept beside the rules.

`evaluate_position(game, player)` returns named, weighted terms seen from `player`'s side (the
bots sum them and name the biggest changes in their reasons; see tabletop/bots/evaluate.py).
The search (hard) also reads from here (`HINTS`): `SEARCH_SCALE`, `search_actions`/`rollout_actions` (each
distinct move once), `rollout_game` (smaller determinizations) and `evaluate_cutoff` (the evaluation
plus the race between the two main characters over the whole game, which greedy does not see).
"""
from __future__ import annotations

import math

from tabletop.engine.hints import BotHints

# Weights of the evaluation, in points (60 HP of a main character is one point).
# - tempo: the damage each player's attacks should do over the next `tempo_turns` turns (expected,
#   through the hit check's coins): the opponent's spell card soaks the attacks while it stands, then
#   the player's own spell card attacks while it lasts, then the normal shot. This is what makes a
#   spell card both a weapon and a shield, and Power worth playing (5 attack a point, DM-R23).
# - a declared spell card always falls in the end and hands the opponent a side card (DM-D8, DM-D24):
#   a debt of one side step, bigger as it nears falling; the last side card is the dearest.
# - the hand by kind: a spell card it may still declare, a Power card (one a turn, DM-R18), the rest;
#   cards beyond `hand_keep` wait for turns and count a fifth.
# - familiars soak the hits meant for the main character (DM-R25), with diminishing value: a wall of
#   dolls summoned from the deck only waits for the deck race.
# - HP above the printed HP (DM-R1: no maximum) counts a tenth: with abilities as often as they are paid
#   (DM-D14) a heal above it is worth less than the card it costs, so greedy no longer turns its hand
#   into 60-HP heals (東風谷早苗) and runs the game into the deck race.
# - the deck: the deck race (DM-D5) is a clock; each card taken from one's own deck (draws, summons)
#   costs, and more so as the deck runs low.
# Measured, greedy vs greedy (16 seeded games a line; before: 0 of 8 by HP at seed 300, no spell card
# declared, hands of 30 cards): tempo weight 0.5 → 13, 13, 15 and 14 of 16 by HP (DM-R11); tempo 1.0 →
# 10, 2.0 → 6, 0.25 → 4, 0 → 6 (the spell cards then go unplayed or serve as shields only); the deck
# at 0.6 a card → alice_dolls summoned its deck away (5 of 16 by HP).
EVAL_W = {"hp": 60.0, "overheal": 0.1, "soak": 0.5, "soak_cap": 400.0, "fam": 0.5,
          "tempo": 0.5, "tempo_turns": 6.0,
          "side_step": 3.0, "side_last": 6.0, "spell_debt": 0.6, "spell_close": 0.4,
          "deck": 2.0, "deck_urgent": 20.0, "power": 0.4,
          "hand": 0.3, "hand_spell": 1.0, "hand_power": 0.2, "hand_keep": 6, "hand_extra": 0.2}


def hit_chance(hit: float, eva: float) -> float:
    """Return the chance that an attack hits (DM-R21, DM-D1): d ≥ 20 always, d ≤ −20 two heads, else one."""
    d = hit - eva
    return 1.0 if d >= 20 else (0.25 if d <= -20 else 0.5)


def _main_hp(game, s, m) -> tuple[float, float]:
    """Return a character's or familiar's (HP, printed HP): HP is its counter, or the printed HP
    while it still lies face down."""
    c = s.cards[m]
    d = game.ruleset.cards.get(c.cid)
    printed = float(d.get("hp") or 0) if d is not None else 0.0
    return float(c.counters.get("hp", printed)), printed


def _spell_closeness(s, sp) -> float:
    """Return 0..1: how close a spell card is to falling (durability or time nearly gone)."""
    c = s.cards[sp]
    hp = c.counters.get("hp", 0)
    time = c.counters.get("time", 0)
    return max(0.0, min(1.0, max(1.0 - hp / 200.0, 1.0 - (time - 1) / 6.0)))


def _side_cost(n: int) -> float:
    """Return what n side cards left cost their owner (0 is the win, DM-R12): each one a step, the
    last step the dearest."""
    if n <= 0:
        return 0.0
    return EVAL_W["side_last"] + EVAL_W["side_step"] * (n - 1)


def rates(ctl, s, p) -> tuple[float, float, float]:
    """Return p's expected damage a turn: (on the opponent's main character with p's spell card,
    with p's normal shot, on the opponent's spell card) — the first two when the opponent has no
    spell card up (DM-R25, DM-D3), the last when it has (DM-R22/R23, DM-D4: the familiars join a
    normal shot at a spell card)."""
    m, foe = ctl.main_of(s, p), ctl.main_of(s, 1 - p)
    if m is None or foe is None:
        return 0.0, 0.0, 0.0
    eva, guard = ctl.stat(s, foe, "eva"), ctl.stat(s, foe, "def")
    hit = ctl.stat(s, m, "hit")
    main_shot = ctl.shot_attack(s, m)
    shot = hit_chance(hit, eva) * max(0, main_shot - guard)
    sp = ctl.spell_of(s, p)
    if sp is not None:
        sp_hit = ctl.stat(s, sp, "hit")
        spell = hit_chance(sp_hit, eva) * max(0, ctl.stat(s, sp, "atk") - guard)
    else:
        spell = shot
    on_spell = 0.0
    if ctl.spell_of(s, 1 - p) is not None:
        if sp is not None:
            on_spell = spell
        else:
            atk = main_shot + sum(ctl.shot_attack(s, u) for u in s.zones[f"{p}.familiars"])
            on_spell = hit_chance(hit, eva) * max(0, atk - guard)
    return spell, shot, on_spell


def spell_life(s, sp, incoming: float) -> float:
    """Return how many more turns a spell card stands: its time, or fewer if the opponent's attacks
    wear its durability down first."""
    c = s.cards[sp]
    life = float(c.counters.get("time", 0))
    if incoming > 0:
        life = min(life, c.counters.get("hp", 0) / incoming)
    return life


def hp_damage(ctl, s, turns: float) -> list[float]:
    """Return, per player, the damage their attacks should do to the opponent's characters over the
    next `turns` turns: nothing while the opponent's spell card stands (it takes the attacks,
    DM-R22), then the player's spell card while it lasts, then the normal shot."""
    r = [rates(ctl, s, 0), rates(ctl, s, 1)]
    life = []
    for p in (0, 1):
        sp = ctl.spell_of(s, p)
        life.append(min(turns, spell_life(s, sp, r[1 - p][2])) if sp is not None else 0.0)
    out = []
    for p in (0, 1):
        spell, shot, _ = r[p]
        mine, shield = life[p], life[1 - p]
        out.append(spell * max(0.0, mine - shield) + shot * (turns - max(mine, shield)))
    return out


def _hand_value(game, s, who) -> float:
    """Return what p's hand is worth: a spell card it may still declare, a Power card (one a turn,
    DM-R18) more than the rest; cards beyond the first `hand_keep` little (they wait for turns)."""
    w = EVAL_W
    defs = game.ruleset.cards
    vals = []
    for u in s.zones[f"{who}.hand"]:
        d = defs[s.cards[u].cid]
        if d.kind == "spell":
            vals.append(w["hand_spell"])
        elif d.kind == "point" and d.get("point") == "power":
            vals.append(w["hand_power"] * (d.get("power") or 1))
        else:
            vals.append(w["hand"])
    vals.sort(reverse=True)
    keep = w["hand_keep"]
    return sum(vals[:keep]) + w["hand_extra"] * sum(vals[keep:])


def evaluate_position(game, player: int) -> dict:
    """Return weighted terms of the position for `player`: the main character's HP (printed HP while
    face down), power, familiars, tempo (damage to come), side cards, the active spell card's debt,
    hand and deck (see EVAL_W)."""
    s, ctl = game.state, game.controller
    w = EVAL_W
    out = {}
    tempo = hp_damage(ctl, s, w["tempo_turns"])
    trimmed = s.data.get(TRIMMED) or (0, 0)
    for who, sign, side in ((player, 1.0, "my"), (1 - player, -1.0, "opponent")):
        m = ctl.main_of(s, who)
        hp, printed = _main_hp(game, s, m) if m is not None else (0.0, 0.0)
        hp = min(hp, printed) + w["overheal"] * max(0.0, hp - printed)
        out[f"{side} HP"] = sign * hp / w["hp"]
        out[f"{side} power"] = sign * w["power"] * (ctl.power(s, m) if m is not None else 0)
        fams = s.zones[f"{who}.familiars"]
        # Familiars take the hits meant for the main character (the defender chooses, DM-R25): the
        # first few protect it, a wall of them only waits for the deck to run out.
        soak = 0.0
        for u in fams:
            f_hp, f_printed = _main_hp(game, s, u)
            soak += min(f_hp, f_printed) + w["overheal"] * max(0.0, f_hp - f_printed)
        cap = w["soak_cap"]
        out[f"{side} familiars"] = sign * (w["fam"] * len(fams) + w["soak"] * cap * (1.0 - math.exp(-soak / cap)) / w["hp"])
        out[f"{side} tempo"] = sign * w["tempo"] * tempo[who] / w["hp"]
        out[f"{side} side cards"] = sign * -_side_cost(len(s.zones[f"{who}.side"]))
        sp = ctl.spell_of(s, who)
        if sp is not None:
            # Every spell card falls in the end (time or durability) and hands the opponent a side card.
            n_opp = len(s.zones[f"{1 - who}.side"])
            step = _side_cost(n_opp) - _side_cost(n_opp - 1)
            out[f"{side} spell card"] = sign * -step * (w["spell_debt"] + w["spell_close"] * _spell_closeness(s, sp))
        else:
            out[f"{side} spell card"] = 0.0
        out[f"{side} hand"] = sign * _hand_value(game, s, who)
        deck = len(s.zones[f"{who}.deck"]) + trimmed[who]
        out[f"{side} deck"] = sign * (w["deck"] * deck - w["deck_urgent"] / (deck + 1))
    return out


_PILES = ("hand", "deck", "side", "discard")


def search_actions(game, actions: list) -> list:
    """Return the moves the search scores (bots/search.py): each distinct move once — cards of the same
    name in a pile are the same card to play, discard or fetch — and Power and Score only onto the
    main character (a familiar's P or 10 HP rarely decides a turn), so a step costs a few lookups
    rather than one per card in hand times one per card on the field."""
    s, ctl = game.state, game.controller
    cards = s.cards
    out, seen = [], set()
    for a in actions:
        if a.kind in ("power", "score"):
            t = a.get("target")
            m = ctl.main_of(s, a.player)
            if m is not None and t != m:
                continue
        key = [a.kind]
        for k, v in a.args:
            c = cards.get(v) if isinstance(v, int) and not isinstance(v, bool) else None
            if c is not None and c.zone.rsplit(".", 1)[-1] in _PILES:
                key.append((k, c.cid))
            else:
                key.append((k, v))
        key = tuple(key)
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out


def rollout_actions(game, actions: list) -> list:
    """Return the moves a search rollout step scores: those of `search_actions`. (Tried: ending the
    main phase at once in a rollout, to fit more samples: search then won 5 of 12 at 0.2 s a move, as
    without it.)"""
    return search_actions(game, actions)


ROLLOUT_DECK = 12           # top cards of each deck a search rollout keeps (rollout_game)
TRIMMED = "bot_deck_trim"   # state data: per player, the deck cards rollout_game left out (the deck race counts them)


def rollout_game(game) -> None:
    """Drop from a determinization the deck cards no search rollout reaches, before its rollouts run
    in it: the top ROLLOUT_DECK of each deck (a turn draws 1, DM-R17; a few cards draw 1 or 2) and
    every familiar or character in it (a summon searches the deck for them, DM-R8); and the graveyard,
    which no card reads. Every copy a rollout makes then holds about a third fewer cards (82 instead of
    121 in a measured game; a decision at 6 iterations took 0.115 s of CPU instead of 0.14). The
    evaluation still counts the dropped cards in the deck race (DM-R13), through the state's TRIMMED
    data; a deck is never cut below ROLLOUT_DECK cards, so no rollout runs out of cards that the real
    deck holds."""
    s = game.state
    defs = game.ruleset.cards
    cards = s.cards
    trimmed = [0, 0]
    for p in (0, 1):
        pile = s.zones[f"{p}.deck"]
        top = len(pile) - ROLLOUT_DECK
        if top <= 0:
            continue
        keep = []
        for i, u in enumerate(pile):
            if i >= top or defs[cards[u].cid].kind in ("familiar", "character"):
                keep.append(u)
            else:
                del cards[u]
        trimmed[p] = len(pile) - len(keep)
        pile[:] = keep
    for p in (0, 1):
        # No card effect reads the graveyard (the spell graveyard, which DM-R9 reads, stays).
        grave = s.zones[f"{p}.discard"]
        for u in grave:
            del cards[u]
        grave.clear()
    s.data[TRIMMED] = trimmed


# The evaluation points the search's squash divides by (search.py's default is 8): the decks' sizes
# alone put a player 5-20 points ahead (2 a card), where a scale of 8 reads every rollout as a win and
# two candidates a point apart as equal (less than the search's 1% margin).
SEARCH_SCALE = 30.0

# The search's view of the whole game (evaluate_cutoff): greedy's evaluation looks six turns ahead
# (tempo); the search's rollouts are scored with the race to the end added — the turns each main
# character needs to bring the other to 0 HP (DM-R11) with its normal shot through the hit check.
RACE_W = 6.0          # points per unit of log(turns to lose / turns to win)
RACE_CAP = 2.0        # the log ratio counted at most (a main that cannot hit at all is not -inf)


def _shot(ctl, s, att, dfd) -> float:
    """Return the expected damage of `att`'s normal shot on `dfd` (DM-R21, DM-D1, DM-D3)."""
    return hit_chance(ctl.stat(s, att, "hit"), ctl.stat(s, dfd, "eva")) * max(0, ctl.shot_attack(s, att) - ctl.stat(s, dfd, "def"))


def _race_pair(game, s, ctl, m, foe) -> float:
    """Return the race (see `race`) of main character m against the opposing character foe."""
    mine, theirs = _shot(ctl, s, m, foe), _shot(ctl, s, foe, m)
    hp_me, hp_foe = max(1.0, _main_hp(game, s, m)[0]), max(1.0, _main_hp(game, s, foe)[0])
    r = math.log(max(mine, 1.0) / hp_foe) - math.log(max(theirs, 1.0) / hp_me)
    return max(-RACE_CAP, min(RACE_CAP, r))


def race(game, player: int) -> float:
    """Return log(turns `player`'s main needs to fall / turns it needs to fell the opponent's main),
    by each normal shot's expected damage a turn (DM-R21/R23, DM-D1/D3), within ±RACE_CAP: how the
    two main characters' hit, evasion, attack, defence and HP decide a long game. While the opponent
    has not chosen its main character yet (DM-R14), the mean over the characters in its deck."""
    s, ctl = game.state, game.controller
    m, foe = ctl.main_of(s, player), ctl.main_of(s, 1 - player)
    if m is None:
        return 0.0
    if foe is not None:
        return _race_pair(game, s, ctl, m, foe)
    defs = game.ruleset.cards
    chars = [u for u in s.zones[f"{1 - player}.deck"] if defs[s.cards[u].cid].kind == "character"]
    if not chars:
        return 0.0
    return sum(_race_pair(game, s, ctl, m, u) for u in chars) / len(chars)


def evaluate_cutoff(game, player: int) -> float:
    """Return the score where a search rollout stops: the evaluation plus RACE_W × the race."""
    return sum(evaluate_position(game, player).values()) + RACE_W * race(game, player)


HINTS = BotHints(
    evaluate=evaluate_position,
    evaluate_cutoff=evaluate_cutoff,
    search_scale=SEARCH_SCALE,
    search_actions=search_actions,
    rollout_actions=rollout_actions,
    rollout_game=rollout_game,
)
