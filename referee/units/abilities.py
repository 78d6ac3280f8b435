"""Ability text on a unit card, and the register of the abilities the drafts know.

``parse_ability`` reads ``Take Cover[slow, -1]`` as ``Ability("take-cover", ("slow", "-1"))``
and :meth:`Ability.text` prints it back as ``take-cover[slow][-1]``, which parses to the same
ability (round trip). Parentheses are read like brackets: the drafts write ``Burst(3)`` and
``Misfire[2-]`` alike. :func:`display_text` prints an ability grouped as the drafts do
(``take-cover[slow,-1]``).

The register (``data/units/abilities.toml``) lists every ability with where it applies
(unit, weapon, assault), the kind of each parameter, its clause id and editions, together with
the other words of a unit card: type-line words, speed names, order codes and nations.
:func:`check_ability` checks one written ability against it. Clause ids: ``abilities.*``,
``weapons.*``, ``damage.special-types``.

Clause ``abilities.overview``.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Literal

import msgspec

from referee.dice.expression import DiceExpressionError, parse_dice
from referee.errors import DataFileError, RefereeError, read_toml, whole_number
from referee.paths import data_dir
from referee.units.model import Ability

AppliesTo = Literal["unit", "weapon", "assault"]
APPLIES_TO: tuple[AppliesTo, ...] = ("unit", "weapon", "assault")

ParamKind = Literal[
    "count", "die", "N+", "N-", "+N", "-N", "speed", "terrain", "dice", "per", "range"
]
PARAM_KINDS: tuple[str, ...] = ParamKind.__args__  # type: ignore[attr-defined]

Written = Literal["abilities", "types", "orders", "resistances"]

TYPE_PREFIX = "[type]-"
"""Names of ability families whose first word is a damage type: ``psychic-damage[d6]``."""

POISON_DICE = (4, 6, 8, 10, 12)

REGISTER_FILE = "abilities.toml"


class AbilityError(RefereeError):
    """Ability text that cannot be read; the message quotes it."""


# --- text ------------------------------------------------------------------------------------

_NAME_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_CLOSE = {"[": "]", "(": ")"}


def normalise_name(text: str) -> str:
    """``Take Cover`` -> ``take-cover``; ``Pre-Assault retreat`` -> ``pre-assault-retreat``."""
    words = re.split(r"[\s_]+", text.strip().lower())
    return "-".join(w for w in words if w)


def _normalise_param(text: str) -> str:
    p = " ".join(text.strip().lower().split())
    return re.sub(r"\s*=\s*", "=", p)


def parse_ability(text: str) -> Ability:
    """Read ``name[p1,p2][p3]`` (or ``name(p)``) into an :class:`Ability`.

    The name becomes lower case with hyphens; every parameter of every group, in order,
    is one entry of ``params`` (trimmed, lower case, single spaces).
    """
    if not isinstance(text, str):
        raise AbilityError(f"{text!r} is not ability text (write e.g. 'take-cover[slow,-1]')")
    starts = [i for i in (text.find("["), text.find("(")) if i >= 0]
    cut = min(starts) if starts else len(text)
    name = normalise_name(text[:cut])
    if not _NAME_RE.match(name):
        raise AbilityError(f"{text!r}: {text[:cut].strip()!r} is not an ability name")
    params: list[str] = []
    rest = text[cut:].strip()
    while rest:
        opener = rest[0]
        closer = _CLOSE.get(opener)
        end = rest.find(closer) if closer else -1
        if closer is None or end < 0:
            raise AbilityError(
                f"{text!r}: expected '[...]' or '(...)' after the name, got {rest!r}"
            )
        inner = rest[1:end]
        if any(c in inner for c in "[]()"):
            raise AbilityError(f"{text!r}: brackets inside a parameter group")
        group = [_normalise_param(p) for p in inner.split(",")]
        if any(not p for p in group):
            raise AbilityError(f"{text!r}: an empty parameter in {rest[: end + 1]!r}")
        params.extend(group)
        rest = rest[end + 1 :].strip()
    return Ability(name, tuple(params))


# --- the register ----------------------------------------------------------------------------


class AbilitySpec(msgspec.Struct, frozen=True):
    """One ability of the register: where it may be written and what its parameters are."""

    name: str
    form: str
    applies_to: tuple[AppliesTo, ...]
    params: tuple[ParamKind, ...]
    clause: str
    editions: tuple[str, ...]
    text: str
    assault_form: str = ""
    assault_params: tuple[ParamKind, ...] | None = None
    aliases: tuple[str, ...] = ()
    field: str | None = None
    value: str | bool = True
    per_field: str | None = None
    written: Written = "abilities"

    def kinds(self, where: AppliesTo) -> tuple[ParamKind, ...]:
        """The parameter kinds when written in ``where`` (assaults may differ)."""
        if where == "assault" and self.assault_params is not None:
            return self.assault_params
        return self.params

    def groups(self, where: AppliesTo) -> tuple[int, ...]:
        """How many parameters each bracket group of the printed form holds."""
        form = self.assault_form if where == "assault" and self.assault_form else self.form
        return _group_sizes(form)

    @property
    def is_family(self) -> bool:
        """``[type]-damage``: any ``<type>-damage`` name is this ability."""
        return self.name.startswith(TYPE_PREFIX)


class TypeWord(msgspec.Struct, frozen=True):
    """A word of a unit's type line (``infantry``, ``scout``...)."""

    name: str
    clause: str
    text: str
    aliases: tuple[str, ...] = ()


