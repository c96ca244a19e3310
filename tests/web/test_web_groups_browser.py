"""A game night in a group, in Debian's Chromium driven by Playwright: one phone makes the group and shares its link
with another; two games (the second a rematch, backdated, with a place and a duration); the statistics filtered
by number of players and by date, a player's page and a head-to-head. Screenshots at phone width (390 px) and
desktop width go to test-artifacts/ (git-ignored), to look at."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from support.browser import DESKTOP, PHONE, Errors, open_menu, served

from marquoir.storage import sqlite_url
from marquoir.web import create_app

pytestmark = pytest.mark.browser

@pytest.fixture(scope="module")
def night_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app on 127.0.0.1 with CSRF on, as in production, its own database, and no public list (a club
    server)."""
    folder = tmp_path_factory.mktemp("groups-browser")
    app = create_app({"SECRET_KEY": "groups-browser", "DATABASE_URL": sqlite_url(folder / "games.sqlite3"),
                      "PUBLIC_LIST": False})  # fmt: skip
    with served(app) as address:
        yield address


@pytest.fixture(params=[PHONE, DESKTOP], ids=["phone", "desktop"])
def viewport(request: pytest.FixtureRequest) -> dict[str, int]:
    return dict(request.param)


def open_page(browser: Any, viewport: dict[str, int]) -> tuple[Any, Any, Errors]:
    context = browser.new_context(viewport=viewport, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(15000)
    return context, page, Errors(page)


def shot(page: Any, artifacts: Path, name: str) -> None:
    """Nothing overflows sideways; a full-page screenshot to look at."""
    width = int(page.viewport_size["width"])
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width, name
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(artifacts / f"groups-{name}-{width}.png"), full_page=True)


def enter_sheet(page: Any, figures: dict[str, list[int]]) -> None:
    """Type the figures on the paper sheet and score the game."""
    page.wait_for_selector("#sheet-form")
    for field, values in figures.items():
        for i, value in enumerate(values):
            page.fill(f"#players-{i}-{field}", str(value))
    page.get_by_role("button", name="Score the game").click()
    page.wait_for_selector("table.results")


def test_a_game_night_in_a_group(browser: Any, night_server: str, viewport: dict[str, int], artifacts: Path) -> None:
    width = viewport["width"]
    names = [f"Aiko{width}", "Ben", "Chiyo"]
    context, page, errors = open_page(browser, viewport)
    try:
        # One step makes the group; its page has the link and the QR code to share.
        page.goto(night_server + "/")
        open_menu(page)
        page.get_by_role("link", name="Groups").click()
        page.get_by_label("Name of the group").fill(f"Game night {width}")
        page.get_by_role("button", name="Create the group").click()
        page.wait_for_selector("#group-share")
        link = page.locator("#group-link").inner_text()
        assert link.startswith(f"{night_server}/g/") and page.locator("#group-share .qr-wrap svg").is_visible()
        shot(page, artifacts, "group-new")

        # The first game, started from the group: the sheet, then saved in the group with its details.
        page.get_by_role("link", name="New game in this group").click()
        assert page.locator("#playing-in").is_visible()
        page.get_by_label("Number of players").select_option("3")
        for i, name in enumerate(names):
            page.get_by_label(f"Player {i + 1}", exact=False).first.fill(name)
        page.get_by_label("Like the paper sheet").check()
        page.get_by_role("button", name="Start entering the game").click()
        enter_sheet(page, {"print_cards": [10, 9, 11], "season_chain": [4, 5, 3], "harmony": [3, -1, 0]})
        assert page.locator("#save-group option:checked").inner_text() == f"the group Game night {width}"
        page.locator("#save-details summary").click()
        yesterday = (datetime.now(UTC) - timedelta(days=1)).date()
        page.fill("#played_on", yesterday.isoformat())
        page.fill("#played_time", "20:30")
        page.get_by_label("Location").fill("Chez Aiko")
        page.get_by_label("Duration (minutes)").fill("45")
        shot(page, artifacts, "save-form")
        page.get_by_role("button", name="Save this game").click()
        page.wait_for_selector("#game-details")
        assert "The game is saved." in page.locator(".flash").inner_text()
        details = page.locator("#game-details").inner_text()
        played = f"{yesterday.day} {yesterday:%B} {yesterday.year} at 20:30"  # the day and time typed, in words
        assert "Chez Aiko" in details and "45 minutes" in details and played in details
        assert page.locator("#game-group").inner_text() == f"Game night {width}"
        shot(page, artifacts, "game")

        # The rematch: the same players, one tap, then the second game.
        page.get_by_role("link", name="Rematch: a new game with the same players").click()
        page.wait_for_selector("#new-game")
        assert [page.input_value(f"#names-{i}") for i in range(3)] == names
        assert page.locator("#playing-in").is_visible()
        page.get_by_label("Like the paper sheet").check()
        page.get_by_role("button", name="Start entering the game").click()
        enter_sheet(page, {"print_cards": [8, 12, 9], "season_chain": [3, 5, 2], "harmony": [1, 2, 0]})
        page.get_by_role("button", name="Save this game").click()
        page.wait_for_selector("#game-details")

        # Another phone opens the shared link: the group's two games, and its statistics.
        other_context, other, other_errors = open_page(browser, PHONE)
        try:
            other.goto(link)
            other.wait_for_selector("#games")
            assert other.locator("li.game-line").count() == 2
            assert other.locator("li.game-line").first.filter(has_text="Ben").count() == 1
            shot(other, artifacts, f"group-shared-from-{width}")
            open_menu(other)
            other.get_by_role("link", name="Statistics").first.click()
            other.wait_for_selector("#stats")
            assert other.locator("#stats tbody tr").count() == 3
            other.locator("#filters-box summary").click()
            other.select_option("#filter-players", "3")
            other.fill("#filter-from", yesterday.isoformat())
            other.get_by_role("button", name="Show", exact=True).first.click()
            other.wait_for_selector(".period-count")
            assert "2 games in this period." in other.locator(".period-count").inner_text()
            row = other.locator("#stats tr").filter(has_text="Ben")
            cells = [" ".join(cell.split()) for cell in row.inner_text().split("\t")]
            assert cells[1:3] == ["2", "1 Win rate 50%"]  # games, and wins with the win rate under them
            chart = other.locator("#totals-chart svg")
            assert chart.bounding_box()["width"] >= 300  # the chart fills a phone's width
            smallest = other.evaluate(
                "Math.min(...Array.from(document.querySelectorAll('#totals-chart svg text'))"
                ".map(t => t.getBoundingClientRect().height))"
            )
            assert smallest >= 10  # its words are at least 10 px tall on screen
            shot(other, artifacts, f"stats-filtered-from-{width}")
            assert other_errors.seen == []
        finally:
            other_context.close()

        # This phone: a player's page with a head-to-head, at its own width.
        page.goto(link.replace("/g/", "/g/", 1) + "/stats")
        page.get_by_role("link", name="Ben").first.click()
        page.wait_for_selector("#category-averages")
        page.get_by_label("Against").fill(names[0])
        page.get_by_role("button", name="Compare").click()
        page.wait_for_selector("#versus")
        assert f"Ben and {names[0]} played 2 games together." in page.locator("#versus-games").inner_text()
        shot(page, artifacts, "versus")
        page.goto(link)
        page.wait_for_selector("#games")
        shot(page, artifacts, "group-list")
        assert errors.seen == []
    finally:
        context.close()
