"""The rules browser: Ctrl+F / F1 from anywhere, the index prepared on first use, hits
best first with the matched words marked, a clause or ruling shown whole, and every "why" of
the window (journal, inspector, line of sight, gunnery wizard) opening there."""

from __future__ import annotations

import gc

import pytest
from app_window import demo_window
from PySide6.QtCore import QPoint, QPointF, Qt, QThread, QUrl
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from referee.app.docks.html_delegate import HTML_ROLE
from referee.app.docks.rules_browser import HREF_ROLE, PREPARING, RulesBrowser
from referee.board.hexgrid import parse_label
from referee.catalogue.clauses import clauses
from referee.catalogue.rules_search import search
from referee.catalogue.search_index import CatalogueIndex
from referee.rules.orders.commands import Fire
from referee.ruleset.rulings import register
from referee.ruleset.shipped import load_ruleset, ruleset


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    """The search index and the imports database in the test's own folders."""
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))


def ready_browser(qtbot, rules=None) -> RulesBrowser:
    browser = RulesBrowser()
    qtbot.addWidget(browser)
    browser.resize(1000, 800)
    browser.show()
    qtbot.waitExposed(browser)
    browser.set_rules(rules or ruleset("current"))
    with qtbot.waitSignal(browser.indexReady, timeout=20000):
        browser.prepare()
    return browser


def type_query(qtbot, browser: RulesBrowser, text: str) -> None:
    browser.search.clear()
    qtbot.keyClicks(browser.search, text)
    qtbot.waitUntil(lambda: browser.shown_query == text, timeout=20000)


def hrefs(browser: RulesBrowser) -> list[str]:
    return [str(browser.results.item(i).data(HREF_ROLE)) for i in range(browser.results.count())]


