"""The army builder (issue 12): its own window from File, the nation's catalogue, unit cards,
upgrades, the live budget per kind and every error rechecked at each change, save/load, and
the army sheet as PDF. Costs worked by hand: hoplites mp 4, cp 2, xp 1 a base; hand cannon
cp 3; hoplon shields cp 2 (one-handed: with the two-handed musket, 3 hands); pistols cp 1."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QSpinBox

from referee.app.army_builder.builder_window import ArmyBuilderWindow
from referee.army import load_army, validate_army


def unit_row(window: ArmyBuilderWindow, unit_id: str) -> int:
    for row in range(window.units.count()):
        if window.units.item(row).data(Qt.ItemDataRole.UserRole) == unit_id:
            return row
    raise AssertionError(unit_id)


def test_build_check_save_reopen_and_print_an_army(qtbot, tmp_path):
    window = ArmyBuilderWindow(folder=tmp_path)
    qtbot.addWidget(window)
    window.name.clear()
    qtbot.keyClicks(window.name, "Vanguard")
    window.units.setCurrentRow(unit_row(window, "hoplite-phalanx"))
    qtbot.mouseClick(window.add_button, Qt.MouseButton.LeftButton)
    window.units.setCurrentRow(unit_row(window, "standard-tank"))
    qtbot.mouseClick(window.add_button, Qt.MouseButton.LeftButton)
    assert [e.type for e in window.army.entries] == ["hoplite-phalanx", "standard-tank"]
    assert window.army.name == "Vanguard" and window.report.valid
    assert "IP 6/24" in window.budget.text() and "MP 4/24" in window.budget.text()

    window.entries.selectRow(0)
    spin = window.entries.cellWidget(0, 1)
    assert isinstance(spin, QSpinBox)
    spin.setValue(2)
    cannon = window.upgrades.editors["hand-cannon"]
    shields = window.upgrades.editors["hoplon"]
    assert isinstance(cannon, QCheckBox) and isinstance(shields, QCheckBox)
    cannon.setChecked(True)
    window.upgrades.editors["hoplon"].setChecked(True)  # type: ignore[union-attr]
    # two bases: mp 8, cp 2 * (2 + 3 + 2) = 14, xp 2; the shields do not fit the hands
    assert dict(window.report.cost) == {"ip": 6, "mp": 8, "cp": 14, "xp": 2, "com": 0}
    assert not window.report.valid
    assert "army.infantry-equipment" in window.problems.item(0).text()
    assert "Hoplite phalanx (Hand cannon, Hoplon shields)" in window.card.toPlainText()
    window.upgrades.editors["pistols"].setChecked(True)  # type: ignore[union-attr]
    assert window.report.valid, window.report.errors  # pistol and shield: two hands

    path = window.save_to(tmp_path / "vanguard.toml")
    army = load_army(path)
    assert army.checksum() == window.army.checksum()
    assert validate_army(army).valid
    assert window.windowTitle().endswith("vanguard.toml")

    other = ArmyBuilderWindow(folder=tmp_path)
    qtbot.addWidget(other)
    assert other.open_file(path)
    assert other.army.with_(path=None) == army.with_(path=None)
    assert other.entries.rowCount() == 2

    pdf = window.write_sheet(tmp_path / "vanguard.pdf")
    assert pdf.read_bytes().startswith(b"%PDF")


def test_a_bad_army_shows_all_its_errors_at_once(qtbot, tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('name = "Bad"\nnation = "spartan"\ngame = "pure-tank"\n[[unit]]\n'
                    'type = "ork-grunts"\n[[unit]]\ntype = "hoplite-phalanx"\n'
                    'upgrades = ["hoplon", "scorpion", "hand-cannon"]\n', encoding="utf-8")
    window = ArmyBuilderWindow(folder=tmp_path)
    qtbot.addWidget(window)
    assert window.open_file(path)
    texts = [window.problems.item(i).text() for i in range(window.problems.count())]
    rules = {t.rsplit("(clause ", 1)[1].rstrip(")") for t in texts}
    assert rules == {"army.building", "army.infantry-equipment", "army.unit-base-weapon",
                     "army.budgets"}
    assert len(texts) == len(validate_army(load_army(path)).errors)


def test_the_main_window_opens_the_builder_from_file(qtbot, tmp_path, monkeypatch):
    from referee.app.main_window import MainWindow

    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path))
    window = MainWindow()
    qtbot.addWidget(window)
    window.army_builder_action.trigger()
    builder = window.army_builder
    qtbot.addWidget(builder)
    assert isinstance(builder, ArmyBuilderWindow) and builder.isVisible()
