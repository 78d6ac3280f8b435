"""A wizard fitted to the wizard dock (:mod:`referee.app.docks.wizard_host`): its lists
and labels wrap their lines to the dock's width, its pages' subtitles wrap too (and are as
tall as their lines), and the widgets the keyboard goes to on a page.

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
    QWidget,
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


def unpin_subtitle(wizard: QWizard) -> None:
    """A new page's subtitle never makes the wizard wider: QWizard pins the subtitle's
    minimum width to where its text takes the fewest lines, and the dock would grow a
    little with every page; it wraps instead (:func:`fit_subtitle` gives it the height),
    before the window lays the page out."""
    page = wizard.currentPage()
    if page is None:
        return
    for label in wizard.findChildren(QLabel):
        if label.wordWrap() and not page.isAncestorOf(label) and label.minimumWidth() > 1:
            label.setMinimumWidth(1)
            header = label.parentWidget()  # the header is pinned to the label's width
            if header is not None and header is not wizard:
                header.setMinimumWidth(0)
    fit_minimum(wizard)  # and so is the wizard, to the header's


def fit_minimum(wizard: QWizard) -> None:
    """The wizard as narrow as its contents allow (not as QWizard pinned it)."""
    inner = [
        c.minimumSizeHint().width()
        for c in wizard.children()
        if isinstance(c, QWidget) and not c.isWindow()
    ]
    if inner and wizard.minimumWidth() != max(inner):
        wizard.setMinimumWidth(max(inner))


def fit_subtitle(wizard: QWizard) -> None:
    """The page's subtitle as tall as its lines at the dock's width (QWizard keeps the
    height it had at the width it was made at, and a narrow dock cuts the last line)."""
    page = wizard.currentPage()
    if page is None or not page.subTitle():
        return
    for label in wizard.findChildren(QLabel):
        if label.text() != page.subTitle() or page.isAncestorOf(label):
            continue
        label.setMinimumHeight(0)  # the last page's lines would count as this one's
        needed = label.heightForWidth(max(1, label.width()))
        header = label.parentWidget()
        if header is None or needed <= 0:
            continue
        # the header's height less its subtitle's (the title, the margins), as QWizard first
        # laid it out: every page's header is that and its own subtitle's lines, so a page
        # shown again (Back) has the header, and its widgets the place, it first had
        chrome = header.property("referee-chrome")
        if not isinstance(chrome, int):
            chrome = header.height() - label.height()
            header.setProperty("referee-chrome", chrome)
        label.setMinimumHeight(needed)
        header.setFixedHeight(chrome + needed)
