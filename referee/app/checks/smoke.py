"""``referee smoke``: does this installation work? The app started offscreen on a demo match.

Each check is one line of the report; the first that fails stops the run with its reason.
The checks: the data files and their versions; a demo match written and opened (the match
file, SQLite, the ruleset, the map, the unit cards); a font to write with; the main window
made on it; the map
drawn (a hex item per hex of the map, a token per unit, and a picture of the window that is
not blank); the rules search (the catalogue's index, from the one shipped with the built app
or built anew, through SQLite's full-text search) finding "line of sight" in the window's
rules browser. Everything the run writes goes to a temporary folder, removed at the end: a
smoke test leaves no match, cache or setting behind.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QEventLoop, QTimer, SignalInstance
from PySide6.QtGui import QFontDatabase, QFontMetrics, QImage
from PySide6.QtWidgets import QApplication

from referee.app.start.app import binding_problem, make_window, quiet_platform
from referee.app.start.qt_application import ensure_app
from referee.app.window.main_window import MainWindow
from referee.errors import RefereeError
from referee.match.setup.demo import create_demo_match, new_demo_path
from referee.paths import data_dir
from referee.versions import current_versions

INDEX_TIMEOUT_MS = 120_000
SEARCH = "line of sight"


class SmokeFailure(RefereeError):
    """A check of the smoke test that failed; the message says which and why."""


@dataclass
class SmokeReport:
    """What :func:`run_smoke` checked, one line each, and how long it took."""

    lines: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def ok(self, line: str) -> None:
        self.lines.append(line)


@contextmanager
def _private_folders() -> Iterator[Path]:
    """A temporary user data, matches and cache folder for the run (restored after)."""
    names = ("REFEREE_HOME", "REFEREE_MATCHES", "REFEREE_CACHE")
    saved = {name: os.environ.get(name) for name in names}
    with tempfile.TemporaryDirectory(prefix="referee-smoke-") as tmp:
        root = Path(tmp)
        os.environ["REFEREE_HOME"] = str(root / "home")
        os.environ["REFEREE_MATCHES"] = str(root / "matches")
        os.environ["REFEREE_CACHE"] = str(root / "cache")
        try:
            yield root
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


def _wait(signal: SignalInstance, start: Callable[[], None], timeout_ms: int) -> bool:
    """Call ``start``, then run Qt's event loop until ``signal`` is emitted or ``timeout_ms``
    has passed; whether it was emitted."""
    loop = QEventLoop()
    called: list[bool] = []

    def done() -> None:
        called.append(True)
        loop.quit()

    signal.connect(done)
    start()
    QTimer.singleShot(timeout_ms, loop.quit)
    if not called:
        loop.exec()
    return bool(called)


def _distinct_colours(image: QImage, samples: int = 40) -> int:
    """How many colours a grid of ``samples`` x ``samples`` points of ``image`` shows."""
    seen = set()
    for i in range(samples):
        for j in range(samples):
            x = (image.width() - 1) * i // (samples - 1)
            y = (image.height() - 1) * j // (samples - 1)
            seen.add(image.pixel(x, y))
    return len(seen)


def run_smoke(screenshot: Path | None = None) -> SmokeReport:
    """Run every check (see the module docstring); :class:`SmokeFailure` names the first
    that fails. ``screenshot``: also write the window drawn as a PNG file there."""
    start = time.perf_counter()
    report = SmokeReport()
    with _private_folders():
        _checks(report, screenshot)
    report.seconds = time.perf_counter() - start
    return report


def _checks(report: SmokeReport, screenshot: Path | None) -> None:
    problem = binding_problem()
    if problem is not None:
        raise SmokeFailure(f"Qt bindings: {problem}")
    versions = current_versions()
    report.ok(f"data: {data_dir()} ({'; '.join(versions.lines()[1:])})")

    path = new_demo_path()
    create_demo_match(path).close()
    report.ok(f"demo match written: {path.name} ({path.stat().st_size} bytes)")

    app = ensure_app()
    report.ok(f"Qt: {app.platformName()} platform")
    _fonts(report, app)
    with quiet_platform():
        window = make_window(path)
        try:
            _draw(report, window, screenshot)
            _search(report, window)
        finally:
            window.close()
            window.deleteLater()
            app.processEvents()


def _fonts(report: SmokeReport, app: QApplication) -> None:
    """Text needs a font: a bare system may have none, and every label is then a box."""
    families = QFontDatabase.families()
    if not families or not QFontMetrics(app.font()).inFont("A"):
        raise SmokeFailure(
            "no font to write with: every label would be drawn as boxes; install one "
            "(Debian and Ubuntu: fonts-dejavu-core; Fedora: dejavu-sans-fonts)"
        )
    report.ok(f"fonts: {len(families)} families, the window's is {app.font().family()!r}")


def _draw(report: SmokeReport, window: MainWindow, screenshot: Path | None) -> None:
    session = window.session
    if session is None:
        raise SmokeFailure(f"the window did not open the demo match: {window.last_error}")
    state = session.state
    window.show()
    window.view.fit()
    QApplication.processEvents()
    hexes, tokens = len(window.scene.hex_items), len(window.scene.unit_items)
    if hexes != len(state.battle_map.hexes) or tokens != len(state.units):
        raise SmokeFailure(
            f"map drawn with {hexes} hexes and {tokens} tokens; the match has "
            f"{len(state.battle_map.hexes)} hexes and {len(state.units)} units"
        )
    image = window.grab().toImage()
    if image.isNull() or image.width() < 100 or image.height() < 100:
        raise SmokeFailure(f"the window drew nothing ({image.width()}x{image.height()})")
    colours = _distinct_colours(image)
    if colours < 8:
        raise SmokeFailure(f"the window looks blank ({colours} colours)")
    report.ok(
        f"window drawn: {image.width()}x{image.height()}, map {state.battle_map.name!r} with "
        f"{hexes} hexes and {tokens} unit tokens, {colours} colours sampled"
    )
    if screenshot is not None:
        if not image.save(str(screenshot)):
            raise SmokeFailure(f"{screenshot}: the picture could not be written")
        report.ok(f"picture written: {screenshot}")


def _search(report: SmokeReport, window: MainWindow) -> None:
    browser = window.rules_browser
    if not _wait(browser.indexReady, browser.prepare, INDEX_TIMEOUT_MS):
        raise SmokeFailure(f"the rules index was not ready in {INDEX_TIMEOUT_MS // 1000} s")
    state = browser.index_state
    if state is None:
        raise SmokeFailure(f"the rules index could not be prepared: {browser.status.text()}")
    browser.search.setText(SEARCH)
    browser.search_now()
    hits = browser.results.count()
    if hits == 0:
        raise SmokeFailure(f"the rules search found nothing for {SEARCH!r}")
    how = state.reason or ("built" if state.rebuilt else "ready")
    report.ok(f"rules search: {hits} hits for {SEARCH!r} (index: {how})")
