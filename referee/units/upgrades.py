"""Upgrades of a nation's units, as its unit file lists them: what each costs, what it needs,
and what it changes on the unit card (clauses ``army.building``, ``army.costs``).

An upgrade is bought for a whole base (``per = "base"``: priced for every model of the base,
bought once), for one model (``per = "model"``: a model replacement such as an elite, bought
once per model) or for one elite (``per = "elite"``: an elite's weapon or equipment, paid
again for each further elite armed) — clauses ``army.elite``, ``army.elite-weapon``. An
upgrade that takes room on the model is *equipment* with a ``slot``: ``two-handed``,
``one-handed`` or ``independent`` (clause ``army.infantry-equipment``). A weapon an upgrade
adds may be a unit-base weapon (``carried = "unit-base"``, clause ``army.unit-base-weapon``).

The schema is ``data/README.md``, section "Upgrades". Every problem is reported at once,
each naming the upgrade and the field: ``upgrade hand-cannon.per: 'squad' is not one of
base, model, elite``. Which units may take which upgrades, and what an army's choices make
of a unit card, is decided by :mod:`referee.army`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Literal

import msgspec

from referee.units.abilities import CardContext
from referee.units.fields import ID_RE, At, read_int, read_strings, read_text
from referee.units.model import COST_KINDS, Weapon
from referee.units.parse_unit import CardRules, _abilities, parse_weapon

Per = Literal["base", "model", "elite"]
PER: tuple[Per, ...] = ("base", "model", "elite")
Slot = Literal["two-handed", "one-handed", "independent"]
SLOTS: tuple[Slot, ...] = ("two-handed", "one-handed", "independent")
_PER_OF: Mapping[str, Per] = MappingProxyType({p: p for p in PER})
_SLOT_OF: Mapping[str, Slot] = MappingProxyType({s: s for s in SLOTS})
HANDS: Mapping[str, int] = MappingProxyType({"two-handed": 2, "one-handed": 1, "independent": 0})
"""Room an item takes of a base's two hands: one two-handed or two one-handed items."""

UPGRADE_KEYS = frozenset(
    {
        "id",
        "name",
        "per",
        "cost",
        "slot",
        "advanced",
        "text",
        "requires",
        "weapon",
        "replaces",
        "abilities",
        "resistances",
        "elites",
    }
)
REQUIRES_KEYS = frozenset({"units", "types", "upgrades", "models"})
COST_MAX = 48


class Requirements(msgspec.Struct, frozen=True):
    """What a unit (and the rest of its army entry) needs to take an upgrade."""

    units: tuple[str, ...] = ()
    """Unit ids that may take it; empty: every unit of the nation that meets the rest."""
    types: tuple[str, ...] = ()
    """Type words the unit must all have (``infantry``)."""
    upgrades: tuple[str, ...] = ()
    """Upgrades the same army entry must take as well."""
    models: int = 0
    """Models the base must have at least."""


class Upgrade(msgspec.Struct, frozen=True):
    """One upgrade of a nation's catalogue (see the module docstring)."""

    id: str
    name: str
    nation: str
    per: Per
    cost: Mapping[str, int]
    requires: Requirements = Requirements()
    slot: Slot | None = None
    advanced: bool = False
    """Only in an advanced game (paid with command points, say)."""
    text: str = ""
    weapons: tuple[Weapon, ...] = ()
    weapon_tables: tuple[Mapping[str, Any], ...] = ()
    """The weapons as written in the file, copied into the unit card the match keeps."""
    replaces: tuple[str, ...] = ()
    """Names of the card's weapons the upgrade takes away (whole-base upgrades)."""
    abilities: tuple[str, ...] = ()
    """Ability text added to the unit's abilities."""
    resistances: Mapping[str, int] = msgspec.field(default_factory=lambda: MappingProxyType({}))
    elites: int = 0
    """Regular models made elite per purchase (a model replacement)."""
    sample: bool = False

    @property
    def equipment(self) -> bool:
        """Whether the upgrade is an item that takes a slot (or none: independent)."""
        return self.slot is not None

    @property
    def hands(self) -> int:
        return HANDS[self.slot] if self.slot is not None else 0

    @property
    def unit_base_weapons(self) -> tuple[Weapon, ...]:
        return tuple(w for w in self.weapons if w.carried == "unit-base")

    def cost_text(self) -> str:
        return ", ".join(f"{self.cost[k]} {k.upper()}" for k in COST_KINDS if self.cost.get(k))


def _cost(at: At, value: object) -> Mapping[str, int]:
    if not isinstance(value, dict) or not value:
        at.add(f"expected a table like {{ cp = 2 }} (kinds: {', '.join(COST_KINDS)})")
        return MappingProxyType({})
    cost: dict[str, int] = {}
    for kind, amount in value.items():
        if kind not in COST_KINDS:
            at(kind).add(f"unknown cost kind (known: {', '.join(COST_KINDS)})")
            continue
        n = read_int(at(kind), amount, 0, COST_MAX)
        if n is not None:
            cost[kind] = n
    return MappingProxyType(cost)


