"""The army builder (File > Army builder in the main window): its own window to build an army
list from a nation's catalogue — the units and their cards, each entry's upgrades, the budget
of every cost kind and every problem of the army, checked again at each change
(:func:`referee.army.validate_army`), the huge units to declare and the checksum — then save
it as an army file, open one, and print the army sheet as PDF or HTML.

The window only edits an :class:`referee.army.Army` value; every rule is the engine's.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from referee.app.army_builder.upgrades_panel import UpgradesPanel
from referee.app.widgets.plain_text import plain_tip
from referee.app.widgets.save_dialog import ask_save_path
from referee.app.widgets.unsaved_changes import UnsavedChanges
from referee.army import Army, ArmyEntry, ArmyReport, dump_army, load_army, validate_army
from referee.army.sheet import army_sheet_html, checksum_groups, cost_text
from referee.paths import armies_dir, safe_file_name
from referee.units.budget import load_budgets
from referee.units.card_text import unit_card
from referee.units.catalogue import Catalogue, catalogue
from referee.units.model import COST_KINDS, UnitType
from referee.writing import WriteError, write_whole

OVER = "color:#c62828; font-weight:bold"
PROBLEM = "color:#c62828"
FILTER = "Army lists (*.toml);;All files (*)"


def new_army(nation: str = "spartan") -> Army:
    return Army("New army", nation, load_budgets().default)


class ArmyBuilderWindow(QMainWindow):
    """The army builder (see the module docstring)."""

    def __init__(self, parent: QWidget | None = None, folder: Path | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.catalogue: Catalogue = catalogue()
        self.budgets = load_budgets()
        self.folder = folder or armies_dir()
        self.path: Path | None = None
        self.refusal: QMessageBox | None = None
        """The last file refused, with its problems."""
        self.saved_checksum = ""
        self.army = new_army()
        self.report: ArmyReport = validate_army(self.army)
        self.unsaved = UnsavedChanges(
            self, lambda: f"The army {self.army.name}", self.is_modified, self.save
        )

        self.name = QLineEdit()
        self.name.setAccessibleName("army name")
        self.nation = QComboBox()
        self.nation.setAccessibleName("nation")
        for nation in sorted(
            {f.nation for f in self.catalogue.files},
            key=lambda n: [f.nation for f in self.catalogue.files].index(n),
        ):
            self.nation.addItem(nation.replace("-", " ").title(), nation)
        self.game = QComboBox()
        self.game.setAccessibleName("game")
        for game in self.budgets.games.values():
            label = f"{game.name} ({game.allowances[0].text()})" if game.symmetric else game.name
            self.game.addItem(label, game.id)
        self.allowance = QComboBox()
        self.allowance.setAccessibleName("budget")
        self.advanced = QCheckBox(self.budgets.advanced_name)
        self.advanced.setAccessibleName("advanced game")
        header = QFormLayout()
        header.addRow("Name", self.name)
        nation_row = QHBoxLayout()
        nation_row.addWidget(self.nation, 1)
        nation_row.addWidget(QLabel("Game"))
        nation_row.addWidget(self.game, 2)
        nation_row.addWidget(self.allowance, 2)
        nation_row.addWidget(self.advanced)
        header.addRow("Nation", nation_row)

        self.units = QListWidget()
        self.units.setAccessibleName("catalogue")
        self.units.setWordWrap(True)  # a long name and its cost on two lines, never cut
        self.units.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.add_button = QPushButton("Add to the army →")
        left_box = QGroupBox("Catalogue")
        left = QVBoxLayout(left_box)
        left.addWidget(self.units, 1)
        left.addWidget(self.add_button)

        self.entries = QTableWidget(0, 4)
        self.entries.setAccessibleName("army entries")
        self.entries.setHorizontalHeaderLabels(["Unit", "Bases", "Upgrades", "Cost"])
        self.entries.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 12)
        self.entries.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.entries.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.entries.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        eh = self.entries.horizontalHeader()
        eh.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        eh.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        eh.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        eh.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        self.remove_button = QPushButton("Remove the entry")
        self.upgrades = UpgradesPanel()
        self.upgrades.setAccessibleName("upgrades")
        middle_box = QGroupBox("The army")
        middle = QVBoxLayout(middle_box)
        middle.addWidget(self.entries, 2)
        middle.addWidget(self.remove_button)
        middle.addWidget(QLabel("Upgrades and equipment of the selected entry"))
        middle.addWidget(self.upgrades, 3)

        self.card = QTextBrowser()
        self.card.setAccessibleName("unit card")
        right_box = QGroupBox("Unit card")
        right = QVBoxLayout(right_box)
        right.addWidget(self.card)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        for box in (left_box, middle_box, right_box):
            splitter.addWidget(box)

        self.budget = QLabel()
        self.budget.setTextFormat(Qt.TextFormat.RichText)  # HTML on purpose, names escaped
        self.budget.setAccessibleName("budget")
        self.budget.setWordWrap(True)
        self.declaration = QLabel()
        self.declaration.setTextFormat(Qt.TextFormat.PlainText)
        self.declaration.setWordWrap(True)
        self.declaration.setStyleSheet(OVER)
        self.problems = QListWidget()
        self.problems.setAccessibleName("problems")
        self.problems.setWordWrap(True)
        self.problems.setFixedHeight(6 * self.fontMetrics().lineSpacing())
        self.checksum = QLabel()
        self.checksum.setTextFormat(Qt.TextFormat.PlainText)
        self.checksum.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        bottom = QVBoxLayout()
        bottom.addWidget(self.budget)
        bottom.addWidget(self.declaration)
        bottom.addWidget(self.problems)
        bottom.addWidget(self.checksum)

        central = QWidget()
        layout = QVBoxLayout(central)
        layout.addLayout(header)
        layout.addWidget(splitter, 1)
        layout.addLayout(bottom)
        self.setCentralWidget(central)
        self._make_menu()

        self.name.textEdited.connect(lambda text: self._edit(name=text.strip() or "Unnamed"))
        self.nation.currentIndexChanged.connect(self._nation_changed)
        self.game.currentIndexChanged.connect(self._game_changed)
        self.allowance.currentIndexChanged.connect(
            lambda: self._edit(allowance=self.allowance.currentData())
        )
        self.advanced.toggled.connect(lambda on: self._edit(advanced=on))
        self.add_button.clicked.connect(self.add_selected_unit)
        self.units.itemDoubleClicked.connect(lambda _: self.add_selected_unit())
        self.units.currentRowChanged.connect(self._show_catalogue_card)
        self.entries.currentCellChanged.connect(lambda *_: self._show_entry())
        self.remove_button.clicked.connect(self.remove_entry)
        self.upgrades.changed.connect(self._upgrades_changed)
        self.problems.itemClicked.connect(self._problem_clicked)

        chars = self.fontMetrics().averageCharWidth()
        lines = self.fontMetrics().lineSpacing()
        screen = (parent.screen() if parent is not None else self.screen()).availableGeometry()
        width = min(220 * chars, screen.width() * 96 // 100)
        self.resize(width, min(48 * lines, screen.height() * 92 // 100))
        self.move(screen.center() - self.rect().center())
        splitter.setSizes([width * 20 // 100, width * 50 // 100, width * 30 // 100])
        self.set_army(self.army, path=None)

    # --- menu -------------------------------------------------------------------------

    def _make_menu(self) -> None:
        file = self.menuBar().addMenu("&File")
        keys = QKeySequence.StandardKey

        def action(
            text: str, slot: object, key: QKeySequence.StandardKey | str | None = None
        ) -> QAction:
            a = QAction(text, self)
            if key is not None:
                a.setShortcut(QKeySequence(key))
            a.triggered.connect(slot)
            file.addAction(a)
            return a

        self.new_action = action("&New army", self.new, keys.New)
        self.open_action = action("&Open army file…", self.choose_open, keys.Open)
        self.save_action = action("&Save", self.save, keys.Save)
        self.save_as_action = action("Save &as…", self.choose_save_as, keys.SaveAs)
        file.addSeparator()
        self.pdf_action = action("Army sheet as &PDF…", self.choose_pdf, keys.Print)
        self.html_action = action("Army sheet as &HTML…", self.choose_html)
        file.addSeparator()
        action("&Close", self.close, keys.Close)

    # --- the army -----------------------------------------------------------------------

    def set_army(self, army: Army, *, path: Path | None) -> None:
        """Show ``army`` (read from ``path``, or new) as the army being built."""
        self.path = path
        self.army = army
        self.saved_checksum = army.checksum()  # as read, or new: nothing to save yet
        for widget in (self.name, self.nation, self.game, self.allowance, self.advanced):
            widget.blockSignals(True)
        self.name.setText(army.name)
        self.nation.setCurrentIndex(max(0, self.nation.findData(army.nation)))
        self.game.setCurrentIndex(max(0, self.game.findData(army.game)))
        self._fill_allowances()
        self.advanced.setChecked(army.advanced)
        for widget in (self.name, self.nation, self.game, self.allowance, self.advanced):
            widget.blockSignals(False)
        self._fill_catalogue()
        self._recheck(select=0 if army.entries else -1)

    def _edit(self, select: int | None = None, **changes: object) -> None:
        self.army = self.army.with_(**changes)
        self._recheck(select=select)

    def _recheck(self, select: int | None = None) -> None:
        """Check the army again and show the result everywhere."""
        self.report = validate_army(self.army)
        row = self.entries.currentRow() if select is None else select
        self._fill_entries(row)
        self._show_report()
        self._show_entry()
        modified = self.army.checksum() != self.saved_checksum
        where = self.path.name if self.path is not None else "not saved"
        self.setWindowTitle(f"Army builder — {self.army.name} — {where}{' *' if modified else ''}")

    def _fill_allowances(self) -> None:
        game = self.budgets.games.get(str(self.game.currentData()))
        self.allowance.clear()
        if game is None or game.symmetric:
            self.allowance.setVisible(False)
            return
        self.allowance.addItem("choose a budget…", None)
        for a in game.allowances:
            self.allowance.addItem(a.name, a.id)
        self.allowance.setCurrentIndex(max(0, self.allowance.findData(self.army.allowance)))
        self.allowance.setVisible(True)

    def _game_changed(self) -> None:
        self.allowance.blockSignals(True)
        self.army = self.army.with_(game=str(self.game.currentData()), allowance=None)
        self._fill_allowances()
        self.allowance.blockSignals(False)
        self._recheck()

    def _nation_changed(self) -> None:
        self.army = self.army.with_(nation=str(self.nation.currentData()))
        self._fill_catalogue()
        self._recheck()

    def _fill_catalogue(self) -> None:
        self.units.clear()
        for unit in self.catalogue.of_nation(self.army.nation):
            item = QListWidgetItem(
                f"{unit.name} — {cost_text(unit.cost)}" + (" — HUGE" if unit.size == "huge" else "")
            )
            item.setData(Qt.ItemDataRole.UserRole, unit.id)
            item.setToolTip(
                plain_tip(
                    f"{unit.id}: {unit.models} model(s), {unit.size}, "
                    + ", ".join(sorted(unit.types))
                )
            )
            self.units.addItem(item)

    def add_unit(self, unit_id: str) -> None:
        """One more entry of ``unit_id`` (one base, no upgrade), selected."""
        entries = (*self.army.entries, ArmyEntry(unit_id))
        self._edit(select=len(entries) - 1, entries=entries)

    def add_selected_unit(self) -> None:
        item = self.units.currentItem()
        if item is not None:
            self.add_unit(str(item.data(Qt.ItemDataRole.UserRole)))

    def remove_entry(self) -> None:
        row = self.entries.currentRow()
        if 0 <= row < len(self.army.entries):
            entries = self.army.entries[:row] + self.army.entries[row + 1 :]
            self._edit(select=min(row, len(entries) - 1), entries=entries)

    def set_count(self, row: int, count: int) -> None:
        e = self.army.entries[row]
        self._replace_entry(row, ArmyEntry(e.type, count, e.upgrades, e.equipment))

    def _replace_entry(self, row: int, entry: ArmyEntry) -> None:
        entries = (*self.army.entries[:row], entry, *self.army.entries[row + 1 :])
        self._edit(select=row, entries=entries)

    def _upgrades_changed(
        self, upgrades: tuple[object, ...], equipment: tuple[object, ...]
    ) -> None:
        row = self.entries.currentRow()
        if 0 <= row < len(self.army.entries):
            e = self.army.entries[row]
            self._replace_entry(
                row,
                ArmyEntry(
                    e.type,
                    e.count,
                    tuple(upgrades),  # type: ignore[arg-type]
                    tuple(equipment),  # type: ignore[arg-type]
                ),
            )

    # --- showing ------------------------------------------------------------------------

    def _fill_entries(self, select: int) -> None:
        self.entries.blockSignals(True)
        self.entries.setRowCount(len(self.army.entries))
        # rows named as the problems and the army sheet name entries (unit[0] is the first)
        self.entries.setVerticalHeaderLabels([f"unit[{i}]" for i in range(len(self.army.entries))])
        bad = {e.entry for e in self.report.errors if e.entry is not None}
        for row, entry in enumerate(self.army.entries):
            built = self.report.cards[row] if row < len(self.report.cards) else None
            name = built.unit.name if built is not None else f"{entry.type} (unknown)"
            ups = ", ".join(c.id if c.count == 1 else f"{c.id} x{c.count}" for c in entry.choices)
            cost = self.report.entry_cost(row)
            cells = (name, "", ups or "—", cost_text(cost) if cost is not None else "?")
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if row in bad:
                    item.setForeground(Qt.GlobalColor.red)
                    item.setToolTip(
                        plain_tip(
                            "; ".join(e.message for e in self.report.errors if e.entry == row)
                        )
                    )
                self.entries.setItem(row, column, item)
            spin = QSpinBox()
            spin.setRange(1, 99)
            spin.setValue(entry.count)
            spin.setAccessibleName(f"entry {row} bases")
            spin.valueChanged.connect(lambda n, r=row: self.set_count(r, n))
            self.entries.setCellWidget(row, 1, spin)
        if 0 <= select < len(self.army.entries):
            self.entries.selectRow(select)
            self.entries.setCurrentCell(select, 0)
        self.entries.blockSignals(False)

    def _show_report(self) -> None:
        r = self.report
        over = set(r.budget_check.over_kinds) if r.budget_check is not None else set()
        parts = []
        for kind in COST_KINDS:
            spent, budget = r.cost[kind], r.budget[kind]
            if spent or budget:
                text = f"{kind.upper()} {spent}/{budget}"
                parts.append(f"<span style='{OVER}'>{text}</span>" if kind in over else text)
        pool = r.allowance.pool if r.allowance is not None else None
        if pool is not None and r.budget_check is not None:
            text = (
                f"pool {'/'.join(k.upper() for k in pool.kinds)} "
                f"{r.budget_check.pool_spent}/{pool.points}"
            )
            parts.append(
                f"<span style='{OVER}'>{text}</span>" if r.budget_check.pool_over else text
            )
        verdict = (
            "<b>valid</b>"
            if r.valid
            else f"<span style='{OVER}'>not valid: {len(r.errors)} problem(s)</span>"
        )
        self.budget.setText(
            f"Budget ({escape(r.game)}): {' · '.join(parts) or 'nothing'} — {verdict}"
        )
        self.declaration.setText(r.declaration)
        self.declaration.setVisible(bool(r.huge_units))
        self.problems.clear()
        for e in r.errors:
            item = QListWidgetItem(e.text())
            item.setForeground(Qt.GlobalColor.red)
            item.setData(Qt.ItemDataRole.UserRole, e.entry)
            self.problems.addItem(item)
        if not r.errors:
            self.problems.addItem("No problem found: the army may be played.")
        self.checksum.setText(f"Checksum: {checksum_groups(r.checksum)}")

    def _show_entry(self) -> None:
        row = self.entries.currentRow()
        built = self.report.cards[row] if 0 <= row < len(self.report.cards) else None
        entry = self.army.entries[row] if 0 <= row < len(self.army.entries) else None
        self.upgrades.blockSignals(True)
        self.upgrades.show_entry(
            built.unit if built else None, entry, self.catalogue.upgrades_of(self.army.nation)
        )
        self.upgrades.blockSignals(False)
        if built is not None:
            self._show_card(
                built.card or built.unit,
                "" if built.card is not None else "(without its upgrades: see the problems below)",
            )
        elif entry is not None:
            self.card.setHtml(
                f"<p style='{PROBLEM}'>No unit {escape(entry.type)!s} in the "
                f"{escape(self.army.nation)} catalogue.</p>"
            )
        else:
            self.card.clear()
        self.remove_button.setEnabled(entry is not None)

    def _show_card(self, unit: UnitType, note: str = "") -> None:
        lines = unit_card(unit)
        body = escape("\n".join(lines[1:]))
        self.card.setHtml(
            f"<h3>{escape(unit.name)}</h3>"
            + (f"<p style='{PROBLEM}'>{escape(note)}</p>" if note else "")
            + f"<pre style='font-size:small; white-space:pre-wrap'>{body}</pre>"
        )

    def _show_catalogue_card(self, row: int) -> None:
        item = self.units.item(row)
        if item is not None:
            self._show_card(self.catalogue.find(str(item.data(Qt.ItemDataRole.UserRole))))

    def _problem_clicked(self, item: QListWidgetItem) -> None:
        row = item.data(Qt.ItemDataRole.UserRole)
        if isinstance(row, int) and 0 <= row < len(self.army.entries):
            self.entries.selectRow(row)

    # --- files ----------------------------------------------------------------------------

    def new(self) -> None:
        """File > New army (after asking about unsaved changes)."""
        self.unsaved.ask(
            lambda: self.set_army(new_army(str(self.nation.currentData() or "spartan")), path=None)
        )

    def open_file(self, path: Path | str) -> bool:
        """Open an army file; a file that is no army is reported (file, entry, field, rule)."""
        try:
            army = load_army(path)
        except ValueError as exc:  # every problem, each with its entry, field and clause
            self.refusal = QMessageBox(
                QMessageBox.Icon.Warning,
                "Not an army list",
                f"{Path(path).name} cannot be opened as an army list.",
                QMessageBox.StandardButton.Close,
                self,
            )
            self.refusal.setTextFormat(Qt.TextFormat.PlainText)  # names from the file
            self.refusal.setInformativeText(str(exc))
            self.refusal.setWindowModality(Qt.WindowModality.WindowModal)
            self.refusal.open()  # never exec(): nothing waits on it
            self.statusBar().showMessage(f"Refused: {exc}", 15000)
            return False
        self.folder = Path(path).parent
        self.set_army(army, path=Path(path))
        return True

    def choose_open(self) -> None:
        """File > Open (after asking about unsaved changes)."""
        self.unsaved.ask(self._choose_open_now)

    def _choose_open_now(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open an army list", str(self.folder), FILTER)
        if path:
            self.open_file(path)

    def save_to(self, path: Path | str) -> Path:
        """Write the army file (whole, or not at all) and make it the window's file."""
        path = write_whole(Path(path), dump_army(self.army))
        self.path, self.folder = path, path.parent
        self.saved_checksum = self.army.checksum()
        self._recheck()
        self.statusBar().showMessage(f"Saved {path}", 6000)
        return path

    def save(self) -> bool:
        """File > Save (where the referee says, the first time); True when written."""
        if self.path is None:
            return self.choose_save_as()
        return self._saved(self.path)

    def _saved(self, path: Path | str) -> bool:
        """:meth:`save_to`, a disk that refuses it said in the status bar (the file there
        before is as it was)."""
        try:
            self.save_to(path)
        except WriteError as exc:
            self.statusBar().showMessage(f"Not saved: {exc}", 15000)
            return False
        return True

    def _suggested(self, suffix: str) -> str:
        stem = self.path.stem if self.path else safe_file_name(self.army.name.lower(), "army")
        self.folder.mkdir(parents=True, exist_ok=True)  # the armies folder, on first use
        return str(self.folder / f"{stem}{suffix}")

    def choose_save_as(self) -> bool:
        path = ask_save_path(self, "Save the army list", self._suggested(".toml"), FILTER, ".toml")
        return path is not None and self._saved(path)

    def write_sheet(self, path: Path | str) -> Path:
        """The army sheet as PDF (``.pdf``) or HTML (any other name)."""
        from referee.app.window.army_pdf import write_pdf

        path = Path(path)
        html = army_sheet_html(self.report)
        if path.suffix.lower() == ".pdf":
            write_pdf(html, path)
        else:
            write_whole(path, html)
        self.statusBar().showMessage(f"Army sheet written: {path}", 8000)
        return path

    def choose_pdf(self) -> None:
        path = ask_save_path(
            self, "Army sheet as PDF", self._suggested(".pdf"), "PDF (*.pdf)", ".pdf"
        )
        if path is not None:
            self._sheet(path)

    def choose_html(self) -> None:
        path = ask_save_path(
            self, "Army sheet as HTML", self._suggested(".html"), "HTML (*.html)", ".html"
        )
        if path is not None:
            self._sheet(path)

    def _sheet(self, path: Path) -> None:
        try:
            self.write_sheet(path)
        except WriteError as exc:
            self.statusBar().showMessage(f"No sheet written: {exc}", 15000)

    def is_modified(self) -> bool:
        """Whether the army differs from its file (or, new, from the empty army)."""
        return self.army.checksum() != self.saved_checksum

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closed at once, or kept open while the referee is asked about unsaved changes
        (:class:`~referee.app.widgets.unsaved_changes.UnsavedChanges`: never blocks)."""
        if self.unsaved.may_close():
            event.accept()
        else:
            event.ignore()
