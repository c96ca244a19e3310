"""Browser tests of issue 10, items 1 and 2: a game being entered is never lost — the language switch, a reload,
Back and Forward keep what was typed on the paper sheet and on the card entry (Diploma ticks, Grand Master,
Starting tile), a draft continues from its link in another browser, a double tap on Save saves once, Back after
saving shows the results (no "confirm resubmission"), and without JavaScript the sheet still round-trips.

Chromium at 390 px and at desktop width; screenshots in test-artifacts/ (git-ignored)."""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
DRAFT = re.compile(r"/d/[A-Za-z0-9_-]{32,}$")
RESULTS = re.compile(r"/d/[A-Za-z0-9_-]{32,}/results$")


@pytest.fixture(params=[PHONE, DESKTOP], ids=["phone", "desktop"])
def viewport(request: pytest.FixtureRequest) -> dict[str, int]:
    return dict(request.param)


@pytest.fixture
def context(browser: Any, viewport: dict[str, int]) -> Iterator[Any]:
    context = browser.new_context(viewport=viewport)
    try:
        yield context
    finally:
        context.close()


@pytest.fixture
def page(context: Any) -> Any:
    page = context.new_page()
    page.set_default_timeout(15000)
    return page


def unique(name: str) -> str:
    """A player's name no other test uses (the live server's database is shared by the session)."""
    return f"{name}{secrets.token_hex(3)}"


def new_game(page: Any, live_server: str, names: list[str], mode: str) -> None:
    page.goto(live_server + "/")
    page.get_by_label("Number of players").select_option(str(len(names)))
    for i, name in enumerate(names):
        page.fill(f"#names-{i}", name)
    page.check("#mode-1" if mode == "detailed" else "#mode-0")
    page.click("button:has-text('Start entering the game')")
    page.wait_for_selector("#detailed-form" if mode == "detailed" else "#sheet-form")
    assert DRAFT.search(page.url), page.url


def type_figures(page: Any) -> None:
    for field, values in {"print_cards": [10, 9], "season_chain": [4, 5], "harmony": [3, -1]}.items():
        for i, value in enumerate(values):
            page.fill(f"#players-{i}-{field}", str(value))
    page.check("#players-0-d_trees_4")
    page.check("#players-1-d_buildings_3")
    page.check("#grand_master-1")


def assert_figures(page: Any) -> None:
    assert [page.input_value(f"#players-{i}-print_cards") for i in (0, 1)] == ["10", "9"]
    assert [page.input_value(f"#players-{i}-harmony") for i in (0, 1)] == ["3", "-1"]
    assert page.is_checked("#players-0-d_trees_4") and page.is_checked("#players-1-d_buildings_3")
    assert page.is_checked("#grand_master-1") and not page.is_checked("#players-1-d_trees_4")


def shot(page: Any, artifacts: Path, name: str) -> None:
    assert page.evaluate("document.scrollingElement.scrollWidth") <= page.viewport_size["width"]
    page.screenshot(path=str(artifacts / f"{name}-{page.viewport_size['width']}.png"), full_page=True)


def test_the_sheet_survives_the_language_switch_a_reload_and_back(page: Any, live_server: str,
                                                                  artifacts: Path) -> None:
    new_game(page, live_server, [unique("Aiko"), unique("Ben")], "sheet")
    entry = page.url
    type_figures(page)
    page.click(".language-switch button[value=fr]")  # the figures were typed, not sent
    page.wait_for_selector("html[lang=fr] #sheet-form")
    assert page.url == entry
    assert_figures(page)
    shot(page, artifacts, "draft-sheet-french")
    page.reload()
    page.wait_for_selector("html[lang=fr] #sheet-form")
    assert_figures(page)
    page.click("#sheet-form button[value=score]")
    page.wait_for_selector("table.results")
    assert RESULTS.search(page.url) and page.url.startswith(entry)
    shot(page, artifacts, "draft-results-french")
    page.go_back()  # Back from the results: the entry page as it was, figures in place
    page.wait_for_selector("#sheet-form")
    assert page.url == entry
    assert_figures(page)
    page.go_forward()
    page.wait_for_selector("table.results")
    page.reload()  # no "confirm resubmission": the results are a GET
    page.wait_for_selector("table.results")
    page.click(".language-switch button[value=en]")
    page.wait_for_selector("html[lang=en] table.results")
    assert RESULTS.search(page.url)


