"""Reading scenario files (``data/scenarios/*.toml``; schema in ``data/README.md``, section
"Scenarios"). Every key is checked; a file that cannot be used raises one
:class:`ScenarioError` naming the file and listing every problem, each starting with its key
(``setup.step[2].hexes: 'sight' is not one of zone, in-sight, out-of-sight``). A value
written ``"@ruling-id"`` is checked for every reading of that ruling, so that no reading a
referee may switch to makes the scenario unusable.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType

from referee.board.maps import FORBIDDABLE, SHAPES, ZONES, BattleMap, rectangle_hexes, zone_hexes
from referee.catalogue.clauses import clauses
from referee.errors import DataFileError, read_toml
from referee.paths import data_dir, safe_file_name
from referee.ruleset.rulings import register
from referee.scenarios.model import (
    HEX_RULES,
    PROCEDURES,
    SPEED_RULES,
    Advantage,
    Battlefield,
    Layout,
    Scenario,
    SetupSpec,
    SetupStep,
    VictoryCondition,
)
from referee.units.model import SIZES

_TOP = {
    "name",
    "description",
    "edition",
    "clause",
    "game",
    "map",
    "victory_offered",
    "battlefield",
    "zones",
    "setup",
    "victory",
}
_BATTLEFIELD = {"clause", "shape", "columns", "rows", "forbid_in_no_mans_land", "zones_ruling"}
_LAYOUT = {*ZONES, "restricted", "rows", "columns"}
_SETUP = {"procedure", "clause", "speed", "advantage", "step"}
_ADVANTAGE = {"clause", "die", "first", "then", "tie"}
_STEP = {"id", "name", "clause", "size", "type", "except_types", "hexes", "optional"}
_VICTORY = {"id", "name", "clause", "text", "minutes"}
TIE_RULES = ("roll-again", "keep-previous")


class ScenarioError(DataFileError):
    """A scenario file that cannot be used; ``problems`` name the key of each."""


class _Reader:
    """Collects the problems of one file, each under its key."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def add(self, where: str, text: str) -> None:
        self.problems.append(f"{where}: {text}")

    def unknown(self, where: str, raw: Mapping[str, object], known: set[str]) -> None:
        for key in sorted(set(raw) - known):
            self.add(f"{where}{key}", f"unknown key (known: {', '.join(sorted(known))})")

    def text(self, where: str, raw: object, *, required: bool = True, default: str = "") -> str:
        if raw is None and not required:
            return default
        if not isinstance(raw, str) or not raw.strip():
            self.add(where, "missing" if raw is None else f"expected text, got {raw!r}")
            return default
        return raw

    def whole(self, where: str, raw: object, low: int, high: int) -> int:
        if isinstance(raw, bool) or not isinstance(raw, int) or not low <= raw <= high:
            self.add(where, f"expected a whole number from {low} to {high}, got {raw!r}")
            return low
        return raw

    def clause(self, where: str, raw: object) -> str:
        cid = self.text(where, raw)
        if cid and cid not in clauses():
            self.add(where, f"no clause {cid!r} in the catalogue")
        return cid

    def table(self, where: str, raw: object) -> Mapping[str, object]:
        if raw is None:
            return {}
        if not isinstance(raw, dict):
            self.add(where, "expected a table")
            return {}
        return raw

    def by_ruling(self, where: str, raw: object, check: Callable[[str, object], bool]) -> object:
        """``raw``, or for ``"@ruling-id"`` the raw text, after checking every reading of the
        ruling with ``check(where, value)``."""
        if isinstance(raw, str) and raw.startswith("@"):
            rid = raw[1:]
            ruling = register().get(rid)
            if ruling is None:
                self.add(where, f"refers to unknown ruling {rid!r}")
                return None
            for option in ruling.options:
                check(f"{where} (ruling {rid}, reading {option.id})", option.value)
            return raw
        return raw if check(where, raw) else None


def _one_of(reader: _Reader, allowed: tuple[str, ...]) -> Callable[[str, object], bool]:
    def check(where: str, value: object) -> bool:
        if value not in allowed:
            reader.add(where, f"{value!r} is not one of {', '.join(allowed)}")
            return False
        return True

    return check


