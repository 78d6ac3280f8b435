"""The Unit dock of a match of the activation rules: a picker of every unit and structure of
both armies, and the picked one's page (:func:`piece_html`): its card's values (type and
class, movement, H, armor, ammunition, capacity, weapons, what it carries, its "before the
battle" actions), where it is and its state now (H left, ammunition left, the transport it
is aboard), the units aboard it when it is a transport (clause ``activation.embark``,
ruling ``activation.transport-capacity``), and what else stands on its tile (the other units
as links, the building with its pips). A click on a unit's tile on the map shows it here
(a second click on a tile of several, the next). Every word from a file is escaped; the
clause and ruling links open the rules dock (``ruleRequested``)."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QUrl, Signal
from PySide6.QtWidgets import QTextBrowser, QVBoxLayout, QWidget

from referee.app.docks.rule_html import rule_link
from referee.app.widgets.boxes import ComboBox
from referee.board.hexgrid import Hex, facing_name, hex_label
from referee.rules.activation.game import ActivationGame
from referee.rules.activation.state import ActivationState, Piece
from referee.rules.activation.transport import room_text

NO_PIECE = "<p><i>No unit: click a unit's tile on the map, or pick one above.</i></p>"


def _row(name: str, value: str) -> str:
    return f"<tr><td style='color:#555;padding-right:8px'>{escape(name)}</td><td>{value}</td></tr>"


def where_words(state: ActivationState, piece: Piece) -> str:
    """Where ``piece`` is, in words (its tile and facing, the transport it is aboard, the
    reserves, out of the battle, destroyed, not deployed yet)."""
    if piece.status == "deployed" and piece.hex is not None:
        if piece.kind == "structure":
            return f"on {hex_label(piece.hex)}"
        return f"on {hex_label(piece.hex)}, facing {facing_name(piece.facing)}"
    if piece.status == "embarked" and piece.carrier is not None:
        carrier = state.pieces.get(piece.carrier)
        on = (
            f" (on {hex_label(carrier.hex)})"
            if carrier is not None and carrier.hex is not None
            else ""
        )
        return f"aboard {piece.carrier}{on}"
    return {
        "roster": "on its player's roster: not deployed yet",
        "reserve": "in the reserves",
        "out": "out of the battle",
        "destroyed": "destroyed (off the map; the journal keeps what happened to it)",
    }.get(piece.status, piece.status)


def piece_html(game: ActivationGame, state: ActivationState, uid: str) -> str:
    """The Unit dock's page for the unit or structure ``uid`` (see the module docstring)."""
    piece = state.pieces[uid]
    if piece.kind == "structure":
        return _structure_html(game, state, piece)
    card = game.cards.unit(piece.card)
    kind = card.type + (f", class {card.vehicle_class}" if card.vehicle_class else "")
    rows = [
        _row("unit", f"{escape(card.name)} ({escape(kind)}), side {piece.side}"),
        _row("where", escape(where_words(state, piece))),
        _row("H", f"{piece.health} of {card.health}"),
        _row(
            "ammunition",
            f"{piece.ammunition} of {card.ammunition} "
            f"({rule_link('clause', 'activation.ammunition', 'ammunition')})",
        ),
        _row("movement", str(card.movement)),
        _row("armor", str(card.armor)),
        _row("capacity", f"{card.capacity} (what it takes of a deployment's capacity)"),
    ]
    parts = [f"<h3>{escape(uid)}</h3><table>{''.join(rows)}</table>"]
    if card.weapons:
        weapons = "".join(
            f"<li>{escape(w.name)} ({escape(w.id)}): R {w.range}, penetration "
            f"{escape(w.penetration.text())}"
            + ("" if w.ammunition else ", spends no ammunition")
            + "</li>"
            for w in card.weapons
        )
        parts.append(
            f"<h4>Weapons ({rule_link('clause', 'activation.shooting', 'shooting')})</h4>"
            f"<ul>{weapons}</ul>"
        )
    if card.transport:
        counts = game.rules.movement.transport_counts
        aboard = state.aboard(uid)
        cards = [game.card(p) for p in aboard]
        listed = "".join(
            f"<li>{escape(p.uid)}: {escape(c.name)}, {p.health} H, {p.ammunition} ammunition</li>"
            for p, c in zip(aboard, cards, strict=True)
        )
        parts.append(
            f"<h4>Aboard ({rule_link('clause', 'activation.embark', 'embarking')}, "
            f"{rule_link('ruling', 'activation.transport-capacity', 'capacity')})</h4>"
            f"<p>Carries {escape(', '.join(card.transport_types))}: "
            f"{escape(room_text(card, cards, counts))}.</p>"
            + (f"<ul>{listed}</ul>" if listed else "<p>Nobody aboard.</p>")
        )
    if card.before_battle:
        actions = "".join(
            f"<li>{escape(a.name)} ({'a move' if a.kind == 'move' else 'at the table'}): "
            f"{'made' if (uid, a.id) in state.used else 'not made'}</li>"
            for a in card.before_battle
        )
        parts.append(f"<h4>Before the battle</h4><ul>{actions}</ul>")
    if piece.on_map and piece.hex is not None:
        parts.append(_tile_html(game, state, piece.hex, uid))
    return "".join(parts)


