"""The venue's tables (issue 28): listed by the organiser with terrain, a player a table is fixed
for and top tables; each table of a round gets a venue table, a fixed player always at theirs,
the top pairing on the top table (ruling ``tournament.top-table``) and no player on a table
twice when that can be avoided. Expected places are worked out by hand in each test."""

from __future__ import annotations

import json

import pytest

from referee.cli.main import main
from referee.tournament.desk import Desk, DeskError
from referee.tournament.scoring import MatchResult, PlayerResult, Points
from referee.tournament.store import DamagedEvent
from referee.tournament.venue import VenueTable, assign_places

A, B, C = VenueTable("Hill"), VenueTable("River"), VenueTable("Town")


def test_without_history_the_tables_are_used_in_the_order_listed():
    places = assign_places([A, B, C], [("p", "q"), ("r", "s")], {})
    assert places.names == ("Hill", "River")
    assert places.warnings == ()


def test_a_player_does_not_play_on_a_table_again_when_another_is_free():
    # p played at Hill, s at River: (p, q) cannot take Hill, (r, s) cannot take River;
    # in list order the best is (p, q) at River, (r, s) at Hill.
    played = {"p": {"Hill"}, "s": {"River"}}
    places = assign_places([A, B, C], [("p", "q"), ("r", "s")], played)
    assert places.names == ("River", "Hill")
    assert places.warnings == ()


def test_a_repeat_that_cannot_be_avoided_is_kept_and_said():
    # two tables, both players of table 1 have played on both: one repeat at least
    played = {"p": {"Hill", "River"}}
    places = assign_places([A, B], [("p", "q"), ("r", "s")], played)
    assert places.names == ("Hill", "River")
    assert places.warnings == ("table 1 (p v q): p plays at Hill again",)


def test_a_fixed_player_plays_at_their_table_before_anything_else():
    hill_for_s = VenueTable("Hill", fixed="s")
    top = VenueTable("River", top=True)
    played = {"s": {"Hill"}}  # fixed beats the repeat, and beats the top table
    places = assign_places([hill_for_s, top, C], [("s", "q"), ("r", "p")], played)
    assert places.names == ("Hill", "River")
    places = assign_places([hill_for_s, top, C], [("r", "p"), ("s", "q")], played)
    assert places.names == ("River", "Hill")


def test_the_top_pairing_plays_on_the_top_table_even_again_when_the_event_reads_top_first():
    top = VenueTable("Stream", top=True)
    played = {"p": {"Stream"}}
    first = assign_places([top, B, C], [("p", "q"), ("r", "s")], played, top_first=True)
    assert first.names[0] == "Stream"
    assert first.warnings == ("table 1 (p v q): p plays at Stream again",)
    second = assign_places([top, B, C], [("p", "q"), ("r", "s")], played, top_first=False)
    assert second.names == ("River", "Stream")  # the repeat avoided; table 2 on stream
    assert second.warnings == ()


def test_fewer_venue_tables_than_tables_leaves_the_last_without_a_place():
    places = assign_places([A], [("p", "q"), ("r", "s")], {})
    assert places.names == ("Hill", "")
    assert places.warnings == ("table 2 (r v s): no venue table left for it",)


def result(a: str, b: str) -> MatchResult:
    return MatchResult(
        (
            PlayerResult(a, Points(ip=12), Points(ip=12)),
            PlayerResult(b, Points(ip=6), Points(ip=18)),
        )
    )


def test_rounds_paired_at_the_desk_keep_each_player_off_a_table_already_played(tmp_path):
    # four players, two tables, no top table: round 2 pairs new opponents, and each
    # pairing has one player from each table of round 1, so a repeat of a table is
    # unavoidable for one player of each; round 1 in list order.
    with Desk.create(tmp_path / "ev.db", name="Cup", seed=2, who="desk") as desk:
        for n in ("Ada", "Brin", "Cato", "Dora", "Emil", "Fay"):
            desk.add_player(n, "ork")
        desk.set_venue([VenueTable("Hill"), VenueTable("River"), VenueTable("Town", "city")])
        desk.pair()
        for rnd in range(1, 4):
            event = desk.event()
            r = event.round(rnd)
            assert r is not None
            assert len(r.places) == 3 and all(r.places)
            if rnd == 1:
                assert r.places == ("Hill", "River", "Town")
            for t, (a, b) in enumerate(r.tables, start=1):
                desk.record_result(rnd, t, result(a, b), "typed")
            if rnd < 3:
                desk.pair()
        event = desk.event()
    seen: dict[str, list[str]] = {}
    for r in event.rounds:
        for pair, place in zip(r.tables, r.places, strict=True):
            for name in pair:
                seen.setdefault(name, []).append(place)
    # six players, three tables, three rounds: every player can play each table once,
    # and the assignment is exact, so none plays one twice unless the pairing forces it
    repeats = {n: p for n, p in seen.items() if len(set(p)) < len(p)}
    warned = [w for r in event.rounds for w in r.warnings if "again" in w]
    assert len(warned) == sum(len(p) - len(set(p)) for p in repeats.values())
    assert event.places(1)[3] == VenueTable("Town", "city")


