"""A match command loads the engine of its match's game system only: ``match show``,
``match report`` and ``match check`` of a match of written orders import none of the
activation rules' modules, and those of a match of the activation rules none of the written
orders' engine (its match file, state, fire, assault, damage...). Each command runs in a
fresh interpreter, as a user runs it (the time saved is the benchmarks', never asserted)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from referee.match.games.orders_file import MatchFile
from referee.match.games.systems import ORDERS
from referee.paths import data_dir

ACTIVATION_ENGINE = ("referee.rules.activation", "referee.match.games.activation_file")
ORDERS_ENGINE = (
    "referee.match.games.orders_file",
    "referee.rules.orders.state",
    "referee.rules.orders.step",
    "referee.rules.fire",
    "referee.rules.assault",
    "referee.rules.damage",
    "referee.rules.agony",
    "referee.rules.orders",
    "referee.rules.movement_step",
)
JOURNALS = {
    "orders": data_dir() / "journals" / "ten-turns.journal",
    "activation": data_dir() / "journals" / "activation-crossroads.journal",
}


def _loaded(argv: list[str], home) -> list[str]:
    code = (
        "import json, os, runpy, sys\n"
        f"sys.argv = {['referee', *argv]!r}\n"
        "try:\n"
        "    runpy.run_module('referee', run_name='__main__')\n"
        "except SystemExit as done:\n"
        "    assert not done.code, done.code\n"
        "finally:\n"
        "    sys.stdout = sys.__stdout__\n"
        "os.write(2, ('MODULES ' + json.dumps(sorted(sys.modules))).encode())\n"
    )
    env = {**os.environ, "REFEREE_HOME": str(home), "REFEREE_CACHE": str(home / "cache")}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stderr.rsplit("MODULES ", 1)[1])


def _among(loaded: list[str], names: tuple[str, ...]) -> list[str]:
    return [m for m in loaded if any(m == p or m.startswith(f"{p}.") for p in names)]


def test_the_written_orders_system_is_named_as_its_match_file_names_it():
    assert MatchFile.SYSTEM == ORDERS


@pytest.mark.parametrize(
    ("system", "other"), [("orders", ACTIVATION_ENGINE), ("activation", ORDERS_ENGINE)]
)
def test_showing_reporting_and_checking_a_match_leave_the_other_system_unimported(
    tmp_path, system, other
):
    kept = tmp_path / f"{system}.referee"
    _loaded(["replay", str(JOURNALS[system]), "--keep", str(kept)], tmp_path)
    for argv in (
        ["match", "show", str(kept)],
        ["match", "show", str(kept), "--json"],
        ["match", "report", str(kept), "-o", str(tmp_path / "report.html"), "--force"],
        ["match", "check", str(kept)],
    ):
        assert _among(_loaded(argv, tmp_path), other) == [], argv
