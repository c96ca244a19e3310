"""Nothing typed is lost (issue 18, items 1 and 10), in a browser at 390 px and on a desktop: figures typed on the
paper sheet and not sent, the Diploma ticks and brushes set after the last card added, Bonsai's counters, are kept
as typed: a reload shows them, a second browser opening the draft's link shows them; with the network gone the
page says so and keeps them in the browser, and sends them when the network is back."""

from __future__ import annotations

import json
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


#: A phone whose clock is wrong: Date in the page moved by the given milliseconds (Playwright's init script runs
#: before the page's own).
SKEWED_CLOCK = """(() => {
  const skew = %d, Real = Date;
  class Skewed extends Real {
    constructor(...args) { if (args.length) super(...args); else super(Real.now() + skew); }
    static now() { return Real.now() + skew; }
  }
  window.Date = Skewed;
})();"""
#: The page's last copy has its answer (saved, or put together with another screen's and saved).
SETTLED = ("() => { const p = document.querySelector('p.autosave-status'), f = p.closest('form');"
           " return !!f.dataset.autosaveSent && f.dataset.autosaveDone === f.dataset.autosaveSent"
           " && ['saved', 'newer', 'back'].includes(p.dataset.state); }")
#: How many copies the page sent.
SENT = "() => parseInt(document.querySelector('p.autosave-status').closest('form').dataset.autosaveSent || '0', 10)"


def test_two_phones_with_wrong_clocks_lose_no_write(browser: Any, live_server: str, viewport: dict[str, int]) -> None:
    """Two phones on one draft, one's clock an hour ahead, the other's an hour behind (issue 18, item 1): each
    writes over the version it read, never its clock; when the other wrote since, the page puts both together and
    says so; the second one offline meanwhile sends its copy when back, put together too. Every figure typed on
    either ends in the draft, and neither phone's newer entry is overwritten by an older one."""
    ahead = browser.new_context(viewport=viewport, locale="en-GB")
    behind = browser.new_context(viewport=viewport, locale="en-GB")
    ahead.add_init_script(SKEWED_CLOCK % 3_600_000)
    behind.add_init_script(SKEWED_CLOCK % -3_600_000)
    try:
        a = ahead.new_page()
        b = behind.new_page()
        for page in (a, b):
            page.set_default_timeout(15000)
        assert a.evaluate("() => Date.now()") - b.evaluate("() => Date.now()") > 7_000_000
        new_game(a, live_server, "base", "sheet")
        b.goto(a.url)
        a.fill("#players-0-print_cards", "10")
        a.wait_for_function(SETTLED)
        # The phone behind, on the page as it first read it, types another figure: put together, nothing lost.
        b.fill("#players-1-print_cards", "8")
        b.wait_for_function(f"() => ({SETTLED})() && ({STATE})() === 'newer'")
        assert b.input_value("#players-0-print_cards") == "10"  # the other's figure, shown
        assert "changed on another screen" in b.locator("p.autosave-status").inner_text()
        # The phone ahead types again over the version it read: the other's figure comes in, its own stays.
        a.fill("#players-0-harmony", "3")
        a.wait_for_function(f"() => ({SETTLED})() && ({STATE})() === 'newer'")
        assert a.input_value("#players-1-print_cards") == "8" and a.input_value("#players-0-harmony") == "3"
        # Both change one figure: each page keeps what it typed; the last written wins the draft, said on it.
        sent = b.evaluate(SENT)
        b.fill("#players-0-harmony", "4")
        b.wait_for_function(f"() => ({SENT})() > {sent} && ({SETTLED})()")
        # Offline, the phone behind types; the phone ahead writes meanwhile; back, both are put together.
        behind.set_offline(True)
        b.fill("#players-1-season_chain", "5")
        b.wait_for_function(f"() => ({STATE})() === 'offline'")
        sent = a.evaluate(SENT)
        a.fill("#players-0-season_chain", "4")
        a.wait_for_function(f"() => ({SENT})() > {sent} && ({SETTLED})()")
        behind.set_offline(False)
        b.wait_for_function(f"() => ({SETTLED})() && ({STATE})() === 'newer'")
        assert b.input_value("#players-0-season_chain") == "4" and b.input_value("#players-1-season_chain") == "5"
        # A third look at the draft's link: every figure typed on either phone.
        third = browser.new_context(viewport=viewport, locale="en-GB")
        c = third.new_page()
        c.goto(a.url)
        figures = {f: c.input_value(f"#{f}") for f in ("players-0-print_cards", "players-1-print_cards",
                                                      "players-0-season_chain", "players-1-season_chain")}
        assert figures == {"players-0-print_cards": "10", "players-1-print_cards": "8",
                           "players-0-season_chain": "4", "players-1-season_chain": "5"}
        # Harmony changed on both: the phone behind's (written last, over the version it had read) is kept.
        assert c.input_value("#players-0-harmony") == "4"
        third.close()
    finally:
        ahead.close()
        behind.close()


