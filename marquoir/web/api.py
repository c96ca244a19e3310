"""The JSON API: ``POST /api/score`` and ``POST /api/check`` answer what ``marquoir score|check --json`` print, and
``POST /api/check?deep=1`` what ``marquoir check --deep --json`` prints (the same time bound: the game's deep
check's own), always with status 200: its ``reachable`` (``true``, ``false``, ``null`` when undecided) says it.
The deep check runs in a worker (:mod:`marquoir.web.workers`); when every slot is taken, or the worker is stopped
at its bound, the answer is 503 with ``"retry": true``. ``GET /api/openapi.json`` describes it all (OpenAPI 3.1,
:mod:`marquoir.web.openapi`).

The body is the table document (``marquoir/data/table-format.md``), sent as JSON: a ``Content-Type`` that is not
JSON (``application/json``, ``application/…+json``, or none) gets 415. Every error is
``{"error", "path", "code"}`` (:mod:`marquoir.web.api_errors`): an unreadable document 400 naming the place, a
query parameter or value the API does not know 400 naming it (``deep=2`` is refused, never ignored), ``deep=1``
for a game with no deeper check 400; a body over ``MAX_CONTENT_LENGTH`` 413. Messages follow ``Accept-Language``,
English by default. No CSRF token is asked: the API reads no cookie and changes nothing; no CORS header is sent
(the README says why).
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, request

from marquoir.document import load_table
from marquoir.errors import TableError
from marquoir.games import get_game
from marquoir.legality import check
from marquoir.scoring import score
from marquoir.web import workers
from marquoir.web.api_errors import api_error
from marquoir.web.i18n import _
from marquoir.web.openapi import openapi_document

bp = Blueprint("api", __name__, url_prefix="/api")

#: The query parameters each operation reads, with the values it knows.
QUERY: dict[str, dict[str, tuple[str, ...]]] = {
    "api.api_score": {},
    "api.api_check": {"deep": ("0", "1", "false", "true", "no", "yes")},
}
_DEEP_ON = ("1", "true", "yes")


def _is_json(mimetype: str) -> bool:
    return mimetype in ("", "application/json") or (mimetype.startswith("application/") and mimetype.endswith("+json"))


@bp.before_request
def _refuse_what_is_not_understood() -> Response | None:
    """A body that is not JSON (415) and a query parameter or value the operation does not know (400) are refused
    before any work: a client must not believe it asked for something it did not get."""
    known = QUERY.get(request.endpoint or "")
    if known is None:
        return None
    for name in request.args:
        values = request.args.getlist(name)
        if name not in known:
            return api_error("QUERY_UNKNOWN", _("This address takes no parameter “%(name)s”.") % {"name": name},
                             name)
        if len(values) > 1 or values[0] not in known[name]:
            return api_error("QUERY_UNKNOWN", _("“%(name)s” takes one of %(values)s.") % {
                "name": name, "values": ", ".join(known[name])}, name)  # fmt: skip
    if not _is_json(request.mimetype):
        return api_error("UNSUPPORTED_MEDIA_TYPE",
                         _("The body must be a JSON table document (Content-Type: application/json), not %(type)s.")
                         % {"type": request.mimetype}, "Content-Type")  # fmt: skip
    return None


def _read() -> Any:
    body = request.get_data(cache=False)
    try:
        return load_table(body), None
    except TableError as error:
        return None, api_error("DOCUMENT_UNREADABLE", error.message, error.path)
    except RecursionError:
        return None, api_error("DOCUMENT_UNREADABLE", _("The document is nested too deeply."), "document")


def _answer(data: dict[str, Any]) -> Response:
    """The report as compact JSON, keys in the order the CLI prints them."""
    return Response(json.dumps(data, ensure_ascii=False, separators=(",", ":")), mimetype="application/json")


@bp.get("/openapi.json")
def api_openapi() -> Response:
    """The OpenAPI 3.1 document of this API."""
    return _answer(openapi_document())


@bp.post("/score")
def api_score() -> Any:
    table, failure = _read()
    if failure:
        return failure
    return _answer(score(table).to_json())


@bp.post("/check")
def api_check() -> Any:
    table, failure = _read()
    if failure:
        return failure
    issues = check(table)
    extra: dict[str, Any] = {}
    if request.args.get("deep") in _DEEP_ON:
        deep = workers.run("game_deep_check", table)
        if deep is None:
            return api_error("DEEP_UNAVAILABLE", _("%(game)s has no deeper check than the legality check.") % {
                "game": _(get_game(table.game).title)}, "deep")  # fmt: skip
        more, extra = deep
        issues = issues + more
    shown = {key: value for key, value in extra.items() if key != "explanation_lines"}
    return _answer({"legal": not issues, "issues": [i.to_json() for i in issues], **shown})


@bp.errorhandler(workers.Busy)
def _busy(_error: workers.Busy) -> Any:
    """Every worker is taken: say so in JSON (the app's handler would answer with a page)."""
    return api_error("BUSY", _("The server is busy with other long work: try again in a moment."), "deep",
                     retry=True)


@bp.errorhandler(workers.JobFailed)
def _failed(error: workers.JobFailed) -> Any:
    """The worker was stopped at its time or memory bound, or failed."""
    reasons = {"time": _("The deep check was stopped at its time bound."),
               "memory": _("The deep check was stopped at its memory bound.")}
    message = reasons.get(error.reason, _("The deep check failed."))
    return api_error("DEEP_STOPPED", message, "deep", retry=True)
