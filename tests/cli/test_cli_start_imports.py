"""Quick commands stay quick: ``referee shot``, ``visible``, ``rules search``, ``replay`` and
``match check`` import neither sqlite-utils (and numpy behind it) nor networkx unless the
work itself needs them (building the rules index, an assault's flows), a direct shot
leaves area fire's and agony's modules alone, and a command imports the parsers of only the
tables it reads (never the activation rules' in the written-orders game). Checked in a fresh
interpreter per command (times are the benchmarks', never asserted)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from referee.bench.replay_bench import default_journal

HEAVY = ("sqlite_utils", "numpy", "networkx")
JOURNALS = Path(__file__).parent.parent / "match" / "journals"


def _loaded(argv: list[str], home: Path) -> list[str]:
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
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=300,
    )
    return json.loads(out.stderr.rsplit("MODULES ", 1)[1])


AGONY_STEPS = (
    "step",
    "events",
    "acid",
    "minor_acid",
    "bleeding",
    "continuous",
    "fire",
    "poison",
    "terror",
)


def _among(loaded: list[str], names: tuple[str, ...]) -> list[str]:
    return [m for m in loaded if any(m == p or m.startswith(f"{p}.") for p in names)]


@pytest.mark.parametrize(
    "argv",
    [
        ["shot", "standard", "e34@C2", "ork-grunts@E6"],
        ["visible", "standard", "C2"],
        ["rules", "search", "line of sight"],
    ],
)
def test_a_quick_command_imports_no_heavy_library(argv, tmp_path):
    _loaded(argv, tmp_path)  # the first search builds the rules index (with sqlite-utils)
    assert _among(_loaded(argv, tmp_path), HEAVY) == []


def test_a_direct_shot_leaves_area_fire_and_agony_for_later(tmp_path):
    loaded = _loaded(["shot", "standard", "e34@C2", "ork-grunts@E6"], tmp_path)
    assert "referee.rules.fire.preview" in loaded
    # neither the agony steps nor the agony table (a shot reads no agony table)
    later = (
        "referee.rules.fire.area",
        "referee.rules.agony.schedule",
        *(f"referee.rules.agony.{m}" for m in AGONY_STEPS),
    )
    assert _among(loaded, later) == []


# the modules of the tables' parsers (referee/ruleset/shipped.py names each kind's home)
ACTIVATION_TABLES = (
    "referee.rules.activation.tables",
    "referee.rules.activation.cards",
    "referee.rules.activation.missions",
)
ORDERS_TABLES = (
    "referee.rules.fire.to_hit_table",
    "referee.rules.damage.method",
    "referee.rules.assault.table",
    "referee.rules.hexes.rules",
    "referee.rules.agony.schedule",
    "referee.rules.orders.edition",
    "referee.rules.turn.sequence",
    "referee.rules.nations",
)


def test_visible_imports_no_tables_parser_beyond_terrain_and_line_of_sight(tmp_path):
    loaded = _loaded(["visible", "standard", "C2"], tmp_path)
    assert "referee.ruleset.shipped" in loaded  # the ruleset is loaded, and no other table read
    assert _among(loaded, (*ACTIVATION_TABLES, *ORDERS_TABLES)) == []


def test_a_command_of_the_written_orders_game_never_imports_the_activation_tables(tmp_path):
    shot = _loaded(["shot", "standard", "e34@C2", "ork-grunts@E6"], tmp_path)
    assert "referee.rules.fire.to_hit_table" in shot
    assert _among(shot, ACTIVATION_TABLES) == []
    kept = tmp_path / "two.referee"
    journal = str(JOURNALS / "two-turns-orders-step.journal")
    assert (
        _among(_loaded(["replay", journal, "--keep", str(kept)], tmp_path), ACTIVATION_TABLES) == []
    )
    assert _among(_loaded(["match", "check", str(kept)], tmp_path), ACTIVATION_TABLES) == []


ACTIVATION_ENGINE = (
    "referee.match.games.activation_file",
    "referee.cli.activation_match",
    "referee.rules.activation",
)
"""The activation rules' match file, its views in the commands and its engine."""


def test_showing_or_checking_a_match_of_written_orders_imports_no_other_game_system(tmp_path):
    # the views of another game system's matches are asked for by the match's system: a
    # match of written orders never loads the activation rules (referee/match/games/systems.py)
    kept = tmp_path / "two.referee"
    journal = str(JOURNALS / "two-turns-orders-step.journal")
    _loaded(["replay", journal, "--keep", str(kept)], tmp_path)
    for argv in (["match", "show", str(kept)], ["match", "check", str(kept)]):
        assert _among(_loaded(argv, tmp_path), ACTIVATION_ENGINE) == [], argv


def test_replay_and_check_of_a_match_without_assaults_need_no_heavy_library(tmp_path):
    kept = tmp_path / "two.referee"
    journal = str(JOURNALS / "two-turns-orders-step.journal")
    assert _among(_loaded(["replay", journal, "--keep", str(kept)], tmp_path), HEAVY) == []
    assert _among(_loaded(["match", "check", str(kept)], tmp_path), HEAVY) == []


