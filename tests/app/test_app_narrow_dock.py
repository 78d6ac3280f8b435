"""At 1366x768 the map stays dominant and the docks beside it read: a step's name shows
whole in the journal, the units without orders are in view in the turn tracker, a wizard's
lines and buttons wrap to the dock instead of widening it or scrolling sideways, and clause
ids are never broken in two."""

from __future__ import annotations

from app_window import demo_window
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QTextCursor, QTextDocument
from PySide6.QtWidgets import QAbstractScrollArea, QWizard
from test_app_gunnery_wizard import next_page, pick
from test_app_wizard_orders import open_orders, pick_unit

from referee.app.wizards.movement.step_html import plan_html
from referee.rules.orders.commands import Advance, Movement

STEP, WHY = 1, 5
"""The journal's Step and Why columns."""


def test_a_run_of_empty_steps_is_named_whole_once_in_the_journal(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path, "first-draft")
    window.run_step(
        "Movement 1",
        [
            Advance(to="movement-1", unfired="pass"),
            Movement(step=1),
        ],
    )
    step = window.next_step()  # passes the empty steps up to movement 2 as one entry
    assert step is not None and step.name == "Movement 1 to Assault 1: nothing to do in 6 steps"
    journal = window.journal
    proxy, table = journal.proxy, journal.table
    rows = [r for r in range(proxy.rowCount()) if proxy.index(r, STEP).data() == step.name]
    assert len(rows) == 1  # its name once, on its first row
    (row,) = rows
    width = table.columnWidth(STEP) - 8
    needed = (
        table.fontMetrics()
        .boundingRect(QRect(0, 0, width, 10_000), Qt.TextFlag.TextWordWrap, step.name)
        .height()
    )
    assert needed > table.fontMetrics().lineSpacing()  # it takes lines in this dock...
    assert table.rowHeight(row) >= needed  # ...and its row is that tall: nothing cut off
    # the orders step's twelve rows name their step once too
    names = [proxy.index(r, STEP).data() for r in range(proxy.rowCount())]
    assert names.count("Orders for turns 1 and 2") == 1 and names[1:12] == [""] * 11


def test_the_first_clause_id_of_every_journal_row_shows_whole(qtbot, tmp_path):
    # beside a wizard the journal narrows, and the Why column still holds each row's first
    # id ("orders.giving", "turn.sequence") whole: a link cut in two reads as another rule
    window = demo_window(qtbot, tmp_path)
    journal = window.journal
    wizard = window.open_gunnery_wizard()
    qtbot.waitExposed(wizard)
    qtbot.waitUntil(lambda: journal.table.isColumnHidden(2))  # the narrow journal
    width = journal.table.columnWidth(WHY)
    metrics = journal.table.fontMetrics()
    firsts = {(r.clauses or r.rulings)[0] for r in journal.model.rows}
    assert {"orders.giving", "turn.sequence"} <= firsts
    assert all(metrics.horizontalAdvance(f) + 8 <= width for f in firsts), (width, firsts)
    wizard.reject()


