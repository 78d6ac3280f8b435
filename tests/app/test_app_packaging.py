"""What the shipped app needs to be trusted by a referee who is no developer (issue 16):
Help > About names the versions and the folders; nothing is replaced without asking; the
settings live in the user's settings folder; ``referee smoke`` checks an installation."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from app_window import demo_window
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from referee.app.start.qt_application import use_settings_file
from referee.app.widgets.save_dialog import save_dialog
from referee.app.window.about_dialog import AboutDialog
from referee.cli.main import main
from referee.paths import settings_file
from referee.versions import current_versions


def test_help_about_shows_the_versions_and_where_files_go(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    window = demo_window(qtbot, tmp_path)
    window.about_action.trigger()
    dialog = window.findChild(AboutDialog)
    assert dialog is not None and dialog.isVisible()
    text = dialog.text.text()
    versions = current_versions()
    assert f"referee {versions.app}" in text
    assert f"rules catalogue (clauses and rulings): version {versions.catalogue}" in text
    assert f"ruleset <b>current</b>: version {versions.rulesets['current']}" in text
    assert str(tmp_path / "home" / "matches") in text
    assert str(tmp_path / "home" / "imports.db") in text
    dialog.reject()


def _answer_replace(qtbot, button: QMessageBox.StandardButton, asked: list[str]) -> None:
    """Answer the next "replace it?" question with ``button``, noting its text."""

    def answer() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, answer)
            return
        asked.append(box.text())
        box.button(button).click()

    QTimer.singleShot(0, answer)


def test_the_save_dialog_asks_before_replacing_the_file_it_will_really_write(qtbot, tmp_path):
    existing = tmp_path / "vanguard.toml"
    existing.write_text("kept\n", encoding="utf-8")
    dialog = save_dialog(
        None, "Save the army list", tmp_path / "army.toml", "Army lists (*.toml)", ".toml"
    )
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    qtbot.addWidget(dialog)
    dialog.open()
    dialog.selectFile("vanguard")  # typed without its suffix

    asked: list[str] = []
    _answer_replace(qtbot, QMessageBox.StandardButton.No, asked)
    dialog.accept()
    assert asked and "vanguard.toml already exists" in asked[0]
    assert dialog.result() != QFileDialog.DialogCode.Accepted  # still asking where

    _answer_replace(qtbot, QMessageBox.StandardButton.Yes, asked)
    dialog.accept()
    assert dialog.result() == QFileDialog.DialogCode.Accepted
    assert [Path(f) for f in dialog.selectedFiles()] == [existing]
    assert existing.read_text(encoding="utf-8") == "kept\n"  # the dialog itself writes nothing


def test_the_save_dialog_does_not_ask_for_a_new_file(qtbot, tmp_path):
    dialog = save_dialog(None, "Army sheet as PDF", tmp_path / "sheet.pdf", "PDF (*.pdf)", ".pdf")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    qtbot.addWidget(dialog)
    dialog.open()
    dialog.selectFile("new-sheet")
    dialog.accept()
    assert dialog.result() == QFileDialog.DialogCode.Accepted
    assert [Path(f) for f in dialog.selectedFiles()] == [tmp_path / "new-sheet.pdf"]


def test_the_apps_settings_are_an_ini_file_in_the_settings_folder(qapp, tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    org, name = qapp.organizationName(), qapp.applicationName()
    qapp.setOrganizationName("referee")
    qapp.setApplicationName("referee")
    try:
        use_settings_file()
        settings = QSettings()
        settings.setValue("window/last-match", "m.referee")
        settings.sync()
        assert Path(settings.fileName()) == settings_file()
        assert settings_file() == tmp_path / "home" / "settings" / "referee" / "referee.ini"
        assert "last-match=m.referee" in settings_file().read_text(encoding="utf-8")
    finally:
        qapp.setOrganizationName(org)
        qapp.setApplicationName(name)
        monkeypatch.delenv("REFEREE_HOME")
        use_settings_file()


def test_the_match_report_command_never_replaces_a_file_unless_told(tmp_path, capsys):
    from referee.match.setup.demo import create_demo_match

    match = tmp_path / "m.referee"
    create_demo_match(match).close()
    out = tmp_path / "m.html"
    out.write_text("an earlier report", encoding="utf-8")
    assert main(["match", "report", str(match), "-o", str(out)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert out.read_text(encoding="utf-8") == "an earlier report"
    assert main(["match", "report", str(match), "-o", str(out), "--force"]) == 0
    assert "<html" in out.read_text(encoding="utf-8").lower()


# --- referee smoke -------------------------------------------------------------------------


def _smoke(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "referee", "smoke", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_referee_smoke_passes_offscreen_and_draws_the_demo_match(tmp_path):
    env = {**os.environ, "HOME": str(tmp_path / "home")}
    env.pop("QT_QPA_PLATFORM", None)  # the command chooses offscreen itself
    picture = tmp_path / "smoke.png"
    done = _smoke(env, "--screenshot", str(picture))
    assert done.returncode == 0, done.stderr
    assert "63 hexes and 6 unit tokens" in done.stdout  # the standard map, the demo's units
    assert "rules search:" in done.stdout and "all checks passed" in done.stdout
    assert picture.stat().st_size > 10_000
    assert not (tmp_path / "home").exists()  # the smoke test writes only to a temporary folder


def test_referee_smoke_fails_with_the_reason(tmp_path):
    broken = tmp_path / "data"
    broken.mkdir()
    env = {**os.environ, "REFEREE_DATA": str(broken)}
    done = _smoke(env)
    assert done.returncode == 1
    assert done.stderr.startswith("referee smoke: FAILED: ")
    assert str(broken) in done.stderr


def test_a_tournament_export_asks_before_replacing_a_folders_files(qtbot, tmp_path, monkeypatch):
    from referee.app.tournament.window import TournamentWindow
    from referee.tournament.desk import Desk

    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    window = TournamentWindow(Desk.create(tmp_path / "ev.db", name="Cup", seed=3, who="w"))
    window.ask = lambda title, text: True  # Pair, Start, End ask first
    qtbot.addWidget(window)
    out = tmp_path / "export"
    out.mkdir()
    (out / "index.html").write_text("last week's", encoding="utf-8")

    window.files.export("csv", out)  # one file's export never goes over a folder
    assert "is a folder" in window.last_message
    assert sorted(p.name for p in out.iterdir()) == ["index.html"]

    asked: list[str] = []
    _answer_replace(qtbot, QMessageBox.StandardButton.Cancel, asked)
    window.files.export("site", out)
    assert asked and "replace 1 file(s)" in asked[0] and "index.html" in asked[0]
    assert sorted(p.name for p in out.iterdir()) == ["index.html"]
    assert (out / "index.html").read_text(encoding="utf-8") == "last week's"
    assert "Nothing exported" in window.last_message

    _answer_replace(qtbot, QMessageBox.StandardButton.Yes, asked)
    window.files.export("site", out)
    assert {"index.html", "players.html", "standings.html"} <= {p.name for p in out.iterdir()}
    assert (out / "index.html").read_text(encoding="utf-8") != "last week's"
    assert "Exported" in window.last_message