def click_item(qtbot, browser: RulesBrowser, row: int) -> None:
    item = browser.results.item(row)
    pos = browser.results.visualItemRect(item).center()
    qtbot.mouseClick(browser.results.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def test_ctrl_f_and_f1_put_the_cursor_in_the_rules_search_from_anywhere(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    search_box = window.rules_browser.search
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.focusWidget() is search_box
    assert window.rules_dock.isVisible()
    window.journal.search.setFocus()  # the journal's own filter box
    qtbot.keyClick(window.journal.search, Qt.Key.Key_F1)
    assert QApplication.focusWidget() is search_box
    steps = len(window.session.steps())
    qtbot.keyClicks(search_box, "fog n fire")  # F (fit) and N (next step) are typed, not run
    assert search_box.text() == "fog n fire"
    assert len(window.session.steps()) == steps
    qtbot.waitUntil(lambda: window.rules_browser.shown_query == "fog n fire", timeout=20000)


def test_the_index_is_prepared_on_first_use_in_the_cache_folder_and_the_browser_says_so(
    qtbot, tmp_path
):
    browser = RulesBrowser()
    qtbot.addWidget(browser)
    with qtbot.waitSignal(browser.indexReady, timeout=20000):
        browser.focus_search()
        # the build waits for the event loop's next turn: the browser says so first
        assert not browser.ready
        assert browser.status.text() == PREPARING
    assert browser.ready
    assert (tmp_path / "cache" / "rules-search.db").is_file()


def test_no_qt_object_is_destroyed_off_the_ui_thread_while_the_index_is_prepared(
    qtbot, monkeypatch
):
    # A widget left in a reference cycle is freed by Python's cycle collector, which runs in
    # whichever thread allocates when its threshold is reached: building the index allocates
    # a lot. Built on a worker thread (as the browser once did), it made that thread free the
    # window's widgets: Qt destroyed them off the UI thread and the suite crashed now and then.
    # Here the collection comes, for sure, while the index is prepared.
    app = QApplication.instance()
    destroyed_in_ui_thread: list[bool] = []

    class Panel(QWidget):  # a widget of the app's own, as the window's are
        def __init__(self) -> None:
            super().__init__()
            self.me = self  # only the cycle collector frees it
            self.label = QLabel("left for the collector", self)

    def left_in_a_cycle() -> None:
        label = Panel().label
        label.destroyed.connect(
            lambda *_: destroyed_in_ui_thread.append(QThread.currentThread() is app.thread()),
            Qt.ConnectionType.DirectConnection,
        )

    ensure = CatalogueIndex.ensure

    def ensure_then_collect(index: CatalogueIndex):
        state = ensure(index)
        gc.collect()
        return state

    monkeypatch.setattr(CatalogueIndex, "ensure", ensure_then_collect)
    browser = RulesBrowser()
    qtbot.addWidget(browser)
    gc.disable()  # until the collection in the preparation
    try:
        for _ in range(5):
            left_in_a_cycle()
        with qtbot.waitSignal(browser.indexReady, timeout=20000):
            browser.prepare()
    finally:
        gc.enable()
    assert browser.index_state is not None and browser.index_state.rebuilt
    assert destroyed_in_ui_thread == [True] * 5


def test_the_index_is_prepared_when_the_rules_dock_is_first_shown(qtbot, tmp_path):
    """The index is prepared when the Rules dock is first seen, before anything is typed (on
    the window's thread: see the module docstring of the browser), and gives the engine's
    own hits."""
    window = demo_window(qtbot, tmp_path)
    assert window.built_rules_browser() is None
    window.rules_dock.raise_()  # its tab clicked
    qtbot.waitUntil(lambda: window.built_rules_browser() is not None)
    browser = window.rules_browser
    qtbot.waitUntil(lambda: browser.ready, timeout=20000)
    assert browser.search.text() == "" and browser.status.text() == "Rules index ready."
    assert (tmp_path / "cache" / "rules-search.db").is_file()
    type_query(qtbot, browser, "smoke")
    expected = search(
        "smoke",
        edition=browser.edition_filter(),
        context=window.session.match.rules.id,
        limit=50,
        index=CatalogueIndex(),
    )
    assert expected.hits
    assert [h.split(":", 1)[1] for h in hrefs(browser)] == [h.id for h in expected.hits]


def test_a_query_typed_while_the_index_is_prepared_is_answered_when_it_is_ready(qtbot):
    browser = RulesBrowser()
    qtbot.addWidget(browser)
    browser.set_rules(ruleset("current"))
    qtbot.keyClicks(browser.search, "smoke")
    qtbot.waitUntil(lambda: browser.shown_query == "smoke", timeout=20000)
    assert "clause:terrain.smoke" in hrefs(browser)


def test_hits_come_best_first_as_the_engine_ranks_them_with_the_words_marked(qtbot, tmp_path):
    browser = ready_browser(qtbot)
    type_query(qtbot, browser, "line of sight")
    expected = search("line of sight", edition="current", limit=50, index=CatalogueIndex())
    assert hrefs(browser) == [f"{h.kind}:{h.id}" for h in expected.hits]
    first = browser.results.item(0)
    assert "line of sight" in first.text().lower()
    html = first.data(HTML_ROLE)
    assert "background-color:#ffe082" in html  # the matched words are highlighted


def test_a_synonym_finds_the_rule_los_means_line_of_sight(qtbot):
    # data/catalogue/synonyms.toml: "LOS" = "line of sight"
    browser = ready_browser(qtbot)
    type_query(qtbot, browser, "LOS")
    titles = [browser.results.item(i).text().lower() for i in range(3)]
    assert any("line of sight" in t for t in titles)


def test_clicking_a_hit_shows_the_clause_whole_with_related_clauses_as_links(qtbot):
    browser = ready_browser(qtbot)
    type_query(qtbot, browser, "line of sight")
    row = hrefs(browser).index("clause:los.straight-line")
    with qtbot.waitSignal(browser.entryShown) as shown:
        click_item(qtbot, browser, row)
    assert shown.args == ["clause:los.straight-line"]
    clause = clauses()["los.straight-line"]
    text = browser.detail.toPlainText()
    assert clause.title in text
    assert "In every edition (current, first-draft)" in text  # the editions word it alike
    assert "Related:" in text
    assert "clause:los.ground-level" in browser.detail.toHtml()


def test_a_related_link_opens_that_clause_and_back_returns(qtbot):
    browser = ready_browser(qtbot)
    browser.open_link("clause:los.straight-line")
    browser.detail.anchorClicked.emit(QUrl("clause:los.ground-level"))
    assert browser.current == "clause:los.ground-level"
    assert clauses()["los.ground-level"].title in browser.detail.toPlainText()
    qtbot.mouseClick(browser.back_button, Qt.MouseButton.LeftButton)
    assert browser.current == "clause:los.straight-line"


def test_a_clause_the_editions_word_differently_shows_both_side_by_side(qtbot):
    # terrain.smoke: the first draft also charges a movement point to enter smoke
    browser = ready_browser(qtbot, ruleset("first-draft"))
    browser.open_link("clause:terrain.smoke")
    smoke = clauses()["terrain.smoke"]
    html, text = browser.detail.toHtml(), browser.detail.toPlainText()
    assert "<table" in html
    assert "first-draft (this match)" in text and "current" in text
    for edition in ("current", "first-draft"):
        first_words = " ".join(smoke.editions_text[edition].split()[:3])
        assert first_words in text
    assert f"Difference: {smoke.difference}" in text


def test_a_narrow_browser_puts_the_wordings_one_after_the_other(qtbot):
    browser = ready_browser(qtbot)
    browser.resize(300, 800)
    qtbot.waitUntil(lambda: browser.detail.width() < 320)
    browser.open_link("clause:terrain.smoke")
    assert "<table" not in browser.detail.toHtml()
    assert "current (this match):" in browser.detail.toPlainText()


def test_a_ruling_marks_the_default_and_the_reading_this_match_takes(qtbot):
    # a match whose ruleset takes los.edge-run = either-side (the default is both-sides)
    rules = load_ruleset("current", {"los.edge-run": "either-side"})
    browser = ready_browser(qtbot, rules)
    browser.open_link("ruling:los.edge-run")
    text = browser.detail.toPlainText()
    ruling = register()["los.edge-run"]
    assert ruling.unclear[:40] in text
    assert "both-sides (default):" in text
    assert "either-side (taken by this match (Current edition)):" in text
    # the switch names another reading than the one taken
    assert '[rulings] "los.edge-run" = "both-sides"' in text
    assert "--ruling los.edge-run=both-sides" in text


def test_a_ruling_of_another_game_says_it_does_not_apply_to_the_open_match(qtbot):
    # assault.tie-rank cites assault.advantage, a clause of the current and first-draft
    # editions: an activation match does not play under it, whatever its readings say.
    browser = ready_browser(qtbot, ruleset("activation"))
    browser.open_link("ruling:assault.tie-rank")
    text = browser.detail.toPlainText()
    assert "taken by this match" not in text
    assert (
        "Does not apply to this match (Activation rules): a ruling of the current, "
        "first-draft editions; its default reading is roll-off." in text
    )
    assert "roll-off (default):" in text
    assert "activation: does not apply" in text and "current: roll-off" in text


def test_an_activation_ruling_does_not_apply_to_a_main_game_match(qtbot):
    # activation.pass cites activation.activation, a clause of the activation rules only.
    browser = ready_browser(qtbot, ruleset("current"))
    browser.open_link("ruling:activation.pass")
    text = browser.detail.toPlainText()
    assert "taken by this match" not in text
    assert "Does not apply to this match (Current edition): a ruling of the activation" in text
    # ... and a ruling of its own rules still says which reading it takes
    browser.open_link("ruling:assault.tie-rank")
    assert "roll-off (default, taken by this match (Current edition)):" in (
        browser.detail.toPlainText()
    )


def test_a_ruling_on_another_editions_clauses_of_the_same_game_still_says_the_reading_taken(
    qtbot,
):
    # setup.forward-clash cites current-edition clauses only, but a first-draft match is of
    # the same game (written orders), whose engine reads every ruling of its game: the page
    # says which editions its clauses are of and the reading the match takes, not that it
    # does not apply.
    rules = ruleset("first-draft")
    browser = ready_browser(qtbot, rules)
    browser.open_link("ruling:setup.forward-clash")
    text = browser.detail.toPlainText()
    assert "editions: current" in text
    assert "Does not apply" not in text
    taken = rules.readings["setup.forward-clash"]
    assert f"{taken} (default, taken by this match (First draft)):" in text


def test_a_clause_of_another_game_says_it_is_not_a_rule_of_the_open_match(qtbot):
    browser = ready_browser(qtbot, ruleset("activation"))
    browser.open_link("clause:assault.advantage")
    text = browser.detail.toPlainText()
    assert "Not a rule of this match (Activation rules): a clause of the current, " in text
    browser.open_link("clause:activation.activation")
    assert "Not a rule of this match" not in browser.detail.toPlainText()


def test_a_clause_id_typed_exactly_shows_in_another_editions_match_marked_not_in_it(qtbot):
    # In an activation match (the edition filter on activation), typing the id of a main-game
    # clause shows the clause, marked, and not only a ruling about it.
    browser = ready_browser(qtbot, ruleset("activation"))
    assert browser.edition_filter() == "activation"
    type_query(qtbot, browser, "assault.advantage")
    assert hrefs(browser) == ["clause:assault.advantage"]
    html = str(browser.results.item(0).data(HTML_ROLE))
    assert "not in the activation edition" in html
    # typed as words, neither the clause nor the ruling about it is of the activation rules
    type_query(qtbot, browser, "assault advantage")
    assert not {"clause:assault.advantage", "ruling:assault.tie-rank"} & set(hrefs(browser))
    # ... and when the filter leaves nothing, the status line says where to look
    status = browser.status.text()
    assert status.startswith("No match in the activation edition for “assault advantage”; ")
    assert "entries of other editions match: choose “all editions” to see them." in status
    # with every edition, the clause and the ruling on it, both marked as not of this match's
    with qtbot.waitSignal(browser.searched):
        browser.edition.setCurrentIndex(browser.edition.findData(None))
    assert {"clause:assault.advantage", "ruling:assault.tie-rank"} <= set(hrefs(browser))
    for row in range(browser.results.count()):
        if hrefs(browser)[row] in {"clause:assault.advantage", "ruling:assault.tie-rank"}:
            assert "not in the activation edition" in str(browser.results.item(row).data(HTML_ROLE))


def test_the_edition_filter_is_the_matchs_ruleset_and_all_editions_can_be_chosen(qtbot):
    # Superb Shot is a current-edition ability only (draft 004)
    browser = ready_browser(qtbot, ruleset("first-draft"))
    assert browser.edition_filter() == "first-draft"
    type_query(qtbot, browser, "superb shot")
    assert "clause:abilities.superb-shot" not in hrefs(browser)
    with qtbot.waitSignal(browser.searched):
        browser.edition.setCurrentIndex(browser.edition.findData(None))  # all editions
    assert "clause:abilities.superb-shot" in hrefs(browser)


def test_the_kind_filter_keeps_rulings_only(qtbot):
    browser = ready_browser(qtbot)
    browser.kind.setCurrentIndex(browser.kind.findText("rulings"))
    type_query(qtbot, browser, "line of sight")
    assert hrefs(browser)
    assert all(h.startswith("ruling:") for h in hrefs(browser))


# --- every "why" of the window opens in the browser -----------------------------------------


def fire_step(window):
    return window.run_step(
        "Gunnery 1: tank fires its main gun at the wagon",
        [Fire(shooter="tank", target="wagon", weapon="Main gun")],
    )


def link_point(view, row: int, column: int, href: str) -> QPoint:
    """Where on the journal table's viewport the link ``href`` of a cell is drawn."""
    index = view.proxy.index(row, column)
    rect = view.table.visualRect(index)
    y = rect.height() // 2  # one line of text, centred in the cell
    doc = view.why_delegate._document(index, rect.width())
    top = (rect.height() - round(doc.size().height())) // 2
    for x in range(rect.width()):
        if view.why_delegate.anchor_at(index, rect.width(), QPointF(x, y - top)) == href:
            return rect.topLeft() + QPoint(x, y)
    raise AssertionError(f"no link {href} in the cell")


def test_clicking_an_id_in_the_journals_why_opens_that_clause(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    step = fire_step(window)
    assert step is not None
    view = window.journal
    row = next(r for r in range(view.proxy.rowCount()) if view.proxy.index(r, 2).data() == "fire")
    event = step.events[0]
    href = f"clause:{event.clauses[1]}"
    point = link_point(view, row, 5, href)
    qtbot.mouseClick(view.table.viewport(), Qt.MouseButton.LeftButton, pos=point)
    browser = window.rules_browser
    assert browser.current == href
    assert window.rules_dock.isVisible()
    # the list holds every clause and ruling of the event, the heading names the step
    assert browser.results.count() == len(event.clauses) + len(event.rulings)
    assert "Gunnery 1: tank fires its main gun" in browser.heading.text()


def test_double_clicking_a_journal_row_lists_its_clauses_and_rulings(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    fire_step(window)
    view = window.journal
    row = next(r for r in range(view.proxy.rowCount()) if view.proxy.index(r, 2).data() == "fire")
    rect = view.table.visualRect(view.proxy.index(row, 1))
    # a double-click is a press and release, then the second press (Qt's order)
    qtbot.mouseClick(view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    browser = window.rules_browser
    first = browser.results.item(0).data(HREF_ROLE)
    assert browser.current == first == "clause:fire.target"


def test_the_gunnery_wizards_working_links_its_clauses(qtbot, tmp_path):
    from test_app_gunnery_wizard import to_odds_page

    window = demo_window(qtbot, tmp_path)
    wizard = to_odds_page(qtbot, window)
    assert "clause:fire.to-hit" in wizard.odds_page.text.toHtml()
    wizard.odds_page.text.anchorClicked.emit(QUrl("clause:fire.to-hit"))
    assert window.rules_browser.current == "clause:fire.to-hit"
    wizard.reject()


def test_the_unit_inspector_links_the_rules_bearing_on_the_unit(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    window.select_unit("hoplites")
    html = window.inspector.page.toHtml()
    # the hoplites (E7, clear ground) have Reroll Assault and Take Cover
    assert "clause:terrain.clear" in html
    assert "clause:abilities.reroll-assault" in html and "clause:abilities.take-cover" in html
    window.inspector.page.anchorClicked.emit(QUrl("clause:abilities.take-cover"))
    assert window.rules_browser.current == "clause:abilities.take-cover"


def test_the_line_of_sight_answer_links_its_clauses(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    window.toggle_los()
    sight = window.los_panel.show_line(parse_label("A1"), parse_label("D9"))
    assert sight is not None
    html = window.los_panel.result.toHtml()
    assert all(f"clause:{c}" in html for c in sight.clauses)
    window.los_panel.result.anchorClicked.emit(QUrl(f"clause:{sight.clauses[0]}"))
    assert window.rules_browser.current == f"clause:{sight.clauses[0]}"
