"""The main screens rendered to PNG files (``referee screenshots OUTDIR``), so that anyone
can look at the app without running it: the map with the demo match, the line-of-sight tool
on a blind line and on a blocked one, the visibility overlay, the gunnery wizard (the odds,
typed dice), the unit inspector, a close-up of tokens with their badges and a smoke marker,
the journal after a few steps, the corrections menu, the rules browser on a search for "line
of sight", the new-match wizard's armies page, the Setup dock (ENTRENCHED!'s blind setup; the first
draft's steps with a hidden token, side 2 hidden), the map editor refusing a forest in no
man's land, the army builder, the orders, movement (arrows on the map), agony and
aftermath wizards (:mod:`referee.app.checks.wizard_screenshots`), and the assault wizard's
allocation and retreat pages. Drawn offscreen at 1366x768, the smallest screen the app is for.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtWidgets import QApplication, QListWidget, QWidget

from referee.app.checks.wizard_screenshots import wizard_shots
from referee.app.start.app import quiet_platform
from referee.app.start.qt_application import ensure_app
from referee.app.window.main_window import MainWindow
from referee.app.wizards.assault.wizard import AssaultWizard
from referee.app.wizards.gunnery.wizard import GunneryWizard
from referee.app.wizards.new_match.wizard import NewMatchWizard
from referee.board.hexgrid import parse_label
from referee.match.games.orders_file import MatchFile
from referee.match.setup.demo import create_demo_match
from referee.rules.orders.commands import (
    Advance,
    Command,
    Correct,
    CorrectHex,
    Fire,
    Movement,
    Orders,
)

SIZE = (1366, 768)
WIZARD_SIZE = (1220, 720)
INDEX_SECONDS = 120
"""How long the rules index may take to be prepared (seconds on a loaded machine)."""


def _settle(app: QApplication) -> None:
    for _ in range(3):
        app.processEvents()
        # widgets replaced meanwhile (a table's cell widgets) go now, as in the event loop
        app.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def _save(widget: QWidget, path: Path, app: QApplication) -> Path:
    _settle(app)
    if not widget.grab().save(str(path)):
        raise OSError(f"{path}: could not write the PNG file")
    return path


def _step(window: MainWindow, name: str, commands: list[Command]) -> None:
    if window.run_step(name, commands) is None:
        raise RuntimeError(f"screenshots: the step {name!r} was refused: {window.last_error}")


def _demo_steps(window: MainWindow) -> None:
    """A few steps of turn 1, so that the journal and the inspector have something to show."""
    _step(
        window,
        "Gunnery 1: tank fires its main gun at the wagon",
        [Fire(shooter="tank", target="wagon", weapon="Main gun")],
    )
    _step(
        window,
        "Gunnery 1: wagon fires its shootas at the tank",
        [Fire(shooter="wagon", target="tank", weapon="Wagon shootas")],
    )
    _step(
        window,
        "Correction: grunts shaken, +1 damage token, as on the table",
        [Correct(uid="grunts", set={"shaken": 1, "damage_tokens": 1})],
    )
    _step(
        window,
        "Correction: smoke markers on D5: 2",
        [CorrectHex(hex="D5", marker="smoke", count=2)],
    )
    if window.next_step(unfired="pass") is None:  # the units that did not fire hold fire
        raise RuntimeError(f"screenshots: next step refused: {window.last_error}")


def _pick(items: QListWidget, starts: str) -> None:
    for row in range(items.count()):
        if items.item(row).text().startswith(starts):
            items.setCurrentRow(row)
            return
    raise RuntimeError(f"screenshots: no item {starts!r} to pick")


def _wizard_to_odds(wizard: GunneryWizard, shooter: str, weapon: str, target: str) -> None:
    _pick(wizard.shooter_page.list, shooter)
    wizard.next()
    _pick(wizard.weapon_page.list, weapon)
    wizard.next()
    _pick(wizard.target_page.list, target)
    wizard.next()


def _rules_search(window: MainWindow, app: QApplication, query: str) -> None:
    """Search the rules browser for ``query`` and show the first hit (the index is
    prepared on the event loop's next turn: wait for it, up to :data:`INDEX_SECONDS`)."""
    import time

    browser = window.rules_browser
    window.focus_rules()
    browser.search.setText(query)
    deadline = time.monotonic() + INDEX_SECONDS
    while browser.shown_query != query and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.01)
    if not browser.results.count():
        raise RuntimeError(f"screenshots: no rule found for {query!r}: {browser.status.text()}")
    browser.results.setCurrentRow(0)


