"""``referee screenshots OUTDIR``: the app's main screens as PNG files, drawn offscreen.

The app (and Qt) is imported inside :func:`run` only, so the rest of the command line never
loads Qt. Without a display, Qt is told to draw offscreen.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any


def add_parser(sub: Any) -> None:
    shots = sub.add_parser(
        "screenshots",
        help="render the app's main screens (map, LoS tool, visibility, inspector, journal) "
        "to PNG files",
    )
    shots.add_argument("outdir", metavar="OUTDIR", help="folder to write the PNG files into")
    shots.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from referee.cli.main import CommandError

    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    try:
        from referee.app.checks.screenshots import take_screenshots
        from referee.app.start.app import binding_problem
    except ImportError as exc:
        raise CommandError(
            f"screenshots need PySide6 ({exc}): pip install 'PySide6-Essentials>=6.6'"
        ) from None
    problem = binding_problem()
    if problem is not None:
        raise CommandError(problem)
    for path in take_screenshots(args.outdir):
        print(path)
    sys.stdout.flush()
    return 0
