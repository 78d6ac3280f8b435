"""What a step of the turn did, told once the clock has left it, as MegaMek's phase report
follows each phase: each unit's line (what it did, what happened to it), the damage rolled
that waits for the 'apply damage' step, and the steps the clock then passed with nothing in
them. It reads what the journal wrote, as the match report's turns do
(:func:`referee.rules.orders.turn_story.tell`, clauses ``turn.sequence``, ``damage.sequence``); it
decides no rule.

:func:`phase_report` folds the journal's active steps from the set-up: the report is of the
last turn step the clock moved on from (an ``advance`` event that changed the step), its
events being those since the clock moved on before. Units a side may not name (hidden
units, a blind setup's placements: ``concealed``) are left out of it.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

import msgspec

from referee.rules.events import Event, Step
from referee.rules.orders.state import MatchState
from referee.rules.turn.sequence import turn_sequence


class PhaseReport(msgspec.Struct, frozen=True):
    """What one step of the turn did (see the module docstring)."""

    turn: int
    step: str
    """The turn step's id (``gunnery-1``)."""
    label: str
    """Its name: ``Gunnery 1`` for the first step of a group, ``Assault 1: apply damage``
    for one within it."""
    number: int
    """The journal step that moved the clock on from it."""
    lines: tuple[str, ...]
    """One line a unit (what it did, what happened to it), then each damage roll waiting."""
    passed: tuple[str, ...] = ()
    """The steps the clock passed after it with nothing in them, by name."""
    steps: tuple[int, ...] = ()
    """The journal steps it tells, in order: those written while the clock was at it,
    then :attr:`number`, the one that moved the clock on."""

    def journal_words(self) -> str:
        """Which journal steps did it: ``journal step 7; the clock moved on at step 8``,
        ``journal steps 5 to 7; ...``, or ``journal step 8`` when the step that moved the
        clock on is all there is."""
        before = [n for n in self.steps if n != self.number]
        if not before:
            return f"journal step {self.number}"
        did = f"step {before[0]}" if len(before) == 1 else f"steps {before[0]} to {before[-1]}"
        return f"journal {did}; the clock moved on at step {self.number}"

    def title(self) -> str:
        """``Turn 1, Gunnery 1``."""
        return f"Turn {self.turn}, {self.label}"

    def passed_text(self) -> str:
        """``the clock then passed Movement 1 (3 steps) and Assault 1 (4 steps), with
        nothing to do`` (empty when it passed none)."""
        if not self.passed:
            return ""
        said = ", ".join(self.passed[:-1])
        said = f"{said} and {self.passed[-1]}" if said else self.passed[-1]
        return f"the clock then passed {said}, with nothing to do"

    def text(self) -> str:
        """The report as plain lines."""
        body = list(self.lines) or ["nothing happened"]
        if self.passed:
            body.append(self.passed_text())
        return "\n".join([f"What {self.title()} did:", *(f"- {b}" for b in body)])


def _is_clock_move(event: Event) -> bool:
    return event.kind == "advance" and (
        event.changes.step is not None or event.changes.turn is not None
    )


def _report(
    start: MatchState,
    told: Sequence[tuple[int, Event, MatchState, MatchState]],
    concealed: Collection[str],
) -> PhaseReport:
    """The report of the step ``start`` was at, from its events ``told`` (the last one the
    advance that moved the clock on)."""
    from referee.rules.orders.turn_story import TurnStory, tell  # when a step is first told

    hidden = set(concealed)
    story = TurnStory(start.turn, start, start, complete=False)
    for number, event, before, after in told:
        tell(story, number, event, before, after)
    lines = [f"{uid}: {'; '.join(notes)}" for uid, notes in story.did.items()]
    lines += [f"{where}: {'; '.join(notes)}" for where, notes in story.hexes_did.items()]
    for _, _, before, after in told:  # the assaults a movement starts
        for contest in after.contests[len(before.contests) :] if after.contests else ():
            sides: dict[int, list[str]] = {}
            for part in contest.get("participants", []):
                sides.setdefault(int(part["side"]), []).append(str(part["uid"]))
            against = " against ".join(
                f"{', '.join(uids)} (side {side})" for side, uids in sorted(sides.items())
            )
            where = "/".join(contest.get("hexes") or []) or "?"
            lines.append(f"an assault starts over {where}: {against}")
    lines += [
        f"{h.source} → {h.target}: {h.row} ({h.table} table, {h.result}), waiting for the "
        "'apply damage' step"
        for h in story.hits
    ]
    lines = [line for line in lines if not set(re.findall(r"[\w-]+", line)) & hidden]
    sequence = {s.id: s for s in turn_sequence(start.rules)}

    def name(step_id: str) -> str:
        s = sequence.get(step_id)
        if s is None:
            return step_id
        head = sequence[s.group].label.split(":", 1)[0] if s.group in sequence else s.label
        return head if s.id == s.group else f"{head}: {s.label.split(':', 1)[-1].strip()}"

    groups: dict[str, list[str]] = {}
    for p in (told[-1][1].detail or {}).get("passed", []):
        s = sequence.get(str(p))
        key = sequence[s.group].label.split(":", 1)[0] if s and s.group in sequence else str(p)
        groups.setdefault(key, []).append(str(p))
    passed = tuple(
        name(ids[0]) if len(ids) == 1 else f"{g} ({len(ids)} steps)" for g, ids in groups.items()
    )
    numbers = tuple(dict.fromkeys(number for number, *_ in told))
    return PhaseReport(
        start.turn, start.step, name(start.step), told[-1][0], tuple(lines), passed, numbers
    )


Told = list[tuple[int, Event, MatchState, MatchState]]


class PhaseFold:
    """The journal folded from the set-up, kept to tell the last step the clock left: as
    steps are added only they are folded (a refresh after each step reads one step, not
    the match); a journal that changed otherwise (an undo, another match) is folded again
    from the set-up."""

    def __init__(self, initial: MatchState, match: object = None) -> None:
        self.initial = initial
        self.match = match
        """What the fold is of (the caller's match), for the caller to tell."""
        self.seen: list[tuple[int, bool]] = []
        self.state = initial
        self.start = initial
        self.told: Told = []
        self.last: tuple[MatchState, Told] | None = None
        """The step the clock last moved on from: the state it began at, its events."""

    def _restart(self) -> None:
        self.seen, self.state, self.start, self.told, self.last = (
            [],
            self.initial,
            self.initial,
            [],
            None,
        )

    def fold(self, steps: Sequence[Step]) -> None:
        """Bring the fold up to ``steps`` (the journal, undone steps included)."""
        marks = [(s.number, s.undone) for s in steps]
        if marks[: len(self.seen)] != self.seen:
            self._restart()
        for step in steps[len(self.seen) :]:
            self.seen.append((step.number, step.undone))
            if step.undone:
                continue
            for event in step.events:
                after = self.state.apply(event.changes)
                self.told.append((step.number, event, self.state, after))
                if _is_clock_move(event):
                    self.last = (self.start, self.told)
                    self.told, self.start = [], after
                self.state = after

    def report(self, steps: Sequence[Step], concealed: Collection[str] = ()) -> PhaseReport | None:
        """:func:`phase_report` of ``steps``, folding only what is new."""
        self.fold(steps)
        return None if self.last is None else _report(*self.last, concealed)


def phase_report(
    initial: MatchState, steps: Sequence[Step], concealed: Collection[str] = ()
) -> PhaseReport | None:
    """The report of the last step of the turn the clock moved on from, in the journal
    ``steps`` (undone ones are skipped) from ``initial``; None before the clock first moves."""
    return PhaseFold(initial).report(steps, concealed)