def _new_match_armies(wizard: NewMatchWizard) -> None:
    """The wizard on its armies page: ENTRENCHED!, Spartans (two bronze giants: 30 IP of
    24, over budget) against Orks."""
    wizard.next()  # the scenario page: ENTRENCHED!
    wizard.next()
    _pick(wizard.map_page.list, "ENTRENCHED!")
    wizard.next()
    spartans, orks = wizard.armies_page.sides[1], wizard.armies_page.sides[2]
    for unit_id, count in (("standard-tank", 1), ("hoplite-phalanx", 2), ("talos", 2)):
        spartans.set_count(unit_id, count)
    for unit_id, count in (("battle-wagon", 1), ("ork-grunts", 2), ("boar-riders", 1)):
        orks.set_count(unit_id, count)


ASSAULT_DICE = (5, 5, 5, 2, 2, 1, 3, 4, 5, 2, 1, 3, 5, 6, 2, 2)
"""The hoplites' 8 assault dice (3 successes) and 4 deflection dice (1), the grunts' 4 dice
(5 and an Ork Assault 6: 3 successes): side 1 has 3 hits to 2, both sides deal hits."""


def _assault_match(path: Path) -> None:
    """The demo match with an assault waiting: the grunts stand in E6 facing the hoplites,
    the tank behind them in E5, and the hoplites enter E6 in movement 1 (the grunts, if they
    lose, cannot retreat backwards into the tank's hex: they choose between D5 and F5)."""
    path.unlink(missing_ok=True)
    with create_demo_match(path) as m:
        m.run(
            "Correction: grunts in E6 and the tank in E5, as on the table",
            [
                Correct(uid="grunts", set={"hex": "E6", "facing": 3}),
                Correct(uid="tank", set={"hex": "E5", "facing": 3}),
            ],
        )
        m.run(
            "Orders: the grunts stand",
            [Orders(uid="grunts", turn=1, movement="- + - + -", gunnery="- + -")],
        )
        m.run("To movement 1", [Advance(to="movement-1", unfired="pass")])
        m.run("Movement 1", [Movement(step=1)])
        m.run("To assault 1", [Advance(to="assault-1")])


def _assault_to_allocation(wizard: AssaultWizard) -> None:
    wizard.next()
    wizard.roll_page.dice.set_typed(True)
    wizard.roll_page.dice.type_values(ASSAULT_DICE)
    wizard.next()
    wizard.next()


