"""A real chromium as a phone sees a page: 390x844 CSS pixels (DevTools' device metrics over
--remote-debugging-pipe; headless chromium's own window is never under 500 pixels wide)."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import subprocess
from pathlib import Path
from typing import Any


class Phone:
    def __init__(self, chromium: str, profile: Path, width: int = 390, height: int = 844) -> None:
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()

        def fds() -> None:  # chromium reads commands on fd 3 and answers on fd 4
            reads, writes = os.dup(to_browser_r), os.dup(from_browser_w)
            os.dup2(reads, 3)
            os.dup2(writes, 4)

        self.process = subprocess.Popen(
            [
                chromium,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                f"--user-data-dir={profile}",
                "--remote-debugging-pipe",
                "about:blank",
            ],
            pass_fds=(3, 4),  # made by fds() before the others are closed
            preexec_fn=fds,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._next = 0
        self._buffer = b""
        self.events: list[dict[str, Any]] = []
        targets = self.call("Target.getTargets")["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        self.session = self.call("Target.attachToTarget", targetId=page["targetId"], flatten=True)[
            "sessionId"
        ]
        self.call("Page.enable", session=True)
        self.call(
            "Emulation.setDeviceMetricsOverride",
            session=True,
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=True,
        )

    def _read(self) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            chunk = os.read(self._from_browser, 65536)
            if not chunk:
                raise RuntimeError("chromium closed its pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method: str, session: bool = False, **params: Any) -> dict[str, Any]:
        self._next += 1
        ask: dict[str, Any] = {"id": self._next, "method": method, "params": params}
        if session:
            ask["sessionId"] = self.session
        os.write(self._to_browser, json.dumps(ask).encode() + b"\0")
        while True:
            got = self._read()
            if got.get("id") == self._next:
                if "error" in got:
                    raise RuntimeError(f"{method}: {got['error']}")
                return got.get("result", {})
            self.events.append(got)

    def open(self, url: str) -> None:
        self.events.clear()
        self.call("Page.navigate", session=True, url=url)
        while not any(e.get("method") == "Page.loadEventFired" for e in self.events):
            self.events.append(self._read())

    def submit(self, expression: str) -> None:
        """Run ``expression`` (a button clicked, a form sent) and wait for the page it loads."""
        import select

        self.events.clear()
        self.evaluate(expression)
        while not any(e.get("method") == "Page.loadEventFired" for e in self.events):
            if b"\0" not in self._buffer:
                ready, _, _ = select.select([self._from_browser], [], [], 30)
                if not ready:
                    raise RuntimeError(f"no page loaded after {expression!r}")
            self.events.append(self._read())

    def evaluate(self, expression: str) -> Any:
        got = self.call("Runtime.evaluate", session=True, expression=expression, returnByValue=True)
        return got["result"].get("value")

    def screenshot(self, out: Path) -> None:
        data = self.call("Page.captureScreenshot", session=True, format="png")["data"]
        out.write_bytes(base64.b64decode(data))

    def close(self) -> None:
        with contextlib.suppress(RuntimeError, OSError):  # a browser gone already
            self.call("Browser.close")
        self.process.wait(timeout=30)
        os.close(self._to_browser)
        os.close(self._from_browser)
