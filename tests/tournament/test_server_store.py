"""The event on a PostgreSQL server (a real throwaway cluster): the URL never carries a
password; a server that is down or silent, a wrong database, a database without an event and
an event from a newer referee are refused with a message naming the URL, in bounded time;
a desk hears other desks' writes as they land; a write waiting on a desk that holds the
event gives up with a message; a lost connection is named and made again."""

from __future__ import annotations

import json
import socket
import tempfile

import psycopg
import pytest
from pg_cluster import with_database

from referee.cli.main import main
from referee.tournament import pg_store
from referee.tournament.desk import Desk
from referee.tournament.store import EventServerError


def test_a_url_carrying_a_password_is_refused_and_the_password_never_shown(capsys):
    for url in (
        "postgresql://desk:s3cret@venue/open2027",
        "postgresql://desk@venue/open2027?password=s3cret",
    ):
        with pytest.raises(EventServerError, match=r"PGPASSWORD or ~/\.pgpass") as err:
            Desk.open(url)
        assert "s3cret" not in str(err.value)
        assert main(["tournament", "standings", url]) == 2
        out = capsys.readouterr()
        assert "carries a password" in out.err and "s3cret" not in out.err + out.out


def test_a_url_without_a_database_or_with_a_mistyped_option_is_refused():
    with pytest.raises(EventServerError, match="name the event's database"):
        Desk.open("postgresql://desk@venue")
    with pytest.raises(EventServerError, match=r"not a valid server URL.*conect_timeout"):
        Desk.open("postgresql://desk@venue/open2027?conect_timeout=3")


def test_a_server_that_is_down_is_named():
    with tempfile.TemporaryDirectory() as empty:  # a socket folder with no server in it
        url = f"postgresql://desk@/open2027?host={empty}"
        with pytest.raises(EventServerError, match="cannot reach the event's server") as err:
            Desk.open(url)
        assert url in str(err.value)
        # it failed at once: the message does not speak of a wait that never happened
        assert "within" not in str(err.value) and "No such file" in str(err.value)


def test_a_server_that_never_answers_is_given_up_on_after_the_connect_timeout():
    with socket.socket() as silent:  # accepts the connection, never says a word
        silent.bind(("127.0.0.1", 0))
        silent.listen(1)
        port = silent.getsockname()[1]
        url = f"postgresql://desk@127.0.0.1:{port}/open2027?connect_timeout=1"
        with pytest.raises(EventServerError, match="no answer within 1 s"):
            Desk.open(url)


def test_a_wrong_database_is_named(pg_server):
    url = with_database(pg_server, "no_such_event")
    with pytest.raises(EventServerError, match="has no database 'no_such_event'"):
        Desk.open(url)


def test_a_database_without_an_event_says_how_to_make_one(pg_url):
    with pytest.raises(EventServerError, match=r"holds no event.*tournament new"):
        Desk.open(pg_url)


def test_an_event_from_a_newer_referee_is_refused_and_left_as_it_is(pg_url):
    Desk.create(pg_url, name="Future Cup", seed=1).close()
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("UPDATE referee_meta SET value = '2' WHERE key = 'format_version'")
    with pytest.raises(EventServerError, match=r"newer referee.*format 2.*up to 1"):
        Desk.open(pg_url)
    with psycopg.connect(pg_url) as conn:
        assert conn.execute("SELECT count(*) FROM referee_records").fetchone() == (1,)


def test_an_event_on_a_server_is_never_overwritten(pg_url):
    Desk.create(pg_url, name="First", seed=1).close()
    with pytest.raises(EventServerError, match="already holds an event"):
        Desk.create(pg_url, name="Second", seed=1)
    with Desk.open(pg_url) as desk:
        assert desk.event().name == "First"


def test_records_keep_their_json_as_written_and_the_servers_time(pg_url):
    with Desk.create(pg_url, name="Cup", seed=1, who="desk-1") as desk:
        desk.add_player("Éva", "elf")
        head, player = desk.store.records()
    assert dict(player.data) == {"name": "Éva", "nation": "elf", "entered": 1}
    assert player.who == "desk-1" and player.id == head.id + 1 == 2
    assert player.at.endswith("+00:00") and player.at[10] == "T"  # UTC, ISO 8601


