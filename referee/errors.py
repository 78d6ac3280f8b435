"""The one family of errors for everything a user can get wrong.

Every error the engine raises about the user's input (a data file, a command, a die, an
order, a match file) is a :class:`RefereeError`. The command line and the app turn the whole
family into a message; anything else that escapes is a bug in referee, not the user's fault.
An error names where the problem is: the file, the line, the field or the unit, whichever
apply, so the message can say it and the app can point at it.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from pathlib import Path

from referee.limits import DATA_FILE_MAX_BYTES

EXCERPT_CHARS = 60
"""The most of a bad value a message quotes (:func:`excerpt`)."""
LONG_WORD_CHARS = 300
"""A run of text without a space that long in a message is a value pasted whole: the
family's messages quote an excerpt of it instead (:func:`shortened`)."""


def excerpt(value: object, most: int = EXCERPT_CHARS) -> str:
    """``value`` as a message quotes it: its ``repr`` (text in quotes), cut after ``most``
    characters with how long it was (``'xxxx…' (100000 characters)``), so a value pasted
    whole never makes a message as long as itself."""
    text = repr(value)
    if len(text) <= most:
        return text
    size = len(value) if isinstance(value, str | bytes) else len(text)
    return _cut(text, most, size)


def _cut(text: str, most: int, size: int) -> str:
    """The first ``most`` characters of ``text``, and how long the whole was."""
    return f"{text[:most]}… ({size} characters)"


_LONG_WORD = re.compile(rf"\S{{{LONG_WORD_CHARS},}}")


def shortened(message: str) -> str:
    """``message`` with every run of more than :data:`LONG_WORD_CHARS` characters without a
    space cut to an excerpt (the safety net under every message of the family: a value
    quoted whole by a message that did not use :func:`excerpt`)."""
    if len(message) < LONG_WORD_CHARS:
        return message
    return _LONG_WORD.sub(lambda m: _cut(m.group(), EXCERPT_CHARS, len(m.group())), message)


_WHOLE = re.compile(r"\s*([+-]?)([0-9]{1,18})\s*")


def whole_number(text: str) -> int | None:
    """The whole number ``text`` writes (ASCII digits, an optional sign, spaces around), or
    None: the one reading of a number typed by a user (a command, a journal, an option).
    ``str.isdigit`` accepts ``²`` and ``int`` refuses it; ``int`` accepts Arabic-Indic
    digits and ``1_000``; neither is a number a referee typed. At most 18 digits, so any
    number read is far below 2^63 (a file keeps it) and no huge text is converted."""
    found = _WHOLE.fullmatch(text) if isinstance(text, str) else None
    if found is None:
        return None
    value = int(found.group(2))
    return -value if found.group(1) == "-" else value


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

    def __str__(self) -> str:
        return shortened(super().__str__())

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
    """The message of ``error`` on one line: a data file's problems joined by '; ', a file
    system's refusal (:class:`OSError`) in words (:func:`storage_message`)."""
    if isinstance(error, DataFileError):
        return shortened(f"{error.path}: {'; '.join(error.problems)}")
    if isinstance(error, OSError):
        return storage_message(error)
    return "; ".join(part.strip() for part in str(error).splitlines() if part.strip())


# --- the disk's refusals: full, read only, no permission -----------------------------------

_ERRNO_WORDS = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EROFS: "the file system is read-only",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.ENOENT: "no such file or folder",
    errno.ENOTDIR: "a part of the path is not a folder",
    errno.EISDIR: "is a folder",
    errno.ENAMETOOLONG: "the file name is too long",
    errno.EIO: "the disk could not be read or written (an input/output error)",
}
_SQLITE_WORDS = {
    "SQLITE_FULL": "the disk is full",
    "SQLITE_READONLY": "the file (or its folder) is read-only for referee",
    "SQLITE_PERM": "permission denied",
    "SQLITE_AUTH": "permission denied",
    "SQLITE_CANTOPEN": "cannot be opened (no permission, or its folder is missing)",
    "SQLITE_IOERR": "the disk could not be read or written (an input/output error)",
}


def storage_problem(exc: BaseException, path: Path | str | None = None) -> str | None:
    """What the disk refused, in words, when ``exc`` says the disk is full, read-only, not
    permitted or failing (an :class:`OSError` or SQLite's error), else None: then the
    error is about the file's content (damage), not the disk. The caller names the file.

    SQLite says only "disk I/O error" when it cannot grow a file it keeps beside a database
    (the shared index of WAL mode): with ``path`` (the file), an input/output error on a
    disk with no space left is called a full disk."""
    if isinstance(exc, OSError) and exc.errno in _ERRNO_WORDS:
        return _ERRNO_WORDS[exc.errno]
    name = getattr(exc, "sqlite_errorname", None)  # sqlite3.Error, without importing it
    if isinstance(name, str):
        if name.startswith("SQLITE_IOERR") and path is not None and _no_space(path):
            return _SQLITE_WORDS["SQLITE_FULL"]
        for prefix, words in _SQLITE_WORDS.items():
            if name == prefix or name.startswith(prefix + "_"):
                if name == "SQLITE_IOERR_NOMEM":
                    return None
                return words
    text = str(exc)
    if "disk is full" in text or "database or disk is full" in text:
        return _SQLITE_WORDS["SQLITE_FULL"]
    if "readonly database" in text:
        return _SQLITE_WORDS["SQLITE_READONLY"]
    return None


def _no_space(path: Path | str) -> bool:
    """Whether the file system holding ``path`` has no block left for referee."""
    try:
        info = os.statvfs(Path(path).resolve().parent)
    except (OSError, AttributeError):  # no statvfs (Windows), or no such folder
        return False
    return info.f_bavail == 0


def storage_message(exc: OSError) -> str:
    """An :class:`OSError` as one line naming the file (an excerpt of a long name) and what
    the disk refused in words (``/media/usb/ev.db: the disk is full``)."""
    problem = storage_problem(exc) or (exc.strerror or str(exc)).strip()
    names = [os.fsdecode(n) for n in (exc.filename, exc.filename2) if n is not None]
    return shortened(f"{' -> '.join(names)}: {problem}" if names else problem)


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
    here); anything that is not TOML becomes a :class:`DataFileError` naming ``path``.
    Parsed by ``tomli`` (the standard library's ``tomllib``, compiled: pyproject.toml)."""
    import tomli

    if len(text) > DATA_FILE_MAX_BYTES:
        raise DataFileError(
            path, [f"{len(text)} characters, over the limit of {DATA_FILE_MAX_BYTES}"]
        )
    try:
        return tomli.loads(text)
    except RecursionError:
        raise DataFileError(path, ["not usable TOML: arrays or tables nested too deep"]) from None
    except tomli.TOMLDecodeError as exc:
        raise DataFileError(path, [f"not valid TOML: {exc}"]) from None
