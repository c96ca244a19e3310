"""Time zones: Marquoir keeps every moment in UTC and says it, or reads it, in a time zone people live in (IANA
names through :mod:`zoneinfo`: ``Europe/Paris``). A group has one (:class:`marquoir.storage.Group`'s
``time_zone``); a game outside any group, or in a group without one, has the deployment's default: the
``MARQUOIR_TIME_ZONE`` setting (the web app's ``TIME_ZONE``), else UTC.

A date typed without a time is the day at noon in its zone (never the moment of saving, whose clock would be
another day's in another zone), so that the day stays the day typed wherever it is shown."""

from __future__ import annotations

import os
from datetime import UTC, date, datetime, time, tzinfo
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

#: The setting naming the default time zone.
SETTING = "MARQUOIR_TIME_ZONE"
#: The default when the setting says none.
FALLBACK = "UTC"
#: The time of a day typed without one.
NOON = time(12, 0)


def check_zone(name: str) -> str:
    """``name`` when it is an IANA time zone name (``Europe/Paris``), else :class:`ValueError` saying so."""
    text = name.strip()
    if not text or len(text) > 64 or text.startswith("/") or ".." in text:
        raise ValueError(f"{name!r} is not a time zone name (such as Europe/Paris)")
    try:
        ZoneInfo(text)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"{name!r} is not a time zone name (such as Europe/Paris)") from None
    return text


@cache
def zone(name: str | None) -> tzinfo:
    """The time zone ``name`` (checked), or the default one for ``None`` or an empty name."""
    if not name:
        return default_zone()
    return ZoneInfo(check_zone(name))


def default_zone() -> tzinfo:
    """The deployment's time zone: ``MARQUOIR_TIME_ZONE``, else UTC (a wrong name: :class:`ValueError`)."""
    return ZoneInfo(check_zone(os.environ.get(SETTING) or FALLBACK))


def local(moment: datetime, where: tzinfo) -> datetime:
    """A moment (UTC, or naive UTC) as the clock of ``where`` shows it."""
    aware = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    return aware.astimezone(where)


def from_local(day: date, clock: time | None, where: tzinfo) -> datetime:
    """The UTC moment of ``day`` at ``clock`` (noon when ``None``) on the clocks of ``where`` (a time the clocks
    skip or show twice at a change of summer time is read with the offset before the change: PEP 495's fold 0)."""
    return datetime.combine(day, clock or NOON).replace(tzinfo=where).astimezone(UTC)
