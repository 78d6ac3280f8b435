"""The tournament window's results: the result form's record and correction (a result
refused for not adding up opens the override box), a match file read into the form, the
players' reports from the phones taken or dismissed, and the awards' votes and weights."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from PySide6.QtWidgets import QWidget

from referee.app.tournament.awards_panel import AwardsPanel
from referee.app.tournament.desk_host import DeskHost
from referee.app.tournament.reported_panel import ReportedPanel
from referee.app.tournament.result_entry import ResultEntry
from referee.app.widgets.file_dialogs import ask_open_path
from referee.errors import RefereeError
from referee.paths import matches_dir
from referee.tournament.desk import CorrectionReport, ResultRefused
from referee.tournament.event import TableResult
from referee.tournament.scoring import MatchResult
from referee.tournament.table_match import SentMatch

T = TypeVar("T")


class ResultDesk:
    """The Results, Reported and Awards tabs, and the desk's actions they ask for."""

    def __init__(self, host: DeskHost, window: QWidget) -> None:
        self.host = host
        self.window = window
        self.entry = ResultEntry()
        self.entry.record_requested.connect(self.record_result)
        self.entry.correct_requested.connect(self.correct_result)
        self.entry.match_file_requested.connect(self.result_from_match)
        self.reported = ReportedPanel()
        self.reported.take_requested.connect(self.take_report)
        self.reported.dismiss_requested.connect(self.dismiss_reports)
        self.awards = AwardsPanel()
        self.awards.vote_requested.connect(self.enter_vote)
        self.awards.weights_requested.connect(self.set_award_weights)

    def take(
        self, action: Callable[[str], T], done: Callable[[T], None], override: str = ""
    ) -> None:
        """Run a desk action that takes a result, then ``done`` with its answer; a result
        refused for not adding up (or for its match file) opens the override box, which
        runs the same action on the same numbers again with the desk's reason."""
        try:
            answer = action(override)
        except ResultRefused as exc:
            self.host.catch_up()
            self.host.message(
                f"Refused: {exc.table_label}: {'; '.join(exc.problems)} (the reason to take it "
                "anyway goes in the box below the calculation)",
                error=True,
            )
            self.entry.override.ask(exc.problems, lambda reason: self.take(action, done, reason))
            return
        except (RefereeError, OSError) as exc:
            self.host.catch_up()  # what changed meanwhile shows first; the refusal says why
            self.host.message(f"Refused: {exc}", error=True)
            return
        self.host.catch_up()
        done(answer)

    def _sent(self, round_number: int, table: int) -> tuple[str, SentMatch | None]:
        """The source of the numbers in the form: the match file read, or typed."""
        sent = self.entry.from_match
        shown = self.entry.shown
        if sent is not None and shown is not None and shown[:2] == (round_number, table):
            return f"match file {sent.path}", sent
        return "by hand", None

    def record_result(self, round_number: int, table: int, result: MatchResult) -> None:
        source, sent = self._sent(round_number, table)

        def done(tr: TableResult) -> None:
            a, b = tr.scores
            reason = tr.record.data.get("override")
            self.host.message(
                f"Round {round_number}, table {table}: {a.name} {a.mvp} MVP, "
                f"{b.name} {b.mvp} MVP" + (f" (taken with the reason: {reason})" if reason else "")
            )

        self.take(
            lambda override: self.host.desk.record_result(
                round_number, table, result, source, override=override, match=sent
            ),
            done,
        )

    def correct_result(self, round_number: int, table: int, result: MatchResult, why: str) -> None:
        if not why.strip():
            self.host.message(
                "Refused: a correction needs a reason: type it in the box above "
                "Correct result (it is kept in the correction trail)",
                error=True,
            )
            self.entry.why.setFocus()
            return
        source, sent = self._sent(round_number, table)
        replaces = self.entry.counting_record or 0  # 0: the form showed no result

        def done(report: CorrectionReport) -> None:
            self.host.message(report.lines()[0])
            self.entry.why.clear()
            self.entry.show_report(report.lines())

        self.take(
            lambda override: self.host.desk.correct(
                round_number,
                table,
                result,
                why,
                source,
                override=override,
                match=sent,
                replaces=replaces,
            ),
            done,
        )

    def result_from_match(self, round_number: int, table: int, as_correction: bool) -> None:
        path = ask_open_path(
            self.window, "Match file", str(matches_dir()), "Match files (*.referee)"
        )
        if path is not None:
            self.result_from_match_file(round_number, table, path, as_correction)

    def result_from_match_file(
        self, round_number: int, table: int, path: Path, as_correction: bool = False
    ) -> None:
        """Read the match file's result into the form, so that the desk sees the numbers it
        takes; a table without a result records it at once, a table with one keeps it in
        the form for the desk to check and press Correct result (with a reason)."""
        from referee.tournament.table_match import sent_match

        read = self.host.act(lambda: sent_match(path))
        if read is None:
            return
        result, sent = read
        self.entry.round.setValue(round_number)
        self.entry.table.setValue(table)
        sent = SentMatch(path.name, sent.origin)
        if not self.entry.show_result(result, sent):  # other players: the desk says so
            self.take(
                lambda override: self.host.desk.record_result(
                    round_number, table, result, override=override, match=sent
                ),
                lambda _tr: None,
            )
            return
        rnd = self.host.tournament.round(round_number)
        if rnd is not None and table in rnd.results:
            self.host.message(
                f"{path.name}: its result is in the form; round {round_number}, table "
                f"{table} has a result already: check the numbers, type the reason and "
                "press Correct result to make it the correction"
            )
            if not as_correction:
                self.entry.why.setFocus()
            return
        self.record_result(round_number, table, self.entry.result())

    def take_report(self, report_id: int) -> None:
        """A player's report from the phones taken as the table's result (``room``)."""
        from referee.tournament.room import take_report

        taken = self.host.act(lambda: take_report(self.host.desk, report_id))
        if taken is not None:
            a, b = taken.scores
            self.host.message(
                f"Round {taken.round}, table {taken.table}: report #{report_id} taken "
                f"({a.name} {a.mvp} MVP, {b.name} {b.mvp} MVP)"
            )

    def dismiss_reports(self, round_number: int, table: int, why: str) -> None:
        """A table's reports dismissed with the reason: its players report again."""
        from referee.tournament.room import dismiss

        done = f"Round {round_number}, table {table}: reports dismissed; the players report again"
        self.host.act(lambda: dismiss(self.host.desk, round_number, table, why), done)
        if self.host.last_message == done:
            self.reported.why.clear()

    def enter_vote(self, voter: str, category: str, choice: str) -> None:
        """A vote entered at the desk (``awards.cast_vote``)."""
        from referee.tournament.awards import cast_vote

        self.host.act(
            lambda: cast_vote(self.host.desk, voter, category, choice),
            f"{voter} votes for {choice} ({category})",
        )

    def set_award_weights(self, weights: dict[str, int]) -> None:
        from referee.tournament.awards import set_weights

        done = self.host.act(lambda: set_weights(self.host.desk, weights))
        if done is not None:
            self.host.message(done.formula())