def _words(reader: _Reader) -> Callable[[str, object], bool]:
    def check(where: str, value: object) -> bool:
        if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
            reader.add(where, f"expected a list of type words, got {value!r}")
            return False
        return True

    return check


def _layout(
    reader: _Reader, where: str, reading: str, raw: object, shape: str, columns: int, rows: int
) -> Layout | None:
    table = reader.table(where, raw)
    reader.unknown(f"{where}.", table, _LAYOUT)
    cols = reader.whole(f"{where}.columns", table.get("columns", columns), 1, 702)
    rws = reader.whole(f"{where}.rows", table.get("rows", rows), 1, 702)
    if shape != "rectangle":
        reader.add(where, "only a rectangle battlefield is supported for a scenario")
        return None
    hexes = rectangle_hexes(cols, rws)
    probe = BattleMap(
        name="probe",
        shape=shape,
        columns=cols,
        rows=rws,
        hexes=tuple(hexes),
        terrain=MappingProxyType({}),
        default_terrain="clear",
    )
    zones: dict[str, object] = {}
    seen: dict[object, str] = {}
    for name in ZONES:
        if name not in table:
            reader.add(f"{where}.{name}", "missing")
            continue
        found = zone_hexes(f"{where}.{name}", table[name], probe, reader.problems)
        for h in found:
            if h in seen:
                reader.add(f"{where}.{name}", f"{h} is already in {seen[h]}")
                break
            seen[h] = name
        zones[name] = table[name]
    restricted = table.get("restricted")
    if restricted is not None:
        zone_hexes(f"{where}.restricted", restricted, probe, reader.problems)
    return Layout(reading, cols, rws, MappingProxyType(zones), restricted)


def _battlefield(reader: _Reader, doc: Mapping[str, object]) -> Battlefield | None:
    raw = reader.table("battlefield", doc.get("battlefield"))
    if not raw:
        reader.add("battlefield", "missing")
        return None
    reader.unknown("battlefield.", raw, _BATTLEFIELD)
    clause = reader.clause("battlefield.clause", raw.get("clause"))
    shape = raw.get("shape")
    if shape not in SHAPES:
        reader.add("battlefield.shape", f"expected one of {', '.join(SHAPES)}, got {shape!r}")
        return None
    columns = reader.whole("battlefield.columns", raw.get("columns"), 1, 702)
    rows = reader.whole("battlefield.rows", raw.get("rows"), 1, 702)
    forbid = raw.get("forbid_in_no_mans_land", [])
    if not isinstance(forbid, list) or not all(x in FORBIDDABLE for x in forbid):
        reader.add(
            "battlefield.forbid_in_no_mans_land", f"expected a list of {', '.join(FORBIDDABLE)}"
        )
        forbid = []
    ruling_id = raw.get("zones_ruling")
    zones = reader.table("zones", doc.get("zones"))
    layouts: dict[str, Layout] = {}
    if ruling_id is None:
        layout = _layout(reader, "zones", "", zones, str(shape), columns, rows)
        if layout is not None:
            layouts[""] = layout
    elif not isinstance(ruling_id, str) or ruling_id not in register():
        reader.add("battlefield.zones_ruling", f"no ruling {ruling_id!r} in the register")
    else:
        readings = [o.id for o in register()[ruling_id].options]
        for key in sorted(set(zones) - set(readings)):
            reader.add(f"zones.{key}", f"not a reading of {ruling_id} ({', '.join(readings)})")
        for reading in readings:
            if reading not in zones:
                reader.add(
                    f"zones.{reading}", f"missing: the zones under reading {reading} of {ruling_id}"
                )
                continue
            layout = _layout(
                reader, f"zones.{reading}", reading, zones[reading], str(shape), columns, rows
            )
            if layout is not None:
                layouts[reading] = layout
    return Battlefield(
        clause=clause,
        shape=str(shape),
        columns=columns,
        rows=rows,
        forbid_in_no_mans_land=frozenset(forbid),
        zones_ruling=ruling_id if isinstance(ruling_id, str) else None,
        layouts=MappingProxyType(layouts),
    )


