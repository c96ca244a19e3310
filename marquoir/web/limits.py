"""Abuse limits: saves, corrections, deletions and the expensive routes (the deep check, PDFs, the JSON API) are
limited per client, with the ``limits`` library (the rate limiting of Flask-Limiter's authors) keeping a moving
window per client and route in memory (each key expires with its window: nothing grows without bound). A client
over its limit gets a 429 page that says when to try again and offers what it sent, so nothing typed is lost.

The limits are :data:`LIMITS`, changed with the ``RATE_LIMITS`` setting (endpoint → "N/minute;M/day"); they are on
unless the app is a test app (``TESTING``), or as ``RATE_LIMITS_ENABLED`` says. Clients are told apart by their
address (behind a reverse proxy, set ``MARQUOIR_PROXIES``: :mod:`marquoir.web.security`).

Where the counters live is ``MARQUOIR_LIMITS_STORAGE`` (``LIMITS_STORAGE``): ``memory`` (the default: each process
counts its own, right for one process), ``database`` (the app's database, :mod:`marquoir.storage.rate_limits`:
every process on it counts the same hits), or the URI of a Redis server (``redis://host:6379/0``, ``rediss://``,
``redis+unix://``, ``redis+sentinel://``, ``redis+cluster://``; Python client ``redis``) or of Memcached
(``memcached://host:11211``; client ``pymemcache``), through the ``limits`` library's storages: ``pip install
'marquoir[limits]'``. A URI of another kind, a missing client or a server that does not answer stops the app at
start with a :class:`~marquoir.web.security.SettingError` naming the setting. The database and Memcached keep fixed
windows (a minute from the first hit), memory and Redis moving ones; a storage that stops answering later lets
requests through (logged), rather than refusing everyone. Every answer of the JSON API carries the RateLimit
header fields of the IETF draft (``RateLimit-Limit``, ``-Remaining``, ``-Reset``,
``-Policy``), and its 429 is its error object (code ``RATE_LIMITED``).
"""

from __future__ import annotations

import logging
import math
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import limits.errors
from flask import Flask, current_app, render_template, request
from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage, MovingWindowSupport, Storage, storage_from_string
from limits.strategies import FixedWindowRateLimiter, MovingWindowRateLimiter, RateLimiter
from sqlalchemy.engine import Engine

from marquoir.storage import StorageError
from marquoir.storage.rate_limits import add_hits, clear_hits, hits_of, take_hits
from marquoir.web.api_errors import api_error, is_api_request
from marquoir.web.i18n import _
from marquoir.web.plug import plugs
from marquoir.web.security import SettingError

LOG = logging.getLogger("marquoir.limits")

EXTENSION = "marquoir.limits"
#: Endpoint → its limits per client (each game's plug adds its own endpoints': ``limits``).
LIMITS: dict[str, str] = {
    "saved.save": "20/minute;400/day",
    "saved.correct": "20/minute;400/day",
    "saved.delete": "20/minute;400/day",
    "saved.change_details": "20/minute;400/day",
    "groups.create": "10/minute;100/day",
    "groups.rename": "20/minute;400/day",
    "groups.merge": "20/minute;400/day",
    "groups.set_zone": "20/minute;400/day",
    "groups.export_csv": "30/minute",
    "groups.export_bgstats": "30/minute",
    "saved.export_csv": "30/minute",
    "printing.blank": "30/minute",
    "printing.saved_sheet": "30/minute",
    "printing.game_sheet": "30/minute",
    "api.api_score": "120/minute",
    "api.api_check": "60/minute",
    # The table link (marquoir.web.table): a phone polls at most every 2 s (30/minute; phones of one table may
    # share an address), each seat's writes.
    "table.start": "20/minute;200/day",
    "table.review": "20/minute;400/day",
    "table.write": "240/minute;6000/day",
    "table.status": "150/minute",
    "table.seat_shared": "60/minute;1000/day",
    "table.host_shared": "60/minute;1000/day",
    # Not endpoints: every write of a game being entered (marquoir.web.drafts), and those that start a new draft;
    # the games saved into one group, whoever saves them (counted per group, not per client).
    "groups.saves": "60/minute;1000/day",
    "drafts.write": "240/minute;10000/day",
    "drafts.new": "30/minute;300/day",
}


