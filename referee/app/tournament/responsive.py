"""The tournament window under a room's load, for ``referee bench serve``: the real window
open on the event being served, its timer ticking and redrawing as the phones' results land,
and how late its event loop answers (``window_lateness``).

A 50 ms timer measures the lateness of each of its ticks (how long after it was due it ran):
while the window folds the event and redraws its tables on the one GUI thread, nothing else
runs, so a late tick is a window that did not answer the user for that long. The window runs
in a process of its own, as at the desk (:func:`window_in_own_process`): in the bench's
process it would wait on the load's 300 threads for Python's lock, which the desk's window
never shares with the server."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

PROBE_MS = 50
CATCH_UP = 10.0


def window_lateness(path: Path, until: float) -> dict[str, Any]:
    """Open the tournament window on the event at ``path`` and keep it running until the
    monotonic time ``until`` and then until it has drawn the event's last revision (at
    most ``CATCH_UP`` seconds more); the lateness of its event loop (module docstring), how
    many revisions it drew and whether it caught up with the last."""
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    from referee.app.tournament.window import TournamentWindow
    from referee.tournament.desk import Desk

    app = QApplication.instance() or QApplication([])
    desk = Desk.open(path, "bench window")
    window = TournamentWindow(desk)
    window.ask = lambda title, text: False  # type: ignore[method-assign]  # nothing asks
    if QGuiApplication.platformName() != "offscreen":  # offscreen: the same work, nothing painted
        window.show()
    late: list[float] = []
    revisions: set[int] = set()
    last = [time.perf_counter()]

    def probe() -> None:
        now = time.perf_counter()
        late.append(max(0.0, now - last[0] - PROBE_MS / 1000))
        last[0] = now
        revisions.add(window.tournament.revision)
        if time.monotonic() >= until and (
            window.tournament.revision == desk.store.revision()
            or time.monotonic() >= until + CATCH_UP
        ):
            app.quit()

    timer = QTimer()
    timer.setInterval(PROBE_MS)
    timer.timeout.connect(probe)
    timer.start()
    app.exec()
    timer.stop()
    caught_up = window.tournament.revision == desk.store.revision()
    window.close()
    desk.close()
    ordered = sorted(late) or [0.0]
    return {
        "probes": len(late),
        "late_median_ms": round(statistics.median(ordered) * 1000, 1),
        "late_p95_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))] * 1000, 1),
        "late_max_ms": round(ordered[-1] * 1000, 1),
        "revisions_drawn": len(revisions),
        "caught_up": caught_up,
    }


def window_in_own_process(path: Path, until: float) -> dict[str, Any]:
    """:func:`window_lateness` run by a fresh Python process (the desk's window, beside the
    served event's own process), until the monotonic time ``until`` of this one."""
    seconds = max(0.0, until - time.monotonic())
    done = subprocess.run(
        [sys.executable, "-m", "referee.app.tournament.responsive", str(path), f"{seconds:.3f}"],
        capture_output=True,
        text=True,
        timeout=seconds + CATCH_UP + 120,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the window's process failed: {done.stderr[-2000:]}")
    figures: dict[str, Any] = json.loads(done.stdout)
    return figures


if __name__ == "__main__":
    started = time.monotonic()
    print(json.dumps(window_lateness(Path(sys.argv[1]), started + float(sys.argv[2]))))
