"""The capture wizard: which unit of the side whose turn it is turns the pips of which
building, each choice with the building's pips before and after (clause
``activation.capture``); it builds ``capture uid=U hex=H [colour=C]``.

The choices are those the engine takes: every unit of the side on the map, every building
and colour is tried on a copy of the match; a colour is named only where both would do
and they turn different pips. With none, the page says why each unit cannot: the engine's
refusal of its capture of the nearest building (ruling ``activation.capture-reach``)."""

from __future__ import annotations

import msgspec
from PySide6.QtWidgets import QListWidget, QVBoxLayout, QWidget, QWizardPage

from referee.app.activation.wizards.base import (
    CHOSEN,
    LEGAL,
    ActivationWizard,
    DicePage,
    Situation,
    dry_run,
)
from referee.app.map.map_overlay import MapOverlay
from referee.board.hexgrid import Hex, distance, hex_label
from referee.rules.activation.commands import Capture, Command
from referee.rules.activation.pips import Pips
from referee.rules.activation.record import Outcome
from referee.rules.activation.state import ActivationState


def pips_text(pips: Pips | None) -> str:
    if pips is None:
        return "gone"
    return pips.text()


class Choice(msgspec.Struct, frozen=True):
    """One capture the engine takes, with the building's pips before and after."""

    command: Capture
    before: Pips
    after: Pips | None

    def text(self) -> str:
        c = self.command
        colour = f" ({c.colour} pips)" if c.colour else ""
        return (
            f"{c.uid} captures {hex_label(c.hex)}{colour}: pips {pips_text(self.before)} "
            f"→ {pips_text(self.after)}"
        )


def _after(state: ActivationState, h: Hex) -> Pips | None:
    fort = state.fortifications.get(h)
    return fort.pips if fort is not None else None


class CaptureWizard(ActivationWizard):
    """See the module docstring."""

    def __init__(
        self, situation: Situation, overlay: MapOverlay, parent: QWidget | None = None
    ) -> None:
        super().__init__(situation, overlay, "Capture", parent)
        self.choices: list[Choice] = []
        why: list[str] = []
        """Each unit's refusal of a capture of its nearest building (said with no choice)."""
        for piece in sorted(self.state.of_side(self.side or 0), key=lambda p: p.uid):
            if not piece.on_map or piece.kind != "unit":
                continue
            here = piece.hex
            nearest = (
                min(self.state.fortifications, key=lambda h: (distance(h, here), hex_label(h)))
                if here is not None and self.state.fortifications
                else None
            )
            if nearest is not None:
                refused = dry_run(self, Capture(piece.uid, nearest, None))
                if isinstance(refused, str):
                    why.append(f"{piece.uid}: {refused}")
            for h, fort in sorted(
                self.state.fortifications.items(), key=lambda kv: hex_label(kv[0])
            ):
                seen: list[Pips | None] = []
                for colour in (None, "neutral", "enemy"):
                    command = Capture(piece.uid, h, colour)
                    outcome = dry_run(self, command)
                    if not isinstance(outcome, Outcome):
                        continue
                    after = _after(outcome.state, h)
                    if after in seen:
                        continue
                    seen.append(after)
                    self.choices.append(Choice(command, fort.pips, after))
        self.pick = CapturePage(self.choices, why)
        self.dice = DicePage()
        self.addPage(self.pick)
        self.addPage(self.dice)

    def command(self) -> Command | None:
        choice = self.pick.choice()
        return choice.command if choice is not None else None


class CapturePage(QWizardPage):
    """The captures the engine takes, their buildings green on the map."""

    def __init__(self, choices: list[Choice], why: list[str]) -> None:
        super().__init__()
        self.choices = choices
        self.setTitle("Capture")
        self.setSubTitle(
            "Which unit turns which building's pips? The buildings it can are "
            "green on the map: click one, or pick below."
            if choices
            else "No unit of this side can capture a building now"
            + (":\n" + "\n".join(why) if why else ".")
        )
        self.list = QListWidget()
        self.list.addItems([c.text() for c in choices])
        layout = QVBoxLayout(self)
        layout.addWidget(self.list, 1)
        self.list.itemSelectionChanged.connect(self._picked)

    def _overlay(self) -> MapOverlay:
        wizard = self.wizard()
        assert isinstance(wizard, ActivationWizard)
        return wizard.overlay

    def initializePage(self) -> None:
        self._draw()

    def _draw(self) -> None:
        overlay = self._overlay()
        overlay.clear_hexes()
        overlay.hexes({c.command.hex for c in self.choices}, LEGAL, "a building to capture")
        choice = self.choice()
        if choice is not None:
            overlay.hexes([choice.command.hex], CHOSEN, "the building picked")

    def _picked(self) -> None:
        self._draw()
        self.completeChanged.emit()

    def choice(self) -> Choice | None:
        row = self.list.currentRow()
        return self.choices[row] if self.list.selectedItems() and row >= 0 else None

    def pick_hex(self, h: Hex) -> bool:
        for i, c in enumerate(self.choices):
            if c.command.hex == h:
                self.list.setCurrentRow(i)
                return True
        return False

    def isComplete(self) -> bool:
        return self.choice() is not None
