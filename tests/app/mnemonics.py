"""Unique mnemonics (the underlined letter that Alt, or an open menu, picks): two entries
with the same letter make the key pick the first only. One helper for every window's test:
:func:`clashes` checks a menu bar or a menu (each entry and submenu), or a whole window: the
letters it answers to at once (its menu bar's titles, buttons, labels with a buddy, a
box's title, tabs), with each page of each of its tabs shown in turn, then its
menus."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QGroupBox,
    QLabel,
    QMenu,
    QMenuBar,
    QTabBar,
    QTabWidget,
    QWidget,
)


def mnemonic(text: str) -> str | None:
    """The letter after a single ``&`` (``&&`` is a literal ampersand), lower case."""
    found = re.search(r"(?<!&)&([^&])", text.replace("&&", ""))
    return found.group(1).lower() if found else None


def _repeated(keys: list[tuple[str, str]], where: str) -> list[str]:
    """Each letter two or more of ``keys`` ((letter, the entry's text)) share."""
    by_letter: dict[str, list[str]] = {}
    for letter, text in keys:
        by_letter.setdefault(letter, []).append(text)
    return [
        f"{where}: '{letter}' in " + ", ".join(repr(t) for t in texts)
        for letter, texts in by_letter.items()
        if len(texts) > 1
    ]


def _menu_clashes(widget: QMenu | QMenuBar, where: str) -> list[str]:
    shown = [a for a in widget.actions() if a.isVisible() and not a.isSeparator()]
    found = _repeated([(m, a.text()) for a in shown if (m := mnemonic(a.text()))], where)
    for a in shown:
        sub = a.menu()
        if isinstance(sub, QMenu):
            found += _menu_clashes(sub, f"{where} > {a.text()}")
    return found


def window_keys(window: QWidget) -> list[tuple[str, str]]:
    """Every mnemonic ``window`` answers to as it is now: (letter, the entry's text), of its
    own widgets that would be on the screen with it (not those of a window of their own)."""
    texts: list[str] = []
    for child in window.findChildren(QWidget):
        if child.window() is not window or not child.isVisibleTo(window):
            continue
        if isinstance(child, QMenuBar):
            texts += [a.text() for a in child.actions() if a.isVisible() and not a.isSeparator()]
        elif isinstance(child, QAbstractButton) or (
            isinstance(child, QLabel) and child.buddy() is not None
        ):
            texts.append(child.text())
        elif isinstance(child, QGroupBox):  # its letter checks it, or goes to its first field
            texts.append(child.title())
        elif isinstance(child, QTabBar):
            texts += [child.tabText(i) for i in range(child.count()) if child.isTabVisible(i)]
    return [(m, t) for t in texts if (m := mnemonic(t)) is not None]


@contextmanager
def _page(tabs: QTabWidget, index: int) -> Iterator[None]:
    was = tabs.currentIndex()
    tabs.setCurrentIndex(index)
    QApplication.processEvents()
    try:
        yield
    finally:
        tabs.setCurrentIndex(was)


def clashes(widget: QWidget, where: str) -> list[str]:
    """Each letter two or more entries share that one key would reach at once: of a menu
    bar or menu (and its submenus, each on its own), or of a window (with each page of each
    of its tabs shown in turn, and each of its menus)."""
    if isinstance(widget, (QMenu, QMenuBar)):
        return _menu_clashes(widget, where)
    found = _repeated(window_keys(widget), where)
    for tabs in widget.findChildren(QTabWidget):
        if tabs.window() is not widget or not tabs.isVisibleTo(widget):
            continue
        for i in range(tabs.count()):
            with _page(tabs, i):
                page = f"{where} ({tabs.tabText(i)!r} shown)"
                found += [  # a clash of every page is said once
                    c
                    for c in _repeated(window_keys(widget), page)
                    if c.replace(page, where, 1) not in found
                ]
    for bar in widget.findChildren(QMenuBar):
        if bar.window() is widget:
            found += _menu_clashes(bar, f"{where} menus")
    return list(dict.fromkeys(found))


def shown_ampersands(window: QWidget) -> list[str]:
    """The labels of ``window`` whose letter is no key: a label shows its ``&`` as it is
    unless it has a buddy (a form's label beside a row of several widgets has none)."""
    return [
        repr(label.text())
        for label in window.findChildren(QLabel)
        if label.buddy() is None
        and label.textFormat() != Qt.TextFormat.RichText
        and mnemonic(label.text()) is not None
    ]


def unlettered(widget: QMenu | QMenuBar, where: str) -> list[str]:
    """The visible entries of a menu bar or menu (and its submenus) without a letter."""
    shown = [a for a in widget.actions() if a.isVisible() and not a.isSeparator()]
    found = [f"{where}: {a.text()!r}" for a in shown if mnemonic(a.text()) is None]
    for a in shown:
        sub = a.menu()
        if isinstance(sub, QMenu):
            found += unlettered(sub, f"{where} > {a.text()}")
    return found