def test_a_tile_tapped_on_one_phone_and_a_counter_on_another_are_both_kept(
    browser: Any, live_server: str, viewport: dict[str, int]
) -> None:
    """Steps done in place go over the version their page read too: a phone (its clock an hour behind) that still
    shows the bonsai as it was before another phone's tap changes a counter; its step is refused, the page puts
    the other's tile and its own counter together, writes them and draws the bonsai again."""
    first = browser.new_context(viewport=viewport, locale="en-GB")
    second = browser.new_context(viewport=viewport, locale="en-GB")
    second.add_init_script(SKEWED_CLOCK % -3_600_000)
    try:
        a = first.new_page()
        b = second.new_page()
        for page in (a, b):
            page.set_default_timeout(15000)
        new_game(a, live_server, "bonsai", "detailed")
        b.goto(a.url)
        a.locator("button.cell-button[value='cycle:0:1']").click()
        a.wait_for_function("() => { const f = document.getElementById('tiles-form');"
                            " return f.dataset.shown === f.dataset.sent; }")
        a.wait_for_timeout(300)  # the step's answer has put its version in the page
        with b.expect_navigation():  # put together with the other's tile: the page is drawn again
            b.fill("#tool", "2")
        b.wait_for_load_state("load")
        assert b.input_value("#tool") == "2"
        table = json.loads(b.locator("#tiles-form input[name=table]").input_value())
        assert [t["at"] for t in table["players"][0]["tiles"]] == [[0, 1]]
        b.wait_for_function(f"() => ({STATE})() === 'newer'")
        third = browser.new_context(viewport=viewport, locale="en-GB")
        c = third.new_page()
        c.goto(a.url)
        table = json.loads(c.locator("#tiles-form input[name=table]").input_value())
        assert [t["at"] for t in table["players"][0]["tiles"]] == [[0, 1]] and c.input_value("#tool") == "2"
        third.close()
    finally:
        first.close()
        second.close()


def test_a_form_sent_on_purpose_carries_what_another_phone_wrote_since(
    browser: Any, live_server: str, viewport: dict[str, int]
) -> None:
    """A form sent on purpose is written whatever the draft holds: just before it goes, the page puts its copy
    together with one another phone (its clock an hour behind) wrote since, so the score carries both."""
    first = browser.new_context(viewport=viewport, locale="en-GB")
    second = browser.new_context(viewport=viewport, locale="en-GB")
    second.add_init_script(SKEWED_CLOCK % -3_600_000)
    try:
        a = first.new_page()
        b = second.new_page()
        for page in (a, b):
            page.set_default_timeout(15000)
        new_game(a, live_server, "base", "sheet")
        link = a.url
        b.goto(link)
        for field, value in (("players-0-print_cards", "10"), ("players-0-season_chain", "4"),
                             ("players-0-harmony", "2")):
            a.fill(f"#{field}", value)
        a.wait_for_function(SETTLED)
        for field, value in (("players-1-print_cards", "9"), ("players-1-season_chain", "3"),
                             ("players-1-harmony", "1")):
            b.fill(f"#{field}", value)
        b.wait_for_function(f"() => ({SETTLED})() && ({STATE})() === 'newer'")
        # Phone A never heard of B's figures: it scores the game at once.
        with a.expect_navigation():
            a.locator("#sheet-form button[value=score]").click()
        a.wait_for_load_state("load")
        assert "/results" in a.url
        third = browser.new_context(viewport=viewport, locale="en-GB")
        c = third.new_page()
        c.goto(link)
        assert c.input_value("#players-0-print_cards") == "10" and c.input_value("#players-1-print_cards") == "9"
        assert c.input_value("#players-1-harmony") == "1"
        third.close()
    finally:
        first.close()
        second.close()
