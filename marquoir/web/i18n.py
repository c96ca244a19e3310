"""The pages' language and their translation function ``_`` (this module imports no view).

One mechanism for the whole app (:mod:`marquoir.i18n`): each request runs inside ``language(lang)``, so the
pages (domain ``web``), the games' explanations and issues (domain ``core``) and the printed sheets (domain
``sheets``) all come out in the same language. The language is the one the person chose with the switch (a
cookie), else the best match of the browser's ``Accept-Language`` among :data:`marquoir.i18n.LANGUAGES`, else
English.

Every user-visible sentence of the pages is a literal passed through :func:`_` (translated in the request's
language) or :func:`_l` (the same, but when shown: module constants, form labels); words of the game (seasons,
subjects, landscapes) go through ``_`` too and come from the core's catalogue. A counted message goes through
:func:`ngettext` (a template global too), never a "(s)".
"""

from __future__ import annotations

import re
from datetime import date, datetime
from pathlib import Path
from typing import Any

from babel.support import LazyProxy
from flask import Flask, Response, g, request

from marquoir.dates import format_date, format_datetime
from marquoir.i18n import LANGUAGE_NAMES, LANGUAGES, get_language, language, translations
from marquoir.web.paths import template_folder

#: The cookie that remembers the language chosen with the switch (a year).
COOKIE = "marquoir_lang"
COOKIE_AGE = 365 * 24 * 3600
DOMAIN = "web"
#: The keywords that mark a string of the ``web`` domain in marquoir/web/**.py and templates/ (``ngettext``: the
#: singular and the plural of a counted message).
KEYWORDS: dict[str, Any] = {"_": None, "_l": None, "N_": None, "ngettext": (1, 2)}
#: A ``next`` address the switch may send back to: a path of this site, never another host.
_SAFE_NEXT = re.compile(r"^/(?![/\\])[^\s]*$")


def gettext(message: str) -> str:
    """``message`` in the current language: the ``web`` catalogue, then the core's (the words of the game and the
    categories, which the core translates already)."""
    lang = get_language()
    if lang == LANGUAGES[0]:
        return message
    found = translations(lang, DOMAIN).gettext(message)
    if found == message:
        found = translations(lang, "core").gettext(message)
    return found


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """A counted message in the request's language, formatted: the form for ``num`` (English: the singular for 1;
    French: for 0 and 1, the catalogue's ``Plural-Forms``) of the ``web`` catalogue, else the core's, with
    ``%(num)d`` and ``variables`` filled in. In a template: ``{{ ngettext('%(num)d problem', '%(num)d problems',
    placed | length) }}``, ``{{ ngettext('%(num)d card of %(name)s', '%(num)d cards of %(name)s', n, name=p.name)
    }}`` (Flask-Babel's signature)."""
    lang = get_language()
    text = singular if num == 1 else plural
    if lang != LANGUAGES[0]:
        for domain in (DOMAIN, "core"):
            found = translations(lang, domain)
            if (singular, 0) in getattr(found, "_catalog", {}):
                text = found.ngettext(singular, plural, num)
                break
    return text % {"num": num, **variables}


def _(text: str) -> str:
    """A user-visible string in the request's language (:func:`gettext`). Called at import time (module
    constants), it gives the English source, which the templates translate where they show it."""
    return gettext(text)


def _l(text: str) -> Any:
    """A string translated each time it is shown, for module constants and form labels (made at import, shown in
    the language of each request): a :class:`babel.support.LazyProxy` that behaves as the translated ``str``."""
    return LazyProxy(gettext, text, enable_cache=False)


def sheets_gettext(message: str) -> str:
    """``message`` from the printed sheets' catalogue in the current language (the charts' words)."""
    lang = get_language()
    return message if lang == LANGUAGES[0] else translations(lang, "sheets").gettext(message)


def chosen_language() -> str:
    """The language of this request: the switch's cookie, else the browser's preference, else English. The JSON
    API (``/api/``) has one rule for every message it writes: ``Accept-Language``, else English; never the
    cookie, which a client of the API neither sets nor sees."""
    cookie = request.cookies.get(COOKIE, "")
    if cookie in LANGUAGES and not request.path.startswith("/api/"):
        return cookie
    return request.accept_languages.best_match(LANGUAGES, default=LANGUAGES[0]) or LANGUAGES[0]


def safe_next(value: str | None) -> str:
    """A path of this site to go back to; the home page for anything else (an open redirect is refused)."""
    if value and _SAFE_NEXT.match(value):
        return value
    return "/"


def switch_context() -> dict[str, Any]:
    """What the language switch of ``base.html`` needs: the languages, the current one, and where to come back."""
    return {
        "languages": [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES],
        "current": get_language(),
        "next": request.full_path.rstrip("?") if request.method == "GET" else "/",
    }


def _enter_language() -> None:
    manager = language(chosen_language())
    manager.__enter__()
    g.marquoir_language = manager


def _leave_language(_error: BaseException | None) -> None:
    manager = g.pop("marquoir_language", None)
    if manager is not None:
        manager.__exit__(None, None, None)


def _vary(response: Response) -> Response:
    response.vary.add("Accept-Language")
    response.vary.add("Cookie")
    if "Content-Language" not in response.headers:
        response.headers["Content-Language"] = get_language()
    return response


def init_app(app: Flask) -> None:
    """Every request in its language; the translation function and the switch's data for the templates."""
    app.before_request(_enter_language)
    app.teardown_request(_leave_language)
    app.after_request(_vary)
    app.jinja_env.globals.update(_=_, ngettext=ngettext, current_language=get_language, language_switch=switch_context)
    app.jinja_env.filters.update(day=day_text, day_and_time=day_and_time_text)


def day_text(moment: date, length: str = "long") -> str:
    """A day in the page's language (:func:`marquoir.dates.format_date`); in a template ``{{ moment | day }}``:
    "1 December 2026", « 1er décembre 2026 »; ``{{ moment | day('short') }}``: « 1er déc. 2026 »."""
    return format_date(moment, get_language(), length)


def day_and_time_text(moment: datetime, length: str = "long") -> str:
    """A day and its time in the page's language (:func:`marquoir.dates.format_datetime`); in a template
    ``{{ moment | day_and_time }}``: "1 December 2026 at 20:30", « 1er décembre 2026 à 20:30 »."""
    return format_datetime(moment, get_language(), length)


def web_messages() -> dict[str, list[str]]:
    """Every string of the ``web`` domain with where it is written (``file:line``): the marked strings of
    ``marquoir/web/**.py`` and of the page templates (``templates/``, but not ``templates/sheets``, the ``sheets``
    domain). The French catalogue must translate each of them (``tests/web/test_web_i18n.py``)."""
    from babel.messages.extract import extract_from_file

    here = Path(__file__).resolve().parent
    found: dict[str, list[str]] = {}

    def add(message: str | tuple[str, ...], where: str) -> None:
        found.setdefault(message if isinstance(message, str) else message[0], []).append(where)

    for source in sorted(here.rglob("*.py")):
        for line, message, _comments, _context in extract_from_file("python", source, keywords=KEYWORDS):
            add(message, f"{source.relative_to(here)}:{line}")
    templates = Path(template_folder())
    options = {"trim_blocks": "true", "lstrip_blocks": "true"}
    for page in sorted(templates.rglob("*.html")):
        if page.relative_to(templates).parts[0] == "sheets":
            continue
        for line, message, _comments, _context in extract_from_file(
            "jinja2.ext:babel_extract", page, keywords=KEYWORDS, options=options
        ):
            add(message, f"{page.relative_to(templates)}:{line}")
    return found
