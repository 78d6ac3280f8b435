"""``referee bench serve``: the event served to a room under load.

A real ``referee tournament serve`` process on a throwaway event of ``2 * results`` players,
round 1 paired; ``phones`` clients each read a page (``/``, ``/api/round``, ``/standings``
in turn) every ``every`` seconds, while every table's two players report and confirm its
result, the tables spread over ``seconds``. Then the event is read back: each table must
have exactly one result (nothing lost, nothing doubled) and one report. The figures: how
many requests of each kind, how many failed, and their times (median, 95th percentile,
slowest). Given ``watch`` (the command line gives the tournament window's,
``referee.app.tournament.responsive``), the desk's window is open on the event during the
load, on this process's main thread, and its figures are ``window``: how late its event
loop answered while the results landed.
"""

from __future__ import annotations

import http.client
import json
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

SERVE_ON = ("--host", "127.0.0.1", "--port", "0")


@dataclass
class Timings:
    """Request times in seconds and the statuses that were not the expected one."""

    times: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, seconds: float, failure: str | None = None) -> None:
        with self.lock:
            self.times.append(seconds)
            if failure:
                self.failures.append(failure)

    def to_json(self) -> dict[str, Any]:
        t = sorted(self.times)
        if not t:
            return {"requests": 0, "failed": len(self.failures)}
        return {
            "requests": len(t),
            "failed": len(self.failures),
            "median_ms": round(statistics.median(t) * 1000, 1),
            "p95_ms": round(t[min(len(t) - 1, int(len(t) * 0.95))] * 1000, 1),
            "max_ms": round(t[-1] * 1000, 1),
            "first_failures": self.failures[:5],
        }


def _request(
    host: str, port: int, method: str, path: str, body: dict[str, Any] | None = None
) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection(host, port, timeout=60)
    try:
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, path, body=data, headers=headers)
        reply = conn.getresponse()
        return reply.status, reply.read()
    finally:
        conn.close()


def _timed(
    timings: Timings,
    expected: int,
    host: str,
    port: int,
    method: str,
    path: str,
    body: dict[str, Any] | None = None,
) -> None:
    start = time.perf_counter()
    try:
        status, text = _request(host, port, method, path, body)
        failure = None if status == expected else f"{method} {path}: {status} {text[:120]!r}"
    except OSError as exc:
        failure = f"{method} {path}: {exc}"
    timings.add(time.perf_counter() - start, failure)


def _event(folder: Path, tables: int) -> tuple[Path, dict[str, str], list[tuple[str, str]]]:
    from referee.tournament.desk import Desk
    from referee.tournament.room import issue_codes

    path = folder / "bench.db"
    with Desk.create(path, name="Bench Open", rounds=3, seed=1, who="bench") as desk:
        for i in range(2 * tables):
            desk.add_player(f"Player {i + 1:03d}", "ork")
        desk.pair()
        codes = issue_codes(desk)
        rnd = desk.event().round(1)
        assert rnd is not None
        return path, codes, list(rnd.tables)


