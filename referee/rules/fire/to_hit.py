"""The to-hit number of a shot and its working (clause ``fire.to-hit`` and its rows).

need = base - (the shooter's "to hit" terms) - (the target's "to be hit" terms): a "+1 to
hit" makes the shot easier. Every term names the row's clause and, where a ruling gave
its value, the ruling: "needs 4: base 5, aim +2, long range -1, target in forest -1".
Terrain cover comes from the terrain table (``terrain.*.cover``, ``markers.*.cover``).

Clauses ``fire.to-hit.unit-abilities``, ``fire.weapon-abilities``; an ability the unit and
its weapon both have (Optimal at point blank, ruling ``fire.optimal-weapon``) counts once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import msgspec

from referee.rules.explain import Term, clauses, total
from referee.rules.fire.conditions import applies, value
from referee.rules.fire.shot import Shot
from referee.rules.fire.to_hit_table import Modifier, ToHitTable, to_hit_table
from referee.rules.state import UnitState
from referee.ruleset import Ruleset
from referee.units.model import Ability

TAKE_COVER_RULING = "fire.take-cover-terrain"


class ToHit(msgspec.Struct, frozen=True):
    """The number an open-ended d6 must reach, with every term that changed it."""

    base: int
    terms: tuple[Term, ...]
    base_clause: str
    notes: tuple[str, ...] = ()
    ruled: tuple[str, ...] = ()
    """Rulings that decided something besides a term (an ability counted once)."""

    @property
    def need(self) -> int:
        return self.base - total(self.terms)

    @property
    def clauses(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys((self.base_clause, *clauses(self.terms))))

    @property
    def rulings(self) -> tuple[str, ...]:
        terms = (t.ruling for t in self.terms if t.ruling)
        return tuple(dict.fromkeys((*terms, *self.ruled)))

    def explain(self) -> str:
        """``needs 4: base 5, aim +2, long range -1, target in forest -1``."""
        parts = [f"base {self.base}", *(t.text() for t in self.terms)]
        return f"needs {self.need}: {', '.join(parts)}"

    def to_json(self) -> dict[str, object]:
        return {
            "need": self.need,
            "base": self.base,
            "terms": [t.to_json() for t in self.terms],
            "clauses": list(self.clauses),
            "rulings": list(self.rulings),
            "notes": list(self.notes),
            "explain": self.explain(),
        }


def _term(label: str, amount: int, row: Modifier, ruling: str | None) -> list[Term]:
    return [Term(label, amount, row.clause, ruling)] if amount else []


def _ability_label(row: Modifier, ability: Ability) -> str:
    return row.label + (f"[{','.join(ability.params)}]" if ability.params else "")


def _abilities(
    table: ToHitTable,
    shot: Shot,
    unit: UnitState,
    abilities: Iterable[Ability],
    rows: Mapping[str, Modifier],
    *,
    as_target: bool,
) -> tuple[list[tuple[str, Term]], list[str]]:
    """The terms of ``abilities`` for ``unit`` as shooter or target (with the ability's
    name), and notes on abilities this edition does not have."""
    terms: list[tuple[str, Term]] = []
    notes: list[str] = []
    terrain = shot.target_terrain if as_target else shot.shooter_terrain
    markers = shot.target_markers if as_target else shot.shooter_markers
    for ability in abilities:
        if ability.name in table.not_in_edition:
            notes.append(f"{ability.text()}: not in this edition's to-hit table, no modifier")
            continue
        row = rows.get(ability.name)
        if row is None:
            continue
        column = row.to_be_hit if as_target else row.to_hit
        if column == 0 or not applies(
            table,
            row,
            ability,
            speed=unit.speed,
            terrain=terrain,
            markers=markers,
            band=shot.band,
        ):
            continue
        label = _ability_label(row, ability)
        ruling = row.to_be_hit_ruling if as_target else row.to_hit_ruling
        amount = value(column, ability)
        if amount:
            label = f"target {label}" if as_target else label
            terms.append((ability.name, Term(label, amount, row.clause, ruling)))
    return terms, notes


def _unit_rows(table: ToHitTable, unit: UnitState, shot: Shot, *, as_target: bool) -> list[Term]:
    """Speed, flying, markers in the unit's hex and size: rows that hold for any unit."""
    who = "target" if as_target else "shooter"
    col = "to_be_hit" if as_target else "to_hit"
    speed = table.speed(unit.speed)
    rows = [(speed, f"{who} {speed.label}")]
    if unit.flying:
        rows.append((table.flying, f"{who} {table.flying.label}"))
    if not as_target:
        markers = shot.shooter_markers
        rows += [
            (table.markers[m], f"{who} in {table.markers[m].label}")
            for m in sorted(markers)
            if m in table.markers
        ]
    size = table.sizes.get(unit.unit.size)
    if size is not None:
        rows.append((size, f"{who} {size.label}"))
    terms: list[Term] = []
    for row, label in rows:
        amount = getattr(row, col)
        ruling = row.to_be_hit_ruling if as_target else row.to_hit_ruling
        terms += _term(label, int(amount), row, ruling)
    return terms


