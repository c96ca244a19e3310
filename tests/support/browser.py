"""Helpers of the browser tests: the app served on 127.0.0.1 in a background thread, and the page errors that
fail a test."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from flask import Flask
from werkzeug.serving import make_server

#: The two screens every browser test is run on.
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


@contextmanager
def served(app: Flask) -> Iterator[str]:
    """``app`` served on a free port of 127.0.0.1 until the block ends; its address."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(5)


class Errors:
    """Console errors (a CSP violation shows there), page errors and dialogs: each one fails the test."""

    def __init__(self, page: Any) -> None:
        self.seen: list[str] = []
        page.on("console", lambda msg: self.seen.append(msg.text) if msg.type == "error" else None)
        page.on("pageerror", lambda exc: self.seen.append(str(exc)))
        page.on("dialog", lambda dialog: (self.seen.append(dialog.message), dialog.dismiss()))


@contextmanager
def watched_page(browser: Any, **options: Any) -> Iterator[Any]:
    """A page of a new browser context (``options``: viewport, locale, colour scheme…), 15 s per step, its errors
    collected in ``page.seen`` (:class:`Errors`); the context closed when the block ends."""
    context = browser.new_context(**options)
    page = context.new_page()
    page.set_default_timeout(15000)
    page.seen = Errors(page)
    try:
        yield page
    finally:
        context.close()


#: axe-core, installed from the npm registry by the Makefile (``make node-tools``; pinned in package-lock.json).
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def axe_violations(page: Any) -> list[str]:
    """axe-core's violations on the page as it stands (WCAG 2.x A and AA and best practices), each as its rule id,
    impact and the first elements it names; the script is put in the page by the test, never by the page. The
    browser tests fail (never skip) when it is not installed."""
    if not AXE.exists():
        raise AssertionError(f"axe-core is missing ({AXE}): run `make node-tools`")
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")
    found = page.evaluate(
        """async () => {
          const result = await axe.run(document, { resultTypes: ["violations"] });
          return result.violations.map((v) => `${v.id} (${v.impact}): ` +
            v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ") + (v.nodes.length > 3 ? " …" : ""));
        }"""
    )
    return list(found)


def new_game(page: Any, server: str, game: str, mode: str, players: int = 2) -> None:
    """Start a game from the home page: the game choice (``base``, ``yokai``, ``bonsai``), the entry mode and the
    first ``players`` of Aiko, Ben, Chiyo, Daisuke (a Yokai game with trees, animals, kites and lanterns; a Bonsai
    game with brown, green and cyan goals)."""
    page.goto(server + "/")
    page.locator(f"input[name=game][value={game}]").check()
    page.locator("select[name=player_count]").select_option(str(players))
    for i, name in enumerate(["Aiko", "Ben", "Chiyo", "Daisuke"][:players]):
        page.locator(f"[name='names-{i}']").fill(name)
    if game == "yokai":
        for family in ("trees", "animals"):
            page.locator(f"input[name=base_families][value={family}]").check()
        for family in ("kites", "lanterns"):
            page.locator(f"input[name=expansion_families][value={family}]").check()
    if game == "bonsai":
        for colour in ("brown", "green", "cyan"):
            page.locator(f"input[name=goal_colours][value={colour}]").check()
    page.locator(f"input[name=mode][value={mode}]").check()
    with page.expect_navigation():
        page.locator("#new-game").evaluate("(form) => form.requestSubmit()")
    page.wait_for_load_state("load")


def open_menu(page: Any) -> None:
    """Open the menu when its button is shown (a phone, with a script: the pages are behind it), as a person taps
    it before a page's link; on a desktop, or without a script, the links are in the bar already."""
    summary = page.locator("#menu > summary")
    if summary.is_visible() and not page.evaluate("() => document.getElementById('menu').open"):
        summary.click()
