"""A long match opens in the window as a short one does: its journal is read from the file
once (not once for the undo stack, once for the state and once for the docks), and the
journal dock works its rows' heights out from the model's rows and each step name once,
filtered or not, every row as tall as the name it shows (``referee bench open`` times it)."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QRect, Qt

from referee.app.docks.journal_view import STEP_COLUMN, JournalView
from referee.app.window.main_window import MainWindow
from referee.match.journal.journal_file import JournalFile
from referee.match.setup.demo import create_demo_match
from referee.rules.orders.commands import CorrectHex

LONG_NAME = "The referee corrects the smoke drifting over the hill at C2 after the storm"


def long_match(path, steps: int = 60):
    match = create_demo_match(path)
    with match.batch():
        for n in range(steps):
            name = f"{LONG_NAME}, {n}" if n % 3 == 0 else f"Smoke {n}"
            commands = [
                CorrectHex(hex="C2", marker="smoke", count=n % 2),
                CorrectHex(hex="C3", marker="smoke", count=(n + 1) % 2),
            ]
            match.run(name, commands)
    match.undo()
    return match


def test_opening_a_match_in_the_window_reads_its_journal_once(qtbot, tmp_path, monkeypatch):
    long_match(tmp_path / "long.referee").close()
    reads: list[bool] = []
    real = JournalFile._raw_rows

    def counted(self, *, include_undone=False, number=None):
        if number is None:  # the whole journal (one step's rows are no reading of it)
            reads.append(include_undone)
        return real(self, include_undone=include_undone, number=number)

    monkeypatch.setattr(JournalFile, "_raw_rows", counted)
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.open_match(tmp_path / "long.referee")
    window.show()
    qtbot.waitExposed(window)
    assert window.session is not None
    assert window.session.undo_stack.count() == 61  # the demo's step and 60 corrections
    assert window.journal.model.rowCount() == 1 + 12 + 60 * 2  # the demo's step has 13
    assert len(reads) == 1


def wrapped_height(table, width: int, text: str) -> int:
    """A row's height for ``text`` in the Step column ``width`` wide, as the dock means it
    (the font's lines, one line's padding), worked out here from the text shown."""
    metrics = table.fontMetrics()
    line = table.verticalHeader().defaultSectionSize()
    if not text:
        return line
    lines = metrics.boundingRect(QRect(0, 0, width, 10_000), Qt.TextFlag.TextWordWrap, text)
    return max(line, lines.height() + line - metrics.lineSpacing())


def rows_fit(view: JournalView) -> None:
    table, proxy = view.table, view.proxy
    width = max(8, table.columnWidth(STEP_COLUMN) - 8)
    for row in range(proxy.rowCount()):
        text = str(proxy.index(row, STEP_COLUMN).data() or "")
        assert table.rowHeight(row) == wrapped_height(table, width, text), (row, text)


def test_every_row_is_as_tall_as_the_step_name_it_shows_filtered_or_not(qtbot, tmp_path):
    with long_match(tmp_path / "long.referee") as match:
        view = JournalView()
        qtbot.addWidget(view)
        view.resize(420, 600)
        view.show()
        qtbot.waitExposed(view)
        view.set_steps(match.steps(include_undone=True), match.rules)
    table = view.table
    tall = [r for r in range(view.proxy.rowCount()) if table.rowHeight(r) > table.rowHeight(1)]
    assert tall  # the long names wrap in a dock this narrow
    rows_fit(view)
    view.search.setText("C3")  # every correction step's second event only
    assert view.proxy.rowCount() == 60
    rows_fit(view)
    view.search.setText("")
    view.kind.setCurrentText("correct-hex")
    rows_fit(view)
    view.kind.setCurrentText("all kinds")
    view.resize(700, 600)  # wider: fewer lines
    qtbot.waitUntil(lambda: table.columnWidth(STEP_COLUMN) > 100)
    rows_fit(view)


def test_the_rows_the_filter_shows_are_those_the_dock_measures(qtbot, tmp_path):
    with long_match(tmp_path / "long.referee") as match:
        view = JournalView()
        qtbot.addWidget(view)
        view.set_steps(match.steps(include_undone=True), match.rules)
    proxy = view.proxy
    for text in ("", "c3", "smoke 5", "nothing like this"):
        proxy.set_text(text)
        mapped = [proxy.mapToSource(proxy.index(r, 0)).row() for r in range(proxy.rowCount())]
        assert proxy.source_rows() == mapped, text


def test_a_four_figure_step_number_shows_whole(qtbot, tmp_path):
    # a long match's step 1000 and after: the # column as wide as the last step's number
    with create_demo_match(tmp_path / "long.referee") as match:
        with match.batch():
            for n in range(1000):
                match.run(
                    f"Smoke {n}",
                    [CorrectHex(hex="C2", marker="smoke", count=n % 2)],
                )
        view = JournalView()
        qtbot.addWidget(view)
        view.resize(700, 400)
        view.show()
        qtbot.waitExposed(view)
        view.set_steps(match.steps(include_undone=True), match.rules)
    table = view.table
    number = view.proxy.index(view.proxy.rowCount() - 1, 0).data()
    assert number == "1001"
    assert table.columnWidth(0) >= table.fontMetrics().horizontalAdvance(number) + 8


def test_typing_a_filter_fits_the_rows_once_not_once_for_each_range_it_hides(
    qtbot, tmp_path, monkeypatch
):
    with long_match(tmp_path / "long.referee") as match:
        view = JournalView()
        qtbot.addWidget(view)
        view.resize(420, 600)
        view.show()
        qtbot.waitExposed(view)
        view.set_steps(match.steps(include_undone=True), match.rules)
    passes: list[int] = []
    real = type(view.proxy).source_rows
    monkeypatch.setattr(
        type(view.proxy), "source_rows", lambda proxy: passes.append(1) or real(proxy)
    )
    view.search.setText("C3")  # hides every other row: sixty ranges and more
    assert view.proxy.rowCount() == 60
    assert len(passes) == 1
    rows_fit(view)
    view.kind.setCurrentText("advance")
    assert len(passes) == 2


def test_bench_open_times_the_long_match_against_the_ten_turn_one(capsys):
    from referee.cli.main import main

    assert main(["bench", "open", "--turns", "12", "--runs", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["long_turns"] == 12 and result["long_steps"] > result["ten_turns_steps"]
    for key in ("open_long", "open_ten_turns", "qt_floor"):
        assert result[f"{key}_ms"] > 0 and result[f"{key}_cpu_ms"] > 0
    assert result["open_ratio"] == pytest.approx(
        result["open_long_ms"] / result["open_ten_turns_ms"], abs=0.01
    )
    assert len(result["load_average"]) == 3
