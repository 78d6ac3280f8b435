"""Asking once before the clock leaves a gunnery step past units ordered to fire that have not
(ruling ``turn.unfired-fire-order``).

Next step and Advance without the wizard (Shift+N) come here when the engine refuses to leave
the step (:class:`referee.rules.orders.advance.FirePendingError`): a window-modal box, opened with
``open()`` (never ``exec()``), names the units and offers Pass (each holds its fire: the
advance is written with ``unfired=pass`` and its step names them, passed by the referee) or
Stay at this step (nothing written; Next step opens their gunnery wizard again). Asked again
while it is open, it is brought forward instead of asked twice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from referee.app.widgets.message_box import MessageBox


def unfired_text(uids: Sequence[str], where: str) -> str:
    """The question, naming the units (``where``: "Gunnery 1")."""
    one = len(uids) == 1
    names = ", ".join(uids[:-1]) + (" and " if not one else "") + uids[-1]
    return (
        f"{names} {'is' if one else 'are'} ordered to fire in {where}, with something to fire "
        f"at, and {'has' if one else 'have'} not fired."
    )


class UnfiredQuestion(QObject):
    """The question over ``window`` (see the module docstring)."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self.box: QMessageBox | None = None
        """The question while it is open."""
        self.pass_button: QWidget | None = None
        self.stay_button: QWidget | None = None

    def ask(
        self,
        uids: Sequence[str],
        where: str,
        on_pass: Callable[[], object],
        on_stay: Callable[[], object] = lambda: None,
    ) -> QMessageBox:
        """Ask whether ``uids`` hold their fire: ``on_pass`` once the referee passes them,
        ``on_stay`` if the referee stays at the step (or closes the question)."""
        if self.box is not None:  # asked already: bring the question forward
            self.box.raise_()
            self.box.activateWindow()
            return self.box
        box = MessageBox(
            QMessageBox.Icon.Question,
            "Units ordered to fire",
            unfired_text(uids, where),
            QMessageBox.StandardButton.NoButton,
            self.window,
        )
        box.setTextFormat(Qt.TextFormat.PlainText)  # unit ids are the match file's text
        box.setInformativeText(
            "Pass them: each holds its fire, and the journal names it, passed by the referee "
            "(clause fire.decline). Or stay at this step: Next step (N) opens the gunnery "
            "wizard of each again."
        )
        one = len(uids) == 1
        passing = box.addButton(
            "Pass: it holds its fire" if one else "Pass: they hold their fire",
            QMessageBox.ButtonRole.AcceptRole,
        )
        stay = box.addButton("Stay at this step", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(stay)
        box.setEscapeButton(stay)
        box.setWindowModality(Qt.WindowModality.WindowModal)
        self.pass_button, self.stay_button = passing, stay

        def answered(_result: int) -> None:
            self.box = None
            self.pass_button = self.stay_button = None
            box.deleteLater()
            if box.clickedButton() is passing:
                on_pass()
            else:
                on_stay()

        box.finished.connect(answered)
        self.box = box
        box.open()
        return box