def _cover(rules: Ruleset, table: ToHitTable, shot: Shot) -> tuple[list[Term], list[Term]]:
    """The target hex's terrain cover, and its markers' cover (both from terrain.toml)."""
    t = shot.target_terrain
    terrain: list[Term] = []
    if t.cover:
        terrain.append(Term(table.cover.text(t.name.lower()), t.cover, table.cover.clause))
    markers: list[Term] = []
    for marker_id in sorted(shot.target_markers):
        marker = rules.terrain.markers.get(marker_id)
        if marker is not None and marker.cover:
            row = table.markers.get(marker_id)
            clause = row.clause if row else table.cover.clause
            markers.append(Term(table.cover.text(marker.name.lower()), marker.cover, clause))
    return terrain, markers


def _cover_or_take_cover(
    rules: Ruleset, terrain: list[Term], markers: list[Term], take_cover: list[Term]
) -> tuple[list[Term], list[str]]:
    """Ruling ``fire.take-cover-terrain``: Take Cover adds to the terrain's cover, or only
    the better of the two counts (a marker's cover is not terrain and always counts)."""
    if not take_cover or not terrain or rules.reading(TAKE_COVER_RULING).value != "best":
        return [*terrain, *markers, *take_cover], []

    def ruled(terms: list[Term]) -> list[Term]:
        return [Term(t.label, t.value, t.clause, TAKE_COVER_RULING) for t in terms]

    def note(dropped: list[Term]) -> list[str]:
        return [f"{', '.join(t.text() for t in dropped)} not added (ruling {TAKE_COVER_RULING})"]

    if sum(t.value for t in take_cover) < sum(t.value for t in terrain):
        return [*markers, *ruled(take_cover)], note(terrain)
    return [*ruled(terrain), *markers], note(take_cover)


def to_hit(rules: Ruleset, shot: Shot) -> ToHit:
    """The to-hit number of ``shot`` under ``rules`` (clause ``fire.to-hit``).

    Order of the working: the shooter's speed, flying, smoke; aim; range band; on edge;
    the shooter's abilities and the weapon's; then the target's speed, flying, size,
    cover and abilities. Rows worth 0 are left out.
    """
    table = to_hit_table(rules)
    shooter, target = shot.shooter, shot.target
    terms = _unit_rows(table, shooter, shot, as_target=False)
    if shot.aim:
        terms += _term(table.aim.label, int(table.aim.to_hit), table.aim, table.aim.to_hit_ruling)
    if shot.band is not None:
        row = table.ranges.get(shot.band.band)
        if row is None:
            raise ValueError(
                f"{table.source}: no to-hit row for a shot {shot.band.band} "
                f"(range {shot.band.distance}, weapon range {shot.band.weapon_range})"
            )
        terms += _term(row.label, int(row.to_hit), row, shot.band.ruling or row.to_hit_ruling)
    if shot.on_edge:
        terms += _term(table.on_edge.label, int(table.on_edge.to_hit), table.on_edge, None)
    notes: list[str] = []
    ruled: list[str] = []
    own, n = _abilities(
        table, shot, shooter, shooter.unit.abilities, table.unit_abilities, as_target=False
    )
    terms += [t for _, t in own]
    notes += n
    if shot.weapon is not None:
        counted = {name for name, _ in own}
        carried, n = _abilities(
            table, shot, shooter, shot.weapon.abilities, table.weapon_abilities, as_target=False
        )
        for name, t in carried:
            if name in counted:  # Optimal at point blank on the unit and its weapon: once
                why = f" (ruling {t.ruling})" if t.ruling else ""
                notes.append(f"{t.label} of {shot.weapon.name}: counted once, with the unit's{why}")
                ruled += [t.ruling] if t.ruling else []
                continue
            terms.append(t)
        notes += n
    terms += _unit_rows(table, target, shot, as_target=True)
    theirs, n = _abilities(
        table, shot, target, target.unit.abilities, table.unit_abilities, as_target=True
    )
    notes += n
    terms += [t for name, t in theirs if name != "take-cover"]
    defence, n = _cover_or_take_cover(
        rules, *_cover(rules, table, shot), [t for name, t in theirs if name == "take-cover"]
    )
    terms += defence
    notes += n
    return ToHit(table.base, tuple(terms), table.clause, tuple(notes), tuple(ruled))
