"""The journal as a table model: one row per event of every step (undone steps greyed).

A test fills it with :meth:`JournalModel.set_steps` and reads it without any window. The
"why" column lists the clause ids and rulings the engine applied, as links in ``HTML_ROLE``
(drawn by :class:`referee.app.docks.html_delegate.HtmlDelegate`); each row's :class:`JournalRow`
(``ROW_ROLE``) keeps the whole event for the rules browser's "why".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import msgspec
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from referee.app.docks.html_delegate import HTML_ROLE
from referee.app.docks.rule_html import why_links
from referee.app.widgets.plain_text import plain_tip
from referee.rules.events import Event, Step

COLUMNS = ("#", "Step", "Kind", "What happened", "Dice", "Why")
WHY_COLUMN = COLUMNS.index("Why")
ROW_ROLE = Qt.ItemDataRole.UserRole + 1
_UNIT_KEYS = ("uid", "shooter", "target")
_SECTION_TAG = re.compile(r"\[[a-z_]+\]")


class JournalRow(msgspec.Struct, frozen=True):
    """One event of one step, as the journal table shows it."""

    step: int
    step_name: str
    undone: bool
    kind: str
    text: str
    dice: str
    clauses: tuple[str, ...]
    rulings: tuple[str, ...]
    units: tuple[str, ...]

    @property
    def summary(self) -> str:
        """The working on one line (the tooltip keeps its lines): a heading that ends in
        ':' runs on into its first line, and the section tags of a step's working
        (``[pools]``) are left out."""
        out = ""
        for line in (raw.strip() for raw in self.text.splitlines()):
            if not line or _SECTION_TAG.fullmatch(line):
                continue
            out += ("" if not out else " " if out.endswith(":") else " · ") + line
        return out

    @property
    def why(self) -> str:
        return ", ".join([*self.clauses, *(f"ruling {r}" for r in self.rulings)])

    @property
    def why_html(self) -> str:
        """The why with each clause and ruling id a link to the rules browser."""
        return why_links(self.clauses, self.rulings)

    @property
    def title(self) -> str:
        """``3. Gunnery 1: tank fires…``: the step the event belongs to."""
        return f"{self.step}. {self.step_name}"

    def cell(self, column: int) -> str:
        values = (str(self.step), self.step_name, self.kind, self.summary, self.dice, self.why)
        return values[column]

    def matches(self, needle: str) -> bool:
        """Whether ``needle`` (lower case) is in the step name, text, units or why."""
        hay = " ".join((self.step_name, self.text, " ".join(self.units), self.why)).lower()
        return needle in hay


def _dice(event: Event) -> str:
    return " ".join(f"{r.value}{'*' if r.typed else ''}" for r in event.dice)


def _units(event: Event) -> tuple[str, ...]:
    command = event.command.to_json()
    found = [str(command[k]) for k in _UNIT_KEYS if k in command]
    found.extend(event.changes.units or {})
    found.extend(event.changes.orders or {})
    return tuple(dict.fromkeys(found))


def journal_rows(steps: Sequence[Step]) -> list[JournalRow]:
    return [
        JournalRow(
            step.number,
            step.title,  # a step typed as a command line: what it decided, in words
            step.undone,
            event.kind,
            event.text,
            _dice(event),
            event.clauses,
            event.rulings,
            _units(event),
        )
        for step in steps
        for event in step.events
    ]


class JournalModel(QAbstractTableModel):
    """Rows of :class:`JournalRow`, filled by :meth:`set_steps`."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[JournalRow] = []
        self.generation = 0
        """Counts the fillings: a view knows by it whether the rows are those it fitted."""

    def set_steps(self, steps: Sequence[Step]) -> None:
        self.beginResetModel()
        self.rows = journal_rows(steps)
        self.generation += 1
        self.endResetModel()

    def kinds(self) -> list[str]:
        return sorted({r.kind for r in self.rows})

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(self.rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        return None

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        row = self.rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return row.cell(index.column())
        if role == HTML_ROLE and index.column() == WHY_COLUMN:
            return row.why_html
        if role == Qt.ItemDataRole.ToolTipRole:
            tip = (  # the kind first: a narrow journal shows no Kind column
                f"{row.kind}: {row.text}"
                if index.column() != WHY_COLUMN
                else f"{row.why}\n(click an id for its text; double-click the row for all)"
            )
            # the working names units and steps from the file: shown as typed, never as HTML
            return plain_tip(tip + ("\n(undone: Edit > Redo brings it back)" if row.undone else ""))
        if role == ROW_ROLE:
            return row
        if role == Qt.ItemDataRole.ForegroundRole and row.undone:
            return QBrush(QColor("#9e9e9e"))
        if role == Qt.ItemDataRole.FontRole and row.undone:
            font = QFont()
            font.setItalic(True)
            return font
        return None
