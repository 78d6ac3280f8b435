"""A match file of the activation rules (draft 002): the same SQLite file, journal, undo,
redo, replay check and transactions as a match of written orders
(:class:`~referee.match.journal.journal_file.JournalFile`), with the activation rules' own state and
step (:func:`referee.rules.activation.step.step`).

What the file holds:

* ``meta``: as every match file (format version, ruleset and readings, seed, title, the
  stamp of the versions), and ``missions``: the missions offered for the bans (null: every
  mission of the ruleset);
* ``units``: the armies, one row per unit or structure (``uid``, ``card``, ``side``), in
  order; the cards themselves are the ruleset's tables, pinned by the ruleset's version in
  the stamp (a match made with an older version reads that version's cards);
* ``events``: one per command: its kind and JSON form (``command``), the summary and the
  working in words (``text``), every die through the one dice service (rolled from the
  step's seed, or typed from the table), the clause and ruling ids, and in ``detail`` the
  ``summary``, the ``working``, what a window redraws (``redraw``: pieces, tiles, whether
  the phase or the turn moved on) and the ``state`` after the command (the activation
  rules' state as JSON). ``changes`` stays empty: the activation rules' changes are their
  state.

The journal folds into the state by taking the state kept after the last active event;
:meth:`ActivationMatch.replay_check` decides every step again from the armies, with the
dice typed at the table and the step's seed for the rest, and lists every event that comes
out differently.

Clauses ``activation.starting``, ``activation.main-phase``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from referee.dice.service import Dice
from referee.errors import RefereeError, one_line
from referee.limits import NAME_MAX_CHARS, STEP_MAX_COMMANDS
from referee.match.journal.formats import readings_for
from referee.match.journal.journal_file import (
    FORMAT_VERSION,
    JournalFile,
    MatchFileError,
    _json,
    _now,
    _plain,
    _sqlite_errors,
    check_new_match,
    step_seed,
)
from referee.rules.activation.commands import Command, command_from_json, parse_command
from referee.rules.activation.game import ActivationGame
from referee.rules.activation.record import Outcome
from referee.rules.activation.start import ArmyEntry, new_game
from referee.rules.activation.state import ActivationState, StateError
from referee.rules.activation.step import step as decide
from referee.rules.changes import Changes
from referee.rules.events import Event, Step
from referee.ruleset.shipped import load_ruleset
from referee.versions import stamp

if TYPE_CHECKING:
    from referee.match.journal.text_journal import TextJournal

CommandLike = Mapping[str, Any] | str | Command
"""A command as a step takes it: its JSON form, its text form, or the value."""


def as_command(command: CommandLike) -> Command:
    """``command`` as the activation rules' value (read from its text or JSON form)."""
    if isinstance(command, Command):
        return command
    if isinstance(command, str):
        return parse_command(command)
    if isinstance(command, Mapping):
        return command_from_json(command)
    raise MatchFileError("a command is its text, or a table of kind and fields")


def event_of(outcome: Outcome) -> Event:
    """The journal event of one decided command (see the module docstring)."""
    d = outcome.decision
    detail = {
        "summary": d.summary,
        "working": list(d.working),
        "redraw": d.changes.to_json(),
        "state": outcome.state.to_json(),
    }
    former: dict[str, Any] = {}
    if d.former_working is not None:
        former = {
            "text": "\n".join((d.summary, *d.former_working)),
            "detail": {**detail, "working": list(d.former_working)},
        }
    return Event(
        kind=d.command.KIND,
        command=d.command.to_json(),
        changes=Changes(),
        text="\n".join((d.summary, *d.working)),
        dice=d.rolls,
        clauses=d.clauses,
        rulings=d.rulings,
        detail=detail,
        former=former,
    )


def _armies(units: Sequence[Mapping[str, Any]]) -> dict[int, list[ArmyEntry]]:
    """The armies of ``units`` (``uid``, ``unit`` or ``card``, ``side``), checked."""
    armies: dict[int, list[ArmyEntry]] = {1: [], 2: []}
    for i, spec in enumerate(units):
        where = f"units[{i}]"
        if not isinstance(spec, Mapping):
            raise MatchFileError(f"{where}: expected uid, unit and side")
        extra = sorted(set(spec) - {"uid", "unit", "card", "side"})
        if extra:
            raise MatchFileError(
                f"{where} ({spec.get('uid')}): {', '.join(extra)}: a unit of the activation "
                "rules is deployed in the game (deploy side=N uid=U hex=H), not set up"
            )
        uid, card = spec.get("uid"), spec.get("unit", spec.get("card"))
        if not isinstance(uid, str) or not uid.strip() or len(uid) > NAME_MAX_CHARS:
            raise MatchFileError(f"{where}: uid: 1 to {NAME_MAX_CHARS} characters")
        if not isinstance(card, str):
            raise MatchFileError(f"{where} ({uid}): no unit (its card id)")
        side = spec.get("side", 1)
        if isinstance(side, str) and side.strip() in ("1", "2"):
            side = int(side)
        if side not in (1, 2) or isinstance(side, bool):
            raise MatchFileError(f"{where} ({uid}): side must be 1 or 2, not {side!r:.40}")
        armies[int(side)].append((uid, card))
    return armies


