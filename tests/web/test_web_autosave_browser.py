"""Nothing typed is lost (issue 18, items 1 and 10), in a browser at 390 px and on a desktop: figures typed on the
paper sheet and not sent, the Diploma ticks and brushes set after the last card added, Bonsai's counters, are kept
as typed: a reload shows them, a second browser opening the draft's link shows them; with the network gone the
page says so and keeps them in the browser, and sends them when the network is back."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.browser import DESKTOP, PHONE, Errors, new_game

pytestmark = pytest.mark.browser

#: The last copy the page's script sent has its answer.
KEPT = ("() => { const p = document.querySelector('p.autosave-status'), f = p.closest('form');"
        " return !!f.dataset.autosaveSent && f.dataset.autosaveDone === f.dataset.autosaveSent"
        " && p.dataset.state === 'saved'; }")
STATE = "() => document.querySelector('p.autosave-status').dataset.state || ''"


@pytest.fixture(params=[PHONE, DESKTOP], ids=["phone", "desktop"])
def viewport(request: pytest.FixtureRequest) -> dict[str, int]:
    return dict(request.param)


@pytest.fixture
def context(browser: Any, viewport: dict[str, int]) -> Iterator[Any]:
    context = browser.new_context(viewport=viewport, locale="en-GB")
    try:
        yield context
    finally:
        context.close()



def test_the_sheet_s_figures_survive_a_reload_another_browser_and_the_network_gone(
    browser: Any, context: Any, live_server: str, viewport: dict[str, int], artifacts: Path
) -> None:
    page = context.new_page()
    page.set_default_timeout(15000)
    seen = Errors(page)
    new_game(page, live_server, "base", "sheet")
    page.fill("#players-0-print_cards", "10")
    page.fill("#players-1-harmony", "-2")
    page.check("#players-0-d_trees_4")
    page.wait_for_function(KEPT)
    assert page.evaluate(STATE) == "saved"
    assert "Kept as typed" in page.locator("p.autosave-status").inner_text()
    link = page.url
    page.reload()
    assert page.input_value("#players-0-print_cards") == "10" and page.input_value("#players-1-harmony") == "-2"
    assert page.is_checked("#players-0-d_trees_4")
    # A second browser (another phone) opening the draft's link.
    other = browser.new_context(viewport=viewport, locale="en-GB")
    second = other.new_page()
    second.goto(link)
    assert second.input_value("#players-0-print_cards") == "10" and second.is_checked("#players-0-d_trees_4")
    other.close()
    # The network gone: said on the page, kept in the browser, sent when it is back.
    context.set_offline(True)
    page.fill("#players-1-print_cards", "8")
    page.wait_for_function(f"() => ({STATE})() === 'offline'")
    assert "No network" in page.locator("p.autosave-status").inner_text()
    page.wait_for_function("() => Object.keys(localStorage).filter((k) => k.startsWith('marquoir-draft-'))"
                           ".map((k) => localStorage.getItem(k)).some((v) => v.includes('players-1-print_cards'))")
    page.screenshot(path=str(artifacts / f"autosave-offline-{viewport['width']}.png"))
    context.set_offline(False)
    page.wait_for_function(f"() => ({STATE})() === 'back'")
    assert page.evaluate("() => Object.keys(localStorage).filter((k) => k.startsWith('marquoir-draft-')).length") == 0
    page.reload()
    assert page.input_value("#players-1-print_cards") == "8"
    # Offline, the totals the page asks the server for could not load: the only errors allowed.
    assert [e for e in seen.seen if "ERR_INTERNET_DISCONNECTED" not in e] == []


def test_ticks_and_brushes_after_the_last_card_and_bonsai_s_counters_are_kept(
    context: Any, live_server: str
) -> None:
    page = context.new_page()
    page.set_default_timeout(15000)
    new_game(page, live_server, "base", "detailed")
    page.locator("[data-filter=text]").fill("spring boar, on forest")
    page.locator("[data-filter=text]").press("Enter")
    page.wait_for_function("() => document.querySelectorAll('ol.zone-print li.placed').length === 1")
    box = page.locator("#diplomas-held input[type=checkbox]").first
    box.check()
    page.fill("#brushes", "2")
    page.wait_for_function(KEPT)
    page.reload()
    assert page.locator("ol.zone-print li.placed").count() == 1
    assert page.locator("#diplomas-held input[type=checkbox]").first.is_checked()
    assert page.input_value("#brushes") == "2"
    # Bonsai's tile by tile: a counter typed.
    new_game(page, live_server, "bonsai", "detailed")
    page.fill("#tool", "2")
    page.wait_for_function(KEPT)
    page.reload()
    assert page.input_value("#tool") == "2"
    # Bonsai's score pad.
    new_game(page, live_server, "bonsai", "sheet")
    page.fill("#players-0-leaves", "7")
    page.wait_for_function(KEPT)
    page.reload()
    assert page.input_value("#players-0-leaves") == "7"
