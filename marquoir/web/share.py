"""Sharing a saved game at the table: its read-only link, the QR code of that link, and the edit link.

The QR code is drawn on the server by segno (an SVG, no network, no script) so that the others open the game
on their phones by pointing the camera at the screen. A read-only link carries the game's *share* token and
opens the saved game's page read-only; no route that changes a game accepts it (the storage functions that
change a game take only the *edit* token).
"""

from __future__ import annotations

import re
from typing import Any

import segno
from flask import current_app, url_for
from markupsafe import Markup, escape

#: What a token looks like (``secrets.token_urlsafe``): anything else is no game, and is not looked up.
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,128}")


def is_token(text: str | None) -> bool:
    return bool(text) and TOKEN.fullmatch(text or "") is not None


def absolute_url(endpoint: str, **values: Any) -> str:
    """An absolute link to ``endpoint``: on the deployment's public address when it is configured (``BASE_URL``,
    :mod:`marquoir.web.security`), else on the address the request came to (a server on one's own network)."""
    base = current_app.config.get("BASE_URL")
    if base:
        return f"{base}{url_for(endpoint, **values)}"
    return url_for(endpoint, _external=True, **values)


def share_url(share_token: str) -> str:
    """The read-only link of a game, absolute (it is read from another phone)."""
    return absolute_url("saved.shared", token=share_token)


def edit_url(edit_token: str) -> str:
    """The edit link of a game, absolute (to keep, or to send to whoever may correct the game)."""
    return absolute_url("saved.editor", token=edit_token)


def qr_svg(text: str, title: str) -> Markup:
    """The QR code of ``text`` as inline SVG (medium error correction, a quiet zone of 2 modules), sized by CSS."""
    code = segno.make(text, error="m", micro=False)
    svg = code.svg_inline(scale=4, border=2, omitsize=True, title=str(escape(title)), svgclass="qr", dark="#000",
                          light="#fff")
    return Markup(svg)
