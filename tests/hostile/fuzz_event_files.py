"""The figures of issue 23's fuzzing: damaged event files through every ``referee tournament``
command, counted instead of stopped at the first traceback.

    .venv/bin/python tests/hostile/fuzz_event_files.py --inputs 500            # files
    .venv/bin/python tests/hostile/fuzz_event_files.py --inputs 200 --server   # PostgreSQL

Each input is the event of ``event_damage.build_event`` with one to three damages
(``event_damage.damages``; the same as the property test's, drawn from ``--seed``, so a run
is repeatable),
then every command of ``event_damage.EVENT_COMMANDS`` in turn on it. It prints JSON: inputs
tried, commands run, successes, clean messages (exit 2, one line ``referee: ...``; how many
of them name the event), other messages, tracebacks (commands, and inputs with at least
one), the distinct places a traceback came from (the innermost frame in referee/, with its
exception), hangs, failed commands that changed the event file (or the server's rows) and reading
commands that changed it.
``--server`` starts a throwaway PostgreSQL cluster (``tests/pg_cluster.py``) unless
``REFEREE_TEST_PG`` names one.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import shutil
import signal
import sys
import tempfile
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from event_damage import (  # noqa: E402
    EVENT_COMMANDS,
    READING_COMMANDS,
    argv_of,
    build_event,
    damage_file,
    damage_server,
    damages,
    server_rows,
)
from hostile_harness import snapshot  # noqa: E402
from hypothesis import HealthCheck, given, seed, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

BOUND_SECONDS = 30


class Hang(BaseException):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise Hang()


def place_of(exc: BaseException) -> str:
    """The innermost frame of ``exc``'s traceback in referee's own code, and the error."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "/referee/" in f.filename]
    where = frames[-1] if frames else traceback.extract_tb(exc.__traceback__)[-1]
    name = where.filename.split("/referee/", 1)[-1]
    return f"referee/{name}:{where.lineno} ({where.name}): {type(exc).__name__}"


def run_one(argv: list[str]) -> tuple[str, Any, str]:
    """(outcome, status or place, stderr) of ``referee ARGV`` in this process."""
    from referee.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, BOUND_SECONDS)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(argv)
            except SystemExit as exc:
                status = exc.code if isinstance(exc.code, int) else 2
    except Hang:
        return "hang", None, ""
    except Exception as exc:  # what this script counts
        return "traceback", place_of(exc), ""
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return "status", status, err.getvalue()


def event_part(files: dict[str, str]) -> dict[str, str]:
    return {k: v for k, v in files.items() if k.startswith("ev.db")}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=100)
    parser.add_argument("--server", action="store_true", help="events on a PostgreSQL server")
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--show", type=int, default=3, help="examples of each place to print")
    parser.add_argument(
        "--show-unnamed", action="store_true", help="list the messages not naming the event"
    )
    args = parser.parse_args()

    root = Path(tempfile.mkdtemp(prefix="referee-fuzz-"))
    os.environ["REFEREE_HOME"] = str(root / "home")
    os.environ["REFEREE_CACHE"] = str(root / "cache")
    base = root / "base"
    base.mkdir()
    cluster = None
    admin_url = ""
    try:
        if args.server:
            import pg_cluster
            import psycopg

            admin_url = os.environ.get(pg_cluster.ENV_URL, "")
            if not admin_url:
                bindir = pg_cluster.binaries()
                if bindir is None:
                    print("no PostgreSQL binaries (initdb, pg_ctl)", file=sys.stderr)
                    return 2
                cluster = pg_cluster.Cluster(bindir)
                admin_url = cluster.start()
            with psycopg.connect(admin_url, autocommit=True) as admin:
                admin.execute('CREATE DATABASE "fuzz_base"')
            build_event(pg_cluster.with_database(admin_url, "fuzz_base"), base)
        else:
            build_event(str(base / "ev.db"), base)
        return fuzz(args, root, base, admin_url)
    finally:
        if cluster is not None:
            cluster.stop()
        shutil.rmtree(root, ignore_errors=True)


