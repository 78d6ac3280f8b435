"""What the File and Help menus do: a new match (the wizard, a demo, one of the activation
rules), Open, the report (shown, saved), the army builder, the map editor, About, and
quitting (the army builder and the map editors asked first)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow

from referee.app.window.window_base import WindowParts
from referee.errors import RefereeError
from referee.paths import matches_dir

if TYPE_CHECKING:  # each wizard and the map editor are imported when first opened; the
    # panels and the engine when the window is finished (build_panels), after a first start
    # has painted the map; so are the Qt classes of the menus' actions and of the dialogs
    # (PySide makes the enums of a class the first time it is named)
    from PySide6.QtGui import QCloseEvent
    from PySide6.QtWidgets import QDialog

    from referee.app.map_editor.window import MapEditorWindow
    from referee.app.wizards.new_match.wizard import NewMatch, NewMatchWizard


class FileActions(WindowParts):
    """What the File and Help menus do (a part of the main window)."""

    def open_new_match_wizard(self) -> NewMatchWizard:
        """The new-match wizard; finishing it creates the match file and opens it."""
        from PySide6.QtWidgets import QDialog

        from referee.app.wizards.new_match.wizard import NewMatchWizard

        wizard = NewMatchWizard(self)

        def finished(result: int) -> None:
            if result == QDialog.DialogCode.Accepted:
                self.create_match(wizard.chosen_match())
            wizard.deleteLater()

        wizard.finished.connect(finished)
        wizard.open()
        return wizard

    def create_match(self, choice: NewMatch) -> bool:
        """Write the match the wizard chose and open it (a refusal is shown)."""
        try:
            choice.create().close()
        except (RefereeError, OSError) as exc:
            self.report_error(str(exc))
            return False
        self.open_match(choice.path)
        self.statusBar().showMessage(f"New match: {choice.path}", 8000)
        return True

    def new_activation_match(self) -> QDialog:
        """File > New match of the activation rules: the dialog; OK opens the match made
        here (returned for a test to fill; shown, not run)."""
        from referee.app.activation.new_dialog import NewActivationMatch
        from referee.app.session.match_session import MatchSession
        from referee.match.setup.demo import new_demo_path

        path = new_demo_path()
        dialog = NewActivationMatch(path.with_name(path.name.replace("demo-", "activation-")), self)

        def made() -> None:
            if dialog.match is not None and self.set_session(MatchSession(dialog.match, self)):
                self.show_match_file(dialog.match.path)
                self._remember(dialog.match.path)

        dialog.accepted.connect(made)
        dialog.open()
        return dialog

    def quit_program(self) -> None:
        """File > Quit."""
        self.close()

    def new_demo(self, ruleset: str | None = None) -> None:
        """File > New demo match: under the current edition, or ``ruleset``."""
        from referee.match.setup.demo import DEMO_EDITION, create_demo_match, new_demo_path

        path = new_demo_path()
        create_demo_match(path, ruleset or DEMO_EDITION).close()
        self.open_match(path)
        self.statusBar().showMessage(f"New demo match: {path}", 8000)

    def open_army_builder(self) -> Any:
        """The army builder in its own window (one at a time; raised if already open)."""
        from referee.app.army_builder.builder_window import ArmyBuilderWindow

        builder = getattr(self, "army_builder", None)
        if builder is None or not builder.isVisible():
            builder = ArmyBuilderWindow(self)
            self.army_builder = builder
        builder.show()
        builder.raise_()
        builder.activateWindow()
        return builder

    def choose_file(self) -> None:
        from referee.app.widgets.file_dialogs import ask_open_path

        start = self.session.path.parent if self.session else matches_dir()
        path = ask_open_path(self, "Open a match", start, "Match files (*.referee);;All files (*)")
        if path is not None:
            self.open_match(path)

    def show_about(self) -> QDialog:
        """Help > About: the versions and where the app keeps files."""
        from referee.app.window.about_dialog import AboutDialog

        dialog = AboutDialog(self)
        dialog.open()
        return dialog

    def show_report(self) -> QMainWindow | None:
        """File > Report: the match's report in Qt's own HTML view, in a window of its
        own (:mod:`referee.app.window.report_view`), read again when it is opened again."""
        if self.session is None:
            return None
        from referee.app.window.report_view import ReportWindow

        view = self.report_view
        if view is None or view.match is not self.session.match:
            if view is not None:  # the report of a match no longer open
                view.close()
            view = ReportWindow(self.session.match, self)
            self.report_view = view
        else:
            view.show_match()
        view.show()
        view.raise_()
        view.activateWindow()
        return view

    def write_report(self, out: Path | None = None) -> Path | None:
        """File > Save the report: HTML or PDF (by the name's suffix), where the referee
        says (next to the match file by default; the save dialog asks before replacing a
        file); never over the match file."""
        if self.session is None:
            return None
        from referee.app.window.report_view import ask_report_path, save_report

        if out is None:
            out = ask_report_path(self, self.session.path)
        if out is None:
            return None
        try:
            out = save_report(self.session.match, out)
        except (RefereeError, OSError) as exc:
            self.report_error(str(exc))
            return None
        self.statusBar().showMessage(f"Report written: {out}", 8000)
        return out

    def open_map_editor(self) -> MapEditorWindow:
        """The map editor in its own window (File > Map editor)."""
        from referee.app.map_editor.window import MapEditorWindow

        editor = MapEditorWindow(self)
        editor.show()
        return editor

    def _question_settled(self, went_on: bool) -> None:
        if went_on:
            self.close()  # saved or discarded: go on quitting
        else:
            self.statusBar().showMessage("Not quitting: the changes are kept.", 8000)

    def unsaved_windows(self) -> list[QMainWindow]:
        """The windows of this one (army builder, map editors) that ask before closing."""
        from referee.app.widgets.unsaved_changes import UnsavedChanges

        return [
            w
            for w in self.findChildren(QMainWindow)
            if isinstance(getattr(w, "unsaved", None), UnsavedChanges) and w.isVisible()
        ]

    def closeEvent(self, event: QCloseEvent) -> None:
        """Quit: the army builder and the map editors close first; one with unsaved changes
        asks, and the quitting goes on once it is saved or discarded (never blocked)."""
        asking = [w for w in self.unsaved_windows() if not w.close()]
        if asking:
            event.ignore()
            for w in asking:
                w.unsaved.settled.connect(  # type: ignore[attr-defined]
                    self._question_settled, Qt.ConnectionType.SingleShotConnection
                )
            self.statusBar().showMessage(
                "Quitting: answer the question about unsaved changes first.", 15000
            )
            return
        if self.remembered is not None:
            self.remembered.save_window(self)
        if self.panels_built:
            self.round_clock.stop()
        if self.session is not None:
            self.undo_group.removeStack(self.session.undo_stack)
            self.session.close()
            self.session = None
        super().closeEvent(event)

    def show_match_file(self, path: Path, said: str = "") -> None:
        """Say in the status bar where the match is written, ``path`` elided in the middle
        so the message ends before the label on the right; the whole text is its tooltip."""
        bar = self.statusBar()
        whole = f"{said}Match file: {path} (every step is written as it happens)"
        metrics = bar.fontMetrics()
        width = bar.width() if bar.isVisible() else self.width()  # not laid out yet
        room = width - self.where.sizeHint().width() - 4 * metrics.averageCharWidth()
        rest = metrics.horizontalAdvance(whole) - metrics.horizontalAdvance(str(path))
        shown = metrics.elidedText(
            str(path),
            Qt.TextElideMode.ElideMiddle,
            max(room - rest, 12 * metrics.averageCharWidth()),
        )
        self._elided = f"{said}Match file: {shown} (every step is written as it happens)"
        bar.showMessage(self._elided)
        bar.set_message_tip(whole)  # (gone with the message)

    def _message_changed(self, message: str) -> None:
        if message != self._elided:
            self._elided = ""
