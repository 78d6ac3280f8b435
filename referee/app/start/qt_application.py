"""The one QApplication of the process: made when first needed, named, with referee's icon,
its settings file, its wheel guard and its undo keys (the main window, the desk, the PDF export
and the screenshots all start it here)."""

from __future__ import annotations

import sys

from PySide6.QtCore import QSettings
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QWidget

from referee.paths import APP_NAME, icon_path, settings_root

ICON = icon_path()


def ensure_app(filters: bool = True) -> QApplication:
    """The running QApplication, made if there is none yet, with the app's wheel guard
    (:mod:`referee.app.widgets.wheel_guard`) and its undo keys
    (:mod:`referee.app.widgets.undo_keys`); ``filters=False``: without them yet (the main
    window puts them on once it is finished, :meth:`MainWindow.build_panels`)."""
    use_settings_file()
    app = QApplication.instance()
    if isinstance(app, QApplication):
        if filters:
            install_filters(app)
        return app
    app = QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_NAME)
    app.setApplicationDisplayName("referee")
    if ICON.is_file():
        app.setWindowIcon(QIcon(str(ICON)))
    if filters:
        install_filters(app)
    return app


def install_filters(app: QApplication) -> None:
    """The app's two filters, once: the wheel changes a number box only while it has the
    focus (on every event of ``app``); Ctrl+Z from a field with nothing typed undoes the step
    (on each text field that takes the keyboard).
    (A filter on the whole application runs Python for every event of every widget, and
    makes PySide build the Python class of each widget it has not met: a window put them on
    once it is built and shown, not while it is being built.)"""
    from referee.app.widgets.undo_keys import install_undo_keys
    from referee.app.widgets.wheel_guard import install_wheel_guard

    install_wheel_guard(app)
    install_undo_keys(app)


def install_filters_at_first_touch(app: QApplication, window: QWidget) -> None:
    """The filters of :func:`install_filters` for a main window that is finished: the undo
    keys at once (they follow the keyboard), the wheel guard at the first touch of ``window``
    (:func:`referee.app.widgets.wheel_guard.guard_at_first_touch`)."""
    from referee.app.widgets.undo_keys import install_undo_keys
    from referee.app.widgets.wheel_guard import guard_at_first_touch

    install_undo_keys(app)
    guard_at_first_touch(app, window)


def use_settings_file() -> None:
    """Qt's settings (``QSettings()``) as an INI file in referee's settings folder, the same
    on every platform: :func:`referee.paths.settings_file`, never the registry or a file
    inside the installed app. Qt's own (the file dialog's recent folders) go there too."""
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    for kind in (QSettings.Format.IniFormat, QSettings.Format.NativeFormat):
        QSettings.setPath(kind, QSettings.Scope.UserScope, str(settings_root()))
