"""Helpers of the page tests: reading hidden fields and inputs from pages, and Chromium's flags for the browser
tests."""

from __future__ import annotations

import html
import re

#: Flags for a headless Chromium in a container: no sandbox (root), no GPU, nothing fetched from the network.
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def hidden(page: str, name: str = "table") -> str:
    """The value of the first hidden input called ``name`` in an HTML page."""
    for tag in re.findall(r"<input[^>]*>", page):
        if f'name="{name}"' in tag:
            match = re.search(r'value="([^"]*)"', tag)
            assert match, tag
            return html.unescape(match.group(1))
    raise AssertionError(f"no input {name!r} in the page")


def input_tag(page: str, field_id: str) -> str:
    """The ``<input>`` tag with this id."""
    for tag in re.findall(r"<input[^>]*>", page):
        if f'id="{field_id}"' in tag:
            return tag
    raise AssertionError(f"no input with id {field_id!r}")
