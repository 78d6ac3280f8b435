"""The step wizards at a telling moment, for ``referee screenshots``: the orders wizard on a
unit whose next orders break a speed rule, the movement wizard with its arrows on the map as
an assault starts, the agony wizard with typed dice and their outcomes, and the aftermath
wizard listing what it will remove. Each is the whole window, the wizard in its dock beside
the map, named for its PNG file; the match is set up through named steps, as the referee
would.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QApplication

from referee.app.window.main_window import MainWindow
from referee.rules.orders.commands import Advance, Command, Correct, Movement


def _settle(app: QApplication) -> None:
    for _ in range(3):
        app.processEvents()


def _step(window: MainWindow, name: str, commands: Sequence[Command]) -> None:
    if not commands:  # the match is at that step already (:func:`_to`)
        return
    if window.run_step(name, commands) is None:
        raise RuntimeError(f"screenshots: the step {name!r} was refused: {window.last_error}")


def _to(window: MainWindow, step: str) -> list[Command]:
    """The ``advance`` that takes the match on to ``step`` of this turn (none if it is
    there); the units ordered to fire on the way hold their fire (the pictures are of the
    wizards, not of a whole turn)."""
    state = window.session.state if window.session is not None else None
    return [] if state is not None and state.step == step else [Advance(to=step, unfired="pass")]


def wizard_shots(window: MainWindow, app: QApplication) -> Iterator[tuple[str, QPixmap]]:
    """Set the match up for each wizard and yield ``(file name, image)``."""
    driver = window.turn_driver

    orders = driver.open_orders()
    if orders is not None:
        orders.next()
        page = orders.orders_page
        page.list.setCurrentRow(0)  # the tank
        page.editor.fields["movement"].setText("A + F + F")
        page.editor.fields["gunnery"].setText("Fire + Load")
        _settle(app)
        yield "orders-wizard.png", window.grab()
        orders.reject()

    _step(window, "To movement 1", _to(window, "movement-1"))
    _step(window, "Movement 1", [Movement(step=1)])
    _step(window, "To movement 2", [Advance(to="movement-2", unfired="pass")])
    movement = driver.open_movement()
    if movement is not None:
        movement.next()
        _settle(app)
        yield "movement-wizard.png", window.grab()
        movement.reject()

    _step(
        window,
        "Correction: fire on the tank, poison on the grunts",
        [
            Correct(uid="tank", set={"fire": 2}),
            Correct(uid="grunts", set={"poison": [6, 4]}),
            Advance(to="agony-3", unfired="pass"),
        ],
    )
    agony = driver.open_agony()
    if agony is not None:
        agony.next()
        dice = agony.rolls_page.dice
        dice.typed.setChecked(True)
        dice.type_values([2, 5, 1, 3])
        _settle(app)
        yield "agony-wizard.png", window.grab()
        agony.next()
        _settle(app)
        yield "agony-wizard-outcome.png", window.grab()
        agony.reject()

    _step(
        window,
        "To the aftermath",
        [
            Correct(uid="hoplites", set={"shaken": 2}),
            Advance(to="aftermath", unfired="pass"),
        ],
    )
    aftermath = driver.open_aftermath()
    if aftermath is not None:
        _settle(app)
        yield "aftermath-wizard.png", window.grab()
        aftermath.reject()
