"""Every message box of the app (a question, a warning, a refusal: both games, the desk, the
army builder, the map editor) gives each of its buttons its own letter, as its menus do:
Qt's theme here writes "OK", "Save", "Discard", "Cancel", "Close" with none (only "&Yes" and
"&No" have one), so a keyboard referee had Tab and Return alone. With a letter, Alt+letter,
or the letter alone (a message box takes it, as Qt's do), presses the button.

:class:`MessageBox` is the one message box class of the app (a test finds any other): it
gives the letters as it shows, and again when a button is added while it is shown (a
refusal offering to save the match to a new file). :func:`lettered` is the rule, on the
buttons' texts: a letter a button has already is kept while no button before it took it;
each other button takes the first letter of one of its words not taken, else any letter or
digit of it not taken; an ``&`` of a text (``&&``) stays a written ampersand.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QAbstractButton, QMessageBox


def _plain(text: str) -> tuple[str, int | None]:
    """``text`` as shown (``&&`` an ampersand, its letter's ``&`` gone) and the index in it
    of its letter (None: none)."""
    shown: list[str] = []
    letter: int | None = None
    i = 0
    while i < len(text):
        c = text[i]
        if c == "&" and i + 1 < len(text):
            if text[i + 1] == "&":
                shown.append("&")
                i += 2
                continue
            if letter is None:
                letter = len(shown)
            i += 1
            continue
        shown.append(c)
        i += 1
    return "".join(shown), letter


def _with_letter(shown: str, at: int | None) -> str:
    """``shown`` written for a button: its ampersands doubled, ``&`` before index ``at``."""
    if at is None:
        return shown.replace("&", "&&")
    return shown[:at].replace("&", "&&") + "&" + shown[at:].replace("&", "&&")


def _candidates(shown: str) -> list[int]:
    """Where a letter may go in ``shown``: the first character of each word, then every
    other letter or digit, in order."""
    firsts = [
        i for i, c in enumerate(shown) if c.isalnum() and (i == 0 or not shown[i - 1].isalnum())
    ]
    return firsts + [i for i, c in enumerate(shown) if c.isalnum() and i not in firsts]


def lettered(texts: list[str]) -> list[str]:
    """The buttons' ``texts`` each with a letter of its own (see the module docstring); a
    text with no letter or digit free is left without."""
    plain = [_plain(t) for t in texts]
    taken: set[str] = set()
    chosen: list[int | None] = []
    for shown, at in plain:  # the letters the buttons have already, the first keeps it
        key = shown[at].lower() if at is not None and at < len(shown) else None
        if key is not None and key.isalnum() and key not in taken:
            taken.add(key)
            chosen.append(at)
        else:
            chosen.append(None)
    for i, (shown, _) in enumerate(plain):
        if chosen[i] is not None:
            continue
        for at in _candidates(shown):
            if shown[at].lower() not in taken:
                taken.add(shown[at].lower())
                chosen[i] = at
                break
    return [_with_letter(shown, at) for (shown, _), at in zip(plain, chosen, strict=True)]


def give_letters(buttons: list[QAbstractButton]) -> None:
    """Each of ``buttons`` its own letter (its text changed only where it must)."""
    for button, text in zip(buttons, lettered([b.text() for b in buttons]), strict=True):
        if button.text() != text:
            button.setText(text)


class MessageBox(QMessageBox):
    """A QMessageBox whose buttons have their letters (see the module docstring)."""

    def showEvent(self, event: QShowEvent) -> None:
        give_letters(self.buttons())
        super().showEvent(event)

    def addButton(self, *args: Any) -> Any:
        """Qt's, each of its forms; a button added to a box on the screen gets its letter."""
        button = super().addButton(*args)
        if self.isVisible():
            give_letters(self.buttons())
        return button
