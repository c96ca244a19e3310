"""The language switch: a plain form (no JavaScript) that remembers the choice in a cookie and comes back to the
page. On a page showing a game, it carries the game's table document, so that switching language loses nothing."""

from __future__ import annotations

from flask import Blueprint, current_app, make_response, redirect, request
from flask.typing import ResponseReturnValue
from werkzeug.wrappers import Response

from marquoir.i18n import LANGUAGES, language
from marquoir.web import entries
from marquoir.web.documents import document_or_400
from marquoir.web.i18n import COOKIE, COOKIE_AGE, chosen_language, safe_next
from marquoir.web.render import render_results

bp = Blueprint("language", __name__)


@bp.post("/language")
def switch() -> ResponseReturnValue:
    """Remember the chosen language; come back to the page (a game on the page is shown again, in the new
    language, from the table document the switch carried)."""
    lang = request.form.get("lang", "")
    if lang not in LANGUAGES:
        lang = chosen_language()
    with language(lang):
        table_text = request.form.get("table")
        response: Response
        if table_text:
            doc, table = document_or_400(table_text)
            if request.form.get("back", "") == "results":
                body, status = render_results(table)
            else:
                body, status = entries.edit(doc, table)
            response = make_response(body, status)
        else:
            response = redirect(safe_next(request.form.get("next")), code=303)
        response.set_cookie(
            COOKIE, lang, max_age=COOKIE_AGE, samesite="Lax", httponly=True, secure=current_app.config["COOKIES_SECURE"]
        )
        response.headers["Content-Language"] = lang
        return response
