"""The language switch: a plain form (no JavaScript) that remembers the choice in a cookie and comes back to the
page. On a page showing a game it carries the game: on a draft's entry page its buttons send the entry form
itself (HTML's ``form`` attribute), so that the figures typed and not sent yet are kept in the draft; elsewhere the
game's table document. Either way the game is kept in its draft and the answer is ``303`` to the draft's page, in
the new language (:mod:`marquoir.web.drafts`)."""

from __future__ import annotations

from flask import Blueprint, current_app, redirect, request
from flask.typing import ResponseReturnValue
from werkzeug.wrappers import Response

from marquoir.i18n import LANGUAGES, language
from marquoir.web import drafts
from marquoir.web.documents import document_or_400, index_in
from marquoir.web.i18n import COOKIE, COOKIE_AGE, chosen_language, safe_next
from marquoir.web.plug import Shown

bp = Blueprint("language", __name__)


@bp.post("/language")
def switch() -> ResponseReturnValue:
    """Remember the chosen language; come back to the page (a game on the page is kept in its draft, with the
    entries typed on its page, and shown again in the new language)."""
    lang = request.form.get("lang", "")
    if lang not in LANGUAGES:
        lang = chosen_language()
    with language(lang):
        table_text = request.form.get("table")
        response: Response
        if table_text:
            doc, table = document_or_400(table_text)
            if request.form.get("back", "") == "results":
                response = drafts.keep(doc, results=True)
            else:
                player = index_in(request.form.get("current"), len(table.players))
                response = drafts.keep(doc, Shown(player=player), form=drafts.pending_fields())
        else:
            response = redirect(safe_next(request.form.get("next")), code=303)
        if response.status_code == 303:
            response.set_cookie(
                COOKIE, lang, max_age=COOKIE_AGE, samesite="Lax", httponly=True,
                secure=current_app.config["COOKIES_SECURE"],
            )
        response.headers["Content-Language"] = lang
        return response
