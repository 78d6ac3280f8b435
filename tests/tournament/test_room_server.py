"""The event served to the room, through a real ``referee tournament serve`` process and real
HTTP requests: the pages a phone reads, the players' results reported and confirmed with
their codes (``POST /api/result``, ``/api/confirm``, the table page's forms), and every
request a careless or hostile phone sends refused with nothing recorded."""

from __future__ import annotations

import json
import re
import threading
import time
from http.cookies import SimpleCookie
from urllib.parse import quote, urlencode

import pytest
from army_fixture import write_armies
from room_client import serve

from referee.cli.main import main
from referee.tournament import room
from referee.tournament.desk import Desk

EVE = "<b>Eve</b> & Co"
KINDS = ("ip", "mp", "cp", "xp")
ARMIED = ("Ada", "Brin", "Cato", "Dora")


def side(name: str, surviving: dict[str, int], destroyed: dict[str, int]) -> dict[str, object]:
    return {"name": name, "surviving": surviving, "destroyed": destroyed}


def tanks(a: str, b: str, a_surv: int, b_surv: int) -> dict[str, object]:
    """A result of two players without armies: 24 IP of tanks each."""
    return {
        "players": [
            side(a, {"ip": a_surv}, {"ip": 24 - a_surv}),
            side(b, {"ip": b_surv}, {"ip": 24 - b_surv}),
        ]
    }


@pytest.fixture(scope="module")
def event(tmp_path_factory):
    """Eight players, four with their armies checked in, round 1 paired, codes issued."""
    folder = tmp_path_factory.mktemp("served")
    armies = write_armies(folder / "armies")
    path = folder / "ev.db"
    with Desk.create(path, name="Spring <Cup>", seed=5, who="desk-1") as desk:
        for name in ARMIED:
            desk.add_player(name, "", desk.check_army(armies[name], ""))
        for name in ("Emil", "Fay", "Gus", EVE):
            desk.add_player(name, "ork")
        desk.pair()
        seat_together(desk, [("Ada", "Brin"), ("Cato", "Dora"), ("Emil", "Fay"), ("Gus", EVE)])
        room.issue_codes(desk)
    return path


def seat_together(desk: Desk, pairs) -> None:
    """Swap seats in round 1 until each of ``pairs`` plays at one table (the desk's swap)."""
    for a, b in pairs:
        rnd = desk.event().round(1)
        partner = next(x for x in rnd.tables[rnd.table_of(a) - 1] if x != a)
        if partner != b:
            desk.swap(1, partner, b)


@pytest.fixture(scope="module")
def served(event):
    with serve(event) as s:
        yield s


def now(event_path):
    with Desk.open(event_path) as desk:
        return desk.event()


def table_with(event_path, wanted):
    """(table, (a, b)) of the first table of round 1 whose players are both in ``wanted``."""
    rnd = now(event_path).round(1)
    for t, pair in enumerate(rnd.tables, 1):
        if set(pair) <= set(wanted) and t not in rnd.results:
            return t, pair
    raise AssertionError(f"no table of round 1 without a result seats two of {wanted}")


def codes(event_path) -> dict[str, str]:
    return room.codes(now(event_path))


def test_api_round_names_every_table_of_the_round_with_its_two_players(served, event):
    reply = served.get("/api/round")
    assert reply.status == 200
    data = reply.json()
    rnd = now(event).round(1)
    assert data["round"] == 1
    assert [(t["table"], t["players"]) for t in data["tables"]] == [
        (i, list(pair)) for i, pair in enumerate(rnd.tables, 1)
    ]


def test_a_result_reported_then_confirmed_by_the_opponent_is_the_tables_by_both_players(
    served, event
):
    t, (a, b) = table_with(event, ("Emil", "Fay", "Gus", EVE))
    code = codes(event)
    first = served.post_json(
        "/api/result", {"round": 1, "table": t, "code": code[a], "result": tanks(a, b, 20, 4)}
    )
    assert first.status == 202, first.text
    assert first.json()["state"] == f"waiting for {b} to confirm"
    assert t not in now(event).round(1).results
    second = served.post_json("/api/confirm", {"round": 1, "table": t, "code": code[b]})
    assert second.status == 200, second.text
    result = now(event).round(1).results[t]
    assert result.record.who == f"{a} and {b}, via the room"
    assert result.result.players[0].surviving.ip == 20
    again = served.post_json("/api/confirm", {"round": 1, "table": t, "code": code[b]})
    assert again.status == 409
    assert len(now(event).round(1).results[t].trail) == 1


