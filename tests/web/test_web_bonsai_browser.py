"""Browser test of Bonsai (Debian's Chromium driven by Playwright): a 2-player game entered tile by tile with
JavaScript on a phone (390 px) and on a desktop, each tap redrawn in place without a page load, a problem marked on
its cell and gone when the tile that carries it arrives; scored, printed, saved, reopened from its page and
corrected; the same pot without JavaScript. Screenshots go to test-artifacts/ (git-ignored)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.browser import DESKTOP, PHONE, Errors, served

from marquoir import load_table, score
from marquoir.storage import sqlite_url
from marquoir.web import create_app

pytestmark = pytest.mark.browser

@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app on 127.0.0.1 with CSRF on, as in production, and its own database."""
    folder = tmp_path_factory.mktemp("bonsai-browser")
    app = create_app({"SECRET_KEY": "bonsai-browser", "DATABASE_URL": sqlite_url(folder / "games.sqlite3")})
    with served(app) as address:
        yield address


@pytest.fixture(params=[PHONE, DESKTOP], ids=["phone", "desktop"])
def viewport(request: pytest.FixtureRequest) -> dict[str, int]:
    return dict(request.param)


UNLABELLED = """() => Array.from(document.querySelectorAll('input, select, textarea, button'))
  .filter(el => el.type !== 'hidden' && !el.closest('[aria-hidden=true]'))
  .filter(el => !(el.labels && el.labels.length) && !el.getAttribute('aria-label')
                && !el.getAttribute('aria-labelledby') && !(el.tagName === 'BUTTON' && el.textContent.trim()))
  .map(el => el.outerHTML)"""


def shot(page: Any, artifacts: Path, name: str) -> None:
    """Nothing overflows the page sideways (the pot's grid scrolls inside its own frame), every control has a name a
    screen reader reads; a screenshot to look at."""
    width = int(page.viewport_size["width"])
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width, name
    assert page.evaluate(UNLABELLED) == [], name
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(artifacts / f"bonsai-{name}-{width}.png"), full_page=True)


def settle(page: Any) -> None:
    """Wait until the page has drawn the server's answer to its last change."""
    page.wait_for_function(
        "() => { const f = document.getElementById('tiles-form'); return f.dataset.sent === f.dataset.shown; }"
    )


def cell(page: Any, x: int, y: int) -> Any:
    return page.locator(f"button.cell-button[value='cycle:{x}:{y}']")


def tap(page: Any, x: int, y: int, times: int = 1) -> None:
    for _tap in range(times):
        cell(page, x, y).click()
        settle(page)


def start(page: Any, server: str, names: list[str]) -> None:
    page.goto(server + "/")
    page.get_by_label("Bonsai", exact=True).check()
    assert page.locator("#goal-colours").is_visible() and not page.locator("#families").is_visible()
    assert not page.locator("#kanagawa-options").is_visible()
    page.get_by_label("Number of players").select_option(str(len(names)))
    for i, name in enumerate(names):
        page.get_by_label(f"Player {i + 1}", exact=False).first.fill(name)
    for colour in ("Brown", "Green", "Cyan"):
        page.get_by_label(colour, exact=False).check()
    page.get_by_label("Tile by tile").check()
    page.get_by_role("button", name="Start entering the game").click()
    page.wait_for_selector("#tiles-form")
    page.wait_for_load_state("load")  # its stylesheet too: the cells are measured next


def totals(page: Any, table: str = "table.results") -> list[int]:
    """The totals row of the results table, once it is there: the table is found as soon as its start is parsed,
    its footer later (a loaded machine showed it empty)."""
    page.wait_for_selector(f"{table} tfoot tr.rank td")
    return [int(t) for t in page.locator(f"{table} tfoot tr.total td").all_inner_texts()]


