"""The match report (``referee match report``): per turn what each unit did, the hits and the
casualties, the state at the end of the turn, the clause and ruling ids as links into a rules
appendix with the catalogue's text, and no step that only moved the clock on."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from referee.catalogue.clauses import clauses
from referee.cli.main import main
from referee.match.journal.journal_text import read_journal, replay_journal
from referee.match.reports.match_report import match_report
from referee.ruleset.rulings import register

JOURNAL = Path(__file__).parent / "journals" / "two-turns-orders-step.journal"


class Page(HTMLParser):
    """The report's anchors, links and text by section."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.sections: dict[str, list[str]] = {}
        self.current = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(str(a["id"]))
            if tag == "section":
                self.current = str(a["id"])
        if tag == "a" and a.get("href", "").startswith("#"):
            self.links.append(str(a["href"])[1:])

    def handle_data(self, data: str) -> None:
        self.sections.setdefault(self.current, []).append(data)

    def text(self, section: str) -> str:
        return " ".join(" ".join(self.sections.get(section, [])).split())


def report(tmp_path: Path) -> tuple[str, Page]:
    with replay_journal(read_journal(JOURNAL), tmp_path / "r.referee") as m:
        html = match_report(m)
    page = Page()
    page.feed(html)
    return html, page


def test_each_turn_says_what_each_unit_did(tmp_path):
    _html, page = report(tmp_path)
    turn1 = page.text("turn-1")
    assert "orders for turn 1: movement - + - + -; gunnery Fire + -" in turn1
    # need 3, a 5 hits: one hit, whose 6 + 1 = 7 rolls on the grunts' table
    assert "fired Main gun at grunts: 1 hit" in turn1
    assert "damage applied: lost 1 model (4 → 3)" in turn1
    # the referee confirmed that the grunts' players wrote no orders for turn 2
    assert "no orders for turn 2 from its players; the rule for a missing order applies" in turn1
    assert "no orders for turn 3 from its players" in page.text("turn-2")


def test_the_hits_and_casualties_of_a_turn(tmp_path):
    _html, page = report(tmp_path)
    turn1 = page.text("turn-1")
    # grunts' regular table, 7-10: One model killed
    assert "tank, Main gun grunts regular table: 7 One model killed" in turn1
    assert "grunts 4 → 3 damage applied" in turn1
    turn2 = page.text("turn-2")
    assert "No damage was rolled this turn." in turn2 and "No model was lost" in turn2


def test_the_state_at_the_end_of_each_turn(tmp_path):
    _html, page = report(tmp_path)
    turn1 = page.text("turn-1")
    end = turn1[turn1.index("At the end of turn 1") :]
    # grunts: E6, facing N, stand-still, 3 of 4 models left, no damage token
    assert "grunts Ork grunts 2 E6 N stand-still 3/4 0" in end
    assert "tank Standard tank 1 C2 S stand-still 1/1 0" in end
    assert "Now (turn 3 goes on)" not in page.text("turn-2")
    assert "At the end of turn 2" in page.text("turn-2")


def test_no_step_that_only_moves_the_clock_is_shown(tmp_path):
    _html, page = report(tmp_path)
    told = page.text("turn-1") + page.text("turn-2")
    for name in ("On to the damage", "On to turn 2", "On to turn 3"):
        assert name not in told
    assert "Turn 2: no orders for turn 3" in told  # it confirmed missing orders
    # draft 004's turn with the orders step has 38 steps (0 to 37): from Gunnery 1 (1) to
    # Assault 1's apply damage (10) the clock passes 8; from there to turn 2, the 27 from
    # Movement 2 (11) to the aftermath (37)
    assert "The clock passed 35 steps with nothing in them." in page.text("turn-1")


def test_every_id_is_a_link_into_the_rules_appendix_with_the_catalogues_text(tmp_path):
    html, page = report(tmp_path)
    assert page.links and set(page.links) <= page.ids  # no link points nowhere
    linked = {x.split("-", 1)[1] for x in page.links if x.startswith("clause-")}
    assert {"fire.roll", "damage.sequence", "orders.missing", "orders.giving"} <= linked
    appendix = page.text("rules")
    for cid in ("fire.roll", "orders.missing"):
        clause = clauses()[cid]
        assert f"{cid} — {clause.title}" in appendix
        assert " ".join(clause.text.split()) in appendix
    ruling = register()["orders.missing"]
    assert f"orders.missing — {ruling.title}" in appendix
    assert "as-illegal (this match)" in appendix
    assert re.search(r"<a href='#ruling-orders\.missing'>orders\.missing</a>", html)


def test_text_from_the_file_is_escaped(tmp_path):
    with replay_journal(read_journal(JOURNAL), tmp_path / "r.referee") as m:
        m.run("<b>bold</b> correction", [{"kind": "correct", "uid": "tank", "set": {"facing": 2}}])
        html = match_report(m)
    assert "<b>bold</b>" not in html and "&lt;b&gt;bold&lt;/b&gt; correction" in html


def test_the_command_writes_the_report(tmp_path, capsys):
    with replay_journal(read_journal(JOURNAL), tmp_path / "r.referee"):
        pass
    out = tmp_path / "r.html"
    assert main(["match", "report", str(tmp_path / "r.referee"), "-o", str(out)]) == 0
    assert f"report written to {out}" in capsys.readouterr().out
    assert "<section class='rules' id='rules'>" in out.read_text(encoding="utf-8")
