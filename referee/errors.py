"""Errors that name the file and the key or line where bad input was found."""

from __future__ import annotations

from pathlib import Path


class DataFileError(ValueError):
    """A data file (map, terrain, ruleset, rulings) that cannot be used as it is.

    ``problems`` lists every problem found, each already naming its key, so a
    referee fixes a file in one pass instead of one error at a time.
    """

    def __init__(self, path: Path | str, problems: list[str]) -> None:
        self.path = Path(path)
        self.problems = list(problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(f"{self.path}:\n{lines}")


def read_toml(path: Path) -> dict[str, object]:
    """Parse a TOML file; a syntax error becomes a :class:`DataFileError` with its line."""
    import tomllib

    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise DataFileError(path, ["file not found"]) from None
    except IsADirectoryError:
        raise DataFileError(path, ["is a folder, not a file"]) from None
    except tomllib.TOMLDecodeError as exc:
        raise DataFileError(path, [f"not valid TOML: {exc}"]) from None
    except UnicodeDecodeError as exc:
        raise DataFileError(path, [f"not UTF-8 text: {exc}"]) from None
