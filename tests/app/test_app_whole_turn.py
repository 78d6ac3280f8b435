"""Two whole turns of the demo match refereed in the window with Next step (N): each step's
wizard, finished by the referee, then the clock moves on past the steps with nothing in
them; at each turn's orders step the clock waits until every unit has its orders for the
next turn or is confirmed to have none. Once with the app's dice and once with every die
typed from the table."""

from __future__ import annotations

from itertools import pairwise

from app_window import demo_window
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QWizard

from referee.app.wizards.agony.wizard import AgonyWizard
from referee.app.wizards.gunnery.page import Page as GunneryPage
from referee.app.wizards.gunnery.wizard import GunneryWizard
from referee.app.wizards.movement.wizard import MovementWizard
from referee.app.wizards.orders.wizard import OrdersWizard
from referee.match.games.orders_file import MatchFile
from referee.rules.fire.to_hit_table import to_hit_table
from referee.rules.orders.commands import Advance, Movement

TABLE_DIE = 4
"""What the table shows on every die typed in (a 4 ends an open-ended roll)."""


def click(qtbot, widget, pos: QPoint | None = None) -> None:
    if pos is None:
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)
    else:
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=pos)


def button(wizard, which):
    return wizard.button(getattr(QWizard.WizardButton, which))


def type_value(qtbot, spin, value: int) -> None:
    spin.selectAll()
    qtbot.keyClicks(spin, str(value))


def pick_first_enabled(qtbot, items) -> bool:
    for row in range(items.count()):
        item = items.item(row)
        if item.flags() & Qt.ItemFlag.ItemIsEnabled:
            click(qtbot, items.viewport(), items.visualItemRect(item).center())
            return True
    return False


WEAPONS = {(1, "wagon"): "Gas lobba", (2, "wagon"): "Wagon shootas"}
"""The weapon a shooter fires, by turn: the wagon's area weapon in turn 1 (at the hoplites,
4 models: 4 area dice), its misfiring fixed guns in turn 2; others fire their first weapon
with a legal target."""
WHOLE_ACTION = {"Gas lobba": "dice, one per model of", "Wagon shootas": "Misfire[2-]: 33.3%"}
"""What the odds page says of the whole action of these weapons before the dice (Misfire is a
current-edition rule: under the first draft the shootas' two guns roll with no misfire die,
ruling fire.misfire-first-draft)."""
NO_MISFIRE = {"Wagon shootas": "1 model firing x"}  # its fixed guns bearing, no misfire line


def fire(qtbot, wizard: GunneryWizard, typed: bool) -> None:
    """The preselected shooter fires (:data:`WEAPONS`, else its first weapon with a legal
    target), the whole action's odds shown before the dice."""
    click(qtbot, button(wizard, "NextButton"))
    weapons = wizard.weapon_page.list
    wanted = WEAPONS.get((wizard.state.turn, wizard.shooter_page.uid()))
    if wanted is not None:
        row = next(r for r in range(weapons.count()) if weapons.item(r).text().startswith(wanted))
        click(qtbot, weapons.viewport(), weapons.visualItemRect(weapons.item(row)).center())
        click(qtbot, button(wizard, "NextButton"))
        assert pick_first_enabled(qtbot, wizard.target_page.list), wanted
        click(qtbot, button(wizard, "NextButton"))
        odds = " ".join(wizard.odds_page.text.toPlainText().split())
        said = WHOLE_ACTION[wanted]
        if not to_hit_table(wizard.state.rules).misfire.rolled:  # the first draft
            said = NO_MISFIRE.get(wanted, said)
            assert "Misfire[" not in odds, odds
        assert "The whole action" in odds and said in odds, odds
        click(qtbot, button(wizard, "NextButton"))
        if typed:
            type_table(qtbot, wizard.roll_page.dice)
        click(qtbot, button(wizard, "NextButton"))
        click(qtbot, button(wizard, "FinishButton"))
        return
    for row in range(weapons.count()):
        if wizard.currentId() == GunneryPage.TARGET:
            click(qtbot, button(wizard, "BackButton"))
        click(qtbot, weapons.viewport(), weapons.visualItemRect(weapons.item(row)).center())
        click(qtbot, button(wizard, "NextButton"))
        if pick_first_enabled(qtbot, wizard.target_page.list):
            break
    else:
        click(qtbot, button(wizard, "CancelButton"))  # nothing in reach: it holds fire
        return
    click(qtbot, button(wizard, "NextButton"))
    click(qtbot, button(wizard, "NextButton"))
    if typed:
        type_table(qtbot, wizard.roll_page.dice)
    click(qtbot, button(wizard, "NextButton"))  # the outcome
    click(qtbot, button(wizard, "FinishButton"))


