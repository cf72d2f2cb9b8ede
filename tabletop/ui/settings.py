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

from .deckwords import JA as _DECK_JA  # noqa: E402 — the deck and replay screens' words (their own file)
_JA.update(_DECK_JA)


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

# Guidance (tabletop/ui/table/guide.py, windows.py, hud.py): the prompt line, briefing and rules windows.
_JA.update({
    "Space": "Space", "button": "ボタン", "drag": "ドラッグ", "click": "クリック",
    "click a lit card": "光っているものをクリック", "or": "または",
    "P{n} (bot)": "P{n}（ボット）", "P{n}": "P{n}", "{who} is choosing": "{who}が選んでいます",
    "{who} is playing": "{who}がプレイ中", "your move": "あなたの番", "P{n}, your move": "P{n}の番",
    "drag, click, right-click anything; moves are logged as manual":
        "何でもドラッグ・クリック・右クリックできる。操作は手動としてログに残る",
    "Scenario": "シナリオ", "Goal": "目標", "How you win": "勝ち方", "How you lose": "負け方",
    "The turn": "ターンの流れ", "At the table": "テーブルの操作",
    "Drag a card onto a lit place to play it (what can act is lit).":
        "カードを光っている場所へドラッグして使う（動かせるカードは青く光る）。",
    "Click a card to use it; click a lit target to aim; click a lit player panel to hit that player.":
        "カードをクリックで使う。光る対象をクリックで狙う。光るプレイヤー欄をクリックでそのプレイヤーを狙う。",
    "Right-click a card for all its actions and a large view.": "右クリックでそのカードの全アクションと拡大表示。",
    "Space ends the phase · Ctrl+Z undo · Esc menu (the game waits) · F1 this page":
        "Space: フェイズ終了 · Ctrl+Z 取り消し · Esc メニュー（ゲームは止まる） · F1 このページ",
    "How to play": "遊び方", "Play": "プレイ", "Rules": "ルール",
    "Search the rules (a word or a rule id)": "ルールを検索（単語またはルール番号）",
    "The rules text of {id} is not installed (docs/rules/{id}.md).":
        "{id} のルール文書がインストールされていません（docs/rules/{id}.md）。",
    "Nothing in the rules matches “{q}”.": "「{q}」に当てはまるルールはありません。",
    "a bot sits in this seat": "この席はボットです", "Take back your last action (Ctrl+Z)": "直前の操作を取り消す（Ctrl+Z）",
    "target": "対象", "{verb} ({how})": "{verb}（{how}）",
    "undone": "取り消しました",
    "the last action drew or showed a hidden card — undo stops before hidden information":
        "直前の操作で隠れたカードを引いた・見せた — 隠された情報より前には戻れません",
    "the last action drew on chance (a shuffle, a coin) — undo stops before hidden information":
        "直前の操作で偶然（シャッフル・コイン）が決まった — 隠された情報より前には戻れません",
    "the last action handed play to the other player — undo stops there": "直前の操作で相手の手番になった — そこより前には戻れません",
    "the game is over": "ゲームは終わりました", "nothing to undo yet": "まだ取り消せる操作はありません",
    "the game was loaded here — undo stops at the loaded position": "ここでロードしたゲーム — ロードした局面より前には戻れません",
})
_JA.update({"a button below": "下のボタン", "click a card": "カードをクリック", "click the lit card or the lit player": "光るカードか光るプレイヤーをクリック"})
