"""Ctrl+Z undoes the last step from any field that has no typing of its own to undo.

A text field (a command line, a dice box, a spin box's digits) takes Ctrl+Z and Ctrl+Shift+Z
for itself even when it holds nothing it could undo, so a referee whose cursor sits in the
empty command line presses Ctrl+Z and nothing happens: the step stays. One event filter
(:func:`install_undo_keys`, from :func:`referee.app.start.qt_application.ensure_app`) lets
the field keep the keys while it has typing to undo (or redo), and passes them on otherwise
to the window's Edit > Undo / Redo (the last step), in every window of the app.

The same filter keeps a letter typed in a field the field's: the window's one-key shortcuts
(D folds the docks, F fits the map, J, N runs the next step) never fire from a text field, a
spin box, a drop-down list, or a list or table (the journal, a wizard's list of units, the
rules' index). Qt's text fields keep their letters already; a drop-down list and an item
view did not, so N typed in a facing list ran the next step instead of picking a facing,
and D typed in the journal folded the docks: each now goes to its next item starting with
the letter, as Qt's lists do (:meth:`QAbstractItemView.keyboardSearch`).

The keys go to the widget that has the keyboard (Qt asks it first, with a shortcut
override): the filter follows the focus, and goes on each text field, list or table as it
takes the keyboard (and on the spin or combo box holding a field), not on the whole
application, where it would run Python for every event of every object (and make PySide
build the Python class of each).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QKeyCombination, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

UNDO = QKeyCombination(Qt.KeyboardModifier.ControlModifier, Qt.Key.Key_Z).toCombined()
REDO = QKeyCombination(
    Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier, Qt.Key.Key_Z
).toCombined()
"""The windows' Edit > Undo and Redo, whatever the platform's standard keys."""
NAME = "referee-undo-keys"
TYPING = Qt.KeyboardModifier.NoModifier | Qt.KeyboardModifier.ShiftModifier
"""The modifiers of a key that types (a letter, a digit), not of a shortcut like Ctrl+F."""


def _field_can(watched: QObject, redo: bool) -> bool | None:
    """Whether the text field ``watched`` has typing to undo (``redo``: to redo); None when
    ``watched`` is no text field."""
    line: QLineEdit | None = None
    if isinstance(watched, QLineEdit):
        line = watched
    elif isinstance(watched, QAbstractSpinBox | QComboBox):
        line = watched.lineEdit()
        if line is None:  # a drop-down list that takes no typing
            return False
    if line is not None:
        if line.isReadOnly():
            return False
        return line.isRedoAvailable() if redo else line.isUndoAvailable()
    if isinstance(watched, QTextEdit | QPlainTextEdit):
        if watched.isReadOnly():
            return False
        document = watched.document()
        return document.isRedoAvailable() if redo else document.isUndoAvailable()
    return None


def _searches(watched: QObject) -> bool:
    """Whether ``watched`` takes a typed letter as a search of its items (a drop-down list
    that takes no typing, a list, a table)."""
    if isinstance(watched, QComboBox):
        return watched.lineEdit() is None
    return isinstance(watched, QAbstractItemView)


def _typed(event: QKeyEvent) -> bool:
    """Whether ``event`` types a character (a letter, a digit, a sign), with no modifier
    but Shift: a one-key shortcut's key, not Ctrl+F's."""
    text = event.text()
    return (
        bool(text)
        and text.isprintable()
        and not text.isspace()
        and event.modifiers() & ~TYPING == Qt.KeyboardModifier.NoModifier
    )


class UndoKeys(QObject):
    """The filter (see the module docstring)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.ShortcutOverride or not isinstance(event, QKeyEvent):
            return False
        if _typed(event) and _searches(watched):
            event.accept()  # the list's own: it picks an item starting with the letter
            return True
        keys = event.keyCombination().toCombined()
        if event.matches(QKeySequence.StandardKey.Undo) or keys == UNDO:
            redo = False
        elif event.matches(QKeySequence.StandardKey.Redo) or keys == REDO:
            redo = True
        else:
            return False
        if _field_can(watched, redo) is False:
            event.ignore()  # not the field's: the window's shortcut (the step) takes it
            return True
        return False

    def follow(self, _old: QWidget | None, now: QWidget | None) -> None:
        """Watch ``now``, the widget that has just taken the keyboard, if it is a list or a
        table, or a text field (and the spin or combo box holding it: the override goes up
        to it)."""
        if isinstance(now, QAbstractItemView):
            now.installEventFilter(self)
            return
        while now is not None and _field_can(now, False) is not None:
            now.installEventFilter(self)  # once: installed again, Qt keeps one
            now = now.parentWidget()


def install_undo_keys(app: QCoreApplication | None = None) -> UndoKeys | None:
    """The filter of ``app`` (the running application by default), made once: from now on it
    goes on each text field that takes the keyboard."""
    app = app if app is not None else QCoreApplication.instance()
    if app is None:
        return None
    keys = app.findChild(UndoKeys, NAME)  # by its name: PySide meets no other child
    if keys is None:
        keys = UndoKeys(app)
        keys.setObjectName(NAME)
        if isinstance(app, QApplication):
            app.focusChanged.connect(keys.follow)
            keys.follow(None, app.focusWidget())  # a field with the keyboard already
    return keys
