"""The docks whose panels are built when first seen: the line of sight, the rules browser (both
tabbed behind the unit inspector) and the Setup dock (hidden unless a scenario's setup is under
way). A start builds none of them: each is built, and filled from the open match, when its dock
is first shown (its tab clicked, View's menu, a window restored with it in front), when a tool
or a link needs it (L, a clause link, Ctrl+F), or, for the Setup dock, when the match opened is
being set up. The window asks :meth:`LazyDocks.built_los_panel` and the others when it only has
news for a panel that may not be there: a panel not built yet reads the match when it is."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.app.window.window_base import WindowParts

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDockWidget

    from referee.app.docks.los_panel import LosPanel
    from referee.app.docks.rules_browser import RulesBrowser
    from referee.app.setup.panel import SetupPanel
    from referee.rules.orders.state import MatchState


class LazyDocks(WindowParts):
    """The panels built when first seen (a part of the main window, see the module
    docstring)."""

    _los_panel: LosPanel | None = None
    _rules_browser: RulesBrowser | None = None
    _setup_panel: SetupPanel | None = None

    def _lazy_docks(self) -> None:
        """Each lazy dock builds its panel when it is first shown (once the window's panels
        are there: before that, :meth:`_build_seen_docks` does it)."""
        for dock in (self.los_dock, self.rules_dock, self.setup_dock):
            dock.visibilityChanged.connect(
                lambda shown, dock=dock: self._dock_seen(dock) if shown else None
            )

    def _dock_seen(self, dock: QDockWidget) -> None:
        # a dock is shown for a moment while a match opens (the inspector in front of it
        # put away and back): it is built if it is still on screen once that is over
        from PySide6.QtCore import Qt, QTimer
        from PySide6.QtGui import QGuiApplication

        # shown with the left button down: brought in front by a click on its tab
        clicked = bool(QGuiApplication.mouseButtons() & Qt.MouseButton.LeftButton)
        QTimer.singleShot(0, self, lambda: self._dock_still_seen(dock, clicked))

    def _dock_still_seen(self, dock: QDockWidget, clicked: bool = False) -> None:
        if not self.panels_built or not dock.isVisible() or dock.visibleRegion().isEmpty():
            return
        if dock is self.los_dock:
            _ = self.los_panel
        elif dock is self.rules_dock and clicked:
            # the Rules tab clicked: what is typed next is a search, not the window's
            # one-key shortcuts (D folds the docks, F fits the map...)
            self.rules_browser.focus_search()
        elif dock is self.rules_dock:  # its index prepared at once, before anything is typed
            self.rules_browser.prepare()
        elif dock is self.setup_dock:
            _ = self.setup_panel

    def _build_seen_docks(self) -> None:
        """The lazy docks already on screen when the panels are built (a window restored
        with one of them in front of its tabs, or floating)."""
        for dock in (self.los_dock, self.rules_dock, self.setup_dock):
            self._dock_still_seen(dock)

    # --- the line of sight ------------------------------------------------------------

    @property
    def los_panel(self) -> LosPanel:
        """The line-of-sight tool, built (and given the open match's board) when first
        needed."""
        panel = self._los_panel
        if panel is None:
            from referee.app.docks.los_panel import LosPanel

            panel = self._los_panel = LosPanel(self.scene)
            self.los_dock.setWidget(panel)
            self.view.hexHovered.connect(panel.hover)
            panel.modeChanged.connect(self._tool_mode_changed)
            panel.ruleRequested.connect(self.show_rule)
            self.los_dock.visibilityChanged.connect(
                lambda shown: None if shown else panel.put_away()
            )
            self._fill_los(panel)
        return panel

    def built_los_panel(self) -> LosPanel | None:
        """The line-of-sight tool if it is built (None: it reads the match when it is)."""
        return self._los_panel

    def _fill_los(self, panel: LosPanel) -> None:
        """A panel built late: the board of the match open."""
        session = self.session
        if session is None or self.game is None:
            return
        if self.game.SYSTEM == "orders":  # (the activation game sets its board each show)
            panel.set_state(self.seen(session.state))

    # --- the rules browser ------------------------------------------------------------

    @property
    def rules_browser(self) -> RulesBrowser:
        """The rules browser, built (on the open match's rules) when first needed."""
        browser = self._rules_browser
        if browser is None:
            from referee.app.docks.rules_browser import RulesBrowser

            browser = self._rules_browser = RulesBrowser()
            self.rules_dock.setWidget(browser)
            if self.session is not None:
                browser.set_rules(self.session.match.rules)
        return browser

    def built_rules_browser(self) -> RulesBrowser | None:
        return self._rules_browser

    # --- the setup --------------------------------------------------------------------

    @property
    def setup_panel(self) -> SetupPanel:
        """The setup panel, built (on the open match) when first needed."""
        panel = self._setup_panel
        if panel is None:
            from referee.app.setup.panel import SetupPanel
            from referee.match.games.orders_file import MatchFile

            panel = self._setup_panel = SetupPanel(self.scene)
            self.setup_dock.setWidget(panel)
            panel.stepRequested.connect(self.run_step)
            panel.enteringChanged.connect(self._other_side_entering)
            session = self.session
            if session is not None and isinstance(session.match, MatchFile):
                panel.set_victory(session.match.meta.get("victory"))
                panel.set_state(session.state)
        return panel

    def built_setup_panel(self) -> SetupPanel | None:
        return self._setup_panel

    if TYPE_CHECKING:

        def _tool_mode_changed(self, mode: str) -> None: ...

        def show_rule(self, link: str) -> None: ...

        def seen(self, state: MatchState) -> MatchState: ...

        def _other_side_entering(self, side: int) -> None: ...
