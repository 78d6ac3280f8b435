"""Speed comes from doing less work, never from patching the standard library or a dependency,
never from pickle: importing referee leaves ``dataclasses`` as Python made it, and a command
keeps nothing it parsed (a data file, the map a match holds) in the cache folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from referee.bench.replay_bench import default_journal

UNTOUCHED = """
import dataclasses, json, sqlite3, tomllib
modules = (dataclasses, json, sqlite3, tomllib)
before = [dict(vars(m)) for m in modules]
import referee, referee.cli.main, referee.match.games.systems, referee.match.games.orders_file
changed = [
    f"{m.__name__}.{k}"
    for m, kept in zip(modules, before)
    for k in sorted(set(kept) | set(vars(m)))
    if kept.get(k, None) is not vars(m).get(k, None)
]
print(changed)
"""


def _env(tmp_path: Path) -> dict[str, str]:
    env = {**os.environ, "REFEREE_HOME": str(tmp_path / "home")}
    env["REFEREE_CACHE"] = str(tmp_path / "cache")
    return env


def test_importing_referee_changes_nothing_in_dataclasses_or_the_parsers(tmp_path):
    out = subprocess.run(
        [sys.executable, "-c", UNTOUCHED],
        capture_output=True,
        text=True,
        env=_env(tmp_path),
        timeout=120,
        check=True,
    )
    assert out.stdout.strip() == "[]"


def test_replaying_and_checking_a_match_keep_nothing_parsed_in_the_cache_folder(tmp_path):
    kept = tmp_path / "ten.referee"
    for argv in (
        ["replay", str(default_journal()), "--keep", str(kept)],
        ["match", "check", str(kept)],
        ["match", "show", str(kept)],
    ):
        subprocess.run(
            [sys.executable, "-m", "referee", *argv],
            capture_output=True,
            text=True,
            env=_env(tmp_path),
            timeout=300,
            check=True,
            cwd=tmp_path,
        )
    cache = tmp_path / "cache"
    assert sorted(str(p.relative_to(cache)) for p in cache.rglob("*") if p.is_file()) == []
