"""``referee rules check``: every table of every shipped ruleset (and of each version kept for
old matches) read at once, every problem of every file named; a command reads only the
tables it uses."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from referee.cli.main import main
from referee.paths import data_dir
from referee.ruleset.rulings import register


def test_every_shipped_ruleset_and_kept_version_reads_without_a_problem(capsys):
    assert main(["rules", "check", "--json"]) == 0
    checked = json.loads(capsys.readouterr().out)
    assert checked["ok"] is True
    found = {(e["ruleset"], e["version"]): len(e["tables"]) for e in checked["rulesets"]}
    # systems.toml: the written-orders game has 10 tables, the activation rules 5
    assert found[("current", 2)] == found[("first-draft", 2)] == 10
    assert found[("current", 1)] == found[("first-draft", 1)] == 10  # kept for old matches
    assert found[("activation", 1)] == 5


def test_problems_in_two_files_are_both_named_and_the_status_is_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
):
    register()
    copy = tmp_path / "data"
    shutil.copytree(data_dir(), copy)
    for name in ("damage.toml", "nations.toml"):
        path = copy / "rulesets" / "first-draft" / name
        path.write_text(path.read_text(encoding="utf-8") + "\nbogus_key = 1\n", encoding="utf-8")
    monkeypatch.setenv("REFEREE_DATA", str(copy))
    assert main(["rules", "check", "first-draft", "activation"]) == 1
    lines = capsys.readouterr().out.splitlines()
    (broken,) = [x for x in lines if x.startswith("first-draft:")]
    assert "damage.toml" in broken and "nations.toml" in broken and "bogus_key" in broken
    assert "activation version 1: 5 tables read, no problem" in lines
    assert "first-draft version 1: 10 tables read, no problem" in lines


def test_an_unknown_ruleset_is_named(capsys):
    assert main(["rules", "check", "chess"]) == 1
    assert "unknown ruleset 'chess'" in capsys.readouterr().out
