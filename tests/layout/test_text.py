"""Japanese line breaking (kinsoku), shrink-to-fit and ellipsis."""
import pytest

from tabletop.layout import text as t

PX = 20.0


def w(s):
    return t.width(s, PX)


@pytest.mark.parametrize("s", [
    "この札が場に出たとき、相手の山札ひとつに2ダメージを与える。そのあと「攻撃」を行う。",
    "ああああああ。いいいいいい、ううううう」えええええ）おおおおおーかかかかかっききききき",
    "【起動】【コスト：1】相手のモン娘1体を選ぶ。そのモン娘のPOWを-100する（ターン終了まで）。",
])
@pytest.mark.parametrize("chars", [5, 6, 7, 8, 9, 11])
def test_no_line_starts_with_closing_punctuation_or_ends_with_opening(s, chars):
    lines = t.wrap(s, w("あ") * chars, PX)
    assert "".join(lines) == s                       # nothing lost, nothing added
    for line in lines[1:]:
        assert line[0] not in t.NO_LINE_START, lines
    for line in lines[:-1]:
        assert line[-1] not in t.NO_LINE_END, lines
    for line in lines:
        assert w(line) <= w("あ") * chars + 0.01 or len(line) <= 2, lines


def test_the_punctuation_pulls_its_character_to_the_next_line():
    # Five characters fit; the sixth is "。": "え" goes down with it rather than "。" opening a line.
    lines = t.wrap("あいうえお。かき", w("あいうえお"), PX)
    assert lines == ["あいうえ", "お。かき"]


def test_latin_words_stay_whole_and_newlines_are_kept():
    lines = t.wrap("Draw two cards.\nthen discard", w("Draw two "), PX)
    assert lines == ["Draw two", "cards.", "then", "discard"]


def test_fit_shrinks_before_cutting():
    s = "あ" * 20
    fit = t.fit_text(s, w("あ" * 10), PX * 1.0, PX, PX * 0.4, wrap_lines=True)
    assert not fit.overflow and fit.px < PX and len(fit.lines) >= 1
    assert all(t.width(line, fit.px) <= w("あ" * 10) + 0.01 for line in fit.lines)


def test_fit_cuts_with_ellipsis_at_the_minimum_size():
    s = "あ" * 200
    fit = t.fit_text(s, w("あ" * 10), PX * 2.5, PX, PX * 0.8, wrap_lines=True, line_spacing=1.3)
    assert fit.overflow and fit.px == pytest.approx(PX * 0.8)
    assert fit.lines[-1].endswith(t.ELLIPSIS)
    assert t.block_height(len(fit.lines), fit.px, 1.3) <= PX * 2.5 + 0.01


def test_single_line_text_only_shrinks():
    fit = t.fit_text("Ember Knight of the Long Road", 200, 40, 30, 8, wrap_lines=False)
    assert len(fit.lines) == 1 and not fit.overflow and t.width(fit.lines[0], fit.px) <= 200


def test_missing_glyphs_are_found():
    assert t.missing_glyphs("☆①×◆♥あAＡ　") == []
    assert t.missing_glyphs("a✕b\U0001F600") == ["✕", "\U0001F600"]  # no font shipped here has these


@pytest.mark.parametrize("chars", range(4, 12))
def test_short_bracketed_labels_are_never_split(chars):
    s = "【条件】攻撃された時【対象】攻撃モン娘【効果】POW-200。「剣術」のイジン"
    lines = t.wrap(s, w("あ") * chars, PX)
    assert "".join(lines) == s
    for label in ("【条件】", "【対象】", "【効果】", "「剣術」"):
        assert any(label in line for line in lines), (label, lines)
