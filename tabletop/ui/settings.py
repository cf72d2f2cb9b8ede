"""User settings (window size, animation speed, interface language) in a small JSON file.

The file lives in the user's config folder: TABLETOP_CONFIG if set, else %APPDATA%/tabletop on
Windows, else $XDG_CONFIG_HOME/tabletop or ~/.config/tabletop. A damaged file is ignored (and
replaced on the next save): settings are never worth a crash.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

DEFAULTS = {"size": [1600, 900], "anim": 1.0, "language": "en", "bot_delay": 0.6}
SIZES = ["1280x720", "1600x900", "1920x1080"]
ANIM = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 2.0}


def config_dir() -> Path:
    if os.environ.get("TABLETOP_CONFIG"):
        return Path(os.environ["TABLETOP_CONFIG"])
    if sys.platform == "win32" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / "tabletop"
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "tabletop"


def load() -> dict:
    """Return the settings, with defaults for anything missing or unreadable."""
    out = json.loads(json.dumps(DEFAULTS))
    try:
        d = json.loads((config_dir() / "settings.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return out
    if isinstance(d, dict):
        for k, v in d.items():
            if k in DEFAULTS and type(v) is type(DEFAULTS[k]) or (k == "anim" and isinstance(v, (int, float))):
                out[k] = v
    return out


def save(settings: dict) -> None:
    from tabletop.engine.saves import write_atomic
    try:
        write_atomic(config_dir() / "settings.json", json.dumps(settings, indent=1, ensure_ascii=False))
    except OSError as e:
        print(f"tabletop: cannot save settings ({e})", file=sys.stderr)


# --- interface words ------------------------------------------------------------------------
_JA = {
    "New game": "新しいゲーム", "Continue": "続きから", "Load": "ロード", "Scenarios": "シナリオ",
    "Layout studio": "レイアウト工房", "Open the studio": "工房を開く", "Settings": "設定", "Quit": "終了", "Start": "開始", "Back": "戻る",
    "Ruleset": "ルール", "Deck": "デッキ", "Seed": "シード", "human": "人間", "easy": "弱い",
    "normal": "普通", "hard": "強い", "End phase": "フェイズ終了", "End turn": "ターン終了",
    "Menu": "メニュー", "Undo": "取り消し", "Manual": "手動操作", "Save": "セーブ", "Resume": "再開",
    "Main menu": "メインメニュー", "Shortcuts": "ショートカット", "Window size": "ウィンドウ",
    "Animation": "アニメーション", "Language": "言語", "Apply": "適用", "Log": "ログ",
    "Pass to Player {n} — click when ready": "プレイヤー{n}に交代 — 準備ができたらクリック",
    "no move there": "そこへは動かせない", "Saved": "セーブしました", "Cancel": "キャンセル",
    "Player {n}": "プレイヤー{n}", "Turn {n}": "ターン{n}", "P{n}'s turn": "P{n}のターン",
    "view: P{n}": "表示: P{n}", "you are P{n}": "あなたはP{n}",
    "drag a card to move it · click to use it · right-click for every action · "
    "Space: end phase · Ctrl+Z undo · Ctrl+S save · M manual · F1 help":
        "ドラッグで移動 · クリックで使用 · 右クリックで全アクション · "
        "Space: フェイズ終了 · Ctrl+Z 取り消し · Ctrl+S セーブ · M 手動操作 · F1 ヘルプ", "Waiting for P{n}": "P{n}の手番を待っています", "Options": "オプション",
    "Setup": "準備", "click beside the cards to close": "カードの外をクリックで閉じる", "Game over": "ゲーム終了", "more": "その他",
    "no saved game yet": "セーブしたゲームはまだありません",
    # the result screen and the players' own ends
    "Draw": "引き分け", "You win!": "あなたの勝ち！", "You lose": "あなたの負け", "Player {n} wins": "プレイヤー{n}の勝ち",
    "Turns: {n}": "ターン数: {n}", "Time: {m}:{s:02d}": "時間: {m}:{s:02d}", "Time: —": "時間: —",
    "Cards played — {a}: {x} · {b}: {y}": "プレイしたカード — {a}: {x}枚 · {b}: {y}枚",
    "by turn": "ターンごと", "Walls": "ウォール", "Deck HP": "山札HP", "Guardians": "ガーディアン", "HP": "HP",
    "Main character HP": "メインキャラクターのHP",
    "Rematch": "再戦", "Swap seats": "席を交代して再戦", "Save replay": "リプレイを保存", "Could not save": "保存できませんでした",
    "Replay saved: {path}": "リプレイを保存しました: {path}",
    "Concede": "投了", "Offer a draw": "引き分けを提案", "Concede this game? Player {n} wins.": "投了しますか？ プレイヤー{n}の勝ちになります。",
    "Player {n}: Player {m} offers a draw. Accept?": "プレイヤー{n}へ: プレイヤー{m}が引き分けを提案しています。受けますか？",
    "Tab: skip": "Tab: スキップ", "Decks": "デッキ", "(yours)": "（自作）", "cannot be played": "使用できません",
    "… and {n} more decks": "…ほか{n}個のデッキ", "Accept": "受ける", "Decline": "断る", "P{n} declines the draw": "P{n}は引き分けを断りました",
}


class Words:
    """Translate the interface's own words (card and zone names come from the ruleset)."""

    def __init__(self, language: str = "en"):
        self.language = language

    def __call__(self, text: str, **kw) -> str:
        if self.language == "ja":
            text = _JA.get(text, text)
        return text.format(**kw) if kw else text

    def label(self, obj) -> str:
        """Pick a ruleset label: Japanese `label`, or `label_en` in English when there is one."""
        if isinstance(obj, dict):
            label, en = obj.get("label", ""), obj.get("label_en", "")
        else:
            label, en = getattr(obj, "label", ""), getattr(obj, "label_en", "")
        return en if self.language == "en" and en else label
