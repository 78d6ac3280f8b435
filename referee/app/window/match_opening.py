"""Opening a match in the main window, of either game system: File > Open and Open Recent's
file read into a session (a refused file is reported, the open match stays), then the window
turned to it (:meth:`MatchOpening.set_session`: the old match's undo stack, report and
wizard go, the game system's panels come, the map and the docks read the new match). A part
of :class:`~referee.app.window.main_window.MainWindow` (its parts: :mod:`.window_base`)."""

from __future__ import annotations

from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt

from referee.app.docks.wizard_host import IDLE_TEXT
from referee.app.window.menus import Menus
from referee.app.window.remembered import fill_recent_menu
from referee.app.window.step_running import StepRunning
from referee.errors import RefereeError

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMainWindow, QMessageBox, QWidget

    from referee.app.session.match_session import MatchSession
    from referee.app.session.shell import GameUi
    from referee.app.widgets.refusals import Refusals


SAVE_AS_TITLE = "Save the match as (the window then goes on with the new file)"
"""The title of File > Save As…'s dialog: it says what happens after."""
SAVE_AS_OFFER = "&Save the match to a new file…"
"""The button of the dialogs of a match file gone or damaged."""
OWN_FILE = (
    "it is the match's own file (every step is already written there as it happens); "
    "choose another name"
)
"""Why File > Save As…'s dialog refuses the open match's own file, at once."""


