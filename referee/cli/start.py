"""A command's start without the garbage collector going over its own modules again and
again.

Importing the engine makes some 40,000 objects (modules, classes, functions, tables) that
live until the process ends. Python's cyclic garbage collector runs every 700 new objects
and, every tenth run, goes over all the young ones that survived: a ``referee match check``
spent about 7 ms of its start in those passes, finding nothing to free.
:func:`command_start` pauses the collector while the command line is read and the modules
the command names (``engine`` in its parser's defaults) are imported, then moves every
object alive out of the collector's sight (:func:`gc.freeze`) and lets it run as before:
the command's own work is collected as usual, so a long replay never piles up garbage.

Only in a process of its own (:func:`referee.cli.main.main` called without arguments, as
the ``referee`` program and ``python -m referee`` call it): a caller in a longer-lived
process (the test suite, a script) keeps its collector as it is.
"""

from __future__ import annotations

import gc
import importlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager


@contextmanager
def command_start(own_process: bool) -> Iterator[None]:
    """The collector paused while the body runs (``own_process``), then every object alive
    frozen and the collector back as it was."""
    if not own_process or not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.enable()


def import_engine(modules: Iterable[str]) -> None:
    """Import the modules a command names as the engine it runs on (inside
    :func:`command_start`, so their objects are frozen with the rest)."""
    for name in modules:
        importlib.import_module(name)