def test_the_venue_list_is_refused_when_a_name_repeats_or_a_fixed_player_is_unknown(tmp_path):
    with Desk.create(tmp_path / "ev.db", name="Cup", seed=2, who="desk") as desk:
        desk.add_player("Ada", "ork")
        with pytest.raises(DeskError, match="named twice: Hill"):
            desk.set_venue([VenueTable("Hill"), VenueTable("Hill")])
        with pytest.raises(DeskError, match="no player 'Zed'"):
            desk.set_venue([VenueTable("Hill", fixed="Zed")])
        with pytest.raises(DeskError, match="one table each"):
            desk.set_venue([VenueTable("Hill", fixed="Ada"), VenueTable("Town", fixed="Ada")])
        assert desk.event().venue == ()


def test_tables_from_the_command_line_list_and_place_the_round(tmp_path, capsys):
    ev = str(tmp_path / "ev.db")
    with Desk.create(ev, name="Cup", seed=2, who="desk") as desk:
        for n in ("Ada", "Brin", "Cato", "Dora"):
            desk.add_player(n, "ork")
    argv = ["tournament", "tables", ev, "--table", "Stream", "--table", "Corner"]
    argv += ["--top", "Stream", "--terrain", "Corner=woods", "--fixed", "Corner=Dora"]
    assert main(argv) == 0
    assert main(["tournament", "pair", ev]) == 0
    capsys.readouterr()
    assert main(["tournament", "tables", ev, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["tables"] == [
        {"name": "Stream", "terrain": "", "fixed": None, "top": True},
        {"name": "Corner", "terrain": "woods", "fixed": "Dora", "top": False},
    ]
    with Desk.open(ev, "desk") as desk:
        rnd = desk.event().round(1)
    assert rnd is not None
    dora = rnd.table_of("Dora")
    assert dora is not None
    assert data["places"][str(dora)] == "Corner"  # Dora's table is fixed
    assert main(["tournament", "pairings", ev, "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert [t["place"] for t in shown["tables"]] == [data["places"]["1"], data["places"]["2"]]
    assert "tournament.top-table" in json.dumps(shown["rulings"])
    assert main(["tournament", "tables", ev, "--top", "Nowhere", "--table", "A"]) != 0


def test_a_damaged_venue_or_places_record_is_refused_naming_the_field(tmp_path):
    from referee.tournament.record_check import check_records
    from referee.tournament.store import Record

    head = Record(1, "event", {"name": "Cup"}, "desk", "2026-01-01", "")
    bad_venue = Record(2, "venue", {"tables": [{"name": 3}]}, "desk", "2026-01-01", "")
    with pytest.raises(DamagedEvent, match="'name' is 3, not text"):
        check_records([head, bad_venue], "ev.db")
    bad_top = Record(2, "venue", {"tables": [{"name": "A", "top": "yes"}]}, "d", "t", "")
    with pytest.raises(DamagedEvent, match="'top' is 'yes', not true or false"):
        check_records([head, bad_top], "ev.db")
    players = [Record(i, "player", {"name": n}, "d", "t", "") for i, n in ((2, "A"), (3, "B"))]
    pairing = Record(
        4, "pairing", {"round": 1, "tables": [["A", "B"]], "places": ["X", "Y"]}, "d", "t", ""
    )
    with pytest.raises(DamagedEvent, match="'places' names 2 venue table"):
        check_records([head, *players, pairing], "ev.db")
    many = Record(2, "venue", {"tables": [{"name": f"t{i}"} for i in range(501)]}, "d", "t", "")
    with pytest.raises(DamagedEvent, match="a list of 501, more than 500"):
        check_records([head, many], "ev.db")


def test_a_swap_keeps_the_tables_it_does_not_touch_where_they_were(tmp_path):
    names = ("Ada", "Brin", "Cato", "Dora", "Emil", "Fay", "Gus", "Hana")
    with Desk.create(tmp_path / "ev.db", name="Cup", seed=4, who="desk") as desk:
        for n in names:
            desk.add_player(n, "ork")
        # the order rule alone would put table 1 at A again after the tables are reversed
        desk.set_venue([VenueTable(x) for x in ("A", "B", "C", "D")])
        desk.pair()
        before = desk.event().round(1)
        assert before is not None
        desk.set_pairing(1, list(reversed(before.tables)), None)  # by hand, tables reversed
        placed = desk.event().round(1)
        assert placed is not None
        # each pairing keeps the place it had: table i now holds what was table 5 - i
        assert placed.places == tuple(reversed(before.places))
        a, b = placed.tables[0][0], placed.tables[1][0]
        desk.swap(1, a, b)
        after = desk.event().round(1)
        assert after is not None
        assert after.places == placed.places


def test_the_room_tells_a_player_which_venue_table_to_go_to(tmp_path):
    from referee.tournament.room_pages import round_page, table_page
    from referee.tournament.room_server import _api_round

    with Desk.create(tmp_path / "ev.db", name="Cup", seed=2, who="desk") as desk:
        for n in ("Ada", "Brin", "Cato", "Dora"):
            desk.add_player(n, "ork")
        desk.set_venue([VenueTable("Stream", "<ruins>", None, True), VenueTable("Back")])
        desk.pair()
        event = desk.event()
    rnd = event.round(1)
    assert rnd is not None
    a, _ = rnd.tables[0]
    assert "table 1 (at Stream)" in round_page(event, a)
    page = table_page(event, rnd, 1, "token")
    assert "At Stream · terrain: &lt;ruins&gt;" in page  # escaped as every name is
    assert [t["place"] for t in _api_round(event)["tables"]] == ["Stream", "Back"]