class MatchOpening(Menus, StepRunning):
    """Opening a match and turning the window to it (the last part of the main window, over
    the others)."""

    def qt_window(self) -> QMainWindow:
        return self

    def tracker_widget(self) -> QWidget:
        """The written-orders game's panel of the Turn dock."""
        return self.tracker

    def open_match(self, path: Path | str, instead: str = "") -> None:
        """Open a match file of any game system here (refused files are reported, the open
        match stays; ``instead``: what the window does then, when no match is open)."""
        from referee.app.session.match_session import MatchSession

        self.build_panels()
        try:  # opened whole (its state built) before anything here turns to it
            session = MatchSession.open(path, self)
        except RefereeError as exc:
            self.refuse_open(Path(path), str(exc), instead)
            return
        if not self.set_session(session):
            return
        self._remember(session.path)
        self._warn_on_open(session)

    def _warn_on_open(self, session: MatchSession) -> None:
        """Say (a dialog, the status bar) when the match just opened is open elsewhere
        too, or does not replay as recorded (:mod:`.opening_checks`); the replay check runs
        once the window has shown the match (the first paint is not kept waiting)."""
        from PySide6.QtCore import QTimer

        from referee.app.window.opening_checks import open_elsewhere

        elsewhere = open_elsewhere(session)
        said = "Open in another window too. " if elsewhere else ""
        self.show_match_file(session.path, said)
        if elsewhere:
            self._warn("Match opened with a warning", elsewhere)
        QTimer.singleShot(0, lambda: self._check_opened(session, elsewhere))

    def _check_opened(self, session: MatchSession, elsewhere: str) -> None:
        from referee.app.window.opening_checks import changed_by_hand

        if self.session is not session or not session.timer.isActive():
            return  # another match opened meanwhile, or the window closed it
        changed, said = changed_by_hand(session)
        if not changed:
            return
        self.show_match_file(
            session.path, said + ("Open in another window too. " * bool(elsewhere))
        )
        self._warn("Match opened with a warning", "\n\n".join(t for t in (changed, elsewhere) if t))

    refusals: Refusals | None = None
    """The dialogs saying why the last match file was not opened, or that the open match's
    file is gone (made at the first)."""

    def refuse_open(self, path: Path, message: str, instead: str = "") -> QMessageBox:
        """Say that the match file at ``path`` was not opened and why (``message``, the
        engine's refusal naming the file and the field), in the status bar and in a dialog
        of plain text; the match open before stays as it was (none: ``instead`` says what
        the window does)."""
        self.report_error(message)
        kept = (
            f"The match open before, {self.session.path.name}, stays open as it was."
            if self.session is not None
            else instead or "No match was opened."
        )
        return self._warn("Match not opened", f"{path.name} was not opened.\n\n{message}\n\n{kept}")

    def match_file_lost(self, message: str) -> QMessageBox:
        """The open match's file is gone from its place (deleted, or moved away: the
        session's look at it says so once, ``message``): said in a dialog, since no step
        can be written until it is back; it offers to save the match to a new file."""
        return self._offer_save(
            self._warn(
                "Match file gone",
                f"{message}.\n\nUntil then the window shows the match as it was last "
                "written (File > Open finds the file where it is now). Or save the match to "
                "a new file (File > Save As…): every step is written there, undone ones "
                "too, and the window goes on with that file.",
            )
        )

    def match_file_unreadable(self, message: str) -> QMessageBox:
        """The open match's file no longer reads (another program damaged it: ``message``
        names the file and the field): said in a dialog, with what the window does and
        the way forward (one: save the match as last read well to a new file)."""
        return self._offer_save(
            self._warn(
                "Match file damaged",
                f"{message}\n\nNothing is written to it now: steps, undo and redo are "
                "refused, and the window shows the match as it was last read well. Put the "
                "file right (restore it from a copy, say) and the window carries on from "
                "it; or open it again (File > Open); or save the match as it shows to a new "
                "file (File > Save As…) and go on with that.",
            )
        )

    def _offer_save(self, box: QMessageBox) -> QMessageBox:
        """``box`` with a button that saves the match to a new file (File > Save As…),
        asked once the box has closed."""
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QMessageBox

        button = box.addButton(SAVE_AS_OFFER, QMessageBox.ButtonRole.ActionRole)
        button.clicked.connect(lambda: QTimer.singleShot(0, self.save_match_as))
        return box

    def save_match_as(self, out: Path | None = None, *, replace: bool = False) -> Path | None:
        """File > Save As… (Ctrl+Shift+S): the open match written whole to a new file, of
        either game (every step, undone ones too, as the window shows them: a file gone or
        damaged is no obstacle), then the window goes on with the new file; the old one
        stays as it is. ``out``: where, else asked in Qt's save dialog (which asks before
        replacing a file, and refuses the open match's own file before that; ``replace``
        then). The session goes on with the new file (:meth:`MatchSession.go_on_with`):
        the undo stack, the map and an open wizard stay as they are, and the wizard's step
        is written to the new file. A refusal (the open match's own file, a folder without
        write permission, a full disk...) is said in a dialog naming the file, nothing
        written, the open match as it was."""
        session = self.session
        if session is None:
            return None
        if out is None:
            out = self._ask_save_path(session.path)
            if out is None:
                return None
            replace = out.exists() or out.is_symlink()  # the dialog asked before replacing it
        old = session.path
        gone = not old.exists()
        try:
            written = session.write_copy(out, replace=replace)
        except RefereeError as exc:
            self.report_error(str(exc))
            self._warn(
                "Match not saved",
                f"{exc}\n\nThe open match stays as it was, with its file {old}.",
            )
            return None
        try:
            session.go_on_with(written)
        except RefereeError as exc:  # written and read back, yet not opened now
            self.report_error(str(exc))
            self._warn(
                "Match saved, not opened",
                f"The match was saved as {written}, but the window could not go on with "
                f"it: {exc}\n\nThe window goes on with its file {old}; File > Open opens "
                "the copy.",
            )
            return None
        self._went_on_with(session)
        if written == old:
            said = "Saved back in its place. "
        else:
            kept = "is still gone" if gone else "stays as it was"
            said = f"Saved as {written.name}; {old} {kept}. "
        self.show_match_file(written, said)
        return written

    def _went_on_with(self, session: MatchSession) -> None:
        """The window turned to the open match's new file (File > Save As): its title,
        Open Recent, the round clock and the report follow the file; the rest shows the
        same match as before."""
        from referee.match.games.orders_file import MatchFile

        report = self.report_view
        if report is not None:  # it reads the file it was opened on
            report.close()
            self.report_view = None
        match = session.match
        self.round_clock.set_match(match if isinstance(match, MatchFile) else None)
        self._remember(session.path)
        self.setWindowTitle(f"{session.path.name} — {match.rules.title}")

    def _ask_save_path(self, path: Path) -> Path | None:
        """Where to save the match whose file is ``path``: the same place when the file
        is gone (putting it back), else a free name beside it."""
        from referee.app.widgets.save_dialog import ask_save_path
        from referee.paths import free_path, matches_dir

        if path.exists():
            suggested = free_path(path.with_name(f"{path.stem}-copy{path.suffix}"))
        else:
            suggested = path if path.parent.is_dir() else matches_dir() / path.name
        from referee.match.journal.match_copy import is_own_file

        return ask_save_path(
            self,
            SAVE_AS_TITLE,
            suggested,
            "Match files (*.referee);;All files (*)",
            ".referee",
            refuse=lambda chosen: OWN_FILE if is_own_file(path, chosen) else None,
        )

    def _warn(self, title: str, text: str) -> QMessageBox:
        """A warning of plain text over the window (not waited for), in place of the last."""
        from referee.app.widgets.refusals import Refusals  # QMessageBox when first needed

        if self.refusals is None:
            self.refusals = Refusals(self)
        return self.refusals.say(title, text)

    @property
    def refused_open_dialog(self) -> QMessageBox | None:
        """The dialog of the last refusal, while it is shown."""
        return None if self.refusals is None else self.refusals.box

    def _remember(self, path: Path) -> None:
        """``path`` first in File > Open Recent (a match of any game system)."""
        if self.remembered is not None:
            self.remembered.add_recent(path)
            self.fill_recent()

    def fill_recent(self) -> None:
        """File > Open Recent: the matches opened, the last first (a file gone, greyed)."""
        recent = self.remembered.recent() if self.remembered is not None else []
        fill_recent_menu(self.recent_menu, recent, self.open_match)

    def set_session(self, session: MatchSession) -> bool:
        """Turn the window to ``session``'s match, whole or not at all: the game system's
        panels and wizards are put in first; if that fails, the window stays on the match
        open before (its panels put back, the new session closed) and a dialog says why.
        Whether the window turned to it."""
        from referee.app.session.game_system import game_for
        from referee.app.session.match_session import ALL_CHANGES

        self._outdate_wizard(f"{session.path.name} was opened")
        self.wizard_host.forget_written()  # the outcome of a step of the match closed here
        before, before_game = self.session, self.game
        self.session = session  # (the game's panels read the match they are made for)
        game = None
        try:
            if before_game is not None:
                before_game.detach()
            game = game_for(session.system, self)
            game.attach()
        except Exception as exc:  # any failure: the window stays whole, on the match before
            self._turn_back(before, game, exc, session)
            return False
        self.game = game
        report = self.report_view
        if report is not None:  # the report of the match closed here goes with it
            report.close()
            self.report_view = None
        if before is not None:
            self.undo_group.removeStack(before.undo_stack)
            before.close()
        self.undo_group.addStack(session.undo_stack)
        self.undo_group.setActiveStack(session.undo_stack)
        session.changed.connect(self.refresh)
        session.notice.connect(lambda text: self.statusBar().showMessage(text, 15000))
        session.refused.connect(self.refuse)  # undo, redo, N the file refuses
        session.lost.connect(self.match_file_lost)
        session.unreadable.connect(self.match_file_unreadable)
        los = self.built_los_panel()
        if los is not None:
            los.clear()
        old, new = self.wizard_host.idle_text, game.idle_text or IDLE_TEXT
        self.wizard_host.idle_text = new
        idle = self.wizard_host.idle  # the game's own words, after what closed a wizard
        idle.setText(idle.text().replace(old, new))
        orders = game.SYSTEM == "orders"
        for action in (self.advance_action, *self.hide_actions.values()):
            action.setEnabled(orders)
        browser = self.built_rules_browser()  # (one built later reads the match's rules)
        if browser is not None:
            browser.set_rules(session.match.rules)
        setup = self.built_setup_panel()
        if setup is not None:
            setup.forget()  # another match: nothing of the last one stays picked
        from referee.match.games.orders_file import MatchFile

        if isinstance(session.match, MatchFile):
            self.scene.set_map(session.state.battle_map)
            if setup is not None:
                setup.set_victory(session.match.meta.get("victory"))
        self.round_clock.set_match(session.match if isinstance(session.match, MatchFile) else None)
        self.refresh(ALL_CHANGES)
        self.view.fit()
        # the platform adds " — referee" (the application's name) after it
        self.setWindowTitle(f"{session.path.name} — {session.match.rules.title}")
        return True

    def _turn_back(
        self,
        before: MatchSession | None,
        game: GameUi | None,
        exc: Exception,
        session: MatchSession,
    ) -> None:
        """The window back on the match open ``before`` (its game's panels made again), after
        turning to ``session`` failed at its game's panels (``game``, half attached)."""
        from referee.app.session.game_system import game_for
        from referee.app.session.match_session import ALL_CHANGES

        if game is not None:
            with suppress(Exception):  # what it put in, taken out as far as it goes
                game.detach()
        self.session = before
        self.game = game_for(before.system if before is not None else "orders", self)
        self.game.attach()
        session.close()
        if before is not None:
            self.refresh(ALL_CHANGES)
        self.refuse_open(
            session.path, f"The window could not show its match: {type(exc).__name__}: {exc}"
        )

    def _app_state(self, state: Qt.ApplicationState) -> None:
        if state == Qt.ApplicationState.ApplicationActive and self.session is not None:
            self.session.sync()