def test_a_game_entered_tile_by_tile(browser: Any, server: str, viewport: dict[str, int], artifacts: Path) -> None:
    width = viewport["width"]
    names = [f"Aiko{width}", "Ben"]
    context = browser.new_context(viewport=viewport, locale="en-GB", has_touch=width < 500)
    page = context.new_page()
    page.set_default_timeout(15000)
    errors = Errors(page)
    try:
        start(page, server, names)
        page.evaluate("window.kept = 'no page load since'")
        # Every cell a finger can aim at is at least 44 px across.
        box = cell(page, 0, 1).bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
        assert page.get_by_role("button", name="half a cell left of the trunk, 1 row up: empty").count() == 1
        tap(page, 0, 1)  # wood on the trunk
        tap(page, -1, 2, 3)  # a flower with no leaf yet: marked on the spot, with the rule in words
        flower = page.locator("g.cell[data-at='-1,2']")
        assert "flagged" in (flower.get_attribute("class") or "")
        problems = page.locator("#tile-problems").inner_text()
        assert "the flower tile (1 cell left of the trunk, 2 rows up) touches no leaf tile" in problems
        # The leaf that carries it, typed with the keyboard: the mark goes.
        cell(page, 0, 2).focus()
        page.keyboard.press("Enter")
        settle(page)
        page.keyboard.press("Space")
        settle(page)
        assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "2 rows above the trunk: leaf"
        ring = page.locator("g.cell[data-at='0,2'] polygon").evaluate("el => getComputedStyle(el).stroke")
        assert ring == "rgb(37, 99, 235)"  # the keyboard's place shows on the cell
        assert "flagged" not in (flower.get_attribute("class") or "")
        assert page.locator("#tile-problems").inner_text().strip() == ""
        tap(page, 1, 1, 2)
        tap(page, 1, 2, 4)
        assert page.locator("#tree-points").inner_text() == "17 points so far"
        # Counters, a Parchment, a goal claimed: its state shows from the server.
        page.get_by_role("button", name="One more: Growth: leaf").click()
        settle(page)
        page.get_by_label("Parchment per leaf tile").check()
        settle(page)
        page.get_by_label("small green goal", exact=False).check()
        settle(page)
        state = page.locator("#goal-state-green-small").inner_text()
        assert "not met yet" in state and "largest group of leaves: 2" in state
        # Flip the pot: the trunk moves; the wood tile is no longer joined to it. Then back.
        page.get_by_role("button", name="Flip the pot").click()
        settle(page)
        assert page.locator("g.place-trunk").get_attribute("data-at") == "1,0"
        assert "flagged" in (page.locator("g.cell[data-at='0,1']").get_attribute("class") or "")
        page.get_by_role("button", name="Flip the pot").click()
        settle(page)
        assert page.locator("g.place-trunk").get_attribute("data-at") == "0,0"
        assert page.evaluate("window.kept") == "no page load since"  # every change was drawn in place
        doc = json.loads(page.input_value("input[name=table]"))
        assert {tuple(t["at"]): t["kind"] for t in doc["players"][0]["tiles"]} == {
            (0, 1): "wood", (-1, 2): "flower", (0, 2): "leaf", (1, 1): "leaf", (1, 2): "fruit"}
        assert doc["players"][0]["cards"] == {"growth": ["leaf"], "parchments": ["leaf"]}
        shot(page, artifacts, "tiles")
        # The other player: a round trip keeps everything.
        page.get_by_role("button", name="Ben").click()
        page.wait_for_selector("h2#tree-title:has-text('Ben')")
        tap(page, 0, 1)
        tap(page, 1, 1, 2)
        assert page.locator("#tab-info-0").inner_text().startswith("25 pts")
        shot(page, artifacts, "tiles-ben")
        # The language switch carries the game as the script changed it.
        page.get_by_role("button", name="Français").click()
        page.wait_for_selector("html[lang=fr]")
        assert page.get_by_role("button", name=("une demi-case à droite du tronc, 1 rangée plus haut : "
            "Feuille").replace(" :", "\u00a0:")).count() == 1
        assert "Le bonsaï, tuile par tuile" in page.content()
        french = json.loads(page.input_value("input[name=table]"))
        assert {tuple(t["at"]): t["kind"] for t in french["players"][1]["tiles"]} == {(0, 1): "wood", (1, 1): "leaf"}
        shot(page, artifacts, "tiles-french")
        page.get_by_role("button", name="English").click()
        page.wait_for_selector("html[lang=en]")

        page.get_by_role("button", name="Score the game").first.click()
        page.wait_for_selector("table.results")
        expected = [p.total for p in score(load_table(page.input_value("input[name=table]"))).players]
        assert totals(page) == expected == [6 + 4 + 7 + 2 + 6, 3]
        assert page.locator(".bonsai-trees svg[role=img]").count() == 2
        shot(page, artifacts, "results")

        # Print the sheet (a page of its own, in a new tab).
        page.get_by_text("Print the sheet").click()
        with context.expect_page() as opened:
            page.get_by_role("button", name="Show the sheet").click()
        sheet = opened.value
        sheet.wait_for_load_state()
        assert "Bonsai" in sheet.content() and names[0] in sheet.content()
        sheet.close()

        # Save, reopen from the game's page, correct: back to the pot with everything kept.
        page.get_by_role("button", name="Save this game").click()
        page.wait_for_selector("#share")
        edit_link = page.locator("#edit-link").inner_text()
        page.goto(edit_link)
        page.wait_for_selector("#saved-scores")
        assert totals(page, "#saved-scores") == expected
        page.get_by_role("button", name="Correct an entry").click()
        page.wait_for_selector("#tiles-form")
        reopened = json.loads(page.input_value("input[name=table]"))["players"][0]
        assert reopened == doc["players"][0] | {"goals": ["green-small"]}
        assert page.get_by_role("button", name="1 cell right of the trunk, 2 rows up: fruit").count() == 1
        tap(page, 1, 2)  # fruit → empty
        page.get_by_role("button", name="Score the game").first.click()
        page.wait_for_selector("table.results")
        assert totals(page)[0] == expected[0] - 7
        assert page.get_by_role("button", name="Save the correction").count() == 1
        assert errors.seen == []
    finally:
        context.close()


