"""Browser test of issue 22: four phones (Chromium contexts at 390 px) enter a 4-player Kanagawa sheet game and a
3-player Bonsai game at the same time through their table links — totals landing on every phone by polling, a
shared tile refused with its holder named, two phones on one seat and the conflict they see, a phone offline
whose part is kept and sent when it is back, and the host's one save that the other phones then show."""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect
from support.browser import PHONE, Errors, axe_violations

pytestmark = pytest.mark.browser

TABLE = re.compile(r"/t/[A-Za-z0-9_-]{16,}$")


@pytest.fixture
def phones(browser: Any) -> Iterator[list[Any]]:
    contexts = [browser.new_context(viewport=PHONE) for _ in range(4)]
    try:
        yield contexts
    finally:
        for context in contexts:
            context.close()


def page_of(context: Any) -> Any:
    page = context.new_page()
    page.set_default_timeout(15000)
    return page


def unique(name: str) -> str:
    return f"{name}{secrets.token_hex(2)}"


def open_table(host: Any, server: str, names: list[str], bonsai: bool, mode: int = 0) -> str:
    """The host starts a game on the paper sheet and opens its table link; the link."""
    host.goto(server + "/")
    if bonsai:
        host.get_by_label("Bonsai", exact=True).check()
        for colour in ("Brown", "Green", "Cyan"):
            host.get_by_label(colour, exact=False).check()
    host.get_by_label("Number of players").select_option(str(len(names)))
    for i, name in enumerate(names):
        host.fill(f"#names-{i}", name)
    host.check(f"#mode-{mode}")
    host.click("button:has-text('Start entering the game')")
    host.click("button:has-text('Table link: one phone per player')")
    link = host.locator("#table-link").get_attribute("href")
    assert link and TABLE.search(link), link
    assert host.locator("#table-share svg").count() == 1  # its QR code
    return link


def take_seat(page: Any, link: str, name: str) -> None:
    page.goto(link)
    page.get_by_role("link", name=name).click()
    page.wait_for_selector("#seat-form")


def fill_numbers(page: Any, values: dict[str, int]) -> None:
    for name, value in values.items():
        page.fill(f"#seat-{name}", str(value))


def send(page: Any, done: bool = True) -> None:
    page.click("button[value=done]" if done else "button[value=send]")
    expect(page.locator("#seat-sending")).not_to_be_empty()


def totals(page: Any) -> list[str]:
    return page.locator("#table-players td.total").all_inner_texts()