def test_the_card_entry_keeps_ticks_grand_master_start_and_cards(page: Any, live_server: str,
                                                                 artifacts: Path) -> None:
    names = [unique("Chiyo"), unique("Daichi")]
    new_game(page, live_server, names, "detailed")
    entry = page.url
    page.select_option("#start", "S3")
    page.check("#d_trees_3")
    page.select_option("#grand_master", "1")
    page.get_by_label("Find a card", exact=True).fill("crane")
    page.locator("#detailed-form button[value='add:7']").first.click()
    page.wait_for_function("() => { const f = document.getElementById('detailed-form');"
                           " return f.dataset.shown === f.dataset.sent; }")
    assert page.locator("#print-0").count() == 1

    def kept() -> None:
        assert page.input_value("#start") == "S3"
        assert page.is_checked("#d_trees_3")
        assert page.input_value("#grand_master") == "1"
        assert page.locator("#print-0").count() == 1

    page.click(".language-switch button[value=fr]")
    page.wait_for_selector("html[lang=fr] #detailed-form")
    assert page.url == entry
    kept()
    shot(page, artifacts, "draft-cards-french")
    page.reload()
    page.wait_for_selector("#detailed-form")
    kept()
    page.locator("#detailed-form button[value=score]").first.click()
    page.wait_for_selector("table.results")
    page.go_back()
    page.wait_for_selector("#detailed-form")
    assert page.url == entry
    kept()


def test_a_draft_continues_from_its_link_in_another_browser(browser: Any, page: Any, live_server: str,
                                                            viewport: dict[str, int]) -> None:
    new_game(page, live_server, [unique("Emi"), unique("Fumio")], "sheet")
    type_figures(page)
    page.click("#sheet-form button[value=score]")
    page.wait_for_selector("table.results")
    link = page.url.removesuffix("/results")
    other = browser.new_context(viewport=viewport)  # another phone: no cookie, only the link
    try:
        phone = other.new_page()
        phone.goto(link)
        phone.wait_for_selector("#sheet-form")
        assert_figures(phone)
        phone.fill("#players-0-print_cards", "12")
        phone.click("#sheet-form button[value=score]")
        phone.wait_for_selector("table.results")
        assert phone.url == page.url  # the same draft
    finally:
        other.close()
    page.reload()  # the first phone sees the change
    page.go_back()
    page.wait_for_selector("#sheet-form")
    assert page.input_value("#players-0-print_cards") == "12"


def saved_games_of(page: Any, live_server: str, name: str) -> int:
    page.goto(f"{live_server}/games?player={name}")
    return int(page.locator("#games li.game-line").count())


def test_a_double_tap_saves_once_and_back_after_saving_shows_the_results(context: Any, page: Any,
                                                                         live_server: str) -> None:
    name = unique("Goro")
    new_game(page, live_server, [name, unique("Hana")], "sheet")
    type_figures(page)
    page.click("#sheet-form button[value=score]")
    page.wait_for_selector("table.results")
    results = page.url
    page.locator("#save-game").dblclick()  # a double tap
    page.wait_for_url(re.compile(r"/e/[A-Za-z0-9_-]+$"))
    saved = page.url
    page.go_back()  # Back after saving: the results again, read with GET (no resubmission prompt)
    page.wait_for_selector("table.results")
    assert page.url == results and "resubmission" not in page.content().lower()
    page.locator("#save-game").click()  # saved again from there: the same game
    page.wait_for_url(re.compile(r"/e/[A-Za-z0-9_-]+$"))
    assert page.url == saved
    assert "saved once" in page.content()
    other = context.new_page()
    assert saved_games_of(other, live_server, name) == 1


