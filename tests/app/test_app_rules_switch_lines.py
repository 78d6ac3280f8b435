"""A ruling's page in the Rules dock ends with how to take another reading (the line for a
ruleset.toml, the one for a command). For a ruling that does not apply to the open match
(one of another game) those lines are said to be for a match of the ruling's editions, not
this one: a referee reading them does not set a ruling the match never reads."""

from __future__ import annotations

import test_app_rules_browser as browser_tests

from referee.ruleset.shipped import ruleset

private_folders = browser_tests.private_folders


def test_the_switch_of_a_ruling_of_another_game_says_it_is_for_that_games_matches(qtbot):
    browser = browser_tests.ready_browser(qtbot, ruleset("current"))
    browser.open_link("ruling:activation.pass")  # a ruling of the activation rules only
    text = browser.detail.toPlainText()
    assert "Does not apply to this match" in text
    assert (
        "To take another reading in a match of the activation edition, not this one "
        "(e.g. always):" in text
    )
    assert "--ruling activation.pass=always" in text  # the lines themselves stay


def test_the_switch_of_a_ruling_that_applies_names_no_other_game(qtbot):
    browser = browser_tests.ready_browser(qtbot, ruleset("current"))
    browser.open_link("ruling:assault.tie-rank")
    text = browser.detail.toPlainText()
    assert "To take another reading (e.g." in text and "not this one" not in text


def plain(html_text: str) -> str:
    """What a hit's line reads as (its markup gone)."""
    import html
    import re

    return html.unescape(re.sub(r"<[^>]+>", "", html_text))


def hit_text(qtbot, browser, query: str, href: str) -> str:
    browser_tests.type_query(qtbot, browser, query)
    row = browser_tests.hrefs(browser).index(href)
    return plain(str(browser.results.item(row).data(browser_tests.HTML_ROLE)))


def test_a_search_hit_of_a_ruling_of_another_game_says_its_switch_as_its_page_does(qtbot):
    browser = browser_tests.ready_browser(qtbot, ruleset("current"))
    browser_tests.type_query(qtbot, browser, "activation.pass")
    with qtbot.waitSignal(browser.searched):
        browser.edition.setCurrentIndex(browser.edition.findData(None))  # every edition
    text = hit_text(qtbot, browser, "activation.pass", "ruling:activation.pass")
    assert "switch:" not in text
    assert (
        "To take another reading in a match of the activation edition, not this one: in the "
        'ruleset\'s ruleset.toml: [rulings] "activation.pass" = "<option>"; for one '
        "command: --ruling activation.pass=<option>"
    ) in text
    assert "does not apply to this match" in text


def test_a_search_hit_of_a_ruling_that_applies_says_its_switch_for_this_match(qtbot):
    browser = browser_tests.ready_browser(qtbot, ruleset("current"))
    text = hit_text(qtbot, browser, "assault.tie-rank", "ruling:assault.tie-rank")
    assert "switch:" not in text and "not this one" not in text
    assert "To take another reading: in the ruleset's ruleset.toml: [rulings]" in text
