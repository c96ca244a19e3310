"""The card picker's search in a browser (issue 18, items 2 and 10): the page's script finds and ranks the cards
exactly as the server's search does (``search.rank``), for every card's title as shown and for the words people
type, in English and French, for the Print and for the Studio, on a 390 px phone and a desktop; Enter adds the card
found best. Screenshots: test-artifacts/search-<lang>-<width>.png."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from support.browser import DESKTOP, PHONE, Errors

from marquoir.games.kanagawa.catalogue import catalogue
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES
from marquoir.web import create_app
from marquoir.web.kanagawa.picker import catalogue_card_names
from marquoir.web.kanagawa.search import card_words, ranked_ids

pytestmark = pytest.mark.browser

LOCALES = {"en": "en-GB", "fr": "fr-FR"}
QUERIES = ["1 tree", "autumn 1 tree", "3 trees", "1 arbre", "1 arbre d’été", "spring boar, on forest",
           "sanglier de printemps", "bor", "sanglir", "sprnig boar", "12", "mountain", "forest brush", "tiled roof",
           "on", "dragon", "2 lanternes", "blue kite", "storm plain"]
#: Each query typed in the search box, the cards shown read in their order (the script's own, as a person sees it).
TYPE_ALL = """([queries, half]) => {
  const text = document.querySelector("[data-filter=text]");
  document.querySelector(`input[name=target][value=${half}]`).click();
  return queries.map((q) => {
    text.value = q;
    text.dispatchEvent(new Event("input", { bubbles: true }));
    return Array.from(document.querySelectorAll("#card-list li.pick:not([hidden])"), (li) => Number(li.dataset.id));
  });
}"""


def expected(lang: str, queries: list[str], half: str) -> list[list[int]]:
    app: Flask = create_app({"TESTING": True, "SECRET_KEY": "search"})
    with app.test_request_context("/", headers={"Accept-Language": lang}):
        app.preprocess_request()
        names = catalogue_card_names()
        cards = [card_words(c, names[c.id]) for c in catalogue().cards.values() if c.family in BASE_FAMILIES]
        return [ranked_ids(cards, query, half) for query in queries]


def titles(lang: str) -> list[str]:
    app: Flask = create_app({"TESTING": True, "SECRET_KEY": "search"})
    with app.test_request_context("/", headers={"Accept-Language": lang}):
        app.preprocess_request()
        return list(catalogue_card_names().values())


@pytest.fixture(params=[("en", PHONE), ("fr", PHONE), ("en", DESKTOP), ("fr", DESKTOP)],
                ids=["en-phone", "fr-phone", "en-desktop", "fr-desktop"])
def page(request: pytest.FixtureRequest, browser: Any, live_server: str) -> Iterator[Any]:
    lang, viewport = request.param
    context = browser.new_context(viewport=viewport, locale=LOCALES[lang])
    page = context.new_page()
    page.set_default_timeout(15000)
    page.lang = lang
    page.seen = Errors(page)
    page.goto(live_server + "/")
    page.locator("input[name=game][value=base]").check()
    page.locator("[name=player_count]").select_option("2")
    page.locator("[name='names-0']").fill("Aiko")
    page.locator("[name='names-1']").fill("Ben")
    page.locator("input[name=mode][value=detailed]").check()
    page.locator("input[name=mode][value=detailed]").evaluate("(el) => el.form.requestSubmit()")
    page.wait_for_selector("#card-list")
    page.wait_for_load_state("load")  # the page's script is running (it filters the list as one types)
    try:
        yield page
    finally:
        context.close()


def test_the_script_ranks_as_the_server(page: Any, artifacts: Path) -> None:
    queries = titles(page.lang) + QUERIES
    for half in ("print", "studio"):
        assert page.evaluate(TYPE_ALL, [queries, half]) == expected(page.lang, queries, half), half
    # Every title shows its own card first.
    shown = page.evaluate(TYPE_ALL, [titles(page.lang), "print"])
    names = list(range(1, 73))
    assert [order[0] for order in shown] == names
    search = page.locator("[data-filter=text]")
    search.fill("autumn 1 tree" if page.lang == "en" else "1 arbre d’automne")
    width = page.viewport_size["width"]
    page.screenshot(path=str(artifacts / f"search-{page.lang}-{width}.png"))
    assert page.seen.seen == []


def test_enter_adds_the_card_found_best(page: Any) -> None:
    search = page.locator("[data-filter=text]")
    search.fill("spring boar, on forest" if page.lang == "en" else "sanglier de printemps, sur forêt")
    assert page.locator("#card-list li.pick:not([hidden])").count() == 3  # three spring boars, the one typed first
    search.press("Enter")
    page.wait_for_function("() => document.querySelectorAll('ol.zone-print li.placed').length === 1")
    table = page.locator("#detailed-form input[name=table]").input_value()
    assert '"print": [1]' in table or '"print":[1]' in table
    assert page.seen.seen == []