def type_table(qtbot, dice) -> None:
    """Every die a dice table asks for, typed (more rows may follow the typed ones)."""
    click(qtbot, dice.typed, QPoint(8, dice.typed.height() // 2))
    while dice.missing():
        type_value(qtbot, dice.box(dice.missing()[0] - 1), TABLE_DIE)


def choose_first(qtbot, page) -> None:
    """Every choice the movement step asks for, the first of its options (more rows may
    follow from the first answers)."""
    for _ in range(8):
        open_rows = [row for row in page.rows if row.value() is None]
        if not open_rows:
            return
        qtbot.keyClick(open_rows[0].combo, Qt.Key.Key_Down)


def finish(qtbot, wizard, typed: bool) -> None:
    """Next until Finish, typing the dice of the wizard's dice table on the way (Next
    reads Roll on the assault's pages whose app dice wait to be rolled)."""
    for _ in range(20):
        if isinstance(wizard, MovementWizard) and wizard.currentId() == 1:
            choose_first(qtbot, wizard.choices_page)
        if typed and isinstance(wizard, MovementWizard) and wizard.currentId() == 2:
            type_table(qtbot, wizard.dice_page.dice)
        if typed and isinstance(wizard, AgonyWizard) and wizard.currentId() == 1:
            type_table(qtbot, wizard.rolls_page.dice)
        last = button(wizard, "FinishButton")
        if last.isVisible() and last.isEnabled():
            click(qtbot, last)
            return
        forward = button(wizard, "NextButton")
        apply = getattr(wizard.currentPage(), "apply_button", None)
        if not forward.isEnabled() and apply is not None and apply.isEnabled():
            click(qtbot, apply)  # the assault's Reroll Assault batch, as proposed
            continue
        click(qtbot, forward)
    raise AssertionError(
        f"{type(wizard).__name__} did not finish: page {wizard.currentId()}, "
        f"{wizard.currentPage().title()}, next "
        f"{button(wizard, 'NextButton').isEnabled()}"
    )


def write_orders(qtbot, wizard, window, confirm: bool) -> None:
    """The orders wizard at the orders step: the tank's orders typed, the hoplites' written
    as they stand (- + - + -); the other units either confirmed as having none (the rule
    for a missing order, ``confirm``) or left unwritten."""
    from referee.app.wizards.orders.orders_page import Status

    state = window.session.state
    click(qtbot, button(wizard, "NextButton"))
    page = wizard.orders_page
    assert page.turn == state.turn + 1
    lacking = {m.uid for m in state.orders_missing()}
    # nothing is written for a unit without orders until the referee says what it does
    assert {uid for uid, s in page.status.items() if s == Status.OPEN} == lacking
    assert not button(wizard, "FinishButton").isEnabled()  # nothing to write yet
    for row in range(page.list.count()):
        uid = page.list.item(row).data(Qt.ItemDataRole.UserRole)
        if uid not in lacking:
            continue
        click(qtbot, page.list.viewport(), page.list.visualItemRect(page.list.item(row)).center())
        if uid == "tank":
            page.editor.fields["movement"].selectAll()
            qtbot.keyClicks(page.editor.fields["movement"], "- + L + -")
        elif uid == "hoplites":
            click(qtbot, page.written_button, QPoint(8, page.written_button.height() // 2))
        elif confirm:
            click(qtbot, page.missing_button, QPoint(8, page.missing_button.height() // 2))
    click(qtbot, button(wizard, "FinishButton"))


def referee_two_turns(qtbot, tmp_path, typed: bool):
    """The demo refereed with N through turns 1 and 2: the clock stops at turn 2's orders
    step for turn 3's orders (first only some are written: it stays; then the rest are
    confirmed missing), and at turn 3's orders step for turn 4's."""
    window = demo_window(qtbot, tmp_path)
    # the demo's boars (E3) and hoplites (E7) both enter E5 in movement 2: an assault
    stops = []
    for _ in range(120):
        state = window.session.state
        if (state.turn, state.step) == (3, "orders"):
            break
        qtbot.keyClick(window.view, Qt.Key.Key_N)
        wizard = window.turn_driver.wizard
        if wizard is None:
            continue
        qtbot.waitExposed(wizard)
        if isinstance(wizard, OrdersWizard):
            state = window.session.state
            assert state.step == "orders" and state.orders_missing()
            stops.append((state.turn, [m.uid for m in state.orders_missing()]))
            # the clock cannot be moved on past the missing orders, not even by Shift+N
            qtbot.keyClick(wizard, Qt.Key.Key_Escape)
            qtbot.keyClick(window.view, Qt.Key.Key_N, Qt.KeyboardModifier.ShiftModifier)
            assert window.session.state.step == "orders"
            assert "orders missing for" in window.last_error
            qtbot.keyClick(window.view, Qt.Key.Key_N)
            wizard = window.turn_driver.wizard
            qtbot.waitExposed(wizard)
            write_orders(qtbot, wizard, window, confirm=len(stops) > 1)
            if len(stops) == 1:  # some units left unwritten: the clock waits for them
                assert window.session.state.step == "orders"
                assert "Still without orders" in window.statusBar().currentMessage()
        elif isinstance(wizard, GunneryWizard):
            fire(qtbot, wizard, typed)
        else:
            finish(qtbot, wizard, typed)
    # turn 3's orders step: turn 4's orders are missing, the clock waits
    assert (window.session.state.turn, window.session.state.step) == (3, "orders")
    qtbot.keyClick(window.view, Qt.Key.Key_N)
    assert isinstance(window.turn_driver.wizard, OrdersWizard)
    window.turn_driver.wizard.reject()
    return window, stops


def turn_of_steps(m: MatchFile) -> dict[int, list]:
    """The journal steps by the turn the match was in when each was written."""
    state = m.initial_state()
    out: dict[int, list] = {}
    for step in m.steps():
        out.setdefault(state.turn, []).append(step)
        for event in step.events:
            state = state.apply(event.changes)
    return out


def check_two_turns(window, stops) -> list:
    # the clock stopped for the missing orders at the orders step of turn 2 (twice: the
    # first orders left units unwritten) and at that of turn 3
    units = ["tank", "hoplites", "companions", "wagon", "grunts", "boars"]
    alive = [uid for uid in units if not window.session.state.unit(uid).destroyed]
    assert stops[0] == (2, units)
    assert stops[1][0] == 2 and set(stops[1][1]) == set(units) - {"tank", "hoplites"}
    with MatchFile.open(window.session.path) as m:
        state = m.state
        assert (state.turn, state.step) == (3, "orders")
        assert [mm.uid for mm in state.orders_missing()] == alive
        kinds = {e.kind for step in m.steps() for e in step.events}
        assert {"orders", "fire", "movement", "assault", "apply-damage", "advance"} <= kinds
        fired = {
            (e.command.to_json()["shooter"], e.command.to_json()["weapon"])
            for step in m.steps()
            for e in step.events
            if e.kind == "fire"
        }
        assert {("wagon", "Gas lobba"), ("wagon", "Wagon shootas")} <= fired
        assert any(step.name.startswith("Assault over E5") for step in m.steps())
        # every step the window wrote replays the same, dice and all
        assert m.replay_check() == []
        assert state.orders["tank"]["3"]["movement"] == "- + L + -"
        assert state.orders["hoplites"]["3"]["movement"] == "- + - + -"
        confirmed = [
            e
            for s in m.steps()
            for e in s.events
            if e.kind == "orders" and e.command.to_json().get("missing") == "confirm"
        ]
        assert {e.command.to_json()["uid"] for e in confirmed} == set(units) - {"tank", "hoplites"}
        assert all("orders.missing" in e.clauses for e in confirmed)
        by_turn = turn_of_steps(m)
        assert set(by_turn) == {1, 2}
        for steps in by_turn.values():
            # no noise: a step that only moves the clock is always followed by one that
            # does something (a run of empty steps is one journal entry)
            clock = [
                all(e.kind == "advance" and not e.detail.get("confirmed") for e in s.events)
                for s in steps
            ]
            assert not any(a and b for a, b in pairwise(clock)), [s.name for s in steps]
        return m.steps()


def test_two_whole_turns_refereed_with_the_apps_dice(qtbot, tmp_path):
    window, stops = referee_two_turns(qtbot, tmp_path, typed=False)
    written = check_two_turns(window, stops)
    fired = [s for s in written if s.events[0].kind == "fire"]
    assert fired and not any(r.typed for s in fired for r in s.events[0].dice)


def test_two_whole_turns_refereed_with_the_tables_dice(qtbot, tmp_path):
    window, stops = referee_two_turns(qtbot, tmp_path, typed=True)
    written = check_two_turns(window, stops)
    fired = [s for s in written if s.events[0].kind == "fire"]
    dice = [r for s in fired for r in s.events[0].dice]
    assert dice and all(r.typed and r.value == TABLE_DIE for r in dice)


def test_without_an_assault_wizard_the_engine_proposals_fight_every_contest(
    qtbot, tmp_path, monkeypatch
):
    window = demo_window(qtbot, tmp_path)
    # the demo's boars and hoplites both enter E5 in movement 2 (see referee_two_turns)
    for name, commands in (
        ("To movement 1", [Advance(to="movement-1", unfired="pass")]),
        (
            "Movement 1",
            [
                Movement(step=1),
                Advance(to="movement-2", unfired="pass"),
            ],
        ),
        (
            "Movement 2",
            [
                Movement(step=2),
                Advance(to="assault-2", unfired="pass"),
            ],
        ),
    ):
        assert window.run_step(name, commands) is not None, window.last_error
    assert len(window.session.state.contests) == 1
    monkeypatch.setattr(window.wizards, "assault", lambda then=None: None)
    qtbot.keyClick(window.view, Qt.Key.Key_N)
    with MatchFile.open(window.session.path) as m:
        assault, advance = m.steps()[-2:]
    assert assault.name == "Assault 2: over E5, as the engine proposes"
    assert [e.kind for e in assault.events] == ["assault"]
    assert advance.events[0].kind == "advance"
    assert window.session.state.contests == ()
