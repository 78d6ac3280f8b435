"""Journals written as text: a match's set-up, then its steps with commands and typed dice.

```text
# comments start with '#'
format: 8                        # the current format (older ones replay as played)
map: entrenched
edition: current                 # optional: the map's own edition by default ('ruleset:' too)
seed: 7
ruling: fire.natural-one=always-misses      # optional, repeatable
scenario: entrenched             # optional: a scenario; a unit without hex= waits for its setup
victory: fixed-time minutes=90   # optional: the victory condition chosen
unit: tank standard-tank side=1 hex=C2 facing=3 speed=stand-still
unit: grunts ork-grunts side=2 hex=E6

step: Fire: the tank at the grunts
fire shooter=tank target=grunts weapon="Main gun"
dice: 5 6

step: Apply damage
apply-damage
```

A command line is its kind and ``key=value`` words (shell quoting); numbers become numbers,
a value starting with ``{`` or ``[`` is JSON (``deflection='{"cancelled": {"2": {"E34": 3}}}'``).
For ``correct``, every key but ``uid`` is a field to set. Each line is read into the typed
command of the journal's game and checked as it is read (:mod:`referee.rules.orders.commands`,
:mod:`referee.rules.activation.commands`): an unknown kind or key, a missing or ill-typed
field is refused naming the line and the field.
``dice:`` lists the dice the table rolled for the step, in the order the engine asks for them.
Errors name the line.
A journal of the activation rules names its ruleset (``ruleset: activation``, no map: each
mission has its own), its armies (``unit: tank battle-tank side=1``, no hex: units are
deployed in the game), optionally the missions offered (``mission: crossroads``, repeatable),
and takes that system's commands (``deploy side=1 uid=tank hex=H15 facing=N``;
``data/journals/activation-crossroads.journal``).
A journal without ``format: 2`` was written before the turn began with the orders step, one
without ``format: 3`` when a fire action was carried out at any step, one without
``format: 4`` when the clock left a gunnery step past units ordered to fire that had not,
one without ``format: 5`` when every edition rolled Misfire, Optimal at point blank on a
weapon gave nothing and an elite fired its base's weapon too; each replays as it did then
(:mod:`referee.match.journal.formats`). ``format: 6`` (a step written again after an undo draws
fresh dice) reads as 5: a text journal writes each step once, at its first attempt. One
without ``format: 7`` ran a step of the turn wherever the clock was, and replays so; one
without ``format: 8`` carried out an Aim, Spot or Load order wherever the clock was (a
gunnery order naming no step being Gunnery 1's), and replays so.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from referee.errors import RefereeError, excerpt, read_bounded, whole_number
from referee.limits import JOURNAL_MAX_BYTES, MATCH_MAX_STEPS, MATCH_MAX_UNITS
from referee.match.journal.formats import CURRENT
from referee.match.journal.text_journal import JournalStep, TextJournal
from referee.rules.command import Command, CommandError
from referee.rules.orders.commands import (
    command_from_json,
    command_words,
    json_word,
    split_words,
)


class JournalTextError(RefereeError):
    """A line of a text journal that cannot be read; the message names file and line."""


def _value(text: str) -> object:
    try:
        return json_word(text, "value")
    except CommandError as exc:
        raise JournalTextError(str(exc).removeprefix("value: ")) from None


def _pairs(words: list[str], where: str) -> dict[str, object]:
    out: dict[str, object] = {}
    for w in words:
        key, sep, value = w.partition("=")
        if not sep or not key:
            raise JournalTextError(f"{where}: {w!r} is not key=value")
        out[key] = _value(value)
    return out


def _activation_commands() -> Callable[[Mapping[str, object]], Command]:
    from referee.rules.activation.commands import command_from_json as read  # its journal only

    return read


COMMAND_READERS: dict[str, Callable[[], Callable[[Mapping[str, object]], Command]]] = {
    "orders": lambda: command_from_json,
    "activation": _activation_commands,
}
"""Game system -> how to load its reader of a command's JSON form into its typed value (a
text journal's commands are read at this edge, each checked as it is read; a system's
modules load only for a journal of its own)."""

DEFAULT_SYSTEM = "orders"
"""The game system of a journal or match that names no ruleset (its map's edition)."""


def journal_system(edition: str | None) -> str:
    """The game system of the ruleset ``edition`` (None: :data:`DEFAULT_SYSTEM`); a ruleset
    that cannot be loaded is taken as the default system (playing it then says what is
    wrong, naming the ruleset)."""
    if edition is None:
        return DEFAULT_SYSTEM
    from referee.ruleset.shipped import ruleset

    try:
        return ruleset(edition).system
    except RefereeError:
        return DEFAULT_SYSTEM


def parse_command(line: str, where: str = "command", system: str = DEFAULT_SYSTEM) -> Command:
    """One command line (``fire shooter=tank target=grunts weapon="Main gun"``) as the typed
    command of the game ``system``, its kind and fields checked (an unknown system reads
    as the default's). An error names the line and the field."""
    read = COMMAND_READERS.get(system, COMMAND_READERS[DEFAULT_SYSTEM])()
    try:
        return read(command_words(line, where))
    except CommandError as exc:
        message = str(exc)
        error = JournalTextError(message if message.startswith(where) else f"{where}: {message}")
        error.field = exc.field
        raise error from None


def parse_unit_line(line: str, where: str = "unit") -> dict[str, object]:
    """``tank standard-tank side=1 hex=C2 facing=3``: a unit of the set-up."""
    try:
        words = split_words(line)
    except ValueError as exc:
        raise JournalTextError(f"{where}: {exc}") from None
    if len(words) < 2:
        raise JournalTextError(f"{where}: expected UID UNIT-ID key=value...")
    return {"uid": words[0], "unit": words[1], **_pairs(words[2:], where)}


def parse_journal(text: str, source: str = "<journal>") -> TextJournal:
    """Read a text journal (see the module docstring)."""
    j = TextJournal()
    step: JournalStep | None = None
    raw_lines: list[tuple[JournalStep, str, str]] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        where = f"{source}, line {n}"
        line = raw.split("#", 1)[0].strip() if not raw.lstrip().startswith("step:") else raw.strip()
        if not line:
            continue
        head, colon, rest = line.partition(":")
        key = head.strip().lower()
        if colon and key in (
            "format",
            "map",
            "edition",
            "seed",
            "ruling",
            "unit",
            "step",
            "dice",
            "scenario",
            "victory",
            "ruleset",
            "mission",
        ):
            rest = rest.strip()
            if key == "format":
                known = [str(n) for n in range(1, CURRENT + 1)]
                if rest not in known:
                    said = ", ".join(known[:-1])
                    raise JournalTextError(f"{where}: format {said} or {known[-1]}, not {rest!r}")
                j.format = int(rest)
            elif key == "map":
                j.map = rest
            elif key == "scenario":
                j.scenario = rest
            elif key == "victory":
                words = rest.split()
                if not words:
                    raise JournalTextError(f"{where}: expected victory: CONDITION [minutes=N]")
                j.victory = {"condition": words[0], **_pairs(words[1:], where)}
            elif key in ("edition", "ruleset"):
                j.edition = rest
            elif key == "mission":
                j.missions.append(rest)
            elif key == "seed":
                seed = whole_number(rest)
                if seed is None or seed < 0:
                    raise JournalTextError(
                        f"{where}: seed must be a whole number, not {excerpt(rest)}"
                    )
                j.seed = seed
            elif key == "ruling":
                rid, sep, option = rest.partition("=")
                if not sep:
                    raise JournalTextError(f"{where}: expected ruling: ID=READING")
                j.readings[rid.strip()] = option.strip()
            elif key == "unit":
                if len(j.units) >= MATCH_MAX_UNITS:
                    raise JournalTextError(f"{where}: over the limit of {MATCH_MAX_UNITS} units")
                j.units.append(parse_unit_line(rest, where))
            elif key == "step":
                if len(j.steps) >= MATCH_MAX_STEPS:
                    raise JournalTextError(f"{where}: over the limit of {MATCH_MAX_STEPS} steps")
                step = JournalStep(rest or f"step at line {n}", n)
                j.steps.append(step)
            elif key == "dice":
                if step is None:
                    raise JournalTextError(f"{where}: dice before any step:")
                dice = [whole_number(x) for x in rest.replace(",", " ").split()]
                if not all(d is not None and 0 <= d < 10**9 for d in dice):
                    raise JournalTextError(f"{where}: dice are whole numbers: {excerpt(rest)}")
                step.dice.extend(d for d in dice if d is not None)
            continue
        if step is None:
            raise JournalTextError(f"{where}: a command before any 'step:' line")
        raw_lines.append((step, line, where))
        step.lines.append(n)
    if not j.map and not j.scenario and not j.edition:
        raise JournalTextError(f"{source}: no 'map:' line (or 'scenario:', or 'ruleset:')")
    system = journal_system(j.edition)  # the header may come after the first step
    for step, line, where in raw_lines:
        step.commands.append(parse_command(line, where, system))
    return j


def read_journal(path: Path | str) -> TextJournal:
    path = Path(path)
    try:
        text = read_bounded(path, JOURNAL_MAX_BYTES, "text journal").decode("utf-8")
    except UnicodeDecodeError as exc:
        raise JournalTextError(f"{path}: not UTF-8 text ({exc})") from None
    return parse_journal(text, str(path))


def replay_journal(journal: TextJournal, path: Path | str, source: str = "<journal>") -> Any:
    """Play ``journal`` into a new match file at ``path`` and return it (a MatchFile).

    The steps are written in one transaction. A refused command or a wrong number of dice
    is reported with its step and line, and the file is removed again.
    """
    from referee.match.games.systems import match_class

    match = match_class(journal.edition).from_journal(journal, path)
    at = None
    try:
        with match.batch():  # one transaction: a commit per step would cost most of the time
            for at in journal.steps:
                match.run(at.name, at.commands, typed=at.dice)
    except RefereeError as exc:
        match.close()
        Path(path).unlink()  # a journal that fails leaves no file behind
        where = f"step {at.name!r} (line {at.line})" if at is not None else "writing"
        raise JournalTextError(f"{source}, {where}: {exc}") from None
    return match
