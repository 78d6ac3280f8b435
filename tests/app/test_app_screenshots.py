"""``referee screenshots OUTDIR`` writes the main screens as PNG files."""

from __future__ import annotations

from PySide6.QtGui import QImage

from referee.cli.main import main

EXPECTED = (
    "main-window.png",
    "los-blind.png",
    "los-blocked.png",
    "visibility.png",
    "gunnery-wizard-odds.png",
    "gunnery-wizard-dice.png",
    "gunnery-wizard-outcome.png",
    "unit-inspector.png",
    "map-close-up.png",
    "journal.png",
    "corrections-menu.png",
    "orders-wizard.png",
    "movement-wizard.png",
    "agony-wizard.png",
    "agony-wizard-outcome.png",
    "aftermath-wizard.png",
    "assault-wizard-allocation.png",
    "assault-wizard-retreat.png",
    "assault-wizard-outcome.png",
    "rules-browser.png",
    "new-match-wizard.png",
    "setup-blind.png",
    "setup-steps-hidden.png",
    "map-editor.png",
    "army-builder.png",
    "activation-window.png",
    "activation-wizard-attack.png",
)


def test_screenshots_command_writes_every_png(qtbot, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))  # the rules search index
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))  # imported rulebooks
    out = tmp_path / "shots"
    assert main(["screenshots", str(out)]) == 0
    printed = capsys.readouterr().out.split()
    assert [p.rsplit("/", 1)[-1] for p in printed] == list(EXPECTED)
    for name in EXPECTED:
        image = QImage(str(out / name))
        assert not image.isNull(), name
    window = QImage(str(out / "main-window.png"))
    # drawn at 1366x768, the smallest screen the app is made for
    assert (window.width(), window.height()) == (1366, 768)
