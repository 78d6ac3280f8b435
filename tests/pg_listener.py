"""A listener on 127.0.0.1 that plays a PostgreSQL server just far enough to learn what a
client sends it: run as its own process by the tests of a match file naming a host.

``python pg_listener.py MODE LOG``: prints its port on the first line of its output, then
serves until killed, appending what happens to ``LOG`` (one JSON object a line):
``{"seen": "connect"}`` for each connection, ``{"seen": "startup", "params": {...}}`` for a
startup message (user, database...), ``{"seen": "password", "value": "..."}`` for a
password sent in clear.

MODE ``password``: refuses SSL and GSS encryption, asks for a cleartext password
(AuthenticationCleartextPassword), writes down what comes and ends with an error.
MODE ``silent``: takes the connection and never answers.
"""

from __future__ import annotations

import json
import socket
import struct
import sys
import threading
from pathlib import Path

SSL_REQUEST = 80877103
GSS_REQUEST = 80877104


def record(log: Path, lock: threading.Lock, entry: dict[str, object]) -> None:
    with lock, log.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(entry) + "\n")


def read_exact(conn: socket.socket, n: int) -> bytes:
    data = b""
    while len(data) < n:
        chunk = conn.recv(n - len(data))
        if not chunk:
            raise ConnectionError("closed")
        data += chunk
    return data


def error(message: str) -> bytes:
    body = b"SFATAL\x00C28P01\x00M" + message.encode() + b"\x00\x00"
    return b"E" + struct.pack("!i", len(body) + 4) + body


def serve_password(conn: socket.socket, log: Path, lock: threading.Lock) -> None:
    while True:
        (length,) = struct.unpack("!i", read_exact(conn, 4))
        body = read_exact(conn, length - 4)
        (code,) = struct.unpack("!i", body[:4])
        if code in (SSL_REQUEST, GSS_REQUEST):
            conn.sendall(b"N")  # no encryption: go on in clear
            continue
        words = body[4:].split(b"\x00")
        params = {
            words[i].decode(errors="replace"): words[i + 1].decode(errors="replace")
            for i in range(0, len(words) - 1, 2)
            if words[i]
        }
        record(log, lock, {"seen": "startup", "params": params})
        break
    conn.sendall(b"R" + struct.pack("!ii", 8, 3))  # AuthenticationCleartextPassword
    kind = read_exact(conn, 1)
    (length,) = struct.unpack("!i", read_exact(conn, 4))
    body = read_exact(conn, length - 4)
    if kind == b"p":
        record(log, lock, {"seen": "password", "value": body.rstrip(b"\x00").decode()})
    conn.sendall(error("password authentication failed for user"))


def handle(conn: socket.socket, mode: str, log: Path, lock: threading.Lock) -> None:
    record(log, lock, {"seen": "connect"})
    try:
        if mode == "password":
            serve_password(conn, log, lock)
        else:
            threading.Event().wait()  # silent: hold the connection, never answer
    except (ConnectionError, OSError, struct.error):
        pass
    finally:
        conn.close()


def main() -> None:
    mode, log = sys.argv[1], Path(sys.argv[2])
    lock = threading.Lock()
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    print(server.getsockname()[1], flush=True)
    while True:
        conn, _ = server.accept()
        threading.Thread(target=handle, args=(conn, mode, log, lock), daemon=True).start()


if __name__ == "__main__":
    main()


# --- for the tests: the listener as a process of its own ---------------------------------------


class Listener:
    """A listener process (see the module docstring): its ``port`` and what it ``saw``."""

    def __init__(self, mode: str, log: Path) -> None:
        import subprocess

        self.log = log
        log.write_text("", encoding="utf-8")
        self.process = subprocess.Popen(
            [sys.executable, __file__, mode, str(log)],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        self.port = int(self.process.stdout.readline())

    def url(self, dbname: str = "open2027", **options: str) -> str:
        query = "&".join(f"{k}={v}" for k, v in options.items())
        return f"postgresql://desk@127.0.0.1:{self.port}/{dbname}" + (f"?{query}" if query else "")

    def saw(self) -> list[dict[str, object]]:
        lines = self.log.read_text(encoding="utf-8").splitlines()
        return [json.loads(line) for line in lines if line.strip()]

    def passwords(self) -> list[object]:
        return [e["value"] for e in self.saw() if e["seen"] == "password"]

    def stop(self) -> None:
        self.process.kill()
        self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()
