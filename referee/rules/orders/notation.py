"""The orders notation of the drafts: :func:`parse_order` reads it, ``Order.text()`` writes it.

Clauses ``orders.movement`` (three steps joined by ``+``, the actions of one step joined by
``,``: ``360°,A + F + F``), ``orders.movement-codes``, ``orders.gunnery-codes`` (two steps:
``- + Load``) and ``orders.speed-restrictions`` (a speed in brackets: ``(fast) F + F + -``
before the order, ``- + Load (still)`` after a step). The codes and speed names are those
of the unit catalogue's vocabulary (``data/units/abilities.toml``, ``[vocabulary]``): a code
listed there as ``A[X]`` takes a speed in square brackets.

Spaces may stand anywhere between the parts or not at all; codes are read whatever their
case and written back in the vocabulary's spelling (``rev`` -> ``Rev``); ``360°``, ``360 °``
and ``360`` are one code. A notation that stops making sense is refused with
:class:`OrderSyntaxError`: the position (characters from 0), what was expected there, and
a message naming the bad part. Whether an order is *allowed* is not decided here
(:mod:`referee.rules.orders.legality`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache, lru_cache
from typing import NoReturn

import msgspec

from referee.errors import RefereeError
from referee.rules.orders.model import STEPS, Action, Order, OrderKind, Step

KINDS: tuple[OrderKind, ...] = ("movement", "gunnery")

SPEED_ALIASES: Mapping[str, str] = {
    "still": "stand-still",
    "standstill": "stand-still",
    "setup-speed": "setup",
}
"""How the drafts also write a speed: ``(still) - + - + -``, ``(stand still only)``, "setup
speed". A hyphen in a name may be written as a space."""

DEGREE = "°"
# ASCII only ("²".isdigit() is true, and no number); spelled out: the standard library's
# ``string`` module compiles its Template pattern when imported, for two constants
_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
DIGITS = frozenset("0123456789")


class OrderSyntaxError(RefereeError):
    """A notation that stops making sense at ``position`` (0-based), where ``expected`` was
    expected; ``message`` names what was found."""

    def __init__(self, text: str, position: int, expected: str, message: str) -> None:
        self.text = text
        self.position = position
        self.expected = expected
        self.message = message
        super().__init__(f"{message} (character {position} of {text!r}: expected {expected})")

    def to_json(self) -> dict[str, object]:
        return {"position": self.position, "expected": self.expected, "message": self.message}


class Vocabulary(msgspec.Struct, frozen=True):
    """The codes of each kind (lower case -> spelling), the codes taking ``[X]``, the speeds."""

    codes: Mapping[str, Mapping[str, str]]
    with_speed: frozenset[str]
    speeds: tuple[str, ...]
    speed_patterns: tuple[tuple[re.Pattern[str], str], ...]
    listed: Mapping[str, tuple[str, ...]]
    """The codes of each kind as the vocabulary lists them (``A``, ``A[X]``...)."""

    def code_list(self, kind: OrderKind) -> str:
        return ", ".join(self.listed[kind])


def _speed_pattern(name: str) -> re.Pattern[str]:
    words = r"[\s-]+".join(re.escape(w) for w in name.split("-"))
    return re.compile(words + r"(?![\w-])", re.IGNORECASE)


@cache
def vocabulary() -> Vocabulary:
    """The notation's vocabulary, read from the unit catalogue's ``[vocabulary]`` once."""
    from referee.units.abilities import register

    reg = register()
    codes: dict[str, dict[str, str]] = {}
    with_speed: set[str] = set()
    for kind, written in (("movement", reg.movement_orders), ("gunnery", reg.gunnery_orders)):
        table: dict[str, str] = {}
        for code in written:
            if code.endswith("[X]"):
                code = code.removesuffix("[X]")
                with_speed.add(code)
            table[code.lower()] = code
        codes[kind] = table
    names = {**{s: s for s in reg.speeds}, **SPEED_ALIASES}
    patterns = tuple(
        (_speed_pattern(n), canonical)
        for n, canonical in sorted(names.items(), key=lambda kv: -len(kv[0]))
    )
    lists = {"movement": reg.movement_orders, "gunnery": reg.gunnery_orders}
    return Vocabulary(codes, frozenset(with_speed), reg.speeds, patterns, lists)


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


