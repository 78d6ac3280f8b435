"""Help > About: the app's version, the rules catalogue's and the data's versions, and where
the app keeps the user's files (:mod:`referee.versions`, :mod:`referee.paths`)."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from referee.paths import data_dir, user_dirs
from referee.versions import current_versions


def about_html() -> str:
    """The About text: versions, then the folders the app writes to and reads from."""
    versions = current_versions()
    rulesets = "".join(
        f"<li>ruleset <b>{escape(rid)}</b>: version {v}</li>"
        for rid, v in versions.rulesets.items()
    )
    folders = "".join(
        f"<tr><td>{escape(name)}</td><td><code>{escape(str(path))}</code></td></tr>"
        for name, path in user_dirs().items()
    )
    return (
        f"<h3>referee {escape(versions.app)}</h3>"
        "<p>A companion for the referee of a hex-based miniature wargame.</p>"
        "<p><b>Versions</b> (stamped in every match, army and tournament file; a file "
        "from a newer version is refused):</p><ul>"
        f"<li>app: {escape(versions.app)}</li>"
        f"<li>rules catalogue (clauses and rulings): version {versions.catalogue}</li>"
        f"<li>unit catalogues and budgets: version {versions.units}</li>"
        f"{rulesets}</ul>"
        "<p><b>Your files</b> (never inside the installed app):</p>"
        f"<table cellspacing='4'>{folders}</table>"
        f"<p>Rules data read from <code>{escape(str(data_dir()))}</code>.</p>"
    )


class AboutDialog(QDialog):
    """The About box: :func:`about_html`, selectable, with a Close button."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("About referee")
        self.text = QLabel(about_html())
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.text.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 90)
