"""Browser tests of saved games (Debian's Chromium driven by Playwright): save a game, reopen it from the list,
correct it, open its read-only link on another "phone", switch to French, print the blank sheet. Screenshots at
phone width (390 px) and desktop width go to test-artifacts/ (git-ignored)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.browser import DESKTOP, PHONE, Errors, open_menu, served

from marquoir.storage import sqlite_url
from marquoir.web import create_app

pytestmark = pytest.mark.browser

@pytest.fixture(scope="module")
def games_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app on 127.0.0.1 with CSRF on, as in production, and its own database."""
    folder = tmp_path_factory.mktemp("games-browser")
    app = create_app({"SECRET_KEY": "games-browser", "DATABASE_URL": sqlite_url(folder / "games.sqlite3")})
    with served(app) as address:
        yield address


@pytest.fixture(params=[PHONE, DESKTOP], ids=["phone", "desktop"])
def viewport(request: pytest.FixtureRequest) -> dict[str, int]:
    return dict(request.param)


def open_page(browser: Any, viewport: dict[str, int], locale: str = "en-GB") -> tuple[Any, Any, Errors]:
    context = browser.new_context(viewport=viewport, locale=locale)
    page = context.new_page()
    page.set_default_timeout(15000)
    return context, page, Errors(page)


def shot(page: Any, artifacts: Path, name: str) -> None:
    """Nothing overflows sideways; a full-page screenshot to look at."""
    width = int(page.viewport_size["width"])
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width, name
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(artifacts / f"games-{name}-{width}.png"), full_page=True)


def enter_and_score(page: Any, server: str, names: list[str], figures: dict[str, list[int]]) -> None:
    page.goto(server + "/")
    page.get_by_label("Number of players").select_option(str(len(names)))
    for i, name in enumerate(names):
        page.get_by_label(f"Player {i + 1}", exact=False).first.fill(name)
    page.get_by_label("Like the paper sheet").check()
    page.get_by_role("button", name="Start entering the game").click()
    page.wait_for_selector("#sheet-form")
    for field, values in figures.items():
        for i, value in enumerate(values):
            page.fill(f"#players-{i}-{field}", str(value))
    page.get_by_role("button", name="Score the game").click()
    page.wait_for_selector("table.results")


def totals(page: Any, table: str = "table.results") -> list[int]:
    return [int(t) for t in page.locator(f"{table} tfoot tr.total td").all_inner_texts()]


def test_save_reopen_correct_share_and_french(browser: Any, games_server: str, viewport: dict[str, int],
                                              artifacts: Path) -> None:
    width = viewport["width"]
    names = [f"Aiko{width}", "Ben", "Chiyo"]
    context, page, errors = open_page(browser, viewport)
    try:
        enter_and_score(page, games_server, names, {"print_cards": [10, 9, 11], "season_chain": [4, 5, 3],
                                                      "harmony": [3, -1, 0]})
        assert totals(page) == [17, 13, 14]
        page.get_by_role("button", name="Save this game").click()
        page.wait_for_selector("#share")
        assert "The game is saved." in page.locator(".flash").inner_text()
        share_link = page.locator("#share-link").inner_text()
        edit_link = page.locator("#edit-link").inner_text()
        assert re.fullmatch(rf"{games_server}/s/[A-Za-z0-9_-]{{20,}}", share_link)
        assert re.fullmatch(rf"{games_server}/e/[A-Za-z0-9_-]{{20,}}", edit_link)
        qr = page.locator(".qr-wrap svg")
        assert qr.is_visible() and qr.bounding_box()["width"] >= 150  # big enough to scan from a phone
        assert page.locator("#bars svg rect[data-category]").count() >= 6
        shot(page, artifacts, "saved")

        # Reopen it from the list (this browser saved it: it may correct it).
        open_menu(page)
        page.get_by_role("link", name="Saved games", exact=True).click()
        page.wait_for_selector("#games")
        line = page.locator("li.game-line").filter(has_text=names[0])
        assert line.count() == 1
        shot(page, artifacts, "list")
        line.get_by_role("link", name="saved here: correct").click()
        page.wait_for_selector("#share")
        page.get_by_role("button", name="Correct an entry").click()
        page.wait_for_selector("#sheet-form")
        assert page.input_value("#players-1-print_cards") == "9"
        page.fill("#players-1-print_cards", "18")  # 19 is past a base game's bound
        page.get_by_role("button", name="Score the game").click()
        page.wait_for_selector("table.results")
        assert totals(page) == [17, 22, 14]
        page.get_by_role("button", name="Save the correction").click()
        page.wait_for_selector("#history")
        assert "The correction is saved (version 2)." in page.locator(".flash").inner_text()
        assert totals(page, "#saved-scores") == [17, 22, 14]
        assert page.locator("#history tbody tr").count() == 2
        shot(page, artifacts, "corrected")

        # The read-only link on another phone: the game as corrected, and no way to change it.
        other_context, other, other_errors = open_page(browser, PHONE)
        try:
            other.goto(share_link)
            other.wait_for_selector("#saved-scores")
            assert totals(other, "#saved-scores") == [17, 22, 14]
            assert other.get_by_role("button", name="Correct an entry").count() == 0
            assert other.locator("#edit-link").count() == 0 and other.locator("#delete").count() == 0
            assert edit_link.rsplit("/", 1)[1] not in other.content()
            shot(other, artifacts, "read-only")
            assert other_errors.seen == []
        finally:
            other_context.close()

        # Switch to French: the same game, in French, with the core's words in French too.
        page.get_by_role("button", name="Français").click()
        page.wait_for_selector("html[lang=fr]")
        assert "Partager à la table" in page.content() and "Historique" in page.content()
        assert page.locator("#row-print_cards th").inner_text() == "Cartes de l’Estampe"
        page.locator("#row-print_cards td").nth(0).locator("summary").click()
        assert "tuile Départ" in page.locator("#row-print_cards td .why").nth(0).inner_text()
        shot(page, artifacts, "french")
        assert errors.seen == []
    finally:
        context.close()


