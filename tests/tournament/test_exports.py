"""Exports: standings, pairings and results as CSV; a printable page; a static site whose
links all lead to a page that exists (it has to work offline, from a shared folder)."""

from __future__ import annotations

import csv
import random
import re

from desk_helpers import random_result

from referee.cli.main import main
from referee.tournament.desk import Desk


def played_event(target):
    rng = random.Random(11)
    desk = Desk.create(target, name="Export <Cup>", seed=2)
    for n in ("Ada", "Brin", "Cato", "Dora", "Éva"):
        desk.add_player(n, "elf")
    for _ in range(2):
        p = desk.pair()
        for t, (a, b) in enumerate(p.tables, 1):
            desk.record_result(p.round, t, random_result(rng, a, b))
    return desk


def read_csv(path):
    with open(path, encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def test_csv_files_hold_the_standings_pairings_and_results(tmp_path, event_target):
    with played_event(event_target) as desk:
        st = desk.standings()
    assert (
        main(
            [
                "tournament",
                "export",
                str(event_target),
                "--format",
                "csv",
                "-o",
                str(tmp_path / "csv"),
            ]
        )
        == 0
    )
    rows = read_csv(tmp_path / "csv" / "standings.csv")
    assert [r["name"] for r in rows] == [s.name for s in st.standings]
    pairings = read_csv(tmp_path / "csv" / "pairings.csv")
    assert len([r for r in pairings if r["table"] == "bye"]) == 2  # five players, two rounds
    results = read_csv(tmp_path / "csv" / "results.csv")
    # two tables a round, two players a table, and each round's bye (issue 28)
    assert len(results) == 2 * 2 * 2 + 2


def test_the_site_has_every_page_and_no_broken_link(tmp_path, event_target):
    played_event(event_target).close()
    out = tmp_path / "site"
    assert (
        main(["tournament", "export", str(event_target), "--format", "site", "-o", str(out)]) == 0
    )
    pages = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.html"))
    assert {"index.html", "players.html", "standings.html"} <= set(pages)
    assert len([p for p in pages if p.startswith("players/")]) == 5
    for page in out.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert "<script" not in text
        if page.parent == out:
            assert "Export &lt;Cup&gt;" in text
        for link in re.findall(r'href="([^"]+)"', text):
            assert (page.parent / link).resolve().is_file(), (page, link)


def test_the_printable_page_shows_the_round_and_the_standings(tmp_path, event_target):
    played_event(event_target).close()
    assert (
        main(
            [
                "tournament",
                "export",
                str(event_target),
                "--format",
                "html",
                "-o",
                str(tmp_path / "wall.html"),
            ]
        )
        == 0
    )
    text = (tmp_path / "wall.html").read_text(encoding="utf-8")
    assert "Round 2 of 5: tables" in text and "Standings after round 2" in text
    assert "Éva" in text


def test_the_pdf_is_a_pdf(tmp_path, event_target):
    played_event(event_target).close()
    assert (
        main(
            [
                "tournament",
                "export",
                str(event_target),
                "--format",
                "pdf",
                "-o",
                str(tmp_path / "wall.pdf"),
            ]
        )
        == 0
    )
    assert (tmp_path / "wall.pdf").read_bytes().startswith(b"%PDF")


def test_watched_pages_are_written_again_when_a_result_lands(tmp_path, event_target):
    import queue
    import signal
    import subprocess
    import sys
    import threading

    from referee.tournament.scoring import score_match

    desk = Desk.create(event_target, name="Live Cup", seed=2)
    for n in ("Ada", "Brin"):
        desk.add_player(n)
    a, b = desk.pair().tables[0]
    result = random_result(random.Random(1), a, b)
    cells = [f'<td class="num">{s.mvp}</td>' for s in score_match(result)]
    out = tmp_path / "site"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "referee",
            "tournament",
            "export",
            str(event_target),
            "--format",
            "site",
            "-o",
            str(out),
            "--watch",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(x) for x in proc.stdout], daemon=True).start()
    try:
        assert lines.get(timeout=60).startswith(f"revision {desk.event().revision}:")
        page = (out / "standings.html").read_text(encoding="utf-8")
        assert not any(c in page for c in cells)
        desk.record_result(1, 1, result)
        assert lines.get(timeout=60).startswith(f"revision {desk.event().revision}:")
        page = (out / "standings.html").read_text(encoding="utf-8")
        assert all(c in page for c in cells)
    finally:
        proc.send_signal(signal.SIGINT)  # Ctrl+C: the watch ends quietly
        _, err = proc.communicate(timeout=60)
        desk.close()
    assert proc.returncode == 0, err


def test_csv_to_a_file_holds_the_four_tables_with_a_table_column_and_bye_rows(tmp_path, capsys):
    ev = tmp_path / "ev.db"
    with played_event(ev) as desk:
        event = desk.event()
    out = tmp_path / "all.csv"
    assert main(["tournament", "export", str(ev), "--format", "csv", "-o", str(out)]) == 0
    assert capsys.readouterr().out.strip() == str(out) and out.is_file()
    with open(out, newline="", encoding="utf-8") as fh:
        header = next(csv.reader(fh))
    assert header[0] == "table" and len(header) == len(set(header))  # each column once
    rows = read_csv(out)
    assert {r["table"] for r in rows} == {"standings", "pairings", "results", "players"}
    byes = [r for r in rows if r["game_table"] == "bye"]
    assert [(r["table"], r["round"]) for r in byes] == [
        ("pairings", "1"),
        ("pairings", "2"),
        ("results", "1"),
        ("results", "2"),
    ]
    assert [r["player"] for r in byes if r["table"] == "results"] == [
        event.round(1).bye,
        event.round(2).bye,
    ]
    assert {r["mvp"] for r in byes if r["table"] == "results"} == {"16"}  # tournament.bye
    assert len([r for r in rows if r["table"] == "results"]) == 2 * 2 * 2 + 2
    one = tmp_path / "standings.csv"
    argv = ["tournament", "export", str(ev), "--format", "csv", "-o", str(one)]
    assert main([*argv, "--table", "standings"]) == 0
    standings_rows = read_csv(one)
    assert list(standings_rows[0])[:2] == ["rank", "name"] and len(standings_rows) == 5
    assert main([*argv, "--table", "results"]) == 2  # the file exists: --force replaces
    assert "already exist" in capsys.readouterr().err
    assert (
        main(
            [
                "tournament",
                "export",
                str(ev),
                "--format",
                "html",
                "-o",
                str(tmp_path / "x.html"),
                "--table",
                "results",
            ]
        )
        == 2
    )
