"""The tournament desk on game night, in its real window on a real event file: the results
tab never carries one table's numbers over to another, a correction without its reason says
where to type it, and a nation typed as the windows show it ("Spartan", "Dark Elf") agrees
with the army file's ("spartan", "dark-elf")."""

from __future__ import annotations

from army_fixture import write_armies
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from referee.app.tournament.window import TournamentWindow
from referee.tournament.desk import Desk


def click(qtbot, widget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.rect().center())


def make_window(qtbot, tmp_path, players: tuple[str, ...] = ()) -> TournamentWindow:
    desk = Desk.create(tmp_path / "night.db", name="Thursday Night", seed=3, who="desk")
    window = TournamentWindow(desk)
    window.ask = lambda title, text: True  # Pair, Start, End ask first
    qtbot.addWidget(window)
    for name in players:
        qtbot.keyClicks(window.players_tab.new_name, name)
        qtbot.keyClick(window.players_tab.new_name, Qt.Key.Key_Return)
    return window


def typed(w: TournamentWindow) -> list[int]:
    return [spin.value() for spins in w.entry.points for spin in spins.values()]


def test_the_results_tab_shows_each_tables_own_points_never_the_last_tables(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, ("Ada", "Brin", "Cato", "Dora"))
    click(qtbot, w.pairings_tab.pair_button)
    (a1, b1), (a2, b2) = w.tournament.round(1).tables
    spins = w.entry.points
    spins[0]["surviving-ip"].setValue(12)  # a1: 12 IP x3 = 36, more points: +16 = 52
    click(qtbot, w.entry.record_button)
    assert f"{a1} 52 MVP" in w.last_message

    w.entry.table.setValue(2)  # table 2 has no result: nothing typed yet, not table 1's 12
    assert [n.text() for n in w.entry.names] == [a2, b2]
    assert typed(w) == [0] * 16
    assert f"{a2}: 0 MVP" in w.entry.working.toPlainText()
    spins[1]["surviving-mp"].setValue(5)  # b2: 5 MP x1 = 5, more points: +16 = 21
    click(qtbot, w.entry.record_button)
    assert f"{b2} 21 MVP" in w.last_message

    w.entry.table.setValue(1)  # back: table 1 as recorded, ready to be corrected
    assert [n.text() for n in w.entry.names] == [a1, b1]
    assert spins[0]["surviving-ip"].value() == 12 and spins[1]["surviving-mp"].value() == 0
    assert f"{a1}: 52 MVP" in w.entry.working.toPlainText()
    w.close()
    again = TournamentWindow(Desk.open(tmp_path / "night.db"))  # the desk the next morning
    qtbot.addWidget(again)
    assert again.entry.points[0]["surviving-ip"].value() == 12


def test_a_correction_starts_from_the_recorded_result_after_another_table_was_typed(
    qtbot, tmp_path, monkeypatch
):
    monkeypatch.setattr(QMessageBox, "information", lambda *a, **k: None)
    w = make_window(qtbot, tmp_path, ("Ada", "Brin", "Cato", "Dora"))
    click(qtbot, w.pairings_tab.pair_button)
    (a1, b1), _ = w.tournament.round(1).tables
    spins = w.entry.points
    spins[0]["surviving-ip"].setValue(12)
    spins[1]["destroyed-ip"].setValue(6)
    click(qtbot, w.entry.record_button)
    w.entry.table.setValue(2)
    spins[0]["surviving-ip"].setValue(24)  # typed for table 2, never recorded
    w.entry.table.setValue(1)
    spins[0]["surviving-xp"].setValue(2)  # the one change the players asked for
    qtbot.keyClicks(w.entry.why, "2 XP of veterans survived")
    click(qtbot, w.entry.correct_button)
    with Desk.open(tmp_path / "night.db") as desk:
        result = desk.event().round(1).results[1].result
    first, second = result.players
    assert (first.name, first.surviving.ip, first.surviving.xp) == (a1, 12, 2)
    assert (second.name, second.destroyed.ip) == (b1, 6)


def test_a_correction_without_a_reason_says_where_to_type_it(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, ("Ada", "Brin"))
    click(qtbot, w.pairings_tab.pair_button)
    click(qtbot, w.entry.record_button)
    click(qtbot, w.entry.correct_button)
    assert "type it in the box above Correct result" in w.last_message
    assert "--why" not in w.last_message
    with Desk.open(tmp_path / "night.db") as desk:
        assert not desk.event().round(1).results[1].corrected


