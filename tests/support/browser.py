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
