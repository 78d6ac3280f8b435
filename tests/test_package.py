"""The one-folder app (issue 16): ``bash packaging/build`` makes ``dist/referee/``, whose
program passes its smoke test offscreen and answers the command line as the installed
command does. Slow (it builds): run with ``-m package`` or ``REFEREE_TEST_PACKAGE=1``;
``.ci/run`` does when the packaging files change."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
BUILT = REPO / "dist" / "referee" / ("referee.exe" if sys.platform == "win32" else "referee")

pytestmark = pytest.mark.package


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The app, built afresh by the documented command."""
    done = subprocess.run(
        ["bash", str(REPO / "packaging" / "build")],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert BUILT.is_file()
    return BUILT


def _env(tmp: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("REFEREE_")}
    env.pop("QT_QPA_PLATFORM", None)
    env.update(
        HOME=str(tmp / "home"),
        XDG_DATA_HOME=str(tmp / "data"),
        XDG_CONFIG_HOME=str(tmp / "config"),
        XDG_CACHE_HOME=str(tmp / "cache"),
    )
    return env


def test_the_built_app_passes_its_smoke_test_offscreen(built, tmp_path):
    done = subprocess.run(
        [str(built), "smoke"], env=_env(tmp_path), capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert "63 hexes and 6 unit tokens" in done.stdout
    # the search index was built with the app, not at the first search
    assert "index: the index shipped with the app" in done.stdout
    assert not any(tmp_path.rglob("*.referee"))  # the smoke test keeps nothing


def test_the_built_app_answers_line_of_sight_like_the_installed_command(built, tmp_path):
    args = ["los", "standard", "B3", "F6", "--json"]
    frozen = subprocess.run(
        [str(built), *args], env=_env(tmp_path), capture_output=True, text=True, timeout=120
    )
    installed = subprocess.run(
        [sys.executable, "-m", "referee", *args],
        env=_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert frozen.returncode == installed.returncode == 0, frozen.stderr + installed.stderr
    assert frozen.stdout == installed.stdout
    answer = json.loads(frozen.stdout)
    # B3 and F6 on the open standard battlefield: 4 columns and 3 rows apart, range 5
    assert (answer["from"], answer["to"], answer["range"]) == ("B3", "F6", 5)


def test_the_built_app_ships_its_data_and_desktop_entry(built):
    folder = built.parent
    internal = folder / "_internal"
    assert (internal / "data" / "catalogue" / "catalogue.toml").is_file()
    assert (internal / "resources" / "referee.svg").is_file()
    assert (internal / "prebuilt" / "rules-search.db").is_file()
    if sys.platform.startswith("linux"):
        entry = (folder / "referee.desktop").read_text(encoding="utf-8")
        assert "Exec=referee %f" in entry and "Icon=referee" in entry
        assert os.access(folder / "install-desktop-entry", os.X_OK)
    qt = {p.name for p in (internal / "PySide6").glob("Qt*.abi3.*")}
    assert {n.split(".")[0] for n in qt} == {"QtCore", "QtGui", "QtWidgets"}


def test_the_desktop_entry_installs_for_the_user(built, tmp_path):
    if not sys.platform.startswith("linux"):
        pytest.skip("the desktop entry is Linux's")
    env = _env(tmp_path)
    done = subprocess.run(
        [str(built.parent / "install-desktop-entry")],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    entry = (tmp_path / "data" / "applications" / "referee.desktop").read_text()
    assert f'Exec="{built}" %f' in entry
    assert (tmp_path / "data" / "icons" / "hicolor" / "scalable" / "apps" / "referee.svg").is_file()


def test_the_built_app_pairs_a_swiss_round_as_the_installed_command(built, tmp_path):
    # the Swiss round's matching is rustworkx's, imported only when a round is paired: the
    # built app must carry it (and its compiled part) all the same
    env = _env(tmp_path)
    event = tmp_path / "event.db"

    def app(*args: str) -> str:
        done = subprocess.run(
            [str(built), *args], env=env, capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    app("tournament", "new", str(event), "--name", "Packed Open", "--seed", "3")
    for name in ("Ada", "Brin", "Cato", "Dana"):
        app("tournament", "add-player", str(event), name)
    tables = json.loads(app("tournament", "pair", str(event), "--json"))["tables"]
    result = tmp_path / "result.toml"
    for t in tables:
        a, b = t["players"]
        result.write_text(
            f'[[players]]\nname = "{a}"\nsurviving = {{ ip = 24 }}\ndestroyed = {{}}\n'
            f'[[players]]\nname = "{b}"\nsurviving = {{}}\ndestroyed = {{ ip = 24 }}\n',
            encoding="utf-8",
        )
        app(
            "tournament",
            "result",
            str(event),
            "--round",
            "1",
            "--table",
            str(t["table"]),
            "--result",
            str(result),
        )
    second = json.loads(app("tournament", "pair", str(event), "--json"))
    assert second["round"] == 2
    met = {frozenset(t["players"]) for t in tables}
    # winners meet winners and losers losers: no table of round 1 again
    assert all(frozenset(t["players"]) not in met for t in second["tables"])