def test_four_phones_enter_a_kanagawa_and_a_bonsai_game_at_once(phones: list[Any], live_server: str) -> None:
    pages = [page_of(context) for context in phones]
    errors = [Errors(page) for page in pages]
    host = pages[0]
    k_names = [unique(n) for n in ("Aiko", "Ben", "Chloe", "Dai")]
    b_names = [unique(n) for n in ("Ema", "Fumi", "Gus")]
    k_link = open_table(host, live_server, k_names, bonsai=False)
    k_host = host.url
    b_host_page = page_of(phones[0])
    b_link = open_table(b_host_page, live_server, b_names, bonsai=True)

    # Every phone takes its seat at both tables (the host too, in its own tabs).
    k_seats = [page_of(c) for c in phones]
    b_seats = [page_of(c) for c in phones[1:]]
    for i, page in enumerate(k_seats):
        take_seat(page, k_link, k_names[i])
    for i, page in enumerate(b_seats):
        take_seat(page, b_link, b_names[i])
    assert all(page.evaluate("document.scrollingElement.scrollWidth") <= 390 for page in k_seats + b_seats)

    # Phone 3 loses the network, enters its part: kept on the phone, sent when it is back.
    phones[3].set_offline(True)
    fill_numbers(k_seats[3], {"print_cards": 6, "season_chain": 2, "harmony": 1})
    send(k_seats[3])
    assert "No network" in k_seats[3].inner_text("#seat-sending")

    # The others enter theirs, both games interleaved.
    fill_numbers(k_seats[0], {"print_cards": 10, "season_chain": 4, "harmony": 3})
    k_seats[0].check("input[name=diplomas][value=trees-3]")
    k_seats[0].check("input[name=grand_master]")
    send(k_seats[0])
    fill_numbers(b_seats[0], {"leaves": 4, "flowers": 6, "fruits": 2, "parchments": 0})
    first_goal = b_seats[0].locator("input[name=goals]").first.get_attribute("value")
    b_seats[0].check(f"input[name=goals][value={first_goal}]")
    send(b_seats[0])
    fill_numbers(k_seats[1], {"print_cards": 8, "season_chain": 3, "harmony": 2})
    send(k_seats[1])
    fill_numbers(b_seats[1], {"leaves": 3, "flowers": 3, "fruits": 1, "parchments": 4})
    send(b_seats[1])

    # The shared tile: phone 2 sees live that Aiko holds the Diploma, and is refused it, naming her.
    holder = k_seats[2].locator("[data-field=diplomas] .holder[data-tile=trees-3]")
    holder.filter(has_text=k_names[0]).wait_for()
    fill_numbers(k_seats[2], {"print_cards": 7, "season_chain": 2, "harmony": 0})
    k_seats[2].check("input[name=diplomas][value=trees-3]")
    k_seats[2].click("button[value=done]")
    k_seats[2].wait_for_selector("p.error")
    assert f"{k_names[0]} holds it already" in k_seats[2].inner_text("p.error")
    k_seats[2].uncheck("input[name=diplomas][value=trees-3]")
    send(k_seats[2])

    # Two phones on one seat: phone 2 opened Fumi's seat too, before phone 1 sent it; it sees both and keeps its own.
    twin = page_of(phones[2])
    twin.goto(b_link + "/1")
    twin.wait_for_selector("#seat-form")
    fill_numbers(b_seats[1], {"leaves": 5})
    send(b_seats[1])
    fill_numbers(twin, {"leaves": 3, "flowers": 3, "fruits": 1, "parchments": 9})
    twin.click("button[value=done]")
    twin.wait_for_selector("#seat-conflict")
    assert "9" in twin.inner_text("#seat-conflict") and "5" in twin.inner_text("#seat-conflict")
    twin.click("button[value=done]")  # its own, over the other
    expect(twin.locator("#seat-sending")).to_have_text("Sent.")
    fill_numbers(b_seats[2], {"leaves": 2, "flowers": 0, "fruits": 0, "parchments": 0})
    send(b_seats[2])

    # Phone 3 is back: its kept part is sent; every total lands on the host's view within the polls.
    phones[3].set_offline(False)
    host.goto(k_host)
    host.locator("#table-all-done").wait_for(state="visible", timeout=20000)
    assert all(t != "0" for t in totals(host))
    # The same lands on another phone by its next poll (every 2 s).
    expect(k_seats[1].locator("#table-players td.total")).to_have_text(totals(host), timeout=5000)
    b_host_page.locator("#table-all-done").wait_for(state="visible", timeout=20000)

    # The host reviews and saves once; the other phones then show the saved game.
    host.click("button:has-text('Review and save')")
    host.get_by_role("button", name="Save this game").click()
    host.wait_for_url(re.compile(r"/e/"))
    for page in k_seats[1:]:
        page.locator("h1", has_text="The game is saved").wait_for(timeout=20000)
        assert page.locator("#table-saved-link").get_attribute("href")
    for seen in errors:
        assert seen.seen == [], seen.seen


def test_without_javascript_a_seat_is_sent_and_the_totals_come_by_reloading(browser: Any, live_server: str) -> None:
    host = page_of(browser.new_context(viewport=PHONE))
    names = [unique("Iris"), unique("Jun")]
    link = open_table(host, live_server, names, bonsai=False)
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    try:
        phone = page_of(context)
        take_seat(phone, link, names[1])
        fill_numbers(phone, {"print_cards": 9, "season_chain": 3, "harmony": 4})
        phone.click("button[value=done]")
        phone.wait_for_selector("#seat-form")  # the seat's page again (303), its part as sent
        assert phone.locator("#seat-print_cards").input_value() == "9"
        assert phone.locator("#table-players tr").nth(1).get_attribute("data-state") == "done"
        host.reload()
        assert host.locator("#table-players tr").nth(1).locator(".total").inner_text() != "0"
    finally:
        context.close()
        host.context.close()


