"""Browser test of Bonsai's "How could this have been built?" (Debian's Chromium driven by Playwright): a table an
engine game ended with, opened from the home page, scored, and sent to the deep check's page from its results; the
page says the verdict in words and shows one game turn by turn, each turn a sentence and the bonsai drawn after the
turns that grew it; in English and French, on a 390 px phone and a desktop; axe-core finds no violation and nothing
overflows sideways. Screenshots go to test-artifacts/ (git-ignored)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.browser import DESKTOP, PHONE, Errors, axe_violations

from marquoir.games.bonsai.document import table_to_document
from marquoir.games.bonsai.engine.simulate import simulate_game

pytestmark = pytest.mark.browser

LOCALES = {"en": "en-GB", "fr": "fr-FR"}
#: The page's words in each language: the button, the verdict, a Meditate's and a Cultivate's sentence, a heading.
WORDS = {
    "en": ("How could this have been built?", "could have been built", "meditates: takes the", "cultivates: ",
           "Turn 1"),
    "fr": ("Comment cette table a-t-elle pu être construite\u00a0?", "a pu être construite", "médite\u00a0: prend la",
           "cultive\u00a0: ", "Tour 1"),
}


@pytest.fixture(params=[("en", PHONE), ("fr", PHONE), ("en", DESKTOP), ("fr", DESKTOP)],
                ids=["en-phone", "fr-phone", "en-desktop", "fr-desktop"])
def page(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:
    lang, viewport = request.param
    context = browser.new_context(viewport=viewport, locale=LOCALES[lang],
                                  extra_http_headers={"Accept-Language": LOCALES[lang]})
    page = context.new_page()
    page.set_default_timeout(20000)
    page.seen = Errors(page)
    page.lang = lang
    try:
        yield page
    finally:
        context.close()


def test_the_witness_in_words_with_the_tree_turn_by_turn(page: Any, live_server: str, artifacts: Path) -> None:
    lang = page.lang
    button, verdict, meditates, cultivates, first = WORDS[lang]
    doc = table_to_document(simulate_game(["random", "greedy"], 4).table)
    page.goto(live_server + "/")
    page.locator("#import textarea").fill(json.dumps(doc))
    with page.expect_navigation():
        page.locator("#import button[type=submit]").click()
    with page.expect_navigation():
        page.get_by_role("button", name=button).click()
    page.wait_for_load_state("load")
    assert page.locator("h1").inner_text() == button
    assert verdict in page.locator("#reach-verdict").inner_text()
    turns = page.locator(".bonsai-witness ol > li")
    count = turns.count()
    assert count >= 20
    assert turns.first.locator("strong").inner_text().startswith(first)
    texts = turns.all_inner_texts()
    assert any(meditates in t for t in texts) and any(cultivates in t for t in texts)
    if lang == "fr":
        assert not any("meditates" in t or "cultivates" in t for t in texts)
    # The tree drawn after each turn that grew it, smaller than the results' pots, and named for a screen reader.
    trees = page.locator(".bonsai-witness svg.pot-grid")
    assert trees.count() >= 10
    assert trees.count() == sum(1 for i in range(count) if turns.nth(i).locator("svg.pot-grid").count())
    assert page.locator(".bonsai-witness svg.pot-grid[role=img][aria-label]").count() == trees.count()
    width = int(page.viewport_size["width"])
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    assert axe_violations(page) == []
    assert page.seen.seen == []
    page.screenshot(path=str(artifacts / f"bonsai-reach-{lang}-{width}.png"), full_page=True)