class DatabaseStorage(Storage):
    """The ``limits`` storage of counters kept in the app's database (:mod:`marquoir.storage.rate_limits`)."""

    STORAGE_SCHEME = ["marquoir+database"]  # noqa: RUF012  (the base class's annotation)

    def __init__(self, engine: Callable[[], Engine]) -> None:
        super().__init__()
        self.engine = engine

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return StorageError

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        return add_hits(self.engine(), key, int(expiry), amount)

    def get(self, key: str) -> int:
        return hits_of(self.engine(), key)[0]

    def get_expiry(self, key: str) -> float:
        return hits_of(self.engine(), key)[1]

    def check(self) -> bool:
        try:
            hits_of(self.engine(), "check")
        except StorageError:
            return False
        return True

    def reset(self) -> int | None:
        clear_hits(self.engine())
        return None

    def clear(self, key: str) -> None:
        clear_hits(self.engine(), key)

    def take(self, items: list[RateLimitItem], *identifiers: str) -> float | None:
        """Every limit of one request checked and counted in one write (the fixed windows' counters of
        ``FixedWindowRateLimiter``, by its keys): when one is reached, the moment its window ends; else ``None``."""
        return take_hits(self.engine(), [(i.key_for(*identifiers), i.get_expiry(), i.amount) for i in items])


#: The URI schemes of the counters' servers (the ``limits`` library's storages), and the options that bound how long
#: one count may wait for its server (seconds), unless the URI says otherwise.
SERVER_SCHEMES = {
    "redis": ("redis", {"socket_connect_timeout": 2, "socket_timeout": 2}),
    "rediss": ("redis", {"socket_connect_timeout": 2, "socket_timeout": 2}),
    "redis+unix": ("redis", {"socket_connect_timeout": 2, "socket_timeout": 2}),
    "redis+sentinel": ("redis", {"socket_connect_timeout": 2, "socket_timeout": 2}),
    "redis+cluster": ("redis", {"socket_connect_timeout": 2, "socket_timeout": 2}),
    "memcached": ("pymemcache", {"connect_timeout": 2, "timeout": 2}),
}
SETTING = "MARQUOIR_LIMITS_STORAGE"


def limits_storage(setting: str) -> Storage:
    """The counters' storage a setting names: ``memory``, ``database`` or the URI of a Redis or Memcached server
    (:data:`SERVER_SCHEMES`), which must answer now; else :class:`SettingError` naming the setting."""
    chosen = setting.strip() or "memory"
    if chosen == "memory":
        return MemoryStorage()
    if chosen == "database":
        from marquoir.web.db import get_engine

        return DatabaseStorage(get_engine)
    shown = _without_password(chosen)
    scheme = chosen.partition("://")[0].lower() if "://" in chosen else ""
    if scheme not in SERVER_SCHEMES:
        raise SettingError(f"{SETTING}: {shown!r} is not memory, database, nor the URI of a Redis or Memcached "
                           f"server ({', '.join(s + '://' for s in SERVER_SCHEMES)})")
    client, bounds = SERVER_SCHEMES[scheme]
    try:
        found = storage_from_string(chosen, wrap_exceptions=True, **bounds)
    except limits.errors.ConfigurationError as error:
        raise SettingError(f"{SETTING}: {shown}: {error} (the Python client {client} is needed: pip install "
                           f"'marquoir[limits]')") from None
    except (ValueError, TypeError) as error:
        raise SettingError(f"{SETTING}: {shown!r} is not a usable URI ({error})") from None
    if not isinstance(found, Storage) or not found.check():
        raise SettingError(f"{SETTING}: the counters' server at {shown} does not answer (is it running, and is the "
                           "address right?)")
    return found


def _without_password(uri: str) -> str:
    """A URI as an error may show it: without the password it may carry (``scheme://user:password@host``)."""
    scheme, _sep, rest = uri.partition("://")
    credentials, at, place = rest.rpartition("@")
    if not at or ":" not in credentials:
        return uri
    return f"{scheme}://{credentials.partition(':')[0]}:***@{place}"