def test_the_units_without_orders_are_in_view_in_the_turn_tracker(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    window.run_step(
        "To turn 2",
        [
            Advance(to="aftermath", unfired="pass"),
            Advance(to="orders", unfired="pass"),
        ],
    )
    agenda = window.tracker.agenda
    assert agenda.toPlainText().count("no orders for turn 3") == 1  # one line for all six
    for uid in ("tank", "boars"):
        found = agenda.document().find(uid)
        assert not found.isNull()
        assert agenda.cursorRect(found).bottom() <= agenda.viewport().height(), uid


def no_sideways_scroll(view: QAbstractScrollArea) -> bool:
    return not view.horizontalScrollBar().isVisible()


def test_the_gunnery_wizards_lines_wrap_in_the_dock(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    wizard = window.open_gunnery_wizard()
    qtbot.waitExposed(wizard)
    pick(qtbot, wizard.shooter_page.list, "wagon")
    next_page(qtbot, wizard)
    items = wizard.weapon_page.list
    qtbot.waitUntil(lambda: items.viewport().width() > 0)
    assert no_sideways_scroll(items)
    for row in range(items.count()):
        rect = items.visualItemRect(items.item(row))
        assert rect.right() <= items.viewport().width()
    # the Gas lobba's line (range, AP, damage, arc, four abilities, load) takes two lines
    lobba = next(
        items.item(r) for r in range(items.count()) if items.item(r).text().startswith("Gas lobba")
    )
    assert items.visualItemRect(lobba).height() > 1.5 * items.fontMetrics().lineSpacing()
    wizard.reject()


def test_the_order_buttons_wrap_and_the_map_keeps_its_width(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    map_width = window.view.width()
    wizard = open_orders(qtbot, window, downs=2)  # side 2: the grunts' ten movement codes
    pick_unit(qtbot, wizard, "grunts")
    editor = wizard.orders_page.editor
    assert editor.step_buttons("movement", 1)[-1] == "-"
    qtbot.waitUntil(lambda: abs(window.view.width() - map_width) <= 4)
    scroll = editor.parentWidget()
    while not isinstance(scroll, QAbstractScrollArea):
        scroll = scroll.parentWidget()
    right = scroll.viewport().mapToGlobal(scroll.viewport().rect().topRight()).x()
    for code in editor.step_buttons("movement", 1):
        button = editor.button("movement", 1, code)
        assert button.mapToGlobal(button.rect().topRight()).x() <= right, code
    wizard.button(QWizard.WizardButton.CancelButton).click()


def test_clause_ids_in_the_movement_plan_are_never_broken(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    window.run_step("To movement 1", [Advance(to="movement-1", unfired="pass")])
    wizard = window.turn_driver.open_movement()
    qtbot.waitExposed(wizard)
    state, checks = wizard.state, wizard.checks
    ids = {c for check in checks.values() for c in check.clauses}
    assert ids
    doc = QTextDocument()
    doc.setDefaultFont(wizard.plan_page.text.font())
    doc.setHtml(plan_html(state, 1, checks))
    doc.setTextWidth(36 * wizard.fontMetrics().averageCharWidth())  # a narrow dock
    assert doc.size().height() > 0  # laid out
    lines = []
    block = doc.begin()
    while block.isValid():
        layout = block.layout()
        for n in range(layout.lineCount()):
            line = layout.lineAt(n)
            cursor = QTextCursor(doc)
            cursor.setPosition(block.position() + line.textStart())
            cursor.setPosition(
                block.position() + line.textStart() + line.textLength(),
                QTextCursor.MoveMode.KeepAnchor,
            )
            lines.append(cursor.selectedText())
        block = block.next()
    for clause in ids:
        assert any(clause in line for line in lines), (clause, "|".join(lines))
    wizard.reject()


def test_the_wizard_dock_does_not_grow_page_after_page(qtbot, tmp_path):
    # QWizard pins each page's subtitle (and so the wizard) to the width where it takes the
    # fewest lines: a longer subtitle on every page made the dock wider and wider
    from test_app_wizard_assault import POOLS, assault_window, choose_typed, open_wizard, type_dice

    window = assault_window(qtbot, tmp_path)
    wizard = open_wizard(qtbot, window)
    host = window.wizard_host
    qtbot.wait(50)
    opened, map_width = host.width(), window.view.width()
    next_page(qtbot, wizard)
    choose_typed(qtbot, wizard.roll_page.dice)
    type_dice(qtbot, wizard.roll_page.dice, POOLS)
    seen = []
    for _ in range(4):  # rerolls, advantage, allocation, damage
        next_page(qtbot, wizard)
        qtbot.wait(50)
        seen.append((wizard.currentPage().title(), host.width(), window.view.width()))
    # the dock keeps its width and the map never gives any of its own to the wizard (it may
    # gain some when the journal and turn docks settle)
    assert all(width <= opened + 4 and view >= map_width - 4 for _, width, view in seen), (
        opened,
        map_width,
        seen,
    )
    wizard.reject()


def test_the_assault_tables_show_every_row_in_the_dock(qtbot, tmp_path):
    # the bases and the pools wrap to the dock: their rows grow, and the tables with them
    from test_app_wizard_assault import assault_window, open_wizard

    window = assault_window(qtbot, tmp_path)
    wizard = open_wizard(qtbot, window)

    def whole(table) -> bool:
        rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
        return (
            not table.verticalScrollBar().isVisible()
            and rows + table.horizontalHeader().height()
            <= table.viewport().height() + table.horizontalHeader().height()
        )

    bases = wizard.contest_page.bases
    qtbot.waitUntil(lambda: whole(bases))
    assert bases.rowCount() == 2
    next_page(qtbot, wizard)
    pools, radio = wizard.roll_page.pools, wizard.roll_page.dice.digital
    qtbot.waitUntil(lambda: whole(pools))
    # nothing drawn over the table: the dice come below it
    assert (
        pools.mapTo(wizard, pools.rect().bottomLeft()).y()
        < radio.mapTo(wizard, radio.rect().topLeft()).y()
    )
    wizard.reject()


def test_the_labels_of_a_shot_at_the_next_hex_do_not_cover_one_another(qtbot):
    # the hoplites (E5) fire at the boars in the next hex (E4): range, the sector the line
    # leaves by and the one it enters by all read, none over another
    from itertools import combinations

    from referee.app.map.shot_line_item import ShotLine, ShotLineItem
    from referee.board.hexgrid import parse_label

    for frm, to in (("E5", "E4"), ("E5", "F5"), ("C7", "D2")):
        item = ShotLineItem(
            ShotLine(
                parse_label(frm),
                parse_label(to),
                "range 1, point-blank",
                "from front",
                "into front",
            )
        )
        boxes = [item._box(at, text) for at, text in item._labels()]
        assert len(boxes) == 3
        assert not any(a.intersects(b) for a, b in combinations(boxes, 2)), (frm, to)
