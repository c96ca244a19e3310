"""The JSON API: ``POST /api/score`` and ``POST /api/check`` answer what ``marquoir score|check --json`` print, and
``POST /api/check?deep=1`` what ``marquoir check --deep --json`` prints (the same time bound: the game's deep
check's own), always with status 200: its ``reachable`` (``true``, ``false``, ``null`` when undecided) says it.
The deep check runs in a worker (:mod:`marquoir.web.workers`); when every slot is taken, or the worker is stopped
at its bound, the answer is 503 with ``{"error": ..., "path": "deep", "retry": true}``.

The body is the table document (``marquoir/data/table-format.md``). An unreadable document gets 400 with
``{"error": ..., "path": ...}`` naming the place, as does ``deep=1`` for a game with no deeper check; a body over
``MAX_CONTENT_LENGTH`` gets 413. No CSRF token is asked: the API reads no cookie and changes nothing.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, jsonify, request

from marquoir.document import load_table
from marquoir.errors import TableError
from marquoir.legality import check
from marquoir.scoring import score
from marquoir.web import workers
from marquoir.web.i18n import _

bp = Blueprint("api", __name__, url_prefix="/api")


def _read() -> Any:
    body = request.get_data(cache=False)
    try:
        return load_table(body), None
    except TableError as error:
        return None, (jsonify({"error": error.message, "path": error.path}), 400)
    except RecursionError:
        return None, (jsonify({"error": "nested too deeply", "path": "document"}), 400)


def _answer(data: dict[str, Any]) -> Response:
    """The report as compact JSON, keys in the order the CLI prints them."""
    return Response(json.dumps(data, ensure_ascii=False, separators=(",", ":")), mimetype="application/json")


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
    if request.args.get("deep") in ("1", "true", "yes"):
        deep = workers.run("game_deep_check", table)
        if deep is None:
            return jsonify({"error": f"{table.game} has no deeper check than the legality check", "path": "deep"}), 400
        more, extra = deep
        issues = issues + more
    shown = {key: value for key, value in extra.items() if key != "explanation_lines"}
    return _answer({"legal": not issues, "issues": [i.to_json() for i in issues], **shown})


@bp.errorhandler(workers.Busy)
def _busy(_error: workers.Busy) -> Any:
    """Every worker is taken: say so in JSON (the app's handler would answer with a page)."""
    return jsonify({"error": _("The server is busy with other long work: try again in a moment."), "path": "deep",
                    "retry": True}), 503


@bp.errorhandler(workers.JobFailed)
def _failed(error: workers.JobFailed) -> Any:
    """The worker was stopped at its time or memory bound, or failed."""
    return jsonify({"error": f"the deep check was stopped ({error.reason})", "path": "deep", "retry": True}), 503