@dataclass
class Limits:
    """One app's limits and their counters."""

    by_endpoint: dict[str, list[RateLimitItem]]
    limiter: RateLimiter

    def refused(self, endpoint: str, client: str) -> float | None:
        """Seconds until ``client`` may use ``endpoint`` again when it is over a limit (counting this use when not);
        ``None`` too when the counters cannot be reached (logged)."""
        items = self.by_endpoint.get(endpoint)
        if not items:
            return None
        try:
            if isinstance(self.limiter.storage, DatabaseStorage):  # one write, not a read and a write per limit
                reset_at = self.limiter.storage.take(items, endpoint, client)
                return None if reset_at is None else max(reset_at - time.time(), 1.0)
            for item in items:
                if not self.limiter.test(item, endpoint, client):
                    reset = self.limiter.get_window_stats(item, endpoint, client).reset_time
                    return max(reset - time.time(), 1.0)
            for item in items:
                self.limiter.hit(item, endpoint, client)
        except (StorageError, limits.errors.StorageError, OSError) as error:
            LOG.warning("the abuse limits' counters cannot be reached (%s): %s let through", error, endpoint)
        return None

    def headers(self, endpoint: str, client: str) -> dict[str, str]:
        """The RateLimit header fields (draft-ietf-httpapi-ratelimit-headers-06) of ``client`` on ``endpoint``:
        the limit with the fewest requests left, how many are left and in how many seconds one frees."""
        items = self.by_endpoint.get(endpoint)
        if not items:
            return {}
        now = time.time()
        try:
            shown = min(((item, self.limiter.get_window_stats(item, endpoint, client)) for item in items),
                        key=lambda pair: pair[1].remaining)  # fmt: skip
        except (StorageError, limits.errors.StorageError, OSError):  # logged by refused()
            return {}
        item, stats = shown
        return {
            "RateLimit-Limit": str(item.amount),
            "RateLimit-Remaining": str(max(stats.remaining, 0)),
            "RateLimit-Reset": str(max(math.ceil(stats.reset_time - now), 0)),
            "RateLimit-Policy": ", ".join(f"{i.amount};w={i.get_expiry()}" for i in items),
        }


def init_app(app: Flask) -> None:
    """Count every limited request before its view runs."""
    enabled = app.config.get("RATE_LIMITS_ENABLED")
    if enabled is None:
        enabled = not app.testing
    if not enabled:
        return
    games = {endpoint: text for p in plugs().values() for endpoint, text in p.limits.items()}
    chosen = {**LIMITS, **games, **app.config.get("RATE_LIMITS", {})}
    setting = str(app.config.get("LIMITS_STORAGE") or os.environ.get("MARQUOIR_LIMITS_STORAGE", "memory"))
    storage = limits_storage(setting)
    limiter: RateLimiter = (MovingWindowRateLimiter(storage) if isinstance(storage, MovingWindowSupport)
                            else FixedWindowRateLimiter(storage))  # fmt: skip
    app.extensions[EXTENSION] = Limits({endpoint: parse_many(text) for endpoint, text in chosen.items()}, limiter)
    app.before_request(_check)
    app.after_request(_rate_headers)


def _rate_headers(response: Any) -> Any:
    """Every API answer says where its client stands against the limits (RateLimit-* header fields)."""
    limits: Limits | None = current_app.extensions.get(EXTENSION)
    if limits is not None and is_api_request():
        response.headers.update(limits.headers(request.endpoint or "", request.remote_addr or "unknown"))
    return response


def _check() -> Any:
    wait = over_limit(request.endpoint or "")
    return None if wait is None else refusal(wait)


def over_limit(key: str, who: str | None = None) -> float | None:
    """Seconds this client (or ``who``, such as a group) must wait before doing ``key`` again (an endpoint, or a
    kind of write such as ``drafts.write``), counting this use when it is not over; ``None`` when limits are off."""
    limits: Limits | None = current_app.extensions.get(EXTENSION)
    if limits is None:
        return None
    return limits.refused(key, who or request.remote_addr or "unknown")


def refusal(wait: float) -> Any:
    """The 429 answer of a client over its limit: when to try again, and what it sent offered back."""
    minutes = max(1, math.ceil(wait / 60))
    message = _("Too many requests of this kind from here in a short time: wait %(minutes)d min and send again. "
                "Nothing is lost: what you sent is kept below.") % {"minutes": minutes}
    resend = None
    if request.method == "POST":
        resend = [(k, v) for k, v in request.form.items(multi=True) if k != "csrf_token"]
    if is_api_request():
        response = api_error("RATE_LIMITED", _("Too many requests of this kind from this address: try again in "
                                               "%(seconds)d s.") % {"seconds": math.ceil(wait)}, request.path)
    else:
        body = render_template("main/error.html", code=429, title=_("Too many requests"), message=message,
                               resend=resend)
        response = current_app.make_response((body, 429))
    response.headers["Retry-After"] = str(math.ceil(wait))
    return response
