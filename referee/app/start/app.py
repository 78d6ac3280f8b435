"""Starting the app: the main window, and the match it opens (the QApplication:
:mod:`referee.app.start.qt_application`).

``run_app(None)`` opens the match of last time (:mod:`referee.app.window.remembered`), or a fresh
demo match (:func:`referee.match.setup.demo.create_demo_match`) in the demo folder
(:func:`referee.match.setup.demo.demo_folder`) when there is none or its file is gone;
``run_app(path)`` opens a match file.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import (
    QMessageLogContext,
    QSettings,
    Qt,
    QTimer,
    QtMsgType,
    qInstallMessageHandler,
)

from referee.app.start.qt_application import ensure_app
from referee.app.window.main_window import MainWindow
from referee.errors import RefereeError

MIN_WIDTH, MIN_HEIGHT = 1024, 640
MAXIMISED_BELOW = 1600
"""The first start fills a screen narrower than this (1366x768 and the like)."""
FINISH_AT_LATEST_MS = 1000
"""The window is finished (panels, match) after its first frame, or after this long if it
was not painted (started minimised)."""


_KEPT: list[None] = []


def binding_problem() -> str | None:
    """Why the installed PySide6 cannot run the app, or None if it can.

    PySide6 6.12.0 on Python 3.11 takes a reference away from ``None`` at every call of a
    Qt method that returns nothing, and the process dies within seconds of drawing. The
    check calls such a method a few times and watches the count (constant from Python
    3.12, where ``None`` is immortal); it gives back what it took.
    """
    import PySide6
    from PySide6.QtGui import QColor

    calls = 16
    colour = QColor()
    before = sys.getrefcount(None)
    for _ in range(calls):
        colour.setAlpha(255)
    lost = before - sys.getrefcount(None)
    if lost < calls // 2:
        return None
    _KEPT.extend([None] * lost)
    return (
        f"PySide6 {PySide6.__version__} miscounts references on Python "
        f"{sys.version_info.major}.{sys.version_info.minor} and would crash; install "
        "another version: pip install 'PySide6-Essentials>=6.6,<6.12'"
    )


def can_show_window() -> bool:
    """Whether Qt has somewhere to draw: a display, or a platform chosen explicitly."""
    if os.environ.get("QT_QPA_PLATFORM"):
        return True
    if sys.platform != "linux":
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


MessageHandler = Callable[[QtMsgType, QMessageLogContext, str], None]
PLATFORM_LIMITS = "This plugin does not support"
"""How the offscreen platform says it has no window manager to propagate size hints to,
raise a window or grab the keyboard for: no fault of the app."""


@contextmanager
def quiet_platform() -> Iterator[None]:
    """Qt's messages passed on as before, less the offscreen platform's limits."""
    previous: MessageHandler | None = qInstallMessageHandler(None)

    def handle(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
        if message.startswith(PLATFORM_LIMITS):
            return
        if previous is not None:
            previous(kind, context, message)
        else:
            print(message, file=sys.stderr)

    qInstallMessageHandler(handle)
    try:
        yield
    finally:
        qInstallMessageHandler(previous)


def make_window(path: Path | None = None, settings: QSettings | None = None) -> MainWindow:
    """A main window on ``path``; when ``path`` is None, on the match of last time, or on a
    new demo match when there is none or its file is gone. ``settings``: what the app
    remembers (Qt's own settings of the user when None): the window's size and docks, the
    matches opened."""
    window, finish = begin_window(path, settings, deferred=False)
    finish()
    return window


def begin_window(
    path: Path | None = None, settings: QSettings | None = None, deferred: bool = True
) -> tuple[MainWindow, Callable[[], None]]:
    """The window of :func:`make_window`, begun: the map, the docks' frames and the menu
    bar's titles, placed and sized (and, ``deferred``, a new demo's map and units drawn
    from :mod:`referee.app.start.demo_preview`, the status bar saying what is being opened); and
    the function that finishes it (the panels, the menus' actions, the match opened; once,
    whenever called again)."""
    ensure_app(filters=False)  # the window's, once it is finished
    window = MainWindow(
        settings=settings if settings is not None else QSettings(), defer_panels=deferred
    )
    remembered = window.remembered
    said = ""
    if path is None and remembered is not None:
        path = remembered.last_match()
        gone = remembered.recent()[:1]
        if path is None and gone:
            said = f"The match of last time ({gone[0]}) is gone: a new demo match. "
    restored = _place(window)

    finished: list[bool] = []

    def finish() -> None:
        if finished:
            return
        finished.append(True)
        window.build_panels()
        _open_first(window, path, said)
        if not restored and window.isVisible():  # shown before its panels and its match
            window.docks_placed = True
            window.fit_docks()
        window.docks_give_way.watch()  # (shown: a window too small folds its docks now)
        window.view.fit()

    if deferred and path is None:  # a new demo: its map and units while the rules load
        from referee.app.start.demo_preview import demo_preview

        window.scene.show_preview(*demo_preview())
        window.statusBar().showMessage("Writing a new demo match…")
    elif deferred:
        window.statusBar().showMessage(f"Opening {path}…")
    return window, finish


def _place(window: MainWindow) -> bool:
    """Give ``window`` the size and docks of last time, or a first start's size; whether
    they were restored."""
    remembered = window.remembered
    restored = remembered is not None and remembered.restore_window(window)
    if restored:
        window.docks_placed = True
    else:
        screen = window.screen().availableGeometry()
        window.resize(
            min(max(MIN_WIDTH, screen.width() * 9 // 10), screen.width()),
            min(max(MIN_HEIGHT, screen.height() * 9 // 10), screen.height()),
        )
        if screen.width() < MAXIMISED_BELOW:  # a laptop's screen: every pixel for the map
            window.resize(screen.size())  # the size the docks are fitted to at the first show
            window.setWindowState(Qt.WindowState.WindowMaximized)
    return restored


def _open_first(window: MainWindow, path: Path | None, said: str) -> None:
    """Open ``path`` in ``window``, a match of any game system (None: a new demo match; one
    that cannot be opened: a new demo match too, saying why)."""
    if path is not None:
        window.open_match(path, instead="A new demo match is opened in its place.")
        if window.session is None:
            said = f"{path} could not be opened ({window.last_error}): a new demo match. "
    if window.session is None:
        from referee.app.session.match_session import MatchSession
        from referee.match.setup.demo import create_demo_match, new_demo_path

        try:
            path = new_demo_path()
            match = create_demo_match(path)
        except (RefereeError, OSError) as exc:  # a full disk, a folder not writable
            window.scene.clear_map()  # no demo's preview left standing for a demo not made
            window.report_error(f"no demo match could be written ({exc})")
            return
        # the match just written, open as it is (not closed and read from its file again)
        window.build_panels()
        if not window.set_session(MatchSession(match, window)):
            return  # said in a dialog: the window could not show it
        window.show_match_file(match.path)
        window._remember(match.path)
    if said:
        where = window.session.path if window.session is not None else path
        if where is not None:
            window.show_match_file(where, said)


def run_app(path: Path | str | None = None) -> int:
    """Open the window (on ``path``, or on the match of last time) and run until it is
    closed; the exit status."""
    app = ensure_app(filters=False)  # the window's, once it is finished
    with quiet_platform():
        if path is not None:
            window = make_window(Path(path))
            window.show()
            window.view.fit()
            return app.exec()
        # The first frame shows the map (a new demo's units on it), the docks and the menu
        # bar; the panels, the rules and the match come right after it is painted.
        window, finish = begin_window(None)
        window.view.firstPainted.connect(lambda: QTimer.singleShot(0, finish))
        QTimer.singleShot(FINISH_AT_LATEST_MS, finish)  # a window not painted (minimised)
        window.show()
        window.view.fit()
        return app.exec()
