"""A fortification's pips: which pip damage removes, and which pips a capture turns.

A fortification's health is its pips, each neutral or in one player's colour
(:class:`Pips`, by side). Damage and capture are judged from one player's side
(:class:`PipCount`: ally, enemy, neutral):

* :func:`damage_pips`: remove pips one at a time, always one of the colour there is most of;
  on a tie, the first of the tied colours in the table's order (neutral, enemy, ally: clause
  ``activation.fortification-damage``). The total goes down by one per hit until none is left.
* :func:`capture_pips`: turn pips to the capturing player's colour; turning a neutral pip
  turns two (clause ``activation.capture``, ruling ``activation.capture-neutral``).

A building holds at most ``most`` pips, all colours together (ruling ``activation.most-pips``,
the table's ``most_pips``): :func:`parse_pip_count` (the command line) and
:meth:`Pips.from_json` (structures, missions, match files) refuse more (:func:`check_most`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import msgspec

from referee.errors import RefereeError, excerpt, whole_number
from referee.rules.activation.tables import COLOURS, Colour, FortificationTable


class PipError(RefereeError):
    """Pips that cannot be (a negative count, an unknown colour, nothing to capture)."""


class PipCount(msgspec.Struct, frozen=True):
    """Pips seen from one player's side."""

    ally: int = 0
    enemy: int = 0
    neutral: int = 0

    def __post_init__(self) -> None:
        for colour in COLOURS:
            n = getattr(self, colour)
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise PipError(f"{colour} pips: expected a whole number 0 or more, got {n!r}")

    @property
    def total(self) -> int:
        return self.ally + self.enemy + self.neutral

    def of(self, colour: Colour) -> int:
        return int(getattr(self, colour))

    def minus(self, colour: Colour, n: int = 1) -> PipCount:
        counts = self.to_json()
        counts[colour] -= n
        return PipCount(**counts)

    def plus(self, colour: Colour, n: int = 1) -> PipCount:
        counts = self.to_json()
        counts[colour] += n
        return PipCount(**counts)

    def to_json(self) -> dict[str, int]:
        return {"ally": self.ally, "enemy": self.enemy, "neutral": self.neutral}

    def text(self) -> str:
        """The command line's notation (the pair of :func:`parse_pip_count`)."""
        return f"ally={self.ally},enemy={self.enemy},neutral={self.neutral}"

    def words(self) -> str:
        """The pips seen from one side, in words: ``ally 2, enemy 0, neutral 1``."""
        return f"ally {self.ally}, enemy {self.enemy}, neutral {self.neutral}"

    def absolute(self, side: int) -> Pips:
        """These pips by side, ``side`` being the one they are seen from."""
        if side == 1:
            return Pips(self.ally, self.enemy, self.neutral)
        return Pips(self.enemy, self.ally, self.neutral)


def check_most(total: int, most: int, what: str) -> None:
    """Refuse ``total`` pips, ``what`` saying whose, when a building holds fewer (ruling
    ``activation.most-pips``)."""
    if total > most:
        raise PipError(
            f"{what}: {total}, more than a building holds "
            f"(at most {most} pips in all, ruling activation.most-pips)"
        )


def parse_pip_count(text: str, most: int) -> PipCount:
    """``ally=2,enemy=1,neutral=3`` (any order; a colour left out has none), at most ``most``
    pips in all (ruling ``activation.most-pips``)."""
    counts: dict[str, int] = {}
    for part in (p for p in text.split(",") if p.strip()):
        name, sep, value = part.partition("=")
        name = name.strip().lower()
        if not sep or name not in COLOURS:
            raise PipError(
                f"{part.strip()!r}: write COLOUR=N with COLOUR one of {', '.join(COLOURS)}, "
                "e.g. ally=2,enemy=1,neutral=3"
            )
        if name in counts:
            raise PipError(f"{name} pips given twice")
        number = whole_number(value)
        if number is None or number < 0:
            raise PipError(
                f"{name} pips: expected a whole number 0 or more, got {excerpt(value.strip())}"
            )
        check_most(number, most, f"{name} pips")
        counts[name] = number
    pips = PipCount(**counts)
    check_most(pips.total, most, f"pips in all ({pips.words()})")
    return pips