def test_shared_parts_and_each_players_issues_at_the_table(phones: list[Any], live_server: str) -> None:
    """The seat reads its player's legality issues beside the figures (in words, refreshed by the poll), every
    phone reads who holds the Storm tokens, and a Bonsai first player set from one phone turns the table: each
    other phone follows its own player to their new seat."""
    pages = [page_of(context) for context in phones[:3]]
    errors = [Errors(page) for page in pages]
    host, aiko_phone, ben_phone = pages
    names = [unique("Aiko"), unique("Ben")]
    k_link = open_table(host, live_server, names, bonsai=False)
    take_seat(aiko_phone, k_link, names[0])
    take_seat(ben_phone, k_link, names[1])
    fill_numbers(aiko_phone, {"print_cards": 3, "season_chain": 5, "harmony": 1})
    aiko_phone.check("input[name=diplomas][value=trees-3]")
    aiko_phone.check("input[name=diplomas][value=trees-4]")
    send(aiko_phone, done=False)
    expect(aiko_phone.locator("[data-issue-for=season_chain] .issue")).to_contain_text(
        "a chain of 5 is longer than the Print (3 cards)", timeout=6000)
    expect(aiko_phone.locator("[data-issue-for=diplomas] .issue").first).to_contain_text("one Diploma per family")
    assert "DIPLOMA" not in aiko_phone.inner_text("body") and "SHEET" not in aiko_phone.inner_text("body")
    expect(ben_phone.locator("#table-facts dd")).to_have_text(
        re.compile(rf"^{names[0]}: .+; 2 left in the box$"), timeout=6000)
    assert aiko_phone.evaluate("document.scrollingElement.scrollWidth") <= 390
    aiko_phone.screenshot(path="/tmp/issue22-seat-390.png", full_page=True)
    assert axe_violations(aiko_phone) == []

    b_names = [unique("Ema"), unique("Fumi"), unique("Gus")]
    b_link = open_table(host, live_server, b_names, bonsai=True)
    take_seat(aiko_phone, b_link, b_names[0])
    take_seat(ben_phone, b_link, b_names[1])
    fill_numbers(ben_phone, {"leaves": 5, "flowers": 0, "fruits": 0, "parchments": 0})
    send(ben_phone, done=False)
    aiko_phone.select_option("#shared-first_player", b_names[2])
    aiko_phone.click("[data-shared=first_player] button")
    aiko_phone.wait_for_url(re.compile(r"/1$"))  # Ema is second now: her phone went with her
    expect(aiko_phone.locator("h1")).to_have_text(f"Your part: {b_names[0]}")
    ben_phone.wait_for_url(re.compile(r"/2$"), timeout=8000)  # Fumi's phone follows her by its next poll
    expect(ben_phone.locator("h1")).to_have_text(f"Your part: {b_names[1]}")
    assert ben_phone.locator("#seat-leaves").input_value() == "5"
    expect(ben_phone.locator("#shared-first_player")).to_have_value(b_names[2])
    expect(ben_phone.locator("#table-players th")).to_have_text([b_names[2], b_names[0], b_names[1]])
    assert axe_violations(ben_phone) == []
    for seen in errors:
        assert seen.seen == [], seen.seen


def test_a_bonsai_seat_taps_its_own_pot(phones: list[Any], live_server: str) -> None:
    """A game entered tile by tile: a phone taps its own player's pot (each tap a step written through its seat),
    the leaf lands on its pot, and the total on the host's view."""
    host, phone = page_of(phones[0]), page_of(phones[1])
    seen = [Errors(host), Errors(phone)]
    names = [unique("Ema"), unique("Fumi")]
    link = open_table(host, live_server, names, bonsai=True, mode=1)
    take_seat(phone, link, names[1])
    phone.click("svg.pot-grid g[data-at='0,1'] button.cell-button")
    phone.locator("svg.pot-grid g[data-at='0,1'].kind-wood").wait_for()
    phone.click("svg.pot-grid g[data-at='0,1'] button.cell-button")
    phone.locator("svg.pot-grid g[data-at='0,1'].kind-leaf").wait_for()
    assert phone.evaluate("document.scrollingElement.scrollWidth") <= 390
    phone.screenshot(path="/tmp/issue22-pot-390.png", full_page=True)
    assert axe_violations(phone) == []
    expect(host.locator("#table-players tr").nth(1).locator(".total")).not_to_have_text("0", timeout=6000)
    expect(host.locator("#table-players tr").nth(1).locator(".state")).to_have_text("Entering")
    for errors in seen:
        assert errors.seen == [], errors.seen


def test_a_kanagawa_seat_adds_its_own_cards(phones: list[Any], live_server: str) -> None:
    """A game entered card by card: a phone adds a card to its own player's Print (a step of the card page,
    written through its seat), the card lands in its Print, and the total changes on the host's view."""
    host, phone = page_of(phones[0]), page_of(phones[1])
    seen = [Errors(host), Errors(phone)]
    names = [unique("Aiko"), unique("Ben")]
    link = open_table(host, live_server, names, bonsai=False, mode=1)
    before = host.locator("#table-players tr").nth(1).locator(".total").inner_text()
    take_seat(phone, link, names[1])
    assert phone.locator("#tiles-form .zone-print li").count() == 0
    # The card page's own search (kanagawa.js) filters the seat's picker as the player types.
    every = phone.locator("#tiles-form li.pick").count()
    phone.fill("#tiles-form [data-filter=text]", "summer boar")
    expect(phone.locator("#match-count")).not_to_be_empty()
    assert 0 < phone.locator("#tiles-form li.pick:not([hidden])").count() < every
    phone.locator("#tiles-form li.pick:not([hidden]) button.add").first.click()
    phone.locator("#tiles-form .zone-print li").first.wait_for()
    assert phone.locator("#tiles-form .zone-print li").count() == 1
    expect(phone.locator("#tiles-form .zone-print li .card-no").first).to_contain_text("summer boar")
    assert phone.evaluate("document.scrollingElement.scrollWidth") <= 390
    phone.screenshot(path="/tmp/issue22-cards-390.png", full_page=True)
    assert axe_violations(phone) == []
    expect(host.locator("#table-players tr").nth(1).locator(".total")).not_to_have_text(before, timeout=6000)
    expect(host.locator("#table-players tr").nth(1).locator(".state")).to_have_text("Entering")
    for errors in seen:
        assert errors.seen == [], errors.seen