class ActivationMatch(JournalFile[ActivationState]):
    """An open match file of the activation rules (see the module docstring)."""

    SYSTEM: ClassVar[str] = "activation"
    game: ActivationGame

    @classmethod
    def create(
        cls,
        path: Path | str,
        *,
        units: Sequence[Mapping[str, Any]],
        ruleset: str = "activation",
        missions: Sequence[str] | None = None,
        readings: Mapping[str, str] | None = None,
        seed: int | None = None,
        title: str = "",
        settings: Mapping[str, str] | None = None,
    ) -> ActivationMatch:
        """A new match file of the activation rules: ``units`` (mappings with uid, unit --
        a unit or structure card of the ruleset -- and side) are both armies on their
        rosters, ``missions`` those offered for the bans (None: every mission). Everything
        is checked before the file is written; an existing file is never replaced."""
        path = Path(path)
        check_new_match(settings, title, seed, units)
        rules = load_ruleset(ruleset, readings or {})
        if rules.system != cls.SYSTEM:
            raise MatchFileError(
                f"ruleset {rules.id!r} is of the game system {rules.system!r}, not {cls.SYSTEM!r}"
            )
        game = ActivationGame.of(rules)
        armies = _armies(units)
        offered = list(missions) if missions else None
        new_game(game.cards, game.missions, armies, offered)  # refuses what cannot start
        meta: dict[str, Any] = {
            "format_version": FORMAT_VERSION,
            "ruleset": rules.id,
            "readings": dict(readings or {}),
            "seed": seed if seed is not None else Dice().seed,
            "title": title,
            "created": _now(),
            "settings": dict(settings or {}),
            "versions": stamp(rules.id, rules.version),
            "missions": offered,
        }
        rows = [
            {"uid": uid, "card": card, "side": side}
            for side in (1, 2)
            for uid, card in armies[side]
        ]
        cls.write_new(path, meta, {}, rows)
        return cls.open(path)

    @classmethod
    def from_journal(cls, journal: TextJournal, path: Path | str) -> ActivationMatch:
        return cls.create(
            path,
            units=journal.units,
            ruleset=journal.edition or cls.SYSTEM,
            missions=journal.missions or None,
            readings=readings_for(journal.format, journal.readings),
            seed=journal.seed,
        )

    # --- reading the file -------------------------------------------------------------

    def _load(self, meta: Mapping[str, Any], ruleset_version: int) -> None:
        try:
            self.rules = load_ruleset(
                meta["ruleset"],
                readings_for(meta["format_version"], meta.get("readings") or {}),
                ruleset_version,
            )
            self.game = ActivationGame.of(self.rules)
        except RefereeError as exc:
            raise MatchFileError(
                f"{self.path}: cannot be read: {one_line(exc)}", file=self.path
            ) from None

    def _meta_problems(self, meta: Mapping[str, Any]) -> list[str]:
        offered = meta.get("missions")
        if offered is None or (
            isinstance(offered, list) and all(isinstance(m, str) for m in offered)
        ):
            return []
        return [f"missions is not a list of mission ids: {offered!r:.40}"]

    def armies(self) -> dict[int, list[ArmyEntry]]:
        """The armies as the file holds them."""
        with _sqlite_errors(self.path), self._reading():
            rows = list(self.conn.execute("SELECT uid, data FROM units ORDER BY position"))
        units = []
        for uid, data in rows:
            raw = _json(data, f"{self.path}: unit {uid!r}")
            if not isinstance(raw, dict) or raw.get("uid") != uid:
                raise MatchFileError(
                    f"{self.path}: damaged: unit {uid!r} of the armies", file=self.path
                )
            units.append(raw)
        try:
            return _armies(units)
        except MatchFileError as exc:
            raise MatchFileError(f"{self.path}: damaged: {exc}", file=self.path) from None

    def initial_state(self) -> ActivationState:
        """Both armies on their rosters, the missions offered left to ban."""
        offered = self.meta.get("missions")
        try:
            return new_game(self.game.cards, self.game.missions, self.armies(), offered)
        except RefereeError as exc:
            raise MatchFileError(
                f"{self.path}: damaged: its armies: {one_line(exc)}", file=self.path
            ) from None

    def _event_state(self, event: Event, where: str) -> ActivationState:
        raw = event.detail.get("state")
        if not isinstance(raw, Mapping):
            raise MatchFileError(
                f"{self.path}: damaged: {where}: no state after it; it was not changed",
                file=self.path,
            )
        try:
            return ActivationState.from_json(raw)
        except StateError as exc:
            raise MatchFileError(
                f"{self.path}: damaged: {where}: {exc}; it was not changed", file=self.path
            ) from None

    def _fold(self, steps: Iterable[Step], state: ActivationState | None = None) -> ActivationState:
        """The state kept after the last event of ``steps`` (``state``, or the armies on
        their rosters, when there is none)."""
        last: tuple[Event, str] | None = None
        for s in steps:
            for i, event in enumerate(s.events):
                last = (event, f"step {s.number} ({s.name}), event {i}")
        if last is None:
            return state if state is not None else self.initial_state()
        return self._event_state(*last)

    # --- playing --------------------------------------------------------------------

    def run(
        self,
        name: str,
        commands: Iterable[CommandLike],
        typed: Iterable[int] = (),
        *,
        strict: bool = False,
        attempt: int | None = None,
    ) -> Step:
        """Carry out ``commands`` as one named step and write it (all or nothing), as
        :meth:`referee.match.games.orders_file.MatchFile.run` does: ``typed`` are dice read off the
        table, answering the step's first dice; the step's seed rolls the rest."""
        given = list(commands)
        typed = list(typed)
        self._check_step(name, len(given), STEP_MAX_COMMANDS)
        if not given:
            raise MatchFileError("a step needs a command")
        parsed = [as_command(c) for c in given]
        self._ready(strict)
        with self._writing(strict):
            number = self._open_step()
            dice = Dice(self._step_seed(number, write=True, attempt=attempt))
            dice.type_in(typed)
            state = self.state
            events: list[Event] = []
            for command in parsed:
                outcome = decide(self.game, state, command, dice)
                events.append(event_of(outcome))
                state = outcome.state
            if dice.pending:
                raise MatchFileError(
                    f"{len(dice.pending)} typed dice left over ({list(dice.pending)}): "
                    "the step needed fewer dice; nothing was written"
                )
            self._write_step(number, name, events)
        self._state = state
        return Step(number, name, tuple(events))

    def replay_check(self) -> list[str]:
        """Decide every active step's commands again from the armies, with the dice typed
        at the table and the step's seed for the rest; list the events that come out
        differently (an empty list: the journal replays exactly, dice included)."""
        problems: list[str] = []
        with _sqlite_errors(self.path), self._reading():
            steps = self.steps()
            state = self.initial_state()
            now = self._fold(steps)
            seeds = self.step_seeds()  # the steps written again after an undo (format 6)
        for s in steps:
            dice = Dice(seeds[s.number] if s.number in seeds else step_seed(self.seed, s.number))
            dice.type_in(r.value for e in s.events for r in e.dice if r.typed)
            for i, event in enumerate(s.events):
                where = f"step {s.number} ({s.name}), event {i} ({event.kind})"
                try:
                    again = event_of(
                        decide(self.game, state, command_from_json(event.command), dice)
                    )
                except RefereeError as exc:
                    problems.append(f"{where}: refused now: {one_line(exc)}")
                else:
                    mine, former = _plain(event.to_row()), again.former_row()
                    if _plain(again.to_row()) != mine and (
                        former is None or _plain(former) != mine
                    ):
                        problems.append(f"{where}: replays differently")
                state = self._event_state(event, where)
        if state.to_json() != now.to_json():
            problems.append("the replayed state differs from the journal's")
        return problems


