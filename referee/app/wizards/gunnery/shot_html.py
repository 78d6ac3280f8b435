"""A shot before it is rolled, in words for the wizard's odds page: the need with its
working, the exact odds of the whole action, and per sector the armor's odds and each damage
row's (clauses ``fire.to-hit``, ``fire.roll``, ``fire.area``, ``damage.*``)."""

from __future__ import annotations

from html import escape

from referee.app.docks.rule_html import clause_links, rule_link, ruling_links
from referee.app.wizards.gunnery.action_odds_html import action_odds_html, pct
from referee.rules.fire.preview import ShotPreview
from referee.ruleset.used import rulings_named


def preview_html(preview: ShotPreview) -> str:
    """The shot before it is rolled: the need with its working, the exact odds, per sector
    the armor's odds and each damage row's."""
    if not preview.allowed:
        reasons = "".join(
            f"<li>{escape(r.text)} ({rule_link('clause', r.clause)})</li>"
            for r in preview.check.reasons
        )
        return f"<p><b>Not allowed:</b></p><ul>{reasons}</ul>"
    if preview.to_hit is not None:
        parts = [
            f"<p><b>{escape(preview.to_hit.explain())}</b></p>",
            f"<p>Each die hits {pct(preview.p_hit)} (exactly {preview.p_hit}).</p>",
        ]
    else:  # an area weapon: no to-hit roll (clause fire.area)
        parts = [
            f"<p><b>Area attack</b>: one die per enemy model in the hex; each hit that "
            f"stands {pct(preview.p_hit)} (exactly {preview.p_hit}).</p>"
        ]
    parts.append(action_odds_html(preview))
    parts.extend(
        f"<p><i>{escape(n.text)} ({rule_link('clause', n.clause)})</i></p>"
        for n in preview.check.notes
    )
    for s in preview.sectors:
        a = s.odds.armor.odds()
        armor = f"armor {s.armor}" if s.armor is not None else "no armor"
        rows = "".join(
            f"<tr><td>{escape(r.label)}</td><td align='right'>{pct(r.p)}</td></tr>"
            for r in s.odds.rows
        )
        parts.append(
            f"<p>One hit on the <b>{escape(s.sector)}</b> ({armor}): blocked {pct(a.blocked)}, "
            f"partly {pct(a.partial)}, through {pct(a.penetrated)}</p>"
            f"<table><tr><td>miss</td><td align='right'>{pct(1 - preview.p_hit)}</td></tr>"
            f"{rows}</table>"
        )
    cited = preview.to_hit.clauses if preview.to_hit else ("fire.area", "fire.evasion")
    parts.append(f"<p style='color:#555'>Clauses: {clause_links(cited)}</p>")
    ruled = rulings_named(preview.to_json())  # every ruling the odds took (the CLI's list)
    if ruled:
        parts.append(f"<p style='color:#555'>Rulings: {ruling_links(ruled)}</p>")
    return "".join(parts)