def _step(reader: _Reader, i: int, raw: object, ids: set[str]) -> SetupStep | None:
    where = f"setup.step[{i}]"
    table = reader.table(where, raw)
    reader.unknown(f"{where}.", table, _STEP)
    sid = reader.text(f"{where}.id", table.get("id"))
    if sid in ids:
        reader.add(f"{where}.id", f"{sid!r} is used by an earlier step")
    ids.add(sid)
    name = reader.text(f"{where}.name", table.get("name"))
    clause = reader.clause(f"{where}.clause", table.get("clause", "setup.order"))
    size = table.get("size")
    if size is not None and size not in SIZES:
        reader.add(f"{where}.size", f"{size!r} is not one of {', '.join(SIZES)}")
    kind = table.get("type")
    if kind is not None and not isinstance(kind, str):
        reader.add(f"{where}.type", f"expected a type word, got {kind!r}")
    excepted = reader.by_ruling(
        f"{where}.except_types", table.get("except_types", []), _words(reader)
    )
    hexes = reader.by_ruling(
        f"{where}.hexes", table.get("hexes", "zone"), _one_of(reader, HEX_RULES)
    )
    optional = table.get("optional", False)
    if not isinstance(optional, bool):
        reader.add(f"{where}.optional", f"expected true or false, got {optional!r}")
    return SetupStep(
        id=sid,
        name=name,
        clause=clause,
        size=size if isinstance(size, str) else None,
        type=kind if isinstance(kind, str) else None,
        except_types=(
            excepted
            if isinstance(excepted, str)
            else tuple(str(x) for x in excepted)
            if isinstance(excepted, list)
            else ()
        ),
        hexes=str(hexes or "zone"),
        optional=bool(optional),
    )


def _setup(reader: _Reader, doc: Mapping[str, object]) -> SetupSpec | None:
    raw = reader.table("setup", doc.get("setup"))
    if not raw:
        reader.add("setup", "missing")
        return None
    reader.unknown("setup.", raw, _SETUP)
    procedure = raw.get("procedure")
    if procedure not in PROCEDURES:
        reader.add("setup.procedure", f"{procedure!r} is not one of {', '.join(PROCEDURES)}")
        return None
    clause = reader.clause("setup.clause", raw.get("clause"))
    speed = reader.by_ruling(
        "setup.speed", raw.get("speed", "chosen"), _one_of(reader, SPEED_RULES)
    )
    steps: list[SetupStep] = []
    advantage = None
    if procedure == "ordered":
        raw_steps = raw.get("step")
        if not isinstance(raw_steps, list) or not raw_steps:
            reader.add("setup.step", "an ordered setup needs [[setup.step]] tables")
            raw_steps = []
        ids: set[str] = set()
        for i, s in enumerate(raw_steps):
            step = _step(reader, i, s, ids)
            if step is not None:
                steps.append(step)
        adv = reader.table("setup.advantage", raw.get("advantage"))
        if not adv:
            reader.add("setup.advantage", "an ordered setup needs its advantage roll")
        else:
            reader.unknown("setup.advantage.", adv, _ADVANTAGE)
            tie = reader.by_ruling(
                "setup.advantage.tie", adv.get("tie", "roll-again"), _one_of(reader, TIE_RULES)
            )
            advantage = Advantage(
                clause=reader.clause("setup.advantage.clause", adv.get("clause")),
                die=reader.whole("setup.advantage.die", adv.get("die", 6), 2, 100),
                first=reader.whole("setup.advantage.first", adv.get("first", 1), 1, 100),
                then=reader.whole("setup.advantage.then", adv.get("then", 2), 1, 100),
                tie=str(tie or "roll-again"),
            )
    elif "step" in raw or "advantage" in raw:
        reader.add("setup", "a blind setup has no steps and no advantage roll")
    return SetupSpec(
        procedure="blind" if procedure == "blind" else "ordered",
        clause=clause,
        speed=str(speed or "chosen"),
        steps=tuple(steps),
        advantage=advantage,
    )