def test_a_bonsai_seats_taps_without_network_are_kept_and_sent_when_back(phones: list[Any], live_server: str) -> None:
    """Point 5 for the pot: two taps made while the phone is offline are kept on it, in order, and sent when the
    network is back, each at the version the one before left; the leaf lands on its pot and the host's view."""
    host, phone = page_of(phones[0]), page_of(phones[1])
    names = [unique("Ema"), unique("Fumi")]
    link = open_table(host, live_server, names, bonsai=True, mode=1)
    take_seat(phone, link, names[1])
    phones[1].set_offline(True)
    cell = "svg.pot-grid g[data-at='0,1'] button.cell-button"
    phone.click(cell)
    expect(phone.locator("#steps-kept")).to_contain_text("No network")
    phone.click(cell)
    kept = phone.evaluate("JSON.parse(localStorage.getItem('marquoir.table.steps.' + location.pathname))")
    assert [dict(step)["action"] for step in kept] == ["cycle:0:1", "cycle:0:1"]
    assert phone.locator("svg.pot-grid g[data-at='0,1'].kind-wood").count() == 0  # nothing sent yet
    expect(host.locator("#table-players tr").nth(1).locator(".state")).to_have_text("Not started")
    phones[1].set_offline(False)
    phone.locator("svg.pot-grid g[data-at='0,1'].kind-leaf").wait_for(timeout=8000)  # wood, then leaf: two taps
    assert phone.evaluate("localStorage.getItem('marquoir.table.steps.' + location.pathname)") is None
    expect(host.locator("#table-players tr").nth(1).locator(".total")).not_to_have_text("0", timeout=6000)
    assert axe_violations(phone) == []
    # At 390 px the totals stay a table of three columns filling each row, every name whole.
    fit = phone.evaluate("""() => [...document.querySelectorAll('.table-totals tr')].map(row => {
        const cells = [...row.children].reduce((sum, cell) => sum + cell.getBoundingClientRect().width, 0);
        return [row.children.length, Math.round(row.getBoundingClientRect().width - cells),
                [...row.children].every(cell => cell.scrollWidth <= cell.clientWidth + 1)];
    })""")
    assert fit and all(cells == 3 and abs(gap) <= 2 and whole for cells, gap, whole in fit), fit


def test_taps_kept_offline_that_meet_another_phones_change_are_set_aside_not_dropped(
    phones: list[Any], live_server: str
) -> None:
    """Nothing typed is dropped in silence: while one phone is offline, another phone on the same seat taps the pot;
    back online, the first kept tap meets a newer part (the conflict page says so) and the taps after it are set
    aside, offered to be sent over the part as it is now, or forgotten."""
    host, phone, other = page_of(phones[0]), page_of(phones[1]), page_of(phones[2])
    names = [unique("Ema"), unique("Fumi")]
    link = open_table(host, live_server, names, bonsai=True, mode=1)
    take_seat(phone, link, names[1])
    take_seat(other, link, names[1])
    phones[1].set_offline(True)
    phone.click("svg.pot-grid g[data-at='0,1'] button.cell-button")
    phone.click("svg.pot-grid g[data-at='1,1'] button.cell-button")
    expect(phone.locator("#steps-kept")).to_contain_text("No network")
    other.click("svg.pot-grid g[data-at='0,1'] button.cell-button")  # the other phone's tap lands first
    other.locator("svg.pot-grid g[data-at='0,1'].kind-wood").wait_for()
    phones[1].set_offline(False)
    phone.locator("#seat-conflict").wait_for(timeout=8000)
    held = phone.locator("#steps-held")
    expect(held).to_be_visible()
    expect(held).to_contain_text("were not sent")
    assert axe_violations(phone) == []
    phone.click("#steps-held-send")
    phone.locator("svg.pot-grid g[data-at='1,1'].kind-wood").wait_for(timeout=8000)  # the set-aside tap, sent
    assert phone.evaluate("localStorage.getItem('marquoir.table.steps.' + location.pathname + '.held')") is None
    assert phone.locator("svg.pot-grid g[data-at='0,1'].kind-wood").count() == 1  # the other phone's, kept
