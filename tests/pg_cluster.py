"""A throwaway PostgreSQL cluster for the server tests: ``initdb`` into a temporary folder,
the server listening only on a unix socket in that folder, stopped and removed at the end.

``.ci/run`` starts one itself and names it in ``REFEREE_TEST_PG`` (a URL whose user may
make databases); without it, the session fixture in ``tests/conftest.py`` starts one with
this module. Run as root (CI), the server runs as an unprivileged user (``postgres`` or
``nobody``), since PostgreSQL refuses to run as root.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path
from urllib.parse import quote, urlsplit, urlunsplit

ENV_URL = "REFEREE_TEST_PG"
ENV_REQUIRE = "REFEREE_REQUIRE_PG"
USER = "referee"
PORT = 5432


def binaries() -> Path | None:
    """The folder holding initdb, pg_ctl and postgres (on PATH, or Debian's), or None."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if all(os.access(Path(folder) / b, os.X_OK) for b in ("initdb", "pg_ctl", "postgres")):
            return Path(folder)
    return None


def server_url(socket_dir: Path | str, dbname: str = "postgres") -> str:
    return f"postgresql://{USER}@/{quote(dbname)}?host={socket_dir}&port={PORT}"


def with_database(url: str, dbname: str) -> str:
    """``url`` naming the database ``dbname`` instead."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + quote(dbname)))


class Cluster:
    """One throwaway cluster (see the module docstring)."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.dir = Path(tempfile.mkdtemp(prefix="referee-pg-"))
        self.data = self.dir / "data"
        self.user: str | None = None
        if os.geteuid() == 0:
            self.user = _unprivileged_user()
            os.chown(self.dir, pwd.getpwnam(self.user).pw_uid, -1)

    def _run(self, *args: str) -> None:
        done = subprocess.run(
            [str(self.bindir / args[0]), *args[1:]],
            user=self.user,
            cwd=self.dir,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        if done.returncode:
            log = self.dir / "server.log"
            more = log.read_text(encoding="utf-8", errors="replace") if log.exists() else ""
            raise RuntimeError(f"{' '.join(args)} failed:\n{done.stdout}{done.stderr}{more}")

    def start(self) -> str:
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            USER,
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-locale",
            "--no-sync",
        )
        options = (
            f"-k {self.dir} -p {PORT} -c listen_addresses='' -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off"
        )
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-l",
            str(self.dir / "server.log"),
            "-w",
            "-t",
            "60",
            "-o",
            options,
            "start",
        )
        return server_url(self.dir)

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)


def _unprivileged_user() -> str:
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return name
    raise RuntimeError("running as root and no 'postgres' or 'nobody' user to run the server")
