"""Where referee writes: the user's files in the platform's user folders (referee.paths),
never inside the installed app, and a backup never replaces an earlier one."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from referee import paths
from referee.paths import (
    backup_file,
    cache_dir,
    data_dir,
    imports_db_path,
    matches_dir,
    settings_file,
    user_data_dir,
)

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def xdg(tmp_path, monkeypatch):
    """A user's XDG folders under tmp_path, and none of referee's own overrides."""
    for name in ("REFEREE_HOME", "REFEREE_MATCHES", "REFEREE_CACHE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    return tmp_path


@pytest.mark.skipif(sys.platform != "linux", reason="the XDG folders are Linux's")
def test_user_files_go_to_the_xdg_folders_on_linux(xdg):
    assert user_data_dir() == xdg / "xdg_data_home" / "referee"
    assert matches_dir() == xdg / "xdg_data_home" / "referee" / "matches"
    assert imports_db_path() == xdg / "xdg_data_home" / "referee" / "imports.db"
    assert settings_file() == xdg / "xdg_config_home" / "referee" / "referee.ini"
    assert cache_dir() == xdg / "xdg_cache_home" / "referee"


@pytest.mark.skipif(sys.platform != "linux", reason="the XDG folders are Linux's")
def test_without_xdg_variables_the_user_folders_are_under_home(xdg, monkeypatch):
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
        monkeypatch.delenv(name)
    home = xdg / "home"
    assert matches_dir() == home / ".local" / "share" / "referee" / "matches"
    assert settings_file() == home / ".config" / "referee" / "referee.ini"
    assert cache_dir() == home / ".cache" / "referee"


CACHE_CASES = [  # (HOME, XDG_CACHE_HOME): None is unset
    ("/home/ann", None),
    ("/home/ann", ""),
    ("/home/ann", "/var/tmp/xdg"),
    ("/home/ann", "/var/tmp/xdg/"),
    ("/home/ann", "relative/cache"),
    ("/home/ann", " "),
    ("/", None),
    ("relative-home", None),
    ("relative-home", "/var/tmp/xdg"),
    ("", None),
    (None, None),
    (None, "/var/tmp/xdg"),
]


@pytest.mark.parametrize(("home", "xdg_cache"), CACHE_CASES)
@pytest.mark.parametrize("platform", ["linux", "freebsd14", "darwin", "win32"])
def test_the_cache_folder_found_without_platformdirs_is_the_one_platformdirs_names(
    monkeypatch, platform, home, xdg_cache
):
    import platformdirs.macos
    import platformdirs.unix

    for name, value in (("HOME", home), ("XDG_CACHE_HOME", xdg_cache)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    for name in ("ANDROID_DATA", "ANDROID_ROOT"):
        monkeypatch.delenv(name, raising=False)
    plain = paths.plain_cache_dir(platform, os.environ)
    if platform == "win32":
        assert plain is None  # the Windows known folders are platformdirs' to ask
        return
    kind = platformdirs.macos.MacOS if platform == "darwin" else platformdirs.unix.Unix
    try:
        expected: Path | None = kind("referee", appauthor=False).user_cache_path
    except RuntimeError:  # platformdirs cannot tell either: the case is left to it
        expected = None
    if plain is not None:
        assert plain == expected
    usual = home == "/home/ann" and (
        xdg_cache in (None, "") or (platform != "darwin" and xdg_cache.startswith("/"))
    )
    assert plain is not None or not usual  # a usual user's case needs no platformdirs


@pytest.mark.skipif(sys.platform != "linux", reason="the XDG folders are Linux's")
def test_an_absolute_xdg_cache_home_is_the_cache_folder_without_importing_platformdirs(tmp_path):
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "c"), "HOME": str(tmp_path)}
    for name in ("REFEREE_CACHE", "REFEREE_HOME"):
        env.pop(name, None)
    code = (
        "import sys; from referee.paths import cache_dir; print(cache_dir()); "
        "print('platformdirs' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == [str(tmp_path / "c" / "referee"), "False"]


def test_referee_home_moves_the_user_files_and_settings_but_not_the_cache(xdg, monkeypatch):
    monkeypatch.setenv("REFEREE_HOME", str(xdg / "stick"))
    assert matches_dir() == xdg / "stick" / "matches"
    assert imports_db_path() == xdg / "stick" / "imports.db"
    assert settings_file() == xdg / "stick" / "settings" / "referee" / "referee.ini"
    assert paths.backups_dir() == xdg / "stick" / "backups"
    monkeypatch.setenv("REFEREE_MATCHES", str(xdg / "elsewhere"))
    monkeypatch.setenv("REFEREE_CACHE", str(xdg / "cache"))
    assert matches_dir() == xdg / "elsewhere"
    assert cache_dir() == xdg / "cache"


def test_no_user_folder_is_inside_the_shipped_files(xdg):
    shipped = {data_dir().resolve(), paths.resources_dir().resolve()}
    for name, folder in paths.user_dirs().items():
        for root in shipped:
            assert not folder.resolve().is_relative_to(root), name


def test_a_backup_of_an_sqlite_file_is_whole_and_never_replaces_an_earlier_one(tmp_path):
    event = tmp_path / "spring-open.referee-event"
    with sqlite3.connect(event) as conn:
        conn.execute("CREATE TABLE records (id INTEGER PRIMARY KEY, kind TEXT)")
        conn.executemany("INSERT INTO records (kind) VALUES (?)", [("player",), ("round",)])
    conn.close()
    first = backup_file(event, "before-round-2", folder=tmp_path / "backups")
    second = backup_file(event, "before-round-2", folder=tmp_path / "backups")
    assert first != second and first.exists() and second.exists()
    assert first.name.startswith("spring-open-before-round-2-")
    assert first.suffix == ".referee-event"
    with sqlite3.connect(first) as copy:
        assert copy.execute("SELECT kind FROM records ORDER BY id").fetchall() == [
            ("player",),
            ("round",),
        ]
    copy.close()
    assert not list((tmp_path / "backups").glob(".*partial"))


def test_a_backup_of_a_text_file_is_a_copy(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    army = tmp_path / "vanguard.toml"
    army.write_text('name = "Vanguard"\n', encoding="utf-8")
    copy = backup_file(army)
    assert copy.parent == tmp_path / "home" / "backups"
    assert copy.read_text(encoding="utf-8") == 'name = "Vanguard"\n'


# --- the commands write nowhere else ---------------------------------------------------------


def _tree(root: Path) -> dict[str, str]:
    """Every file under ``root`` with a hash of its content."""
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }


def test_the_commands_write_only_to_the_user_folders_and_where_they_are_told(xdg):
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("REFEREE_HOME", "REFEREE_MATCHES", "REFEREE_CACHE")
    }
    env.update(
        HOME=str(xdg / "home"),
        XDG_DATA_HOME=str(xdg / "data"),
        XDG_CONFIG_HOME=str(xdg / "config"),
        XDG_CACHE_HOME=str(xdg / "cache"),
        QT_QPA_PLATFORM="offscreen",
    )
    work = xdg / "work"
    work.mkdir()
    book = work / "house-rules.md"
    book.write_text("# Smoke\n\nSmoke drifts one hex each turn.\n", encoding="utf-8")
    shipped_before = {"data": _tree(REPO / "data"), "resources": _tree(REPO / "resources")}

    def referee(*args: str) -> None:
        done = subprocess.run(
            [sys.executable, "-m", "referee", *args],
            cwd=work,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, (args, done.stderr)

    referee("rules", "search", "smoke")
    referee("rules", "import", str(book), "--name", "house")
    referee("visible", "standard", "--all", "--json")
    referee(
        "match",
        "new",
        "m.referee",
        "--map",
        "standard",
        "--unit",
        "tank standard-tank side=1 hex=C2 facing=3",
    )
    referee("match", "report", "m.referee")
    referee("smoke")

    written = {p.relative_to(xdg).parts[0] for p in xdg.rglob("*") if p.is_file()}
    assert written == {"work", "cache", "data"}, written
    assert (xdg / "data" / "referee" / "imports.db").is_file()
    assert (xdg / "cache" / "referee" / "rules-search.db").is_file()
    assert sorted(p.name for p in work.iterdir()) == [
        "house-rules.md",
        "m.referee",
        "m.referee.html",
    ]
    assert {"data": _tree(REPO / "data"), "resources": _tree(REPO / "resources")} == (
        shipped_before
    )
