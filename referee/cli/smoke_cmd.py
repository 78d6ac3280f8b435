"""``referee smoke``: check that this installation works, offscreen, in a few seconds.

Starts the app without showing it (Qt's offscreen platform), opens a demo match, draws it and
searches the rules (:mod:`referee.app.checks.smoke`). Exit status 0 when every check passes, 1 with
the reason when one fails (a missing library, an unreadable data file, a blank window...).
It writes only to a temporary folder. The built app runs the same command
(``dist/referee/referee smoke``).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any


def add_parser(sub: Any) -> None:
    smoke = sub.add_parser(
        "smoke",
        help="check this installation: the app offscreen on a demo match, drawn, and a rules "
        "search (exit 0 when all is well, 1 with the reason)",
    )
    smoke.add_argument(
        "--screenshot", metavar="PNG", help="also write the window as drawn to a new PNG file"
    )
    smoke.set_defaults(run=run)


def fail(reason: str) -> int:
    print(f"referee smoke: FAILED: {reason}", file=sys.stderr)
    return 1


def run(args: argparse.Namespace) -> int:
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    shot = Path(args.screenshot) if args.screenshot else None
    if shot is not None and shot.exists():
        return fail(f"{shot} already exists; give a new file for the picture")
    try:
        from referee.app.checks.smoke import run_smoke
    except ImportError as exc:
        return fail(f"the app cannot start: {exc}")
    try:
        report = run_smoke(shot)
    except Exception as exc:  # every failure is a reason to print, never a traceback
        return fail(f"{type(exc).__name__}: {exc}" if not isinstance(exc, ValueError) else str(exc))
    for line in report.lines:
        print(f"ok  {line}")
    print(f"referee smoke: all checks passed in {report.seconds:.1f} s")
    return 0