def _structure_html(game: ActivationGame, state: ActivationState, piece: Piece) -> str:
    s = game.cards.structure(piece.card)
    rows = [
        _row("structure", f"{escape(s.name)}, side {piece.side}"),
        _row("where", escape(where_words(state, piece))),
        _row("pips", f"{s.pips} when deployed"),
        _row("armor", str(s.armor)),
        _row("capacity", f"{s.capacity} (what it takes of a deployment's capacity)"),
    ]
    parts = [f"<h3>{escape(piece.uid)}</h3><table>{''.join(rows)}</table>"]
    if piece.on_map and piece.hex is not None:
        parts.append(_tile_html(game, state, piece.hex, piece.uid))
    return "".join(parts)


def _tile_html(game: ActivationGame, state: ActivationState, h: Hex, uid: str) -> str:
    """What else stands on ``h``: the building and its pips, the other units as links."""
    lines = []
    fort = state.fortifications.get(h)
    if fort is not None:
        name = game.cards.structures[fort.structure].name
        owner = f"side {fort.owner}'s" if fort.owner is not None else "the mission's"
        lines.append(
            f"<li>{escape(name)} ({owner}), pips {escape(fort.pips.text())} "
            f"({rule_link('clause', 'activation.fortifications', 'fortifications')})</li>"
        )
    for other in sorted(state.on_map(), key=lambda p: p.uid):
        if other.hex == h and other.kind == "unit" and other.uid != uid:
            name = game.card(other).name
            link = f"<a href='unit:{escape(other.uid, quote=True)}'>{escape(other.uid)}</a>"
            lines.append(f"<li>{link}: {escape(name)}, side {other.side}, {other.health} H</li>")
    if not lines:
        return ""
    return f"<h4>On {hex_label(h)} too</h4><ul>{''.join(lines)}</ul>"


class ActivationInspector(QWidget):
    """The picker and the picked piece's page; ``ruleRequested(link)`` when a rule's link
    is clicked (a unit's link shows that unit)."""

    ruleRequested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.picker = ComboBox()
        self.picker.setToolTip("The unit shown; click a unit's tile on the map to pick it there")
        self.page = QTextBrowser()
        self.page.setOpenLinks(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.picker)
        layout.addWidget(self.page, 1)
        self.game: ActivationGame | None = None
        self.state: ActivationState | None = None
        self.uid: str | None = None
        self.picker.activated.connect(self._picked)
        self.page.anchorClicked.connect(self._link)
        self.page.setHtml(NO_PIECE)

    def set_state(self, game: ActivationGame, state: ActivationState) -> None:
        """Show the pieces of ``state`` (the one shown stays, redrawn)."""
        self.game, self.state = game, state
        self.picker.blockSignals(True)
        self.picker.clear()
        for p in sorted(state.pieces.values(), key=lambda p: (p.side, p.uid)):
            name = game.card(p).name if p.kind == "unit" else game.cards.structure(p.card).name
            self.picker.addItem(f"{p.uid} — {name} (side {p.side}, {p.status})", p.uid)
        self.picker.blockSignals(False)
        self.show_piece(self.uid if self.uid in state.pieces else None)

    def show_piece(self, uid: str | None) -> None:
        self.uid = uid
        if self.game is None or self.state is None or uid is None or uid not in self.state.pieces:
            self.uid = None
            self.picker.setCurrentIndex(-1)
            self.page.setHtml(NO_PIECE)
            return
        self.picker.setCurrentIndex(self.picker.findData(uid))
        self.page.setHtml(piece_html(self.game, self.state, uid))

    def show_tile(self, h: Hex) -> bool:
        """Show a unit on ``h`` (the next one when one of them is shown; a structure when
        no unit is there): True if one stands there."""
        if self.state is None:
            return False
        units = [p.uid for p in self.state.at(h)] or [
            p.uid
            for p in sorted(self.state.pieces.values(), key=lambda p: p.uid)
            if p.kind == "structure" and p.on_map and p.hex == h
        ]
        if not units:
            return False
        now = self.uid
        self.show_piece(units[(units.index(now) + 1) % len(units)] if now in units else units[0])
        return True

    def _picked(self, index: int) -> None:
        uid = self.picker.itemData(index)
        if isinstance(uid, str):
            self.show_piece(uid)

    def _link(self, url: QUrl) -> None:
        if url.scheme() == "unit":
            self.show_piece(url.path())
            return
        self.ruleRequested.emit(url.toString())