def test_a_wrong_code_and_another_tables_code_are_refused_403_and_record_nothing(served, event):
    rnd = now(event).round(1)
    code = codes(event)
    a, b = rnd.tables[0]
    other = rnd.tables[1][0]
    before = now(event).revision
    result = tanks(a, b, 12, 12)
    for bad in ("AAAAAA", code[other]):
        reply = served.post_json(
            "/api/result", {"round": 1, "table": 1, "code": bad, "result": result}
        )
        assert reply.status == 403, reply.text
        assert reply.json()["error"].endswith("nothing was recorded")
    assert (
        served.post_json("/api/confirm", {"round": 1, "table": 1, "code": code[other]}).status
        == 403
    )
    assert now(event).revision == before


def test_a_result_that_does_not_add_up_to_the_armies_checked_in_is_refused_422(served, event):
    t, (a, b) = table_with(event, ARMIED)
    code = codes(event)
    before = now(event).revision
    # Each army is worth more than 0 points: saying nothing survived and nothing was
    # destroyed does not add up to the army checked in.
    nothing = {"players": [side(a, {}, {}), side(b, {}, {})]}
    reply = served.post_json(
        "/api/result", {"round": 1, "table": t, "code": code[a], "result": nothing}
    )
    assert reply.status == 422, reply.text
    assert reply.json()["problems"]
    assert now(event).revision == before


@pytest.mark.parametrize(
    ("method", "path", "body", "headers", "status"),
    [
        ("POST", "/api/result", b"{" * 20_000, {"Content-Type": "application/json"}, 413),
        ("POST", "/api/result", b"not json", {"Content-Type": "application/json"}, 400),
        ("POST", "/api/result", b"[1, 2]", {"Content-Type": "application/json"}, 400),
        ("POST", "/api/confirm", b'{"round": 1}', {"Content-Type": "text/plain"}, 415),
        (
            "POST",
            "/api/confirm",
            b'{"round": 1, "table": 1, "code": "X", "admin": true}',
            {"Content-Type": "application/json"},
            400,
        ),
        (
            "POST",
            "/api/confirm",
            b'{"round": true, "table": 1, "code": "X"}',
            {"Content-Type": "application/json"},
            400,
        ),
        (
            "POST",
            "/api/confirm",
            b'{"round": 1, "table": 1, "code": "CODE"}',
            {"Content-Type": "application/json", "Origin": "http://evil.example"},
            403,
        ),
        (
            "POST",
            "/api/confirm",
            b'{"round": 1, "table": 1, "code": "CODE"}',
            {"Content-Type": "application/json", "Origin": "null"},
            403,
        ),
        ("POST", "/tables/1/1", b"action=confirm&code=CODE", {"Origin": "null"}, 403),
        ("POST", "/api/pair", b"{}", {"Content-Type": "application/json"}, 404),
        ("POST", "/tables/1/1", b"action=confirm&code=CODE", {}, 403),
        ("GET", "/../../etc/passwd", None, {}, 404),
        ("GET", "/players/..%2F..%2Fetc%2Fpasswd", None, {}, 404),
        ("GET", "/tables/1/999", None, {}, 404),
        ("GET", "/tables/99999999999/1", None, {}, 404),
        ("GET", "/rules/..%2Fsecret", None, {}, 404),
    ],
)
def test_a_hostile_request_is_refused_and_records_nothing(
    served, event, method, path, body, headers, status
):
    """CODE: a player of table 1's own code, which the same request without its fault would
    take."""
    before = now(event).revision
    if body is not None:
        a = now(event).round(1).tables[0][0]
        body = body.replace(b"CODE", codes(event)[a].encode())
    reply = served.request(method, path, body, headers)
    assert reply.status == status, reply.text
    assert now(event).revision == before


def test_every_name_is_escaped_on_every_page(served, event):
    pages = ["/", "/standings", "/players", f"/players/{quote(EVE, safe='')}", "/?name=eve"]
    rnd = now(event).round(1)
    pages.append(f"/tables/1/{rnd.table_of(EVE)}")
    for page in pages:
        reply = served.get(page)
        assert reply.status == 200, page
        assert EVE not in reply.text and "<b>Eve" not in reply.text, page
        assert "&lt;b&gt;Eve&lt;/b&gt; &amp; Co" in reply.text, page
        assert "Spring &lt;Cup&gt;" in reply.text
        assert "default-src 'none'" in reply.headers["content-security-policy"]


