"""Where referee reads what it ships and writes what the user owns: the one place that says.

Two kinds of folders, never mixed:

- **Shipped, read only**: the data files (``data/``), the resources (the icon) and, in the
  built app, the prebuilt rules search index. In a checkout they are the checkout's; in the
  one-folder app (PyInstaller) they sit in the app's own folder; in a pip install, under
  ``<prefix>/share/referee``. Nothing is ever written there.
- **The user's, written**: matches, tournaments, army lists, imported rulebooks, settings
  and backups live in the platform's user data folder (platformdirs:
  ``~/.local/share/referee`` on Linux, or ``$XDG_DATA_HOME/referee``;
  ``%LOCALAPPDATA%\\referee`` on Windows; ``~/Library/Application Support/referee`` on
  macOS). Files that can always be rebuilt (map geometry, the search index) go to the
  platform's cache folder (``~/.cache/referee``, ``$XDG_CACHE_HOME/referee``).

Overrides, for a second desk, a USB stick or a test: ``$REFEREE_DATA`` (the data files),
``$REFEREE_HOME`` (the user data folder as a whole, settings included),
``$REFEREE_MATCHES`` (the matches folder alone) and ``$REFEREE_CACHE`` (the cache folder).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # SQLite is imported by the backups that use it: the app paints its first
    import sqlite3  # frame, and most commands run, without it

APP_NAME = "referee"
SQLITE_MAGIC = b"SQLite format 3\x00"


# --- what referee ships (read only) -------------------------------------------------------


def bundle_dir() -> Path | None:
    """The built app's own folder of files (PyInstaller's), or None when not built."""
    if getattr(sys, "frozen", False):
        return Path(getattr(sys, "_MEIPASS", Path(sys.executable).parent))
    return None


@cache
def _checkout() -> Path:
    """The folder this copy of referee sits in (resolved once: every data file read asks)."""
    return Path(__file__).resolve().parent.parent


def data_dir() -> Path:
    """The ``data/`` folder: ``$REFEREE_DATA``, the built app's, the checkout's, or the
    installed copy."""
    env = os.environ.get("REFEREE_DATA")
    if env:
        return Path(env)
    bundle = bundle_dir()
    if bundle is not None:
        return bundle / "data"
    checkout = _checkout() / "data"
    if checkout.is_dir():
        return checkout
    return Path(sys.prefix) / "share" / APP_NAME / "data"


def resources_dir() -> Path:
    """The icon and the desktop entry's files: the built app's or the checkout's."""
    bundle = bundle_dir()
    if bundle is not None:
        return bundle / "resources"
    checkout = _checkout() / "resources"
    if checkout.is_dir():
        return checkout
    return Path(sys.prefix) / "share" / APP_NAME / "resources"


def icon_path() -> Path:
    return resources_dir() / "referee.svg"


def prebuilt_dir() -> Path | None:
    """Files the build made ahead of time so the first start need not (the rules search
    index), or None outside the built app."""
    bundle = bundle_dir()
    return bundle / "prebuilt" if bundle is not None else None


# --- what the user owns (written) ---------------------------------------------------------


def user_data_dir() -> Path:
    """The user's referee folder: ``$REFEREE_HOME``, else the platform's user data folder."""
    env = os.environ.get("REFEREE_HOME")
    if env:
        return Path(env)
    import platformdirs  # imported when asked: most commands never ask

    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def matches_dir() -> Path:
    """Where new matches go: ``$REFEREE_MATCHES``, else ``<user data>/matches``."""
    env = os.environ.get("REFEREE_MATCHES")
    if env:
        return Path(env)
    return user_data_dir() / "matches"


def armies_dir() -> Path:
    """Where the army builder offers to keep army lists: ``<user data>/armies``."""
    return user_data_dir() / "armies"


def maps_dir() -> Path:
    """Where the map editor offers to keep the user's maps: ``<user data>/maps``."""
    return user_data_dir() / "maps"


def tournaments_dir() -> Path:
    """Where the tournament desk offers to keep event files: ``<user data>/tournaments``."""
    return user_data_dir() / "tournaments"


def backups_dir() -> Path:
    """Copies taken before a change that cannot be undone: ``<user data>/backups``."""
    return user_data_dir() / "backups"


def imports_db_path() -> Path:
    """The imported rulebooks: ``<user data>/imports.db``."""
    return user_data_dir() / "imports.db"


def settings_root() -> Path:
    """The folder Qt keeps the app's settings under (``QSettings``, an INI file per
    organisation and application): ``$REFEREE_HOME/settings``, else the platform's user
    config folder (``~/.config`` on Linux, ``$XDG_CONFIG_HOME``)."""
    env = os.environ.get("REFEREE_HOME")
    if env:
        return Path(env) / "settings"
    import platformdirs

    return platformdirs.user_config_path()


def settings_file() -> Path:
    """The app's settings: ``<settings root>/referee/referee.ini``."""
    return settings_root() / APP_NAME / f"{APP_NAME}.ini"


