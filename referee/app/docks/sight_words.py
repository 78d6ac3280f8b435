"""What the line-of-sight tool says of a sight: the role each hex the line meets plays on
the map, the verdict (visible, blind, blocked), and the answer in words: range, crossings,
each weapon's range band for a unit at the first hex, the sectors the line leaves and
enters by, the working with its clauses and rulings, each a link to the rules browser."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from referee.app.docks.rule_html import clause_links, rule_link, ruling_links
from referee.board.facing import crossing
from referee.board.hexgrid import Hex, hex_label
from referee.board.los import Sight
from referee.board.ranges import shot_range
from referee.rules.state import UnitState
from referee.ruleset import Ruleset


def sight_roles(sight: Sight) -> dict[Hex, str]:
    """The overlay role of each hex the line meets (what the map tints)."""
    roles: dict[Hex, str] = {}
    for a, b in sight.line.edges:
        roles.setdefault(a, "edge")
        roles.setdefault(b, "edge")
    for h in sight.line.vertices:
        roles.setdefault(h, "corner")
    for h in sight.line.crossed:
        roles[h] = "crossed"
    for h in sight.blocked_by:
        roles[h] = "blind" if sight.blind else "blocked"
    roles[sight.start] = "start"
    roles[sight.end] = "end"
    return roles


def verdict(sight: Sight) -> str:
    return "visible" if sight.visible else "blind" if sight.blind else "blocked"


def labels(hexes: Iterable[Hex]) -> str:
    return ", ".join(hex_label(h) for h in hexes) or "none"


def sight_html(
    sight: Sight, shooter: UnitState | None, target: UnitState | None, rules: Ruleset | None
) -> str:
    """The answer in words, for ``shooter`` at the first hex and ``target`` at the last
    (either None: no unit there); the range bands need the match's ``rules``."""
    a, b = hex_label(sight.start), hex_label(sight.end)
    answer = {
        "visible": f"{a} and {b} see each other.",
        "blind": sight.working[-1],
        "blocked": f"No line of sight: blocked by {labels(sight.blocked_by)}.",
    }[verdict(sight)]
    colour = {"visible": "#0b7a0b", "blind": "#8e24aa", "blocked": "#c62828"}[verdict(sight)]
    distance = sight.to_json()["range"]
    parts = [
        f"<p style='color:{colour}'><b>{escape(answer)}</b></p>",
        f"<p>{a} (level {sight.start_level}) to {b} (level {sight.end_level}), "
        f"range {distance}.</p>",
        f"<p>Crosses: {labels(sight.line.crossed)}; along edges: "
        f"{', '.join(f'{hex_label(x)}|{hex_label(y)}' for x, y in sight.line.edges) or 'none'}"
        f"; corners: {labels(sight.line.vertices)}.</p>",
    ]
    if shooter is not None and shooter.unit.weapons and rules is not None:
        bands = []
        for w in shooter.unit.weapons:
            band = shot_range(sight.start, sight.end, w.range, rules)
            ruling = f" ({ruling_links([band.ruling], 'ruling ')})" if band.ruling else ""
            bands.append(f"<li>{escape(w.name)} (range {w.range}): {band.band}{ruling}</li>")
        parts.append(f"<p>Range bands for {escape(shooter.uid)}:</p><ul>{''.join(bands)}</ul>")
    sectors = []
    if sight.start != sight.end:
        for unit, other, verb in (
            (shooter, sight.end, "leaves"),
            (target, sight.start, "enters"),
        ):
            if unit is None:
                continue
            c = crossing(unit.hex, unit.facing, other)
            words = " or ".join(c.sectors) + (
                " (on the edge: the attacker chooses)" if c.on_edge else ""
            )
            sectors.append(
                f"<li>{verb} {escape(unit.uid)} by its {escape(words)} sector "
                f"({rule_link('clause', c.clause)})</li>"
            )
    if sectors:
        parts.append(f"<p>Sectors:</p><ul>{''.join(sectors)}</ul>")
    working = "".join(f"<li>{escape(w)}</li>" for w in sight.working)
    parts.append(f"<p><b>Working</b></p><ol>{working}</ol>")
    parts.append(f"<p style='color:#555'>Clauses: {clause_links(sight.clauses)}</p>")
    rulings = ruling_links(sight.rulings) or "none"
    parts.append(f"<p style='color:#555'>Rulings: {rulings}</p>")
    return "".join(parts)
