"""Asking before a window's unsaved work is lost (the army builder, the map editor).

The question is a window-modal box opened with ``open()``, never ``exec()``: it waits for the
referee over its own window without stopping the program, so a closing test, a quitting app
or a script is never held up by it. Save, Discard or Cancel; after Save (when the file was
written) or Discard, what was asked for goes on (the window closes, another army opens).
``settled`` says how the question ended, so the main window can go on quitting after it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from referee.app.widgets.message_box import MessageBox

Button = QMessageBox.StandardButton


class UnsavedChanges(QObject):
    """The guard of one window's unsaved work (see the module docstring)."""

    settled = Signal(bool)
    """True: the work was saved or discarded and what was asked for went on; False: kept."""

    def __init__(
        self,
        window: QWidget,
        what: Callable[[], str],
        modified: Callable[[], bool],
        save: Callable[[], bool],
    ) -> None:
        super().__init__(window)
        self.window = window
        self.what = what
        """The work's name, for the question ("Vanguard", "the map ENTRENCHED!")."""
        self.modified = modified
        self.save = save
        """Save the work (asking where if need be); True when it was written."""
        self.box: QMessageBox | None = None
        """The question while it is open."""
        self.discarding = False
        """Set while a discarded window closes: its close goes through."""

    def ask(self, then: Callable[[], object]) -> bool:
        """Run ``then`` now (True) when nothing would be lost; else ask (False), and run it
        once the work is saved or discarded."""
        if not self.modified():
            then()
            return True
        if self.box is not None:  # asked already: bring the question forward
            self.box.raise_()
            self.box.activateWindow()
            return False
        box = MessageBox(
            QMessageBox.Icon.Question,
            self.window.windowTitle(),
            f"{self.what()} has changes that are not saved.",
            Button.Save | Button.Discard | Button.Cancel,
            self.window,
        )
        box.setTextFormat(Qt.TextFormat.PlainText)  # the army's or map's name, from its file
        box.setInformativeText("Save them before going on?")
        box.setDefaultButton(Button.Save)
        box.setEscapeButton(Button.Cancel)
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.finished.connect(lambda _: self._answered(box, then))
        self.box = box
        box.open()
        return False

    def _answered(self, box: QMessageBox, then: Callable[[], object]) -> None:
        self.box = None
        box.deleteLater()
        answer = box.standardButton(box.clickedButton()) if box.clickedButton() else Button.Cancel
        if answer == Button.Save and not self.save():
            answer = Button.Cancel  # not written (the save dialog was cancelled): keep it
        if answer not in (Button.Save, Button.Discard):
            self.settled.emit(False)
            return
        self.discarding = True
        try:
            then()
        finally:
            self.discarding = False
        self.settled.emit(True)

    def may_close(self) -> bool:
        """For the window's ``closeEvent``: True to close now; False to keep the window open
        while the question is asked (it closes the window itself after Save or Discard)."""
        if self.discarding:
            return True
        return self.ask(self.window.close) if self.modified() else True
