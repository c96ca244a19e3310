"""Browser tests of the quick card picker (issue 10, item 5): a 12-card Print entered by search, one word per card
and at most 2 taps, on a 390 px phone and on a desktop. With JavaScript each card added is one small request and the
page is updated in place (never reloaded) with the Print being built in view; the bytes of each step are measured,
compressed, and stay under 20 KB. Without JavaScript the same forms do the same: a word, Filter, Add.

The measured sizes are written to test-artifacts/picker-steps-<width>.json.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
NAMES = ["Alessandrina", "Bartholomews", "Christabelle", "Maximilienne"]
#: The Print: each card and the one word a person types to find it (its subject, as printed).
PLAN = [(1, "boar"), (13, "butterfly"), (7, "crane"), (8, "deer"), (19, "warrior"), (22, "peasant"), (25, "monk"),
        (28, "lady"), (38, "tower"), (40, "tiled"), (46, "temple"), (55, "tree")]
STEP_MOST = 20 * 1024
#: Whether the last step the page's script sent in place is drawn.
STEP_DRAWN = "() => { const f = document.getElementById('detailed-form'); return f.dataset.shown === f.dataset.sent; }"


@pytest.fixture(params=[(PHONE, True), (DESKTOP, True), (PHONE, False), (DESKTOP, False)],
                ids=["phone-js", "desktop-js", "phone-nojs", "desktop-nojs"])
def page(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:
    viewport, script = request.param
    context = browser.new_context(viewport=viewport, java_script_enabled=script, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(15000)
    page.script = script
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    try:
        yield page
    finally:
        context.close()


class Taps:
    """The taps and the words a person spends: a test that counts them."""

    def __init__(self) -> None:
        self.taps = 0
        self.words = 0

    def tap(self, locator: Any) -> None:
        self.taps += 1
        locator.click()

    def type(self, locator: Any, word: str) -> None:
        assert len(word.split()) == 1
        self.words += 1
        locator.fill(word)


def start(page: Any, live_server: str) -> None:
    page.goto(live_server + "/")
    page.get_by_label("Number of players").select_option("4")
    for i, name in enumerate(NAMES):
        page.locator(f"[name='names-{i}']").fill(name)
    page.get_by_label("Card by card", exact=False).check()
    page.get_by_role("button", name="Start entering the game").click()
    page.wait_for_selector("#detailed-form")
    page.wait_for_load_state("load")  # the page's scripts ran (under load the page may be parsed long before)


def strip_in_view(page: Any, count: int) -> None:
    """The Print being built is on screen, with its count."""
    box = page.locator("#strip").bounding_box()
    assert box is not None and box["y"] >= -1 and box["y"] + box["height"] <= page.viewport_size["height"]
    assert f"Print: {count}" in page.locator("#strip-title").inner_text()


def test_a_12_card_print_by_search(page: Any, live_server: str, artifacts: Path) -> None:
    start(page, live_server)
    steps: list[dict[str, int]] = []

    def measure(response: Any) -> None:
        if response.url.endswith("/detailed/live"):
            body = response.body()
            steps.append({"raw": len(body), "gzip": len(gzip.compress(body)),
                          "request": len(response.request.post_data_buffer or b"")})

    page.on("response", measure)
    if page.script:
        page.evaluate("() => { window.samePage = 'yes'; }")
    person = Taps()
    search = page.get_by_label("Find a card", exact=True)
    for k, (card, word) in enumerate(PLAN):
        person.type(search, word)
        if not page.script:
            person.tap(page.get_by_role("button", name="Filter", exact=True))
            page.wait_for_load_state()
        pick = page.locator(f"#card-{card}")
        assert pick.is_visible(), (card, word)
        assert page.locator("li.pick:not([hidden])").count() <= 18, word  # the word narrowed the 72 cards down
        person.tap(pick.locator("button.add"))
        if page.script:
            page.wait_for_function(STEP_DRAWN)
            assert search.input_value() == ""  # ready for the next card's word
        else:
            page.wait_for_load_state()
        strip_in_view(page, k + 1)
    assert person.words == len(PLAN) and person.taps <= 2 * len(PLAN)
    assert page.locator("ol.zone-print li.placed").count() == len(PLAN)
    table = json.loads(page.locator("#detailed-form input[name=table]").input_value())
    assert table["players"][0]["print"] == [card for card, _word in PLAN]
    if page.script:
        assert page.evaluate("() => window.samePage") == "yes"  # never reloaded
        assert len(steps) == len(PLAN)
        assert max(s["gzip"] for s in steps) <= STEP_MOST
        # Removing a card is a step in place too.
        page.locator("button[value='remove:print:0']").click()
        page.wait_for_function(STEP_DRAWN)
        assert page.locator("ol.zone-print li.placed").count() == len(PLAN) - 1
        assert page.evaluate("() => window.samePage") == "yes"
        width = page.viewport_size["width"]
        (artifacts / f"picker-steps-{width}.json").write_text(json.dumps(steps, indent=1))
    else:
        assert steps == []
    page.screenshot(path=str(artifacts / f"picker-{'js' if page.script else 'nojs'}-{page.viewport_size['width']}.png"),
                    full_page=False)
    # The game is scored from what was entered.
    page.get_by_role("button", name="Score the game").first.click()
    page.wait_for_selector("table.results")
    assert page.errors == []


def test_enter_adds_the_only_card_found(browser: Any, live_server: str) -> None:
    """With a script, a word that finds one card and Enter add it: no tap at all."""
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(15000)
    start(page, live_server)
    search = page.get_by_label("Find a card", exact=True)
    search.fill("12")
    search.press("Enter")
    page.wait_for_function(STEP_DRAWN)
    table = json.loads(page.locator("#detailed-form input[name=table]").input_value())
    assert table["players"][0]["print"] == [12]
    context.close()
