"""The JSON API's error answers: ``{"error", "path", "code"}``, and ``"retry": true`` when trying again later may
work. ``error`` is a sentence in the request's language (the API's one rule: ``Accept-Language``, English by
default, never the pages' cookie: :func:`marquoir.web.i18n.chosen_language`); ``path`` names the place: a place in
the document (``players[0].diplomas``, ``document`` for the whole), a query parameter (``deep``), the
``Content-Type`` header, or the URL path for an address or a method the API does not have; ``code`` is one of
:data:`CODES`, stable (listed in ``marquoir/data/table-format.md``, only ever added to).

Below the blueprints: the app's error handlers and the rate limits answer API requests with it too."""

from __future__ import annotations

from flask import Response, jsonify, request

#: Every error code of the API, with the status it comes with.
CODES: dict[str, int] = {
    "DOCUMENT_UNREADABLE": 400,
    "QUERY_UNKNOWN": 400,
    "DEEP_UNAVAILABLE": 400,
    "BAD_REQUEST": 400,
    "NOT_FOUND": 404,
    "METHOD_NOT_ALLOWED": 405,
    "TOO_LARGE": 413,
    "UNSUPPORTED_MEDIA_TYPE": 415,
    "RATE_LIMITED": 429,
    "BUSY": 503,
    "DEEP_STOPPED": 503,
}
#: The code of an HTTP error the app's handler turns into an API answer.
BY_STATUS: dict[int, str] = {400: "BAD_REQUEST", 404: "NOT_FOUND", 405: "METHOD_NOT_ALLOWED", 413: "TOO_LARGE",
                             415: "UNSUPPORTED_MEDIA_TYPE", 429: "RATE_LIMITED"}  # fmt: skip


def is_api_request() -> bool:
    """Whether this request is for the JSON API (its answers, errors included, are JSON)."""
    return request.path.startswith("/api/")


def api_error(code: str, message: str, path: str, *, retry: bool = False) -> Response:
    """The answer of an API error ``code`` (its status from :data:`CODES`)."""
    body: dict[str, object] = {"error": message, "path": path, "code": code}
    if retry:
        body["retry"] = True
    response = jsonify(body)
    response.status_code = CODES[code]
    return response