def _setup_shots(window: MainWindow, folder: Path, shot: Callable[[str, QWidget], None]) -> None:
    """The Setup dock: ENTRENCHED!'s blind setup with side 1's first placement entered, then
    the first draft's steps after the typed setup-advantage roll, side 2's hidden token on
    the map with View > Hide side 2's hidden units on."""
    blind = folder / "screenshots-blind.referee"
    blind.unlink(missing_ok=True)
    MatchFile.create(
        blind,
        map_name="",
        scenario="entrenched",
        seed=3,
        victory={"condition": "fixed-time", "minutes": 90},
        units=[
            {"uid": "tank", "unit": "standard-tank", "side": 1},
            {"uid": "hoplites", "unit": "hoplite-phalanx", "side": 1},
            {"uid": "grunts", "unit": "ork-grunts", "side": 2},
            {"uid": "boars", "unit": "boar-riders", "side": 2},
        ],
    ).close()
    window.open_match(blind)
    window.setup_panel.pick_hex(parse_label("C8"))
    shot("setup-blind.png", window)

    ordered = folder / "screenshots-steps.referee"
    ordered.unlink(missing_ok=True)
    MatchFile.create(
        ordered,
        map_name="",
        scenario="standard-battle",
        seed=5,
        units=[
            {"uid": "peltasts", "unit": "peltast-skirmishers", "side": 1},
            {"uid": "tank", "unit": "standard-tank", "side": 1},
            {"uid": "pathfinders", "unit": "elf-pathfinders", "side": 2},
            {"uid": "grunts", "unit": "ork-grunts", "side": 2},
        ],
    ).close()
    window.open_match(ordered)
    panel = window.setup_panel
    panel.dice[1].setValue(2)
    panel.dice[2].setValue(5)
    panel.enter_dice.click()
    panel.pick_hex(parse_label("D6"))
    panel.pick_hex(parse_label("B2"))
    window.hide_actions[2].trigger()
    shot("setup-steps-hidden.png", window)
    window.hide_actions[2].trigger()


def _editor_and_builder_shots(
    window: MainWindow, app: QApplication, written: list[Path], out: Path
) -> None:
    """The map editor with a forest painted in ENTRENCHED!'s no man's land (refused live),
    and the army builder on an army with an upgraded entry selected."""
    editor = window.open_map_editor()
    editor.resize(*SIZE)
    editor.set_tool("terrain:forest")
    editor.paint_at(parse_label("C5"))
    editor.view.fit()
    written.append(_save(editor, out / "map-editor.png", app))
    editor.undo_stack.setClean()  # nothing to ask about on closing
    editor.close()

    builder = window.open_army_builder()
    builder.resize(*SIZE)
    for unit_id in ("hoplite-phalanx", "standard-tank", "talos"):
        builder.add_unit(unit_id)
    builder.entries.selectRow(0)
    for upgrade in ("veteran", "hand-cannon", "pistols"):
        builder.upgrades.set_count(upgrade, 1)
    written.append(_save(builder, out / "army-builder.png", app))
    builder.saved_checksum = builder.army.checksum()  # nothing to ask about on closing
    builder.close()


def _activation_shots(
    app: QApplication, folder: Path, shot: Callable[[str, QWidget], None]
) -> None:
    """The main window on a match of the activation rules, the sample game played to its
    end, then its activate wizard at the odds of the tank's cannon at the buggy."""
    from referee.app.activation.wizards.activate import ActivateWizard
    from referee.app.session.activation import ActivationGame
    from referee.app.window.main_window import MainWindow
    from referee.match.journal.journal_text import read_journal, replay_journal
    from referee.paths import data_dir
    from referee.rules.activation.commands import parse_command

    path = folder / "screenshots-activation.referee"
    path.unlink(missing_ok=True)
    journal = read_journal(data_dir() / "journals" / "activation-crossroads.journal")
    replay_journal(journal, path).close()
    window = MainWindow()
    window.open_match(path)
    game = window.game
    assert isinstance(game, ActivationGame)
    window.resize(*SIZE)
    window.show()
    _settle(app)
    window.view.fit()
    shot("activation-window.png", window)
    window.run_step("The buggy drives on", [parse_command("move uid=buggy path=H9:S")])
    wizard = game.wizards.activate()
    if isinstance(wizard, ActivateWizard):
        wizard.unit.pick("tank")
        wizard.unit.attack_radio.setChecked(True)
        wizard.next()
        (box, *_) = wizard.attack_page.boxes.values()
        box.setCurrentIndex(max(0, box.findText("buggy", Qt.MatchFlag.MatchStartsWith)))
        _settle(app)
        shot("activation-wizard-attack.png", window)
        wizard.reject()
    window.close()
    window.deleteLater()
    _settle(app)


def take_screenshots(outdir: Path | str, match_folder: Path | None = None) -> list[Path]:
    """Write the screenshots into ``outdir`` (made if missing); the files written."""
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    app = ensure_app()
    with quiet_platform():
        return _take(app, out, match_folder)


