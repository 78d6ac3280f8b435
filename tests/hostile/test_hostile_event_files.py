"""Damaged event files, and damaged events on a server, through every ``referee tournament``
command (issue 23): each command works, or says in one line what is wrong (a message of the
family, naming the event when the event is what is wrong), never a traceback; and a command
that fails changes nothing: no file's bytes, no row on the server.

The damages (``event_damage.py``): a NULL in a record, JSON of the wrong type or shape, a
record of one kind holding another's data, a record deleted, a column or table dropped or
renamed, a meta value changed, bytes overwritten (files only). Each example runs every
reading command (which never changes the event, whether it answers or refuses) and a few
writing commands drawn with the damage; the examples are few (``DAMAGED``: a few seconds
each), so the suite stays quick. A longer run, and the figures:
``tests/hostile/fuzz_event_files.py`` (see its docstring).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from event_damage import (
    READING_COMMANDS,
    WRITING_COMMANDS,
    argv_of,
    build_event,
    damage_file,
    damage_server,
    damages,
    server_rows,
)
from hostile_harness import (  # noqa: F401 (autouse fixture)
    HOSTILE,
    own_folders,
    run_cli,
    snapshot,
)
from hypothesis import given, settings
from hypothesis import strategies as st

DAMAGE_WORDS = ("damaged", "not an event file", "no such event file")
DAMAGED = settings(HOSTILE, max_examples=min(HOSTILE.max_examples, 6))
"""Six damaged event files in the suite (``REFEREE_HOSTILE_EXAMPLES`` lowers it)."""
DAMAGED_SERVER = settings(HOSTILE, max_examples=min(HOSTILE.max_examples, 3))
"""Three damaged events on a server (each a database made from a template: slower)."""
WRITES = st.lists(st.sampled_from(WRITING_COMMANDS), min_size=1, max_size=3, unique=True)
"""The writing commands tried on one damaged event."""


def event_files(folder: Path) -> dict[str, str]:
    """The event file's bytes (and its write-ahead log's, when it holds anything)."""
    return {k: v for k, v in snapshot(folder).items() if k.startswith("ev.db")}


def check_named(err: str, ev: str) -> None:
    """A message that says the event is damaged names it (its path or URL), on one line."""
    lines = err.strip().splitlines()
    assert len(lines) <= 1 or lines[0].startswith("usage: "), err
    if any(word in err for word in DAMAGE_WORDS):
        assert ev in err, (ev, err)


@pytest.fixture(scope="module")
def base_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("event")
    build_event(str(folder / "ev.db"), folder)
    return folder


@DAMAGED
@given(changes=damages(), writes=WRITES, data=st.data())
def test_a_damaged_event_file_gives_one_line_naming_it_or_works(
    tmp_path_factory, base_file, changes, writes, data
):
    folder = tmp_path_factory.mktemp("damaged")
    shutil.copytree(base_file, folder, dirs_exist_ok=True)
    ev = folder / "ev.db"
    damage_file(ev, changes, data.draw)
    damaged = event_files(folder)
    for command in READING_COMMANDS:
        outcome = run_cli(argv_of(command, str(ev), folder), "event files", watch=folder)
        check_named(outcome.err, str(ev))
        assert event_files(folder) == damaged, f"reading changed the event: {command}"
    for command in writes:  # a failing one changes no file (run_cli's watch)
        outcome = run_cli(argv_of(command, str(ev), folder), "event files", watch=folder)
        check_named(outcome.err, str(ev))


@pytest.fixture(scope="module")
def base_server(pg_server: str, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    """A database holding the event, to copy (``CREATE DATABASE ... TEMPLATE``); its name."""
    import os

    import pg_cluster
    import psycopg

    name = f"damaged_base_{os.getpid()}"
    with psycopg.connect(pg_server, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    folder = tmp_path_factory.mktemp("server-event")
    build_event(pg_cluster.with_database(pg_server, name), folder)
    return name, folder


_copies = iter(range(1, 10**9))


@DAMAGED_SERVER
@given(changes=damages(server=True), writes=WRITES, data=st.data())
def test_a_damaged_event_on_a_server_gives_one_line_naming_it_or_works(
    tmp_path_factory, pg_server, base_server, changes, writes, data
):
    import pg_cluster
    import psycopg

    base, armies = base_server
    name = f"{base}_{next(_copies)}"
    with psycopg.connect(pg_server, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}" TEMPLATE "{base}"')
    url = pg_cluster.with_database(pg_server, name)
    folder = tmp_path_factory.mktemp("damaged-server")
    shutil.copytree(armies, folder, dirs_exist_ok=True)
    try:
        damage_server(url, changes, data.draw)
        damaged = server_rows(url)
        for command in READING_COMMANDS:
            outcome = run_cli(argv_of(command, url, folder), "event servers")
            check_named(outcome.err, url)
            assert server_rows(url) == damaged, f"reading changed the event: {command}"
        for command in writes:
            before = server_rows(url)
            outcome = run_cli(argv_of(command, url, folder), "event servers")
            check_named(outcome.err, url)
            if outcome.status not in (0, 1):
                assert server_rows(url) == before, f"a failing command changed the event: {command}"
    finally:
        with psycopg.connect(pg_server, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