def test_a_nation_typed_as_the_window_shows_it_agrees_with_the_army_files(qtbot, tmp_path):
    armies = write_armies(tmp_path / "armies")  # Ada: spartan; Emil: dark-elf
    w = make_window(qtbot, tmp_path)
    for name, nation in (("Ada", "Spartan"), ("Emil", "Dark Elf")):
        w.players_tab.checkin_panel.set_file(armies[name])
        qtbot.keyClicks(w.players_tab.new_nation, nation)
        qtbot.keyClicks(w.players_tab.new_name, name)
        qtbot.keyClick(w.players_tab.new_name, Qt.Key.Key_Return)
        assert w.last_message.startswith(f"{name} entered, army")
        assert w.players_tab.new_nation.text() == ""  # cleared with the name, for the next player
    with Desk.open(tmp_path / "night.db") as desk:
        players = desk.event().players
    assert (players["Ada"].nation, players["Emil"].nation) == ("spartan", "dark-elf")


def test_a_nation_that_is_not_the_armys_is_refused_saying_what_to_do(qtbot, tmp_path):
    armies = write_armies(tmp_path / "armies")
    w = make_window(qtbot, tmp_path)
    w.players_tab.checkin_panel.set_file(armies["Ada"])
    qtbot.keyClicks(w.players_tab.new_nation, "Ork")
    qtbot.keyClicks(w.players_tab.new_name, "Ada")
    qtbot.keyClick(w.players_tab.new_name, Qt.Key.Key_Return)
    assert "the nation given is Ork, the army is spartan" in w.last_message
    assert "leave the nation empty" in w.last_message
    assert w.players_tab.players.rowCount() == 0


def test_the_army_and_match_file_dialogs_open_where_the_app_keeps_those_files(
    qtbot, tmp_path, monkeypatch
):
    import referee.app.tournament.checkin_panel as checkin_panel
    import referee.app.tournament.desk_files as desk_files
    import referee.app.tournament.result_desk as result_desk
    from referee.paths import armies_dir, matches_dir

    asked: list[str] = []
    for module in (checkin_panel, result_desk):  # the open dialogs: where each starts
        monkeypatch.setattr(
            module, "ask_open_path", lambda _parent, _title, start, _filter: asked.append(start)
        )
    monkeypatch.setattr(
        desk_files,
        "ask_save_path",
        lambda _parent, _title, suggested, *_: asked.append(str(suggested)),
    )
    w = make_window(qtbot, tmp_path, ("Ada", "Brin"))
    click(qtbot, w.players_tab.checkin_panel.choose)
    click(qtbot, w.pairings_tab.pair_button)
    click(qtbot, w.entry.match_button)
    w.pairings_tab.pairing.selectRow(0)
    w.files.match_file_dialog()
    assert asked == [
        str(armies_dir()),
        str(matches_dir()),
        str(matches_dir() / "round1-table1.referee"),
    ]


def test_a_player_typed_again_with_other_spaces_or_case_is_refused_at_the_desk(qtbot, tmp_path):
    # tournament.player_names: "bob brown " is Bob Brown, entered already
    w = make_window(qtbot, tmp_path, ("Bob Brown",))
    qtbot.keyClicks(w.players_tab.new_name, "bob brown ")
    qtbot.keyClick(w.players_tab.new_name, Qt.Key.Key_Return)
    assert "'bob brown' is already entered as 'Bob Brown'" in w.last_message
    assert w.players_tab.players.rowCount() == 1
    assert w.players_tab.same_names.isHidden()


def test_an_event_with_a_player_entered_twice_opens_and_says_so_in_the_players_tab(qtbot, tmp_path):
    from referee.tournament.store import NewRecord

    path = tmp_path / "old.db"
    with Desk.create(path, name="Old Cup", seed=3, who="desk") as desk:
        desk.add_player("Bob Brown")
        desk.store.append(  # as a desk wrote it before names were compared case aside
            [NewRecord("player", {"name": "bob brown", "nation": "", "entered": 1})],
            who="old desk",
            expected_revision=desk.event().revision,
        )
    w = TournamentWindow(Desk.open(path))
    qtbot.addWidget(w)
    assert w.players_tab.players.rowCount() == 2  # both kept as written
    note = w.players_tab.same_names
    assert not note.isHidden() and "'Bob Brown' and 'bob brown'" in note.text()
    assert note.textFormat() == Qt.TextFormat.PlainText
