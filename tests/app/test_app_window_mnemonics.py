"""Each letter Alt (or an open menu) picks reaches one entry only, in the tournament window,
the army builder, the report view, the map editor and the dialogs they open: their menus,
buttons, labels of a field, boxes' titles and tabs, with each tab's page shown in turn (the
same rule and helper as the main window's menus: ``mnemonics.clashes``). Every entry of the
desk's and the army builder's menus has a letter."""

from __future__ import annotations

import pytest
from app_window import demo_window
from mnemonics import clashes, shown_ampersands, unlettered
from PySide6.QtWidgets import QWidget

from referee.app.army_builder.builder_window import ArmyBuilderWindow
from referee.app.tournament.new_event_dialog import NewEventDialog
from referee.app.tournament.venue_dialog import VenueDialog
from referee.app.tournament.window import TournamentWindow
from referee.tournament.desk import Desk


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "matches"))
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))


def shown(qtbot, widget: QWidget) -> QWidget:
    qtbot.addWidget(widget)
    widget.show()
    return widget


def test_a_letter_is_counted_once_per_window_and_page(qtbot):
    from PySide6.QtWidgets import QLabel, QLineEdit, QPushButton, QTabWidget, QVBoxLayout

    window = QWidget()
    layout = QVBoxLayout(window)
    tabs = QTabWidget()
    one, two = QPushButton("&Save"), QPushButton("&Swap")
    tabs.addTab(one, "&First")
    tabs.addTab(two, "S&econd")
    field, label = QLineEdit(), QLabel("&Name")
    label.setBuddy(field)
    unbound = QLabel("&Nothing")  # no buddy: no key
    for w in (QPushButton("&Shown"), tabs, label, field, unbound):
        layout.addWidget(w)
    shown(qtbot, window)
    assert clashes(window, "w") == [
        "w: 's' in '&Shown', '&Save'",
        "w ('S&econd' shown): 's' in '&Shown', '&Swap'",
    ]


def desk_window(qtbot, tmp_path) -> TournamentWindow:
    """A desk with a round paired: every tab holds what a desk night shows."""
    w = TournamentWindow(Desk.create(str(tmp_path / "ev.db"), name="Keys Cup", seed=3, who="k"))
    w.ask = lambda title, text: True
    shown(qtbot, w)
    for name in ("Ada", "Brin", "Cato", "Dora"):
        w.players_tab.new_name.setText(name)
        w.players_tab.add_player()
    w.pairings_tab.pair()
    w.entry.override.ask(["it does not add up"], lambda _reason: None)  # shown, as refused
    return w


def test_no_two_entries_of_the_tournament_window_share_a_letter(qtbot, tmp_path):
    w = desk_window(qtbot, tmp_path)
    assert not w.entry.override.isHidden()
    assert clashes(w, "tournament window") == []
    assert shown_ampersands(w) == []
    assert unlettered(w.menuBar(), "tournament window") == []


def test_the_reported_tab_keeps_its_letter_while_reports_wait(qtbot, tmp_path):
    w = desk_window(qtbot, tmp_path)
    w.tabs.setTabText(w.reported_tab, "placeholder")
    w.redraw()
    assert w.tabs.tabText(w.reported_tab) == "Rep&orted"


def test_no_two_entries_of_the_desks_dialogs_share_a_letter(qtbot, tmp_path):
    w = desk_window(qtbot, tmp_path)
    new_event = shown(qtbot, NewEventDialog(folder=tmp_path))
    assert clashes(new_event, "new event") == []
    assert shown_ampersands(new_event) == []  # each letter a key, none a shown "&"
    venue = shown(qtbot, VenueDialog(w.tournament.venue, list(w.tournament.players), w))
    assert clashes(venue, "venue tables") == []
    assert shown_ampersands(venue) == []
    serving = w.files.serve_to_room("127.0.0.1", 0)
    assert serving is not None
    try:
        assert clashes(serving, "serve to the room") == []
        assert shown_ampersands(serving) == []
    finally:
        serving.close()


def test_no_two_entries_of_the_army_builder_share_a_letter(qtbot, tmp_path):
    window = shown(qtbot, ArmyBuilderWindow(folder=tmp_path))
    assert isinstance(window, ArmyBuilderWindow)
    window.add_unit("hoplite-phalanx")  # its upgrades shown
    assert window.upgrades.editors
    assert clashes(window, "army builder") == []
    assert shown_ampersands(window) == []
    assert unlettered(window.menuBar(), "army builder") == []
    # its dialogs: a file refused, and the question before the changes are lost
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\nunit = 3\n', encoding="utf-8")
    assert not window.open_file(bad)
    assert window.refusal is not None and clashes(window.refusal, "refused army") == []
    window.refusal.close()
    window.new()
    assert window.unsaved.box is not None
    assert clashes(window.unsaved.box, "unsaved army") == []


def test_no_two_entries_of_the_report_view_or_the_map_editor_share_a_letter(qtbot, tmp_path):
    from referee.app.map_editor.window import MapEditorWindow

    window = demo_window(qtbot, tmp_path)
    window.report_action.trigger()
    assert window.report_view is not None
    assert clashes(window.report_view, "report view") == []
    window.map_editor_action.trigger()
    editor = window.findChild(MapEditorWindow)
    assert editor is not None
    editor.show()
    assert clashes(editor, "map editor") == []
    assert shown_ampersands(editor) == []
    bad = tmp_path / "bad.toml"
    bad.write_text("not a map", encoding="utf-8")
    assert not editor.open_file(bad)
    assert editor.refusal is not None and clashes(editor.refusal, "map refused") == []
