"""The window redraws from typed change flags (issue 26; Anki's ``OpChanges``): the session's
``changed`` carries a :class:`ChangeFlag` naming the kinds of change a step made (a
correction of a unit: ``UNITS``; of a hex's markers: ``HEXES``), always ``JOURNAL``, and how
it came: ``UNDO``, ``REDO``, or ``EXTERNAL`` when another program wrote to the file."""

from __future__ import annotations

from app_window import demo_window

from referee.match.games.orders_file import MatchFile
from referee.rules.changes import ChangeFlag
from referee.rules.orders.commands import Correct, CorrectHex


def test_a_step_its_undo_and_its_redo_say_what_changed_as_flags(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    emitted: list[object] = []
    window.session.changed.connect(emitted.append)
    assert window.run_step("Shaken", [Correct(uid="grunts", set={"shaken": 1})]) is not None
    assert emitted == [ChangeFlag.JOURNAL | ChangeFlag.UNITS]
    window.undo_group.undo()
    assert emitted[-1] == ChangeFlag.JOURNAL | ChangeFlag.UNITS | ChangeFlag.UNDO
    window.undo_group.redo()
    assert emitted[-1] == ChangeFlag.JOURNAL | ChangeFlag.UNITS | ChangeFlag.REDO
    assert window.run_step("Smoke", [CorrectHex(hex="D5", marker="smoke", count=2)])
    assert emitted[-1] == ChangeFlag.JOURNAL | ChangeFlag.HEXES
    assert all(isinstance(flags, ChangeFlag) for flags in emitted)


def test_another_programs_step_is_flagged_external_and_redraws_everything(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    session = window.session
    session.timer.stop()
    emitted: list[object] = []
    session.changed.connect(emitted.append)
    with MatchFile.open(session.path) as other:
        other.run("Theirs", [Correct(uid="tank", set={"facing": 2})])
    assert session.sync()
    (flags,) = emitted
    assert isinstance(flags, ChangeFlag)
    assert ChangeFlag.EXTERNAL in flags and ChangeFlag.MATCH in flags
    assert ChangeFlag.UNITS | ChangeFlag.HEXES | ChangeFlag.JOURNAL in flags
    assert ChangeFlag.UNDO not in flags and ChangeFlag.REDO not in flags
    assert window.scene.unit_items["tank"].unit.facing == 2  # the map redrawn from them
