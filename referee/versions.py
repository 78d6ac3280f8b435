"""The versions of referee and of the data it reads, and the stamp every file it writes carries.

Versions are data (``data/README.md``, section "Versions"): ``version`` in
``data/catalogue/catalogue.toml`` (the clause catalogue and the rulings register), in
``data/units/units.toml`` (unit catalogues, abilities and budgets) and in each ruleset's
``ruleset.toml``. A version goes up by one when a change would make an old file come out
differently (a table, a ruling's default reading, a unit's cost).

Every match, army and tournament file records the :func:`stamp` of the referee that wrote
it. Reading a file, :func:`check_stamp` refuses one stamped with a version newer than this
referee knows (:class:`NewerFileError`, naming what is newer and leaving the file as it is)
and says which ruleset version the file was made with, so a match is read with the rules
of its day: an older ruleset version lives on, whole, in ``rulesets/<id>/history/<N>/``
(:func:`ruleset_folder`). A file written before stamps existed reads as version 1 of
everything (:data:`FIRST`).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

import msgspec

from referee import __version__
from referee.errors import DataFileError, RefereeError, read_toml
from referee.paths import data_dir

FIRST = 1
"""The version of a file or data set from before versions were recorded."""

CATALOGUE_FILE = Path("catalogue") / "catalogue.toml"
UNITS_FILE = Path("units") / "units.toml"
HISTORY = "history"


class NewerFileError(RefereeError):
    """A file written by a newer referee (a newer file format or newer data) than this one;
    the message names the file and what is newer, and the file is left untouched."""

    def __init__(self, path: Path | str, what: list[str], app: str | None) -> None:
        self.file = Path(path)
        self.newer = tuple(what)
        made_by = f"referee {app}" if app else "a newer referee"
        super().__init__(
            f"{path}: written by {made_by}, newer than this referee {__version__} "
            f"({'; '.join(what)}); update referee to open it. The file was not changed."
        )


class MissingRulesetVersion(RefereeError):
    """A file made with a ruleset version that this referee's data no longer holds."""


def _version(path: Path, doc: Mapping[str, object]) -> int:
    value = doc.get("version", FIRST)
    if isinstance(value, bool) or not isinstance(value, int) or value < FIRST:
        raise DataFileError(path, [f"version: expected a whole number 1 or more, got {value!r}"])
    return value


def data_version(path: Path) -> int:
    """The ``version`` of one data file (:data:`FIRST` when it names none)."""
    return _version(path, read_toml(path))


def version_in(path: Path, doc: Mapping[str, object]) -> int:
    """:func:`data_version` of the file ``path`` read already as ``doc``."""
    return _version(path, doc)


class Versions(msgspec.Struct, frozen=True):
    """What this referee is and knows: the app's version and the data versions."""

    app: str
    catalogue: int
    units: int
    rulesets: Mapping[str, int]

    def lines(self) -> list[str]:
        """The versions in words, one a line (Help > About, ``referee --version``)."""
        rulesets = ", ".join(f"{rid} {v}" for rid, v in self.rulesets.items())
        return [
            f"referee {self.app}",
            f"rules catalogue (clauses and rulings): version {self.catalogue}",
            f"unit catalogues and budgets: version {self.units}",
            f"rulesets: {rulesets}",
        ]

    def to_json(self) -> dict[str, Any]:
        return {
            "app": self.app,
            "catalogue": self.catalogue,
            "units": self.units,
            "rulesets": dict(self.rulesets),
        }


def current_versions(data: Path | None = None) -> Versions:
    """The versions of this referee and of the data folder ``data`` (default: the shipped)."""
    data = data or data_dir()
    root = data / "rulesets"
    rulesets = {
        p.name: data_version(p / "ruleset.toml")
        for p in sorted(root.iterdir())
        if (p / "ruleset.toml").is_file()
    }
    return Versions(
        app=__version__,
        catalogue=data_version(data / CATALOGUE_FILE),
        units=data_version(data / UNITS_FILE),
        rulesets=MappingProxyType(rulesets),
    )