class Register(msgspec.Struct, frozen=True):
    """Everything a unit card may say, read from ``data/units/abilities.toml``."""

    abilities: Mapping[str, AbilitySpec]
    types: Mapping[str, TypeWord]
    nations: tuple[str, ...]
    speeds: tuple[str, ...]
    movement_orders: tuple[str, ...]
    gunnery_orders: tuple[str, ...]
    path: Path

    def spec(self, name: str) -> AbilitySpec | None:
        """The ability called ``name`` (or one of its aliases, or a ``[type]-`` family)."""
        found = self.abilities.get(name)
        if found is not None:
            return found
        for spec in self.abilities.values():
            if name in spec.aliases:
                return spec
        for spec in self.abilities.values():
            suffix = spec.name[len(TYPE_PREFIX) - 1 :]  # "-damage"
            if spec.is_family and name.endswith(suffix) and _NAME_RE.match(name[: -len(suffix)]):
                return spec
        return None

    def type_word(self, word: str) -> TypeWord | None:
        if word in self.types:
            return self.types[word]
        for t in self.types.values():
            if word in t.aliases:
                return t
        return None


def _group_sizes(form: str) -> tuple[int, ...]:
    text = form.removeprefix("[type]").strip() if form.startswith("[type]") else form
    sizes: list[int] = []
    for m in re.finditer(r"[\[(]([^\])]*)[\])]", text):
        sizes.append(len(m.group(1).split(",")))
    return tuple(sizes)


_SPEC_KEYS = {
    "name",
    "form",
    "applies_to",
    "params",
    "clause",
    "editions",
    "text",
    "assault_form",
    "assault_params",
    "aliases",
    "field",
    "value",
    "per_field",
    "written",
}
_TYPE_KEYS = {"name", "clause", "text", "aliases"}
_VOCAB_KEYS = {"nations", "speeds", "movement_orders", "gunnery_orders"}
_WEAPON_FIELDS = {
    "load",
    "burst",
    "limited_ammo",
    "misfire",
    "area",
    "set_on_fire",
    "acid",
    "acid_per",
    "poison",
    "poison_per",
    "penetration_bonus",
}


