"""The orders notation (clauses orders.movement, orders.movement-codes, orders.gunnery-codes,
orders.speed-restrictions): the drafts' own examples, refused notations with hand-counted
positions, and the round trip parse_order(order.text()) == order."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.rules.orders.model import GUNNERY_CODES, MOVEMENT_CODES, STEPS, Action, Order
from referee.rules.orders.notation import (
    OrderSyntaxError,
    parse_action,
    parse_order,
    parse_speed,
    vocabulary,
)


def steps(order: Order) -> list[list[str]]:
    return [[a.text() for a in step] for step in order.steps]


# --- the drafts' examples ----------------------------------------------------------------

# Draft 004, "Orders": "Movement orders may for example be: (fast) F + F + - ..." and
# "-360°,A + F + F" (the leading '-' is the list's bullet: "rotate 360° and accelerate in
# first movement, and forward in movement 2 and 3").
MOVEMENT_EXAMPLES = [
    ("(fast) F + F + -", "fast", [["F"], ["F"], ["-"]]),
    ("(fast) F + L + -", "fast", [["F"], ["L"], ["-"]]),
    ("(fast) F + B + -", "fast", [["F"], ["B"], ["-"]]),
    ("(slow) A + F + -", "slow", [["A"], ["F"], ["-"]]),
    ("(still) - + - + -", "stand-still", [["-"], ["-"], ["-"]]),
    ("360°,A + F + F", None, [["360", "A"], ["F"], ["F"]]),
]


@pytest.mark.parametrize(("text", "speed", "expected"), MOVEMENT_EXAMPLES)
def test_the_drafts_movement_examples_read_as_their_steps(text, speed, expected):
    order = parse_order(text, "movement")
    assert order.kind == "movement"
    assert order.speed == speed
    assert steps(order) == expected


# Draft 004: "Gunnery orders are for example: - + Aim, - + Load (still), - + Fire, Aim + -,
# Load + -, Fire + -, Spot + spot. Default Gunnery: - + -". Draft 000 writes "(stand still
# only)".
GUNNERY_EXAMPLES = [
    ("- + Aim", [["-"], ["Aim"]], ()),
    ("- + Load (still)", [["-"], ["Load"]], (None, "stand-still")),
    ("- + Load (stand still only)", [["-"], ["Load"]], (None, "stand-still")),
    ("- + Fire", [["-"], ["Fire"]], ()),
    ("Aim + -", [["Aim"], ["-"]], ()),
    ("Load + -", [["Load"], ["-"]], ()),
    ("Fire + -", [["Fire"], ["-"]], ()),
    ("Spot + spot", [["Spot"], ["Spot"]], ()),
    ("- + -", [["-"], ["-"]], ()),
]


@pytest.mark.parametrize(("text", "expected", "marks"), GUNNERY_EXAMPLES)
def test_the_drafts_gunnery_examples_read_as_their_steps(text, expected, marks):
    order = parse_order(text, "gunnery")
    assert steps(order) == expected
    assert order.step_speeds == marks


def test_a_speed_written_after_a_step_belongs_to_that_step():
    order = parse_order("- + Load (still)", "gunnery")
    assert order.speed is None
    assert order.step_speed(1) is None and order.step_speed(2) == "stand-still"
    assert order.text() == "- + Load (stand-still)"


def test_the_first_drafts_rotation_is_written_without_the_degree_sign_too():
    # 360°, 360 ° and 360 are one code (clause orders.rotate-any).
    for text in ("360°,A + F + F", "360 °,A + F + F", "360,A + F + F", "360 ° , A+F+F"):
        assert parse_order(text, "movement").text() == "360,A + F + F"


def test_spaces_anywhere_or_none():
    expected = [["F"], ["L"], ["-"]]
    for text in ("F + L + -", "F+L+-", "  F  +L+ -  ", "\tF +\nL + -"):
        assert steps(parse_order(text, "movement")) == expected


def test_codes_are_read_whatever_their_case_and_written_as_the_catalogue_spells_them():
    order = parse_order("rev + chase,r + FOLLOW", "movement")
    assert order.text() == "Rev + Chase,R + Follow"
    assert parse_order("aim + LOAD", "gunnery").text() == "Aim + Load"
    assert parse_order("f + 360 + flee", "movement").text() == "F + 360 + Flee"


def test_brake_and_accelerate_take_a_speed_in_square_brackets():
    order = parse_order("b[Slow] + A [ stand still ] + B[setup speed]", "movement")
    assert order.steps == (
        (Action("B", "slow"),),
        (Action("A", "stand-still"),),
        (Action("B", "setup"),),
    )
    assert order.text() == "B[slow] + A[stand-still] + B[setup]"


def test_the_speed_before_an_order_is_kept_in_the_order():
    order = parse_order("( Fast )F+F+-", "movement")
    assert order.speed == "fast"
    assert order.text() == "(fast) F + F + -"


def test_a_unit_cards_default_order_reads_as_one_action():
    assert parse_action("B[setup]", "movement") == Action("B", "setup")
    assert parse_action("chase", "movement") == Action("Chase")
    assert parse_action("-", "gunnery") == Action("-")


def test_speed_names_as_the_drafts_write_them():
    assert parse_speed("still") == "stand-still"
    assert parse_speed("Stand Still") == "stand-still"
    assert parse_speed("setup speed") == "setup"
    assert parse_speed("fast") == "fast"
    with pytest.raises(OrderSyntaxError):
        parse_speed("zoom")


# --- refused notations: hand-counted positions -----------------------------------------------

REFUSED = [
    # (text, kind, position, expected contains, message contains)
    # "F + L": F0 ' '1 '+'2 ' '3 L4 -> the order ends at 5 after two steps
    ("F + L", "movement", 5, "'+'", "has 3 steps; this one ends after 2"),
    # "F + L + - + F": F0 +2 L4 +6 -8 +10 -> the 3rd '+' at 10 would start a 4th step
    ("F + L + - + F", "movement", 10, "the end of the order", "would start a 4th"),
    # a trailing '+': the same '+' at 10
    ("F + L + - +", "movement", 10, "the end of the order", "would start a 4th"),
    # "F + L +": F0 +2 L4 +6, the end at 7: movement 3 is empty
    ("F + L +", "movement", 7, "a movement code", "movement 3 is empty"),
    # "F + X + -": X at 4
    ("F + X + -", "movement", 4, "a movement code", "'X' is not a movement code"),
    # "F + + -": F0 +2 +4 -> movement 2 is empty where the second '+' stands
    ("F + + -", "movement", 4, "a movement code", "movement 2 is empty"),
    # "F, + - + -": F0 ,1 ' '2 +3
    ("F, + - + -", "movement", 3, "a movement code", "missing after ','"),
    # "B[slow + F + -": B0 [1 s2 l3 o4 w5 ' '6 +7: the '[' is not closed
    ("B[slow + F + -", "movement", 7, "']'", "'[' at 1 is not closed"),
    # "(fast F + F + -": (0 f1 a2 s3 t4 ' '5 F6
    ("(fast F + F + -", "movement", 6, "')'", "'(' at 0 is not closed"),
    # "F + L + -)": F0 +2 L4 +6 -8 )9
    ("F + L + -)", "movement", 9, "the end of the order", "closes no '('"),
    # "F] + - + -": ]1
    ("F] + - + -", "movement", 1, "'+'", "closes no '['"),
    # the bullet of "-360°,A + F + F" taken as part of the order: '-' at 0, then 3 at 1
    ("-360°,A + F + F", "movement", 1, "'+'", "'360' must be joined"),
    # draft 000's typo "(satand-still)": the speed starts at 1
    ("(satand-still) - + - + -", "movement", 1, "a speed", "'satand-still' is not a speed"),
    # "B[zoom] + - + -": zoom at 2
    ("B[zoom] + - + -", "movement", 2, "a speed", "'zoom' is not a speed"),
    # a gunnery code in a movement order, at 0
    ("Aim + F + -", "movement", 0, "a movement code", "'Aim' is a gunnery code"),
    # a movement code in a gunnery order: "- + F": -0 +2 F4
    ("- + F", "gunnery", 4, "a gunnery code", "'F' is a movement code"),
    # "Fire + - + Aim": F0 i1 r2 e3 ' '4 +5 ' '6 -7 ' '8 +9
    ("Fire + - + Aim", "gunnery", 9, "the end of the order", "has 2 steps"),
    # draft 004's card notation "(still) load + - +" is no order: the last '+' at 17
    # ( 0, still 1-5, ) 6, ' ' 7, load 8-11, ' ' 12, + 13, ' ' 14, - 15, ' ' 16, + 17
    ("(still) load + - +", "gunnery", 17, "the end of the order", "would start a 3rd"),
    # "F,F + - + -": the second F at 2
    ("F,F + - + -", "movement", 2, "a different action", "F is given twice in movement 1"),
    # "-,F + - + -": '-' stands alone; the ',' at 1
    ("-,F + - + -", "movement", 1, "'+'", "stands alone"),
    # "F,- + - + -": the '-' at 2
    ("F,- + - + -", "movement", 2, "other than '-'", "stands alone"),
    # "F[slow] + - + -": F takes no speed; the '[' at 1
    ("F[slow] + - + -", "movement", 1, "'+'", "F takes no speed"),
    # "F L + -": two actions with nothing joining them; L at 2
    ("F L + -", "movement", 2, "',' or '+'", "'L' must be joined"),
    # "360°° + F + F": 3 0, 6 1, 0 2, ° 3, the second ° at 4
    ("360°° + F + F", "movement", 4, "'+'", "'°' follows 360 only"),
    # a speed written as a code: fast at 0
    ("fast + F + -", "movement", 0, "a movement code", "'fast' is a speed"),
    # "3600 + - + -": no such code, at 0
    ("3600 + - + -", "movement", 0, "a movement code", "'3600' is not a movement code"),
    # nothing at all, and only spaces: where the first action should be (0, and 3)
    ("", "movement", 0, "a movement code", "movement 1 is empty"),
    ("   ", "gunnery", 3, "a gunnery code", "gunnery 1 is empty"),
]


@pytest.mark.parametrize(("text", "kind", "position", "expected", "message"), REFUSED)
def test_a_malformed_order_is_refused_where_it_stops_making_sense(
    text, kind, position, expected, message
):
    with pytest.raises(OrderSyntaxError) as info:
        parse_order(text, kind)
    error = info.value
    assert error.position == position
    assert expected in error.expected
    assert message in error.message
    assert isinstance(error, ValueError)
    assert error.to_json() == {
        "position": position,
        "expected": error.expected,
        "message": error.message,
    }


def test_an_order_read_again_is_the_same_and_a_malformed_one_is_refused_every_time():
    # a match reads its orders at every step that looks at them; each text is read once
    first = parse_order("(fast) F + L + -", "movement")
    assert parse_order("(fast) F + L + -", "movement") == first
    assert steps(first) == [["F"], ["L"], ["-"]] and first.speed == "fast"
    assert parse_order("F + L + -", "movement").speed is None  # another text, another order
    for _ in range(2):
        with pytest.raises(OrderSyntaxError) as info:
            parse_order("F + F", "movement")
        assert "ends after 2" in info.value.message


def test_an_unknown_kind_is_refused():
    with pytest.raises(ValueError, match="kind"):
        parse_order("F + F + -", "assault")  # type: ignore[arg-type]


# --- the vocabulary and the round trip ----------------------------------------------------------


def test_the_notation_knows_the_codes_of_the_order_values():
    vocab = vocabulary()
    assert set(vocab.codes["movement"].values()) == set(MOVEMENT_CODES)
    assert set(vocab.codes["gunnery"].values()) == set(GUNNERY_CODES)
    assert vocab.with_speed == {"A", "B"}


SPEEDS = ("stand-still", "crawling", "rest", "setup", "slow", "fast")


def action_strategy(kind: str) -> st.SearchStrategy[Action]:
    codes = [c for c in (MOVEMENT_CODES if kind == "movement" else GUNNERY_CODES) if c != "-"]
    plain = st.sampled_from(codes).map(Action)
    with_speed = st.builds(Action, st.sampled_from(["A", "B"]), st.sampled_from(SPEEDS))
    return plain | with_speed if kind == "movement" else plain


def step_strategy(kind: str) -> st.SearchStrategy[tuple[Action, ...]]:
    several = st.lists(
        action_strategy(kind), min_size=1, max_size=3, unique_by=lambda a: a.code
    ).map(tuple)
    return st.just((Action("-"),)) | several


@st.composite
def orders(draw: st.DrawFn) -> Order:
    kind = draw(st.sampled_from(["movement", "gunnery"]))
    n = STEPS[kind]
    speed = draw(st.none() | st.sampled_from(SPEEDS))
    marks = draw(st.none() | st.lists(st.none() | st.sampled_from(SPEEDS), min_size=n, max_size=n))
    marks_t = tuple(marks) if marks and any(marks) else ()
    return Order(kind, tuple(draw(step_strategy(kind)) for _ in range(n)), speed, marks_t)


@given(orders())
def test_the_normalised_text_reads_back_as_the_same_order(order):
    assert parse_order(order.text(), order.kind) == order


def messy(text: str, rnd) -> str:
    """``text`` in random case, with 0-2 spaces around every bracket, comma and '+'."""
    out = []
    for c in text:
        c = c.swapcase() if rnd.random() < 0.5 else c
        if c in "+,()[]":
            out.append(" " * rnd.randint(0, 2) + c + " " * rnd.randint(0, 2))
        elif c == " ":
            out.append(" " * rnd.randint(0, 2))
        else:
            out.append(c)
    return "".join(out)


@given(orders(), st.randoms())
def test_spacing_and_case_do_not_change_the_order(order, rnd):
    assert parse_order(messy(order.text(), rnd), order.kind) == order
