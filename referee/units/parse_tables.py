"""The tabular parts of a unit card: speeds with their orders, deflection, damage tables.

Clauses ``orders.speed`` (the orders a speed allows), ``orders.default`` (the default
movement order of a speed), ``assault.deflection`` and ``damage.table``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

from referee.board.sector_stats import SectorNumbers, SectorStat
from referee.errors import whole_number
from referee.units.abilities import Register
from referee.units.fields import HIT_RE, ID_RE, At, read_int, required
from referee.units.model import EFFECT_KINDS, DamageRow, DamageTable, Deflection, Effect, Speed

SPEED_KEYS = frozenset({"name", "movement", "gunnery", "default"})
ROW_KEYS = frozenset({"at", "effects", "text"})
EFFECT_KEYS = frozenset({"kind", "amount", "text"})
DICE_MAX = 10
BLEEDING_DICE = (4, 6, 8, 10, 12)

_SPEED_ORDER_RE = re.compile(r"^([AB])\[([a-z-]+)\]$")


def parse_deflection(text: str) -> Deflection:
    """``2, 5+ / -, - / -, - / -, -``: dice and success number per sector; ``-, -`` (or
    ``-``) is no deflection in that sector. One entry is the same for every angle (clause
    ``assault.deflection``)."""
    if not isinstance(text, str):
        raise ValueError(f"{text!r}: expected text like '2, 5+ / -, - / -, - / -, -'")
    entries = [e.strip() for e in text.split("/")]
    if len(entries) == 1:
        entries *= 4
    if len(entries) != 4:
        raise ValueError(f"{text!r}: expected 4 entries separated by '/', got {len(entries)}")
    dice: list[int] = []
    hits: list[int | None] = []
    for i, entry in enumerate(entries):
        parts = [p.strip() for p in entry.split(",")]
        if parts in (["-"], ["-", "-"], ["0", "-"]):
            dice.append(0)
            hits.append(None)
            continue
        m = HIT_RE.match(parts[1]) if len(parts) == 2 else None
        count = whole_number(parts[0])
        if not m or count is None or not 1 <= count <= DICE_MAX:
            raise ValueError(
                f"{text!r}: entry {i + 1} {entry!r} is not 'dice, N+' (e.g. '2, 5+') or '-, -'"
            )
        dice.append(int(parts[0]))
        hits.append(int(m.group(1)))
    return Deflection(
        SectorNumbers((dice[0], dice[1], dice[2], dice[3])),
        SectorStat((hits[0], hits[1], hits[2], hits[3])),
    )


# --- speeds -------------------------------------------------------------------------------------


def _orders(at: At, value: object, known: tuple[str, ...]) -> tuple[str, ...]:
    if value is None:  # missing: already recorded
        return ()
    if not isinstance(value, str):
        at.add(f'expected the orders as text separated by spaces, e.g. "F L R -", got {value!r}')
        return ()
    out: list[str] = []
    for code in value.split():
        m = _SPEED_ORDER_RE.match(code)
        generic = f"{m.group(1)}[X]" if m else code
        if generic not in known:
            at.add(f"{code!r} is not an order ({', '.join(known)})")
        elif code in out:
            at.add(f"{code!r} is given twice")
        else:
            out.append(code)
    return tuple(out)


def parse_speeds(at: At, value: object, reg: Register) -> tuple[Speed, ...]:
    """The unit's speeds, slowest first, with the orders each allows (clause
    ``orders.speed``) and its default movement order (clause ``orders.default``)."""
    if value is None:
        return ()
    if not isinstance(value, list) or not value:
        at.add(
            'expected a list of speeds like [{ name = "slow", movement = "F L R -", '
            'gunnery = "Fire -", default = "F" }]'
        )
        return ()
    speeds: list[Speed] = []
    names = [raw.get("name") for raw in value if isinstance(raw, dict)]
    for i, raw in enumerate(value):
        item = at(f"[{i}]")
        if not isinstance(raw, dict):
            item.add("expected a table")
            continue
        before = len(at.problems)
        item.unknown_keys(raw, SPEED_KEYS)
        name = raw.get("name")
        if name not in reg.speeds:
            item("name").add(f"{name!r} is not a speed ({', '.join(reg.speeds)})")
        elif names.index(name) < i:
            item("name").add(f"speed {name!r} is given twice")
        movement = _orders(item("movement"), required(item, raw, "movement"), reg.movement_orders)
        gunnery = _orders(item("gunnery"), required(item, raw, "gunnery"), reg.gunnery_orders)
        default = raw.get("default", "-")
        if default not in movement:
            item("default").add(f"{default!r} is not one of this speed's movement orders")
        for code in movement:
            m = _SPEED_ORDER_RE.match(code)
            if m and m.group(2) not in names:
                item("movement").add(f"{code!r}: the unit has no speed {m.group(2)!r}")
        if len(at.problems) == before:
            speeds.append(Speed(str(name), movement, gunnery, str(default)))
    return tuple(speeds)


# --- damage tables ------------------------------------------------------------------------------


def _effect(at: At, raw: object, models: int) -> Effect | None:
    kind: object
    amount: object = 1
    text: object = ""
    if isinstance(raw, str):
        kind, _, amount_text = raw.partition(":")
        if amount_text:
            number = whole_number(amount_text)
            amount = number if number is not None and number >= 0 else amount_text
    elif isinstance(raw, dict):
        at.unknown_keys(raw, EFFECT_KEYS)
        kind, amount, text = raw.get("kind"), raw.get("amount", 1), raw.get("text", "")
    else:
        at.add(f"expected 'kind', 'kind:N' or {{ kind = ..., text = ... }}, got {raw!r}")
        return None
    if kind not in EFFECT_KINDS:
        at.add(f"{kind!r} is not an effect ({', '.join(EFFECT_KINDS)})")
        return None
    high = models if kind == "kill" else 12
    if kind == "bleeding":
        if amount not in BLEEDING_DICE:
            at.add(f"bleeding:{amount} is not a die size (4, 6, 8, 10 or 12)")
            return None
    elif read_int(at, amount, 1, high) is None:
        return None
    if not isinstance(text, str):
        at.add("text: expected text")
        return None
    return Effect(kind, amount, text)  # type: ignore[arg-type]


def _row_text(effects: tuple[Effect, ...]) -> str:
    parts = []
    for e in effects:
        label = e.text or e.kind.replace("-", " ")
        parts.append(f"{label} {e.amount}" if e.amount != 1 and not e.text else label)
    return ", ".join(parts)


def parse_damage_tables(at: At, value: object, models: int) -> Mapping[str, DamageTable]:
    """``[[unit.damage.regular]]`` rows (``at``, ``effects``, ``text``) of each named table
    (clause ``damage.table``); a ``regular`` table is required."""
    if value is None:
        return MappingProxyType({})
    if not isinstance(value, dict):
        at.add('expected tables of rows: [[unit.damage.regular]] at = 5, effects = ["kill"]')
        return MappingProxyType({})
    tables: dict[str, DamageTable] = {}
    if "regular" not in value:
        at("regular").add("missing (every unit needs a regular damage table)")
    for name, rows in value.items():
        tat = at(name)
        if not ID_RE.match(name):
            tat.add("a table name is lower case with hyphens (regular, psychic, light, crew...)")
            continue
        if not isinstance(rows, list) or not rows:
            tat.add(f'expected rows: [[unit.damage.{name}]] at = 5, effects = ["kill"]')
            continue
        before = len(at.problems)
        parsed: list[DamageRow] = []
        for i, row in enumerate(rows):
            rat = tat(f"[{i}]")
            if not isinstance(row, dict):
                rat.add("expected a table with at, effects and text")
                continue
            rat.unknown_keys(row, ROW_KEYS)
            start = read_int(rat("at"), row.get("at"), 1, 30)
            effects_raw = row.get("effects")
            if not isinstance(effects_raw, list) or not effects_raw:
                rat("effects").add('expected a non-empty list, e.g. ["kill", "damage-token"]')
                effects_raw = []
            effects = [
                _effect(rat("effects")(f"[{j}]"), e, models) for j, e in enumerate(effects_raw)
            ]
            text = row.get("text")
            if text is not None and not isinstance(text, str):
                rat("text").add("expected text")
            if parsed and start is not None and start <= parsed[-1].at:
                rat("at").add(
                    f"{start} does not follow the previous row's {parsed[-1].at}: "
                    "rows go from the lowest result up"
                )
            if start is not None and all(effects):
                kept = tuple(e for e in effects if e is not None)
                parsed.append(
                    DamageRow(start, kept, text if isinstance(text, str) else _row_text(kept))
                )
        if len(at.problems) == before:
            tables[name] = DamageTable(name, tuple(parsed))
    return MappingProxyType(tables)
