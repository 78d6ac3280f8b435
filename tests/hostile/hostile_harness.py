"""Running referee as a hostile user would: any input gives a clean message or succeeds,
within a bound, and a command that fails changes no file.

:func:`run_cli` runs ``referee.cli.main.main`` in this process (much faster than a new
process per input) with a watchdog: an input that keeps it busy longer than ``BOUND_SECONDS``
is a hang and fails the test. The bound is generous (the machine is shared); it catches
inputs whose work grows without limit, not slow code. ``FIGURES`` counts the inputs tried
per kind, the tracebacks, the hangs and the files changed by a failing command; with
``REFEREE_HOSTILE_FIGURES=FILE`` they are added up in FILE (JSON). A longer run:
``REFEREE_HOSTILE_EXAMPLES=1000 REFEREE_HOSTILE_FIGURES=/tmp/f.json pytest tests/hostile``.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import signal
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

import pytest
from hypothesis import HealthCheck, settings

from referee.cli.main import main

BOUND_SECONDS = 20.0
"""What no single input may take (a hang detector, not a speed target)."""

FIGURES: Counter[str] = Counter()
"""Inputs tried per kind (``tried:maps``...), tracebacks and hangs, over the session."""

settings.register_profile(
    "hostile",
    max_examples=int(os.environ.get("REFEREE_HOSTILE_EXAMPLES", "20")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
HOSTILE = settings.get_profile("hostile")


@pytest.fixture(scope="module", autouse=True)
def own_folders(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """``REFEREE_CACHE`` and ``REFEREE_HOME`` under a temporary folder for the module
    (a module using the harness imports this fixture)."""
    root = tmp_path_factory.mktemp("hostile-home")
    saved = {k: os.environ.get(k) for k in ("REFEREE_CACHE", "REFEREE_HOME")}
    os.environ["REFEREE_CACHE"] = str(root / "cache")
    os.environ["REFEREE_HOME"] = str(root / "home")
    yield root
    report = os.environ.get("REFEREE_HOSTILE_FIGURES")
    if report:  # the soak run's figures, added up over the modules
        import json

        path = Path(report)
        total: Counter[str] = Counter(json.loads(path.read_text()) if path.exists() else {})
        total.update(FIGURES)
        FIGURES.clear()
        path.write_text(json.dumps(dict(sorted(total.items())), indent=1))
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


class Hang(BaseException):  # a BaseException: no `except Exception` eats it
    """The watchdog fired: an input kept referee busy past the bound."""


@contextlib.contextmanager
def watchdog(seconds: float = BOUND_SECONDS) -> Iterator[None]:
    """Raise :class:`Hang` in this (the main) thread if the block runs past ``seconds``."""

    def fire(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"still busy after {seconds} s")

    old = signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def snapshot(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` by relative path, with a digest of its bytes. SQLite's
    own files beside a database in WAL mode are left out while they hold nothing (a reader
    makes them, and the last writer to close removes them): an empty write-ahead log and
    its index; a log holding anything counts, being part of the database."""
    out = {}
    for path in sorted(folder.rglob("*")):
        if not path.is_file():
            continue
        if path.name.endswith("-shm") or (path.name.endswith("-wal") and not path.stat().st_size):
            continue
        out[path.relative_to(folder).as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


@dataclass(frozen=True)
class Outcome:
    status: int
    out: str
    err: str
    seconds: float


def run_cli(argv: Sequence[str], kind: str, *, watch: Path | None = None) -> Outcome:
    """``referee ARGV`` in-process, checked: no traceback, no hang, a clean message on
    failure, and (with ``watch``) no file under ``watch`` changed when it fails."""
    FIGURES[f"tried:{kind}"] += 1
    before = snapshot(watch) if watch is not None else {}
    out, err = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), watchdog():
            try:
                status = main(list(argv))
            except SystemExit as exc:  # argparse: a usage error (2) or --help (0)
                status = exc.code if isinstance(exc.code, int) else 2
    except Hang:
        FIGURES[f"hang:{kind}"] += 1
        raise AssertionError(f"hang: referee {' '.join(map(repr, argv))}") from None
    except Exception:
        FIGURES[f"traceback:{kind}"] += 1
        raise
    outcome = Outcome(status, out.getvalue(), err.getvalue(), time.perf_counter() - start)
    check_clean(outcome, argv)
    if watch is not None and outcome.status not in (0, 1):
        after = snapshot(watch)
        if after != before:
            FIGURES[f"changed-on-failure:{kind}"] += 1
        assert after == before, f"a failing command changed a file: referee {argv}"
    return outcome


def check_clean(outcome: Outcome, argv: Sequence[str]) -> None:
    """A failure is a message (``referee: ...`` or argparse's usage), never a traceback."""
    assert "Traceback" not in outcome.err, outcome.err
    if outcome.status == 2:
        first = outcome.err.lstrip().splitlines()[0] if outcome.err.strip() else ""
        assert first.startswith(("referee: ", "usage: ")), (argv, outcome.err)
    else:
        assert outcome.status in (0, 1), (argv, outcome.status, outcome.err)
