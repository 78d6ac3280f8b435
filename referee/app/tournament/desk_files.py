"""The tournament window's File menu jobs: the exports (CSV, printable HTML, PDF, web
pages), the table slips, the venue's tables, the top cut, serving the event to the room,
and a table's match file; each asks where or what first, and the desk acts."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QDialog, QMessageBox, QWidget

from referee.app.tournament.desk_host import DeskHost
from referee.app.tournament.pairings_tab import PairingsTab
from referee.app.tournament.serve_dialog import ServeDialog
from referee.app.widgets.file_dialogs import ask_folder
from referee.app.widgets.plain_text import plain_message
from referee.app.widgets.save_dialog import ask_save_path
from referee.errors import RefereeError
from referee.paths import matches_dir, safe_file_name
from referee.tournament.targets import is_server_url
from referee.tournament.venue import VenueTable


class DeskFiles:
    """The File menu's jobs, over ``window`` (the dialogs' parent); the table of a match
    file and the round of the slips are the ones the pairings tab shows."""

    def __init__(self, host: DeskHost, window: QWidget, pairings: PairingsTab) -> None:
        self.host = host
        self.window = window
        self.pairings = pairings
        self.serving: ServeDialog | None = None
        self.venue_editor: QDialog | None = None

    def export_dialog(self, fmt: str) -> None:
        """Ask where; a file export's dialog asks before replacing the file, a folder
        export asks before replacing the files of the folder it would write over."""
        if is_server_url(self.host.tournament.store_name):  # no folder of its own: the user's
            from referee.paths import tournaments_dir

            start = tournaments_dir()
        else:
            start = Path(self.host.tournament.store_name).resolve().parent
        if fmt == "site":
            folder = ask_folder(self.window, "Export to folder", start)
            if folder is not None:
                self.export(fmt, folder, self.may_replace)
            return
        suggested = start / f"{safe_file_name(self.host.tournament.name, 'event')}.{fmt}"
        path = ask_save_path(
            self.window, "Export to file", suggested, f"{fmt.upper()} (*.{fmt})", f".{fmt}"
        )
        if path is not None:
            self.export(fmt, path, lambda _files: True)  # the dialog asked already

    def may_replace(self, files: list[Path]) -> bool:
        """Whether the organiser lets an export replace ``files``."""
        shown = "\n".join(str(f) for f in files[:12]) + ("\n…" if len(files) > 12 else "")
        box = plain_message(  # the files are named after the event's players
            self.window,
            QMessageBox.Icon.Question,
            "Replace files?",
            f"The export would replace {len(files)} file(s):\n{shown}\n\nReplace them?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
        )
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is box.button(QMessageBox.StandardButton.Yes)

    def export(
        self, fmt: str, out: Path, may_replace: Callable[[list[Path]], bool] | None = None
    ) -> None:
        """Write the export at ``out``; files it would replace go to ``may_replace`` first
        (by default the question to the organiser); nothing is written if refused."""
        from referee.paths import write_asking
        from referee.tournament.export import export

        def write(staged: Path) -> list[Path]:
            if fmt == "pdf":
                from referee.app.tournament.pdf_export import write_pdf

                return write_pdf(self.host.tournament, staged)
            if fmt == "csv":  # the one file named, whatever its ending (tournament export)
                from referee.tournament.export.csv_export import write_csv_file

                return write_csv_file(self.host.tournament, staged)
            return export(self.host.tournament, fmt, staged)

        if fmt == "site" and out.is_file():
            self.host.message(f"{out}: is a file; this export writes a folder", error=True)
            return
        if fmt != "site" and out.is_dir():
            self.host.message(f"{out}: is a folder; this export writes one file", error=True)
            return
        ask = may_replace or self.may_replace
        written = self.host.act(lambda: write_asking(out, write, ask))
        if written:
            self.host.message(f"Exported {len(written)} file(s) to {out}")
        elif written is not None:
            self.host.message("Nothing exported: no file was replaced")

    def slips_url(self) -> str:
        """The address the slips' QR codes lead to: the room being served, else this
        machine's address on port 8000 (where File > Serve to the room serves it first)."""
        if self.serving is not None and self.serving.isVisible():
            return self.serving.url
        from referee.tournament.room_server import lan_address

        return f"http://{lan_address()}:8000/"

    def slips_dialog(self) -> None:
        """Ask where, then write the slips of the round shown in the pairings tab."""
        number = self.pairings.round_pick.value()
        if self.host.tournament.round(number) is None:
            self.host.message(f"Round {number} is not paired: no table slips to print", error=True)
            return
        start = (
            Path(self.host.tournament.store_name).resolve().parent
            if not is_server_url(self.host.tournament.store_name)
            else matches_dir()
        )
        name = f"{safe_file_name(self.host.tournament.name, 'event')}-round-{number}-slips.pdf"
        path = ask_save_path(self.window, "Table slips", start / name, "PDF (*.pdf)", ".pdf")
        if path is not None:
            self.write_slips(number, path)

    def write_slips(self, round_number: int, path: Path) -> Path | None:
        """The round's table slips as the PDF ``path`` (a code issued to each player who
        has none first, as the slips print them)."""
        from referee.app.tournament.slips_pdf import write_slips
        from referee.tournament.room import issue_codes
        from referee.tournament.slips import table_slips

        url = self.slips_url()

        def write() -> Path:
            table_slips(self.host.desk.event(), round_number, url, {})  # refused before any code
            codes = issue_codes(self.host.desk)
            event = self.host.desk.event()
            slips = table_slips(event, round_number, url, codes)
            return write_slips(slips, path, f"{event.name}: round {round_number}, table slips")

        return self.host.act(write, f"Table slips of round {round_number} written to {path}")

    def venue_dialog(self) -> None:
        """Edit the venue's tables; the desk takes the list or says why not."""
        from referee.app.tournament.venue_dialog import VenueDialog

        dialog = VenueDialog(
            self.host.tournament.venue,
            list(self.host.tournament.players),
            self.window,
            take=self.set_venue,
        )
        self.venue_editor = dialog
        dialog.exec()
        self.venue_editor = None

    def set_venue(self, tables: list[VenueTable]) -> str | None:
        """Hand the list to the desk; why it refused it (the dialog stays open with the
        edits and says so), or None when it took it."""
        try:
            self.host.desk.set_venue(tables)
        except RefereeError as exc:
            self.host.message(f"Refused: {exc}", error=True)
            self.host.catch_up()
            return str(exc)
        self.host.message(
            f"{len(tables)} venue table(s) listed: rounds paired from now on are placed"
        )
        self.host.catch_up()
        return None

    def top_cut_dialog(self) -> None:
        """Ask the cut's size, then make it (the desk says why not, if it cannot)."""
        from PySide6.QtWidgets import QInputDialog

        size, ok = QInputDialog.getItem(
            self.window,
            "Top cut",
            "The best players of the standings after the Swiss rounds play single "
            "elimination, seeded as they stand.\nPlayers in the cut:",
            ["4", "8", "16"],
            1,
            False,
        )
        if ok:
            self.start_cut(int(size))

    def start_cut(self, size: int) -> None:
        cut = self.host.act(lambda: self.host.desk.start_cut(size))
        if cut is not None:
            self.host.message(
                f"Top cut of {size}: {', '.join(cut.seeds)}; Pair next round pairs its first round"
            )

    def serve_to_room(self, host: str = "0.0.0.0", port: int = 8000) -> ServeDialog | None:
        """The event served to the players' phones while the dialog is open (its address, a
        QR code, who is connected); the one already serving when there is one."""
        if self.serving is not None and self.serving.isVisible():
            self.serving.raise_()
            return self.serving
        from referee.tournament.room import issue_codes

        if (
            self.host.act(lambda: issue_codes(self.host.desk)) is None
        ):  # a code for each player first
            return None
        try:
            self.serving = ServeDialog(self.host.desk.store.name, host, port, self.window)
        except (RefereeError, OSError) as exc:
            self.host.message(f"Not served: {exc}", error=True)
            return None
        self.serving.show()
        self.host.message(f"Served to the room at {self.serving.url}")
        return self.serving

    def match_file_dialog(self) -> None:
        """The selected table's match file, written where the organiser says."""
        rows = sorted({i.row() for i in self.pairings.pairing.selectedIndexes()})
        rnd = self.host.tournament.round(self.pairings.round_pick.value())
        if not rows or rnd is None:
            self.host.message("Refused: select a table of a paired round first", error=True)
            return
        table = rows[0] + 1
        matches_dir().mkdir(parents=True, exist_ok=True)  # the suggested folder must exist
        suggested = matches_dir() / f"round{rnd.number}-table{table}.referee"
        out = ask_save_path(
            self.window, "The table's match file", suggested, "Match files (*.referee)", ".referee"
        )
        if out is not None:  # the dialog asked before replacing a file
            self.make_match_file(rnd.number, table, out, force=out.exists())

    def make_match_file(
        self, round_number: int, table: int, out: Path, force: bool = False
    ) -> Path | None:
        made = self.host.act(
            lambda: self.host.desk.make_match(round_number, table, out, force=force)
        )
        if made is None:
            return None
        self.host.message(" ".join(made.lines()[:1]) + f"; {made.origin.minutes} minutes")
        return made.path
