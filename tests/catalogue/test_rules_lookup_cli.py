"""`referee rules search` as a player in a dispute uses it (issue 25): the edition assumed
(``--context``, the match's with ``--match``, else the current edition) and why each hit
ranks where it does; `referee bench lookup --json` with the keys scripts read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rules_search_data import isolate

from referee.cli.main import main
from referee.match.setup.demo import create_demo_match


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    isolate(monkeypatch, tmp_path)  # the shipped data, a cache and home of the test's own


def run_json(capsys, *argv):
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_without_a_match_the_current_edition_is_assumed_and_said(capsys):
    out = run_json(capsys, "rules", "search", "misfire")
    assert out["assumed"]["edition"] == "current"
    assert "no match given" in out["assumed"]["why"]


def test_the_context_option_is_the_edition_the_player_plays(capsys):
    out = run_json(capsys, "rules", "search", "who goes first", "--context", "activation")
    assert out["assumed"] == {"edition": "activation", "why": "the edition given (--context)"}
    assert out["hits"][0]["id"] == "activation.player-order"


def test_with_a_match_its_edition_is_assumed(capsys, tmp_path):
    match = tmp_path / "demo.referee"
    with create_demo_match(match) as m:
        edition = m.meta["ruleset"]
    out = run_json(capsys, "rules", "search", "bleeding", "--match", str(match))
    assert out["assumed"]["edition"] == edition and str(match) in out["assumed"]["why"]


def test_a_missing_match_file_is_one_line(capsys, tmp_path):
    assert main(["rules", "search", "smoke", "--match", str(tmp_path / "none.referee")]) == 2
    err = capsys.readouterr().err
    assert "none.referee" in err and "Traceback" not in err


def test_a_typo_is_said_to_be_read_as_the_known_word(capsys):
    out = run_json(capsys, "rules", "search", "misfre")
    assert out["mode"] == "fuzzy"
    assert out["corrected"] == [{"typed": "misfre", "read_as": "misfire"}]
    assert out["hits"][0]["id"] in ("weapons.misfire", "fire.misfire")


def test_each_hit_printed_says_why_it_ranks_there(capsys):
    assert main(["rules", "search", "overwatch"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("1. fire.no-reaction  No reaction fire")
    words = " ".join(out.split())  # the same words, however the lines were wrapped
    assert "why: matched overwatch" in words and "in the current edition" in words
    assert "assumed current: no match given" in words


def test_bench_lookup_json_keys(capsys, tmp_path):
    questions = tmp_path / "few.toml"
    questions.write_text(
        '[[question]]\ntext = "overwatch"\nedition = "current"\nstyle = "slang"\n'
        'answers = ["fire.no-reaction"]\n'
        '[[question]]\ntext = "who goes first"\nedition = "activation"\nstyle = "natural"\n'
        'answers = ["activation.player-order"]\n',
        encoding="utf-8",
    )
    out = run_json(capsys, "bench", "lookup", str(questions))
    assert {"top1", "top3", "mrr", "questions", "ms_per_query"} <= set(out)
    assert out["questions"] == 2 and out["top1"] == 1.0
    assert {"top1", "top3", "mrr"} <= set(out["baseline"])
    assert set(out["sets"]) == {"few"}
