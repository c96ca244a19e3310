"""The app's security settings: the largest request, the Content-Security-Policy of every page, and what a
deployment says about itself (its public address, the host names it answers to, HTTPS).

A deployment is described by the environment (or the app's configuration, which wins):

- ``MARQUOIR_BASE_URL`` (``BASE_URL``): the public address, e.g. ``https://scores.example.org``; share and edit
  links and their QR codes are built from it, never from the request's ``Host`` header;
- ``MARQUOIR_TRUSTED_HOSTS`` (``TRUSTED_HOSTS``): the host names the app answers to, separated by commas; a request
  for any other gets 400;
- ``MARQUOIR_HTTPS=1``: the app is reached through HTTPS (behind a reverse proxy): its cookies are ``Secure`` and
  links are written ``https://``;
- ``MARQUOIR_PROXIES=N`` (0–99; 0 or unset: none): the app is behind N reverse proxies, whose ``X-Forwarded-For``
  and ``X-Forwarded-Proto`` it believes (the client's address, for the abuse limits and the log, is then the one
  the proxy saw, and the scheme is the proxy's); ``MARQUOIR_PROXY_ADDRESS`` (``PROXY_ADDRESS``) is the address
  the nearest proxy connects from (default ``127.0.0.1``; ``*`` for any: then the app must be reachable only
  through the proxy);
- ``MARQUOIR_JOB_TIMEOUT`` (seconds, 1–600, default 15) and ``MARQUOIR_JOB_MEMORY`` (MiB, 256–65536, default 1536):
  the bounds of one deep check or PDF (:mod:`marquoir.web.workers`); keep the proxy's read timeout above the first;
- ``MARQUOIR_RATE_LIMITS=off``: no abuse limits (:mod:`marquoir.web.limits`), for a server only trusted people reach;
- ``MARQUOIR_PUBLIC_LIST=off`` (``PUBLIC_LIST``): no list of the games saved outside any group, and no statistics or
  download of them (a club server where every group keeps to its link); ``marquoir export`` still exports
  everything.

A value that cannot be used (a number out of its range, an unknown time zone; the counters' storage of
:mod:`marquoir.web.limits`) is a :class:`SettingError` naming the variable and what it accepts: the app does not
start (``marquoir serve`` says why and exits 1), rather than run with a setting it was not given.

Behind HTTPS (the request came as ``https``, or ``MARQUOIR_HTTPS``), every answer says
``Strict-Transport-Security``: a browser that came once never goes back to plain HTTP.
"""

from __future__ import annotations

import logging
import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import current_app, g, request
from werkzeug.wrappers import Response

from marquoir.zones import check_zone


class SettingError(ValueError):
    """A setting of the deployment (an environment variable) that cannot be used: the app refuses to start, with a
    message naming the variable and what it accepts."""


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
    proxies = _whole(env, "MARQUOIR_PROXIES", 0, 99, "reverse proxies in front of the app")
    if proxies:
        config["PROXIES"] = proxies
    address = env.get("MARQUOIR_PROXY_ADDRESS", "").strip()
    if address:
        config["PROXY_ADDRESS"] = address
    timeout = _whole(env, "MARQUOIR_JOB_TIMEOUT", 1, 600, "seconds")
    if timeout is not None:
        config["JOB_TIMEOUT"] = float(timeout)
    memory = _whole(env, "MARQUOIR_JOB_MEMORY", 256, 65536, "MiB")
    if memory is not None:
        config["JOB_MEMORY"] = memory * 1024 * 1024
    if env.get("MARQUOIR_RATE_LIMITS", "").strip().lower() in ("0", "off", "no", "false"):
        config["RATE_LIMITS_ENABLED"] = False
    if env.get("MARQUOIR_PUBLIC_LIST", "").strip().lower() in ("0", "off", "no", "false"):
        config["PUBLIC_LIST"] = False
    if env.get("MARQUOIR_TIME_ZONE", "").strip():
        try:
            config["TIME_ZONE"] = check_zone(env["MARQUOIR_TIME_ZONE"])
        except ValueError as error:
            raise SettingError(f"MARQUOIR_TIME_ZONE: {error}") from None
    if env.get("MARQUOIR_HTTPS", "").strip().lower() in ("1", "yes", "true", "on"):
        config.update(SESSION_COOKIE_SECURE=True, PREFERRED_URL_SCHEME="https", COOKIES_SECURE=True)
    return config


