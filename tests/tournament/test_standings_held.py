"""What the standings hold while a round is being played: every export (printable page, PDF
source, site, CSV), the served standings page and the ``standings`` text say which rounds'
results they hold and how many tables of the round in progress are in, and the awards named
before the last round's results are in are marked provisional. And the ``standings`` text's
and the event file's small habits: every SOS with four decimals, an event file named
``*.db``."""

from __future__ import annotations

import csv
import random
import re

from desk_helpers import random_result

from referee.cli.main import main
from referee.tournament import room_pages
from referee.tournament.desk import Desk
from referee.tournament.export.printable import printable_html

NAMES = ("Ada", "Brin", "Cato", "Dora", "Emil", "Fay", "Gus", "Hana")
MID = "after round 1 (round 2: 1 of 4 tables in)"


def event_in_round_two(path, results_in_round_two: int, rounds: int = 3) -> None:
    """Eight players, round 1 played, round 2 paired with ``results_in_round_two`` of its
    four tables in."""
    rng = random.Random(5)
    with Desk.create(path, name="Mid Cup", rounds=rounds, seed=3, who="desk") as desk:
        for n in NAMES:
            desk.add_player(n, "ork")
        for number, done in ((1, 4), (2, results_in_round_two)):
            p = desk.pair()
            assert p.round == number
            for t, (a, b) in list(enumerate(p.tables, 1))[:done]:
                desk.record_result(number, t, random_result(rng, a, b))


def test_exports_in_the_middle_of_round_two_hold_round_one_and_one_table_of_round_two(
    tmp_path, capsys
):
    # four tables, one result of round 2 in: the results held are round 1's and one table
    # of round 2's, never "after round 2"
    ev = tmp_path / "ev.db"
    event_in_round_two(ev, 1)
    with Desk.open(ev) as desk:
        event = desk.event()
    printable = printable_html(event)
    assert f"Standings {MID}" in printable
    assert "after round 2" not in printable
    assert "Awards (provisional: round 2 of 3 is being played)" in printable
    served = room_pages.standings_page(event)
    assert f"Standings {MID}" in served and "after round 2" not in served
    awards_page = room_pages.awards_page(event)
    assert "These awards are provisional: round 2 of 3 is being played." in awards_page
    assert (
        main(["tournament", "export", str(ev), "--format", "site", "-o", str(tmp_path / "s")]) == 0
    )
    site = (tmp_path / "s" / "standings.html").read_text(encoding="utf-8")
    assert f"Standings {MID}" in site and "provisional" in site
    assert (
        main(["tournament", "export", str(ev), "--format", "csv", "-o", str(tmp_path / "c")]) == 0
    )
    with open(tmp_path / "c" / "standings.csv", encoding="utf-8", newline="") as fh:
        won = [r["awards"] for r in csv.DictReader(fh) if r["awards"]]
    assert won and all(part.endswith(" (provisional)") for cell in won for part in cell.split("; "))
    capsys.readouterr()
    assert main(["tournament", "standings", str(ev)]) == 0
    assert capsys.readouterr().out.startswith(f"Standings {MID} (by ")


def test_after_the_last_rounds_results_the_standings_and_awards_are_final(tmp_path):
    ev = tmp_path / "ev.db"
    event_in_round_two(ev, 4, rounds=2)
    with Desk.open(ev) as desk:
        event = desk.event()
    printable = printable_html(event)
    assert "Standings after round 2" in printable
    assert "<h2>Awards</h2>" in printable and "provisional" not in printable


def test_a_round_paired_with_no_result_in_yet_is_named_with_none_in(tmp_path):
    ev = tmp_path / "ev.db"
    event_in_round_two(ev, 0)
    with Desk.open(ev) as desk:
        event = desk.event()
    assert "Standings after round 1 (round 2: 0 of 4 tables in)" in printable_html(event)


def test_the_standings_text_shows_every_sos_with_four_decimals(tmp_path, capsys):
    # a value whose fourth decimal is 0 printed as "sos 7.622" next to "sos 7.6384"
    ev = tmp_path / "ev.db"
    event_in_round_two(ev, 4)
    capsys.readouterr()
    assert main(["tournament", "tiebreakers", str(ev), "tvp", "sos", "mvp"]) == 0
    capsys.readouterr()
    assert main(["tournament", "standings", str(ev)]) == 0
    shown = re.findall(r"\bsos (\S+?)[,)]", capsys.readouterr().out)
    assert len(shown) == len(NAMES), shown
    assert all(re.fullmatch(r"-?\d+\.\d{4,}", s) for s in shown), shown


def test_a_new_event_named_as_another_kind_of_file_is_refused_and_nothing_written(tmp_path, capsys):
    # "tournament new spring.json" wrote an SQLite database under a JSON file's name
    json_name = tmp_path / "spring.json"
    assert main(["tournament", "new", str(json_name), "--name", "Spring"]) == 2
    err = capsys.readouterr().err
    assert "spring.json" in err and "*.db" in err and "spring.db" in err
    assert not json_name.exists()


def test_a_new_event_under_an_unusual_name_is_written_with_a_warning(tmp_path, capsys):
    odd = tmp_path / "spring.event"
    assert main(["tournament", "new", str(odd), "--name", "Spring"]) == 0
    assert "ends .db" in capsys.readouterr().err
    with Desk.open(odd) as desk:
        assert desk.event().name == "Spring"
    assert main(["tournament", "new", str(tmp_path / "autumn.db"), "--name", "Autumn"]) == 0
    assert capsys.readouterr().err == ""
