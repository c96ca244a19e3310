"""Gzip on the wire, for the answers that gain from it and cannot leak a secret (issue 10, item 5: "at most 20 KB
sent per step, compressed"; ``make run`` serves with waitress, which does not compress).

Compressed, when the client sends ``Accept-Encoding: gzip`` (RFC 9110, section 12.5.3; always with ``Vary:
Accept-Encoding``, section 12.5.5, so that a cache keeps both forms apart):

- the JSON answers of the pages' scripts, the ``…/live`` routes of the games' entry pages: one
  step of an entry, 13–34 KB of parts before compression. They carry no secret: the parts are drawn without the
  form's CSRF field and the draft's id is not in them (each game's live step); and their
  routes are POSTs that CSRF protection refuses from another site, so a page elsewhere cannot make a browser send
  chosen text to them;
- the static files: stylesheets, scripts and SVG icons, which hold nothing but the site's own text.

Never compressed: the HTML pages. A page with a form carries its CSRF token next to what the client sent (the game
typed, the names), and compressing a secret together with text an attacker may choose lets the compressed size tell
the secret apart byte by byte (BREACH, Gluck, Harris and Prado, 2013); the pages under ``/e/`` carry an edit token as
well. The rule is by route and type, not by what a body happens to hold; as a second guard, a body that holds the
request's CSRF token is left as it is whatever its route.

A compressed answer's ``ETag`` becomes weak (the same file, another encoding: RFC 9110, section 8.8.1), which keeps
a static file's 304 for a browser that asks again; a range request (206) and a 304 have no body to compress.
"""

from __future__ import annotations

import gzip

from flask import Flask, current_app, g, request
from werkzeug.wrappers import Response

#: The static files' types that are compressed (images other than SVG are compressed already).
STATIC_TYPES = frozenset({"text/css", "text/javascript", "application/javascript", "image/svg+xml"})
#: The type of the ``…/live`` answers.
LIVE_TYPE = "application/json"
#: Bodies smaller than this gain nothing worth a header.
SMALLEST = 512
#: zlib's level: nearly the size of level 9 for a fraction of its time.
LEVEL = 6


def _kind_compressed(response: Response) -> bool:
    """Whether this answer is of a kind that is compressed: a static file of :data:`STATIC_TYPES`, or a
    ``…/live`` route's JSON."""
    endpoint = request.endpoint or ""
    if endpoint == "static" or endpoint.endswith(".static"):
        return response.mimetype in STATIC_TYPES
    return request.path.endswith("/live") and response.mimetype == LIVE_TYPE


def _carries_csrf_token(body: bytes) -> bool:
    """Whether the body holds the CSRF token made for this request (Flask-WTF keeps it in ``g``)."""
    token = g.get(current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token"))
    return isinstance(token, str) and bool(token) and token.encode() in body


def _weak_etag(response: Response) -> None:
    etag, weak = response.get_etag()
    if etag and not weak:
        response.set_etag(etag, weak=True)


def compressed(response: Response) -> Response:
    """The answer gzipped when it is of a compressed kind (:func:`_kind_compressed`) and the client accepts gzip;
    else as it is. Every answer of a compressed kind says ``Vary: Accept-Encoding``."""
    if not _kind_compressed(response):
        return response
    response.vary.add("Accept-Encoding")
    if request.accept_encodings["gzip"] <= 0 or "Content-Encoding" in response.headers:
        return response
    _weak_etag(response)
    if response.status_code != 200:
        return response
    response.direct_passthrough = False  # a static file is streamed from disk: read it here
    body = response.get_data()
    response.close()  # the file it was read from
    if len(body) < SMALLEST or _carries_csrf_token(body):
        return response
    response.set_data(gzip.compress(body, compresslevel=LEVEL, mtime=0))
    response.headers["Content-Encoding"] = "gzip"
    response.headers.pop("Accept-Ranges", None)  # ranges would count the compressed bytes
    return response


def init_app(app: Flask) -> None:
    """Compress what :func:`compressed` compresses. Registered last, it is the app's first after-request step to run
    (Flask runs them last registered first): the others only add headers, never change a body."""
    app.after_request(compressed)
