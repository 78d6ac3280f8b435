"""The orders wizard: every unit's movement and gunnery orders for a turn, in one step.

1. **Units**: whose orders (one side or every unit) and for which turn: the next one, and
   the current one while a unit has none for it (clause ``orders.giving``).
2. **Orders**: the units in a list; for the one picked, an
   :class:`~referee.app.wizards.orders.order_editor.OrderEditor` offering at each step only the
   codes its speed allows there, or the notation typed in. A unit starts the next turn at
   the speed the rest of this turn's movement order leaves it at (``orders.speed``); that
   is what its next orders are judged against. A unit without orders for the turn is
   marked "not written yet" until the referee writes its orders (an edit, or "Written
   below") or confirms that its players gave none, so that the rule for a missing order
   applies to it (clause ``orders.missing``): unit by unit, or for every unit still not
   written in one action ("No orders for every unit not written yet"), never by default.
   The unit's orders take the dock's height below a compact list (one line a step).

Finishing hands back one step with an ``orders`` command per unit written or confirmed
(:meth:`OrdersWizard.chosen_step`); units left "not written yet" are not written; leaving
writes nothing.

The pages are their own modules: :mod:`.units_page` and :mod:`.orders_page`.
"""

from __future__ import annotations

from enum import IntEnum

from PySide6.QtWidgets import (
    QWidget,
    QWizard,
)

from referee.app.widgets.plain_text import plain_titles
from referee.app.wizards.common.chosen_step import ChosenStep
from referee.app.wizards.orders.orders_page import OrdersPage, Status
from referee.app.wizards.orders.units_page import UnitsPage
from referee.rules.orders.commands import Orders
from referee.rules.orders.notation import parse_order
from referee.rules.orders.state import MatchState


class Page(IntEnum):
    UNITS = 0
    ORDERS = 1


class OrdersWizard(QWizard):
    """Orders for a turn (see the module docstring); ``chosen_step()`` once accepted."""

    def __init__(self, state: MatchState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        plain_titles(self)  # page titles name units and scenarios
        self.state = state
        self.setWindowTitle("Orders")
        self.setOption(QWizard.WizardOption.HaveHelpButton, False)
        self.units_page = UnitsPage(state)
        self.orders_page = OrdersPage(state, self.units_page)
        self.setPage(Page.UNITS, self.units_page)
        self.setPage(Page.ORDERS, self.orders_page)
        self.setStartId(Page.UNITS)
        chars = self.fontMetrics().averageCharWidth()
        self.resize(118 * chars, self.fontMetrics().lineSpacing() * 40)

    def commands(self) -> list[Orders]:
        page = self.orders_page
        turn = page.turn
        out: list[Orders] = []
        for uid in page.to_write():
            if page.status[uid] == Status.MISSING:
                out.append(Orders(uid=uid, turn=turn, missing="confirm"))
                continue
            movement, gunnery = page.texts[uid]
            out.append(
                Orders(
                    uid=uid,
                    turn=turn,
                    movement=parse_order(movement, "movement").text(),
                    gunnery=parse_order(gunnery, "gunnery").text(),
                )
            )
        return out

    def chosen_step(self) -> ChosenStep:
        turn = self.orders_page.turn
        side = int(self.units_page.side.currentData())
        who = f" (side {side})" if side else ""
        return ChosenStep(f"Orders for turn {turn}{who}", tuple(self.commands()))
