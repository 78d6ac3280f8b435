"""The served pages in a real browser at a phone's size (chromium headless, 390x844) through
a real ``referee tournament serve`` process: the page's own script runs under the pages'
content policy and reaches the server (``data-live``), names stay text, and the screenshot
is a phone-wide page. Skipped where no chromium is installed."""

from __future__ import annotations

import shutil
import struct
import subprocess

import pytest
from room_client import serve

from referee.tournament import room
from referee.tournament.desk import Desk

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium installed")


def chromium(tmp_path, *args: str) -> str:
    browser = [str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
    phone = [f"--user-data-dir={tmp_path / 'profile'}", "--window-size=390,844"]
    done = subprocess.run(
        [*browser, *phone, *args],
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_the_tables_page_on_a_phone_runs_its_script_and_shows_names_as_text(tmp_path):
    path = tmp_path / "ev.db"
    with Desk.create(path, name="Phone Cup", seed=3, who="desk") as desk:
        for n in ("Ada", "Brin", "<img src=x onerror=alert(1)>", "Dora"):
            desk.add_player(n, "ork")
        desk.pair()
        room.issue_codes(desk)
    with serve(path) as s:
        dom = chromium(tmp_path, "--virtual-time-budget=8000", "--dump-dom", s.url)
        shot = tmp_path / "tables.png"
        chromium(tmp_path, f"--screenshot={shot}", s.url + "?name=dora")
    assert 'data-live="on"' in dom  # live.js ran and read /api/revision
    assert "<img" not in dom and "&lt;img src=x onerror=alert(1)&gt;" in dom
    assert "Round 1" in dom
    width, height = struct.unpack(">II", shot.read_bytes()[16:24])  # the PNG's header
    assert (width, height) == (390, 844)
