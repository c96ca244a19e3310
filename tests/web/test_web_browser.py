"""Browser tests: Debian's Chromium driven by Playwright enters 3-player games the way a person would.

Screenshots at phone width (390 px) and desktop width go to test-artifacts/ (git-ignored).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.samples import sample_text

from marquoir import load_table, score

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


class Watch:
    """Console errors and dialogs of a page: a CSP violation or an alert() fails the test."""

    def __init__(self, page: Any) -> None:
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        page.on("console", lambda msg: self.errors.append(msg.text) if msg.type == "error" else None)
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        page.on("dialog", lambda dialog: (self.dialogs.append(dialog.message), dialog.dismiss()))

    def assert_clean(self) -> None:
        assert self.errors == []
        assert self.dialogs == []


@pytest.fixture(params=[PHONE, DESKTOP], ids=["phone", "desktop"])
def page(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=request.param)
    page = context.new_page()
    page.set_default_timeout(15000)
    page.watch = Watch(page)
    try:
        yield page
    finally:
        context.close()


def width_of(page: Any) -> int:
    return int(page.viewport_size["width"])


def fits(page: Any) -> None:
    """Nothing overflows sideways."""
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width_of(page)


UNLABELLED = """() => Array.from(document.querySelectorAll('input, select, textarea, button'))
  .filter(el => el.type !== 'hidden' && !el.closest('[aria-hidden=true]'))
  .filter(el => !(el.labels && el.labels.length) && !el.getAttribute('aria-label')
                && !el.getAttribute('aria-labelledby') && !(el.tagName === 'BUTTON' && el.textContent.trim()))
  .map(el => el.outerHTML)"""


def labelled(page: Any) -> None:
    """Every input, select, textarea and button has a label (or a name a screen reader reads)."""
    assert page.evaluate(UNLABELLED) == []


def shot(page: Any, artifacts: Path, name: str) -> None:
    fits(page)
    labelled(page)
    page.evaluate("window.scrollTo(0, 0)")  # sticky parts are drawn where the page was scrolled
    page.screenshot(path=str(artifacts / f"{name}-{width_of(page)}.png"), full_page=True)


def results_totals(page: Any) -> list[int]:
    return [int(t) for t in page.locator("tfoot tr.total td").all_inner_texts()]


def new_game(page: Any, live_server: str, names: list[str], mode: str) -> None:
    page.goto(live_server + "/")
    page.get_by_label("Number of players").select_option(str(len(names)))
    for i, name in enumerate(names):
        page.get_by_label(f"Player {i + 1}", exact=False).first.fill(name)
    page.get_by_label("Card by card" if mode == "detailed" else "Like the paper sheet").check()
    page.get_by_role("button", name="Start entering the game").click()


def test_sheet_game(page: Any, live_server: str, artifacts: Path) -> None:
    names = ["Aiko", "Ben", "<script>alert(1)</script>"]
    new_game(page, live_server, names, "sheet")
    page.wait_for_selector("#sheet-form")
    figures = {"print_cards": [10, 9, 11], "season_chain": [4, 5, 3], "harmony": [3, -1, 0]}
    for field, values in figures.items():
        for i, value in enumerate(values):
            page.fill(f"#players-{i}-{field}", str(value))
    page.check("#players-0-d_trees_4")
    page.check("#players-1-d_buildings_3")
    page.check("#players-2-d_animals_boar_deer")
    page.check("#players-1-d_trees_4")  # the script unticks the tile for Aiko: one holder per tile
    assert not page.is_checked("#players-0-d_trees_4")
    page.check("#players-0-d_trees_4")
    page.check("#grand_master-2")
    expected_doc = {
        "game": "kanagawa",
        "players": [
            {"name": names[i], "sheet": {**{k: v[i] for k, v in figures.items()}, "diplomas": held,
                                         "grand_master": i == 2, "yokai": 0}}
            for i, held in enumerate([["trees-4"], ["buildings-3"], ["animals-boar-deer"]])
        ],
    }
    expected = [p.total for p in score(load_table(expected_doc)).players]
    for i, points in enumerate([4, 4, 3]):  # the ticked tiles' points fill in
        page.wait_for_function(
            "([i, t]) => document.getElementById('diploma-points-' + i).textContent === String(t)", arg=[i, points]
        )
    for i, total in enumerate(expected):  # totals update as you type (computed by the server's API)
        page.wait_for_function(
            "([i, t]) => document.getElementById('total-' + i).textContent === String(t)", arg=[i, total]
        )
    assert page.locator("thead th.player").all_inner_texts() == names
    shot(page, artifacts, "sheet-entry")
    page.get_by_role("button", name="Score the game").click()
    page.wait_for_selector("table.results")
    assert results_totals(page) == expected
    assert page.locator("thead th.player.winner").count() == 1
    assert "Winner:" in page.locator("#winners").inner_text()
    # Each figure is explained on demand.
    cell = page.locator("#row-diplomas td").nth(2)
    assert not cell.locator(".why").is_visible()
    cell.locator("summary").click()
    why = cell.locator(".why").inner_text()
    assert "Animals Diploma (boar and deer), 3 points" in why and "animals-boar-deer" not in why
    shot(page, artifacts, "sheet-results")
    # Correct an entry: back to the sheet with everything kept.
    page.get_by_role("button", name="Correct an entry").click()
    page.wait_for_selector("#sheet-form")
    assert page.input_value("#players-1-harmony") == "-1"
    assert page.is_checked("#players-2-d_animals_boar_deer")
    page.watch.assert_clean()


#: Whether the last step the page's script sent in place (a card added, moved or removed) is drawn.
STEP_DRAWN = "() => { const f = document.getElementById('detailed-form'); return f.dataset.shown === f.dataset.sent; }"


#: The cards these tests add, by the name the picker gives them (what is printed on them: the Print half, and where
#: several cards read the same, where it is painted); its Add button says it.
CARD_NAMES = {
    2: "spring boar, on water",
    3: "spring boar, on plain",
    5: "autumn card",
    7: "winter crane, on forest",
    10: "autumn deer, on water",
    12: "autumn deer, on mountain",
    13: "summer butterfly, on forest",
    14: "winter crane, on water",
    17: "summer butterfly, on plain",
    19: "summer warrior, on forest",
}


def add_button(page: Any, card: int) -> Any:
    """The Add button of a card of the picker, by the words a screen reader says: the card's own, no number."""
    button = page.get_by_role("button", name=f"Add {CARD_NAMES[card]}", exact=True)
    assert button.count() == 1  # each button's name is its own
    assert page.locator(f"#card-{card}").get_by_role("button", name=f"Add {CARD_NAMES[card]}").count() == 1
    return button


