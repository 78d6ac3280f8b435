"""The served pages of an event on a PostgreSQL server follow the desk through LISTEN/NOTIFY
(issue 28): the room server hears every append and reads the event again at once, instead
of asking its revision every second (which an event file still does)."""

from __future__ import annotations

import http.client
import json
import threading
import time

from referee.tournament import room_server
from referee.tournament.desk import Desk
from referee.tournament.room_server import RoomServer


def round_now(port: int) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", "/api/round")
        return int(json.loads(conn.getresponse().read())["round"])
    finally:
        conn.close()


def test_the_room_hears_a_desks_write_to_a_server_event_without_asking(pg_url, monkeypatch):
    monkeypatch.setattr(room_server, "FRESH", 3600.0)  # asking the revision: once an hour
    with Desk.create(pg_url, name="Cup", seed=1, who="desk") as desk:
        for n in ("Ada", "Brin", "Cato", "Dora"):
            desk.add_player(n, "ork")
    served = RoomServer(pg_url, "127.0.0.1", 0)
    thread = threading.Thread(target=served.serve_forever, daemon=True)
    thread.start()
    try:
        assert served.listening
        assert round_now(served.port) == 0
        with Desk.open(pg_url, "desk") as desk:
            desk.pair()
        deadline = time.monotonic() + 20
        while round_now(served.port) == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert round_now(served.port) == 1
    finally:
        served.stop()
        thread.join(10)


def test_a_served_event_file_has_nothing_to_listen_to_and_asks_its_revision(tmp_path):
    path = tmp_path / "ev.db"
    Desk.create(path, name="Cup", seed=1, who="desk").close()
    served = RoomServer(str(path), "127.0.0.1", 0)
    try:
        assert not served.listening
    finally:
        served.close()
