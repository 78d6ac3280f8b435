"""A file the window offers to write is named after a name only through
``referee.paths.safe_file_name``: it stays in the folder offered (issue 23)."""

from __future__ import annotations

from pathlib import Path

from referee.app.army_builder.builder_window import ArmyBuilderWindow


def test_an_army_named_like_a_path_is_offered_a_sheet_in_the_armies_folder(qtbot, tmp_path):
    window = ArmyBuilderWindow(folder=tmp_path / "armies")
    qtbot.addWidget(window)
    window.header.name.setFocus()
    window.header.name.selectAll()
    qtbot.keyClicks(window.header.name, "../../../escaped army")
    assert window.army.name == "../../../escaped army"
    for suffix in (".toml", ".pdf", ".html"):
        offered = Path(window._suggested(suffix))
        assert offered.parent == tmp_path / "armies"
        assert offered.name == f"escaped-army{suffix}"