def add_card(page: Any, card: int, text: str = "", target: str = "the Print") -> None:
    """Find a card in the picker the way a person does: by what is printed on it, then press its button."""
    page.get_by_label(target, exact=True).check()
    if text:
        page.get_by_label("Find a card", exact=True).fill(text)
    add_button(page, card).click()
    page.wait_for_function(STEP_DRAWN)


def test_detailed_game_with_the_card_picker(page: Any, live_server: str, artifacts: Path) -> None:
    names = ["Aiko", "Ben", "Chiyo"]
    new_game(page, live_server, names, "detailed")
    page.wait_for_selector("#detailed-form")
    plan = {
        0: {"start": "S1", "print": [(2, "boar"), (13, "butterfly"), (17, "butterfly")], "studio": [(12, "deer")],
            "diplomas": ["animals-crane-butterfly"]},
        1: {"start": "S2", "print": [(19, "warrior"), (7, "crane")], "studio": [(14, "crane")], "diplomas": []},
        2: {"start": "S3", "print": [(10, "deer"), (3, "boar")], "studio": [], "diplomas": ["animals-boar-deer"]},
    }
    for index, entry in plan.items():
        if index:
            page.get_by_role("button", name=re.compile(rf"^{names[index]}\b")).click()
            # (the page's copy is put together with the draft before the form goes: wait for the new page)
            page.locator("h2#tableau-title", has_text=names[index]).wait_for()
        assert names[index] in page.locator("h2#tableau-title").inner_text()
        page.get_by_label("Starting tile", exact=True).select_option(entry["start"])
        for card, words in entry["print"]:
            add_card(page, card, words)
        for card, words in entry["studio"]:
            add_card(page, card, words, target="the Studio")
        for diploma in entry["diplomas"]:
            page.check("#d_" + diploma.replace("-", "_"))
        if index == 1:
            # Reorder and remove: add a card by mistake, move it, then take it away.
            add_card(page, 5, "assistant")
            page.get_by_role("button", name="Move autumn card left", exact=True).click()
            page.wait_for_function(STEP_DRAWN)
            assert page.locator("#print-1 .card-no").inner_text() == "autumn card"
            assert page.locator("#print-2 .card-no").inner_text() == CARD_NAMES[7]
            page.get_by_role("button", name="Remove autumn card", exact=True).click()
            page.wait_for_function(STEP_DRAWN)
            page.wait_for_selector("#print-1")
            assert page.locator("ol.zone-print .card-no").all_inner_texts() == [CARD_NAMES[19], CARD_NAMES[7]]
        if index == 2:
            page.get_by_label("Grand Master pawn at the end").select_option(label="Ben")
    page.get_by_label("Find a card", exact=True).fill("")
    used = page.locator("#card-2.used")
    assert used.locator(".card-no").inner_text().startswith(CARD_NAMES[2])
    assert "Aiko (Print)" in used.locator(".used-by").inner_text()
    shot(page, artifacts, "detailed-entry")
    page.get_by_role("button", name="Score the game").first.click()
    page.wait_for_selector("table.results")
    doc = {
        "game": "kanagawa",
        "players": [
            {"name": names[i], "start": e["start"], "print": [c for c, _ in e["print"]],
             "studio": [c for c, _ in e["studio"]], "kept": [], "diplomas": e["diplomas"], "grand_master": i == 1,
             "yokai": 0}
            for i, e in plan.items()
        ],
    }
    report = score(load_table(doc))
    assert results_totals(page) == [p.total for p in report.players]
    ranks = page.locator("tfoot tr.rank td").all_inner_texts()
    assert [int(re.match(r"\d+", r).group(0)) for r in ranks] == [p.rank for p in report.players]
    shot(page, artifacts, "detailed-results")
    page.get_by_role("button", name="Check Diplomas").click()
    page.wait_for_selector(".diploma-list")
    shot(page, artifacts, "diploma-checker")
    page.watch.assert_clean()


