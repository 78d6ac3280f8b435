"""The odds of the whole fire action in the gunnery wizard, before any die is rolled.

For each unit the action reaches (an area weapon: every enemy unit in the hex): the dice
it rolls and why that many (models, Burst, fixed guns bearing; one area die per model),
the misfire (clause ``fire.misfire``), the chance of each number of hits and of at least
one, each damage row's chance of being read at least once and of at least one model
killed, and the chance of the fire, acid and poison the hits place (clauses
``weapons.set-on-fire``, ``weapons.acid``, ``weapons.poison``), all exact
(:mod:`referee.rules.fire.action_odds`).
"""

from __future__ import annotations

from fractions import Fraction
from html import escape

from referee.app.docks.rule_html import rule_link
from referee.rules.fire.action_odds import ActionOdds, ConditionOdds
from referee.rules.fire.preview import ShotPreview


def pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def _dice_line(preview: ShotPreview, a: ActionOdds) -> str:
    dice = f"{a.dice} {'die' if a.dice == 1 else 'dice'}"
    if a.area is not None:
        ev = a.area.evasion
        evasion = "; no evasion"
        if ev is not None:
            evasion = f"; {escape(ev.text())}"
            if a.area.evasion_need is not None:
                evasion += f": each hit negated on {a.area.evasion_need}+"
        return (
            f"<b>{dice}</b>, one per model of {escape(a.target)}: "
            f"{escape(a.area.need.explain())}{evasion}"
        )
    shooter, weapon = preview.check.shooter, preview.check.weapon
    models = shooter.alive if a.models is None else a.models  # ruling fire.elite-model-weapon
    parts = [f"{models} model{'s' if models != 1 else ''} firing"]
    if weapon is not None and weapon.carried != "each-model":
        parts = [f"{weapon.carried} weapon"]
    if weapon is not None and weapon.burst > 1:
        parts.append(f"Burst({weapon.burst})")
    if weapon is not None and weapon.fixed is not None:
        parts.append(
            f"{preview.check.guns} fixed gun{'s' if preview.check.guns != 1 else ''} bearing"
        )
    return f"<b>{dice}</b> ({' x '.join(parts)}), each needing {a.need}+"


def action_odds_html(preview: ShotPreview) -> str:
    """The whole action's odds (see the module docstring)."""
    out = []
    for a in preview.actions:
        out.append(f"<h3>The whole action on {escape(a.target)}</h3>")
        out.append(f"<p>{_dice_line(preview, a)}</p>")
        if a.misfire_on is not None:
            out.append(
                f"<p>Misfire[{a.misfire_on}-]: <b>{pct(a.misfire)}</b> that the whole "
                "action does nothing (no ammo spent).</p>"
            )
        rows = "".join(
            f"<tr><td>{k} hit{'s' if k != 1 else ''}</td><td align='right'>{pct(p)}</td>"
            f"<td style='color:#555'>{p}</td></tr>"
            for k, p in enumerate(a.hits)
        )
        out.append(f"<table cellspacing='0' cellpadding='1'>{rows}</table>")
        out.append(
            f"<p>At least one hit: <b>{pct(a.at_least_one_hit)}</b>"
            + (f"; {float(a.expected_hits):.2f} hits expected" if a.dice > 1 else "")
            + "</p>"
        )
        if a.damage is not None:
            dmg = "".join(
                f"<tr><td>{escape(a.damage.labels[rk])}</td><td align='right'>{pct(p)}</td></tr>"
                for rk, p in a.damage.rows.items()
            )
            where = f" (hits on the {escape(a.sector)})" if a.sector else ""
            out.append(
                f"<p>Damage rows read at least once{where}:</p>"
                f"<table cellspacing='0' cellpadding='1'>{dmg}</table>"
            )
            out.append(
                f"<p>At least one model killed: <b>{pct(a.kill_at_least_one)}</b> "
                f"<span style='color:#555'>(exactly {a.kill_at_least_one})</span></p>"
            )
        out.extend(f"<p>{conditions_html(c)}</p>" for c in a.conditions)
    return "".join(out)


def conditions_html(c: ConditionOdds) -> str:
    """One condition the action places on the unit: its chance (set on fire: the chance of
    at least one hit), per hit the tokens expected; its clause a link."""
    link = rule_link("clause", c.clause)
    if c.ignored:
        return f"{escape(c.name)}: none, {escape(c.ignored)} ({link})"
    if c.kind == "fire":
        return (
            f"Set on fire (one fire token if hit at least once): <b>{pct(c.at_least_one)}"
            f"</b> <span style='color:#555'>(exactly {c.at_least_one})</span> ({link})"
        )
    return (
        f"{escape(c.name)}, one per hit: at least one <b>{pct(c.at_least_one)}</b> "
        f"<span style='color:#555'>(exactly {c.at_least_one})</span>, "
        f"{float(c.expected):.2f} expected ({link})"
    )


def condition_brief(c: ConditionOdds) -> str:
    """The condition in a few words, for a list of targets: ``on fire 42.1%``,
    ``Poison[8] 42.1%`` (the chance of at least one token), ``no Poison[8]: not
    biological``."""
    if c.ignored:
        return f"no {c.name}: {c.ignored}"
    if c.kind == "fire":
        return f"on fire {pct(c.at_least_one)}"
    return f"{c.name} {pct(c.at_least_one)}"