def test_print_the_blank_sheet(browser: Any, games_server: str, viewport: dict[str, int], artifacts: Path) -> None:
    context, page, errors = open_page(browser, viewport, locale="fr-FR")
    try:
        page.goto(games_server + "/")
        assert page.locator("html").get_attribute("lang") == "fr"  # the browser's language
        open_menu(page)
        page.get_by_role("link", name="Imprimer une feuille").click()
        page.wait_for_selector("#print-form")
        shot(page, artifacts, "print-form")
        page.get_by_label("Joueurs", exact=True).select_option("4")
        page.get_by_label("Avec l’extension Yokai").check()
        page.get_by_role("button", name="Imprimer la feuille").click()
        page.wait_for_selector("table.scores")
        assert page.locator("h1").inner_text().startswith("Feuille de score de Kanagawa")
        assert page.locator("table.scores thead th").count() == 4  # a column per player; the corner is no header
        assert page.locator("table.scores thead td.corner").count() == 1
        assert page.locator("tr.row-yokai").count() == 1
        # The sheet's own stylesheet applies (allowed by its hash): the table has its borders.
        border = page.evaluate("getComputedStyle(document.querySelector('table.scores tbody td')).borderTopStyle")
        assert border == "solid"
        shot(page, artifacts, "blank-sheet")
        page.emulate_media(media="print")  # as printed: the same sheet, nothing hidden or cut sideways
        assert page.locator("table.scores").is_visible()
        assert page.evaluate("document.scrollingElement.scrollWidth") <= viewport["width"]
        assert errors.seen == []
    finally:
        context.close()


def test_statistics_are_readable_on_a_phone(browser: Any, games_server: str, viewport: dict[str, int],
                                            artifacts: Path) -> None:
    context, page, errors = open_page(browser, viewport)
    try:
        page.goto(games_server + "/")
        csrf = page.locator("input[name=csrf_token]").first.get_attribute("value")
        hana = f"Hana{viewport['width']}"  # the server is shared by the phone and desktop runs
        for cards in ([12, 8], [9, 9], [7, 13], [11, 10]):  # the second game is a tie: a shared win
            table = json.dumps({"game": "kanagawa", "families": ["trees", "characters", "buildings", "animals"],
                                "players": [{"name": name, "sheet": {"print_cards": n, "season_chain": 2,
                                                                     "harmony": 0, "diplomas": [],
                                                                     "grand_master": False, "yokai": 0}}
                                            for name, n in zip((hana, "Ichiro"), cards, strict=True)]})
            response = page.request.post(games_server + "/games/save", form={"csrf_token": csrf, "table": table},
                                         max_redirects=0)
            assert response.status == 303
        open_menu(page)
        page.get_by_role("link", name="Statistics").first.click()
        page.wait_for_selector("#stats")
        row = page.locator("#stats tr").filter(has_text=hana)
        games, wins, average, best = row.inner_text().split("\t")[1:]
        assert (games, average, best) == ("4", "11.8", "14")  # 14, 11 (tie), 9, 13
        assert wins.split() == ["3", "(1", "shared)", "Win", "rate", "75%"]  # the rate is read out, not only shown
        chart = page.locator("#totals-chart svg")
        assert chart.bounding_box()["width"] >= 300  # the chart fills a phone's width
        smallest = page.evaluate(
            "Math.min(...Array.from(document.querySelectorAll('#totals-chart svg text'))"
            ".map(t => t.getBoundingClientRect().height))"
        )
        assert smallest >= 10  # its words are at least 10 px tall on screen
        shot(page, artifacts, "stats")
        page.get_by_role("link", name=hana).click()
        page.wait_for_selector("#category-averages")
        assert page.locator("h1").inner_text() == hana and page.locator("#totals-chart svg polyline").count() == 1
        shot(page, artifacts, "stats-player")
        assert errors.seen == []
    finally:
        context.close()
