"""The wizards of the start of a game of the activation rules, before deployment, each the
step the game asks now (Turn > Next step opens the one that is due):

* :class:`PresentWizard`: both armies as each player shows them to the other (clause
  ``activation.presentation``), then who bans first (ruling ``activation.first-ban``: a d2
  through the dice service, or side 1); it builds ``present``;
* :class:`BanWizard`: the side whose ban it is picks one of the missions left (clause
  ``activation.mission-choosing``; the last one left is played and its map set up,
  ``activation.map``); it builds ``ban side=S mission=M``;
* :class:`OrderWizard`: the random draw of the player who chooses the order (a d2, app
  rolled or typed: ``roll-order``), then that player goes first or second
  (``choose-order side=S go=first|second``; clause ``activation.player-order``).

Each ends on the dice page (:class:`~referee.app.activation.wizards.base.DicePage`): the
engine's working on the dice typed, or the app's dice drawn when the step is played."""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from referee.app.activation.wizards.base import ActivationWizard, DicePage, Situation
from referee.app.map.map_overlay import MapOverlay
from referee.app.widgets.plain_text import plain_tip
from referee.board.edge_words import sides_edges_words
from referee.rules.activation.commands import Ban, ChooseOrder, Command, Present, RollOrder
from referee.rules.activation.game import ActivationGame
from referee.rules.activation.state import ActivationState


def start_wizard(
    situation: Situation, overlay: MapOverlay, parent: QWidget | None = None
) -> ActivationWizard:
    """The wizard of the start step the game is at (see the module docstring)."""
    phase = situation.state.phase
    if phase == "presentation":
        return PresentWizard(situation, overlay, parent)
    if phase == "missions":
        return BanWizard(situation, overlay, parent)
    return OrderWizard(situation, overlay, parent)


def _text_label(text: str) -> QLabel:
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)  # unit ids and mission names from files
    label.setWordWrap(True)
    label.setAlignment(Qt.AlignmentFlag.AlignTop)
    return label


class _ListPage(QWizardPage):
    """A page of a few choices, one picked (a list, like the other wizards' first pages)."""

    def __init__(
        self,
        title: str,
        subtitle: str,
        note: str,
        rows: list[tuple[str, str, str]],
        first_picked: bool = False,
    ):
        super().__init__()
        self.setTitle(title)
        self.setSubTitle(subtitle)
        self.note = _text_label(note)
        self.list = QListWidget()
        for key, words, tip in rows:
            item = QListWidgetItem(words)
            item.setData(Qt.ItemDataRole.UserRole, key)
            if tip:
                item.setToolTip(plain_tip(tip))
            self.list.addItem(item)
        # a ban starts on its first row, as the main game's lists do (Next or Return goes
        # on, arrows pick another); the go-first is left to the referee: a current row that
        # is not selected, so the list taking the keyboard selects nothing by itself
        if first_picked:
            self.list.setCurrentRow(0)
        else:
            self.list.setCurrentRow(0, QItemSelectionModel.SelectionFlag.NoUpdate)
        layout = QVBoxLayout(self)
        layout.addWidget(self.note)
        layout.addWidget(self.list, 1)
        self.list.itemSelectionChanged.connect(self.completeChanged)

    def key(self) -> str | None:
        item = self.list.currentItem()
        if item is None or not item.isSelected():
            return None
        return str(item.data(Qt.ItemDataRole.UserRole))

    def pick(self, key: str) -> None:
        """Select the row of ``key`` (what a click on it does)."""
        for i in range(self.list.count()):
            if self.list.item(i).data(Qt.ItemDataRole.UserRole) == key:
                self.list.setCurrentRow(i)
                return

    def isComplete(self) -> bool:
        return self.key() is not None


class _InfoPage(QWizardPage):
    """A page that only says what the step does (a long text, two large armies, scrolls
    instead of growing the page past the dock)."""

    def __init__(self, title: str, subtitle: str, text: str) -> None:
        super().__init__()
        self.setTitle(title)
        self.setSubTitle(subtitle)
        self.text = _text_label(text)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.text)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll, 1)


