"""The one family of errors for everything a user can get wrong.

Every error the engine raises about the user's input (a data file, a command, a die, an
order, a match file) is a :class:`RefereeError`. The command line and the app turn the whole
family into a message; anything else that escapes is a bug in referee, not the user's fault.
An error names where the problem is: the file, the line, the field or the unit, whichever
apply, so the message can say it and the app can point at it.
"""

from __future__ import annotations

from pathlib import Path


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


def read_toml(path: Path) -> dict[str, object]:
    """Parse a TOML file; a syntax error becomes a :class:`DataFileError` with its line.

    A shipped data file (under :func:`referee.paths.data_dir`) is read once: its parsed
    contents are kept in the cache folder and used while the file's size and time of
    change stay the same (parsing the rulesets and rulings is most of a short command)."""
    cached = _parsed(path)
    if cached is not None:
        return cached
    import tomllib

    try:
        with open(path, "rb") as fh:
            doc = tomllib.load(fh)
        _keep(path, doc)
        return doc
    except FileNotFoundError:
        raise DataFileError(path, ["file not found"]) from None
    except IsADirectoryError:
        raise DataFileError(path, ["is a folder, not a file"]) from None
    except tomllib.TOMLDecodeError as exc:
        raise DataFileError(path, [f"not valid TOML: {exc}"]) from None
    except UnicodeDecodeError as exc:
        raise DataFileError(path, [f"not UTF-8 text: {exc}"]) from None


_CACHE_VERSION = 1


def _cache_file(path: Path) -> tuple[Path, tuple[int, int]] | None:
    """Where the parsed contents of a shipped data file are kept, and its stamp."""
    import os

    from referee.paths import cache_dir, data_dir

    data = str(data_dir())
    full = os.path.abspath(path)
    if not full.startswith(data + os.sep):
        return None
    try:
        st = os.stat(full)
    except OSError:
        return None
    # one folder per data folder (worktrees, installs), one file per data file
    where = full[len(data) + 1 :].replace(os.sep, "__")
    folder = cache_dir() / f"toml-v{_CACHE_VERSION}" / data.strip(os.sep).replace(os.sep, "__")
    return folder / f"{where}.marshal", (st.st_mtime_ns, st.st_size)


def _parsed(path: Path) -> dict[str, object] | None:
    import marshal

    where = _cache_file(path)
    if where is None:
        return None
    file, stamp = where
    try:
        with open(file, "rb") as fh:
            kept_stamp, doc = marshal.load(fh)
    except (OSError, EOFError, ValueError, TypeError):
        return None
    return doc if tuple(kept_stamp) == stamp and isinstance(doc, dict) else None


def _keep(path: Path, doc: dict[str, object]) -> None:
    import marshal
    import os

    where = _cache_file(path)
    if where is None:
        return
    file, stamp = where
    try:
        data = marshal.dumps((stamp, doc))  # dates and times are not kept: ValueError
        file.parent.mkdir(parents=True, exist_ok=True)
        tmp = file.with_name(f"{file.name}.{os.getpid()}.tmp")
        tmp.write_bytes(data)
        tmp.replace(file)
    except (OSError, ValueError):
        pass
