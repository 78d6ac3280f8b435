"""At 1366x768 the journal dock keeps the columns a referee reads: what happened and why,
beside a wizard too; each event's kind is whole where its column shows, and in every row's
tooltip."""

from app_window import demo_window
from PySide6.QtCore import Qt

from referee.app.docks.journal_model import COLUMNS

KIND, WHAT, WHY = COLUMNS.index("Kind"), COLUMNS.index("What happened"), COLUMNS.index("Why")


def test_what_happened_stays_readable_beside_a_wizard(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    journal = window.journal
    wizard = window.open_gunnery_wizard()
    qtbot.waitExposed(wizard)
    # the width the wizard leaves the journal in a real 1366x768 window (openbox)
    window.resizeDocks([journal.parentWidget()], [272], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: journal.width() < 280)
    table = journal.table
    assert table.isColumnHidden(KIND)  # the narrow journal
    chars = table.fontMetrics().averageCharWidth()
    # "tank, turn…" needs ten characters to say whose orders a row is
    assert not table.isColumnHidden(WHAT) and table.columnWidth(WHAT) >= 10 * chars
    used = sum(table.columnWidth(c) for c in range(len(COLUMNS)) if not table.isColumnHidden(c))
    assert used <= table.viewport().width()  # nothing pushed out of sight sideways
    wizard.reject()


def test_each_rows_kind_is_in_its_tooltip(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    proxy = window.journal.proxy
    tip = str(proxy.index(0, WHAT).data(Qt.ItemDataRole.ToolTipRole))
    assert tip.startswith("orders: ")


def test_the_kind_column_is_as_wide_as_its_longest_word_in_a_wide_dock(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    journal = window.journal
    dock = journal.parentWidget()
    window.resizeDocks([dock], [900], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: not journal.table.isColumnHidden(KIND))
    metrics = journal.table.fontMetrics()
    widest = max(metrics.horizontalAdvance(k) for k in journal.model.kinds())
    assert "advance" in journal.model.kinds() and "orders" in journal.model.kinds()
    assert journal.table.columnWidth(KIND) >= widest + 8


def test_what_happened_stays_readable_in_a_narrow_journal_of_the_activation_game(qtbot, tmp_path):
    """The activation game's steps are named by their commands (one long word:
    "path=H2:S,H3:S,…") and its clause ids are long ("activation.ammunition"): a narrow
    journal still gives What happened its ten characters, the Step and Why columns
    narrowing (their texts cut, whole in the tooltip and the rules dock)."""
    from app_window import activation_window

    from referee.match.journal.journal_text import read_journal, replay_journal
    from referee.paths import data_dir

    path = tmp_path / "crossroads.referee"
    replay_journal(read_journal(data_dir() / "journals" / "activation-crossroads.journal"), path)
    window = activation_window(qtbot, path)
    qtbot.waitExposed(window)
    journal = window.journal
    # as narrow as the left docks go in a real 1366x768 window (the Turn panel's least)
    window.resizeDocks([journal.parentWidget()], [272], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: journal.width() < 320)
    table = journal.table
    assert table.isColumnHidden(KIND)  # the narrow journal
    chars = table.fontMetrics().averageCharWidth()
    assert not table.isColumnHidden(WHAT)
    assert table.columnWidth(WHAT) >= 10 * chars, (journal.width(), table.columnWidth(WHAT))
    used = sum(table.columnWidth(c) for c in range(len(COLUMNS)) if not table.isColumnHidden(c))
    assert used <= table.viewport().width()


def test_a_match_opens_with_its_journal_at_the_last_step(qtbot, tmp_path):
    """The journal shows the step the match is at when the window opens: its rows, fitted
    to the dock's width as the window lays out (taller, their step names wrapped), leave it
    scrolled to the end, not part way up."""
    from app_window import activation_window

    from referee.match.journal.journal_text import read_journal, replay_journal
    from referee.paths import data_dir

    path = tmp_path / "crossroads.referee"
    replay_journal(read_journal(data_dir() / "journals" / "activation-crossroads.journal"), path)
    window = activation_window(qtbot, path)
    qtbot.waitExposed(window)
    table = window.journal.table
    bar = table.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0)  # more rows than the dock shows
    last = table.model().rowCount() - 1
    qtbot.wait(500)
    print(
        "DEBUG",
        bar.value(),
        bar.maximum(),
        table.rowAt(table.viewport().height() - 2),
        last,
        table.model().rowCount(),
    )
    qtbot.waitUntil(lambda: table.rowAt(table.viewport().height() - 2) in (last, -1))
    assert bar.value() == bar.maximum()
