"""Whether a unit may fire a weapon at a target (or spot it), with every reason why not.

Clauses: ``fire.shaken`` (shaken units do no firing actions), ``fire.target`` (an enemy
unit that is still on the table), ``fire.spot`` (a hidden unit must be spotted first; a
spot needs a hidden target), ``fire.line-of-sight`` (line of sight, not blind),
``angles.sectors`` / ``angles.fixed-weapons`` (the firing angle; on edge allowed with
``fire.on-edge``), ``fire.range`` (up to twice the weapon's range), ``fire.load``,
``fire.burst``, ``fire.limited-ammo``, ``army.unit-base-weapon`` (two alive models, and
either the base weapon or the normal ones in one step), ``army.elite-weapon``,
``fire.aim``. Every failing condition is reported, not only the first; holding fire
(``fire.decline``) is :mod:`referee.rules.fire.options`.

Clause ``fire.legality``.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Literal

import msgspec

from referee.board.facing import check_arc, guns_bearing, shot_sectors
from referee.board.hexgrid import Hex, distance, hex_label
from referee.board.los import FLYING_LEVEL, LosBoard, Sight, line_of_sight
from referee.board.ranges import RangeBand, range_band
from referee.board.sector_stats import FiringArc
from referee.rules.fire.aim import AimCheck, GunneryStep, check_aim
from referee.rules.fire.ammo import firing_rulings, limited_ammo_left, models_firing
from referee.rules.fire.shot import Shot
from referee.rules.state import UnitState
from referee.ruleset import Ruleset
from referee.units.model import Weapon

Action = Literal["fire", "spot"]
ALL_ROUND = FiringArc((True, True, True, True))
SPOT_RULING = "fire.spot-as-shot"


class Reason(msgspec.Struct, frozen=True):
    """One reason a shot is not allowed (or, as a note, allowed with an effect)."""

    code: str
    text: str
    clause: str
    ruling: str | None = None

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"code": self.code, "text": self.text, "clause": self.clause}
        if self.ruling:
            out["ruling"] = self.ruling
        return out


class TargetCheck(msgspec.Struct, frozen=True):
    """The verdict on one weapon (or spot) against one target.

    ``reasons`` are every reason it is not allowed; ``notes`` what holds when it is (on
    edge, aim); ``shot`` the context for :func:`~referee.rules.fire.to_hit.to_hit`,
    built when the shot is allowed.
    """

    action: Action
    shooter: UnitState
    target: UnitState
    weapon: Weapon | None
    reasons: tuple[Reason, ...]
    notes: tuple[Reason, ...]
    sight: Sight | None
    band: RangeBand | None
    shot: Shot | None
    guns: int = 1
    """Fixed guns bearing on the target (the most the shooter can choose); 1 otherwise."""

    @property
    def allowed(self) -> bool:
        return not self.reasons

    def explain(self) -> str:
        what = self.weapon.name if self.weapon else "spot"
        head = f"{self.shooter.uid} {what} -> {self.target.uid}: "
        if self.allowed:
            extra = "; ".join(n.text for n in self.notes)
            return head + "allowed" + (f" ({extra})" if extra else "")
        return head + "not allowed: " + "; ".join(r.text for r in self.reasons)

    def to_json(self) -> dict[str, object]:
        return {
            "action": self.action,
            "shooter": self.shooter.uid,
            "target": self.target.uid,
            "weapon": self.weapon.name if self.weapon else None,
            "allowed": self.allowed,
            "reasons": [r.to_json() for r in self.reasons],
            "notes": [n.to_json() for n in self.notes],
            "band": self.band.band if self.band else None,
            "range": distance(self.shooter.hex, self.target.hex),
        }


def named_weapon(unit: UnitState, name: str | None) -> Weapon | None:
    """The weapon ``name`` of ``unit``'s card, by default its first (``None``: it has none);
    an unknown name raises :class:`referee.units.model.UnknownWeapon`."""
    if name:
        return unit.unit.weapon(name)
    return unit.unit.weapons[0] if unit.unit.weapons else None


def _level(unit: UnitState) -> int | None:
    return FLYING_LEVEL if unit.flying else None  # clause los.flying; else the terrain's


def _sight(board: LosBoard, frm: Hex, unit: UnitState, target: UnitState) -> Sight | None:
    """Line of sight from ``frm`` (where ``unit`` is or aimed from); None within one hex."""
    if frm == target.hex:
        return None
    return line_of_sight(board, frm, target.hex, _level(unit), _level(target))


def _who(shooter: UnitState, target: UnitState, action: Action) -> list[Reason]:
    out = []
    if shooter.destroyed:
        out.append(Reason("shooter-destroyed", f"{shooter.uid} has no models left", "fire.target"))
    if shooter.is_shaken:
        out.append(
            Reason(
                "shaken",
                f"{shooter.uid} is shaken: shaken units do no firing actions",
                "fire.shaken",
            )
        )
    if target.side == shooter.side:
        out.append(Reason("not-enemy", f"{target.uid} is not an enemy", "fire.target"))
    if target.destroyed:
        out.append(Reason("target-destroyed", f"{target.uid} has no models left", "fire.target"))
    if action == "fire" and target.hidden:
        out.append(
            Reason("hidden", f"{target.uid} is hidden: it must be spotted first", "fire.spot")
        )
    if action == "spot" and not target.hidden:
        out.append(
            Reason("not-hidden", f"{target.uid} is not hidden: nothing to spot", "fire.spot")
        )
    return out


def _line(sight: Sight | None, target: UnitState) -> list[Reason]:
    if sight is None or sight.visible:
        return []
    if sight.blind:
        return [
            Reason(
                "blind",
                f"{target.uid} at {hex_label(target.hex)} is in a blind hex",
                "fire.line-of-sight",
            )
        ]
    by = ", ".join(hex_label(h) for h in sight.blocked_by)
    return [
        Reason(
            "no-line-of-sight",
            f"no line of sight to {hex_label(target.hex)} (blocked by {by})",
            "fire.line-of-sight",
        )
    ]


def _angle(
    rules: Ruleset, shooter: UnitState, target: UnitState, weapon: Weapon
) -> tuple[list[Reason], list[Reason], bool, int]:
    """Reasons against, notes, whether the on-edge penalty applies, and guns bearing."""
    sectors = shot_sectors(shooter.hex, shooter.facing, target.hex, target.facing, rules)
    if weapon.fixed is not None:
        bearing = guns_bearing(weapon.fixed, sectors)
        if not bearing.choices:
            return (
                [
                    Reason(
                        "outside-arc",
                        f"no gun of {weapon.name} ({weapon.fixed.text()}) "
                        f"points through the {'/'.join(sectors.leaves) or 'no'} sector",
                        "angles.fixed-weapons",
                        sectors.ruling,
                    )
                ],
                [],
                False,
                0,
            )
        penalty = bearing.on_edge_penalty
        guns = bearing.most
        ruling = sectors.ruling
    else:
        arc = weapon.arc or ALL_ROUND
        check = check_arc(arc, sectors, rules)
        if not check.allowed:
            return (
                [
                    Reason(
                        "outside-arc",
                        f"{weapon.name} ({arc.text()}) cannot fire through "
                        f"the {'/'.join(sectors.leaves) or 'no'} sector",
                        "angles.sectors",
                        check.ruling,
                    )
                ],
                [],
                False,
                0,
            )
        penalty = check.on_edge_penalty
        guns = 1
        ruling = check.ruling
    notes = (
        [
            Reason(
                "on-edge",
                "on edge of the firing angle: allowed with the to-hit penalty",
                "fire.on-edge",
                ruling,
            )
        ]
        if penalty
        else []
    )
    return [], notes, penalty, guns


def _range(
    rules: Ruleset, shooter: UnitState, target: UnitState, weapon: Weapon
) -> tuple[list[Reason], RangeBand | None]:
    if weapon.range < 1:
        return [
            Reason("no-range", f"{weapon.name} has no range (an assault weapon)", "fire.range")
        ], None
    band = range_band(distance(shooter.hex, target.hex), weapon.range, rules)
    if not band.in_range:
        return [
            Reason(
                "out-of-range",
                f"range {band.distance} is beyond twice the range "
                f"of {weapon.name} ({weapon.range} x 2 = {2 * weapon.range})",
                "fire.range",
            )
        ], band
    return [], band


def _ammo(
    rules: Ruleset, shooter: UnitState, weapon: Weapon, fired_this_step: Collection[str]
) -> list[Reason]:
    out = []
    unit = shooter.unit
    if weapon.carried == "unit-base" and shooter.alive < 2:
        out.append(
            Reason(
                "unit-base-models",
                f"{weapon.name} is a unit-base weapon: it needs "
                f"2 alive models, {shooter.uid} has {shooter.alive}",
                "army.unit-base-weapon",
            )
        )
    others = [w for w in unit.weapons if w.name in fired_this_step and w.name != weapon.name]
    if weapon.carried == "unit-base" and others:
        out.append(
            Reason(
                "unit-base-or-normal",
                f"{shooter.uid} fired "
                f"{', '.join(w.name for w in others)} this step: a unit fires its "
                "unit-base weapon or its normal weapons",
                "army.unit-base-weapon",
            )
        )
    base_fired = [w for w in others if w.carried == "unit-base"]
    if weapon.carried != "unit-base" and base_fired:
        out.append(
            Reason(
                "unit-base-or-normal",
                f"{shooter.uid} fired its unit-base weapon {base_fired[0].name} this step",
                "army.unit-base-weapon",
            )
        )
    if weapon.carried == "elite" and shooter.elites_alive < 1:
        out.append(
            Reason(
                "no-elite",
                f"{weapon.name} is carried by an elite and {shooter.uid} has no elite left",
                "army.elite-weapon",
            )
        )
    if (
        weapon.carried == "each-model"
        and shooter.alive
        and not models_firing(rules, shooter, weapon)
    ):
        ruled = firing_rulings(rules, shooter, weapon)
        out.append(
            Reason(
                "no-model",
                f"no model of {shooter.uid} carries {weapon.name}: the elite alive carries "
                "its own weapon instead",
                "army.elite-weapon",
                ruled[0] if ruled else None,
            )
        )
    left = limited_ammo_left(rules, shooter, weapon)
    if left is not None and left.left < left.per_action:
        out.append(
            Reason(
                "limited-ammo",
                f"{weapon.name} has Limited Ammo({weapon.limited_ammo}) and {left.used} used",
                "fire.limited-ammo",
                left.ruling,
            )
        )
    loaded = shooter.ammo(weapon.name)
    if loaded < weapon.burst:
        if weapon.burst > 1:
            out.append(
                Reason(
                    "burst-ammo",
                    f"{weapon.name} is Burst({weapon.burst}): it needs "
                    f"{weapon.burst} ammo loaded, has {loaded}",
                    "fire.burst",
                )
            )
        else:
            out.append(Reason("not-loaded", f"{weapon.name} is not loaded", "fire.load"))
    return out


def weapon_reasons(
    rules: Ruleset, shooter: UnitState, weapon: Weapon, fired_this_step: Collection[str] = ()
) -> list[Reason]:
    """Why ``weapon`` cannot fire now whatever the target (not loaded, Burst ammo, Limited
    Ammo spent, the unit-base and elite rules): the reasons :func:`check_target` gives every
    target for the weapon, known before a target is chosen. Empty when it can fire."""
    return _ammo(rules, shooter, weapon, fired_this_step)


def _hex_markers(board: LosBoard, h: Hex) -> frozenset[str]:
    return frozenset({"smoke"}) if h in board.smoke else frozenset()


def check_target(
    rules: Ruleset,
    board: LosBoard,
    shooter: UnitState,
    target: UnitState,
    weapon: Weapon | None,
    *,
    now: GunneryStep | None = None,
    fired_this_step: Collection[str] = (),
    action: Action = "fire",
) -> TargetCheck:
    """Every reason ``shooter`` may not fire ``weapon`` at ``target`` (or spot it).

    ``now`` is the gunnery step (for the aim); ``fired_this_step`` the weapons the unit
    already fired in it. A spot takes a weapon or none as ruling ``fire.spot-as-shot``
    says, and needs no ammo.
    """
    uses_weapon = action == "fire" or rules.reading(SPOT_RULING).value == "weapon"
    if uses_weapon and weapon is None:
        raise ValueError(f"{action}: a weapon is needed (ruling {SPOT_RULING})")
    gun = weapon if uses_weapon else None
    reasons = _who(shooter, target, action)
    sight = _sight(board, shooter.hex, shooter, target)
    reasons += _line(sight, target)
    notes: list[Reason] = []
    on_edge = False
    guns = 1
    band: RangeBand | None = None
    if gun is not None:
        against, notes, on_edge, guns = _angle(rules, shooter, target, gun)
        reasons += against
        against, band = _range(rules, shooter, target, gun)
        reasons += against
        if action == "fire":
            reasons += _ammo(rules, shooter, gun, fired_this_step)
    aim = _aim(rules, board, shooter, target, now)
    if aim is not None:
        notes.append(Reason("aim" if aim.valid else "aim-lost", aim.reason, aim.clause, aim.ruling))
    shot = None
    if not reasons:
        tmap, terrain = board.battle_map, rules.terrain
        shot = Shot(
            shooter=shooter,
            target=target,
            weapon=gun,
            band=band,
            shooter_terrain=terrain[tmap.terrain[shooter.hex]],
            target_terrain=terrain[tmap.terrain[target.hex]],
            shooter_markers=_hex_markers(board, shooter.hex),
            target_markers=_hex_markers(board, target.hex),
            on_edge=on_edge,
            aim=aim is not None and aim.valid,
        )
    return TargetCheck(
        action,
        shooter,
        target,
        weapon if uses_weapon else None,
        tuple(reasons),
        tuple(notes),
        sight,
        band,
        shot,
        guns,
    )


def _aim(
    rules: Ruleset, board: LosBoard, shooter: UnitState, target: UnitState, now: GunneryStep | None
) -> AimCheck | None:
    if shooter.aim is None or now is None:
        return None
    sight = _sight(board, shooter.aim.hex, shooter, target)
    return check_aim(rules, shooter.aim, now, sight is None or sight.visible)
