"""Shared fixtures: the shipped rulesets and maps."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from referee.paths import data_dir

# The app's tests (tests/app/) never need a display: Qt draws offscreen.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

DATA = data_dir()


@pytest.fixture(scope="session")
def current():
    from referee.rules.ruleset import ruleset

    return ruleset("current")


@pytest.fixture(scope="session")
def first_draft():
    from referee.rules.ruleset import ruleset

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
        why = ("no PostgreSQL server binaries (initdb, pg_ctl) on this machine: the server "
               "tests need them (Debian: apt-get install postgresql)")
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
