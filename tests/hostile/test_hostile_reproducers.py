"""The reproducers of issue 11, one by one: each gives one clean line naming the file, line,
field or unit (exit 2), or works where that is right, and a command that fails leaves the
match file byte for byte as it was."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from referee.cli.main import main
from referee.match.games.orders_file import MatchFile, MatchFileError
from referee.paths import data_dir

JOURNALS = Path(__file__).parent.parent / "match" / "journals"


@pytest.fixture
def match(tmp_path: Path) -> Path:
    path = tmp_path / "x.referee"
    MatchFile.create(
        path,
        map_name="entrenched",
        seed=3,
        units=[
            {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C2", "facing": 3},
            {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "E6"},
        ],
    ).close()
    return path


def refused(capsys: pytest.CaptureFixture[str], argv: list[str], *words: str) -> str:
    """Run ``referee ARGV``: exit status 2 and one line on stderr holding ``words``."""
    capsys.readouterr()
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("referee: "), err
    for word in words:
        assert word in lines[0], (word, lines[0])
    return lines[0]


def sql(path: Path, *statements: str, params: tuple[object, ...] = ()) -> None:
    conn = sqlite3.connect(path)
    with conn:
        for s in statements:
            conn.execute(s, params if "?" in s else ())
    conn.close()


# --- unknown unit ids and words for numbers ------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        "correct uid=nope shaken=1",
        "fire shooter=nope target=grunts",
        "fire shooter=tank target=nope",
        "orders uid=nope turn=2 gunnery='Fire + -'",
        "aim uid=nope",
        "load uid=nope",
        "spot uid=tank target=nope",
        "correct-remove uid=nope",
    ],
)
def test_an_unknown_unit_id_in_any_command_is_named(match, capsys, command):
    before = match.read_bytes()
    refused(capsys, ["match", "step", str(match), "s", "-c", command], "'nope'")
    assert match.read_bytes() == before


@pytest.mark.parametrize(
    "command, field",
    [
        ("fire shooter=tank target=grunts gunnery=two", "gunnery"),
        ("orders uid=tank turn=two gunnery='Fire + -'", "turn"),
        ("agony step=three", "step"),
        ("movement step=x", "step"),
        ("aim uid=tank gunnery=[1]", "gunnery"),
        ("assault contest=first", "contest"),
        ("correct uid=tank facing=north", "facing"),
        ("correct uid=tank alive=many", "alive"),
        ("correct uid=tank poison=[7]", "poison"),
        ("correct uid=tank speed=warp", "speed"),
    ],
)
def test_a_word_where_a_number_belongs_is_refused_naming_the_field(match, capsys, command, field):
    before = match.read_bytes()
    refused(capsys, ["match", "step", str(match), "s", "-c", command], field)
    assert match.read_bytes() == before


def test_an_unknown_unit_in_a_text_journal_names_its_step_and_line(tmp_path, capsys):
    journal = tmp_path / "j.journal"
    journal.write_text(
        "map: entrenched\nseed: 1\nunit: tank standard-tank side=1 hex=C2\n"
        "step: wrong\ncorrect uid=nope shaken=1\n",
        encoding="utf-8",
    )
    refused(
        capsys,
        ["replay", str(journal), "--keep", str(tmp_path / "kept.referee")],
        "j.journal",
        "line 4",
        "'nope'",
    )
    assert not (tmp_path / "kept.referee").exists()  # a replay that fails leaves no file


# --- wrongly typed data files --------------------------------------------------------------


def test_a_map_with_rows_as_text_names_the_key(tmp_path, capsys):
    text = (data_dir() / "maps" / "standard.toml").read_text(encoding="utf-8")
    path = tmp_path / "rows.toml"
    path.write_text(text.replace("rows = 9", 'rows = "9"'), encoding="utf-8")
    capsys.readouterr()
    assert main(["map", "check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "rows: expected a whole number from 1 to 200" in out and "'9'" in out


@pytest.mark.parametrize(
    "old, new, field",
    [
        ("models = 4", "models = [1]", "unit ork-grunts.models"),
        ('damage = "d6-1"', "damage = { a = 1 }", "unit ork-grunts.weapon[0].damage"),
    ],
)
def test_a_unit_file_with_a_field_of_the_wrong_type_names_unit_and_field(
    tmp_path, capsys, old, new, field
):
    text = (data_dir() / "units" / "sample" / "ork.toml").read_text(encoding="utf-8")
    path = tmp_path / "orks.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    capsys.readouterr()
    assert main(["units", "check", str(path)]) == 1
    assert field in capsys.readouterr().out


# --- tampered match files ------------------------------------------------------------------


@pytest.mark.parametrize(
    "tampering, words",
    [
        (["DELETE FROM meta WHERE key = 'format_version'"], ["format version", "damaged"]),
        (
            ["UPDATE meta SET value = 'true' WHERE key = 'format_version'"],
            ["format version is True"],
        ),
        (["UPDATE meta SET value = '7' WHERE key = 'ruleset'"], ["ruleset is not text"]),
        (["ALTER TABLE steps DROP COLUMN created"], ["column created"]),
        (["ALTER TABLE events DROP COLUMN kind"], ["column kind"]),
        (
            ["UPDATE units SET data = json_set(data, '$.hex', 'Z99') WHERE uid = 'tank'"],
            ["unit 'tank'", "Z99 is not on the map"],
        ),
        (
            ["UPDATE units SET data = json_set(data, '$.facing', 'north') WHERE uid = 'tank'"],
            ["unit 'tank'", "facing"],
        ),
        (
            [
                "UPDATE meta SET value = json_quote('name = \"huge\"' || char(10) || "
                "'shape = \"rectangle\"' || char(10) || 'columns = 5000' || char(10) || "
                "'rows = 5000') WHERE key = 'map_text'"
            ],
            ["1 to 200 (the limit), got 5000"],
        ),
    ],
)
@pytest.mark.parametrize("command", ["show", "check", "report", "undo", "step"])
def test_a_tampered_match_file_is_refused_as_damaged_and_named(
    match, capsys, tampering, words, command
):
    with MatchFile.open(match) as m:
        m.run("Correction", [{"kind": "correct", "uid": "grunts", "set": {"shaken": 1}}])
    sql(match, *tampering)
    before = match.read_bytes()
    argv = ["match", command, str(match)]
    if command == "step":
        argv += ["s", "-c", "correct uid=grunts shaken=2"]
    if command == "report":
        argv += ["-o", str(match.with_suffix(".html"))]
    refused(capsys, argv, str(match), *words)
    assert match.read_bytes() == before
    assert not match.with_suffix(".html").exists()


def test_a_step_with_no_name_is_damage_not_a_crash_of_the_report(match, capsys):
    with MatchFile.open(match) as m:
        m.run("Correction", [{"kind": "correct", "uid": "grunts", "set": {"shaken": 1}}])
    sql(match, "UPDATE steps SET name = NULL")
    refused(capsys, ["match", "report", str(match)], str(match), "step 1 has no name")


def test_a_moved_event_unit_off_the_map_is_damage(match, capsys):
    with MatchFile.open(match) as m:
        m.run("Correction", [{"kind": "correct", "uid": "grunts", "set": {"shaken": 1}}])
    conn = sqlite3.connect(match)
    (data,) = conn.execute("SELECT data FROM events").fetchone()
    row = json.loads(data)
    row["changes"]["units"]["grunts"]["hex"] = "Q40"
    with conn:
        conn.execute("UPDATE events SET data = ?", [json.dumps(row)])
    conn.close()
    refused(capsys, ["match", "show", str(match)], str(match), "step 1", "grunts")


def test_a_damaged_index_page_is_refused_naming_the_file(match, capsys):
    with MatchFile.open(match) as m:
        for i in range(30):
            m.run(f"s{i}", [{"kind": "correct", "uid": "grunts", "set": {"shaken": i % 3}}])
    conn = sqlite3.connect(match)
    (root,) = conn.execute(
        "SELECT rootpage FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events'"
    ).fetchone()
    (size,) = conn.execute("PRAGMA page_size").fetchone()
    conn.close()
    raw = bytearray(match.read_bytes())
    raw[(root - 1) * size + 8 : (root - 1) * size + 64] = b"\xff" * 56
    match.write_bytes(bytes(raw))
    before = match.read_bytes()
    for command in ("show", "undo", "check"):
        refused(capsys, ["match", command, str(match)], str(match))
    assert match.read_bytes() == before


def test_a_file_kept_locked_by_another_program_is_busy_not_a_traceback(match, capsys, monkeypatch):
    monkeypatch.setattr("referee.match.journal.journal_file.BUSY_SECONDS", 0.2)
    holder = sqlite3.connect(match, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        refused(
            capsys,
            ["match", "step", str(match), "s", "-c", "correct uid=tank fire=1"],
            str(match),
            "busy",
        )
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_an_sqlite_error_inside_a_command_names_the_file(match, capsys):
    sql(match, "ALTER TABLE events RENAME COLUMN data TO d")
    refused(capsys, ["match", "show", str(match)], str(match), "column data")
    sql(
        match,
        "ALTER TABLE events RENAME COLUMN d TO data",
        "CREATE TRIGGER nope BEFORE INSERT ON steps BEGIN SELECT RAISE(ABORT, 'no'); END",
    )
    before = match.read_bytes()
    refused(capsys, ["match", "step", str(match), "s", "-c", "correct uid=tank fire=1"], str(match))
    assert match.read_bytes() == before


# --- size -----------------------------------------------------------------------------------


def test_a_huge_map_is_refused_before_any_hex_is_built(tmp_path, capsys):
    path = tmp_path / "huge.toml"
    path.write_text(
        'name = "huge"\nshape = "rectangle"\ncolumns = 10000\nrows = 10000\n', encoding="utf-8"
    )
    capsys.readouterr()
    assert main(["map", "check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "columns: expected a whole number from 1 to 200 (the limit), got 10000" in out


def test_a_200_by_200_map_is_taken(tmp_path, capsys):
    path = tmp_path / "big.toml"
    path.write_text(
        'name = "big"\nshape = "rectangle"\ncolumns = 200\nrows = 200\n', encoding="utf-8"
    )
    assert main(["map", "check", str(path)]) == 0
    assert "40000 hexes" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv, field",
    [
        (["odds", "open-ended", "--sides", "99999999999999999999999999"], "--sides"),
        (["odds", "hit", "--need", "99999999999"], "--need"),
        (["odds", "armor", "--armor", "99999999", "--ap", "0"], "--armor"),
        (["odds", "armor", "--armor", "2", "--ap", "99999999"], "--ap"),
        (["odds", "damage", "--dice", "99999d6", "--armor", "2", "--ap", "0"], "99999d6"),
        (["odds", "open-ended", "--tail", "1/" + "9" * 5000], "--tail"),
        (["rules", "search", " ".join(["line of sight"] * 1700)], "query length"),
    ],
)
def test_sizes_over_the_limits_are_refused_naming_the_field(capsys, argv, field):
    refused(capsys, argv, field)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_importing_a_device_is_refused_before_reading_it(capsys, device, tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))
    refused(capsys, ["rules", "import", device], device, "not a regular file")


def test_importing_a_file_over_the_limit_is_refused(capsys, tmp_path, monkeypatch):
    from referee.limits import IMPORT_MAX_BYTES

    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    big = tmp_path / "big.md"
    big.write_bytes(b"# big\n" + b"x" * IMPORT_MAX_BYTES)
    refused(capsys, ["rules", "import", str(big)], "big.md", str(IMPORT_MAX_BYTES))


# --- undo, overwriting ----------------------------------------------------------------------


def test_a_failing_undo_commits_nothing(match, capsys):
    with MatchFile.open(match) as m:
        m.run("One", [{"kind": "correct", "uid": "grunts", "set": {"shaken": 1}}])
        m.run("Two", [{"kind": "correct", "uid": "grunts", "set": {"shaken": 2}}])
    conn = sqlite3.connect(match)
    with conn:  # step 1's event no longer reads: the match before step 2 cannot be worked out
        conn.execute("UPDATE events SET data = '{\"kind\": 1}' WHERE step = 1")
    conn.close()
    before = match.read_bytes()
    refused(capsys, ["match", "undo", str(match)], str(match), "step 1")
    assert match.read_bytes() == before


def test_a_report_never_replaces_the_match_file(match, capsys):
    before = match.read_bytes()
    refused(capsys, ["match", "report", str(match), "-o", str(match)], "the match file itself")
    refused(
        capsys,
        ["match", "report", str(match), "-o", str(match), "--force"],
        "the match file itself",
    )
    other = match.with_name("other.referee")
    MatchFile.create(
        other,
        map_name="entrenched",
        seed=1,
        units=[{"uid": "t", "unit": "standard-tank", "side": 1, "hex": "C2"}],
    ).close()
    refused(
        capsys, ["match", "report", str(match), "-o", str(other), "--force"], "holds a match file"
    )
    assert match.read_bytes() == before


def test_a_report_replaces_an_existing_file_only_with_force(match, capsys):
    out = match.with_name("r.html")
    out.write_text("mine", encoding="utf-8")
    refused(capsys, ["match", "report", str(match), "-o", str(out)], "--force")
    assert out.read_text(encoding="utf-8") == "mine"
    assert main(["match", "report", str(match), "-o", str(out), "--force"]) == 0
    assert out.read_text(encoding="utf-8").startswith("<!doctype html>")


def test_the_report_escapes_every_text_from_the_file(match):
    from referee.match.reports.match_report import match_report

    with MatchFile.open(match) as m:
        m.run(
            "<script>alert(1)</script>",
            [{"kind": "correct", "uid": "grunts", "set": {"shaken": 1}}],
        )
        html = match_report(m)
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_a_match_file_error_names_the_file_in_its_field(match):
    sql(match, "DELETE FROM meta WHERE key = 'format_version'")
    with pytest.raises(MatchFileError) as info:
        MatchFile.open(match)
    assert info.value.file == match
