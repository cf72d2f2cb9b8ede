"""A small game declared inline, written to a folder of its own (the declared tests share it)."""
from __future__ import annotations

import os
from pathlib import Path

RULESET = """\
id: inline_duel
name: 小さな決闘
name_en: Small duel
controller: declared
phases:
  - {id: start, label: 開始, label_en: Start}
  - {id: main, label: メイン, label_en: Main}
  - {id: end, label: 終了, label_en: End}
card_kinds:
  unit:
    label: ユニット
    label_en: Unit
    fields:
      cost: {type: int, default: 0, label: コスト, label_en: Cost}
      atk: {type: int, default: 0, label: 攻撃, label_en: ATK}
      hp: {type: int, default: 1, label: 体力, label_en: HP}
  bolt:
    label: 雷
    label_en: Bolt
    fields:
      cost: {type: int, default: 0, label: コスト, label_en: Cost}
deck:
  main: {label: デッキ, label_en: Deck, zone: deck, size: 16, max_copies: 4}
zones:
  deck:    {label: 山札, label_en: Deck, kind: pile, visibility: hidden, face_up: false, rect: [0.86, 0.52, 0.1, 0.2]}
  board:   {label: 場, label_en: Board, kind: row, capacity: 4, rect: [0.05, 0.52, 0.7, 0.22]}
  hand:    {label: 手札, label_en: Hand, kind: hand, visibility: owner, rect: [0.05, 0.78, 0.7, 0.2]}
  discard: {label: 捨て札, label_en: Discard, kind: pile, rect: [0.86, 0.77, 0.1, 0.2]}
starter_decks: [a, b]
rules:
  counters:
    hp:     {label: ライフ, label_en: Life, start: 12}
    energy: {label: エネルギー, label_en: Energy, start: 0, max: 6}
  stats: {attack: atk, health: hp}
  setup:
    - {do: shuffle, zone: deck}
    - {do: draw, n: 3}
    - {id: R3, do: first_player}
  turn:
    - phase: start
      steps:
        - {do: untap, zones: [board]}
        - {do: gain, counter: energy, n: 2}
        - {do: draw, n: 1, skip_first_turn: true}
    - phase: main
      actions: [play, zap, attack]
    - phase: end
      steps:
        - {do: hand_limit, n: 5}
  actions:
    play: {do: play, kinds: [unit], from: hand, to: board, cost: {counter: energy, field: cost}}
    zap:  {do: play, kinds: [bolt], from: hand, to: discard, cost: {counter: energy, field: cost}}
    attack: {id: R9, do: attack, from: board, targets: [board], player: true, hit: {counter: hp}}
  win:
    - {id: W1, when: counter_zero, counter: hp}
    - {id: W2, when: deck_out}
"""

CARDS = """\
- {id: pup, name: 子犬, name_en: Pup, kind: unit, cost: 1, atk: 1, hp: 2}
- {id: brute, name: 乱暴者, name_en: Brute, kind: unit, cost: 3, atk: 3, hp: 3}
- {id: wall, name: 壁役, name_en: Wallguard, kind: unit, cost: 2, atk: 1, hp: 4}
- {id: zap, name: 電撃, name_en: Zap, kind: bolt, cost: 2, effects: [{on: play, do: damage, n: 2, target: {side: enemy}}]}
- {id: jolt, name: 衝撃, name_en: Jolt, kind: bolt, cost: 2,
   effects: [{on: play, do: damage, n: 2, target: {side: enemy, player: true}}]}
"""
DECK_A = "name: a\nmain: {pup: 4, brute: 4, wall: 4, zap: 4}\n"
DECK_B = "name: b\nmain: {pup: 4, brute: 4, wall: 4, jolt: 4}\n"


def write_game(root: Path, ruleset: str = RULESET, cards: str = CARDS, rid: str = "inline_duel") -> Path:
    """Write the inline game's folder under `root` and return it."""
    folder = root / rid
    (folder / "decks").mkdir(parents=True, exist_ok=True)
    (folder / "ruleset.yaml").write_text(ruleset, encoding="utf-8")
    (folder / "cards.yaml").write_text(cards, encoding="utf-8")
    (folder / "decks" / "a.yaml").write_text(DECK_A, encoding="utf-8")
    (folder / "decks" / "b.yaml").write_text(DECK_B, encoding="utf-8")
    return folder


def use_folder(root: Path) -> str:
    """Put `root` first among the rulesets' folders (forgetting loaded rulesets); return the old value."""
    from tabletop.engine.ruleset import _load_cached
    old = os.environ.get("TABLETOP_RULESETS", "")
    os.environ["TABLETOP_RULESETS"] = os.pathsep.join(p for p in (str(root), old) if p)
    _load_cached.cache_clear()
    return old