def _serve(path: Path) -> tuple[subprocess.Popen[str], str, int]:
    process = subprocess.Popen(
        [sys.executable, "-m", "referee", "tournament", "serve", str(path), *SERVE_ON],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    found = re.search(r"http://([\d.]+):(\d+)/", line)
    if found is None:
        process.kill()
        raise RuntimeError(f"the server did not start: {line!r}")
    return process, found.group(1), int(found.group(2))


def bench_serve(
    phones: int = 200,
    every: float = 5.0,
    results: int = 100,
    seconds: float = 60.0,
    watch: Callable[[Path, float], dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Run the load (module docstring); the figures and the event's check, as JSON."""
    with tempfile.TemporaryDirectory(prefix="referee-bench-serve-") as tmp:
        path, codes, tables = _event(Path(tmp), results)
        process, host, port = _serve(path)
        reads, reports, confirms = Timings(), Timings(), Timings()
        start = time.monotonic()
        end = start + seconds
        pages = ["/", "/api/round", "/standings"]
        rng = random.Random(1)

        def phone(offset: float, n: int) -> None:
            due = start + offset
            while due < end:
                time.sleep(max(0.0, due - time.monotonic()))
                _timed(reads, 200, host, port, "GET", pages[n % len(pages)])
                n += 1
                due += every

        def table(t: int, at: float) -> None:
            a, b = tables[t - 1]
            time.sleep(max(0.0, start + at - time.monotonic()))
            result = {
                "players": [
                    {"name": a, "surviving": {"ip": 20}, "destroyed": {"ip": 4}},
                    {"name": b, "surviving": {"ip": 6}, "destroyed": {"ip": 18}},
                ]
            }
            body = {"round": 1, "table": t, "code": codes[a], "result": result}
            _timed(reports, 202, host, port, "POST", "/api/result", body)
            time.sleep(0.2)
            body = {"round": 1, "table": t, "code": codes[b]}
            _timed(confirms, 200, host, port, "POST", "/api/confirm", body)

        spread = max(0.0, seconds - 2.0)
        threads = [
            threading.Thread(target=phone, args=(rng.uniform(0, every), i), daemon=True)
            for i in range(phones)
        ] + [
            threading.Thread(target=table, args=(t, spread * (t - 1) / max(1, len(tables))))
            for t in range(1, len(tables) + 1)
        ]
        for th in threads:
            th.start()
        window = None
        if watch is not None:
            last = max(spread, seconds) + 0.5  # the last table confirms 0.2 s after it reports
            window = watch(path, start + last)
        for th in threads:
            th.join()
        wall = time.monotonic() - start
        process.send_signal(signal.SIGINT)
        try:
            process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
        check = _check(path, len(tables))
    return {
        "phones": phones,
        "every_s": every,
        "tables": len(tables),
        "seconds": round(wall, 1),
        "reads": reads.to_json(),
        "reports": reports.to_json(),
        "confirms": confirms.to_json(),
        "check": check,
        **({"window": window} if window is not None else {}),
    }


def _check(path: Path, tables: int) -> dict[str, Any]:
    """What the event holds after the load: results per table, reports per table."""
    from referee.tournament.desk import Desk

    with Desk.open(path, "bench") as desk:
        event = desk.event()
    rnd = event.round(1)
    assert rnd is not None
    reports: dict[int, int] = {}
    for r in event.records:
        if r.kind == "report":
            t = int(r.data["table"])
            reports[t] = reports.get(t, 0) + 1
    lost = [t for t in range(1, tables + 1) if t not in rnd.results]
    doubled = [t for t, tr in rnd.results.items() if len(tr.trail) != 1]
    return {
        "results": len(rnd.results),
        "lost": lost,
        "doubled": doubled,
        "reports_not_one": sorted(t for t in range(1, tables + 1) if reports.get(t) != 1),
        "ok": not lost and not doubled and all(reports.get(t) == 1 for t in range(1, tables + 1)),
    }


def lines(figures: dict[str, Any]) -> list[str]:
    out = [
        f"{figures['phones']} phones reading every {figures['every_s']:g} s, "
        f"{figures['tables']} tables reporting and confirming, over {figures['seconds']} s:"
    ]
    for kind in ("reads", "reports", "confirms"):
        f = figures[kind]
        if not f["requests"]:
            out.append(f"  {kind}: none")
            continue
        out.append(
            f"  {kind}: {f['requests']} requests, {f['failed']} failed; median "
            f"{f['median_ms']} ms, 95% within {f['p95_ms']} ms, slowest {f['max_ms']} ms"
        )
        out += [f"    {x}" for x in f["first_failures"]]
    w = figures.get("window")
    if w is not None:
        out.append(
            f"  the desk's window, open on the event: its event loop answered a median "
            f"{w['late_median_ms']} ms late, 95% within {w['late_p95_ms']} ms, the latest "
            f"{w['late_max_ms']} ms ({w['probes']} probes, {w['revisions_drawn']} revisions drawn"
            + (", the last among them)" if w["caught_up"] else ", NOT the last)")
        )
    c = figures["check"]
    out.append(
        f"  the event: {c['results']} of {figures['tables']} tables have their result; lost "
        f"{c['lost'] or 'none'}, doubled {c['doubled'] or 'none'}; "
        + (
            "every table reported once"
            if not c["reports_not_one"]
            else f"tables not reported once: {c['reports_not_one']}"
        )
    )
    return out
