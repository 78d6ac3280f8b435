"""A served event for the tests: ``referee tournament serve`` started as its own process, and
plain HTTP requests to it (``http.client``: what a phone's browser or a script sends)."""

from __future__ import annotations

import http.client
import json
import re
import subprocess
import sys
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit


@dataclass
class Reply:
    status: int
    headers: Mapping[str, str]
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Served:
    url: str
    process: subprocess.Popen[str]

    @property
    def host(self) -> str:
        return str(urlsplit(self.url).hostname)

    @property
    def port(self) -> int:
        return int(urlsplit(self.url).port or 80)

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> Reply:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
        try:
            conn.request(method, path, body=body, headers=dict(headers or {}))
            r = conn.getresponse()
            return Reply(r.status, {k.lower(): v for k, v in r.getheaders()}, r.read())
        finally:
            conn.close()

    def get(self, path: str, headers: Mapping[str, str] | None = None) -> Reply:
        return self.request("GET", path, headers=headers)

    def post_json(self, path: str, data: object, headers: Mapping[str, str] | None = None) -> Reply:
        body = json.dumps(data).encode()
        return self.request(
            "POST", path, body, {"Content-Type": "application/json", **(headers or {})}
        )


@contextmanager
def serve(event: Path | str, *extra: str) -> Iterator[Served]:
    """``referee tournament serve EVENT`` on a free port of 127.0.0.1, until the block ends
    (then stopped as Ctrl+C stops it)."""
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "referee",
            "tournament",
            "serve",
            str(event),
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            *extra,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    first: list[str] = []
    reader = threading.Thread(target=lambda: first.append(process.stdout.readline()))  # type: ignore[union-attr]
    reader.start()
    reader.join(120)
    found = re.search(r"at (http://\S+/) ", first[0] if first else "")
    if found is None:
        process.kill()
        _, err = process.communicate(timeout=30)
        raise AssertionError(f"the server did not start: {first!r} {err}")
    try:
        yield Served(found.group(1), process)
    finally:
        import signal

        process.send_signal(signal.SIGINT)
        try:
            process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