def _requires(at: At, value: object) -> Requirements:
    if not isinstance(value, dict):
        at.add('expected a table like { types = ["infantry"], upgrades = ["veteran"] }')
        return Requirements()
    at.unknown_keys(value, REQUIRES_KEYS)
    lists: dict[str, tuple[str, ...]] = {}
    for key in ("units", "types", "upgrades"):
        words = read_strings(at(key), value[key]) if key in value else []
        lists[key] = tuple(words or ())
    models = read_int(at("models"), value["models"], 1, 4) if "models" in value else 0
    return Requirements(lists["units"], lists["types"], lists["upgrades"], models or 0)


def parse_upgrade(
    raw: object,
    index: int,
    nation: str,
    problems: list[str],
    rules: CardRules,
    *,
    sample: bool = False,
) -> Upgrade | None:
    """Check one ``[[upgrade]]`` table of a unit file; ``None`` (problems recorded) if bad.
    Its weapons are checked like a unit card's, under the same ``rules``."""
    if not isinstance(raw, dict):
        problems.append(f"upgrade[{index}]: expected a table")
        return None
    uid = raw.get("id")
    if isinstance(uid, str) and ID_RE.match(uid):
        at = At(f"upgrade {uid}", problems)
    else:
        at = At(f"upgrade[{index}]", problems)
        at("id").add(
            "missing"
            if uid is None
            else f"{uid!r} is not an id: lower case letters, digits and hyphens"
        )
    before = len(problems)
    at.unknown_keys(raw, UPGRADE_KEYS)
    name = read_text(at("name"), raw.get("name"))
    per = raw.get("per")
    if per not in PER:
        at("per").add("missing" if per is None else f"{per!r} is not one of {', '.join(PER)}")
    cost = _cost(at("cost"), raw.get("cost"))
    slot = raw.get("slot")
    if slot is not None and slot not in SLOTS:
        at("slot").add(f"{slot!r} is not one of {', '.join(SLOTS)}")
    advanced = raw.get("advanced", False)
    if not isinstance(advanced, bool):
        at("advanced").add(f"expected true or false, got {advanced!r}")
    text = raw.get("text", "")
    if not isinstance(text, str):
        at("text").add("expected text")
    requires = _requires(at("requires"), raw.get("requires", {}))
    context = CardContext(frozenset(), rules.terrain)
    raw_weapons = raw.get("weapon", [])
    if isinstance(raw_weapons, dict):
        raw_weapons = [raw_weapons]
    weapons: list[Weapon] = []
    tables: list[Mapping[str, Any]] = []
    if not isinstance(raw_weapons, list):
        at("weapon").add("expected [[upgrade.weapon]] tables")
        raw_weapons = []
    for i, w in enumerate(raw_weapons):
        table = dict(w) if isinstance(w, dict) else w
        if per == "elite" and isinstance(table, dict):
            if table.get("carried", "elite") != "elite":
                at(f"weapon[{i}]")("carried").add("an elite's weapon is carried by the elite")
            table["carried"] = "elite"
        weapon = parse_weapon(at(f"weapon[{i}]"), table, rules, context)
        if weapon is not None and isinstance(table, dict):
            weapons.append(weapon)
            tables.append(MappingProxyType(table))
    if per == "model" and raw_weapons:
        at("weapon").add('a weapon for one model is an elite\'s weapon: write per = "elite"')
    replaces = read_strings(at("replaces"), raw["replaces"]) if "replaces" in raw else []
    if replaces and per != "base":
        at("replaces").add("only a whole-base upgrade replaces the card's weapons")
    abilities_raw = raw.get("abilities", [])
    _abilities(at("abilities"), abilities_raw, "unit", rules, context)
    resistances: dict[str, int] = {}
    raw_res = raw.get("resistances", {})
    if not isinstance(raw_res, dict):
        at("resistances").add("expected a table like { poison = 1 }")
    else:
        for dtype, amount in raw_res.items():
            n = read_int(at("resistances")(dtype), amount, 1, 10)
            if n is not None:
                resistances[dtype] = n
    elites = read_int(at("elites"), raw["elites"], 1, 4) if "elites" in raw else 0
    if elites and per != "model":
        at("elites").add('making models elite is a model replacement: write per = "model"')
    if len(problems) > before or name is None or per not in PER:
        return None
    return Upgrade(
        id=str(uid),
        name=name,
        nation=nation,
        per=_PER_OF[per],
        cost=cost,
        requires=requires,
        slot=_SLOT_OF.get(slot) if isinstance(slot, str) else None,
        advanced=bool(advanced),
        text=str(text),
        weapons=tuple(weapons),
        weapon_tables=tuple(tables),
        replaces=tuple(replaces or ()),
        abilities=tuple(abilities_raw) if isinstance(abilities_raw, list) else (),
        resistances=MappingProxyType(resistances),
        elites=elites or 0,
        sample=sample,
    )
