"""The damage of a fire action's hits, rolled in sequence and left pending, and the area
fire action as a journal event.

Each hit's damage is rolled on the target as the earlier rolls of the step leave it
(clause ``damage.sequence``, ruling ``damage.pending-tokens``) and waits for the 'apply
damage' step as a pending record. The dice of all the hits are announced before the first
is rolled, so a referee typing them sees them listed (:meth:`referee.dice.service.Dice.expect`).

An Area(n+) weapon (clause ``fire.area``) fires at a hex: one die per model of every enemy
unit in it, each success rolled for evasion (clauses ``fire.evasion``,
``fire.improve-evasion``, ``fire.take-cover``), one damage roll per hit that stands.
The fire, acid and poison the weapon places on the units hit are part of the same event
(:mod:`referee.rules.orders.fire_conditions`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from referee.board.hexgrid import hex_label
from referee.board.sector_stats import Sector
from referee.dice.service import Dice
from referee.rules.changes import Changes
from referee.rules.command import CommandError
from referee.rules.damage.damage_roll import damage_requests, damage_roll
from referee.rules.damage.pending import PendingLedger
from referee.rules.events import Event
from referee.rules.fire.aim import after_fire
from referee.rules.fire.area_hex import area_targets
from referee.rules.fire.sector import SectorError, hit_sector
from referee.rules.fire.weapon_conditions import conditions_of_hits
from referee.rules.orders.commands import Fire
from referee.rules.orders.fire_conditions import PlacedInEvent, place_in_event
from referee.rules.orders.serial import unit_state_json
from referee.rules.state import UnitState
from referee.units.model import Weapon

if TYPE_CHECKING:
    from referee.rules.fire.legality import TargetCheck
    from referee.rules.orders.state import MatchState


def pending_record(uid: str, source: str, cause: str, roll: Any) -> dict[str, Any]:
    """A table roll waiting for 'apply damage', as the match state keeps it."""
    return {
        "unit": uid,
        "source": source,
        "cause": cause,
        "table": roll.table,
        "natural": roll.natural,
        "result": roll.result,
        "row_at": roll.row.at if roll.row else None,
    }


@dataclass
class HitsDamage:
    """The damage rolls of a step so far: the ledger, the pending records, the working."""

    ledger: PendingLedger
    pending: list[dict[str, Any]]
    lines: list[str] = field(default_factory=list)
    rolls: list[dict[str, object]] = field(default_factory=list)


def open_damage(state: MatchState) -> HitsDamage:
    """The damage pending in the match, to roll more after it."""
    return HitsDamage(state.ledger(), [dict(p) for p in state.pending])


def sector_of(
    state: MatchState, shooter: UnitState, target: UnitState, chosen: object = None
) -> Sector:
    """The sector the hits are applied to (:func:`referee.rules.fire.sector.hit_sector`); a
    sector the shot does not enter by refuses the command."""
    try:
        return hit_sector(state.rules, shooter, target, chosen)
    except SectorError as exc:
        raise CommandError(str(exc)) from None


def roll_hits(
    state: MatchState,
    done: HitsDamage,
    weapon: Weapon,
    target: UnitState,
    hits: int,
    check: TargetCheck,
    sector: Sector,
    dice: Dice,
) -> None:
    """Roll the damage of ``hits`` hits of ``weapon`` on ``target`` into ``done``."""
    if not hits:
        return
    ahead = damage_requests(state.rules, weapon, done.ledger.seen(target), check.band, sector)
    dice.expect([*ahead * hits, *dice.expected])
    for _ in range(hits):
        seen = done.ledger.seen(target)
        result = damage_roll(state.rules, weapon, seen, check.band, dice, sector=sector)
        done.ledger = done.ledger.record(target, result)
        for cause, roll in result.table_rolls:
            done.pending.append(pending_record(target.uid, weapon.name, cause, roll))
        done.lines.append(result.explain())
        done.rolls.append(result.to_json())


def weapon_conditions(
    state: MatchState,
    weapon: Weapon,
    hits: Mapping[str, tuple[int, int | None]],
    units: dict[str, UnitState],
    changes: dict[str, Any],
) -> PlacedInEvent:
    """What ``weapon`` places on each unit of ``hits`` (uid -> the hits that stand and, for
    an area attack, its successes before evasion), put into the event's ``units`` or
    ``changes`` (clauses ``weapons.set-on-fire``, ``weapons.acid``, ``weapons.poison``)."""
    found = [
        c
        for uid, (n, successes) in hits.items()
        for c in conditions_of_hits(state.rules, weapon, state.unit(uid), n, successes=successes)
    ]
    return place_in_event(state, found, units, changes)


def fire_rulings(recorded: list[str], used: list[str]) -> dict[str, Any]:
    """A fire event's ``rulings``: every ruling its action and its damage rolls took (a
    natural 1, the armor's successes, a range's damage...); and, where those are more than
    a referee before issue 24 recorded (``recorded``: the to-hit number's, the action's and
    the conditions' only), its ``former`` rulings, so that older match files still check
    exactly (:attr:`referee.rules.events.Event.former`)."""
    before = tuple(dict.fromkeys(recorded))
    now = tuple(dict.fromkeys([*before, *used]))
    former = {"rulings": list(before)} if now != before else {}
    return {"rulings": now, "former": former}


def area_fire_event(state: MatchState, command: Fire, dice: Dice, check: TargetCheck) -> Event:
    """An area fire action at the hex of ``check``'s target (an allowed shot)."""
    from referee.rules.fire.area import AREA_MODIFIERS_RULING, area_fire  # area fire only
    from referee.rules.orders.fire_orders import fired_after
    from referee.ruleset.used import rulings_named

    rules = state.rules
    shooter, weapon = check.shooter, check.weapon
    assert weapon is not None and check.shot is not None
    targets = area_targets(rules, check, state.units.values())
    start = len(dice.log)
    action = area_fire(rules, shooter, weapon, targets, dice, guns=max(1, check.guns))
    where = hex_label(check.target.hex)
    names = ", ".join(t.unit.uid for t in targets)
    lines = [f"{shooter.uid} fires {weapon.name} at {where} (area: {names})", *action.notes]
    if action.misfire is not None:
        lines.append(action.misfire.explain())
    done = open_damage(state)
    for result in action.results:
        lines.append(result.explain())
    for result in action.results:
        unit = result.target
        sector = sector_of(
            state, shooter, unit, command.sector if unit.uid == check.target.uid else None
        )
        roll_hits(state, done, weapon, unit, result.hits, check, sector, dice)
    lines += done.lines
    hits = sum(r.hits for r in action.results)
    after = action.shooter_after
    reading = rules.reading(AREA_MODIFIERS_RULING).value
    if reading == "table" and not action.misfired:
        after = after_fire(rules, after, check.shot.aim)
    units = {after.uid: after}
    later: dict[str, Any] = {}
    placed = weapon_conditions(
        state, weapon, {r.target.uid: (r.hits, r.successes) for r in action.results}, units, later
    )
    lines += placed.lines
    changes = Changes(
        units={u.uid: unit_state_json(u) for u in units.values()},
        pending=tuple(done.pending) if hits else None,
        fired=fired_after(state, after.uid),
        **later,
    )
    rulings = [AREA_MODIFIERS_RULING, *action.rulings]
    rulings += [t.ruling for r in action.results for t in r.need.terms if t.ruling]
    clauses = ["fire.target", "fire.area"]
    if any(r.evasion is not None for r in action.results):
        clauses.append("fire.evasion")
    if action.misfire is not None:
        clauses.append("fire.misfire")
    if hits:
        clauses.append("damage.sequence")
    clauses += placed.clauses
    rulings += placed.rulings
    detail = {
        "weapon": weapon.name,
        "area": True,
        "hex": where,
        "misfire": None
        if action.misfire is None
        else {"on": action.misfire.on, "die": action.misfire.die, "misfired": action.misfired},
        "identical": action.identical,
        "results": [r.to_json() for r in action.results],
        "hits": hits,
        "damage": done.rolls,
        **placed.detail_json(),
    }
    return Event(
        "fire",
        command,
        changes,
        "\n".join(lines),
        dice=tuple(dice.log[start:]),
        clauses=tuple(dict.fromkeys(clauses)),
        **fire_rulings(rulings, [*rulings_named(detail["results"]), *rulings_named(done.rolls)]),
        detail=detail,
    )
