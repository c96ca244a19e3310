"""Browser tests of the phone layout (issue 10, item 4) and of the live totals and the dark theme (item 6): four
players with 12-letter names on a 390 px phone and on a desktop, in English and in French. Nothing overflows
sideways, no word is broken in two, the names stay in view while the rows scroll, every control is at least 44 px
each way, the explanations stay folded until tapped, the harmony figure's keypad has a minus, the live total never
shows a figure the server refuses, and the dark theme keeps the text readable (WCAG contrast 4.5:1, 3:1 for bold
large text).

Screenshots (light and dark, 390 px and 1280 px) go to test-artifacts/ (git-ignored).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
#: Four names of 12 letters each: the widest the layout must hold without cutting a word.
NAMES = ["Alessandrina", "Bartholomews", "Christabelle", "Maximilienne"]
LOCALES = {"en": "en-GB", "fr": "fr-FR"}
WORDS = {
    "en": {"players": "Number of players", "player": "Player", "sheet": "Like the paper sheet",
           "detailed": "Card by card", "start": "Start entering the game", "score": "Score the game"},
    "fr": {"players": "Nombre de joueurs", "player": "Joueur", "sheet": "Comme la feuille papier",
           "detailed": "Carte par carte", "start": "Commencer la saisie", "score": "Compter la partie"},
}


@pytest.fixture(params=[("phone", "en"), ("phone", "fr"), ("desktop", "en"), ("desktop", "fr")],
                ids=["phone-en", "phone-fr", "desktop-en", "desktop-fr"])
def page(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:
    size, lang = request.param
    context = browser.new_context(viewport=PHONE if size == "phone" else DESKTOP, locale=LOCALES[lang],
                                  extra_http_headers={"Accept-Language": LOCALES[lang]})
    page = context.new_page()
    page.set_default_timeout(15000)
    page.lang = lang
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    try:
        yield page
    finally:
        context.close()


def start_game(page: Any, live_server: str, mode: str) -> None:
    """A new 4-player Kanagawa game from the home page, in the page's language."""
    words = WORDS[page.lang]
    page.goto(live_server + "/")
    page.get_by_label(words["players"]).select_option("4")
    for i, name in enumerate(NAMES):
        page.locator(f"[name='names-{i}']").fill(name)
    page.get_by_label(words[mode], exact=False).check()
    page.get_by_role("button", name=words["start"]).click()
    page.wait_for_selector("#sheet-form" if mode == "sheet" else "#detailed-form")


