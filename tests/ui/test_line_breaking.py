"""One line-breaking rule everywhere we wrap (issue 30): kinsoku, rule ids and Latin words kept whole.

`layout.text.break_spans` is the rule; `fonts.wrap` (plain lines), `fonts.wrap_html` (text boxes) and
`TextBox` (pygame_gui boxes fed our words) use it, so a box never breaks a line by itself.
"""
import re

import pygame
import pytest

from tabletop.layout.text import NO_LINE_END, NO_LINE_START, break_lines
from tabletop.ui import fonts
from tabletop.ui.textbox import TextBox

MIXED = ("フェーズ終了(Space)で次へ。相手の城壁をすべて壊したあと、もう一度攻撃すれば勝ち（IJ-R12）。"
         "「鬼火」は召喚されたターンには攻撃できない（SK-R21）、ただし速攻を持つなら別。Ctrl+Zで取り消し。")
WORDS = ["Space", "IJ-R12", "SK-R21", "Ctrl+Z"]


def _char_width(piece, _at):
    return 10.0 * len(piece)


def _check(lines, text):
    assert "".join(lines).replace(" ", "") == text.replace(" ", "").replace("\n", "")   # nothing lost
    for ln in lines:
        assert ln == ln.strip()
    for a, b in zip(lines, lines[1:]):
        assert b[:1] not in NO_LINE_START, f"line starts with {b[:1]!r}: {b!r}"
        assert a[-1:] not in NO_LINE_END, f"line ends with {a[-1:]!r}: {a!r}"
        joined = a + b
        for w in WORDS:      # a word or id split between these two lines would be whole only when joined
            if w in joined:
                assert w in a or w in b, f"{w!r} broken: {a!r} / {b!r}"


@pytest.mark.parametrize("width", range(100, 420, 10))   # the longest group, "（IJ-R12）。", is 90
def test_kinsoku_ids_and_latin_words_whole_at_every_width(width):
    lines = break_lines(MIXED, width, _char_width)
    _check(lines, MIXED)
    assert all(_char_width(ln, 0) <= width for ln in lines)


def test_no_line_starts_with_closing_punctuation_nor_ends_with_an_opening_bracket():
    text = "あいうえおかきくけこ、さしすせ。「たちつてと」なにぬねの（はひふへほ）まみむめも"
    for width in range(30, 200, 10):
        lines = break_lines(text, width, _char_width)
        _check(lines, text)
        assert not any(ln[0] in "、。）」" for ln in lines)
        assert not any(ln[-1] in "（「" for ln in lines[:-1])


def test_english_breaks_at_spaces_only():
    text = "Break all four of the opponent's walls with attacks, then attack the player once more (SK-R21)."
    for width in range(120, 600, 20):
        lines = break_lines(text, width, _char_width)
        words = text.split()
        assert " ".join(lines).split() == words
        assert "(SK-R21)." in lines[-1]


def test_fonts_wrap_measures_with_the_real_font(app):
    for width in (90, 140, 200, 260):
        lines = fonts.wrap(MIXED, 13, width)
        _check(lines, MIXED)
        assert all(fonts.font(13).size(ln)[0] <= width for ln in lines)


def test_wrap_html_keeps_tags_and_breaks_only_between_groups(app):
    html = "<b>勝ち方</b>: 相手の城壁をすべて壊し、<font color=#ffd84a>もう一度</font>攻撃する（IJ-R12）。&lt;Space&gt;で終了"
    out = fonts.wrap_html(html, 13, 120)
    assert out.replace("<br>", "") == html            # only line breaks were added
    plain = re.sub(r"<[^>]+>", "", out.replace("<br>", "\n")).replace("&lt;", "<").replace("&gt;", ">")
    _check(plain.split("\n"), re.sub(r"<[^>]+>", "", html).replace("&lt;", "<").replace("&gt;", ">"))


def _rows(box):
    """Return the lines pygame_gui laid the box's text out in."""
    return ["".join(c.text for c in row.items if hasattr(c, "text")).strip()
            for row in box.text_box_layout.layout_rows]


@pytest.mark.parametrize("width", [150, 180, 230, 290])
def test_a_text_box_never_splits_a_word_or_an_id(app, width):
    box = TextBox(MIXED, pygame.Rect(0, 0, width, 400), app.manager)
    app.step(1 / 60)
    rows = [r for r in _rows(box) if r]
    assert len(rows) > 2
    _check(rows, MIXED)
    assert box.html_text == MIXED            # the box still says the text as given


def test_a_scrolled_text_box_breaks_at_its_narrower_width(app):
    box = TextBox(MIXED * 3, pygame.Rect(0, 0, 200, 80), app.manager)
    app.step(1 / 60)
    assert box.scroll_bar is not None
    _check([r for r in _rows(box) if r], MIXED * 3)


def test_a_tool_tip_breaks_by_our_rule(app):
    from pygame_gui.elements import UITooltip
    tip = UITooltip(fonts.tip(MIXED), (0, 0), app.manager)
    rows = [r for r in _rows(tip.text_block) if r]
    assert len(rows) > 3 and not any(r.endswith("-") or r.startswith("-") for r in rows)
    _check(rows, MIXED)
    tip.kill()