def stamp(ruleset_id: str | None = None, ruleset_version: int | None = None) -> dict[str, Any]:
    """What a file records of the referee that wrote it: ``app``, ``catalogue``, ``units``
    and, for a file tied to one ruleset, ``ruleset`` and ``ruleset_version`` (default: the
    shipped ruleset's version)."""
    now = current_versions()
    out: dict[str, Any] = {"app": now.app, "catalogue": now.catalogue, "units": now.units}
    if ruleset_id is not None:
        out["ruleset"] = ruleset_id
        if ruleset_version is None:
            ruleset_version = now.rulesets.get(ruleset_id, FIRST)
        out["ruleset_version"] = ruleset_version
    return out


def _stamped(value: object, key: str, path: Path | str) -> int:
    if value is None:
        return FIRST
    if isinstance(value, bool) or not isinstance(value, int) or value < FIRST:
        raise RefereeError(f"{path}: its version stamp {key} = {value!r} is not a version")
    return value


def check_stamp(found: object, path: Path | str) -> int:
    """Refuse a file whose stamp ``found`` names a version newer than this referee knows
    (:class:`NewerFileError`); the ruleset version the file was made with (:data:`FIRST`
    for a file from before stamps, or one tied to no ruleset)."""
    found = {} if found is None else found  # path: a file, or a server's address (kept whole)
    if not isinstance(found, Mapping):
        raise RefereeError(f"{path}: its version stamp is not a table: {found!r}")
    data = data_dir()
    newer: list[str] = []
    for key, label, file in (
        ("catalogue", "rules catalogue", CATALOGUE_FILE),
        ("units", "unit catalogues", UNITS_FILE),
    ):
        version = _stamped(found.get(key), key, path)
        known = data_version(data / file)
        if version > known:
            newer.append(f"{label} version {version}, this one knows up to {known}")
    ruleset_version = _stamped(found.get("ruleset_version"), "ruleset_version", path)
    ruleset_id = found.get("ruleset")
    # the version of the ruleset the file names (a shipped one), not of every ruleset
    shipped = {p.name: p / "ruleset.toml" for p in (data / "rulesets").iterdir()}
    if isinstance(ruleset_id, str) and ruleset_id in shipped and shipped[ruleset_id].is_file():
        known = data_version(shipped[ruleset_id])
        if ruleset_version > known:
            newer.append(
                f"ruleset {ruleset_id} version {ruleset_version}, this one knows up to {known}"
            )
    if newer:
        app = found.get("app")
        raise NewerFileError(path, newer, app if isinstance(app, str) else None)
    return ruleset_version


def ruleset_folder(ruleset_id: str, version: int | None = None, data: Path | None = None) -> Path:
    """The folder of ruleset ``ruleset_id`` as it was at ``version`` (None: as it is now):
    ``rulesets/<id>/`` for the current version, ``rulesets/<id>/history/<version>/`` for an
    older one. :class:`MissingRulesetVersion` when that version is not kept."""
    folder = (data or data_dir()) / "rulesets" / ruleset_id
    if version is None or not (folder / "ruleset.toml").is_file():
        return folder
    now = data_version(folder / "ruleset.toml")
    if version == now:
        return folder
    if version > now:
        raise NewerFileError(
            folder, [f"ruleset {ruleset_id} version {version}, this one knows up to {now}"], None
        )
    old = folder / HISTORY / str(version)
    if not (old / "ruleset.toml").is_file():
        raise MissingRulesetVersion(
            f"ruleset {ruleset_id} version {version} is not kept in this referee's data "
            f"(it has version {now}; the old one would be in {old})"
        )
    found = data_version(old / "ruleset.toml")
    if found != version:
        raise DataFileError(
            old / "ruleset.toml", [f"version: {found}, but the folder is history/{version}"]
        )
    return old
