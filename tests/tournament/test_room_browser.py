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


MEASURE = """(function () {
  // what the phone shows: the standings table inside the page's width (or its own scroll
  // box), and every header of it whole
  var page = document.documentElement.clientWidth;
  var table = document.querySelector('div.scroll table');
  var heads = Array.prototype.map.call(table.querySelectorAll('th'), function (th) {
    return th.textContent + (th.scrollWidth > th.clientWidth ? ' CUT' : '');
  });
  return {page: page, table: Math.ceil(table.getBoundingClientRect().right),
          scrolled: document.documentElement.scrollWidth, heads: heads};
})()"""


def test_the_standings_on_a_phone_show_every_column_whole(tmp_path):
    # the five default tie-breakers (TVP, MVP, SOS, H2H, destroyed enemy points) after a
    # round with results, names of two words, through a real server in a real chromium
    # laid out at 390x844 CSS pixels: the last column showed as "DESTRO", cut off
    import random

    from desk_helpers import random_result
    from phone_browser import Phone

    path = tmp_path / "ev.db"
    with Desk.create(path, name="Game Night Open", seed=3, who="desk") as desk:
        for n in ("Alice Ames", "Bob Brown", "Cara Cole", "Dan Dye", "Eve East", "Finn Ford"):
            desk.add_player(n, "ork")
        desk.pair()
        rng = random.Random(7)
        for t, (a, b) in enumerate(desk.event().round(1).tables, 1):
            desk.record_result(1, t, random_result(rng, a, b))
    phone = Phone(str(CHROMIUM), tmp_path / "profile")
    try:
        with serve(path) as s:
            phone.open(s.url + "standings")
            measured = phone.evaluate(MEASURE)
            phone.screenshot(tmp_path / "standings.png")
    finally:
        phone.close()
    assert measured["page"] == 390, measured  # a phone's width, not headless chromium's 500
    assert measured["table"] <= measured["page"], measured  # the table fits the page
    assert measured["scrolled"] <= measured["page"], measured
    assert not [h for h in measured["heads"] if h.endswith(" CUT")], measured["heads"]
    assert any(h.startswith("DEST") for h in measured["heads"]), measured["heads"]


def _fill(fields: dict[str, str]) -> str:
    """JavaScript that types ``fields`` (name: text) into the page's form inputs."""
    import json

    return (
        f"(function (f) {{ for (var k in f) {{ document.querySelector("
        f"'[name=\"' + k + '\"]').value = f[k]; }} }})({json.dumps(fields)});"
    )


def _click(button: str) -> str:
    return f"document.querySelector('{button}').click();"


def _said(phone) -> str:
    return str(phone.evaluate("document.body.innerText"))


def test_a_phone_reports_confirms_disputes_and_votes_through_the_served_forms(tmp_path):
    # a real chromium at a phone's size posts the table page's and the vote page's own
    # forms (what a player does): the pages' referrer policy decides the Origin the
    # browser sends with a form (under "no-referrer" it sends "Origin: null"), and every
    # post was refused "Forbidden" as from another site, the right code included
    from phone_browser import Phone

    path = tmp_path / "ev.db"
    with Desk.create(path, name="Phone Cup", seed=3, who="desk") as desk:
        for n in ("Ada", "Brin", "Cato", "Dora"):
            desk.add_player(n, "ork")
        desk.pair()
        room.issue_codes(desk)
        event = desk.event()
    codes = room.codes(event)
    (a, b), (c, d) = event.round(1).tables
    phone = Phone(str(CHROMIUM), tmp_path / "profile")
    try:
        with serve(path) as s:
            # table 1: a types c's code (another table's), then their own, and b confirms
            phone.open(s.url + "tables/1/1")
            phone.evaluate(_fill({"s0_ip": "20", "d0_ip": "4", "s1_ip": "10", "d1_ip": "14"}))
            phone.evaluate(_fill({"code": codes[c]}))
            phone.submit(_click('button[value="report"]'))
            mistyped = _said(phone)
            assert "not one of this table's players' codes" in mistyped, mistyped
            assert "Forbidden" not in mistyped  # the table's page again, its form to retry
            kept = "['s0_ip', 'd0_ip', 's1_ip', 'd1_ip'].map(function (n) {"
            kept += " return document.querySelector('[name=' + n + ']').value; })"
            assert phone.evaluate(kept) == ["20", "4", "10", "14"]  # the numbers typed stay
            phone.evaluate(_fill({"s0_ip": "20", "d0_ip": "4", "s1_ip": "10", "d1_ip": "14"}))
            phone.evaluate(_fill({"code": codes[a]}))
            phone.submit(_click('button[value="report"]'))
            reported = _said(phone)
            phone.screenshot(tmp_path / "reported.png")
            assert f"waiting for {b} to confirm" in reported, reported
            phone.evaluate(_fill({"code": codes[b]}))
            phone.submit(_click('button[value="confirm"]'))
            confirmed = _said(phone)
            # table 2: c reports, d disputes
            phone.open(s.url + "tables/1/2")
            phone.evaluate(_fill({"s0_ip": "24", "d0_ip": "0", "s1_ip": "0", "d1_ip": "24"}))
            phone.evaluate(_fill({"code": codes[c]}))
            phone.submit(_click('button[value="report"]'))
            assert f"waiting for {d} to confirm" in _said(phone), _said(phone)
            phone.evaluate(_fill({"code": codes[d], "why": "I kept two tanks"}))
            phone.submit(_click('button[value="dispute"]'))
            disputed = _said(phone)
            # the vote page: a votes for c's painting
            phone.open(s.url + "vote")
            phone.evaluate(_fill({"category": "painting", "for": c, "code": codes[a]}))
            phone.submit(_click('form[action="/vote"] button'))
            voted = _said(phone)
            phone.screenshot(tmp_path / "voted.png")
    finally:
        phone.close()
    assert "Recorded: the result is the table" in confirmed, confirmed
    assert "Forbidden" not in disputed and "disputed" in disputed.lower(), disputed
    assert f"Recorded: {a} votes for {c}" in voted, voted
    with Desk.open(path) as desk:
        after = desk.event()
    assert after.round(1).results[1].record.who == f"{a} and {b}, via the room"
    assert 2 not in after.round(1).results
