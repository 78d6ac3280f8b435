"""The height rules of line of sight as data (clauses ``los.*``).

A row per pair of end levels (higher, lower) gives the effect of a crossed hex by its
blocking level: it blocks, it does not matter, or it leaves N blind hexes behind it.
The table is read from ``data/rulesets/<edition>/los.toml``; cells that the drafts leave
open refer to rulings and arrive here already resolved, carrying the ruling id.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from pathlib import Path
from types import MappingProxyType

import msgspec

from referee.errors import DataFileError, whole_number

LEVELS = (0, 1, 2)
SMOKE = 3  # the column of a row that holds the effect of a smoke marker
COLUMN_NAMES = (
    "level-0 blocking terrain",
    "level-1 blocking terrain",
    "level-2 blocking terrain",
    "smoke",
)
ROW_CLAUSES = {
    (0, 0): "los.ground-level",
    (1, 1): "los.both-level-1",
    (1, 0): "los.level-1-to-0",
    (2, 0): "los.level-2-to-0",
    (2, 1): "los.level-2-to-0",
    (2, 2): "los.both-level-1",
}


class Effect(msgspec.Struct, frozen=True):
    """What a crossed hex does to a line: ``block``, ``clear`` or ``blind`` (``n`` hexes)."""

    kind: str
    n: int = 0
    clause: str = ""
    ruling: str | None = None

    def describe(self) -> str:
        if self.kind == "blind":
            return f"{self.n} blind hex{'es' if self.n != 1 else ''} behind it"
        return "blocks" if self.kind == "block" else "does not block"


class LosRules(msgspec.Struct, frozen=True):
    """The resolved line-of-sight table of one ruleset."""

    heights: Mapping[tuple[int, int], tuple[Effect, Effect, Effect, Effect]]
    edge: str  # "both" | "either"
    vertex: str  # "ignore" | "block"
    blind_count: str  # "steps" | "along-line"
    rulings: Mapping[str, str]  # which ruling decided "edge", "vertex", "blind_count"

    def table_rulings(
        self, pairs: Iterable[tuple[int, int]], columns: Collection[int]
    ) -> tuple[str, ...]:
        """The rulings behind the cells of ``columns`` (blocking levels, SMOKE) in the rows of
        ``pairs`` of end levels, and behind the geometry every line obeys (an edge run, a
        corner touch, counting blind hexes): what an answer that reads those cells for many
        lines at once (``visible``) used."""
        found: dict[str, None] = {}
        for a, b in pairs:
            row = self.heights[(max(a, b), min(a, b))]
            found.update((r, None) for c in sorted(columns) if (r := row[c].ruling))
        found.update(
            (r, None) for k in ("edge", "vertex", "blind_count") if (r := self.rulings.get(k))
        )
        return tuple(found)

    def effect(self, level_a: int, level_b: int, column: int) -> Effect:
        """Effect of a crossed hex (blocking ``column`` 0-2, or SMOKE) between two levels."""
        hi, lo = max(level_a, level_b), min(level_a, level_b)
        return self.heights[(hi, lo)][column]


Resolver = Callable[[str], object]


def parse_los_rules(path: Path, doc: Mapping[str, object], resolve: Resolver) -> LosRules:
    """Build :class:`LosRules` from a parsed ``los.toml``; ``resolve("@id")`` reads a ruling."""
    problems: list[str] = []

    def cell(where: str, raw: object, row: list[Effect], clause: str) -> Effect | None:
        ruling = None
        if isinstance(raw, str) and raw.startswith("@"):
            ruling = raw[1:]
            try:
                raw = resolve(ruling)
            except KeyError as exc:
                problems.append(f"{where}: {exc.args[0]}")
                return None
        if raw == "block" or raw == "clear":
            return Effect(str(raw), 0, clause, ruling)
        like = whole_number(raw[5:]) if isinstance(raw, str) and raw.startswith("like ") else None
        if like is not None and 0 <= like < len(row):
            base = row[like]
            return Effect(base.kind, base.n, base.clause, ruling)
        if isinstance(raw, str) and raw.startswith("blind "):
            try:
                n = int(raw.split()[1])
            except (IndexError, ValueError):
                n = 0
            if n >= 1:
                return Effect("blind", n, clause, ruling)
        problems.append(f"{where}: {raw!r} is not block, clear, 'blind N' or '@ruling'")
        return None

    heights: dict[tuple[int, int], tuple[Effect, Effect, Effect, Effect]] = {}
    raw_heights = doc.get("heights")
    if not isinstance(raw_heights, dict):
        problems.append("heights: missing table")
        raw_heights = {}
    for key, raw_row in raw_heights.items():
        where = f'heights."{key}"'
        try:
            hi, lo = (int(x) for x in key.split("-"))
        except ValueError:
            problems.append(f"{where}: a row is named 'higher-lower', like \"1-0\"")
            continue
        if not (hi in LEVELS and lo in LEVELS and hi >= lo):
            problems.append(f"{where}: levels must be 0-2 with the higher first")
            continue
        if not isinstance(raw_row, list) or len(raw_row) != 4:
            problems.append(f"{where}: expected 4 cells ({', '.join(COLUMN_NAMES)})")
            continue
        row: list[Effect] = []
        for i, raw in enumerate(raw_row):
            eff = cell(f"{where}[{i}]", raw, row, ROW_CLAUSES.get((hi, lo), "los.ground-level"))
            if eff is None:
                break
            if eff.kind == "blind" and hi == lo:
                problems.append(f"{where}[{i}]: blind hexes need one end higher than the other")
                break
            row.append(eff)
        if len(row) == 4:
            heights[(hi, lo)] = (row[0], row[1], row[2], row[3])
    for hi in LEVELS:
        for lo in LEVELS:
            if lo <= hi and (hi, lo) not in heights and f"{hi}-{lo}" not in raw_heights:
                problems.append(f'heights."{hi}-{lo}": missing row')

    lines = doc.get("lines", {})
    settings: dict[str, str] = {}
    rulings: dict[str, str] = {}
    allowed = {
        "edge": ("both", "either"),
        "vertex": ("ignore", "block"),
        "blind_count": ("steps", "along-line"),
    }
    for key, choices in allowed.items():
        raw = lines.get(key) if isinstance(lines, dict) else None
        if isinstance(raw, str) and raw.startswith("@"):
            rulings[key] = raw[1:]
            try:
                raw = resolve(raw[1:])
            except KeyError as exc:
                problems.append(f"lines.{key}: {exc.args[0]}")
                continue
        if raw not in choices:
            problems.append(f"lines.{key}: expected one of {', '.join(choices)}, got {raw!r}")
            continue
        settings[key] = str(raw)
    if problems:
        raise DataFileError(path, problems)
    return LosRules(
        heights=MappingProxyType(heights),
        edge=settings["edge"],
        vertex=settings["vertex"],
        blind_count=settings["blind_count"],
        rulings=MappingProxyType(rulings),
    )