def test_picker_filters_as_you_type(page: Any, live_server: str) -> None:
    page.goto(live_server + "/diplomas")
    cards = page.locator("li.pick")
    assert cards.count() == 72 and page.locator("li.pick:visible").count() == 72
    page.get_by_label("Find a card", exact=True).fill("tower")
    visible = page.locator("li.pick:visible")
    assert 0 < visible.count() < 72
    assert all("tower" in text for text in visible.all_inner_texts())
    page.get_by_label("Season", exact=True).select_option("winter")
    assert all("winter" in text and "tower" in text for text in page.locator("li.pick:visible").all_inner_texts())
    page.get_by_label("Find a card", exact=True).fill("no such thing")
    assert page.locator("#no-match").is_visible()
    fits(page)
    page.watch.assert_clean()


def test_keyboard_only(browser: Any, live_server: str) -> None:
    """A whole sheet game with the keyboard alone: Tab, typing, Space, arrow keys, Enter."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        page.goto(live_server + "/")
        page.keyboard.press("Tab")  # skip link
        assert page.evaluate("document.activeElement.className") == "skip"
        page.focus("#player_count")
        page.keyboard.press("ArrowUp")  # 3 → 2 players
        assert page.input_value("#player_count") == "2"
        page.keyboard.press("Tab")
        page.keyboard.type("Aiko")
        page.keyboard.press("Tab")
        page.keyboard.type("Ben")
        page.keyboard.press("Enter")  # submits the new game: its draft's page, at an address of its own
        page.wait_for_selector("#sheet-form")
        assert re.search(r"/d/[\w-]+$", page.url), page.url
        assert page.locator("thead th.player").all_inner_texts() == ["Aiko", "Ben"]
        page.focus("#players-0-print_cards")
        for value in ("9", "8"):  # across the row: Aiko then Ben
            page.keyboard.type(value)
            page.keyboard.press("Tab")
        for value in ("4", "3", "2", "1"):
            page.keyboard.type(value)
            page.keyboard.press("Tab")
        page.focus("#players-1-d_trees_3")
        page.keyboard.press("Space")
        page.focus("#grand_master-0")
        page.keyboard.press("Space")
        page.focus("#players-0-print_cards")
        page.keyboard.press("Enter")  # scores the game: the draft's results, reached by a redirect
        page.wait_for_selector("table.results")
        draft = page.url
        assert re.search(r"/d/[\w-]+/results$", draft), draft
        heads = page.locator("thead th.player").all_inner_texts()
        assert [h.split()[0] for h in heads] == ["Aiko", "Ben"] and "(winner)" in heads[0]
        assert results_totals(page) == [9 + 4 + 2 + 2, 8 + 3 + 1 + 3]
        assert "Winner:" in page.locator("#winners").inner_text() and "Aiko" in page.locator("#winners").inner_text()
        # The results are a page of their own: reloading shows them again, and asks nothing.
        page.reload()
        page.wait_for_selector("table.results")
        assert page.url == draft and results_totals(page) == [9 + 4 + 2 + 2, 8 + 3 + 1 + 3]
        # Every figure's explanation opens with the keyboard.
        page.focus("#row-harmony td summary >> nth=0")
        page.keyboard.press("Enter")
        assert page.locator("#row-harmony td .why").first.is_visible()
    finally:
        context.close()


def test_works_without_javascript(browser: Any, live_server: str, artifacts: Path) -> None:
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(live_server + "/")
        page.fill("#names-0", "Aiko")
        page.fill("#names-1", "Ben")
        page.fill("#names-2", "Chiyo")
        page.check("#mode-1")
        page.click("text=Start entering the game")
        page.wait_for_selector("#detailed-form")
        page.get_by_label("Find a card", exact=True).fill("crane")
        page.get_by_role("button", name="Filter").click()
        assert 0 < page.locator("li.pick:visible").count() < 72
        add_button(page, 7).click()
        assert page.locator("#print-0").count() == 1
        assert page.get_by_label("Find a card", exact=True).input_value() == "crane"  # the filter is kept
        shot(page, artifacts, "no-js-detailed")
        page.get_by_role("button", name="Score the game").first.click()
        page.wait_for_selector("table.results")
        assert results_totals(page)[0] == 1 + 1 + 1  # Starting tile + card 7, a chain of 1 (S1 summer, 7 winter)
    finally:
        context.close()


def test_results_with_issues_fit_the_phone(page: Any, live_server: str, artifacts: Path) -> None:
    doc = json.loads(sample_text("yokai-3p.json"))
    doc["players"][0]["grand_master"] = True  # two Grand Masters and a Diploma held twice
    doc["players"][1]["diplomas"].append("kites-red-2")
    page.goto(live_server + "/")
    page.get_by_label("… or paste the document").fill(json.dumps(doc))
    page.get_by_role("button", name="Open and score").click()
    page.wait_for_selector("table.results")
    assert page.locator(".issue").count() >= 2
    assert page.locator("#p1-diplomas .issue").count() >= 1
    shot(page, artifacts, "results-with-issues")
    page.get_by_role("button", name="Correct an entry").click()
    page.wait_for_selector("#custom-card")
    assert page.locator("#diplomas-0 .issue, .tableau .issue").count() >= 1 or page.locator(".issue").count() >= 1
    shot(page, artifacts, "detailed-yokai")
    page.goto(live_server + "/")
    page.get_by_label("… or paste the document").fill(sample_text("base-4p.json"))
    page.get_by_role("button", name="Open and score").click()
    page.wait_for_selector("table.results")
    assert page.locator("thead th.player").count() == 4
    shot(page, artifacts, "results-4p")
    page.goto(live_server + "/rules")
    shot(page, artifacts, "rules")
    page.goto(live_server + "/")
    shot(page, artifacts, "home")
    page.watch.assert_clean()
