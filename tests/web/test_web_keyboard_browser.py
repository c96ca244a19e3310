"""Every control reachable (issue 18, items 6 and 7), in a browser at 390 px and on a desktop: every link of the
menu on screen; a card and a Bonsai tile entered with the keyboard only (one tab stop for the card list, arrows
inside it, Enter to act; the grid one tab stop, arrows along the hex directions, Space to change a cell); few Tabs
from the search to the first Diploma; the skip links; the current player's tab told apart in the dark theme; each
list of Diploma or goal ticks and of Parchments one stop (the paper sheet's table too: ↑ ↓ within a player's
column), Enter and Space tick, plain checkboxes without a script; few Tab stops from the top of each entry page to
its save button. Screenshots: test-artifacts/keyboard-*.png."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.browser import DESKTOP, PHONE, axe_violations, new_game, watched_page

pytestmark = pytest.mark.browser

ACTIVE = ("() => { const a = document.activeElement;"
          " return a ? (a.getAttribute('aria-label') || a.value || a.id || a.tagName) : ''; }")
DRAWN = "() => { const f = document.getElementById('tiles-form'); return f.dataset.shown === f.dataset.sent; }"


@pytest.fixture(params=[PHONE, DESKTOP], ids=["phone", "desktop"])
def page(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:
    with watched_page(browser, viewport=request.param, locale="en-GB", color_scheme="dark") as page:
        yield page



@pytest.mark.parametrize("lang", ["en-GB", "fr-FR"])
def test_every_menu_link_is_on_screen(browser: Any, live_server: str, lang: str, artifacts: Path) -> None:
    """At 390 px the pages are behind the menu button, the bar one line; open, every link on screen, a finger's
    height each; Escape closes it. Without a script the menu is sent open, a wrapping row; on a desktop the links
    are in the bar with no button."""
    context = browser.new_context(viewport=PHONE, locale=lang)
    page = context.new_page()
    page.goto(live_server + "/")
    page.wait_for_load_state("load")
    links = page.locator("header.top nav a")
    assert links.count() == 7
    summary = page.locator("#menu > summary")
    assert summary.is_visible() and not links.first.is_visible()
    assert page.evaluate("() => document.querySelector('header.top').getBoundingClientRect().height") < 60
    page.screenshot(path=str(artifacts / f"keyboard-menu-{lang}-390-closed.png"))
    summary.focus()
    page.keyboard.press("Enter")
    for k in range(links.count()):
        box = links.nth(k).bounding_box()
        assert links.nth(k).is_visible()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], k
        assert box["height"] >= 44
    page.screenshot(path=str(artifacts / f"keyboard-menu-{lang}-390.png"))
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.closest('nav') !== null")
    page.keyboard.press("Escape")
    assert not links.first.is_visible() and page.evaluate("() => document.activeElement.tagName") == "SUMMARY"
    assert axe_violations(page) == []
    context.close()
    bare = browser.new_context(viewport=PHONE, locale=lang, java_script_enabled=False)
    page = bare.new_page()
    page.goto(live_server + "/")
    links = page.locator("header.top nav a")
    assert not page.locator("#menu > summary").is_visible()
    for k in range(links.count()):
        box = links.nth(k).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], k
    bare.close()
    wide = browser.new_context(viewport=DESKTOP, locale=lang)
    page = wide.new_page()
    page.goto(live_server + "/")
    page.wait_for_load_state("load")
    assert not page.locator("#menu > summary").is_visible()
    assert all(page.locator("header.top nav a").nth(k).is_visible() for k in range(7))
    wide.close()


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


#: The most Tab presses from the top of each entry page (4 players) to its save button ("Score the game"): the
#: menu, the language switch, the players' tabs, the figures to type, one stop per list of ticks or cards.
#: Before each list of ticks was one stop: 102, 43, 60, 65 and 54 (each Diploma or goal tick, each Parchment and
#: each counter's − and + a stop).
TAB_STOPS = {("base", "sheet"): 28, ("base", "detailed"): 25, ("yokai", "detailed"): 40,
             ("bonsai", "sheet"): 31, ("bonsai", "detailed"): 26}
SAVE = ("() => { const a = document.activeElement;"
        " return !!a && a.matches('form button.primary[value=score]') && !a.closest('nav'); }")
CHECKED = "() => { const a = document.activeElement; return a && a.type === 'checkbox' ? a.checked : null; }"


def tab_stops_to_save(page: Any) -> list[str]:
    """What each Tab press from the top of the page reaches, until the save button."""
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
    reached: list[str] = []
    while not page.evaluate(SAVE):
        page.keyboard.press("Tab")
        reached.append(page.evaluate("() => { const a = document.activeElement;"
                                     " return a.tagName + ':' + (a.name || a.getAttribute('href') || a.id || ''); }"))
        assert len(reached) < 400, reached[-5:]
    return reached


@pytest.mark.parametrize(("game", "mode"), list(TAB_STOPS), ids=["-".join(k) for k in TAB_STOPS])
def test_few_tab_stops_to_the_save_button(page: Any, live_server: str, game: str, mode: str) -> None:
    new_game(page, live_server, game, mode, players=4)
    reached = tab_stops_to_save(page)
    assert len(reached) <= TAB_STOPS[(game, mode)], "\n".join(reached)


ONE_STOP = ("(sel) => [...document.querySelectorAll(sel)].filter((b) => b.getAttribute('tabindex') === '0')"
            ".map((b) => b.name)")
ACTIVE_NAME = "() => document.activeElement.name"


def test_the_sheet_ticks_by_keyboard(page: Any, live_server: str) -> None:
    """Kanagawa's paper sheet: the skip link to the Diplomas; the ticks one stop, ← → along the rows, ↑ ↓ within a
    player's column, Space and Enter tick (a tile ticked for one player is unticked for the other)."""
    new_game(page, live_server, "base", "sheet", players=2)
    assert page.evaluate(ONE_STOP, "input[data-diploma]") == ["players-0-d_trees_3"]
    page.locator("#players-0-print_cards").focus()
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("() => document.activeElement.getAttribute('href')") == "#diploma-ticks"
    page.keyboard.press("Enter")
    for _stop in range(3):  # the legend's summary may come first
        page.keyboard.press("Tab")
        if page.evaluate(ACTIVE_NAME) == "players-0-d_trees_3":
            break
    assert page.evaluate(ACTIVE_NAME) == "players-0-d_trees_3"
    for _k in range(3):
        page.keyboard.press("ArrowDown")
    assert page.evaluate(ACTIVE_NAME) == "players-0-d_buildings_2"  # down the player's own column
    page.keyboard.press("Space")
    assert page.evaluate(CHECKED) is True
    for _k in range(3):
        page.keyboard.press("ArrowRight")
    assert page.evaluate(ACTIVE_NAME) == "players-1-d_buildings_2"  # along the row, to the next player's
    page.keyboard.press("Enter")
    assert page.evaluate(CHECKED) is True
    assert not page.locator("#players-0-d_buildings_2").is_checked()  # one holder per tile
    page.keyboard.press("ArrowUp")
    assert page.evaluate(ACTIVE_NAME) == "players-1-d_trees_5"
    page.keyboard.press("Enter")
    assert page.evaluate(CHECKED) is True
    page.keyboard.press("Enter")
    assert page.evaluate(CHECKED) is False
    page.keyboard.press("Tab")  # out of the ticks, and back to the last one used
    assert page.evaluate(ACTIVE_NAME) == "grand_master"
    assert page.evaluate(ONE_STOP, "input[data-diploma]") == ["players-1-d_trees_5"]
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(ACTIVE_NAME) == "players-1-d_trees_5"
    page.keyboard.press("Home")
    assert page.evaluate(ACTIVE_NAME) == "players-0-d_trees_3"
    assert page.seen.seen == []


