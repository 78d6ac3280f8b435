"""The "why" of a journal event in words: each clause it applied, as the match's edition
words it (the clause catalogue), and each ruling with the reading this match takes."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from referee.catalogue.clauses import clauses
from referee.catalogue.rulings import register
from referee.rules.ruleset import Ruleset


def why_html(clause_ids: Sequence[str], ruling_ids: Sequence[str], rules: Ruleset) -> str:
    """The clauses' text in ``rules``' edition and the rulings' readings, as HTML."""
    catalogue = clauses()
    parts: list[str] = []
    for cid in clause_ids:
        clause = catalogue.get(cid)
        if clause is None:
            parts.append(f"<h3>{escape(cid)}</h3><p><i>Not in the clause catalogue.</i></p>")
            continue
        parts.append(
            f"<h3>{escape(clause.title)} <span style='color:#777'>({escape(cid)})</span></h3>"
            f"<p style='color:#555'>{escape(clause.section)}</p>"
            f"<p>{escape(clause.wording(rules.id))}</p>"
        )
        if clause.difference:
            parts.append(f"<p><i>Editions differ: {escape(clause.difference)}</i></p>")
    rulings = register()
    for rid in ruling_ids:
        ruling = rulings.get(rid)
        if ruling is None:
            parts.append(f"<h3>ruling {escape(rid)}</h3><p><i>Not in the register.</i></p>")
            continue
        taken = rules.readings.get(rid, ruling.default)
        option = ruling.option(taken)
        parts.append(
            f"<h3>Ruling: {escape(ruling.title)} <span style='color:#777'>({escape(rid)})</span>"
            f"</h3><p><b>Unclear:</b> {escape(ruling.unclear)}</p>"
            f"<p><b>Reading taken here ({escape(option.id)}):</b> {escape(option.reading)}</p>"
        )
        others = [o for o in ruling.options if o.id != option.id]
        if others:
            items = "".join(f"<li>{escape(o.id)}: {escape(o.reading)}</li>" for o in others)
            parts.append(f"<p>Other readings:</p><ul>{items}</ul>")
    return "".join(parts) or "<p><i>This event applied no rule (a correction or a note).</i></p>"


class ClauseDialog(QDialog):
    """Shows :func:`why_html` for one event; it only reads, it never changes the match."""

    def __init__(
        self,
        title: str,
        clause_ids: Sequence[str],
        ruling_ids: Sequence[str],
        rules: Ruleset,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Why: {title}")
        self.text = QTextBrowser()
        self.text.setHtml(why_html(clause_ids, ruling_ids, rules))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        self.resize(self.fontMetrics().averageCharWidth() * 80, self.fontMetrics().height() * 30)
