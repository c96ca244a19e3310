"""Every control reachable (issue 18, items 6 and 7), in a browser at 390 px and on a desktop: every link of the
menu on screen; a card and a Bonsai tile entered with the keyboard only (one tab stop for the card list, arrows
inside it, Enter to act; the grid one tab stop, arrows along the hex directions, Space to change a cell); few Tabs
from the search to the first Diploma; the skip links; the current player's tab told apart in the dark theme.
Screenshots: test-artifacts/keyboard-*.png."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.browser import DESKTOP, PHONE, Errors, new_game

pytestmark = pytest.mark.browser

ACTIVE = ("() => { const a = document.activeElement;"
          " return a ? (a.getAttribute('aria-label') || a.value || a.id || a.tagName) : ''; }")
DRAWN = "() => { const f = document.getElementById('tiles-form'); return f.dataset.shown === f.dataset.sent; }"


@pytest.fixture(params=[PHONE, DESKTOP], ids=["phone", "desktop"])
def page(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=request.param, locale="en-GB", color_scheme="dark")
    page = context.new_page()
    page.set_default_timeout(15000)
    page.seen = Errors(page)
    try:
        yield page
    finally:
        context.close()



@pytest.mark.parametrize("lang", ["en-GB", "fr-FR"])
def test_every_menu_link_is_on_screen(browser: Any, live_server: str, lang: str, artifacts: Path) -> None:
    context = browser.new_context(viewport=PHONE, locale=lang)
    page = context.new_page()
    page.goto(live_server + "/")
    links = page.locator("header.top nav a")
    assert links.count() == 7
    for k in range(links.count()):
        box = links.nth(k).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], k
        assert box["height"] >= 44
    page.screenshot(path=str(artifacts / f"keyboard-menu-{lang}-390.png"))
    context.close()


def test_a_card_by_keyboard_only(page: Any, live_server: str, artifacts: Path) -> None:
    new_game(page, live_server, "base", "detailed")
    search = page.locator("[data-filter=text]")
    search.focus()
    page.keyboard.type("boar")
    # Tab goes from the search to the list of cards in at most a few stops (the Filter button, the filters), and
    # the list is one stop: the first card shown.
    for _stop in range(6):
        page.keyboard.press("Tab")
        if page.evaluate("() => !!document.activeElement.closest('#card-list')"):
            break
    assert page.evaluate(ACTIVE) == "Add spring boar, on forest"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert page.evaluate(ACTIVE) == "Add spring boar, on plain"
    page.keyboard.press("End")
    assert page.evaluate(ACTIVE) == "Add summer boar"
    page.keyboard.press("Home")
    page.keyboard.press("ArrowDown")
    assert page.evaluate(ACTIVE) == "Add spring boar, on water"
    tab_stops = page.evaluate("() => document.querySelectorAll('#card-list button.add[tabindex=\"0\"]').length")
    assert tab_stops == 1
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelectorAll('ol.zone-print li.placed').length === 1")
    table = json.loads(page.locator("#detailed-form input[name=table]").input_value())
    assert table["players"][0]["print"] == [2]
    # From the search, the Diplomas are a few Tabs away: past the skip link, or through the one-stop card list.
    search.focus()
    search.fill("")
    for _stop in range(2):  # the Filter button is there only without a script
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.classList.contains('skip')"):
            break
    assert page.evaluate("() => document.activeElement.classList.contains('skip')")
    assert page.locator("a.skip[href='#diplomas-held']").is_visible()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("() => !!document.activeElement.closest('#diplomas-held')")
    stops = 0
    search.focus()
    while not page.evaluate("() => !!document.activeElement.closest('#diplomas-held')"):
        page.keyboard.press("Tab")
        stops += 1
        assert stops < 30
    assert stops <= 25, stops  # 81 before (each of the 72 Add buttons a stop)
    # The players' tabs: one stop, arrows between them, the current one inverted in the dark theme.
    current = page.locator("nav.tabs button.tab.current")
    other = page.locator("nav.tabs button.tab:not(.current)").first
    colours = [el.evaluate("(b) => getComputedStyle(b).backgroundColor") for el in (current, other)]
    assert colours[0] != colours[1]
    assert current.evaluate("(b) => getComputedStyle(b).backgroundColor") == "rgb(237, 231, 221)"  # light on dark
    page.screenshot(path=str(artifacts / f"keyboard-card-{page.viewport_size['width']}.png"))
    assert page.seen.seen == []


def test_a_tile_by_keyboard_only(page: Any, live_server: str, artifacts: Path) -> None:
    new_game(page, live_server, "bonsai", "detailed")
    buttons = page.locator("#pot-area button.cell-button")
    assert page.evaluate("() => document.querySelectorAll('#pot-area button.cell-button[tabindex=\"0\"]').length") == 1
    assert buttons.count() >= 9  # the cells around the trunk and the feet
    # Tab reaches the grid on the cell above the trunk.
    page.locator("#tree-title").click()
    for _stop in range(8):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.classList.contains('cell-button')"):
            break
    assert page.evaluate(ACTIVE) == "half a cell left of the trunk, 1 row up: empty"
    page.keyboard.press("Space")  # a wood tile
    page.wait_for_function(DRAWN)
    assert page.evaluate(ACTIVE) == "half a cell left of the trunk, 1 row up: wood"
    page.keyboard.press("ArrowUp")  # straight up the slant: (0, 2)
    assert page.evaluate(ACTIVE) == "2 rows above the trunk: empty"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Shift+ArrowUp")  # the other slant: (-1, 2)
    assert page.evaluate(ACTIVE) == "1 cell left of the trunk, 2 rows up: empty"
    page.keyboard.press("ArrowRight")
    assert page.evaluate(ACTIVE) == "2 rows above the trunk: empty"
    page.keyboard.press("Enter")  # a wood tile
    page.wait_for_function(DRAWN)
    page.keyboard.press("Enter")  # then a leaf
    page.wait_for_function(DRAWN)
    table = json.loads(page.locator("#tiles-form input[name=table]").input_value())
    assert {tuple(t["at"]): t["kind"] for t in table["players"][0]["tiles"]} == {(0, 1): "wood", (0, 2): "leaf"}
    assert page.evaluate("() => document.querySelectorAll('#pot-area button.cell-button[tabindex=\"0\"]').length") == 1
    # The skip link past the grid goes to the goals.
    assert page.locator("a.skip[href='#goals']").count() == 1
    page.screenshot(path=str(artifacts / f"keyboard-tile-{page.viewport_size['width']}.png"))
    assert page.seen.seen == []
