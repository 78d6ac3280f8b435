"""`referee rules search|show|import|imports|forget` as a referee and scripts use them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rules_search_data import isolate, make_data

from referee.cli.main import main


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = make_data(tmp_path)
    isolate(monkeypatch, tmp_path, folder)
    return folder


def run_json(capsys, *argv):
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_search_json_keys(data, capsys):
    out = run_json(capsys, "rules", "search", "smoke")
    # issue 25: the answer says how it matched (mode) and what it assumed, beside the hits
    assert {"hits", "mode", "assumed"} <= set(out)
    assert out["mode"] == "all words"
    first = out["hits"][0]
    assert {"id", "title", "edition", "kind", "snippet"} <= set(first)
    assert (first["id"], first["title"], first["kind"]) == ("terrain.smoke", "Smoke", "clause")
    assert first["edition"] == "current"
    assert "[smoke]" in first["snippet"].lower()


def test_search_edition_kind_and_limit_options(data, capsys):
    out = run_json(capsys, "rules", "search", "scouts", "--edition", "first-draft")
    assert [h["id"] for h in out["hits"]] == ["setup.six-steps"]
    out = run_json(capsys, "rules", "search", "smoke", "--kind", "ruling")
    assert [h["kind"] for h in out["hits"]] == ["ruling"]
    out = run_json(capsys, "rules", "search", "line of sight", "--limit", "1")
    assert len(out["hits"]) == 1


def test_search_prints_hits_best_first_with_brackets_when_not_a_tty(data, capsys):
    assert main(["rules", "search", "grenade"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "1. fire.grenades  Grenades  (clause · current · Fire)"
    assert "[grenade]" in out and "\x1b[" not in out


def test_search_prints_a_ruling_with_its_file(data, capsys):
    assert main(["rules", "search", "height levels", "--kind", "ruling"]) == 0
    out = capsys.readouterr().out
    first = out.splitlines()[0]
    assert first == "1. test.smoke-height  Smoke and height levels  (ruling · test.toml)"


def test_search_on_a_terminal_marks_matches_in_bold(data, capsys, monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    assert main(["rules", "search", "grenade"]) == 0
    out = capsys.readouterr().out
    assert "\x1b[1mgrenade\x1b[0m" in out and "[grenade]" not in out


def test_no_color_keeps_brackets_on_a_terminal(data, capsys, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    assert main(["rules", "search", "grenade"]) == 0
    assert "[grenade]" in capsys.readouterr().out


def test_search_names_a_corrupt_index_it_rebuilt(data, capsys, tmp_path):
    index = tmp_path / "cache" / "rules-search.db"
    index.parent.mkdir()
    index.write_bytes(b"scribbles" * 200)
    assert main(["rules", "search", "grenade", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["hits"][0]["id"] == "fire.grenades"
    assert f"referee: {index}: unreadable search index" in captured.err


def test_show_a_clause_despite_a_corrupt_imports_file(data, capsys, tmp_path):
    (tmp_path / "home").mkdir()
    (tmp_path / "home" / "imports.db").write_bytes(b"scribbles" * 200)
    assert main(["rules", "show", "terrain.smoke", "--json"]) == 0
    assert main(["rules", "search", "smoke"]) == 2
    assert "imports.db: not a readable SQLite database" in capsys.readouterr().err


def test_search_with_no_hit_says_so(data, capsys):
    assert main(["rules", "search", "zeppelin"]) == 0
    assert capsys.readouterr().out == "no match for 'zeppelin'\n"


def test_search_with_no_hit_in_the_edition_says_how_many_other_editions_have(data, capsys):
    # "scouts": only setup.six-steps, a clause of the first draft.
    assert main(["rules", "search", "scouts", "--edition", "current"]) == 0
    assert capsys.readouterr().out == (
        "no match for 'scouts' in the current edition "
        "(1 entry of other editions matches: search without --edition)\n"
    )


def test_search_unknown_edition_is_one_line(data, capsys):
    assert main(["rules", "search", "smoke", "--edition", "fourth"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("referee: --edition 'fourth'") and "Traceback" not in err


def test_show_ruling_lists_readings_switch_and_rulesets(data, capsys):
    out = run_json(capsys, "rules", "show", "test.smoke-height")
    assert out["kind"] == "ruling" and out["default"] == "blocks-always"
    assert [(o["id"], o["value"], o["default"]) for o in out["options"]] == [
        ("blocks-always", "block", True),
        ("level-0", "like 0", False),
    ]
    assert out["switch"] == {
        "ruleset_toml": '[rulings] "test.smoke-height" = "<option>"',
        "command_line": "--ruling test.smoke-height=<option>",
    }
    # current names level-0 in its ruleset.toml; first-draft takes the default.
    assert out["rulesets"] == {"current": "level-0", "first-draft": "blocks-always"}
    assert out["clauses"][0] == {"id": "terrain.smoke", "title": "Smoke"}


def test_show_ruling_as_text(data, capsys):
    assert main(["rules", "show", "test.smoke-height"]) == 0
    out = capsys.readouterr().out
    assert "  * blocks-always (default): A smoke marker blocks whatever" in out
    assert "    level-0: A smoke marker blocks as level-0 blocking terrain." in out
    assert '[rulings] "test.smoke-height" = "level-0"' in out
    assert "--ruling test.smoke-height=level-0" in out
    assert "current: level-0 (set in its ruleset.toml)" in out
    assert "first-draft: blocks-always (the default)" in out


def test_show_clause_with_its_editions_and_difference(data, capsys):
    out = run_json(capsys, "rules", "show", "terrain.smoke")
    assert out["kind"] == "clause" and out["editions"] == ["current", "first-draft"]
    assert out["editions_text"]["first-draft"].endswith("one more movement point to enter.")
    assert out["difference"].startswith("The first draft also charges")
    assert out["related"] == [{"id": "los.line-of-sight", "title": "Line of sight"}]
    assert out["rulings"] == [{"id": "test.smoke-height", "title": "Smoke and height levels"}]


def test_show_clause_as_text_puts_editions_side_by_side(data, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    assert main(["rules", "show", "terrain.smoke"]) == 0
    lines = capsys.readouterr().out.splitlines()
    header = next(line for line in lines if line.startswith("current"))
    assert "first-draft" in header  # both editions on one line: side by side
    assert any(line.startswith("Difference") for line in lines)
    assert "Rulings citing it:" in lines


def test_show_clause_worded_alike_prints_the_text_once(data, capsys):
    assert main(["rules", "show", "fire.to-hit"]) == 0
    out = capsys.readouterr().out
    assert "In every edition (current, first-draft):" in out
    assert out.count("Roll a d6 for each shot") == 1


def test_show_unknown_id_suggests_close_ones(data, capsys):
    assert main(["rules", "show", "terrain.smok"]) == 2
    err = capsys.readouterr().err
    assert "no clause, ruling or imported passage 'terrain.smok'" in err
    assert "did you mean terrain.smoke" in err


def test_import_list_search_show_forget(data, capsys, tmp_path):
    book = tmp_path / "club.md"
    book.write_text("# Zeppelins\n\nA zeppelin counts as flying.\n")
    out = run_json(capsys, "rules", "import", str(book), "--name", "Club Rules")
    assert (out["name"], out["source"], out["passages"]) == ("club-rules", "club.md", 1)
    listed = run_json(capsys, "rules", "imports")
    assert [b["name"] for b in listed["imports"]] == ["club-rules"]
    assert listed["file"] == str(tmp_path / "home" / "imports.db")
    hit = run_json(capsys, "rules", "search", "zeppelin")["hits"][0]
    assert (hit["kind"], hit["source"], hit["imported_at"]) == (
        "imported",
        "club.md",
        out["imported_at"],
    )
    assert main(["rules", "search", "zeppelin"]) == 0
    # The date of the import (YYYY-MM-DD, the first 10 characters of the ISO time).
    assert f"(imported from club.md on {out['imported_at'][:10]})" in capsys.readouterr().out
    shown = run_json(capsys, "rules", "show", "club-rules:zeppelins")
    assert shown["text"] == "A zeppelin counts as flying."
    assert run_json(capsys, "rules", "forget", "club-rules")["forgotten"]["name"] == "club-rules"
    assert run_json(capsys, "rules", "imports")["imports"] == []


def test_import_of_a_missing_file_is_one_line(data, capsys, tmp_path):
    assert main(["rules", "import", str(tmp_path / "nope.md")]) == 2
    assert "nope.md: file not found" in capsys.readouterr().err


def test_rules_without_action_prints_help(data, capsys):
    assert main(["rules"]) == 2  # a group without its action is refused, as argparse refuses
    assert "search" in capsys.readouterr().err