class Pips(msgspec.Struct, frozen=True):
    """A fortification's pips by colour: side 1's, side 2's and neutral."""

    side1: int = 0
    side2: int = 0
    neutral: int = 0

    @property
    def total(self) -> int:
        return self.side1 + self.side2 + self.neutral

    def seen_from(self, side: int) -> PipCount:
        if side == 1:
            return PipCount(self.side1, self.side2, self.neutral)
        return PipCount(self.side2, self.side1, self.neutral)

    def holder(self) -> int | None:
        """The side with more pips (None on a tie)."""
        if self.side1 == self.side2:
            return None
        return 1 if self.side1 > self.side2 else 2

    def to_json(self) -> dict[str, int]:
        return {"side1": self.side1, "side2": self.side2, "neutral": self.neutral}

    def text(self) -> str:
        """The pips in words: ``side 1 2, side 2 0, neutral 1``."""
        return f"side 1 {self.side1}, side 2 {self.side2}, neutral {self.neutral}"

    @staticmethod
    def from_json(raw: Mapping[str, object], most: int) -> Pips:
        """The pips a file keeps, at most ``most`` in all (ruling ``activation.most-pips``)."""
        values = {k: raw.get(k, 0) for k in ("side1", "side2", "neutral")}
        for k, v in values.items():
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise PipError(f"{k} pips: expected a whole number 0 or more, got {excerpt(v)}")
            check_most(v, most, f"{k} pips")
        pips = Pips(**values)  # type: ignore[arg-type]
        check_most(pips.total, most, f"pips in all ({pips.text()})")
        return pips


def most_common(pips: PipCount, tie_order: Iterable[Colour]) -> Colour | None:
    """The colour damage takes a pip of: the most common, the tie order deciding among the
    tied ones (clause ``activation.fortification-damage``); None when no pip is left."""
    top = max(pips.of(c) for c in COLOURS)
    if top == 0:
        return None
    return next(c for c in tie_order if pips.of(c) == top)


class PipDamage(msgspec.Struct, frozen=True):
    """The pips removed, one colour per hit in order, and the pips left."""

    before: PipCount
    removed: tuple[Colour, ...]
    left: PipCount
    hits: int

    def to_json(self) -> dict[str, object]:
        return {"removed": list(self.removed), "pips": self.left.to_json()}

    def working(self) -> list[str]:
        lines = []
        pips = self.before
        for i, colour in enumerate(self.removed, 1):
            tied = [c for c in COLOURS if pips.of(c) == pips.of(colour)]
            why = (
                f"most common {colour} ({pips.of(colour)})"
                if len(tied) == 1
                else f"{_words(tied)} tie at {pips.of(colour)}, {colour} goes first"
            )
            lines.append(f"hit {i}: {pips.text()}: {why}: one {colour} pip off")
            pips = pips.minus(colour)
        if self.hits > len(self.removed):
            first, last = len(self.removed) + 1, self.hits
            which = f"hit {first}" if first == last else f"hits {first}-{last}"
            lines.append(f"{which}: no pip left to remove")
        return lines


def _words(names: list[Colour]) -> str:
    return " and ".join(names) if len(names) < 3 else f"{', '.join(names[:-1])} and {names[-1]}"


def damage_pips(pips: PipCount, hits: int, tie_order: Iterable[Colour]) -> PipDamage:
    """Remove ``hits`` pips one at a time, each of the most common colour (clause
    ``activation.fortification-damage``); colours as seen by the attacker."""
    if isinstance(hits, bool) or not isinstance(hits, int) or hits < 0:
        raise PipError(f"hits: expected a whole number 0 or more, got {hits!r}")
    order = tuple(tie_order)
    removed: list[Colour] = []
    left = pips
    for _ in range(hits):
        colour = most_common(left, order)
        if colour is None:
            break
        removed.append(colour)
        left = left.minus(colour)
    return PipDamage(pips, tuple(removed), left, hits)


class PipCapture(msgspec.Struct, frozen=True):
    before: PipCount
    turned: tuple[Colour, ...]
    """The colour of each pip turned to the capturing player's, in order."""
    left: PipCount


def capture_pips(pips: PipCount, colour: Colour, table: FortificationTable) -> PipCapture:
    """Turn pips to the capturing player's colour, starting with one of ``colour`` (enemy
    or neutral, the player's choice): ``capture_pips`` pips, and a neutral pip turns
    ``capture_neutral`` instead of one (clause ``activation.capture``; which the second pip
    is: ruling ``activation.capture-neutral``)."""
    if colour == "ally":
        raise PipError("a capture turns enemy or neutral pips to the player's own colour")
    if pips.of(colour) == 0:
        raise PipError(f"the building has no {colour} pip to turn ({pips.text()})")
    turned: list[Colour] = []
    left = pips
    wanted = colour
    for _ in range(table.capture_pips):
        pick = _pick(left, wanted)
        if pick is None:
            break
        turned.append(pick)
        left = left.minus(pick).plus("ally")
        if pick == "neutral":
            for _ in range(table.capture_neutral - 1):
                extra = _pick(left, "neutral", strict=table.capture_second == "two-neutral")
                if extra is None:
                    break
                turned.append(extra)
                left = left.minus(extra).plus("ally")
    return PipCapture(pips, tuple(turned), left)


def _pick(pips: PipCount, wanted: Colour, strict: bool = False) -> Colour | None:
    if pips.of(wanted) > 0:
        return wanted
    if strict:
        return None
    other: Colour = "enemy" if wanted == "neutral" else "neutral"
    return other if pips.of(other) > 0 else None