def _strings(
    raw: object, where: str, problems: list[str], allowed: Collection[str] = ()
) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        problems.append(f"{where}: expected a list of strings")
        return ()
    for x in raw:
        if allowed and x not in allowed:
            problems.append(f"{where}: {x!r} is not one of {', '.join(allowed)}")
    return tuple(raw)


def _text(raw: Mapping[str, object], key: str, where: str, problems: list[str]) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or not value:
        problems.append(f"{where}.{key}: missing")
        return ""
    return value


def _parse_spec(raw: object, index: int, problems: list[str]) -> AbilitySpec | None:
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
        problems.append(f"ability[{index}].name: missing")
        return None
    name: str = raw["name"]
    where = f"ability {name}"
    before = len(problems)
    for key in sorted(set(raw) - _SPEC_KEYS):
        problems.append(f"{where}.{key}: unknown key")
    form = _text(raw, "form", where, problems)
    clause = _text(raw, "clause", where, problems)
    text = _text(raw, "text", where, problems)
    applies = _strings(raw.get("applies_to"), f"{where}.applies_to", problems, APPLIES_TO)
    params = _strings(raw.get("params"), f"{where}.params", problems, PARAM_KINDS)
    editions = _strings(raw.get("editions"), f"{where}.editions", problems)
    aliases = _strings(raw.get("aliases", []), f"{where}.aliases", problems)
    assault_params: tuple[str, ...] | None = None
    if "assault_params" in raw:
        assault_params = _strings(
            raw["assault_params"], f"{where}.assault_params", problems, PARAM_KINDS
        )
    assault_form = raw.get("assault_form", "")
    written = raw.get("written", "abilities")
    if written not in ("abilities", "types", "orders", "resistances"):
        problems.append(
            f"{where}.written: {written!r} is not abilities, types, orders or resistances"
        )
    field = raw.get("field")
    per_field = raw.get("per_field")
    for key, f in (("field", field), ("per_field", per_field)):
        if f is not None and f not in _WEAPON_FIELDS:
            problems.append(
                f"{where}.{key}: {f!r} is not a weapon field ({', '.join(sorted(_WEAPON_FIELDS))})"
            )
    value = raw.get("value", True)
    if not isinstance(value, (str, bool)):
        problems.append(f"{where}.value: expected a string or true/false")
    if not _NAME_RE.match(name.removeprefix("[type]-")):
        problems.append(f"{where}.name: write it in lower case with hyphens")
    if not isinstance(assault_form, str):
        problems.append(f"{where}.assault_form: expected a string")
        assault_form = ""
    if form and sum(_group_sizes(form)) != len(params):
        problems.append(
            f"{where}.form: {form!r} has {sum(_group_sizes(form))} parameter(s), "
            f"params lists {len(params)}"
        )
    if assault_form and sum(_group_sizes(assault_form)) != len(assault_params or params):
        problems.append(f"{where}.assault_form: {assault_form!r} does not match assault_params")
    if len(problems) > before:
        return None
    return AbilitySpec(
        name=name,
        form=form,
        applies_to=applies,  # type: ignore[arg-type]
        params=params,  # type: ignore[arg-type]
        clause=clause,
        editions=editions,
        text=text,
        assault_form=assault_form,
        assault_params=assault_params,  # type: ignore[arg-type]
        aliases=aliases,
        field=field if isinstance(field, str) else None,
        value=value if isinstance(value, (str, bool)) else True,
        per_field=per_field if isinstance(per_field, str) else None,
        written=written,
    )


def _parse_type(raw: object, index: int, problems: list[str]) -> TypeWord | None:
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
        problems.append(f"type[{index}].name: missing")
        return None
    where = f"type {raw['name']}"
    before = len(problems)
    for key in sorted(set(raw) - _TYPE_KEYS):
        problems.append(f"{where}.{key}: unknown key")
    clause = _text(raw, "clause", where, problems)
    text = _text(raw, "text", where, problems)
    aliases = _strings(raw.get("aliases", []), f"{where}.aliases", problems)
    if len(problems) > before:
        return None
    return TypeWord(raw["name"], clause, text, aliases)