class _Reader:
    """One pass over ``text``: a hand-written reader that knows where it is."""

    def __init__(self, text: str, kind: OrderKind, vocab: Vocabulary) -> None:
        self.text = text
        self.kind = kind
        self.vocab = vocab
        self.pos = 0
        self.steps = STEPS[kind]

    # --- characters ---------------------------------------------------------------------

    def skip(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def fail(self, expected: str, message: str, at: int | None = None) -> NoReturn:
        raise OrderSyntaxError(self.text, self.pos if at is None else at, expected, message)

    def word(self) -> str:
        """The letters (or digits) starting here, without moving."""
        end = self.pos
        chars = _LETTERS if self.peek() in _LETTERS else DIGITS
        while end < len(self.text) and self.text[end] in chars:
            end += 1
        return self.text[self.pos : end]

    def found(self) -> str:
        return repr(self.peek()) if self.peek() else "the end"

    # --- parts ----------------------------------------------------------------------------

    def order(self) -> Order:
        self.skip()
        speed = self.bracketed_speed() if self.peek() == "(" else None
        steps: list[Step] = []
        marks: list[str | None] = []
        while True:
            number = len(steps) + 1
            step, mark = self.step(number)
            steps.append(step)
            marks.append(mark)
            if self.peek() == "":  # a step ends at a '+' or at the end (see step())
                if number < self.steps:
                    self.fail(
                        "'+'",
                        f"a {self.kind} order has {self.steps} steps; this one ends after {number}",
                    )
                break
            if number == self.steps:
                self.fail(
                    "the end of the order",
                    f"a {self.kind} order has {self.steps} steps; this '+' would start a "
                    f"{_ordinal(number + 1)}",
                )
            self.pos += 1
        return Order(
            self.kind,
            tuple(steps),
            speed,
            tuple(marks) if any(marks) else (),
        )

    def step(self, number: int) -> tuple[Step, str | None]:
        actions: list[Action] = []
        while True:
            self.skip()
            start = self.pos
            action = self.action(number, bool(actions))
            self.same_step(number, actions, action, start)
            actions.append(action)
            self.skip()
            if self.peek() == ",":
                if action.is_nothing:
                    self.fail(
                        self.after(number, None, comma=False),
                        f"'-' (no action) stands alone in {self.kind} {number}",
                    )
                self.pos += 1
                continue
            mark = None
            if self.peek() == "(":
                mark = self.bracketed_speed()
                self.skip()
            if self.peek() in ("+", ""):
                return tuple(actions), mark
            self.unexpected(number, None if mark else action)

    def same_step(self, number: int, actions: list[Action], action: Action, start: int) -> None:
        """Two different actions at most once each; ``-`` alone (clause ``orders.movement``)."""
        if action.is_nothing and actions:
            self.fail(
                f"a {self.kind} code other than '-'",
                f"'-' (no action) stands alone in {self.kind} {number}",
                at=start,
            )
        if any(a.code == action.code for a in actions):
            self.fail(
                "a different action",
                f"{action.code} is given twice in {self.kind} {number}",
                at=start,
            )

    def action(self, number: int, after_comma: bool) -> Action:
        c = self.peek()
        if c == "-":
            self.pos += 1
            return Action("-")
        if not c or not (c in _LETTERS or c in DIGITS):
            if after_comma:
                message = f"an action is missing after ',' in {self.kind} {number}"
            elif c in ("+", ""):
                message = f"{self.kind} {number} is empty: write '-' for no action"
            else:
                message = f"{self.found()} is not a {self.kind} code"
            self.fail(f"a {self.kind} code ({self.vocab.code_list(self.kind)})", message)
        word = self.word()
        code = self.vocab.codes[self.kind].get(word.lower())
        if code is None:
            self.fail(
                f"a {self.kind} code ({self.vocab.code_list(self.kind)})",
                self.not_a_code(word),
            )
        self.pos += len(word)
        if code == "360":
            save = self.pos
            self.skip()
            if self.peek() == DEGREE:
                self.pos += 1
            else:
                self.pos = save
        arg = None
        if code in self.vocab.with_speed:
            save = self.pos
            self.skip()
            if self.peek() == "[":
                arg = self.square_speed()
            else:
                self.pos = save
        return Action(code, arg)

    def not_a_code(self, word: str) -> str:
        other: OrderKind = "gunnery" if self.kind == "movement" else "movement"
        if word.lower() in self.vocab.codes[other]:
            spelled = self.vocab.codes[other][word.lower()]
            return f"{spelled!r} is a {other} code, not a {self.kind} code"
        for pattern, speed in self.vocab.speed_patterns:
            if pattern.fullmatch(word):
                return f"{word!r} is a speed: write it in brackets, e.g. ({speed}) before the order"
        return f"{word!r} is not a {self.kind} code"

    def square_speed(self) -> str:
        opened = self.pos
        self.pos += 1
        self.skip()
        speed = self.speed()
        self.skip()
        if self.peek() != "]":
            self.fail("']'", f"the '[' at {opened} is not closed (found {self.found()})")
        self.pos += 1
        return speed

    def bracketed_speed(self) -> str:
        opened = self.pos
        self.pos += 1
        self.skip()
        speed = self.speed()
        self.skip()
        if self.word().lower() == "only":
            self.pos += len("only")
            self.skip()
        if self.peek() != ")":
            self.fail("')'", f"the '(' at {opened} is not closed (found {self.found()})")
        self.pos += 1
        return speed

    def speed(self) -> str:
        for pattern, canonical in self.vocab.speed_patterns:
            m = pattern.match(self.text, self.pos)
            if m:
                self.pos = m.end()
                return canonical
        m = re.compile(r"[\w-]+").match(self.text, self.pos)
        what = repr(m.group(0)) if m else self.found()
        names = ", ".join([*self.vocab.speeds, *SPEED_ALIASES])
        self.fail(f"a speed ({names})", f"{what} is not a speed")

    def after(self, number: int, action: Action | None, *, comma: bool = True) -> str:
        """What may follow an action of step ``number``."""
        parts = ["','"] if comma else []
        if action is not None and action.code in self.vocab.with_speed and action.arg is None:
            parts.insert(0, "'['")
        parts.append("'+'" if number < self.steps else "the end of the order")
        return " or ".join(parts) if len(parts) < 3 else ", ".join(parts[:-1]) + f" or {parts[-1]}"

    def unexpected(self, number: int, action: Action | None) -> NoReturn:
        """Something after the actions of step ``number`` that cannot be there."""
        expected = self.after(number, action, comma=action is not None)
        c = self.peek()
        if c == "]":
            message = "this ']' closes no '['"
        elif c == ")":
            message = "this ')' closes no '('"
        elif c == "[" and action is not None:
            takers = ", ".join(sorted(self.vocab.with_speed))
            message = f"{action.code} takes no speed in brackets (only {takers} do)"
        elif c == "[":
            message = "a speed in square brackets follows A or B only"
        elif c == DEGREE:
            message = "'°' follows 360 only"
        elif c in _LETTERS or c in DIGITS or c == "-":
            message = (
                f"{self.word() or c!r} must be joined to the action before it by ',' (same "
                "step) or '+' (next step)"
            )
        else:
            message = f"unexpected {c!r}"
        self.fail(expected, message)


def parse_order(text: str, kind: OrderKind) -> Order:
    """The order written ``text`` (clauses ``orders.movement``, ``orders.gunnery-codes``);
    :class:`OrderSyntaxError` where it stops making sense. An order is a frozen value and
    the vocabulary is read once, so each text is read once (a match reads its orders again
    at every step that looks at them)."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
    return _parsed_order(text, kind)


@lru_cache(maxsize=4096)
def _parsed_order(text: str, kind: OrderKind) -> Order:
    return _Reader(text, kind, vocabulary()).order()


def parse_action(text: str, kind: OrderKind) -> Action:
    """One action written alone, as a unit card writes its default order: ``B[setup]``."""
    reader = _Reader(text, kind, vocabulary())
    reader.skip()
    action = reader.action(1, False)
    reader.skip()
    if reader.peek():
        reader.fail("the end of the action", f"unexpected {reader.peek()!r} after {action}")
    return action


def parse_speed(text: str) -> str:
    """A speed name as the drafts write it (``still``, ``stand still``) -> ``stand-still``."""
    reader = _Reader(text, "movement", vocabulary())
    reader.skip()
    speed = reader.speed()
    reader.skip()
    if reader.peek():
        reader.fail("the end of the speed", f"unexpected {reader.peek()!r} after {speed}")
    return speed