def asked_now(state: ActivationState) -> str:
    """What the game asks now, in words, with the command that does it."""
    side = state.turn
    if state.phase == "presentation":
        return "both players present their armies: present"
    if state.phase == "missions":
        return (
            f"side {state.to_ban} bans a mission (left: {', '.join(state.missions_left)}): "
            f"ban side={state.to_ban} mission=M"
        )
    if state.phase == "order":
        if state.chooser is None:
            return "draw the player who chooses the order: roll-order"
        return (
            f"side {state.chooser} chooses to go first or second: "
            f"choose-order side={state.chooser} go=first|second"
        )
    if state.phase == "deployment":
        return (
            f"side {side} deploys a unit or structure: deploy side={side} uid=U hex=H "
            f"[facing=F ammunition=N], or deploy-pass side={side}"
        )
    if state.phase == "reserves":
        return f"side {side} leaves units in the reserves: reserves side={side} uids=U,V"
    if state.phase == "before-battle":
        return (
            f"side {side} makes a 'before the battle' action: before-battle side={side} "
            f"uid=U action=A [path=P], or before-battle-done side={side}"
        )
    return (
        f"side {side} activates a unit: move uid=U path=P, shoot uid=U shots=W>T, "
        f"capture uid=U hex=H, embark, disembark, enter; or pass side={side}"
    )
