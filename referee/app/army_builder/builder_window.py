"""The army builder (File > Army builder in the main window): its own window to build an army
list from a nation's catalogue — the units and their cards, each entry's upgrades, the budget
of every cost kind and every problem of the army, checked again at each change
(:func:`referee.army.validate_army`), the huge units to declare and the checksum — then save
it as an army file, open one, and print the army sheet as PDF or HTML.

The window only edits an :class:`referee.army.Army` value; every rule is the engine's. It is
the shell and the army's one editor; what it shows is each its own widget: the header
(:mod:`.army_header`), the catalogue (:mod:`.catalogue_list`), the entries
(:mod:`.entries_table`), the upgrades (:mod:`.upgrades_panel`), the unit card
(:mod:`.unit_card_view`) and the budget, problems and checksum (:mod:`.army_status`).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QGroupBox,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from referee.app.army_builder.army_header import ArmyHeader
from referee.app.army_builder.army_status import ArmyStatus
from referee.app.army_builder.catalogue_list import CatalogueList
from referee.app.army_builder.entries_table import EntriesTable
from referee.app.army_builder.unit_card_view import UnitCardView
from referee.app.army_builder.upgrades_panel import UpgradesPanel
from referee.app.widgets.file_dialogs import ask_open_path
from referee.app.widgets.message_box import MessageBox
from referee.app.widgets.save_dialog import ask_save_path
from referee.app.widgets.unsaved_changes import UnsavedChanges
from referee.army import Army, ArmyEntry, ArmyReport, dump_army, load_army, validate_army
from referee.army.sheet import army_sheet_html
from referee.paths import armies_dir, safe_file_name
from referee.units.budget import load_budgets
from referee.units.catalogue import Catalogue, catalogue
from referee.writing import WriteError, write_whole

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

        self.header = ArmyHeader(self.catalogue, self.budgets)
        self.units = CatalogueList()
        self.add_button = QPushButton("&Add to the army →")
        left_box = QGroupBox("&Catalogue")
        left = QVBoxLayout(left_box)
        # above the list, where nothing below (the huge units' declaration, the problems, the
        # status bar's lines) can push it from under the cursor between two clicks
        left.addWidget(self.add_button)
        left.addWidget(self.units, 1)

        self.entries = EntriesTable()
        self.remove_button = QPushButton("&Remove the entry")
        self.upgrades = UpgradesPanel()
        self.upgrades.setAccessibleName("upgrades")
        middle_box = QGroupBox("The arm&y")
        middle = QVBoxLayout(middle_box)
        middle.addWidget(self.entries, 2)
        middle.addWidget(self.remove_button)
        upgrades_label = QLabel("&Upgrades and equipment of the selected entry")
        upgrades_label.setBuddy(self.upgrades)
        middle.addWidget(upgrades_label)
        middle.addWidget(self.upgrades, 3)

        self.card = UnitCardView()
        right_box = QGroupBox("Unit car&d")
        right = QVBoxLayout(right_box)
        right.addWidget(self.card)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        for box in (left_box, middle_box, right_box):
            splitter.addWidget(box)
        self.status = ArmyStatus()

        central = QWidget()
        layout = QVBoxLayout(central)
        layout.addWidget(self.header)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.status)
        self.setCentralWidget(central)
        self.statusBar()  # there from the start: a first message does not shrink the window
        self._make_menu()

        h = self.header
        h.name.textEdited.connect(lambda text: self._edit(name=text.strip() or "Unnamed"))
        h.nation.currentIndexChanged.connect(self._nation_changed)
        h.game.currentIndexChanged.connect(self._game_changed)
        h.allowance.currentIndexChanged.connect(
            lambda: self._edit(allowance=h.allowance.currentData())
        )
        h.advanced.toggled.connect(lambda on: self._edit(advanced=on))
        self.add_button.clicked.connect(self.add_selected_unit)
        self.units.itemDoubleClicked.connect(lambda _: self.add_selected_unit())
        self.units.unit_chosen.connect(self.add_selected_unit)
        self.units.currentRowChanged.connect(self._show_catalogue_card)
        self.entries.currentCellChanged.connect(lambda *_: self._show_entry())
        self.entries.count_changed.connect(self.set_count)
        self.remove_button.clicked.connect(self.remove_entry)
        self.upgrades.changed.connect(self._upgrades_changed)
        self.status.entry_picked.connect(self._select_entry)

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
        self.header.show_army(army)
        self.units.show_units(self.catalogue.of_nation(army.nation))
        self._recheck(select=0 if army.entries else -1)

    def _edit(self, select: int | None = None, **changes: object) -> None:
        self.army = self.army.with_(**changes)
        self._recheck(select=select)

    def _recheck(self, select: int | None = None) -> None:
        """Check the army again and show the result everywhere."""
        self.report = validate_army(self.army)
        row = self.entries.currentRow() if select is None else select
        self.entries.show_army(self.army, self.report, row)
        self.status.show_report(self.report)
        self._show_entry()
        modified = self.army.checksum() != self.saved_checksum
        where = self.path.name if self.path is not None else "not saved"
        self.setWindowTitle(f"Army builder — {self.army.name} — {where}{' *' if modified else ''}")

    def _game_changed(self) -> None:
        allowance = self.header.allowance
        allowance.blockSignals(True)
        self.army = self.army.with_(game=str(self.header.game.currentData()), allowance=None)
        self.header.fill_allowances(self.army.allowance)
        allowance.blockSignals(False)
        self._recheck()

    def _nation_changed(self) -> None:
        self.army = self.army.with_(nation=str(self.header.nation.currentData()))
        self.units.show_units(self.catalogue.of_nation(self.army.nation))
        self._recheck()

    def add_unit(self, unit_id: str) -> None:
        """One more entry of ``unit_id`` (one base, no upgrade), selected."""
        entries = (*self.army.entries, ArmyEntry(unit_id))
        self._edit(select=len(entries) - 1, entries=entries)

    def add_selected_unit(self) -> None:
        unit_id = self.units.unit_id(self.units.currentRow())
        if unit_id is not None:
            self.add_unit(unit_id)

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
            self.card.show_unit(
                built.card or built.unit,
                "" if built.card is not None else "(without its upgrades: see the problems below)",
            )
        elif entry is not None:
            self.card.show_missing(entry.type, self.army.nation)
        else:
            self.card.clear()
        self.remove_button.setEnabled(entry is not None)

    def _show_catalogue_card(self, row: int) -> None:
        unit_id = self.units.unit_id(row)
        if unit_id is not None:
            self.card.show_unit(self.catalogue.find(unit_id))

    def _select_entry(self, row: int) -> None:
        if 0 <= row < len(self.army.entries):
            self.entries.selectRow(row)

    # --- files ----------------------------------------------------------------------------

    def new(self) -> None:
        """File > New army (after asking about unsaved changes)."""
        self.unsaved.ask(
            lambda: self.set_army(
                new_army(str(self.header.nation.currentData() or "spartan")), path=None
            )
        )

    def open_file(self, path: Path | str) -> bool:
        """Open an army file; a file that is no army is reported (file, entry, field, rule)."""
        try:
            army = load_army(path)
        except ValueError as exc:  # every problem, each with its entry, field and clause
            self.refusal = MessageBox(
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
        path = ask_open_path(self, "Open an army list", self.folder, FILTER)
        if path is not None:
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
