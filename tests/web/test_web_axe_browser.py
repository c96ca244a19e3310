"""axe-core on every page (issue 18, item 7): the app's pages, each game's entry pages as a game is being entered
(card by card, tile by tile, the paper sheet's figures), their results with an explanation open, the Diploma
checker, and the printable sheets, blank and filled; in English and French, in the light and the dark theme, on a
390 px phone, and in English on a desktop. axe-core is the npm package the Makefile installs (package-lock.json
pins it); the test puts it in each page, the page never loads it. Every violation fails, whatever its impact."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from support.browser import DESKTOP, PHONE, axe_violations, new_game, watched_page

pytestmark = pytest.mark.browser

LOCALES = {"en": "en-GB", "fr": "fr-FR"}
SHEETS = ["/print/blank?game=kanagawa&players=4&paper=a4&format=html",
          "/print/blank?game=kanagawa&players=3&yokai=1&paper=a4&format=html",
          "/print/blank?game=bonsai&players=2&paper=a4&format=html"]
STATIC = ["/", "/rules", "/games", "/stats", "/groups", "/print", "/diplomas"]



def press(page: Any, selector: str) -> None:
    with page.expect_navigation():
        page.locator(selector).first.click()
    page.wait_for_load_state("load")


def filled_sheet(page: Any) -> None:
    """The filled sheet of the game on the results page, as its print form sends it."""
    with page.expect_navigation():
        page.evaluate("""() => {
          const form = document.createElement("form");
          form.method = "post"; form.action = "/print/game";
          for (const name of ["table", "csrf_token"]) {
            const input = document.createElement("input");
            input.type = "hidden"; input.name = name;
            input.value = document.querySelector(`input[name=${name}]`).value;
            form.appendChild(input);
          }
          document.body.appendChild(form);
          form.submit();
        }""")
    page.wait_for_load_state("load")


def walk(page: Any, server: str) -> Iterator[str]:
    """Each page in turn, loaded; yields what it is once it can be checked."""
    for path in STATIC + SHEETS:
        page.goto(server + path)
        yield path
    # Kanagawa's paper sheet, its results (an explanation open), its printed sheet.
    new_game(page, server, "base", "sheet")
    yield "Kanagawa sheet entry"
    for i, (cards, chain, harmony) in enumerate([(9, 4, 2), (11, 3, -1)]):
        page.fill(f"#players-{i}-print_cards", str(cards))
        page.fill(f"#players-{i}-season_chain", str(chain))
        page.fill(f"#players-{i}-harmony", str(harmony))
    press(page, "#sheet-form button[value=score]")
    page.locator("table.results details summary").first.click()
    yield "Kanagawa results"
    filled_sheet(page)
    yield "Kanagawa filled sheet"
    # Card by card: a card added, then the Diploma checker.
    new_game(page, server, "base", "detailed")
    page.locator("[data-filter=text]").fill("spring boar forest")
    page.locator("[data-filter=text]").press("Enter")
    page.wait_for_function("() => document.querySelectorAll('ol.zone-print li.placed').length === 1")
    yield "Kanagawa card by card"
    press(page, "button[name=action][value=diplomas]")
    yield "Kanagawa Diploma checker"
    new_game(page, server, "yokai", "detailed", players=3)
    yield "Kanagawa with the Yokai, card by card"
    # Bonsai: the score pad, tile by tile, its results (the drawing in an explanation), its printed sheet.
    new_game(page, server, "bonsai", "sheet")
    yield "Bonsai score pad"
    new_game(page, server, "bonsai", "detailed")
    for value in ("cycle:0:1", "cycle:0:1", "cycle:1:1"):
        page.locator(f"button.cell-button[value='{value}']").click()
        page.wait_for_function("() => { const f = document.getElementById('tiles-form');"
                               " return f.dataset.shown === f.dataset.sent; }")
    yield "Bonsai tile by tile"
    press(page, "#tiles-form button[value=score]")
    page.locator("#row-leaves details summary").first.click()
    yield "Bonsai results"
    filled_sheet(page)
    yield "Bonsai filled sheet"


@pytest.fixture(params=[("en", "light", PHONE), ("en", "dark", PHONE), ("fr", "light", PHONE), ("fr", "dark", PHONE),
                        ("en", "light", DESKTOP)], ids=["en-light-phone", "en-dark-phone", "fr-light-phone",
                                                        "fr-dark-phone", "en-light-desktop"])
def page(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:
    lang, scheme, viewport = request.param
    with watched_page(browser, viewport=viewport, locale=LOCALES[lang], color_scheme=scheme) as page:
        yield page


def test_axe_finds_no_violation_on_any_page(page: Any, live_server: str) -> None:
    found: list[str] = []
    checked = 0
    for what in walk(page, live_server):
        checked += 1
        found += [f"{what}: {v}" for v in axe_violations(page)]
    assert checked == len(STATIC) + len(SHEETS) + 10
    assert found == [], "\n".join(found)
    assert page.seen.seen == []