def armies_text(game: ActivationGame, state: ActivationState) -> str:
    """Each side's army as shown to the other: every unit's card values, every structure's
    pips and armor (clause ``activation.presentation``)."""
    lines = []
    for side in (1, 2):
        lines.append(f"Side {side}:")
        for p in sorted(state.of_side(side), key=lambda p: p.uid):
            if p.kind == "structure":
                s = game.cards.structure(p.card)
                lines.append(f"  {p.uid}: {s.name} (structure), {s.pips} pips, armor {s.armor}")
                continue
            c = game.cards.unit(p.card)
            kind = c.type + (f" {c.vehicle_class}" if c.vehicle_class else "")
            weapons = ", ".join(f"{w.name} R{w.range} {w.penetration.text()}" for w in c.weapons)
            lines.append(
                f"  {p.uid}: {c.name} ({kind}), movement {c.movement}, {c.health} H, "
                f"armor {c.armor}, ammunition {c.ammunition}" + (f"; {weapons}" if weapons else "")
            )
    return "\n".join(lines)


class PresentWizard(ActivationWizard):
    """See the module docstring."""

    def __init__(
        self, situation: Situation, overlay: MapOverlay, parent: QWidget | None = None
    ) -> None:
        super().__init__(situation, overlay, "Present the armies", parent)
        start = self.game.rules.start
        first = (
            "a d2 draws the side that bans first (1: side 1, 2: side 2)"
            if start.first_ban != "side-1"
            else "side 1 bans first"
        )
        missions = ", ".join(self.state.missions_left)
        self.armies = _InfoPage(
            "Both players present their armies",
            f"Each shows the other every unit of their army. Then {first} (ruling "
            f"activation.first-ban: {start.first_ban}); missions offered: {missions}.",
            armies_text(self.game, self.state),
        )
        self.dice = DicePage()
        self.addPage(self.armies)
        self.addPage(self.dice)

    def command(self) -> Command | None:
        return Present()


class BanWizard(ActivationWizard):
    """See the module docstring."""

    def __init__(
        self, situation: Situation, overlay: MapOverlay, parent: QWidget | None = None
    ) -> None:
        super().__init__(situation, overlay, "Ban a mission", parent)
        state, missions = self.state, self.game.missions
        self.side = state.to_ban
        rows = []
        for mid in state.missions_left:
            m = missions.get(mid)
            rows.append(
                (
                    mid,
                    f"{m.name} ({mid}): {m.map_name} map, capacity {m.capacity}, "
                    f"{sides_edges_words(self.game.maps[mid], m.edges)}",
                    m.text,
                )
            )
        left = len(state.missions_left)
        self.missions = _ListPage(
            f"Side {self.side} bans a mission",
            "Which mission does it ban? The last one left is played.",
            f"{left} missions left; once this ban is made "
            + (
                "the last one is played and its map set up."
                if left == 2
                else f"side {3 - (self.side or 1)} bans next."
            ),
            rows,
            first_picked=True,
        )
        self.dice = DicePage()
        self.addPage(self.missions)
        self.addPage(self.dice)

    def command(self) -> Command | None:
        mission = self.missions.key()
        if mission is None or self.side is None:
            return None
        return Ban(self.side, mission)


class OrderWizard(ActivationWizard):
    """See the module docstring: the draw if nobody is drawn yet, else the choice."""

    def __init__(
        self, situation: Situation, overlay: MapOverlay, parent: QWidget | None = None
    ) -> None:
        super().__init__(situation, overlay, "Player order", parent)
        self.side = self.state.chooser
        self.choice: _ListPage | None = None
        if self.side is None:
            self.draw: _InfoPage | None = _InfoPage(
                "The draw of the player who chooses the order",
                "A player is chosen at random: a d2, rolled by the app or typed from the "
                "table (1: side 1, 2: side 2).",
                "The player drawn then chooses to go first or second: the first player "
                "deploys first and begins the main phase.",
            )
            self.addPage(self.draw)
        else:
            self.draw = None
            side = self.side
            self.choice = _ListPage(
                f"Side {side} chooses the order",
                "Does it go first or second?",
                f"Side {side} was drawn. The first player deploys first and begins the main phase.",
                [
                    ("first", f"Side {side} goes first", ""),
                    ("second", f"Side {side} goes second: side {3 - side} goes first", ""),
                ],
            )
            self.addPage(self.choice)
        self.dice = DicePage()
        self.addPage(self.dice)

    def command(self) -> Command | None:
        if self.choice is None:
            return RollOrder()
        go = self.choice.key()
        if go is None or self.side is None:
            return None
        return ChooseOrder(self.side, go)