#: The HSTS policy sent behind HTTPS: a year (RFC 6797).
STRICT_TRANSPORT_SECURITY = "max-age=31536000"


#: The file of the instance folder that keeps the secret key made when none is set.
SECRET_KEY_FILE = "secret_key"
LOG = logging.getLogger("marquoir.web")


def secret_key(instance_folder: str) -> str:
    """The key that signs sessions and forms when ``MARQUOIR_SECRET_KEY`` is unset: the one kept in the instance
    folder, made (and kept, readable by its owner only) the first time, with a warning that several processes
    need one key (a form made by one is refused by another unless they share it). A key that cannot be kept
    lives as long as the process, with a warning saying so."""
    path = Path(instance_folder) / SECRET_KEY_FILE
    try:
        kept = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        kept = ""
    if len(kept) >= 32:
        LOG.warning("MARQUOIR_SECRET_KEY is not set: using the key kept in %s (several processes need the same "
                    "MARQUOIR_SECRET_KEY, or this same folder)", path)
        return kept
    key = secrets.token_hex(32)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="ascii") as file:
            file.write(key + "\n")
    except OSError as error:
        LOG.warning("MARQUOIR_SECRET_KEY is not set and no key can be kept in %s (%s): forms made before a restart "
                    "will be refused", path, error.strerror)
        return key
    LOG.warning("MARQUOIR_SECRET_KEY is not set: a new key is kept in %s (several processes need the same "
                "MARQUOIR_SECRET_KEY, or this same folder)", path)
    return key


def proxy_settings(config: Mapping[str, Any]) -> dict[str, Any]:
    """Waitress's settings for the reverse proxies ``config`` names (``PROXIES``, ``PROXY_ADDRESS``): which peer
    is trusted, how many hops, and the headers it believes; nothing when the app is reached directly (waitress
    then deletes any ``X-Forwarded-*`` a client sends)."""
    hops = int(config.get("PROXIES") or 0)
    if hops <= 0:
        return {}
    return {
        "trusted_proxy": str(config.get("PROXY_ADDRESS") or "127.0.0.1"),
        "trusted_proxy_count": hops,
        "trusted_proxy_headers": {"x-forwarded-for", "x-forwarded-proto"},
        "clear_untrusted_proxy_headers": True,
    }


def strict_transport(response: Response) -> Response:
    """``Strict-Transport-Security`` on every answer to a request that came through HTTPS."""
    if request.is_secure or current_app.config.get("COOKIES_SECURE"):
        response.headers.setdefault("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY)
    return response


def _whole(env: Mapping[str, str], name: str, low: int, high: int, unit: str) -> int | None:
    """The whole number between ``low`` and ``high`` the variable ``name`` says, ``None`` when it is unset or
    empty; anything else is a :class:`SettingError` naming it and what it accepts (the app does not start with a
    bound it was not given)."""
    text = env.get(name, "").strip()
    if not text:
        return None
    if not text.isascii() or not text.isdigit() or len(text) > 6 or not low <= int(text) <= high:
        shown = text if len(text) <= 20 else text[:20] + "…"
        raise SettingError(f"{name}: {shown!r} is not a whole number from {low} to {high} ({unit})")
    return int(text)


def carries_edit_token() -> None:
    """Mark the page being made as one that shows an edit token (it must never be stored by a cache)."""
    g.carries_edit_token = True


def no_store(response: Response) -> Response:
    """``Cache-Control: no-store`` on every page that carries an edit token: an edit link's own pages, and any page
    marked by :func:`carries_edit_token`; ``private, no-cache`` on a read-only link's pages (its address is a
    secret no shared cache keeps, and a correction changes it: a browser asks again before showing it)."""
    if request.path.startswith("/e/") or g.get("carries_edit_token"):
        response.headers["Cache-Control"] = "no-store"
    elif request.path.startswith("/s/"):
        response.headers["Cache-Control"] = "private, no-cache"
    return response
