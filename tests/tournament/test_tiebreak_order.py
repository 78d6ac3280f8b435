"""The standings' tie-breakers: one order, in data (data/tournament/tiebreakers.toml), read by
the desk and stated by the catalogue's clause ``tournament.tie-breaks`` (issue 25)."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.catalogue.clauses import clauses
from referee.errors import DataFileError
from referee.tournament.event import DEFAULT_TIEBREAKERS, TIEBREAKERS
from referee.tournament.tiebreak_order import load_tiebreakers, tiebreakers, tiebreakers_path


def test_the_desk_breaks_ties_by_total_tvp_mvp_schedule_head_to_head_then_destroyed():
    # The order the desk has always used (issue 25 moved it to data, unchanged).
    assert DEFAULT_TIEBREAKERS == ("tvp", "mvp", "sos", "h2h", "destroyed")
    assert list(TIEBREAKERS) == list(tiebreakers()) == list(DEFAULT_TIEBREAKERS)
    assert TIEBREAKERS["sos"] == "strength of schedule"


def test_the_catalogue_states_the_order_the_desk_reads():
    text = clauses()["tournament.tie-breaks"].text
    places = [text.find(name) for name in tiebreakers().values()]
    assert -1 not in places, "the clause names every tie-breaker"
    assert places == sorted(places), "in the desk's order"


def test_a_tiebreakers_file_naming_a_key_twice_or_leaving_one_out_is_refused(tmp_path: Path):
    path = tmp_path / "tiebreakers.toml"
    path.write_text(
        '[[tiebreaker]]\nkey = "tvp"\nname = "total TVP"\n'
        '[[tiebreaker]]\nkey = "tvp"\nname = "again"\n'
        '[[tiebreaker]]\nkey = "luck"\nname = "a die"\n'
        '[[tiebreaker]]\nkey = "mvp"\n',
        encoding="utf-8",
    )
    with pytest.raises(DataFileError) as err:
        load_tiebreakers(path)
    assert err.value.problems == [
        "tiebreaker[1].key: 'tvp' is listed twice",
        "tiebreaker[2].key: expected one of destroyed, h2h, mvp, sos, tvp",
        "tiebreaker[3].name: missing",
    ]


def test_a_tiebreakers_file_leaving_a_key_out_is_refused(tmp_path: Path):
    path = tmp_path / "tiebreakers.toml"
    path.write_text('[[tiebreaker]]\nkey = "tvp"\nname = "total TVP"\n', encoding="utf-8")
    with pytest.raises(DataFileError, match="destroyed, h2h, mvp, sos not listed"):
        load_tiebreakers(path)


def test_the_shipped_file_names_its_clause():
    assert "tournament.tie-breaks" in tiebreakers_path().read_text(encoding="utf-8")
