"""The changes an event makes are a typed value: each kind checked when read from a journal,
an unknown kind refused naming it, the journal form read back as it was written."""

from __future__ import annotations

import pytest

from referee.rules.changes import CHANGE_KINDS, ChangeFlag, Changes, ChangesError


def test_an_unknown_kind_of_change_is_refused_naming_it() -> None:
    with pytest.raises(ChangesError, match=r"changes\.morale: no such kind of change") as err:
        Changes.from_json({"units": {}, "morale": 3})
    assert err.value.field == "morale"


def test_a_kind_holding_the_wrong_shape_is_refused_naming_it() -> None:
    with pytest.raises(ChangesError, match=r"changes\.turn") as err:
        Changes.from_json({"turn": "three"})
    assert err.value.field == "turn"
    with pytest.raises(ChangesError, match=r"changes\.pending"):
        Changes(pending=({"unit": "tank"},))


def test_the_journal_form_reads_back_as_written() -> None:
    raw = {
        "units": {"tank": None},
        "pending": [
            {
                "unit": "grunts",
                "source": "tank",
                "cause": "fire",
                "table": "regular",
                "natural": 4,
                "result": 6,
                "row_at": 5,
            }
        ],
        "triggered": [["grunts", "C3", "fire"]],
        "entered": [],
        "turn": 2,
        "step": "orders",
        "setup": None,
    }
    changes = Changes.from_json(raw)
    assert changes.to_json() == raw
    assert changes.triggered == (("grunts", "C3", "fire"),)
    assert changes.setup_done and changes.setup is None


def test_the_kinds_are_what_the_window_redraws() -> None:
    assert Changes(units={}, turn=3).flags == ChangeFlag.UNITS | ChangeFlag.TURN
    assert Changes().flags == ChangeFlag(0)
    assert not Changes().flags
    assert set(CHANGE_KINDS) >= {"units", "hexes", "terrain", "pending", "orders", "turn", "step"}


def test_every_kind_of_change_has_its_flag() -> None:
    # one flag a key of the journal's changes, and the journal and the match as a whole;
    # then how a change came (undone, redone, another program's), for the window's words
    assert [f.name for f in ChangeFlag] == [
        *(k.upper() for k in CHANGE_KINDS),
        "JOURNAL",
        "MATCH",
        "UNDO",
        "REDO",
        "EXTERNAL",
    ]
    whole = Changes.from_json({"setup": None, "units": {}, "fired": [], "pending_conditions": []})
    assert whole.flags == (
        ChangeFlag.SETUP | ChangeFlag.UNITS | ChangeFlag.FIRED | ChangeFlag.PENDING_CONDITIONS
    )