def test_the_ten_turn_journal_needs_networkx_only_for_its_assault(tmp_path):
    loaded = _loaded(["replay", str(default_journal())], tmp_path)
    assert _among(loaded, ("sqlite_utils", "numpy")) == []


SETUP_MODULES = (
    "referee.rules.orders.setup_commands",
    "referee.scenarios.procedure",
    "referee.scenarios.blind",
    "referee.scenarios.setup_board",
)


def test_checking_a_match_set_up_when_made_never_imports_the_setup_procedure(tmp_path):
    # the units of this journal stand on the table from the start: no setup to carry out
    kept = tmp_path / "two.referee"
    journal = str(JOURNALS / "two-turns-orders-step.journal")
    assert _among(_loaded(["replay", journal, "--keep", str(kept)], tmp_path), SETUP_MODULES) == []
    assert _among(_loaded(["match", "check", str(kept)], tmp_path), SETUP_MODULES) == []


def test_checking_a_match_imports_no_spelling_hints_for_names_it_never_misses(tmp_path):
    # difflib suggests a near unit or ability name when one is unknown; a match's cards are
    # all known, so opening and checking it never needs it
    kept = tmp_path / "two.referee"
    journal = str(JOURNALS / "two-turns-orders-step.journal")
    _loaded(["replay", journal, "--keep", str(kept)], tmp_path)
    assert "difflib" not in _loaded(["match", "check", str(kept)], tmp_path)


CHECK_NEVER = (
    "hashlib",
    "platformdirs",
    "tempfile",
    "referee.scenarios",
    "referee.rules.orders.victory",
    "referee.rules.fire.area",
    "referee.dice.success",
)
"""OpenSSL's hashes (a step's seed uses CPython's own SHA-256), platformdirs, the scenarios
of a match made without one, area fire and rolling up or down: none of them is needed to
check a match without them."""


def test_checking_a_match_imports_nothing_its_journal_never_uses(tmp_path):
    kept = tmp_path / "two.referee"
    journal = str(JOURNALS / "two-turns-orders-step.journal")
    _loaded(["replay", journal, "--keep", str(kept)], tmp_path)
    assert _among(_loaded(["match", "check", str(kept)], tmp_path), CHECK_NEVER) == []


def test_checking_the_ten_turn_match_reads_no_command_line_and_no_upgrade(tmp_path):
    # a check runs the commands kept in the file (JSON): no command line is split or written
    # (shlex), and the shipped nations' cards it reads list no upgrade (their parser)
    kept = tmp_path / "ten.referee"
    _loaded(["replay", str(default_journal()), "--keep", str(kept)], tmp_path)
    loaded = _loaded(["match", "check", str(kept)], tmp_path)
    assert "referee.units.card_rules" in loaded  # its units' cards are read
    assert _among(loaded, ("shlex", "referee.units.upgrades")) == []


TEN_TURNS_NEVER = (
    "referee.units.catalogue",
    "referee.rules.hexes.trigger",
    "referee.rules.agony.events",
    "referee.rules.orders.corrections",
    "referee.rules.movement_step.free_moves",
    "referee.rules.movement_step.speed",
    "referee.board.chase_flee",
    "referee.rules.fire.options",
    "referee.dice.odds",
    "referee.rules.report",
    "referee.rules.orders.correction_commands",
    "referee.rules.orders.hidden_commands",
    "referee.rules.orders.marker_commands",
)
"""What the ten-turn match never runs: the unit files of the catalogue (its cards are in the
file), a hex effect triggering on a unit, a correction, a Chase, Flee, Follow or Road order, a
change of speed, a shooter's every option (the gunnery wizard's), an open-ended die's odds,
a report's outline, and the kinds of command its journal never holds (a correction, a
setup's or a hidden unit's, an agony, aftermath or hex-effects step: it passes those steps
with ``advance``) (issue 26: ``match check`` within 12 times Python's own start)."""


def test_checking_the_ten_turn_match_imports_no_rule_its_journal_never_runs(tmp_path):
    kept = tmp_path / "ten.referee"
    _loaded(["replay", str(default_journal()), "--keep", str(kept)], tmp_path)
    loaded = _loaded(["match", "check", str(kept)], tmp_path)
    assert "referee.rules.movement_step.intent" in loaded  # it has movement steps
    assert _among(loaded, TEN_TURNS_NEVER) == []


STEP_HANDLERS = (
    "referee.rules.orders.step",
    "referee.rules.orders.corrections",
    "referee.rules.orders.fire_damage",
    "referee.rules.orders.assault_stages",
    "referee.rules.assault.after",
)
"""The engine that runs a step's commands: the handlers of each kind and what they call."""


def test_showing_a_match_imports_no_handler_of_a_step(tmp_path):
    # match show reads the journal's state and the agenda of the step; only running a step
    # (or checking the steps, which runs them again) needs the handlers
    kept = tmp_path / "ten.referee"
    _loaded(["replay", str(default_journal()), "--keep", str(kept)], tmp_path)
    assert _among(_loaded(["match", "show", str(kept)], tmp_path), STEP_HANDLERS) == []
    assert "referee.rules.orders.step" in _loaded(["match", "check", str(kept)], tmp_path)
