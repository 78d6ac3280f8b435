"""A wizard fitted to the wizard dock (:mod:`referee.app.docks.wizard_host`): its lists
and labels
wrap their lines to the dock's width, and the widgets the keyboard goes to on a page.

Apart from the dock itself because the dock is part of the window's first frame and these are
needed only once a wizard opens: their list, spin box and text widgets (and PySide's enums of
each) load then, not before the map is first painted.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QListView,
    QTextEdit,
    QWizard,
)

INPUTS = (QLineEdit, QAbstractSpinBox, QComboBox)
"""What the keyboard goes to first on a page (the referee types there; a list is left
alone: the keyboard in it would pick its first item)."""


KEPT = (*INPUTS, QAbstractButton, QAbstractItemView, QTextEdit)
"""A page's widgets the keyboard may stay on when the page shows."""


def fit_to_dock(wizard: QWizard) -> None:
    """Every list and label of ``wizard`` wraps its lines to the dock's width (a shooter, a
    weapon, a unit's orders, a note) instead of scrolling sideways or widening the dock;
    list items alternate their colour to stay apart."""
    wrap_labels(wizard)
    for view in wizard.findChildren(QListView):
        if view.selectionMode() == QAbstractItemView.SelectionMode.SingleSelection:
            view.selectionModel().currentChanged.connect(
                lambda now, _before, v=view: select_current(v, now)
            )
        view.setWordWrap(True)
        view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        view.setResizeMode(QListView.ResizeMode.Adjust)
        view.setUniformItemSizes(False)
        view.setAlternatingRowColors(True)


def wrap_labels(wizard: QWizard) -> None:
    """Every label of ``wizard`` with words wraps them (labels a page makes as it shows
    too: a wrapped label never widens the dock)."""
    for label in wizard.findChildren(QLabel):
        if " " in label.text() and not label.wordWrap():
            label.setWordWrap(True)


def select_current(view: QListView, index: QModelIndex) -> None:
    """The item the keyboard is on is the one picked: a list whose current item is not
    selected (the keyboard came into it) would let Next go on with an item the page shows
    as not picked (the shot's line not drawn)."""
    model = view.selectionModel()
    if (
        index.isValid()
        and not model.isSelected(index)
        and index.flags() & Qt.ItemFlag.ItemIsEnabled
    ):
        model.select(index, QItemSelectionModel.SelectionFlag.ClearAndSelect)
