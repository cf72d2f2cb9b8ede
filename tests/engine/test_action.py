from hypothesis import given
from hypothesis import strategies as st

import pytest

from tabletop.engine import Action

names = st.from_regex(r"[a-z][a-z_]{0,10}", fullmatch=True)
values = st.one_of(st.integers(-5, 10**6), names, st.tuples(st.integers(0, 999), st.integers(0, 999)), st.booleans())


@given(kind=names, player=st.integers(0, 1), args=st.dictionaries(names, values, max_size=4))
def test_action_text_parses_back_to_the_same_action(kind, player, args):
    a = Action.make(kind, player, **args)
    assert Action.parse(str(a)) == a


def test_action_text_is_readable():
    a = Action.make("attack", 0, card=17, target=23)
    assert str(a) == "p1 attack card=17 target=23"
    assert Action.make("pay", 1, cards=[3, 5, 9]).__str__() == "p2 pay cards=3,5,9"


def test_argument_order_does_not_matter():
    assert Action.make("x", 0, a=1, b=2) == Action.make("x", 0, b=2, a=1)


@pytest.mark.parametrize("text, fragment", [
    ("attack card=1", "must start with p1 or p2"),
    ("p3 attack", "must start with p1 or p2"),
    ("p1", "expected"),
    ("p1 attack card", "is not name=value"),
])
def test_bad_action_text_says_what_is_wrong(text, fragment):
    with pytest.raises(ValueError, match=fragment):
        Action.parse(text)
