"""Real disks that say no, for the tests of full disks and read-only files (issue 23).

:func:`on_full_disk` runs ``referee`` commands, each as its own process, on a real full
disk: a small tmpfs mounted in a mount namespace of its own (``unshare``: nothing outside
the commands sees it, and it is gone when they end), the files given copied onto it, then
filled to the last block. :func:`as_plain_user` runs one as a user without the right to
override file permissions (a user namespace mapping this user to an ordinary one), so a file
or folder without write permission refuses it, as it does a desk's login. Where the system
allows neither (no ``unshare``, or no user namespaces), the test is skipped saying why.
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Run:
    """One command's exit status, output and error output."""

    argv: tuple[str, ...]
    status: int
    out: str
    err: str


def _env(home: Path) -> dict[str, str]:
    env = {**os.environ, "REFEREE_HOME": str(home), "REFEREE_CACHE": str(home / "cache")}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
    env.pop("REFEREE_MATCHES", None)
    return env


def _unshare(*options: str) -> list[str]:
    found = shutil.which("unshare")
    if found is None:
        pytest.skip("no unshare on this system: a real full disk needs a mount namespace")
    probe = subprocess.run(
        [found, *options, "true"], capture_output=True, text=True, timeout=30, check=False
    )
    if probe.returncode:
        pytest.skip(f"unshare {' '.join(options)} is not allowed here: {probe.stderr.strip()}")
    return [found, *options]


def referee_argv(*args: str) -> list[str]:
    return [sys.executable, "-m", "referee", *args]


def on_full_disk(
    work: Path,
    files: dict[str, Path],
    commands: list[list[str]],
    *,
    size_kb: int = 1024,
    backups: bool = False,
) -> tuple[list[Run], dict[str, str], Path]:
    """Run ``commands`` (``referee`` arguments, ``{disk}`` for the full disk's folder) one
    after the other on a full disk holding ``files`` (name on the disk -> file to copy).
    ``backups``: the disk is the backups folder of the commands' user folder (``{disk}``
    then names it), not where the files are. Returns each command's :class:`Run`, the
    SHA-256 of every file on the disk after each of them (``"<i>:<name>"``), and a folder
    holding a copy of the disk's files at the end."""
    work.mkdir(parents=True, exist_ok=True)
    home = work / "home"
    disk = home / "backups" if backups else work / "disk"
    disk.mkdir(parents=True, exist_ok=True)
    out = work / "runs"
    out.mkdir()
    final = work / "final"
    lines = [
        "set -u",
        f"mount -t tmpfs -o size={size_kb}k tmpfs {shlex.quote(str(disk))} || exit 97",
    ]
    for name, source in files.items():
        lines.append(f"cp {shlex.quote(str(source))} {shlex.quote(str(disk / name))} || exit 98")
    # the disk filled to its last block: a file as big as the disk, cut where it stops
    lines.append(f"head -c {size_kb * 2048} /dev/zero > {shlex.quote(str(disk / '.fill'))}")
    for i, argv in enumerate(commands):
        full = [a.replace("{disk}", str(disk)) for a in referee_argv(*argv)]
        lines.append(
            f"{shlex.join(full)} > {out}/{i}.out 2> {out}/{i}.err; echo $? > {out}/{i}.rc; "
            f"(cd {shlex.quote(str(disk))} && sha256sum * > {out}/{i}.sums 2>/dev/null)"
        )
    lines.append(f"mkdir -p {final} && cp -a {shlex.quote(str(disk))}/. {final}/")
    lines.append(f"rm -f {final}/.fill")
    done = subprocess.run(
        [*_unshare("-rm"), "sh", "-c", "\n".join(lines)],
        env=_env(home),
        cwd=work,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if done.returncode == 97:
        pytest.skip(f"a tmpfs cannot be mounted here: {done.stderr.strip()}")
    assert done.returncode in (0, 1), done.stderr
    runs, sums = [], {}
    for i, argv in enumerate(commands):
        runs.append(
            Run(
                tuple(argv),
                int((out / f"{i}.rc").read_text()),
                (out / f"{i}.out").read_text(),
                (out / f"{i}.err").read_text(),
            )
        )
        sums_file = out / f"{i}.sums"
        for line in sums_file.read_text().splitlines() if sums_file.exists() else []:
            digest, name = line.split(maxsplit=1)
            sums[f"{i}:{name.strip()}"] = digest
    return runs, sums, final


def as_plain_user(work: Path, argv: list[str]) -> Run:
    """``referee ARGV`` as a user who owns the files but may not override their
    permissions (in a user namespace: this user seen as an ordinary one)."""
    done = subprocess.run(
        [*_unshare("--user", "--map-user=1000", "--map-group=1000"), *referee_argv(*argv)],
        env=_env(work / "home"),
        cwd=work,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    return Run(tuple(argv), done.returncode, done.stdout, done.stderr)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def one_line(run: Run) -> str:
    """The one line ``referee: ...`` a refused command printed (the test fails otherwise)."""
    lines = run.err.strip().splitlines()
    assert run.status == 2 and len(lines) == 1 and lines[0].startswith("referee: "), run
    assert "Traceback" not in run.err
    return lines[0]


def dumps(runs: list[Run]) -> str:
    return json.dumps([r.__dict__ for r in runs], indent=1)