#: Each word of the page's visible text that the browser drew on more than one line (a word cut in two), with the
#: text it is in; whitespace-separated words only, so that a line break between words is fine.
BROKEN_WORDS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !el.getClientRects().length) continue;
    if (el.closest('.visually-hidden, [hidden], [aria-hidden=true], script, style')) continue;
    const style = getComputedStyle(el), box = el.getBoundingClientRect();
    if (style.visibility === 'hidden' || style.display === 'none' || box.width <= 1 || box.height <= 1) continue;
    const text = node.textContent;
    const re = /\\S+/g;
    let m;
    while ((m = re.exec(text))) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const lines = new Set(Array.from(range.getClientRects()).filter(r => r.width > 0).map(r => Math.round(r.top)));
      const where = `${el.tagName.toLowerCase()}.${el.className}`;
      if (lines.size > 1) out.push(`${m[0]} in ${where}: ${text.trim().slice(0, 60)}`);
    }
  }
  return out;
}"""

#: Each visible control smaller than 44 × 44 px where it is tapped: a checkbox or radio counts by its label.
SMALL_TARGETS = """() => {
  const out = [];
  const seen = new Set();
  const controls = 'main button, main select, main input, main summary, main textarea, header button, header a';
  for (const el of document.querySelectorAll(controls)) {
    if (el.type === 'hidden' || el.closest('[hidden], .visually-hidden, [aria-hidden=true]')) continue;
    let target = el;
    if ((el.type === 'checkbox' || el.type === 'radio') && el.labels && el.labels.length) {
      const label = el.labels[0];
      const a = el.getBoundingClientRect(), b = label.getBoundingClientRect();
      target = b.height * b.width > a.height * a.width ? label : el;
    }
    if (seen.has(target)) continue;
    seen.add(target);
    const r = target.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(target).visibility === 'hidden') continue;
    const size = `${Math.round(r.width)}x${Math.round(r.height)}`;
    if (r.width < 43.5 || r.height < 43.5) out.push(`${size} ${target.outerHTML.slice(0, 120)}`);
  }
  return out;
}"""

#: Each visible piece of text whose colour against the background under it has a contrast below WCAG AA.
LOW_CONTRAST = """() => {
  function rgb(text) { const m = text.match(/[\\d.]+/g); return m ? m.map(Number) : [0, 0, 0, 0]; }
  function lum(c) { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); }
  function background(el) {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length < 4 || c[3] > 0.5) return c;
    }
    return rgb(getComputedStyle(document.body).backgroundColor);
  }
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || !el.getClientRects().length) continue;
    if (el.closest('.visually-hidden, [hidden], script, style, svg, .half, .strip-card, .chart')) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
    const fg = rgb(style.color), bg = background(el);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    const size = parseFloat(style.fontSize), bold = Number(style.fontWeight) >= 700;
    const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    if (ratio < needed) out.push(`${ratio.toFixed(2)} ${style.color} on ${bg} ${node.textContent.trim().slice(0, 40)}`);
  }
  return out;
}"""


#: Whether the last step the page's script sent in place (a card added) is drawn.
STEP_DRAWN = "() => { const f = document.getElementById('detailed-form'); return f.dataset.shown === f.dataset.sent; }"


def width_of(page: Any) -> int:
    return int(page.viewport_size["width"])


def assert_laid_out(page: Any, where: str) -> None:
    """No sideways overflow, no word cut in two, every control at least 44 px each way."""
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width_of(page), where
    assert page.evaluate(BROKEN_WORDS) == [], where
    assert page.evaluate(SMALL_TARGETS) == [], where


def assert_names_in_view(page: Any, last_row: str) -> None:
    """Scrolled to the last row: each player's name is still in view, on top, not covered. On a phone the table's
    own top is then above the screen, its names row with it: the names are there because they stick."""
    page.locator(last_row).scroll_into_view_if_needed()
    page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
    if width_of(page) < 500:
        left_behind = "t => t.getBoundingClientRect().top + t.tHead.offsetHeight"
        assert page.locator("table.sheet").evaluate(left_behind) < 0
    for i, name in enumerate(NAMES):
        header = page.locator(f"#p{i}-name")
        box = header.bounding_box()
        assert box is not None, name
        assert box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"], name
        on_top = page.evaluate(
            "([id, x, y]) => document.getElementById(id).contains(document.elementFromPoint(x, y))",
            [f"p{i}-name", box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
        )
        assert on_top, name
        assert header.inner_text().startswith(name), name  # whole, never cut


def shoot(page: Any, artifacts: Path, name: str) -> None:
    """A full-page screenshot, light and dark, the dark one checked for contrast."""
    page.evaluate("window.scrollTo(0, 0)")
    size = width_of(page)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert page.evaluate(LOW_CONTRAST) == [], (name, scheme)
        page.screenshot(path=str(artifacts / f"{name}-{page.lang}-{scheme}-{size}.png"), full_page=True)
    page.emulate_media(color_scheme="light")


def fill_sheet(page: Any) -> None:
    figures = {"print_cards": [10, 9, 11, 8], "season_chain": [4, 5, 3, 2], "harmony": [3, -2, 0, 5]}
    for field, values in figures.items():
        for i, value in enumerate(values):
            page.fill(f"#players-{i}-{field}", str(value))
    page.check("#players-0-d_trees_4")
    page.check("#players-3-d_buildings_3")
    page.check("#grand_master-2")


def test_the_sheet_and_the_results_on_a_phone(page: Any, live_server: str, artifacts: Path) -> None:
    start_game(page, live_server, "sheet")
    # The harmony figure may be negative: the number pad (issue 18), and a ± button beside it, since a numeric pad
    # may have no minus.
    harmony = page.locator("#players-1-harmony")
    assert harmony.get_attribute("inputmode") == "numeric"
    assert page.locator("#players-1-print_cards").get_attribute("inputmode") == "numeric"
    sign = page.locator("#players-1-harmony + button.sign-button")
    harmony.fill("3")
    sign.click()
    assert harmony.input_value() == "-3"
    sign.click()
    assert harmony.input_value() == "3"
    box = sign.bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44
    fill_sheet(page)
    # Its pattern is a valid expression for the browser (else it is ignored): a minus passes, a letter does not.
    assert harmony.evaluate("el => el.validity.valid") is True  # -2
    harmony.fill("2x")
    assert harmony.evaluate("el => el.validity.patternMismatch") is True
    harmony.fill("\u22122")
    assert harmony.evaluate("el => el.validity.valid") is True
    harmony.fill("-2")
    page.wait_for_function("() => document.getElementById('total-1').textContent !== '\u2013'")
    assert_laid_out(page, "sheet")
    assert_names_in_view(page, "#row-grand_master")
    shoot(page, artifacts, "phone-sheet")
    page.get_by_role("button", name=WORDS[page.lang]["score"]).first.click()
    page.wait_for_selector("table.results")
    # Explanations are folded until tapped.
    cell = page.locator("#row-harmony td").nth(1)
    assert page.locator("table.results details[open]").count() == 0
    assert not cell.locator(".why").is_visible()
    assert_laid_out(page, "results")
    cell.locator("summary").click()
    assert cell.locator(".why").is_visible()
    page.keyboard.press("Escape")
    assert not cell.locator(".why").is_visible()
    assert_names_in_view(page, "tfoot tr.rank")
    shoot(page, artifacts, "phone-results")
    assert page.errors == []


def test_the_card_entry_on_a_phone(page: Any, live_server: str, artifacts: Path) -> None:
    start_game(page, live_server, "detailed")
    for word in ("boar", "tower", "monk"):
        page.locator("[data-filter=text]").fill(word)
        page.locator("li.pick:not([hidden]) button.add").first.click()
        page.wait_for_function(STEP_DRAWN)
    page.locator("[data-filter=text]").fill("")
    assert page.locator("ol.zone-print li").count() == 3
    assert_laid_out(page, "card entry")
    shoot(page, artifacts, "phone-detailed")
    assert page.errors == []


def test_the_live_total_never_shows_what_the_server_refuses(page: Any, live_server: str) -> None:
    """The page's script reads the bounds the server's form checks (data-min / data-max from the validators):
    a figure out of them shows "?" for the total and is marked, and the server refuses the same figure."""
    start_game(page, live_server, "sheet")
    fill_sheet(page)
    field = page.locator("#players-0-print_cards")
    high = int(field.get_attribute("data-max") or "0")
    assert high > 0
    field.fill(str(high))
    page.wait_for_function("() => document.getElementById('total-0').textContent.match(/^[0-9]+$/)")
    field.fill(str(high + 1))
    page.wait_for_function("() => document.getElementById('total-0').textContent === '?'")
    assert field.get_attribute("aria-invalid") == "true"
    page.locator("#players-1-harmony").fill("\u22122")  # a typographic minus reads as a minus
    page.wait_for_function("() => document.getElementById('total-1').textContent.match(/^[0-9]+$/)")
    page.get_by_role("button", name=WORDS[page.lang]["score"]).first.click()
    page.wait_for_selector("#sheet-form")
    assert page.locator("table.results").count() == 0  # refused by the server too
    assert page.input_value("#players-0-print_cards") == str(high + 1)  # nothing typed is lost