def test_the_diplomas_held_and_the_goals_by_keyboard(page: Any, live_server: str) -> None:
    """Card by card: the Diplomas held one stop, still one after a card added (the part is redrawn); tile by tile:
    the goals and the Parchments one stop each, the counters stepped by ↑ ↓."""
    new_game(page, live_server, "base", "detailed")
    assert len(page.evaluate(ONE_STOP, "#diplomas-held input[type=checkbox]")) == 1
    page.locator("[data-filter=text]").fill("spring boar forest")
    page.locator("[data-filter=text]").press("Enter")
    page.wait_for_function("() => document.querySelectorAll('ol.zone-print li.placed').length === 1")
    assert page.evaluate(ONE_STOP, "#diplomas-held input[type=checkbox]") == ["d_trees_3"]
    page.locator("#diplomas-held input[name=d_trees_3]").focus()
    page.keyboard.press("End")
    page.keyboard.press("Enter")
    assert page.evaluate(CHECKED) is True
    assert page.evaluate(ONE_STOP, "#diplomas-held input[type=checkbox]") == ["d_landscapes_4"]

    new_game(page, live_server, "bonsai", "detailed")
    assert len(page.evaluate(ONE_STOP, "input[name=goals_held]")) == 1
    assert len(page.evaluate(ONE_STOP, "input[name=parchments]")) == 1
    page.locator("input[name=goals_held]").first.focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Space")
    assert page.evaluate(CHECKED) is True
    page.wait_for_function(DRAWN)
    assert page.locator("input[name=goals_held]").nth(1).is_checked()
    page.locator("input[name=growth_leaf]").focus()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowDown")
    assert page.locator("input[name=growth_leaf]").input_value() == "1"
    page.wait_for_function(DRAWN)
    assert page.evaluate("() => [...document.querySelectorAll('button.step')].every((b) => b.tabIndex === -1)")
    assert page.seen.seen == []


def test_without_a_script_every_tick_is_a_plain_checkbox(browser: Any, live_server: str) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB", java_script_enabled=False)
    page = context.new_page()
    page.set_default_timeout(15000)
    page.goto(live_server + "/")
    page.locator("input[name=game][value=base]").check()
    page.locator("select[name=player_count]").select_option("2")
    page.locator("[name='names-0']").fill("Aiko")
    page.locator("[name='names-1']").fill("Ben")
    page.locator("input[name=mode][value=sheet]").check()
    with page.expect_navigation():
        page.locator("#new-game button.primary").click()
    assert page.locator("input[data-diploma]").count() > 20
    assert page.locator("input[data-diploma][tabindex]").count() == 0
    page.locator("#players-0-d_trees_3").focus()
    page.keyboard.press("Tab")
    assert page.evaluate(ACTIVE_NAME) == "players-0-d_trees_4"  # every tick its own stop, as before
    page.keyboard.press("Space")
    assert page.locator("#players-0-d_trees_4").is_checked()
    context.close()
