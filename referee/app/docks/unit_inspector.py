"""The unit inspector: the selected unit as it stands now (hex, facing, speed, models,
conditions, damage tokens, ammo, orders this turn and next, damage waiting to be applied),
the rules that bear on it (its terrain, conditions and abilities, as links that open the
rules browser: ``ruleRequested``), then its whole card as the catalogue prints it. The other
units in its hex are links: each shows in turn (``unitChosen``). A destroyed unit is off the
map but stays here, said to be destroyed."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QUrl, Signal
from PySide6.QtWidgets import QTextBrowser, QVBoxLayout, QWidget

from referee.app.docks.rule_html import rule_link
from referee.app.widgets.boxes import ComboBox
from referee.app.widgets.style import side_name
from referee.board.hexgrid import facing_name, hex_label
from referee.errors import RefereeError
from referee.rules.orders.state import MatchState
from referee.rules.state import UnitState
from referee.units.card_text import unit_card, weapon_line


def _row(name: str, value: str) -> str:
    return f"<tr><td style='color:#555;padding-right:8px'>{escape(name)}</td><td>{value}</td></tr>"


def conditions_text(u: UnitState) -> str:
    """The unit's conditions in words ("none" when it has none)."""
    found = []
    if u.shaken:
        found.append(f"shaken ({u.shaken} token{'s' if u.shaken > 1 else ''})")
    if u.fire:
        found.append(f"on fire ({u.fire})")
    if u.acid:
        found.append(f"acid ({u.acid})")
    if u.minor_acid:
        found.append(f"minor acid ({u.minor_acid})")
    if u.poison:
        found.append("poison " + ", ".join(f"d{d}" for d in u.poison))
    if u.bleeding:
        found.append("bleeding " + ", ".join(f"d{d}" for d in u.bleeding))
    if u.armor_down:
        found.append(f"armor down {u.armor_down}")
    if u.flying:
        found.append("flying")
    if u.hidden:
        found.append("hidden")
    if u.aim is not None:
        found.append(
            f"aimed from {hex_label(u.aim.hex)} (turn {u.aim.turn}, gunnery {u.aim.gunnery})"
        )
    if u.tokens:
        where = f" for {hex_label(u.token_hex)}" if u.token_hex is not None else ""
        found.append(f"{u.tokens} difficult-terrain token(s){where}")
    return ", ".join(found) or "none"


CONDITION_CLAUSES: tuple[tuple[str, str], ...] = (
    ("shaken", "conditions.shaken"),
    ("fire", "agony.fire"),
    ("acid", "agony.acid"),
    ("minor_acid", "agony.minor-acid"),
    ("poison", "agony.poison"),
    ("bleeding", "agony.bleeding"),
    ("flying", "move.flying"),
    ("hidden", "setup.hidden"),
    ("aim", "fire.aim"),
    ("tokens", "move.difficult-terrain"),
)
"""The clause that describes each condition a unit may have (the attribute of its state)."""


def unit_rules(state: MatchState, uid: str) -> list[tuple[str, str]]:
    """The clauses bearing on unit ``uid`` now, as (what, clause id): the terrain it stands
    in, its conditions and its abilities (the unit's and its weapons')."""
    from referee.units.abilities import register

    u = state.unit(uid)
    found: list[tuple[str, str]] = []
    terrain = state.rules.terrain.terrain.get(state.terrain_at(u.hex))
    if terrain is not None:
        found.append((terrain.name.lower(), terrain.clause))
    for attribute, clause in CONDITION_CLAUSES:
        value = getattr(u, attribute, None)
        if value not in (None, 0, False, ()):
            found.append((attribute.replace("_", " "), clause))
    specs = register().abilities
    abilities = [*u.unit.abilities, *(a for w in u.unit.weapons for a in w.abilities)]
    for ability in abilities:
        spec = specs.get(ability.name)
        if spec is not None and (ability.name, spec.clause) not in found:
            found.append((ability.name, spec.clause))
    return found


