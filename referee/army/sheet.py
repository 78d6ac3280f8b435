"""The army sheet: one printable page per army, as HTML (the app prints it to PDF).

It shows the army's name, nation, game size and budget, the huge units the opponent must be
told of (clause ``army.huge-units``), the totals of each cost kind against the budget, each
entry with its upgrades and cost, any problem the check found, every unit's card with its
upgrades applied (clause ``army.unit-card``) and the checksum, so that a printed list can be
matched to its file. The HTML keeps to what Qt's rich text draws (tables, ``<pre>``).
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from referee.army.validate import ArmyReport
from referee.units.card_text import unit_card
from referee.units.model import COST_KINDS

STYLE = """
body { font-family: sans-serif; font-size: 10pt; color: #000; }
h1 { font-size: 16pt; margin: 0; }
h2 { font-size: 12pt; margin-top: 10pt; margin-bottom: 2pt; }
table.grid { border-collapse: collapse; }
table.grid td, table.grid th { border: 1px solid #777; padding: 2px 6px; }
th { background: #e6e6e6; text-align: left; }
.over { color: #b71c1c; font-weight: bold; }
.huge { border: 2px solid #b71c1c; padding: 4px; color: #b71c1c; font-weight: bold; }
.problem { color: #b71c1c; }
.checksum { font-family: monospace; font-size: 11pt; }
pre { font-size: 8pt; margin: 0; white-space: pre-wrap; }
"""


def checksum_groups(checksum: str, size: int = 8) -> str:
    """``80c78455 34681 ...``: the checksum in groups a person can compare."""
    return " ".join(checksum[i : i + size] for i in range(0, len(checksum), size))


def cost_text(cost: Mapping[str, int]) -> str:
    """``4 MP, 11 CP, 3 XP`` in the order of the cost kinds."""
    return ", ".join(f"{cost[k]} {k.upper()}" for k in COST_KINDS if cost.get(k)) or "free"


def _totals(report: ArmyReport) -> str:
    over = set(report.budget_check.over_kinds) if report.budget_check else set()
    rows = []
    for kind in COST_KINDS:
        spent, budget = report.cost.get(kind, 0), report.budget.get(kind, 0)
        if not spent and not budget:
            continue
        cls = " class='over'" if kind in over else ""
        rows.append(f"<tr><td>{kind.upper()}</td><td{cls}>{spent}</td><td>{budget}</td></tr>")
    pool = report.allowance.pool if report.allowance is not None else None
    if pool is not None and report.budget_check is not None:
        cls = " class='over'" if report.budget_check.pool_over else ""
        kinds = "/".join(k.upper() for k in pool.kinds)
        rows.append(
            f"<tr><td>pool: {kinds} beyond their own</td>"
            f"<td{cls}>{report.budget_check.pool_spent}</td><td>{pool.points}</td></tr>"
        )
    return (
        "<table class='grid'><tr><th>kind</th><th>spent</th><th>budget</th></tr>"
        + "".join(rows)
        + "</table>"
    )


def _entries(report: ArmyReport) -> str:
    rows = []
    for i, entry in enumerate(report.army.entries):
        built = report.cards[i] if i < len(report.cards) else None
        name = built.unit.name if built is not None else entry.type
        ups = ", ".join(c.id if c.count == 1 else f"{c.id} x{c.count}" for c in entry.choices)
        cost = report.entry_cost(i)
        rows.append(
            f"<tr><td>{i}</td><td>{escape(name)}</td><td>{entry.count}</td>"
            f"<td>{escape(ups) or '—'}</td>"
            f"<td>{escape(cost_text(cost)) if cost is not None else '?'}</td></tr>"
        )
    return (
        "<table class='grid'><tr><th>#</th><th>unit</th><th>bases</th><th>upgrades and "
        "equipment</th><th>cost</th></tr>" + "".join(rows) + "</table>"
    )


def _cards(report: ArmyReport) -> str:
    parts = []
    seen: set[str] = set()
    for built in report.cards:
        if built is None or built.card is None or built.card.id in seen:
            continue
        seen.add(built.card.id)
        lines = unit_card(built.card)
        parts.append(
            f"<h3>{escape(built.card.name)}</h3><pre>" + escape("\n".join(lines[1:])) + "</pre>"
        )
    return "".join(parts)


def army_sheet_html(report: ArmyReport) -> str:
    """The army sheet of ``report`` as a whole HTML page (see the module docstring)."""
    army = report.army
    budget = report.allowance.name if report.allowance is not None else "no budget"
    head = (
        f"<h1>{escape(army.name)}</h1>"
        f"<p>{escape(army.nation.replace('-', ' ').title())} — game {escape(report.game)}"
        f" — budget: {escape(budget)}{' — advanced game' if army.advanced else ''}</p>"
    )
    huge = f"<p class='huge'>{escape(report.declaration)}</p>" if report.huge_units else ""
    verdict = (
        "<p>Checked: <b>valid</b>.</p>"
        if report.valid
        else f"<p class='over'>Checked: NOT valid, {len(report.errors)} problem(s):</p><ul>"
        + "".join(f"<li class='problem'>{escape(e.text())}</li>" for e in report.errors)
        + "</ul>"
    )
    return (
        "<!DOCTYPE html><html><head><meta charset='utf-8'>"
        f"<title>{escape(army.name)} — army sheet</title><style>{STYLE}</style></head><body>"
        f"{head}{huge}"
        f"<h2>Totals</h2>{_totals(report)}"
        f"<h2>Units</h2>{_entries(report)}"
        f"{verdict}"
        f"<h2>Unit cards</h2>{_cards(report)}"
        f"<h2>Checksum</h2><p class='checksum'>{checksum_groups(report.checksum)}</p>"
        "</body></html>"
    )
