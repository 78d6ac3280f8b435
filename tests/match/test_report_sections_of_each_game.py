"""Both games' reports are one page around the sections their game system writes (issue 26:
the game-system interface gives its report sections; ``referee match report`` writes the
page once): the contents name exactly the system's sections, in its order, each an anchor
of the page, and the activation rules' report is that same page."""

from __future__ import annotations

import re

from referee.match.games.activation_file import ActivationMatch
from referee.match.journal.journal_text import read_journal, replay_journal
from referee.match.reports.activation_report import activation_report
from referee.match.reports.match_report import _Page, match_report
from referee.match.setup.demo import create_demo_match
from referee.paths import data_dir
from referee.rules.orders.commands import Advance, Correct

CROSSROADS = data_dir() / "journals" / "activation-crossroads.journal"


def contents(html: str) -> list[tuple[str, str]]:
    nav = re.search(r"<nav><ol>(.*?)</ol></nav>", html)
    assert nav is not None
    return re.findall(r"<li><a href='#([^']+)'>([^<]+)</a></li>", nav.group(1))


def test_a_match_of_written_orders_reports_its_set_up_and_each_turn(tmp_path):
    with create_demo_match(tmp_path / "demo.referee") as m:
        m.run("Shaken", [Correct(uid="grunts", set={"shaken": 1})])
        m.run("On", [Advance(to="aftermath", unfired="pass")])
        outline = m.system.report(_Page(m), m.initial_state(), m.state, m.steps())
        html = match_report(m)
    # the set-up, then the demo's turn 1 (the clock is in it): the system's sections
    assert [(s.anchor, s.title) for s in outline.sections] == [
        ("setup", "Set-up"),
        ("turn-1", "Turn 1"),
    ]
    assert contents(html) == [("setup", "Set-up"), ("turn-1", "Turn 1"), ("rules", "Rules applied")]
    for section in outline.sections:
        assert f"id='{section.anchor}'" in html
    assert outline.title == "Match on Standard battlefield"  # for a match without a title
    assert "<h1>Demo: Spartans against Orks" in html  # the demo has its own


def test_a_match_of_the_activation_rules_reports_its_armies_steps_and_now(tmp_path):
    journal = read_journal(CROSSROADS)
    with replay_journal(journal, tmp_path / "crossroads.referee") as m:
        assert isinstance(m, ActivationMatch)
        outline = m.system.report(_Page(m), m.initial_state(), m.state, m.steps())
        html = match_report(m)
        assert activation_report(m) == html  # one page for both games
    assert [(s.anchor, s.title) for s in outline.sections] == [
        ("setup", "Armies"),
        ("steps", "Steps"),
        ("now", "Now"),
    ]
    assert contents(html) == [
        ("setup", "Armies"),
        ("steps", "Steps"),
        ("now", "Now"),
        ("rules", "Rules applied"),
    ]
    assert f"{m.state.phase} phase, {m.state.activations} activations" in html
