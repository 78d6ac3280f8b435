"""Text from a file shown as typed: Qt renders a tooltip, a message box's text, a wizard's
title and an AutoText label that looks like HTML as HTML, so a unit id, a player's or a step's
name holding ``<b>`` would be drawn bold, and one holding ``<img src=...>`` would make Qt open
the local file it names. A tooltip (or the text of one of QMessageBox's static functions)
goes through :func:`plain_tip`, a message box is made by :func:`plain_message`, a wizard's
titles are made plain by :func:`plain_titles`; a label that shows such text is made
``PlainText`` (HTML built on purpose escapes every name with ``html.escape``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import Qt

if TYPE_CHECKING:  # the classes of the boxes and wizards it is given: a tooltip needs neither
    from PySide6.QtWidgets import QMessageBox, QWidget, QWizard


def plain_tip(text: str) -> str:
    """``text`` as a tooltip that shows it as typed: as it is, unless Qt would take it for
    HTML (then escaped, its lines kept)."""
    if not Qt.mightBeRichText(text):
        return text
    return Qt.convertFromPlainText(text, Qt.WhiteSpaceMode.WhiteSpaceNormal)


def plain_message(
    parent: QWidget | None,
    icon: QMessageBox.Icon,
    title: str,
    text: str,
    buttons: QMessageBox.StandardButton | None = None,
) -> QMessageBox:
    """A message box whose text is shown as typed (``PlainText``, see the module docstring);
    ``buttons``: OK alone unless told."""
    from PySide6.QtWidgets import QMessageBox

    from referee.app.widgets.message_box import MessageBox  # its buttons have their letters

    if buttons is None:
        buttons = QMessageBox.StandardButton.Ok
    box = MessageBox(icon, title, text, buttons, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    return box


def plain_titles(wizard: QWizard) -> None:
    """The titles and subtitles of ``wizard``'s pages shown as typed (a scenario's name, a
    unit id: see the module docstring)."""
    wizard.setTitleFormat(Qt.TextFormat.PlainText)
    wizard.setSubTitleFormat(Qt.TextFormat.PlainText)