def _take(app: QApplication, out: Path, match_folder: Path | None) -> list[Path]:
    with tempfile.TemporaryDirectory(prefix="referee-shots-") as tmp:
        folder = match_folder or Path(tmp)
        path = folder / "screenshots-demo.referee"
        path.unlink(missing_ok=True)
        create_demo_match(path).close()
        window = MainWindow()
        window.resize(*SIZE)
        window.open_match(path)
        window.show()
        _settle(app)
        window.view.fit()
        written: list[Path] = []

        def shot(name: str, widget: QWidget) -> None:
            written.append(_save(widget, out / name, app))

        window.select_unit("tank")
        shot("main-window.png", window)

        window.toggle_los()
        window.los_panel.show_line(parse_label("D2"), parse_label("D9"))
        shot("los-blind.png", window)
        window.los_panel.show_line(parse_label("A1"), parse_label("D9"))
        shot("los-blocked.png", window)

        window.toggle_visibility()
        window.los_panel.show_visibility(parse_label("D2"))
        shot("visibility.png", window)
        window.los_panel.clear()

        wizard = window.open_gunnery_wizard()
        if wizard is not None:
            _wizard_to_odds(wizard, "tank", "Main gun", "wagon")
            shot("gunnery-wizard-odds.png", window)
            wizard.next()
            wizard.roll_page.dice.set_typed(True)
            wizard.roll_page.dice.type_values([5])
            shot("gunnery-wizard-dice.png", window)
            wizard.roll_page.dice.type_values([5, 3, 6, 4])
            wizard.next()
            shot("gunnery-wizard-outcome.png", window)
            wizard.reject()

        _demo_steps(window)
        window.select_unit("grunts")
        shot("unit-inspector.png", window.inspector_dock)
        corner = window.scene.hex_items[parse_label("B2")].sceneBoundingRect()
        far = window.scene.hex_items[parse_label("E6")].sceneBoundingRect()
        window.view.zoom_to(corner.united(far))
        shot("map-close-up.png", window.view)
        window.view.fit()

        window.journal_dock.raise_()
        window.resizeDocks([window.journal_dock], [window.height() // 2], Qt.Orientation.Vertical)
        shot("journal.png", window)

        menu = window.context_menu_for(parse_label("C7"))
        if menu is not None:
            menu.popup(window.view.mapToGlobal(QPoint(40, 40)))
            shot("corrections-menu.png", menu)
            menu.close()

        for name, image in wizard_shots(window, app):  # orders, movement, agony, aftermath
            if not image.save(str(out / name)):
                raise OSError(f"{out / name}: could not write the PNG file")
            written.append(out / name)

        _assault_match(folder / "screenshots-assault.referee")
        window.open_match(folder / "screenshots-assault.referee")
        assault = window.open_assault_wizard()
        if assault is not None:
            _assault_to_allocation(assault)
            shot("assault-wizard-allocation.png", window)
            assault.next()
            assault.damage_page.dice.type_values((6, 3, 1, 5, 3))
            assault.next()
            assault.retreat_page.pick_hex(parse_label("F5"))
            shot("assault-wizard-retreat.png", window)
            assault.next()
            shot("assault-wizard-outcome.png", window)
            assault.reject()

        _rules_search(window, app, "line of sight")
        shot("rules-browser.png", window)

        new_match = window.open_new_match_wizard()
        new_match.resize(*WIZARD_SIZE)  # the offscreen screen is smaller than the window
        _new_match_armies(new_match)
        shot("new-match-wizard.png", new_match)
        new_match.done(0)  # closed as Discard would: Cancel past the first page asks first

        _setup_shots(window, folder, shot)
        _editor_and_builder_shots(window, app, written, out)
        _activation_shots(app, folder, shot)
        window.close()
        # Qt deletes the window (and the wizard and menus it owns), not Python's collector.
        window.deleteLater()
        _settle(app)
    return written