def test_a_player_reports_and_the_opponent_confirms_through_the_table_pages_forms(served, event):
    t, (a, b) = table_with(event, ARMIED)
    code = codes(event)
    page = served.get(f"/tables/1/{t}")
    cookie = SimpleCookie(page.headers["set-cookie"])["csrf"].value
    token = re.search(r'name="csrf" value="([0-9a-f]+)"', page.text).group(1)
    assert token == cookie
    jar = {"Cookie": f"csrf={cookie}", "Content-Type": "application/x-www-form-urlencoded"}
    evt = now(event)
    fields = {"csrf": token, "action": "report", "code": code[a].lower()}
    for i, name in enumerate((a, b)):
        cost = evt.players[name].army["cost"]
        for k in KINDS:
            lost = cost[k] // 2 if i == 0 else 0
            fields[f"s{i}_{k}"] = str(cost[k] - lost)
            fields[f"d{i}_{k}"] = str(lost)
    stolen = served.request(
        "POST",
        f"/tables/1/{t}",
        urlencode(fields).encode(),
        {"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert stolen.status == 403  # no cookie: a form posted from elsewhere
    reply = served.request("POST", f"/tables/1/{t}", urlencode(fields).encode(), jar)
    assert reply.status == 202, reply.text
    assert f"waiting for {b} to confirm" in reply.text
    confirm = {"csrf": token, "action": "confirm", "code": code[b]}
    done = served.request("POST", f"/tables/1/{t}", urlencode(confirm).encode(), jar)
    assert done.status == 200, done.text
    assert "the result is the table" in done.text
    assert now(event).round(1).results[t].record.who == f"{a} and {b}, via the room"


def test_confirmations_sent_at_once_make_one_result(served, event):
    t, (a, b) = table_with(event, ("Emil", "Fay", "Gus", EVE, *ARMIED))
    code = codes(event)
    evt = now(event)
    players = []
    for name in (a, b):
        army = evt.players[name].army
        cost = {k: army["cost"][k] for k in KINDS} if army else {"ip": 24}
        players.append(side(name, cost, dict.fromkeys(cost, 0)))
    first = served.post_json(
        "/api/result", {"round": 1, "table": t, "code": code[a], "result": {"players": players}}
    )
    assert first.status == 202, first.text
    statuses: list[int] = []

    def confirm() -> None:
        reply = served.post_json("/api/confirm", {"round": 1, "table": t, "code": code[b]})
        statuses.append(reply.status)

    threads = [threading.Thread(target=confirm) for _ in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(statuses) == [200] + [409] * 7
    assert len(now(event).round(1).results[t].trail) == 1


def test_the_rules_lookup_finds_a_clause_and_shows_each_editions_wording(served):
    reply = served.get("/rules?q=" + quote("retreat blocked"))
    assert reply.status == 200
    assert 'href="/rules/assault.retreat"' in reply.text
    clause = served.get("/rules/assault.retreat")
    assert clause.status == 200
    # data/catalogue: the clause is worded differently in the current and first-draft rules
    assert "<b>current</b>" in clause.text and "<b>first-draft</b>" in clause.text
    too_long = served.get("/rules?q=" + "x" * 2000)
    assert too_long.status == 200 and "over the limit of 1000" in too_long.text


def test_the_pages_follow_what_the_desk_writes(served, event):
    before = served.get("/api/revision").json()["revision"]
    with Desk.open(event, "desk-1") as desk:
        desk.clock_action("start")
    deadline = time.monotonic() + 30
    data = served.get("/api/revision").json()
    while data["revision"] == before and time.monotonic() < deadline:
        time.sleep(0.1)  # the server reads the event's revision once a second
        data = served.get("/api/revision").json()
    assert data["revision"] == now(event).revision
    assert data["clock"].startswith("Round 1: ") and data["clock"].endswith("left")


def test_too_many_wrong_codes_from_one_device_are_refused_429_even_the_right_one(tmp_path):
    path = tmp_path / "ev.db"
    with Desk.create(path, name="Cup", seed=1, who="desk-1") as desk:
        for n in ("Ada", "Brin"):
            desk.add_player(n, "ork")
        desk.pair()
        right = room.issue_codes(desk)
    a, b = now(path).round(1).tables[0]
    with serve(path) as s:
        wrong = {"round": 1, "table": 1, "code": "WRONG2"}
        for _ in range(10):
            assert s.post_json("/api/confirm", wrong).status == 403
        blocked = s.post_json(
            "/api/result", {**wrong, "code": right[a], "result": tanks(a, b, 1, 2)}
        )
        assert blocked.status == 429
        assert int(blocked.headers["retry-after"]) > 0
    assert now(path).round(1).results == {}
    assert room.queue(now(path)) == []


def test_tournament_codes_lists_each_players_code_for_the_desk(event, capsys):
    assert main(["tournament", "codes", str(event), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown == {"codes": codes(event)}
    assert set(shown["codes"]) == set(now(event).players)


def test_a_rulings_phone_page_names_the_editions_it_is_of(served):
    # assault.tie-rank cites a clause of the current and first-draft editions; activation.pass
    # one of the activation rules only (data/catalogue): a player at a table sees which game
    # the ruling is of before quoting it
    tie = served.get("/rules/assault.tie-rank")
    assert tie.status == 200
    assert "ruling assault.tie-rank · editions: current, first-draft" in tie.text
    passing = served.get("/rules/activation.pass")
    assert "ruling activation.pass · editions: activation" in passing.text


def test_a_rulings_phone_page_says_whether_it_applies_to_the_events_game(served):
    # the event plays the scenario ENTRENCHED!, of the current edition (Desk.create's
    # default), taking no reading of its own: assault.tie-rank (a ruling of the current
    # and first-draft editions) applies, at its default roll-off, the one the current
    # ruleset.toml leaves; activation.pass (of the activation rules only) does not
    import html

    def words(page: str) -> str:
        return html.unescape(re.sub(r"<[^>]+>", "", page))

    tie = words(served.get("/rules/assault.tie-rank").text)
    assert "Applies to this event's game (Current edition), which takes roll-off." in tie
    assert "roll-off (default; taken by this event):" in tie
    assert "Does not apply" not in tie
    passing = words(served.get("/rules/activation.pass").text)
    assert (
        "Does not apply to this event's game (Current edition): a ruling of the activation "
        "edition; its default reading is when-unable." in passing
    )
    assert "taken by this event" not in passing


def test_a_rulings_search_hit_on_the_phone_says_its_switch_as_its_page_does(served):
    import html

    found = html.unescape(served.get("/rules?q=" + quote("activation.pass")).text)
    assert "switch:" not in found
    assert (
        "To take another reading in a match of the activation edition, not this event's game:"
        in found
    )


def test_a_form_posted_as_a_phones_browser_posts_it_is_taken(served, event):
    # chromium's own headers on a form of the served table page: the page's referrer
    # policy decides its Origin (same-origin: the page's own; a stricter setting: "null",
    # then the form's token and same-site cookie decide); the pages said "no-referrer",
    # chromium sent "Origin: null" and every phone's report was refused "Forbidden"
    t, (a, b) = table_with(event, ("Emil", "Fay", "Gus", EVE))
    page = served.get(f"/tables/1/{t}", {"Host": f"192.0.2.2:{served.port}"})
    assert page.headers["referrer-policy"] in ("same-origin", "strict-origin")
    cookie = SimpleCookie(page.headers["set-cookie"])["csrf"].value
    browser = {
        "Host": f"192.0.2.2:{served.port}",
        "Cookie": f"csrf={cookie}",
        "Content-Type": "application/x-www-form-urlencoded",
        "Sec-Fetch-Site": "same-origin",
        "Sec-Fetch-Mode": "navigate",
    }
    fields = {"csrf": cookie, "action": "report", "code": codes(event)[a]}
    for i in (0, 1):
        fields[f"s{i}_ip"], fields[f"d{i}_ip"] = ("20", "4") if i == 0 else ("12", "12")
    own = {**browser, "Origin": f"http://192.0.2.2:{served.port}"}
    reply = served.request("POST", f"/tables/1/{t}", urlencode(fields).encode(), own)
    assert reply.status == 202, reply.text
    confirm = {"csrf": cookie, "action": "confirm", "code": codes(event)[b]}
    stripped = {**browser, "Origin": "null"}
    done = served.request("POST", f"/tables/1/{t}", urlencode(confirm).encode(), stripped)
    assert done.status == 200, done.text
    assert now(event).round(1).results[t].record.who == f"{a} and {b}, via the room"