def unit_html(state: MatchState, uid: str) -> str:
    """The inspector's page for unit ``uid`` in ``state``."""
    u = state.unit(uid)
    card = u.unit
    models = f"{u.alive} of {card.models}"
    if card.elites:
        models += f" ({u.elites_alive} of {card.elites} elite)"
    if u.destroyed:
        models = "none: destroyed (off the map; the journal keeps what happened to it)"
    others = [
        o.uid for o in state.units.values() if o.hex == u.hex and o.uid != uid and not o.destroyed
    ]
    rows = [
        _row("unit", f"{escape(card.name)} — {escape(u.nation)}, {side_name(u.side)}"),
        _row(
            "hex" if not u.destroyed else "last hex",
            f"{hex_label(u.hex)} ({escape(state.terrain_at(u.hex))})",
        ),
        _row("facing", facing_name(u.facing)),
        _row("speed", escape(u.speed)),
        _row("models", models),
        _row("damage tokens", f"+{u.damage_tokens} to future damage" if u.damage_tokens else "0"),
        _row("conditions", escape(conditions_text(u))),
        _row(
            "rules",
            ", ".join(rule_link("clause", cid, what) for what, cid in unit_rules(state, uid))
            or "none",
        ),
    ]
    weapons = []
    for w in card.weapons:
        ammo = u.loaded.get(w.name, 0)
        fired = u.fired.get(w.name, 0)
        spent = f", {fired} shot(s) spent" if w.limited_ammo is not None else ""
        weapons.append(f"<li>{escape(weapon_line(w))}<br><i>loaded: {ammo}{spent}</i></li>")
    orders = []
    for turn in (state.turn, state.turn + 1):
        given = state.orders.get(uid, {}).get(str(turn), {})
        text = "; ".join(f"{k}: {v}" for k, v in given.items()) or "not written yet"
        orders.append(_row(f"turn {turn}", escape(text + _carried_words(state, uid, turn))))
    pending = [p for p in state.pending if p["unit"] == uid]
    if others:  # a hex of several units: each one a click away
        links = ", ".join(f"<a href='unit:{escape(o, quote=True)}'>{escape(o)}</a>" for o in others)
        rows.insert(2, _row("in the hex too", links))
    parts = [
        f"<h3>{escape(uid)}</h3><table>{''.join(rows)}</table>",
        "<h4>Weapons and ammo</h4>",
        "<ul>" + "".join(weapons) + "</ul>" if weapons else "<p>none</p>",
        f"<h4>Orders</h4><table>{''.join(orders)}</table>",
    ]
    if pending:
        items = "".join(
            f"<li>{escape(str(p['source']))}: {escape(str(p['table']))} table, "
            f"{escape(str(p['result']))} ({escape(str(p['cause']))})</li>"
            for p in pending
        )
        parts.append(f"<h4>Damage waiting to be applied</h4><ul>{items}</ul>")
    card_text = escape("\n".join(unit_card(card)))
    parts.append(f"<h4>Card</h4><pre style='white-space: pre-wrap'>{card_text}</pre>")
    return "".join(parts)


class UnitInspector(QWidget):
    """A unit picker and the picked unit's page; ``unitChosen(uid)`` when picked here,
    ``ruleRequested(link)`` when a rule's link is clicked."""

    unitChosen = Signal(str)
    ruleRequested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.picker = ComboBox()
        self.picker.setToolTip("The unit shown; click a token on the map to pick it there")
        self.page = QTextBrowser()
        self.page.setOpenLinks(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.picker)
        layout.addWidget(self.page, 1)
        self._state: MatchState | None = None
        self.uid: str | None = None
        self.picker.activated.connect(self._picked)
        self.page.anchorClicked.connect(self._link)

    def _link(self, url: QUrl) -> None:
        """A unit's link (another unit in the hex) shows it; a rule's opens the rules."""
        if url.scheme() == "unit":
            uid = url.path()
            if self._state is not None and uid in self._state.units:
                self.show_unit(uid)
                self.unitChosen.emit(uid)
            return
        self.ruleRequested.emit(url.toString())

    def _picked(self, index: int) -> None:
        uid = self.picker.itemData(index)
        if isinstance(uid, str):
            self.show_unit(uid)
            self.unitChosen.emit(uid)

    def set_state(self, state: MatchState) -> None:
        self._state = state
        self.picker.blockSignals(True)
        self.picker.clear()
        for uid, u in state.units.items():
            where = "destroyed" if u.destroyed else hex_label(u.hex)
            self.picker.addItem(f"{uid} — {u.unit.name} ({where})", uid)
        self.picker.blockSignals(False)
        if self.uid not in state.units:
            self.uid = next(iter(state.units), None)
        self.show_unit(self.uid)

    def show_unit(self, uid: str | None) -> None:
        self.uid = uid
        if self._state is None or uid is None or uid not in self._state.units:
            self.page.setHtml("<p><i>No unit on the table.</i></p>")
            return
        self.picker.setCurrentIndex(self.picker.findData(uid))
        self.page.setHtml(unit_html(self._state, uid))


def _carried_words(state: MatchState, uid: str, turn: int) -> str:
    """How the engine will carry out ``uid``'s orders for ``turn`` when an illegal action in
    them becomes nothing or the default order (clause ``orders.illegal``); "" when they are
    carried out as written."""
    from referee.rules.orders.carried import as_carried_out

    try:
        check = as_carried_out(state, uid, turn)
    except RefereeError:  # orders that do not read: the orders as written say so
        return ""
    if check is None or (check.movement.legal and check.gunnery.legal):
        return ""
    done = "; ".join(f"{c.kind}: {c.done.text()}" for c in (check.movement, check.gunnery))
    return f" (carried out as {done}: an illegal action, clause orders.illegal)"
