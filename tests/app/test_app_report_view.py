"""The match report inside the app (File > Report): Qt's own HTML view, plain (nothing
loaded from anywhere), links within the page; File > Save the report writes HTML or PDF,
never over the match file."""

from __future__ import annotations

from app_window import demo_window
from PySide6.QtCore import QUrl
from PySide6.QtGui import QTextDocument

from referee.app.window.report_view import ReportBrowser
from referee.rules.orders.commands import Advance


def test_the_report_opens_inside_the_app(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    window.report_action.trigger()
    view = window.report_view
    assert view is not None and view.isVisible() and view.parent() is window
    text = view.browser.toPlainText()
    assert "Demo: Spartans against Orks on the standard battlefield" in text
    assert "Current edition" in text and "Set-up" in text and "Turn 1" in text
    # where the match stands, in words (not the step's id, gunnery-1)
    assert "now turn 1, Gunnery 1: carry out the first part of every gunnery order" in text
    assert "gunnery-1" not in text
    # the contents' links scroll within the page (to the rules applied, at its end)
    qtbot.waitExposed(view)
    view.browser.follow(QUrl("#rules"))
    assert view.browser.verticalScrollBar().value() > 0
    # a step written since: Again reads the match as it is now
    window.run_step("Pass Gunnery 1", [Advance(skip="idle", unfired="pass")])
    before = view.browser.toPlainText()
    view.again_action.trigger()
    assert view.browser.toPlainText() != before


def test_the_report_view_loads_nothing_from_anywhere(qtbot, tmp_path):
    browser = ReportBrowser()
    qtbot.addWidget(browser)
    browser.resize(300, 200)
    browser.show()
    qtbot.waitExposed(browser)
    for url in ("http://example.com/a.png", "file:///etc/passwd", "a.css"):
        assert browser.loadResource(QTextDocument.ResourceType.ImageResource, QUrl(url)) is None
    browser.setHtml(
        "<p><a href='https://example.com/'>out</a></p>"
        + "<p>x</p>" * 200
        + "<h2 id='end'><a name='end'></a>End</h2>"
    )
    browser.anchorClicked.emit(QUrl("https://example.com/"))  # goes nowhere
    assert browser.source().isEmpty()
    browser.follow(QUrl("#end"))  # a place in the page: scrolled to
    assert browser.verticalScrollBar().value() > 0


def test_the_report_is_saved_as_html_or_pdf_never_over_the_match(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    html = window.write_report(tmp_path / "report.html")
    assert html is not None and html.read_text(encoding="utf-8").startswith("<!doctype html>")
    pdf = window.write_report(tmp_path / "report.pdf")
    assert pdf is not None and pdf.read_bytes().startswith(b"%PDF-")
    match = window.session.path
    kept = match.read_bytes()
    assert window.write_report(match) is None
    assert "is the match file itself" in window.last_error
    assert match.read_bytes() == kept