def load_register(path: Path | None = None) -> Register:
    """Read the register; every problem is reported at once (``DataFileError``)."""
    path = path or data_dir() / "units" / REGISTER_FILE
    doc = read_toml(path)
    problems: list[str] = []
    for key in sorted(set(doc) - {"vocabulary", "type", "ability"}):
        problems.append(f"{key}: unknown key")
    vocab = doc.get("vocabulary", {})
    if not isinstance(vocab, dict):
        problems.append("vocabulary: expected a table")
        vocab = {}
    for key in sorted(set(vocab) - _VOCAB_KEYS):
        problems.append(f"vocabulary.{key}: unknown key")
    lists = {k: _strings(vocab.get(k), f"vocabulary.{k}", problems) for k in sorted(_VOCAB_KEYS)}
    specs: dict[str, AbilitySpec] = {}
    raw_specs = doc.get("ability", [])
    for i, raw in enumerate(raw_specs if isinstance(raw_specs, list) else []):
        spec = _parse_spec(raw, i, problems)
        if spec is not None:
            if spec.name in specs:
                problems.append(f"ability {spec.name}: defined twice")
            specs[spec.name] = spec
    types: dict[str, TypeWord] = {}
    raw_types = doc.get("type", [])
    for i, raw in enumerate(raw_types if isinstance(raw_types, list) else []):
        word = _parse_type(raw, i, problems)
        if word is not None:
            if word.name in types:
                problems.append(f"type {word.name}: defined twice")
            types[word.name] = word
    for spec in specs.values():
        if spec.written == "types" and spec.name not in types:
            problems.append(f"ability {spec.name}.written: no type word {spec.name!r}")
        if spec.written == "orders" and spec.name.capitalize() not in lists["gunnery_orders"]:
            problems.append(
                f"ability {spec.name}.written: no gunnery order {spec.name.capitalize()!r}"
            )
    if problems:
        raise DataFileError(path, problems)
    return Register(
        abilities=MappingProxyType(specs),
        types=MappingProxyType(types),
        nations=lists["nations"],
        speeds=lists["speeds"],
        movement_orders=lists["movement_orders"],
        gunnery_orders=lists["gunnery_orders"],
        path=path,
    )


@cache
def register() -> Register:
    """The shipped register, loaded once."""
    return load_register()


# --- checking one ability ---------------------------------------------------------------------


class CardContext(msgspec.Struct, frozen=True):
    """What a parameter is checked against: the unit's speeds and the ruleset's terrain."""

    speeds: frozenset[str] = frozenset()
    terrain: frozenset[str] = frozenset()


_SIGNED = re.compile(r"^([+-])(\d+)$")
_PER = re.compile(r"^1 (?:per|for) (\d+)$")


def check_param(kind: ParamKind, value: str, context: CardContext) -> str | None:
    """``None`` if ``value`` is a parameter of ``kind``, else what is wrong with it."""
    if kind == "count":
        number = whole_number(value)
        return None if number is not None and number >= 1 else "is not a whole number >= 1"
    if kind == "die":
        ok = whole_number(value) in POISON_DICE
        return None if ok else "is not a die size (4, 6, 8, 10 or 12)"
    if kind in ("N+", "N-"):
        low, high = (1, 7) if kind == "N+" else (1, 5)
        m = re.match(r"^(\d+)([+-])$", value)
        if m and m.group(2) == kind[1] and low <= int(m.group(1)) <= high:
            return None
        return f"is not {kind} ({low}{kind[1]} to {high}{kind[1]}, e.g. '5{kind[1]}')"
    if kind in ("+N", "-N"):
        m = _SIGNED.match(value)
        if m and m.group(1) == kind[0] and 1 <= int(m.group(2)) <= 6:
            return None
        return f"is not {kind} (write the sign: '{kind[0]}1')"
    if kind == "speed":
        if value in context.speeds:
            return None
        return f"is not one of the unit's speeds ({', '.join(sorted(context.speeds)) or 'none'})"
    if kind == "terrain":
        if value in context.terrain:
            return None
        return f"is not a terrain ({', '.join(sorted(context.terrain))})"
    if kind == "dice":
        try:
            parse_dice(value)
        except DiceExpressionError as exc:
            return str(exc).removeprefix(f"{value!r}").lstrip(": ") or "is not a dice expression"
        return None
    if kind == "per":
        m = _PER.match(value)
        return None if m and int(m.group(1)) >= 1 else "is not '1 per N' (N >= 1)"
    if kind == "range":
        m = re.match(r"^range=(\d+)$", value)
        return None if m and 1 <= int(m.group(1)) <= 24 else "is not 'range=N' (N from 1 to 24)"
    return f"has an unknown kind {kind!r}"  # pragma: no cover - kinds are checked on load


