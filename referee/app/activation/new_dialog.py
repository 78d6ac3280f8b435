"""File > New activation match…: both armies (one ``UID CARD`` line per unit or structure,
the ruleset's cards listed beside), the missions offered for the bans, the seed, and the
file; OK writes the match (:meth:`ActivationMatch.create`, which checks everything first)
and the window opens on it. A refusal is shown in the dialog, which stays open."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from referee.app.widgets.boxes import SpinBox
from referee.app.widgets.plain_text import plain_tip
from referee.board.edge_words import sides_edges_words
from referee.errors import RefereeError, one_line
from referee.match.games.activation_file import ActivationMatch
from referee.rules.activation.game import ActivationGame
from referee.ruleset.shipped import ruleset

SAMPLE_ARMIES = {
    1: "tank battle-tank\nrifles rifle-squad\nbunker bunker\nhawk fighter",
    2: "buggy scout-buggy\ngrunts rifle-squad\nfighter fighter\nrockets rocket-team",
}
"""What the armies start as: a small army a side from the sample cards."""


def parse_army(
    text: str, side: int, cards: Sequence[str], seen: set[str] | None = None
) -> list[dict[str, object]]:
    """The units of one side's box: ``UID CARD`` a line (blank lines skipped). A line that
    is not two words, names a card not in ``cards`` (the ruleset's units and structures,
    the list the dialog shows) or a uid already in ``seen`` (filled as lines are read) is
    refused naming the side and the line."""
    seen = set() if seen is None else seen
    units: list[dict[str, object]] = []
    for n, line in enumerate(text.splitlines(), 1):
        words = line.split()
        if not words:
            continue
        where = f"side {side}, line {n}"
        if len(words) != 2:
            raise RefereeError(
                f"{where}: write UID CARD (e.g. tank battle-tank), not {line.strip()!r}"
            )
        uid, card = words
        if card not in cards:
            raise RefereeError(f"{where}: no card {card!r} (cards: {', '.join(cards)})")
        if uid in seen:
            raise RefereeError(f"{where}: {uid!r} names two pieces: give each its own uid")
        seen.add(uid)
        units.append({"uid": uid, "unit": card, "side": side})
    return units


class NewActivationMatch(QDialog):
    """The dialog (see the module docstring); :attr:`match` is the match made, once OK."""

    def __init__(
        self, path: Path, parent: QWidget | None = None, ruleset_id: str = "activation"
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("New match of the activation rules")
        self.ruleset_id = ruleset_id
        self.match: ActivationMatch | None = None
        game = ActivationGame.of(ruleset(ruleset_id))
        layout = QVBoxLayout(self)
        armies = QHBoxLayout()
        self.army_boxes: dict[int, QPlainTextEdit] = {}
        for side in (1, 2):
            box = QGroupBox(f"Side &{side}'s army (UID CARD a line)", self)  # Alt+1, Alt+2
            inner = QVBoxLayout(box)
            edit = QPlainTextEdit(SAMPLE_ARMIES[side], box)
            edit.setTabChangesFocus(True)  # Tab goes on to the next box: no tab in an army
            inner.addWidget(edit)
            self.army_boxes[side] = edit
            armies.addWidget(box)
        layout.addLayout(armies)
        self.cards = sorted([*game.cards.units, *game.cards.structures])
        self.known = QLabel(f"Cards: {', '.join(self.cards)}", self)
        self.known.setTextFormat(Qt.TextFormat.PlainText)
        self.known.setWordWrap(True)
        layout.addWidget(self.known)
        missions = QGroupBox("Missions offered for the bans", self)
        row = QHBoxLayout(missions)
        self.mission_boxes: dict[str, QCheckBox] = {}
        for mid, mission in game.missions.missions.items():
            check = QCheckBox(mission.name, missions)
            check.setChecked(True)
            edges = sides_edges_words(game.maps[mid], mission.edges)
            check.setToolTip(plain_tip(f"{mission.text}\nDeployment: {edges}."))
            row.addWidget(check)
            self.mission_boxes[mid] = check
        layout.addWidget(missions)
        form = QFormLayout()
        self.seed = SpinBox(self)
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setValue(2002)
        self.file = QLineEdit(str(path), self)
        form.addRow("&Seed of the app's dice", self.seed)
        form.addRow("Match &file", self.file)
        layout.addLayout(form)
        self.problem = QLabel(self)
        self.problem.setTextFormat(Qt.TextFormat.PlainText)  # quotes the armies typed
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #9e2a2a")
        layout.addWidget(self.problem)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        create = buttons.button(QDialogButtonBox.StandardButton.Ok)
        create.setText("C&reate the match")  # a letter: Return in an army box is a new line
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def accept(self) -> None:
        """Write the match; on a refusal say why and stay open (nothing written)."""
        try:
            seen: set[str] = set()
            units = [
                u
                for side, box in self.army_boxes.items()
                for u in parse_army(box.toPlainText(), side, self.cards, seen)
            ]
            offered = [m for m, box in self.mission_boxes.items() if box.isChecked()]
            if not offered:
                raise RefereeError("offer at least one mission")
            self.match = ActivationMatch.create(
                Path(self.file.text().strip()),
                units=units,
                ruleset=self.ruleset_id,
                missions=offered,
                seed=self.seed.value(),
            )
        except RefereeError as exc:
            self.problem.setText(one_line(exc))
            return
        super().accept()