FIGURES = (
    "inputs",
    "commands",
    "successes",
    "clean messages",
    "clean messages naming the event",
    "other messages",
    "tracebacks",
    "inputs with a traceback",
    "hangs",
    "changed on failure",
    "reading commands that changed the event",
    "script errors",
)


def fuzz(args: argparse.Namespace, root: Path, base: Path, admin_url: str) -> int:
    figures: Counter[str] = Counter()
    places: dict[str, list[str]] = {}
    counter = iter(range(1, 10**9))

    @seed(args.seed)
    @settings(
        max_examples=args.inputs,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(changes=damages(server=args.server), data=st.data())
    def one_input(changes: list[tuple[str, Any]], data: Any) -> None:
        n = next(counter)
        folder = root / f"in{n}"
        shutil.copytree(base, folder)
        try:
            if args.server:
                import pg_cluster
                import psycopg

                name = f"fuzz_{n}"
                with psycopg.connect(admin_url, autocommit=True) as admin:
                    admin.execute(f'CREATE DATABASE "{name}" TEMPLATE "fuzz_base"')
                ev = pg_cluster.with_database(admin_url, name)
                damage_server(ev, changes, data.draw)
            else:
                ev = str(folder / "ev.db")
                damage_file(Path(ev), changes, data.draw)
            figures["inputs"] += 1
            any_traceback = False
            for command in EVENT_COMMANDS:
                argv = argv_of(command, ev, folder)
                before = server_rows(ev) if args.server else snapshot(folder)
                outcome, status, err = run_one(argv)
                figures["commands"] += 1
                if outcome == "hang":
                    figures["hangs"] += 1
                    continue
                if outcome == "traceback":
                    figures["tracebacks"] += 1
                    any_traceback = True
                    places.setdefault(status, []).append(f"{command[0]} after {changes!r}"[:300])
                    continue
                if status in (0, 1):
                    figures["successes"] += 1
                    if command in READING_COMMANDS and changed(before, ev):
                        figures["reading commands that changed the event"] += 1
                        places.setdefault(f"changed by reading {command[0]}", []).append("")
                    continue
                lines = err.strip().splitlines()
                if len(lines) == 1 and lines[0].startswith(("referee: ", "usage: ")):
                    figures["clean messages"] += 1
                    if ev in err or (not args.server and Path(ev).name in err):
                        figures["clean messages naming the event"] += 1
                    elif args.show_unnamed:
                        shown = err.strip().replace(str(folder), "DIR")[:100]
                        places.setdefault(f"unnamed: {shown}", []).append(command[0])
                else:
                    figures["other messages"] += 1
                    places.setdefault(f"message: {err.strip()[:160]}", []).append(command[0])
                if changed(before, ev):
                    figures["changed on failure"] += 1
                    places.setdefault(f"changed by failing {command[0]}", []).append(err[:160])
            if any_traceback:
                figures["inputs with a traceback"] += 1
            if args.server:
                import psycopg

                with psycopg.connect(admin_url, autocommit=True) as admin:
                    admin.execute(f'DROP DATABASE "fuzz_{n}" WITH (FORCE)')
            shutil.rmtree(folder, ignore_errors=True)
        except Exception as exc:  # the script's own: shown, not fatal
            figures["script errors"] += 1
            places.setdefault(f"script: {place_of(exc)}", []).append(repr(exc)[:200])
            shutil.rmtree(folder, ignore_errors=True)

    def changed(before: Any, ev: str) -> bool:
        """Whether the event (the file and its log, or the server's rows) is not as it was."""
        if args.server:
            return bool(server_rows(ev) != before)
        return event_part(snapshot(Path(ev).parent)) != event_part(before)

    one_input()
    report = {
        "store": "server" if args.server else "file",
        **{k: figures[k] for k in FIGURES},
        "traceback places": len(
            [p for p in places if not p.startswith(("message", "changed", "script", "unnamed"))]
        ),
        "places": {p: {"times": len(v), "e.g.": v[: args.show]} for p, v in sorted(places.items())},
    }
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
