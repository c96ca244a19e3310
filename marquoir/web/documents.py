"""The table document a form carries: the game being entered travels in the page itself (a hidden field), so that
nothing typed is lost between two requests. Reading it names the place of any error, as the core's reader does."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, NoReturn

from flask import Response, abort, make_response, render_template

from marquoir.core.reader import MAX_DOCUMENT_CHARS
from marquoir.document import parse_table
from marquoir.errors import TableError
from marquoir.games import AnyTable
from marquoir.web.i18n import _


class BadDocument(Exception):
    """The table document carried by a form could not be read: ``path`` names the place."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


def read_document(text: str | None) -> tuple[dict[str, Any], AnyTable]:
    """The table document from a hidden form field, as a mapping and as a table."""
    if not text:
        raise BadDocument("table", _("the game is missing from the form"))
    if len(text) > MAX_DOCUMENT_CHARS:
        raise BadDocument("table", _("the game in the form is too long"))
    try:
        doc = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise BadDocument("table", _("the game in the form is not JSON")) from None
    try:
        table = parse_table(doc)
    except TableError as error:
        raise BadDocument(error.path, error.message) from None
    except RecursionError:
        raise BadDocument("table", _("the game in the form is nested too deeply")) from None
    if not table.players:  # readable (the check would say PLAYER_COUNT), but no page can show a game of nobody
        raise BadDocument("players", _("the game has no player"))
    return doc, table


def document_or_400(text: str | None) -> tuple[dict[str, Any], AnyTable]:
    """:func:`read_document`, answering a 400 page that names the place when the document cannot be read."""
    try:
        return read_document(text)
    except BadDocument as error:
        refuse(error)


def refuse(error: BadDocument) -> NoReturn:
    """Stop the request with the 400 page of a game that could not be read."""
    abort(bad_document_page(error))


def bad_document_page(error: BadDocument) -> Response:
    message = _("The game sent with this form could not be read (%(path)s: %(message)s).") % {
        "path": error.path, "message": error.message}
    body = render_template("main/error.html", code=400, title=_("Game not readable"), message=message)
    return make_response(body, 400)


_INDEX = re.compile(r"[0-9]{1,6}")


def index_in(text: str | None, size: int) -> int | None:
    """``text`` as an index below ``size`` (ASCII digits only: ``'¹'.isdigit()`` is true), else ``None``."""
    if text is None or not _INDEX.fullmatch(text):
        return None
    value = int(text)
    return value if value < size else None


def dump(doc: Mapping[str, Any]) -> str:
    """The document as compact JSON for a hidden field."""
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
