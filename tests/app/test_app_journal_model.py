"""The journal model, filled without any window: a row per event, with its why."""

from __future__ import annotations

from PySide6.QtCore import Qt

from referee.app.docks.html_delegate import HTML_ROLE
from referee.app.docks.journal_filter import JournalFilter
from referee.app.docks.journal_model import COLUMNS, ROW_ROLE, JournalModel
from referee.match.setup.demo import create_demo_match
from referee.rules.orders.commands import Advance, ApplyDamage, Fire

SETUP = 13
"""The demo's first step: six orders for turn 1, six for turn 2, the clock on to Gunnery 1."""


def demo_steps(tmp_path):
    match = create_demo_match(tmp_path / "d.referee")
    # the tank (C7, standing still) fires its main gun at the wagon (D2, standing still):
    # need 3 (base 5, +1 shooter still, +1 target still); a typed 5 hits.
    match.run(
        "Gunnery 1: tank fires",
        [Fire(shooter="tank", target="wagon", weapon="Main gun")],
        typed=[5],
    )
    match.run("Next", [Advance(unfired="pass")])  # the wagon holds its fire
    match.undo()
    return match


def test_one_row_per_event_of_every_step_undone_ones_too(qtbot, tmp_path):
    with demo_steps(tmp_path) as match:
        model = JournalModel()
        model.set_steps(match.steps(include_undone=True))
        # the set-up step, one fire, one advance (undone)
        assert model.rowCount() == SETUP + 2
        assert model.columnCount() == len(COLUMNS)
        kinds = [model.data(model.index(r, 2)) for r in range(SETUP + 2)]
        assert kinds == ["orders"] * 12 + ["advance", "fire", "advance"]
        assert model.rows[-1].undone
        assert model.data(model.index(SETUP + 1, 0), Qt.ItemDataRole.ForegroundRole) is not None


def test_the_why_column_lists_clauses_and_rulings(qtbot, tmp_path):
    with demo_steps(tmp_path) as match:
        model = JournalModel()
        model.set_steps(match.steps(include_undone=True))
        fire = model.data(model.index(SETUP, 0), ROW_ROLE)
        why = model.data(model.index(SETUP, 5))
        assert why.startswith("fire.target, ")
        assert "fire.roll" in why
        assert fire.dice.split()[0] == "5*"  # typed at the table
        assert "needs 3" in model.data(model.index(SETUP, 3))


def test_the_filter_keeps_one_kind_or_the_rows_naming_a_unit(qtbot, tmp_path):
    with demo_steps(tmp_path) as match:
        model = JournalModel()
        model.set_steps(match.steps(include_undone=True))
        proxy = JournalFilter(model)
        proxy.set_kind("fire")
        assert proxy.rowCount() == 1
        proxy.set_kind(None)
        proxy.set_text("WAGON")
        # the wagon's orders for turns 1 and 2, the shot at it, and the advance that passed
        # it holding its fire (ruling turn.unfired-fire-order)
        assert proxy.rowCount() == 4
        proxy.set_text("")
        assert proxy.rowCount() == SETUP + 2


def test_each_id_of_the_why_column_is_a_link(qtbot, tmp_path):
    with demo_steps(tmp_path) as match:
        model = JournalModel()
        model.set_steps(match.steps(include_undone=True))
        html = model.data(model.index(SETUP, 5), HTML_ROLE)
        assert "<a href='clause:fire.target'>fire.target</a>" in html
        assert model.data(model.index(SETUP, 4), HTML_ROLE) is None  # only the why column


def test_double_click_asks_for_the_events_clauses_and_rulings(qtbot, tmp_path):
    from referee.app.docks.journal_view import JournalView

    with demo_steps(tmp_path) as match:
        view = JournalView()
        qtbot.addWidget(view)
        view.set_steps(match.steps(include_undone=True), match.rules)
        with qtbot.waitSignal(view.whyRequested) as asked:
            view.open_why(view.proxy.index(SETUP, 5))
        title, clauses, rulings, link = asked.args
        assert title == "2. Gunnery 1: tank fires"
        assert clauses[0] == "fire.target" and "fire.roll" in clauses
        fire = match.steps()[1].events[0]
        assert tuple(rulings) == fire.rulings
        assert link == ""


def test_a_steps_heading_runs_on_into_its_lines_and_section_tags_stay_out_of_the_row(
    qtbot, tmp_path
):
    with create_demo_match(tmp_path / "d.referee", "first-draft") as match:
        # the tank's typed 5 hits the wagon (need 3); armor 2 and 6, damage 4: waiting
        match.run(
            "Gunnery 1: tank fires",
            [Fire(shooter="tank", target="wagon", weapon="Main gun")],
            typed=[5, 2, 6, 4],
        )
        match.run("On", [Advance(to="gunnery-2.apply-damage", unfired="pass")])
        match.run("Gunnery 2: apply damage", [ApplyDamage()])
        model = JournalModel()
        model.set_steps(match.steps())
        applied = model.rows[-1]
    assert applied.text.startswith("apply damage:\n")
    assert applied.summary.startswith("apply damage: wagon: Main gun, rolled 4")
    assert ": ·" not in applied.summary


def test_the_section_tags_of_an_assaults_working_stay_out_of_its_row():
    from referee.app.docks.journal_model import JournalRow

    text = "[pre_assault]\nno pre-assault abilities\n\n[pools]\nside 1: 8 assault dice"
    row = JournalRow(9, "Assault over E5", False, "assault", text, "", (), (), ())
    assert row.summary == "no pre-assault abilities · side 1: 8 assault dice"
