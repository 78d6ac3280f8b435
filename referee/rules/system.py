"""The one interface every game system implements, whatever its rules (python-chess plays
its variants through one ``Board``; here each game plays through one :class:`GameSystem`).

A game system gives:

* its typed commands (:class:`referee.rules.command.Command`: a small frozen value per
  kind with its JSON form, the one the journal keeps, and its text form, a line of a text
  journal), read back from either form by :meth:`GameSystem.command_from_json` /
  :meth:`GameSystem.parse_command`; one family of refusal for a command that cannot be
  read (:class:`referee.rules.command.CommandError`, naming the field);
* its state ``S`` (a frozen value), and :meth:`GameSystem.step`: ``(state, command, dice)
  -> StepOutcome``, the journal's event (working, dice, clauses, typed changes) with the
  state after it; :meth:`GameSystem.fold`: the state after an event as the journal recorded
  it (what opening a file and replaying a journal build on);
* its agenda (:meth:`GameSystem.agenda`: what the referee must do now, in words);
* an event in today's words (:meth:`GameSystem.shown`), for what shows one: the journal
  keeps the words it always wrote, byte for byte;
* its report sections (:meth:`GameSystem.report`: its part of ``referee match report``).

Everything around a step -- the journal file, run, undo, redo and the replay check -- is
written once for every system, in :class:`referee.match.journal.journal_file.JournalFile`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from referee.dice.service import Dice
from referee.rules.command import Command
from referee.rules.events import Event, Step

if TYPE_CHECKING:  # a report's outline, imported only by a command that writes one
    from referee.rules.report import ReportOutline, ReportPage

S = TypeVar("S")
C = TypeVar("C", bound="Command")


@dataclass(frozen=True)
class StepOutcome(Generic[S]):
    """One command carried out: the journal's event and the state it leaves."""

    event: Event
    state: S


class GameSystem(Protocol[S, C]):
    """A game system's rules as a match plays them (see the module docstring)."""

    SYSTEM: ClassVar[str]
    """The game system's id (``data/rulesets/systems.toml``)."""
    COMMAND: ClassVar[type]
    """The base class of its commands (a command of another game is refused)."""

    def command_from_json(self, raw: Mapping[str, Any]) -> C:
        """A command from the JSON form the journal keeps;
        :class:`~referee.rules.command.CommandError` names what cannot be read."""
        ...

    def parse_command(self, text: str) -> C:
        """A command from its text form (a line of a text journal)."""
        ...

    def check_typed(self, state: S, command: C) -> None:
        """Refuse ``command`` typed now by the referee (the window's command line, ``referee
        match step --command``) on ``state`` where it leaves out what a new step must say
        though the journal's form of it may (a step written before a ruling replays as it
        was written, never checked here): an error of the one family naming the field."""
        ...

    def step(self, state: S, command: C, dice: Dice) -> StepOutcome[S]:
        """Carry out ``command`` on ``state`` with ``dice`` (the state itself is not
        changed); a refused command raises an error of the one family."""
        ...

    def fold(self, state: S, event: Event) -> S:
        """``state`` after ``event`` as the journal recorded it; a :class:`RefereeError`
        when it cannot be carried out (a damaged journal)."""
        ...

    def kept_state(self, event: Event) -> S | None:
        """The whole state ``event`` keeps after it, for a system whose events keep it (a
        journal then folds from its last event alone); None: the state is folded event by
        event (:meth:`fold`)."""
        ...

    def agenda(self, state: S) -> str:
        """What the referee must do now, in words."""
        ...

    def shown(self, event: Event) -> Event:
        """``event`` in the words a referee reads today, for the window, the report and the
        command line to show; the journal keeps (and checks) the words it always wrote."""
        ...

    def report(
        self, page: ReportPage, initial: S, state: S, steps: Sequence[Step]
    ) -> ReportOutline:
        """The game's part of the match's printed report: its sections, written into
        ``page`` (:mod:`referee.rules.report`), from the set-up ``initial``, the state now and
        the journal's active ``steps``."""
        ...