def test_the_pot_without_javascript(browser: Any, server: str, artifacts: Path) -> None:
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    page.set_default_timeout(15000)
    try:
        page.goto(server + "/")
        page.check("input[name=game][value=bonsai]")
        page.select_option("#player_count", "1")
        page.fill("#names-0", "Solo")
        page.check("input[name=no_goals]")
        page.check("#mode-1")
        page.get_by_role("button", name="Start entering the game").click()
        page.wait_for_selector("#tiles-form")
        for name in (("half a cell left of the trunk, 1 row up: "
            "empty"), "half a cell left of the trunk, 1 row up: wood", "half a cell left of the trunk, 1 row up: leaf"):
            page.get_by_role("button", name=name).click()
            page.wait_for_load_state()
        assert "touches no leaf tile" in page.locator("#tile-problems").inner_text()
        page.get_by_role("button", name="One more: Tool cards").click()
        page.wait_for_load_state()
        assert page.input_value("#tool") == "1"
        shot(page, artifacts, "no-js")
        page.get_by_role("button", name="Score the game").click()
        page.wait_for_selector("table.results")
        assert totals(page) == [5]  # a flower beside the trunk: 5 sides free (a Tool card scores nothing)
    finally:
        context.close()


def test_the_score_pad(browser: Any, server: str, viewport: dict[str, int], artifacts: Path) -> None:
    context = browser.new_context(viewport=viewport, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(15000)
    errors = Errors(page)
    try:
        page.goto(server + "/")
        page.get_by_label("Bonsai", exact=True).check()
        page.get_by_label("Number of players").select_option("4")
        for i, name in enumerate(["Aiko", "Ben", "Chiyo", "Daisuke"]):
            page.get_by_label(f"Player {i + 1}", exact=False).first.fill(name)
        for colour in ("Brown", "Pink", "Orange"):
            page.get_by_label(colour, exact=False).check()
        shot(page, artifacts, "home")
        page.get_by_label("Like the paper sheet").check()
        page.get_by_role("button", name="Start entering the game").click()
        page.wait_for_selector("#bonsai-sheet-form")
        figures = {"leaves": [13, 10, 8, 12], "flowers": [19, 12, 7, 9], "fruits": [2, 1, 0, 3],
                   "parchments": [23, 0, 5, 8]}
        for field, values in figures.items():
            for i, value in enumerate(values):
                page.fill(f"#players-{i}-{field}", str(value))
        page.check("#players-0-g_brown_small")
        page.check("#players-1-g_brown_small")  # the script unticks it for Aiko: one holder per tile
        assert not page.is_checked("#players-0-g_brown_small")
        page.check("#players-0-g_brown_small")
        page.check("#players-3-g_orange_small")
        expected = [100, 30 + 12 + 7, 24 + 7 + 5, 36 + 9 + 21 + 8 + 9]
        for i, total in enumerate(expected):
            page.wait_for_function(
                "([i, t]) => document.getElementById('total-' + i).textContent === String(t)", arg=[i, total]
            )
        shot(page, artifacts, "pad")
        page.get_by_role("button", name="Score the game").click()
        page.wait_for_selector("table.results")
        assert totals(page) == expected
        assert errors.seen == []
    finally:
        context.close()