def cache_dir() -> Path:
    """A folder for derived files that can always be rebuilt (map geometry, the search
    index): ``$REFEREE_CACHE``, else the platform's user cache folder (the folder
    platformdirs names; found without importing it where :func:`plain_cache_dir` can)."""
    env = os.environ.get("REFEREE_CACHE")
    if env:
        return Path(env)
    plain = plain_cache_dir(sys.platform, os.environ)
    if plain is not None:
        return plain
    import platformdirs

    return platformdirs.user_cache_path(APP_NAME, appauthor=False)


def plain_cache_dir(platform: str, environ: Mapping[str, str]) -> Path | None:
    """The user cache folder platformdirs names for ``platform`` when the environment
    alone says it (None: ask platformdirs): on Linux and the other Unixes ``$XDG_CACHE_HOME``
    when absolute, else ``$HOME/.cache``; on macOS ``$HOME/Library/Caches`` when
    ``$XDG_CACHE_HOME`` is unset or empty; ``referee`` inside. Every other case (Windows,
    Android, iOS, a relative ``HOME`` or ``$XDG_CACHE_HOME``, no ``HOME``, macOS with
    ``$XDG_CACHE_HOME``) is left to platformdirs.

    A command that reads its cache folder (the rules index, a map's line table) finds it
    without importing platformdirs (with the ``tempfile`` and ``shutil`` it brings: about
    7 ms, once measured against a ``referee match check`` of 250); tests/test_user_folders.py
    checks these answers against platformdirs' own."""
    if (
        platform in ("win32", "ios", "cygwin")
        or "ANDROID_ROOT" in environ
        or hasattr(sys, "getandroidapilevel")
    ):
        return None
    home = environ.get("HOME", "")
    xdg = environ.get("XDG_CACHE_HOME", "")
    if platform == "darwin":
        if xdg or not home.startswith("/"):
            return None
        return Path(home, "Library", "Caches", APP_NAME)
    if xdg.startswith("/"):
        return Path(xdg, APP_NAME)
    if xdg or not home.startswith("/"):
        return None  # relative: platformdirs' own rules
    return Path(home, ".cache", APP_NAME)


def user_dirs() -> dict[str, Path]:
    """Every folder referee writes to, by name (for Help > About and the README)."""
    return {
        "user data": user_data_dir(),
        "matches": matches_dir(),
        "armies": armies_dir(),
        "maps": maps_dir(),
        "tournaments": tournaments_dir(),
        "backups": backups_dir(),
        "imported rulebooks": imports_db_path(),
        "settings": settings_file(),
        "cache": cache_dir(),
    }


SAFE_NAME_MAX_CHARS = 64
_WINDOWS_RESERVED = frozenset(
    {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}
)


def safe_file_name(name: str, fallback: str, max_chars: int = SAFE_NAME_MAX_CHARS) -> str:
    """``name`` (an event's, a player's, an army's, a database's...) as a file name without
    its suffix that stays in the folder it is put in: ASCII letters, digits, ``-`` and
    ``_`` kept, every other run of characters (``/``, ``\\``, ``.``, spaces, accents)
    one ``-``, no ``-`` or ``_`` at either end, at most ``max_chars``; ``fallback`` when
    nothing is left or the name is one Windows reserves (``con``, ``nul``...). The one
    place a name becomes a file name: no ``..``, no hidden file, no separator, ever."""
    out: list[str] = []
    for char in name:
        keep = char.isascii() and (char.isalnum() or char in "-_")
        if keep:
            out.append(char)
        elif out and out[-1] != "-":
            out.append("-")
    stem = "".join(out)[:max_chars].strip("-_")
    if not stem or stem.lower() in _WINDOWS_RESERVED:
        return fallback
    return stem


def free_path(path: Path) -> Path:
    """``path`` if no file has it, else ``<stem>-2<suffix>``, ``-3``... the first free one."""
    candidate, n = path, 2
    while candidate.exists():
        candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
        n += 1
    return candidate


def _is_sqlite(path: Path) -> bool:
    """Whether SQLite reads ``path`` as a database. SQLite is asked, never a plain ``open()``:
    closing any other handle on a database file drops the locks this process's SQLite
    connections hold on it (sqlite.org/howtocorrupt.html, 2.2), and other processes then
    stop seeing what this one writes. A missing file raises ``FileNotFoundError``."""
    import sqlite3

    if not path.is_file():
        raise FileNotFoundError(f"{path}: no such file")
    try:
        probe = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            probe.execute("PRAGMA schema_version").fetchone()
        finally:
            probe.close()
    except sqlite3.DatabaseError:
        return False
    return True


class BackupFailed(OSError):
    """A copy for the backups folder that could not be written (a full disk, a folder not
    writable); ``target`` the copy it was to be, the disk's or SQLite's error its cause.
    The change it was to precede is not made (the desk says so: ``tournament.store``)."""

    def __init__(self, target: Path, cause: BaseException) -> None:
        code = cause.errno if isinstance(cause, OSError) else None
        super().__init__(code, str(cause), str(target))
        self.target = target
        self.cause = cause


