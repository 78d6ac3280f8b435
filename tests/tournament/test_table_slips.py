"""Table slips (issue 28, the organiser's toolkit): one a table, two a page, each with the
round, the table, both players with their nations and army checksums, the scenario, a QR code
of the table's result page, and each player's code on a strip of its own (ruling
``tournament.slip-codes``); printed by Qt's PDF writer and read back with poppler."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from army_fixture import write_armies

from referee.cli.main import main
from referee.tournament.desk import Desk
from referee.tournament.room import codes
from referee.tournament.slips import SlipError, table_slips

URL = "http://10.0.0.7:8000/"
NAMES = ("Ada", "Brin", "Cato", "Dora", "Emil", "Fay")


@pytest.fixture
def event_file(tmp_path: Path) -> Path:
    armies = write_armies(tmp_path / "armies")
    path = tmp_path / "ev.db"
    with Desk.create(path, name="Slip Cup", seed=3, who="desk") as desk:
        for name in NAMES:
            desk.add_player(name, "", desk.check_army(armies[name]))
        desk.pair()
    return path


def pdf_text(path: Path) -> str:
    return subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout


def pdf_pages(path: Path) -> int:
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True)
    line = next(x for x in info.stdout.splitlines() if x.startswith("Pages:"))
    return int(line.split()[1])


def test_a_slip_names_the_table_both_players_their_nations_checksums_and_codes(event_file):
    with Desk.open(event_file, "desk") as desk:
        from referee.tournament.room import issue_codes

        issued = issue_codes(desk)
        event = desk.event()
    slips = table_slips(event, 1, URL, issued)
    rnd = event.round(1)
    assert rnd is not None
    assert [(s.round, s.table) for s in slips] == [(1, 1), (1, 2), (1, 3)]
    for slip, pair in zip(slips, rnd.tables, strict=True):
        assert tuple(side.name for side in slip.sides) == pair
        for side in slip.sides:
            player = event.players[side.name]
            assert player.army is not None
            assert side.nation == player.nation != ""
            assert side.checksum == player.army["checksum"] != ""
            assert side.code == issued[side.name]
        assert slip.scenario == "ENTRENCHED!"
        assert slip.url == f"http://10.0.0.7:8000/tables/1/{slip.table}"


def test_slips_print_two_a_page_with_every_player_nation_checksum_and_own_code(
    event_file, tmp_path, capsys
):
    out = tmp_path / "slips.pdf"
    assert main(["tournament", "slips", str(event_file), "--round", "1", "-o", str(out)]) == 0
    assert "3 table slip(s) of round 1" in capsys.readouterr().out
    assert pdf_pages(out) == 2  # three tables: two on the first page, one on the second
    text = pdf_text(out)
    with Desk.open(event_file, "desk") as desk:
        event = desk.event()
    issued = codes(event)
    assert sorted(issued) == sorted(NAMES)  # every player's code was issued for the slips
    rnd = event.round(1)
    assert rnd is not None
    for t, (a, b) in enumerate(rnd.tables, start=1):
        assert f"Round 1 · Table {t}" in text
        assert f"/tables/1/{t}" in text
        for name in (a, b):
            player = event.players[name]
            assert player.army is not None
            assert name in text and player.nation in text
            assert str(player.army["checksum"])[:16] in text
            assert f"{name} · round 1, table {t}" in text  # the player's own strip
            assert f"Code: {issued[name]}" in text
    assert "ENTRENCHED!" in text


def test_the_desk_reading_prints_no_code_on_the_slip(tmp_path):
    path = tmp_path / "ev.db"
    with Desk.create(
        path, name="Cup", seed=1, who="desk", readings={"tournament.slip-codes": "desk"}
    ) as desk:
        for name in NAMES[:4]:
            desk.add_player(name, "ork")
        desk.pair()
    out = tmp_path / "slips.pdf"
    assert main(["tournament", "slips", str(path), "-o", str(out)]) == 0
    with Desk.open(path, "desk") as desk:
        issued = codes(desk.event())
    text = pdf_text(out)
    assert "Code:" not in text
    assert not any(code in text for code in issued.values())
    assert "(no nation)" not in text and "ork" in text


def test_slips_of_a_round_not_paired_are_refused_and_nothing_is_written(tmp_path, capsys):
    path = tmp_path / "ev.db"
    with Desk.create(path, name="Cup", seed=1, who="desk") as desk:
        desk.add_player("Ada", "ork")
        desk.add_player("Brin", "ork")
        before = desk.event().revision
    out = tmp_path / "slips.pdf"
    assert main(["tournament", "slips", str(path), "--round", "1", "-o", str(out)]) != 0
    assert "round 1 is not paired" in capsys.readouterr().err
    assert not out.exists()
    with Desk.open(path, "desk") as desk:
        assert desk.event().revision == before  # no code issued for a refused command
    with pytest.raises(SlipError):
        table_slips(desk.event(), 2, URL, {})


def test_the_qr_code_of_each_slip_leads_to_its_table_result_page(event_file, tmp_path):
    """Decoded from the printed page as a phone would (zxing-cpp, when installed)."""
    zxingcpp = pytest.importorskip("zxingcpp")
    import numpy
    from PySide6.QtGui import QImage

    out = tmp_path / "slips.pdf"
    assert main(["tournament", "slips", str(event_file), "-o", str(out), "--url", URL]) == 0
    subprocess.run(["pdftoppm", "-r", "150", "-png", str(out), str(tmp_path / "p")], check=True)
    found = []
    for png in sorted(tmp_path.glob("p-*.png")):
        image = QImage(str(png)).convertToFormat(QImage.Format.Format_Grayscale8)
        pixels = numpy.array(image.constBits(), dtype=numpy.uint8).reshape(
            image.height(), image.bytesPerLine()
        )[:, : image.width()]
        found += sorted(r.text for r in zxingcpp.read_barcodes(pixels))
    assert found == [f"{URL}tables/1/{t}" for t in (1, 2, 3)]
