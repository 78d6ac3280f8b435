"""The main window's menus, the same for a match of either game system (the Wizards menu lists
the game's own wizards), and the tools they start: the line of sight, visibility, Esc, the
rules browser. A part of the window over :mod:`.file_actions`, :mod:`.orders_panels` and
:mod:`.dock_layout` (:mod:`.match_opening` is over it).

Menus: File > New match (the wizard, Ctrl+N) / New demo match / Open / Open Recent / Save As
(Ctrl+Shift+S: the match written whole to a new file, the window going on with it) / Report /
Army builder (Ctrl+B, :mod:`referee.app.army_builder`) / Map editor
(:mod:`referee.app.map_editor`) (the window's size, its docks and the matches opened are
remembered, :mod:`referee.app.window.remembered`); Edit > Undo / Redo, named after the step
(Ctrl+Z, Ctrl+Shift+Z); View > Zoom in / out / Fit (F), the docks, the journal ten rows tall
(J); Turn > Next step (N: the step's wizard, then the clock moves on,
:mod:`referee.app.session.turn_driver`), Advance without the wizard (Shift+N); Tools > Line of sight
(L), Visibility; Wizards > Gunnery (G), Orders (O), Movement (M), Assault (A), Agony,
Aftermath; Help > About (versions, where files go, :mod:`referee.app.window.about_dialog`). There is
no Save: the match file writes every step as it happens (Save As writes it elsewhere). A click on a
token shows the unit in the inspector; a right-click on a hex offers the referee's
corrections (:mod:`referee.app.session.correction_menu`). View > Rules (the dock's entry, or
Rules (search): Ctrl+F, F1) puts the cursor in the rules browser's search box; every clause or
ruling link of the window (the journal's why, the inspector, the line of sight, a wizard's
working) opens there, the cursor in the search box too (its tab clicked:
:mod:`.lazy_docks`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from referee.app.widgets.plain_text import plain_tip
from referee.app.window.file_actions import FileActions
from referee.app.window.orders_panels import OrdersPanels

if TYPE_CHECKING:  # each wizard and the map editor are imported when first opened; the
    # panels and the engine when the window is finished (build_panels), after a first start
    # has painted the map; so are the Qt classes of the menus' actions and of the dialogs
    # (PySide makes the enums of a class the first time it is named)
    from PySide6.QtGui import QAction, QKeySequence
    from PySide6.QtWidgets import QMenu


class Menus(FileActions, OrdersPanels):
    """The menus and their tools (a part of the main window)."""

    def _action(
        self,
        menu: QMenu,
        text: str,
        slot: Any,
        shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
    ) -> QAction:
        from PySide6.QtGui import QAction, QKeySequence

        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _make_actions(self) -> None:
        from PySide6.QtGui import QKeySequence

        from referee.app.tournament.launcher import TournamentLauncher

        menu = self.menus
        file = menu["&File"]
        keys = QKeySequence.StandardKey
        self.new_match_action = self._action(
            file, "&New match…", self.open_new_match_wizard, keys.New
        )
        self.new_action = self._action(file, "New &demo match", lambda: self.new_demo())
        self.new_first_draft_demo_action = self._action(
            file, "New demo match, &first draft", lambda: self.new_demo("first-draft")
        )
        self.new_activation_action = self._action(
            file, "New match of the &activation rules…", self.new_activation_match
        )
        self.open_action = self._action(file, "&Open…", self.choose_file, keys.Open)
        self.recent_menu = file.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self.fill_recent)
        self.fill_recent()
        self.save_as_action = self._action(
            file, "&Save As…", lambda: self.save_match_as(), "Ctrl+Shift+S"
        )
        self.report_action = self._action(file, "Re&port…", lambda: self.show_report(), "Ctrl+R")
        self.save_report_action = self._action(
            file, "Save the report (&HTML or PDF)…", lambda: self.write_report()
        )
        file.addSeparator()
        self.army_builder_action = self._action(
            file, "Arm&y builder…", self.open_army_builder, "Ctrl+B"
        )
        self.map_editor_action = self._action(file, "&Map editor…", self.open_map_editor)
        self.tournament_menu = file.addMenu("&Tournament")  # the tournament desk's window
        self.tournament = TournamentLauncher(self)
        self._action(self.tournament_menu, "&New event…", self.tournament.new_event_dialog)
        self._action(self.tournament_menu, "&Open event…", self.tournament.open_dialog)
        self._action(
            self.tournament_menu, "Open event on a &server…", self.tournament.server_dialog
        )
        file.addSeparator()
        self._action(file, "&Quit", self.quit_program, keys.Quit)

        edit = menu["&Edit"]
        from referee.app.window.step_undo_actions import StepUndoActions

        # Qt's undo actions, asked first whether a blind setup's screen allows the step
        self.step_undo = StepUndoActions(
            self.undo_group, self, self.screen_guard, self.refuse, self.screen_words
        )
        self.undo_action, self.redo_action = self.step_undo.undo, self.step_undo.redo
        self.journal.refusal = self.journal_refusal  # its Undo back to here likewise
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)

        view = menu["&View"]
        self.zoom_in_action = self._action(view, "Zoom &in", self.view.zoom_in, "Ctrl++")
        self.zoom_out_action = self._action(view, "Zoom &out", self.view.zoom_out, "Ctrl+-")
        self.fit_action = self._action(view, "&Fit the map", self.view.fit, "F")
        view.addSeparator()
        for dock, lettered in (
            (self.tracker_dock, "&Turn"),
            (self.journal_dock, "Jour&nal"),
            (self.inspector_dock, "&Unit"),
            (self.los_dock, "Line of &sight"),
            (self.rules_dock, "Rul&es"),
            (self.wizard_host, "&Wizard"),
            (self.setup_dock, "Setu&p"),
        ):  # each its letter in the menu (its tab and title bar keep the plain title)
            toggle = dock.toggleViewAction()
            toggle.setText(lettered)
            view.addAction(toggle)
        # View > Rules shows the dock in front, the cursor in its search box
        self.rules_dock.toggleViewAction().triggered.connect(
            lambda shown: self.focus_rules() if shown else None
        )
        self.journal_rows_action = self._action(
            view, "&Journal, ten rows tall", lambda: self.show_journal_rows(), "J"
        )
        self.fold_action = self._action(
            view, "Fold the &docks (the map alone)", self.fold_docks, "D"
        )
        self.fold_action.setCheckable(True)
        view.addSeparator()
        self.hide_actions = {}
        for side in (1, 2):
            action = self._action(view, f"Hide side &{side}'s hidden units", self._conceal)
            action.setCheckable(True)
            action.setToolTip(
                plain_tip(
                    f"Show side {side}'s hidden units as hidden tokens only, as "
                    f"side {3 - side} sees them"
                )
            )
            self.hide_actions[side] = action
        self.rules_action = self._action(view, "&Rules (search)", self.focus_rules, "Ctrl+F")
        self.rules_action.setShortcuts([QKeySequence("Ctrl+F"), QKeySequence("F1")])

        turn = menu["&Turn"]
        self.next_action = self._action(turn, "&Next step", self.next_in_game, "N")
        self.advance_action = self._action(
            turn, "&Advance without the wizard", lambda: self.next_step(), "Shift+N"
        )

        tools = menu["T&ools"]
        self.los_action = self._action(tools, "&Line of sight", self.toggle_los, "L")
        self.visibility_action = self._action(
            tools, "&Visibility from a hex", self.toggle_visibility
        )
        self.cancel_action = self._action(
            tools, "&Cancel the tool or the wizard", self.cancel_tool, "Esc"
        )
        self.wizard_menu = menu["&Wizards"]
        self.gunnery_action = self._action(
            self.wizard_menu, "&Gunnery: one fire action…", self.open_gunnery_wizard, "G"
        )
        self.assault_action = self._action(
            self.wizard_menu, "&Assault…", self.open_assault_wizard, "A"
        )
        driver = self.turn_driver
        self.orders_action = self._action(
            self.wizard_menu, "&Orders for a turn…", driver.open_orders, "O"
        )
        self.movement_action = self._action(
            self.wizard_menu, "&Movement step…", driver.open_movement, "M"
        )
        self.agony_action = self._action(self.wizard_menu, "Agon&y step…", driver.open_agony)
        self.aftermath_action = self._action(self.wizard_menu, "A&ftermath…", driver.open_aftermath)
        self.wizard_actions = [
            self.gunnery_action,
            self.assault_action,
            self.orders_action,
            self.movement_action,
            self.agony_action,
            self.aftermath_action,
        ]
        """The written-orders game's wizards (shown while a match of it is open)."""
        help_menu = menu["&Help"]
        self.about_action = self._action(help_menu, "&About referee", self.show_about)

    def toggle_los(self) -> None:
        self.los_dock.raise_()
        self.los_panel.set_mode("" if self.los_panel.mode == "los" else "los")

    def toggle_visibility(self) -> None:
        self.los_dock.raise_()
        self.los_panel.set_mode("" if self.los_panel.mode == "visibility" else "visibility")

    def cancel_tool(self) -> None:
        """Esc: the open wizard is cancelled (nothing written) when the keyboard is in its
        dock, or when no map tool is on; otherwise the map tool stops (a move in progress,
        the line of sight or visibility)."""
        host = self.wizard_host
        focus = QApplication.focusWidget()
        if host.wizard is not None and focus is not None and host.isAncestorOf(focus):
            host.cancel()
        elif self.moving_uid is not None:
            self.moving_uid = None
            self.view.viewport().unsetCursor()
            self.statusBar().clearMessage()
        elif (los := self.built_los_panel()) is not None and los.mode:
            los.set_mode("")
        elif host.wizard is not None:
            host.cancel()

    def _tool_mode_changed(self, mode: str) -> None:
        cursor = Qt.CursorShape.CrossCursor if mode else Qt.CursorShape.OpenHandCursor
        self.view.viewport().setCursor(cursor)
        if mode:
            self.statusBar().showMessage(self.los_panel.prompt.text(), 8000)

    def focus_rules(self) -> None:
        """Show the rules browser and put the cursor in its search box."""
        self.rules_dock.show()
        self.rules_dock.raise_()
        self.rules_browser.focus_search()

    def show_rule(self, link: str) -> None:
        """Open a ``clause:``/``ruling:`` link in the rules browser (the cursor in its search
        box: what is typed next is a search, not the window's one-key shortcuts)."""
        self.focus_rules()
        self.rules_browser.open_link(link)

    def show_why(
        self, title: str, clause_ids: Iterable[str], ruling_ids: Iterable[str], link: str = ""
    ) -> None:
        """The clauses and rulings an event applied, in the rules browser (``link`` first;
        the cursor in its search box)."""
        self.focus_rules()
        self.rules_browser.show_why(title, list(clause_ids), list(ruling_ids), link or None)