def backup_file(
    path: Path | str,
    label: str = "",
    folder: Path | None = None,
    source: sqlite3.Connection | None = None,
) -> Path:
    """Copy ``path`` into the backups folder (or ``folder``) as
    ``<stem>-<label>-<date>-<time><suffix>``, never replacing an earlier copy; the copy's
    path. An SQLite file is copied through SQLite's backup, so a copy taken while another
    desk writes is whole; ``source``: a connection to it already open (an event store's
    own), used instead of opening another."""
    import shutil
    import sqlite3
    from datetime import datetime

    path = Path(path)
    folder = folder if folder is not None else backups_dir()
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    parts = [safe_file_name(path.stem, "event"), *([safe_file_name(label, "")] if label else [])]
    parts = [*filter(None, parts), stamp]
    target = folder / f"{'-'.join(parts)}{path.suffix}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        target = free_path(target)
        partial = staging_path(target)  # this copy's own: desks on one machine back up at once
    except OSError as exc:
        raise BackupFailed(target, exc) from None
    try:
        if source is None and not _is_sqlite(path):
            shutil.copy2(path, partial)
        else:
            reader = source or sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            try:
                copy = sqlite3.connect(partial)
                try:
                    reader.backup(copy)
                finally:
                    copy.close()
            finally:
                if source is None:
                    reader.close()
        return place_new(partial, target)  # the copy appears whole or not at all
    except (OSError, sqlite3.OperationalError) as exc:  # the disk's refusal (or the event's)
        raise BackupFailed(target, exc) from None
    finally:
        partial.unlink(missing_ok=True)


def staging_path(target: Path) -> Path:
    """A new, empty-named file beside ``target`` for writing it aside (``.<name>.*.partial``),
    unique to this caller."""
    import tempfile

    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".partial", dir=target.parent)
    os.close(fd)
    os.unlink(name)
    return Path(name)


def place_new(partial: Path, target: Path) -> Path:
    """Move the finished ``partial`` to ``target``, or to the next free name
    (:func:`free_path`) if another process took that one meanwhile; never replacing a file.
    Where it went."""
    while True:
        try:
            os.link(partial, target)
        except FileExistsError:
            target = free_path(target)
            continue
        partial.unlink()
        return target


def _sync(fd: int) -> None:
    """Flush ``fd``'s data to the disk."""
    os.fsync(fd)


def sync_folder(folder: Path) -> None:
    """Make a file moved into ``folder`` stay there after a crash (its entry on the disk);
    a system whose folders cannot be opened (Windows) keeps it without."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def refused_at(target: Path, exc: OSError) -> OSError:
    """The disk's refusal ``exc`` (met while writing beside ``target``) as one naming
    ``target``, the file the user asked for (not the temporary one beside it)."""
    return OSError(exc.errno, exc.strerror or str(exc), str(target))


def write_asking(
    out: Path | str,
    write: Callable[[Path], Iterable[Path]],
    may_replace: Callable[[list[Path]], bool],
) -> list[Path]:
    """Write a file or a folder of files at ``out`` without replacing any file silently.

    ``write`` is given a stand-in for ``out`` in a staging folder beside it and returns the
    files it wrote there; the files of ``out`` they would replace are put to
    ``may_replace`` (a dialog, or a ``--force``). Refused: nothing is written and the
    result is ``[]``. Accepted: the files are moved into place, each whole; the files
    written (at their real places)."""
    import shutil
    import tempfile

    out = Path(out)
    folder = out.parent if str(out.parent) else Path(".")
    if not folder.is_dir():  # a folder typed wrong is said, never made (as write_whole)
        from referee.errors import RefereeError

        raise RefereeError(
            f"{out}: cannot write it: no folder {str(folder)!r}; nothing was written"
        )
    try:
        stage = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".partial", dir=folder))
    except OSError as exc:
        raise refused_at(out, exc) from None
    try:
        try:
            staged = [Path(p) for p in write(stage / out.name)]
        except OSError as exc:  # a full disk while writing aside: nothing was moved yet
            raise refused_at(out, exc) from None
        pairs = [(p, out.parent / p.relative_to(stage)) for p in staged]
        clashes = [final for _, final in pairs if final.exists()]
        if clashes and not may_replace(clashes):
            return []
        try:
            for staged_file, _ in pairs:  # on the disk before any is moved into place
                with open(staged_file, "rb") as fh:
                    _sync(fh.fileno())
        except OSError as exc:
            raise refused_at(out, exc) from None
        for staged_file, final in pairs:
            final.parent.mkdir(parents=True, exist_ok=True)
            os.replace(staged_file, final)
            sync_folder(final.parent)
        return [final for _, final in pairs]
    finally:
        shutil.rmtree(stage, ignore_errors=True)
