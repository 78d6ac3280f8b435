"""A command's start without the garbage collector going over its own modules again and
again.

Importing the engine makes some 40,000 objects (modules, classes, functions, tables) that
live until the process ends. Python's cyclic garbage collector runs every 700 new objects
and, every tenth run, goes over all the young ones that survived: a ``referee match check``
spent about 7 ms of its start in those passes, finding nothing to free.
:func:`command_start` pauses the collector while the command line is read and the modules
the command names (``engine`` in its parser's defaults) are imported, then moves every
object alive out of the collector's sight (:func:`gc.freeze`) and lets it run again, every
:data:`YOUNG_LIMIT` new objects: the command's own work is collected, so a long replay never
piles up garbage. Only in a process of its own (:func:`referee.cli.main.main` called
without arguments, as the ``referee`` program and ``python -m referee`` call it): a caller
in a longer-lived process (the test suite, a script) keeps its collector as it is.

The command line is read by :class:`CommandParser`: argparse's parser, the width of its
help found without importing shutil.
"""

from __future__ import annotations

import argparse
import functools
import gc
import importlib
import os
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import NoReturn

_OWN_PROCESS: list[bool] = []
"""Not empty when the last :func:`command_start` paused the collector: the command has a
process of its own."""

YOUNG_LIMIT = 20_000
"""New objects between two runs of the collector during a command's own work (Python's
default is 700): a check or replay of a long match makes a few hundred thousand, and runs
it about 3 ms less often so; it still runs, so garbage never piles up."""


@contextmanager
def command_start(own_process: bool) -> Iterator[None]:
    """The collector paused while the body runs (``own_process``), then every object alive
    frozen and the collector back, run every :data:`YOUNG_LIMIT` new objects."""
    _OWN_PROCESS.clear()
    if not own_process or not gc.isenabled():
        yield
        return
    _OWN_PROCESS.append(True)
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        young, *older = gc.get_threshold()
        gc.set_threshold(max(young, YOUNG_LIMIT), *older)
        gc.enable()


def terminal_columns() -> int:
    """The terminal's width in columns as ``shutil.get_terminal_size`` finds it (``$COLUMNS``
    when a positive number, else the terminal of standard output, else 80), without
    importing shutil (which imports the bz2 and lzma modules: about 1.5 ms of a command)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    try:
        size = os.get_terminal_size(sys.__stdout__.fileno())  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return 80
    return size.columns or 80


class CommandParser(argparse.ArgumentParser):
    """argparse's parser (its subcommands' too), whose help is as wide as the terminal
    (:func:`terminal_columns`), as argparse's own: argparse makes a help formatter for every
    option it adds, each asking shutil for the terminal's size."""

    def _get_formatter(self) -> argparse.HelpFormatter:
        # argparse's own, its formatter given the width (every formatter argparse ships
        # takes one) so that it never asks shutil
        kind = self.formatter_class
        self.formatter_class = functools.partial(  # type: ignore[call-arg]
            kind, width=terminal_columns() - 2
        )
        try:
            return super()._get_formatter()
        finally:
            self.formatter_class = kind

    def error(self, message: str) -> NoReturn:
        """argparse's refusal (usage, then one line), a value pasted whole quoted as an
        excerpt (:func:`referee.errors.shortened`), as every message of referee's."""
        from referee.errors import shortened

        super().error(shortened(message))


def import_engine(modules: Iterable[str]) -> None:
    """Import the modules a command names as the engine it runs on (inside
    :func:`command_start`, so their objects are frozen with the rest)."""
    for name in modules:
        importlib.import_module(name)


def import_engine_later(modules: Iterable[str]) -> None:
    """Import the engine a command knows it needs only once it has read its file (the
    handlers of the match's game system): in a process of its own (:func:`command_start`
    ran), with the collector paused and their objects frozen, as at the start; elsewhere
    (the test suite, a script) a plain import."""
    if not _OWN_PROCESS or not gc.isenabled():
        import_engine(modules)
        return
    gc.disable()
    try:
        import_engine(modules)
    finally:
        gc.freeze()
        gc.enable()
