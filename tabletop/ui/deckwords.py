"""Japanese words of the card browser, the deck editor and the replay controls (merged into settings' Words).

Kept apart from settings.py so these screens add their words without touching the shared table; the
translation layer being built (tabletop/locale) takes them over.
"""
JA = {
    "Cards": "カード一覧", "Deck editor": "デッキ編集", "Replays": "リプレイ",
    "no ruleset {name}": "ルール {name} はありません",
    "not loaded, showing the last good cards: {why}": "読み込めません。前の正しいカードを表示中: {why}",
    "{n} cards, loaded at {time}": "カード{n}枚 ({time} 読み込み)",
    "search names and text": "名前・テキストで検索", "Reload": "再読み込み", "all": "すべて", "none": "なし",
    "Kind: {v}": "種類: {v}", "Colour: {v}": "色: {v}", "Cost": "コスト",
    "No card matches the filters.": "条件に合うカードはありません。",
    "Click a card to see it large. Right-click too. Wheel: scroll. ←/→: next card. F5: reload.":
        "カードをクリックで拡大表示(右クリックも)。ホイール: スクロール。←/→: 前後のカード。F5: 再読み込み。",
    "{card} → {section} ({n})": "{card} → {section} ({n}枚)", "no deck named {name}": "デッキ {name} はありません",
    "opened {name}": "{name} を開きました", "Cannot save the deck": "デッキを保存できません",
    "Saved to {path}": "{path} に保存しました",
    "(a draft: it breaks {n} deck rules)": "(下書き: デッキ構築ルール違反{n}件)",
    "This deck breaks the rules": "このデッキはルール違反です", "Cannot start the game": "ゲームを開始できません",
    "deck name": "デッキ名", "Text…": "テキスト…", "new deck": "新しいデッキ", "shipped": "付属", "user": "自作",
    "Play": "再生", "Play a game": "対戦する", "auto": "自動", "Add to: {s}": "追加先: {s}",
    "Click or drag cards here to add them.": "カードをクリックするか、ここへドラッグして追加。",
    "{label} curve": "{label}分布", "Kinds": "種類", "Legal deck: every deck rule holds.": "構築ルールをすべて満たしています。",
    "… {n} more": "… ほか{n}件", "Deck as text": "テキストのデッキリスト", "Export": "書き出し", "Copy": "コピー",
    "Import": "読み込み", "Close": "閉じる",
    "The deck as a list: copy it, or paste another list and press Import.":
        "デッキのリストです。コピーするか、別のリストを貼り付けて「読み込み」を押してください。",
    "Copied to the clipboard.": "クリップボードにコピーしました。",
    "No clipboard here ({why}): select the text and copy it.": "クリップボードが使えません ({why})。テキストを選択してコピーしてください。",
    "list": "リスト", "Nothing imported; fix these lines:": "読み込んでいません。次の行を直してください:",
    "Imported {n} cards.": "{n}枚を読み込みました。",
    "previous turn (Shift+←)": "前のターン (Shift+←)", "previous action (←)": "前の行動 (←)",
    "next action (→)": "次の行動 (→)", "next turn (Shift+→)": "次のターン (Shift+→)", "Step": "1手",
    "one bot move (→)": "ボットを1手進める (→)", "Continue from here": "ここから続ける", "Pause": "一時停止",
    "Speed ×{x}": "速度 ×{x}", "P{n}": "P{n}", "View: {who}": "視点: {who}",
    "←/→ one action · Shift+←/→ one turn · Space play/pause · Home/End · Esc menu":
        "←/→ 1手 · Shift+←/→ 1ターン · Space 再生/一時停止 · Home/End · Esc メニュー",
    "Saves and simulate --out runs in {folder}": "{folder} のセーブと simulate --out の記録", "Watch": "見る",
    "Choose a save first.": "先にセーブを選んでください。", "Cannot open the replay": "リプレイを開けません",
}
