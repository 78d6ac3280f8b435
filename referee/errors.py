"""The one family of errors for everything a user can get wrong.

Every error the engine raises about the user's input (a data file, a command, a die, an
order, a match file) is a :class:`RefereeError`. The command line and the app turn the whole
family into a message; anything else that escapes is a bug in referee, not the user's fault.
An error names where the problem is: the file, the line, the field or the unit, whichever
apply, so the message can say it and the app can point at it.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from referee.limits import DATA_FILE_MAX_BYTES


class RefereeError(ValueError):
    """Bad input from the user, with where it is.

    Subclasses keep their own messages; ``file``, ``line``, ``field`` and ``unit`` are there
    for a caller that wants to point at the place (the app selects the field, the desk the
    unit entry). They are optional because not every input has all of them.
    """

    file: Path | None = None
    line: int | None = None
    field: str | None = None
    unit: str | None = None

    def where(self) -> str:
        """The place as words (``x.toml, line 4, field 'rows'``), or '' when none is known."""
        parts = []
        if self.file is not None:
            parts.append(str(self.file))
        if self.line is not None:
            parts.append(f"line {self.line}")
        if self.unit is not None:
            parts.append(f"unit {self.unit!r}")
        if self.field is not None:
            parts.append(f"field {self.field!r}")
        return ", ".join(parts)


class DataFileError(RefereeError):
    """A data file (map, terrain, ruleset, rulings) that cannot be used as it is.

    ``problems`` lists every problem found, each already naming its key, so a
    referee fixes a file in one pass instead of one error at a time.
    """

    def __init__(self, path: Path | str, problems: list[str]) -> None:
        self.path = Path(path)
        self.file = self.path
        self.problems = list(problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(f"{self.path}:\n{lines}")


def one_line(error: BaseException) -> str:
    """The message of ``error`` on one line: a data file's problems joined by '; '."""
    if isinstance(error, DataFileError):
        return f"{error.path}: {'; '.join(error.problems)}"
    return "; ".join(part.strip() for part in str(error).splitlines() if part.strip())


class LimitError(RefereeError):
    """An input over one of the documented limits (:mod:`referee.limits`); the message names
    the field, the value and the limit."""

    def __init__(
        self,
        field: str,
        value: object,
        limit: int,
        *,
        file: Path | str | None = None,
        unit: str | None = None,
    ) -> None:
        self.field = field
        self.value = value
        self.limit = limit
        self.unit = unit
        self.file = None if file is None else Path(file)
        where = f"{self.file}: " if self.file is not None else ""
        super().__init__(
            f"{where}{field}: {value} is over the limit of {limit} "
            "(referee's limits are listed in its README, section Limits)"
        )


def at_most(field: str, value: int, limit: int, *, file: Path | str | None = None) -> int:
    """``value`` when it is at most ``limit``, else :class:`LimitError` naming ``field``."""
    if value > limit:
        raise LimitError(field, value, limit, file=file)
    return value


def within(field: str, value: int, limit: int, *, file: Path | str | None = None) -> int:
    """``value`` when ``-limit <= value <= limit``, else :class:`LimitError`."""
    if value > limit or value < -limit:
        raise LimitError(field, value, limit, file=file)
    return value


class FileKindError(RefereeError):
    """A path that cannot be read as a file: missing, a folder, a device or a pipe."""

    def __init__(self, path: Path, problem: str) -> None:
        self.file = path
        self.problem = problem
        super().__init__(f"{path}: {problem}")


def read_bounded(path: Path | str, limit: int, what: str = "file") -> bytes:
    """The bytes of the regular file ``path``; refused before reading when it is not a
    regular file (``/dev/zero``, ``/dev/urandom``, a folder, a pipe) or is larger than
    ``limit`` bytes. At most ``limit + 1`` bytes are ever read, so a file that grows while
    it is read is refused too."""
    path = Path(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise FileKindError(path, "file not found") from None
    except OSError as exc:
        raise FileKindError(path, f"cannot be read ({exc.strerror or exc})") from None
    if stat.S_ISDIR(info.st_mode):
        raise FileKindError(path, "is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise FileKindError(path, f"is not a regular file (a device or a pipe); give a {what}")
    if info.st_size > limit:
        raise LimitError(f"{what} size in bytes", info.st_size, limit, file=path)
    try:
        with open(path, "rb") as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise FileKindError(path, f"cannot be read ({exc.strerror or exc})") from None
    if len(data) > limit:
        raise LimitError(f"{what} size in bytes", f"more than {limit}", limit, file=path)
    return data


def read_toml(path: Path) -> dict[str, object]:
    """Parse a TOML data file; a missing, foreign, oversized or malformed file becomes a
    :class:`DataFileError` naming it (a syntax error with its line)."""
    try:
        data = read_bounded(path, DATA_FILE_MAX_BYTES, "data file")
    except FileKindError as exc:
        raise DataFileError(path, [exc.problem]) from None
    except LimitError as exc:
        raise DataFileError(path, [str(exc).removeprefix(f"{path}: ")]) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataFileError(path, [f"not UTF-8 text: {exc}"]) from None
    return parse_toml(text, path)


def parse_toml(text: str, path: Path | str) -> dict[str, object]:
    """Parse the TOML ``text`` of the file ``path`` (a map kept in a match file is read
    here); anything that is not TOML becomes a :class:`DataFileError` naming ``path``."""
    import tomllib

    if len(text) > DATA_FILE_MAX_BYTES:
        raise DataFileError(
            path, [f"{len(text)} characters, over the limit of {DATA_FILE_MAX_BYTES}"]
        )
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise DataFileError(path, ["not usable TOML: arrays or tables nested too deep"]) from None
    except tomllib.TOMLDecodeError as exc:
        raise DataFileError(path, [f"not valid TOML: {exc}"]) from None