def _victory(reader: _Reader, doc: Mapping[str, object]) -> tuple[VictoryCondition, ...]:
    raw = doc.get("victory")
    if not isinstance(raw, list) or not raw:
        reader.add("victory", "expected [[victory]] tables (at least one)")
        return ()
    out: list[VictoryCondition] = []
    for i, entry in enumerate(raw):
        where = f"victory[{i}]"
        table = reader.table(where, entry)
        reader.unknown(f"{where}.", table, _VICTORY)
        vid = reader.text(f"{where}.id", table.get("id"))
        if vid in {v.id for v in out}:
            reader.add(f"{where}.id", f"{vid!r} is used by an earlier victory condition")
        minutes = table.get("minutes")
        if minutes is not None:
            minutes = reader.whole(f"{where}.minutes", minutes, 1, 24 * 60)
        out.append(
            VictoryCondition(
                id=vid,
                name=reader.text(f"{where}.name", table.get("name")),
                clause=reader.clause(f"{where}.clause", table.get("clause")),
                text=reader.text(f"{where}.text", table.get("text"), required=False),
                minutes=minutes,
            )
        )
    return tuple(out)


def parse_scenario(path: Path, doc: Mapping[str, object]) -> Scenario:
    """A :class:`Scenario` from a parsed file; raises :class:`ScenarioError` with every
    problem."""
    from referee.board.maps import find_map
    from referee.ruleset.shipped import available_rulesets
    from referee.units.budget import load_budgets

    reader = _Reader()
    reader.unknown("", doc, _TOP)
    name = reader.text("name", doc.get("name"))
    edition = reader.text("edition", doc.get("edition"))
    if edition and edition not in available_rulesets():
        reader.add("edition", f"no ruleset {edition!r} ({', '.join(available_rulesets())})")
    clause = reader.clause("clause", doc.get("clause"))
    game = reader.text("game", doc.get("game"))
    games = load_budgets().games
    if game and game not in games:
        reader.add("game", f"{game!r} is not a game id of units/budgets.toml ({', '.join(games)})")
    map_name = reader.text("map", doc.get("map"))
    if map_name:
        try:
            find_map(map_name)
        except FileNotFoundError as exc:
            reader.add("map", str(exc))
    battlefield = _battlefield(reader, doc)
    setup = _setup(reader, doc)
    victory = _victory(reader, doc)
    ids = tuple(v.id for v in victory)

    def offered(where: str, value: object) -> bool:
        if not isinstance(value, list) or not all(v in ids for v in value):
            reader.add(
                where,
                f"expected a list of this scenario's victory ids ({', '.join(ids)}), got {value!r}",
            )
            return False
        return True

    raw_offered = doc.get("victory_offered")
    chosen = (
        None if raw_offered is None else reader.by_ruling("victory_offered", raw_offered, offered)
    )
    if reader.problems or battlefield is None or setup is None:
        raise ScenarioError(path, reader.problems)
    return Scenario(
        id=path.stem,
        name=name,
        description=reader.text("description", doc.get("description"), required=False),
        edition=edition,
        clause=clause,
        game=game,
        map=map_name,
        battlefield=battlefield,
        setup=setup,
        victory=victory,
        victory_offered=chosen
        if isinstance(chosen, str)
        else (tuple(chosen) if isinstance(chosen, list) else None),
        source=path,
    )


def load_scenario(path: Path | str) -> Scenario:
    """Read and check one scenario file (its id is the file's stem)."""
    path = Path(path)
    try:
        doc = read_toml(path)
    except DataFileError as exc:
        raise ScenarioError(exc.path, exc.problems) from None
    return parse_scenario(path, doc)


def scenario_files() -> list[Path]:
    return sorted((data_dir() / "scenarios").glob("*.toml"))


@cache
def scenario(scenario_id: str) -> Scenario:
    """A shipped scenario by id (``entrenched``, ``standard-battle``), loaded once."""
    path = data_dir() / "scenarios" / f"{safe_file_name(scenario_id, '-')}.toml"
    if safe_file_name(scenario_id, "") != scenario_id or not path.is_file():  # in its folder
        known = ", ".join(p.stem for p in scenario_files())
        raise ScenarioError(path, [f"no scenario {scenario_id!r} (known: {known})"])
    return load_scenario(path)


def find_scenario(name: str) -> Scenario:
    """A scenario by file path or by the id of a shipped one."""
    p = Path(name)
    if p.suffix == ".toml" or p.exists():
        return load_scenario(p)
    return scenario(name)


def scenarios_of(edition: str) -> tuple[Scenario, ...]:
    """The shipped scenarios of ``edition``, by file name."""
    return tuple(s for s in (scenario(p.stem) for p in scenario_files()) if s.edition == edition)
