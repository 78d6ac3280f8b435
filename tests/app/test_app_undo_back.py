"""The journal's context menu, "Undo back to here": every step after the chosen one is
undone as one user action, through the undo stack, so that Edit > Redo brings them back one
at a time and a new step drops them; "Redo up to here" on an undone row."""

from __future__ import annotations

from app_window import demo_window
from PySide6.QtCore import Qt

from referee.match.games.orders_file import MatchFile
from referee.rules.orders.commands import Correct


def file_steps(window):
    with MatchFile.open(window.session.path) as m:
        return [(s.number, s.name, s.undone) for s in m.steps(include_undone=True)]


def row_of_step(window, number: int):
    proxy = window.journal.proxy
    for r in range(proxy.rowCount()):
        row = window.journal.row_at(proxy.index(r, 0))
        if row is not None and row.step == number:
            return proxy.index(r, 0)
    raise AssertionError(f"no journal row of step {number}")


def five_steps(window):
    """1 the demo's orders; 2 on past Gunnery 1's empty hex effects (the tank and the wagon
    hold their fire); 3 a correction; 4 on past Movement 1; 5 a correction."""
    assert window.next_step(unfired="pass") is not None
    assert (
        window.run_step(
            "Correction: grunts shaken",
            [Correct(uid="grunts", set={"shaken": 2})],
        )
        is not None
    )
    assert window.next_step() is not None
    assert (
        window.run_step("Correction: tank facing 1", [Correct(uid="tank", set={"facing": 1})])
        is not None
    )
    assert [n for n, _, _ in file_steps(window)] == [1, 2, 3, 4, 5]


def test_undo_back_to_here_undoes_every_later_step_as_one_action(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    five_steps(window)
    second = file_steps(window)[1][1]
    emitted = []
    window.session.changed.connect(emitted.append)
    menu = window.journal.context_menu_for(row_of_step(window, 2))
    undo = menu.actions()[0]
    assert undo.text() == "Undo back to here (3 later steps)" and undo.isEnabled()
    undo.trigger()
    assert [u for _, _, u in file_steps(window)] == [False, False, True, True, True]
    assert len(emitted) == 1  # one refresh for the whole action
    state = window.session.state
    assert state.step == "movement-1" and state.unit("grunts").shaken == 0
    assert state.unit("tank").facing == 0
    stack = window.session.undo_stack
    assert stack.index() == 2
    assert window.undo_action.text() == f"&Undo {second}"
    assert window.redo_action.text() == "&Redo Correction: grunts shaken"
    # the journal greys the undone rows
    assert [r.undone for r in window.journal.model.rows if r.step >= 3] == [True, True, True]
    # Edit > Redo brings them back one at a time, the earliest first
    qtbot.keyClick(
        window.view,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert window.session.state.unit("grunts").shaken == 2
    assert window.session.state.step == "movement-1"
    assert [u for _, _, u in file_steps(window)] == [False, False, False, True, True]
    # a new step drops the steps still undone, from the file and from the stack
    assert (
        window.run_step(
            "Correction: hoplites facing 5",
            [Correct(uid="hoplites", set={"facing": 5})],
        )
        is not None
    )
    assert [(n, u) for n, _, u in file_steps(window)] == [
        (1, False),
        (2, False),
        (3, False),
        (4, False),
    ]
    assert stack.count() == 4 and stack.index() == 4
    with MatchFile.open(window.session.path) as m:
        assert m.replay_check() == []


def test_redo_up_to_here_on_an_undone_row(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    five_steps(window)
    window.journal.context_menu_for(row_of_step(window, 1)).actions()[0].trigger()
    assert window.session.undo_stack.index() == 1
    assert (window.session.state.turn, window.session.state.step) == (1, "gunnery-1")
    menu = window.journal.context_menu_for(row_of_step(window, 4))
    redo = menu.actions()[0]
    assert redo.text() == "Redo up to here (step 4)"
    redo.trigger()
    assert [u for _, _, u in file_steps(window)] == [False, False, False, False, True]
    assert window.session.undo_stack.index() == 4
    assert window.session.state.unit("grunts").shaken == 2


def test_the_last_step_has_nothing_after_it_to_undo(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    five_steps(window)
    undo = window.journal.context_menu_for(row_of_step(window, 5)).actions()[0]
    assert undo.text() == "Undo back to here (0 later steps)" and not undo.isEnabled()
