"""Dates and times as people write them, in Marquoir's languages: day, month, year ("1 December 2026"; French
« 1er décembre 2026 », the first of the month written *1er*, Imprimerie nationale, *Lexique des règles
typographiques*, "Dates"), and the time on a 24-hour clock ("20:30").

The words of the months come from Babel's locale data (CLDR); the order and the French *1er* are written here,
since CLDR's long French date writes the first of the month "1". Without a language, the current one
(:func:`marquoir.i18n.get_language`).
"""

from __future__ import annotations

from datetime import date, datetime

from babel.dates import format_date as babel_date
from babel.dates import format_time as babel_time

from marquoir.i18n import _, check_lang, get_language, language

#: The pattern of each length (CLDR date patterns): the day first, then the month, then the year.
_PATTERNS = {"long": "MMMM y", "short": "MMM y", "day-month": "MMMM"}


def _lang(lang: str | None) -> str:
    return check_lang(lang) if lang is not None else get_language()


def _day(moment: date, lang: str) -> str:
    """The day of the month: French writes the first *1er* (Imprimerie nationale), every other day as a figure."""
    if lang == "fr" and moment.day == 1:
        return "1er"
    return str(moment.day)


def format_date(moment: date, lang: str | None = None, length: str = "long") -> str:
    """A day as written in ``lang``: ``long`` "1 December 2026" / « 1er décembre 2026 », ``short`` "1 Dec 2026" /
    « 1er déc. 2026 », ``day-month`` "1 December" / « 1er décembre » (no year). A :class:`datetime` gives its day."""
    lang = _lang(lang)
    if length not in _PATTERNS:
        raise ValueError(f"length: {length!r} (choose {', '.join(_PATTERNS)})")
    rest = babel_date(moment, _PATTERNS[length], locale=lang)
    return f"{_day(moment, lang)} {rest}"


def format_time(moment: datetime, lang: str | None = None) -> str:
    """A time of day on a 24-hour clock: "20:30" (English and French pages alike write hours and minutes)."""
    return babel_time(moment, "HH:mm", locale=_lang(lang))


def format_datetime(moment: datetime, lang: str | None = None, length: str = "long") -> str:
    """A day and its time: "1 December 2026 at 20:30" / « 1er décembre 2026 à 20:30 » (``length`` as for
    :func:`format_date`)."""
    lang = _lang(lang)
    with language(lang):
        template = _("{date} at {time}")
    return template.format(date=format_date(moment, lang, length), time=format_time(moment, lang))


__all__ = ["format_date", "format_datetime", "format_time"]
