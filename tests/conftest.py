"""Shared fixtures: the shipped rulesets and maps."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

import pytest

# Before referee is first imported: the run's cache folder (map geometry, the rules index) is
# a temporary folder from the start, never the developer's own.
_RUN_CACHE = tempfile.mkdtemp(prefix="referee-test-cache-")
atexit.register(shutil.rmtree, _RUN_CACHE, ignore_errors=True)
os.environ["REFEREE_CACHE"] = _RUN_CACHE

from referee.paths import data_dir  # noqa: E402

# The app's tests (tests/app/) never need a display: Qt draws offscreen.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

DATA = data_dir()

USER_ENV = ("REFEREE_HOME", "REFEREE_MATCHES", "REFEREE_CACHE")


@pytest.fixture(scope="session", autouse=True)
def user_folders_of_the_session(tmp_path_factory):
    """The platform's user folders (matches, settings, caches...) in a temporary folder for
    the whole run: the suite never writes into the developer's own (referee.paths)."""
    root = tmp_path_factory.mktemp("user")
    with pytest.MonkeyPatch.context() as mp:
        for name in USER_ENV:
            mp.delenv(name, raising=False)
        for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
            mp.setenv(name, str(root / name.lower()))
        yield root


def pytest_collection_modifyitems(config, items):
    """Tests marked ``package`` build the one-folder app (minutes): they run with ``-m
    package`` or ``REFEREE_TEST_PACKAGE=1``, and are skipped otherwise."""
    asked = os.environ.get("REFEREE_TEST_PACKAGE") == "1" or "package" in (
        config.getoption("markexpr") or ""
    )
    if asked:
        return
    skip = pytest.mark.skip(reason="builds the app: run with -m package or REFEREE_TEST_PACKAGE=1")
    for item in items:
        if item.get_closest_marker("package") is not None:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def current():
    from referee.ruleset.shipped import ruleset

    return ruleset("current")


@pytest.fixture(scope="session")
def first_draft():
    from referee.ruleset.shipped import ruleset

    return ruleset("first-draft")


def map_path(name: str) -> Path:
    return DATA / "maps" / f"{name}.toml"


# --- the event stores: a file, and a PostgreSQL server (tests/pg_cluster.py) ---------------


@pytest.fixture(scope="session")
def pg_server():
    """The URL of a PostgreSQL server whose user may make databases: ``REFEREE_TEST_PG``
    (CI starts one), else a throwaway cluster started here. Skipped only where no server
    binaries exist at all, and never when ``REFEREE_REQUIRE_PG`` is set (CI)."""
    import pg_cluster

    url = os.environ.get(pg_cluster.ENV_URL)
    if url:
        yield url
        return
    bindir = pg_cluster.binaries()
    if bindir is None:
        why = (
            "no PostgreSQL server binaries (initdb, pg_ctl) on this machine: the server "
            "tests need them (Debian: apt-get install postgresql)"
        )
        if os.environ.get(pg_cluster.ENV_REQUIRE):
            pytest.fail(f"{why}; {pg_cluster.ENV_REQUIRE} is set, so they must run")
        pytest.skip(why)
    cluster = pg_cluster.Cluster(bindir)
    try:
        yield cluster.start()
    finally:
        cluster.stop()


_databases = iter(range(1, 1_000_000))


@pytest.fixture
def pg_url(pg_server):
    """A new, empty database on the test server: its URL."""
    import pg_cluster
    import psycopg

    name = f"t{os.getpid()}_{next(_databases)}"
    with psycopg.connect(pg_server, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    return pg_cluster.with_database(pg_server, name)


@pytest.fixture(params=["file", "server"])
def event_target(request, tmp_path):
    """Where a test's event lives: an SQLite file, or a database on a PostgreSQL server.
    A test taking it runs once with each store."""
    if request.param == "file":
        return str(tmp_path / "ev.db")
    return request.getfixturevalue("pg_url")
