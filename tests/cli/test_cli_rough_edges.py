"""The command line's rough edges, each refused or answered the way the rest of it is: a
group of actions named without one, a file given where the action goes, a round left out, a
die out of its range in a match file, a map whose size is wrong, an export into a folder that
is not there, and the result file the README shows."""

from __future__ import annotations

import argparse
import json
import re
import sqlite3
import tomllib
from pathlib import Path

import pytest

from referee.cli.main import COMMAND_OF, build_parser, main
from referee.match.journal.journal_text import read_journal, replay_journal
from referee.tournament.desk import Desk
from referee.tournament.result_file import load_result

ROOT = Path(__file__).resolve().parents[2]


def _actions_of(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def groups() -> list[str]:
    """The commands that are groups of actions (``referee odds``, ``referee tournament``)."""
    out = []
    for command in sorted(COMMAND_OF):
        parser = _actions_of(build_parser(command))[command]
        if _actions_of(parser):
            out.append(command)
    return out


def test_the_groups_of_actions_are_found():
    assert {"map", "odds", "match", "tournament", "rules", "units"} <= set(groups())


@pytest.mark.parametrize("command", groups())
def test_a_group_named_without_an_action_prints_its_usage_and_exits_2(command, capsys):
    assert main([command]) == 2
    out, err = capsys.readouterr()
    assert not out
    assert f"usage: referee {command}" in err
    assert err.rstrip().splitlines()[-1].startswith(f"referee {command}: error: name one of")


def test_a_map_file_given_to_map_is_refused_naming_map_check(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["map", "mine.toml"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice" not in err
    assert "'referee map check mine.toml'" in err


def _event_with_two_rounds(path: Path) -> None:
    result = ROOT / "tests" / "cli" / "rough_result.toml"
    with Desk.create(path, name="Cup", rounds=2, seed=4, who="desk") as desk:
        for n in ("Ada", "Brin"):
            desk.add_player(n)
        desk.pair()
        a, b = desk.event().round(1).tables[0]
        text = result.read_text(encoding="utf-8").replace("Ada", "@A").replace("Brin", "@B")
        own = path.parent / "r.toml"
        own.write_text(text.replace("@A", a).replace("@B", b), encoding="utf-8")
        desk.record_result(1, 1, load_result(own))
        desk.pair()


def test_scores_without_a_round_shows_the_last_paired_as_pairings_does(tmp_path, capsys):
    ev = tmp_path / "ev.tournament"
    _event_with_two_rounds(ev)
    capsys.readouterr()
    assert main(["tournament", "pairings", str(ev), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["round"] == 2
    assert main(["tournament", "scores", str(ev), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["round"] == 2
    assert main(["tournament", "scores", str(ev), "--round", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["tables"][0]["result"] is not None


def test_a_typed_die_out_of_its_range_is_named_from_1_with_its_step_and_sides(tmp_path, capsys):
    # tank-and-grunts: step 1, the tank fires with the dice 5 and 6 typed; the 5 made 99
    path = tmp_path / "m.referee"
    journal = ROOT / "tests" / "match" / "journals" / "tank-and-grunts.journal"
    replay_journal(read_journal(journal), path).close()
    conn = sqlite3.connect(path)
    with conn:
        (data,) = conn.execute("SELECT data FROM events WHERE step = 1 AND position = 0").fetchone()
        row = json.loads(data)
        assert row["dice"][0]["typed"] and row["dice"][0]["sides"] == 6
        row["dice"][0]["value"] = 99
        conn.execute(
            "UPDATE events SET data = ? WHERE step = 1 AND position = 0", (json.dumps(row),)
        )
    conn.close()
    assert main(["match", "check", str(path)]) == 2
    err = capsys.readouterr().err
    assert re.search(r"step 1 \(Gunnery 1[^)]*\), event 0: die 1 \(a d6, '[^']+'\)", err), err
    assert "typed as 99: a six-sided die shows 1 to 6" in err
    assert "{" not in err and "die 0" not in err


def test_a_map_with_no_columns_is_refused_for_its_size_alone(tmp_path, capsys):
    text = (ROOT / "data" / "maps" / "standard.toml").read_text(encoding="utf-8")
    assert re.search(r"(?m)^columns = 7$", text) and "[zones" in text
    bad = tmp_path / "zero.toml"
    bad.write_text(re.sub(r"(?m)^columns = 7$", "columns = 0", text), encoding="utf-8")
    assert main(["map", "check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "1 problem(s)" in out and "columns: expected a whole number from 1 to" in out
    assert "<= 0" not in out and "zones." not in out


def test_an_export_into_a_folder_that_is_not_there_is_refused_naming_it(tmp_path, capsys):
    ev = tmp_path / "ev.tournament"
    Desk.create(ev, name="Cup", rounds=2, seed=4, who="desk").close()
    for fmt, out in (("pdf", "x.pdf"), ("html", "x.html"), ("site", "site")):
        target = tmp_path / "not-there" / "below" / out
        assert main(["tournament", "export", str(ev), "--format", fmt, "-o", str(target)]) == 2
        err = capsys.readouterr().err
        assert f"no folder {str(target.parent)!r}" in err and "nothing was written" in err
    assert not (tmp_path / "not-there").exists()


def test_the_readmes_result_file_is_a_result_file(tmp_path):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```toml\n(.*?)```", readme, re.S)
    shown = [b for b in blocks if "[[players]]" in b]
    assert len(shown) == 1
    path = tmp_path / "RESULT.toml"
    path.write_text(shown[0], encoding="utf-8")
    result = load_result(path)
    assert [p.name for p in result.players] == ["Ada", "Brin"]
    assert tomllib.loads(shown[0])["players"][1]["destroyed"]["ip"] == 24
    assert result.players[0].surviving.ip == 12