_WRITTEN_HINT = {
    "types": "it is a type-line word: add it to types",
    "orders": "it is an order: list it in a speed's gunnery orders",
    "resistances": "write it in the resistances table, e.g. resistances = { fire = 2 }",
}


def check_ability(
    ability: Ability, where: AppliesTo, context: CardContext, reg: Register | None = None
) -> tuple[Ability, AbilitySpec | None, list[str]]:
    """Check ``ability`` written in ``where``: its name, place and parameters.

    Returns the ability under its canonical name (aliases resolved), its spec and the
    problems (each a sentence about the ability; the caller adds the file and field).
    """
    reg = reg or register()
    spec = reg.spec(ability.name)
    if spec is None:
        hint = ""
        if reg.type_word(ability.name):
            hint = f" ({_WRITTEN_HINT['types']})"
        else:
            import difflib  # only for the hint of an unknown name: reading a card never needs it

            near = difflib.get_close_matches(ability.name, list(reg.abilities), n=3)
            hint = f" (did you mean {', '.join(near)}?)" if near else ""
        return ability, None, [f"unknown ability {ability.text()!r}{hint}"]
    if spec.written != "abilities":
        return (
            ability,
            spec,
            [f"{ability.name!r} is not written as an ability: {_WRITTEN_HINT[spec.written]}"],
        )
    name = ability.name if spec.is_family else spec.name
    canonical = Ability(name, ability.params)
    if where not in spec.applies_to:
        return (
            canonical,
            spec,
            [
                f"{name!r} is not {'an' if where == 'assault' else 'a'} {where} ability "
                f"(it applies to: {', '.join(spec.applies_to)})"
            ],
        )
    kinds = spec.kinds(where)
    form = spec.assault_form if where == "assault" and spec.assault_form else spec.form
    if len(ability.params) != len(kinds):
        return (
            canonical,
            spec,
            [
                f"{ability.text()!r} has {len(ability.params)} parameter(s), {name} takes "
                f"{len(kinds)} (written {form!r})"
            ],
        )
    problems = []
    for i, (kind, value) in enumerate(zip(kinds, ability.params, strict=True)):
        wrong = check_param(kind, value, context)
        if wrong:
            problems.append(f"{name} parameter {i + 1} {value!r} {wrong} (written {form!r})")
    return canonical, spec, problems


def display_text(ability: Ability, where: AppliesTo = "unit", reg: Register | None = None) -> str:
    """The ability grouped as the drafts print it: ``take-cover[slow,-1]``, ``burst[3]``."""
    reg = reg or register()
    spec = reg.spec(ability.name)
    sizes = spec.groups(where) if spec else ()
    if not ability.params:
        return ability.name
    if sum(sizes) != len(ability.params):
        return ability.text()
    out, i = ability.name, 0
    for size in sizes:
        out += "[" + ",".join(ability.params[i : i + size]) + "]"
        i += size
    return out
