"""The web app's language: chosen per request, switched with a small form, and the ``_`` of the pages.

One mechanism for the whole app (:mod:`marquoir.i18n`): each request runs inside ``language(lang)``, so the
pages (domain ``web``), the core's explanations and issues (domain ``core``) and the printed sheets (domain
``sheets``) all come out in the same language. The language is the one the person chose with the switch (a
cookie), else the best match of the browser's ``Accept-Language`` among :data:`marquoir.i18n.LANGUAGES`, else
English. The switch is a plain form (no JavaScript): on a page showing a game, it carries the game's table
document so that switching language loses nothing.
"""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, Flask, Response, g, redirect, request
from flask.typing import ResponseReturnValue

from marquoir.i18n import LANGUAGE_NAMES, LANGUAGES, N_, get_language, language, translations

bp = Blueprint("language", __name__)

#: The cookie that remembers the language chosen with the switch (a year).
COOKIE = "marquoir_lang"
COOKIE_AGE = 365 * 24 * 3600
DOMAIN = "web"
#: Words of the game the pages show (form choices, the picker's suggestions) that the core's catalogue does not
#: hold; it translates the seasons, landscapes, subjects and colours.
GAME_WORDS = (N_("storm"), N_("brush"), N_("assistant"), N_("arrow"), N_("keep"), N_("Harmony"))
#: The keywords that mark a string of the ``web`` domain in marquoir/web/*.py and templates/.
KEYWORDS = {"_": None, "_l": None, "N_": None}
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


def sheets_gettext(message: str) -> str:
    """``message`` from the printed sheets' catalogue in the current language (the charts' words)."""
    lang = get_language()
    return message if lang == LANGUAGES[0] else translations(lang, "sheets").gettext(message)


def chosen_language() -> str:
    """The language of this request: the switch's cookie, else the browser's preference, else English."""
    cookie = request.cookies.get(COOKIE, "")
    if cookie in LANGUAGES:
        return cookie
    return request.accept_languages.best_match(LANGUAGES, default=LANGUAGES[0]) or LANGUAGES[0]


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


@bp.post("/language")
def switch() -> ResponseReturnValue:
    """Remember the chosen language; come back to the page (a game on the page is shown again, in the new
    language, from the table document the switch carried)."""
    lang = request.form.get("lang", "")
    if lang not in LANGUAGES:
        lang = chosen_language()
    with language(lang):
        table_text = request.form.get("table")
        if table_text:
            response = _game_again(table_text, request.form.get("back", ""))
        else:
            response = redirect(safe_next(request.form.get("next")), code=303)
        response.set_cookie(COOKIE, lang, max_age=COOKIE_AGE, samesite="Lax", httponly=True)
        response.headers["Content-Language"] = lang
        return response


def _game_again(table_text: str, back: str) -> Response:
    from flask import make_response

    from marquoir.web.helpers import document_or_400

    _doc, table = document_or_400(table_text)
    if back == "results":
        from marquoir.web.results import render_results

        body, status = render_results(table)
        return make_response(body, status)
    from marquoir.web import results

    return make_response(results.edit())


def install(app: Flask) -> None:
    """Every request in its language; the switch's data for the templates; ``<html lang>``."""
    app.before_request(_enter_language)
    app.teardown_request(_leave_language)
    app.after_request(_vary)
    app.jinja_env.globals.update(current_language=get_language, language_switch=switch_context)


def web_messages() -> dict[str, list[str]]:
    """Every string of the ``web`` domain with where it is written (``file:line``): the marked strings of
    ``marquoir/web/*.py`` and of the page templates (``templates/``, but not ``templates/sheets``, the ``sheets``
    domain). The French catalogue must translate each of them (``tests/web/test_web_i18n.py``)."""
    from pathlib import Path

    from babel.messages.extract import extract_from_file

    from marquoir.web import template_folder

    here = Path(__file__).resolve().parent
    found: dict[str, list[str]] = {}

    def add(message: str | tuple[str, ...], where: str) -> None:
        found.setdefault(message if isinstance(message, str) else message[0], []).append(where)

    for source in sorted(here.glob("*.py")):
        for line, message, _comments, _context in extract_from_file("python", source, keywords=KEYWORDS):
            add(message, f"{source.name}:{line}")
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