def test_a_desk_hears_another_desks_write_as_it_lands(pg_url):
    with Desk.create(pg_url, name="Cup", seed=1) as desk:
        listener = desk.store.listen()
        assert listener is not None
        try:
            assert not listener.drain()
            with Desk.open(pg_url, who="desk-2") as other:
                other.add_player("Zed")
            assert listener.wait(30)
            assert desk.store.revision() == 2
        finally:
            listener.close()


def test_a_write_waiting_on_a_desk_that_holds_the_event_gives_up_with_a_message(
    pg_url, monkeypatch
):
    monkeypatch.setattr(pg_store, "LOCK_SECONDS", 1)
    Desk.create(pg_url, name="Cup", seed=1).close()
    with psycopg.connect(pg_url) as holder:  # another desk in the middle of a write
        holder.execute("LOCK TABLE referee_records IN SHARE ROW EXCLUSIVE MODE")
        with (
            Desk.open(pg_url) as desk,
            pytest.raises(EventServerError, match="held the event for more than 1 s"),
        ):
            desk.add_player("Ada")
    with Desk.open(pg_url) as desk:
        assert "Ada" not in desk.event().players
        desk.add_player("Ada")  # the hold is over: the write goes through


def test_a_lost_connection_is_named_and_made_again(pg_url):
    with Desk.create(pg_url, name="Cup", seed=1) as desk:
        store = desk.store
        assert isinstance(store, pg_store.PostgresEventStore)
        pid = store.conn.info.backend_pid
        with psycopg.connect(pg_url, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        with pytest.raises(EventServerError, match="lost the server"):
            desk.event()
        desk.add_player("Ada")
        assert list(desk.event().players) == ["Ada"]


def test_after_a_failed_reconnection_the_next_try_waits_a_moment(pg_url):
    with Desk.create(pg_url, name="Cup", seed=1) as desk, tempfile.TemporaryDirectory() as empty:
        store = desk.store
        store.conn.close()  # lost; and the server has moved away meanwhile
        store.url = f"postgresql://desk@/gone?host={empty}"
        with pytest.raises(EventServerError, match="cannot reach"):
            store.revision()
        with pytest.raises(EventServerError, match=r"cannot reach.*trying again in \d s"):
            store.revision()  # at once, without waiting on the network again
        store.url, store.unreachable = pg_url, None  # the server is back
        assert store.revision() == 1


def test_two_desks_making_the_event_at_once_make_one(pg_url):
    from concurrent.futures import ThreadPoolExecutor

    def make(name):
        try:
            Desk.create(pg_url, name=name, seed=1).close()
            return name
        except EventServerError as exc:
            return exc

    with ThreadPoolExecutor(2) as pool:
        outcomes = list(pool.map(make, ["Cup A", "Cup B"]))
    made = [o for o in outcomes if isinstance(o, str)]
    refused = [o for o in outcomes if isinstance(o, EventServerError)]
    assert len(made) == 1 and len(refused) == 1
    assert "nothing was written" in str(refused[0]) or "already holds" in str(refused[0])
    with Desk.open(pg_url) as desk:
        assert desk.event().name == made[0] and len(desk.store.records()) == 1


def test_before_each_pairing_the_servers_event_is_copied_to_a_file_in_the_backups(
    pg_url, tmp_path, monkeypatch
):
    from referee.tournament.stores import open_store

    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    with Desk.create(pg_url, name="Cup", seed=1) as desk:
        for n in ("Ada", "Brin"):
            desk.add_player(n)
        before = desk.store.records()
        desk.pair()
        copy = desk.last_backup
    assert copy is not None and copy.parent == tmp_path / "home" / "backups"
    assert copy.name.startswith(f"{pg_url.split('/')[3].split('?')[0]}-before-round-1-")
    kept = open_store(copy)  # an event file, the event as it was before the pairing
    assert kept.records() == before
    kept.close()


def test_an_event_stamped_by_newer_data_on_the_server_is_refused(pg_url):
    from referee.versions import current_versions

    Desk.create(pg_url, name="Cup", seed=1).close()
    newer = json.dumps({"catalogue": current_versions().catalogue + 1})
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("UPDATE referee_meta SET value = %s WHERE key = 'versions'", (newer,))
    with pytest.raises(EventServerError, match=r"newer referee \(rules catalogue"):
        Desk.open(pg_url)