def test_without_javascript_the_sheet_round_trips(browser: Any, live_server: str, viewport: dict[str, int],
                                                   artifacts: Path) -> None:
    context = browser.new_context(viewport=viewport, java_script_enabled=False)
    try:
        page = context.new_page()
        new_game(page, live_server, [unique("Ichiro"), unique("Jun")], "sheet")
        entry = page.url
        type_figures(page)
        page.click(".language-switch button[value=fr]")  # a plain form: the button sends the sheet form
        page.wait_for_selector("html[lang=fr] #sheet-form")
        assert page.url == entry
        assert_figures(page)
        page.press("#players-0-print_cards", "Enter")  # Enter scores (the language buttons do not take it over)
        page.wait_for_selector("table.results")
        page.go_back()
        page.wait_for_selector("#sheet-form")
        assert_figures(page)
        shot(page, artifacts, "draft-sheet-no-js")
    finally:
        context.close()


def test_without_javascript_back_never_undoes_a_card(browser: Any, live_server: str, viewport: dict[str, int]) -> None:
    """Each Add is POST → 303 → the draft's page. Chromium keeps one history entry per form sent, even to the same
    URL (measured: a POST is never turned into a replacement), so Back does not leave at once; but every entry is
    the draft's page, read again (no-store), so Back shows every card added — it never undoes one."""
    context = browser.new_context(viewport=viewport, java_script_enabled=False)
    try:
        page = context.new_page()
        new_game(page, live_server, [unique("Kaito"), unique("Mei")], "detailed")
        entry = page.url
        for card, words in ((7, "crane"), (2, "boar"), (10, "deer")):
            page.get_by_label("Find a card", exact=True).fill(words)
            page.get_by_role("button", name="Filter").click()
            page.locator(f"#detailed-form button[value='add:{card}']").first.click()
            page.wait_for_selector("#detailed-form")
            assert page.url == entry
        assert page.locator("#print-2").count() == 1
        page.go_back()
        page.wait_for_selector("#detailed-form")
        assert page.url == entry and page.locator("#print-2").count() == 1  # the three cards, not two
    finally:
        context.close()


def test_with_javascript_cards_are_added_in_place_and_one_back_leaves(page: Any, live_server: str) -> None:
    """With the script, a card added is a step done in place (and written into the draft): no history entry, so
    one Back leaves the entry page, and coming back Forward (or reloading) shows every card."""
    new_game(page, live_server, [unique("Nao"), unique("Ren")], "detailed")
    entry = page.url
    for card, words in ((7, "crane"), (2, "boar"), (10, "deer")):
        page.get_by_label("Find a card", exact=True).fill(words)
        page.locator(f"#detailed-form button[value='add:{card}']").first.click()
        page.wait_for_function("() => { const f = document.getElementById('detailed-form');"
                               " return f.dataset.shown === f.dataset.sent; }")
    assert page.url == entry and page.locator("#print-2").count() == 1
    page.go_back()
    page.wait_for_selector("#new-game")
    assert page.url == live_server + "/"
    page.go_forward()
    page.wait_for_selector("#detailed-form")
    assert page.locator("#print-2").count() == 1


def test_a_bad_import_s_error_is_where_the_eye_is(page: Any, live_server: str, artifacts: Path) -> None:
    """Issue 10, item 6: the answer opens at the import form, its error above the text kept, the text focused."""
    page.goto(live_server + "/")
    pasted = '{"game": "kanagawa", "players": [{"name": "Aiko", "sheet": {"print_cards": "ten"}}]}'
    page.fill("#import textarea", pasted)
    page.click("#import button[type=submit]")
    page.wait_for_selector("#import-message")
    assert page.url.endswith("/import")
    # autofocus is applied at the next rendering update, after the page is parsed: wait for it (or time out)
    page.wait_for_function("() => document.activeElement && document.activeElement.tagName === 'TEXTAREA'")
    assert page.input_value("#import textarea") == pasted
    for shown in ("#import-message", "#import .error", "#import textarea"):  # in view, not 1,000 px below
        box = page.locator(shown).first.bounding_box()
        assert box is not None and 0 <= box["y"] < page.viewport_size["height"], (shown, box)
    page.screenshot(path=str(artifacts / f"draft-import-error-{page.viewport_size['width']}.png"))
