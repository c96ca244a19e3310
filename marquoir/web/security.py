"""The app's security settings: the largest request, the Content-Security-Policy of every page, and what a
deployment says about itself (its public address, the host names it answers to, HTTPS).

A deployment is described by the environment (or the app's configuration, which wins):

- ``MARQUOIR_BASE_URL`` (``BASE_URL``): the public address, e.g. ``https://scores.example.org``; share and edit
  links and their QR codes are built from it, never from the request's ``Host`` header;
- ``MARQUOIR_TRUSTED_HOSTS`` (``TRUSTED_HOSTS``): the host names the app answers to, separated by commas; a request
  for any other gets 400;
- ``MARQUOIR_HTTPS=1``: the app is reached through HTTPS (behind a reverse proxy): its cookies are ``Secure`` and
  links are written ``https://``;
- ``MARQUOIR_PROXIES=N``: the app is behind N reverse proxies, whose ``X-Forwarded-For`` and ``X-Forwarded-Proto``
  it believes (the client's address, for the abuse limits, is then the one the proxy saw);
- ``MARQUOIR_RATE_LIMITS=off``: no abuse limits (:mod:`marquoir.web.limits`), for a server only trusted people reach;
- ``MARQUOIR_PUBLIC_LIST=off`` (``PUBLIC_LIST``): no list of the games saved outside any group, and no statistics or
  download of them (a club server where every group keeps to its link); ``marquoir export`` still exports
  everything.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from flask import g, request
from werkzeug.wrappers import Response

from marquoir.zones import check_zone

#: Largest request body accepted: a table document is at most 200,000 characters (marquoir.core.reader), and the
#: forms carry one table document plus a few figures.
MAX_CONTENT_LENGTH = 512 * 1024

#: No inline script anywhere: scripts and styles come from /static only.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


def deployment_config(environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The app's settings from ``MARQUOIR_BASE_URL``, ``MARQUOIR_TRUSTED_HOSTS``, ``MARQUOIR_PROXIES``,
    ``MARQUOIR_RATE_LIMITS``, ``MARQUOIR_PUBLIC_LIST``, ``MARQUOIR_HTTPS`` and ``MARQUOIR_TIME_ZONE`` (the time
    zone of the games outside any group and of the groups without one: an IANA name, checked at start)."""
    env = os.environ if environ is None else environ
    config: dict[str, Any] = {}
    base = env.get("MARQUOIR_BASE_URL", "").strip().rstrip("/")
    if base:
        config["BASE_URL"] = base
    hosts = [h.strip() for h in env.get("MARQUOIR_TRUSTED_HOSTS", "").split(",") if h.strip()]
    if hosts:
        config["TRUSTED_HOSTS"] = hosts
    proxies = env.get("MARQUOIR_PROXIES", "").strip()
    if proxies.isdigit() and int(proxies) > 0:
        config["PROXIES"] = int(proxies)
    if env.get("MARQUOIR_RATE_LIMITS", "").strip().lower() in ("0", "off", "no", "false"):
        config["RATE_LIMITS_ENABLED"] = False
    if env.get("MARQUOIR_PUBLIC_LIST", "").strip().lower() in ("0", "off", "no", "false"):
        config["PUBLIC_LIST"] = False
    if env.get("MARQUOIR_TIME_ZONE", "").strip():
        config["TIME_ZONE"] = check_zone(env["MARQUOIR_TIME_ZONE"])
    if env.get("MARQUOIR_HTTPS", "").strip().lower() in ("1", "yes", "true", "on"):
        config.update(SESSION_COOKIE_SECURE=True, PREFERRED_URL_SCHEME="https", COOKIES_SECURE=True)
    return config


def carries_edit_token() -> None:
    """Mark the page being made as one that shows an edit token (it must never be stored by a cache)."""
    g.carries_edit_token = True


def no_store(response: Response) -> Response:
    """``Cache-Control: no-store`` on every page that carries an edit token: an edit link's own pages, and any page
    marked by :func:`carries_edit_token`."""
    if request.path.startswith("/e/") or g.get("carries_edit_token"):
        response.headers["Cache-Control"] = "no-store"
    return response
