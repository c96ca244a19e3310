"""What the server logs, with the standard library's :mod:`logging` on stderr: one access line per request
(``marquoir.access``: method, path, status, milliseconds, client), and every failure with its traceback (Flask's
own ``marquoir.web`` logger for an unexpected error, ``marquoir.storage`` for a database that did not answer).

No secret is ever written: every token of the site (a game's share and edit tokens, a group's, a draft's, a form's
CSRF token) is a run of at least :data:`TOKEN_LENGTH` URL-safe characters, and every line — message, arguments and
traceback alike — is written with such runs masked (:func:`mask`). ``marquoir serve --log-level`` chooses the least
important messages written; ``--log-json`` writes one JSON object per line instead of text.
"""

from __future__ import annotations

import json
import logging
import re
import sys
import time
from typing import Any

from flask import Flask, g, request
from werkzeug.wrappers import Response

#: The shortest run of URL-safe characters masked in the log (the site's tokens are 32 characters or more).
TOKEN_LENGTH = 20
_TOKEN = re.compile(r"[A-Za-z0-9_\-]{" + str(TOKEN_LENGTH) + ",}")
MASK = "…"
ACCESS = logging.getLogger("marquoir.access")


def mask(text: str) -> str:
    """``text`` with every run of :data:`TOKEN_LENGTH` or more URL-safe characters (a token) replaced by ``…``."""
    return _TOKEN.sub(MASK, text)


class MaskingFormatter(logging.Formatter):
    """The text of a record, traceback included, with its tokens masked."""

    def format(self, record: logging.LogRecord) -> str:
        return mask(super().format(record))


class JsonFormatter(logging.Formatter):
    """One JSON object per record: time, level, logger, message (tokens masked), the access line's fields, and the
    traceback when there is one."""

    FIELDS = ("method", "path", "status", "ms", "client")

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": mask(record.getMessage()),
        }
        for name in self.FIELDS:
            if hasattr(record, name):
                value = getattr(record, name)
                entry[name] = mask(value) if isinstance(value, str) else value
        if record.exc_info:
            entry["traceback"] = mask(self.formatException(record.exc_info))
        return json.dumps(entry, ensure_ascii=False)


def configure_logging(level: str = "info", *, json_lines: bool = False, stream: Any = None) -> None:
    """Log on ``stream`` (stderr) from ``level`` up, as text or JSON lines, tokens masked; replaces any handler
    of the root logger this function set before."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        if getattr(handler, "marquoir", False):
            root.removeHandler(handler)
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.marquoir = True  # type: ignore[attr-defined]
    if json_lines:
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(MaskingFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    root.setLevel(getattr(logging, level.upper(), logging.INFO))
    logging.getLogger("alembic").setLevel(logging.WARNING)  # a line per migration step at every start otherwise


def init_app(app: Flask) -> None:
    """Time every request and write its access line once it is answered (errors and refusals included)."""
    app.before_request(_start)
    app.after_request(_access)


def _start() -> None:
    g.started = time.perf_counter()


def _access(response: Response) -> Response:
    started = g.get("started")
    elapsed = 0.0 if started is None else (time.perf_counter() - started) * 1000
    path = request.full_path if request.query_string else request.path
    client = request.remote_addr or "-"
    ACCESS.info(
        "%s %s %d %.1fms %s", request.method, mask(path), response.status_code, elapsed, client,
        extra={"method": request.method, "path": mask(path), "status": response.status_code,
               "ms": round(elapsed, 1), "client": client},
    )  # fmt: skip
    return response
