"""The pages of a game being entered, read with GET under its draft's token (:mod:`marquoir.web.drafts`): its
entry page as it was left (``/d/<token>``) and its results (``/d/<token>/results``). Each is what a form of the
entry pages answers ``303`` to; a draft's link opens the game on another phone too. An unknown or expired draft
is a 404 page that says so."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, g, jsonify
from flask.typing import ResponseReturnValue

from marquoir.web import plug
from marquoir.web.documents import BadDocument, bad_document_page
from marquoir.web.drafts import DraftPage, autosave, open_draft
from marquoir.web.i18n import _
from marquoir.web.render import error_page, render_results
from marquoir.web.security import carries_edit_token
from marquoir.web.share import is_token

bp = Blueprint("draft_pages", __name__)


def _draft_or_404(token: str) -> DraftPage | Response | tuple[str, int]:
    """The draft of ``token`` read, its page's state set (the forms carry its token); else the page saying why."""
    try:
        page = open_draft(token)
    except BadDocument as error:
        return bad_document_page(error)
    if page is None:
        return error_page(404, _("Game no longer kept"), _(
            "There is no game being entered at this link: it is not this site’s, or the game was left unchanged "
            "for more than 14 days and is no longer kept. A game saved stays under its own link."))
    g.draft_token = token
    g.draft_editing = page.editing
    g.draft_save_key = page.save_key
    g.draft_table = page.table  # the table link is offered when the game's seats can cut it (web/table.py)
    g.draft_version = page.version
    carries_edit_token()  # the page holds the draft's link (and a correction's edit token): never cached
    return page


@bp.get("/d/<token>")
def entry(token: str) -> Any:
    """The entry page of the game being entered, as it was left."""
    page = _draft_or_404(token)
    if not isinstance(page, DraftPage):
        return page
    return plug.show(page.doc, page.table, page.shown)


@bp.post("/d/<token>/autosave")
def keep_typed(token: str) -> ResponseReturnValue:
    """What an entry page's script sends as it is typed, written into the draft unless a newer copy is kept
    (:func:`marquoir.web.drafts.autosave`); JSON."""
    if not is_token(token):
        return jsonify({"saved": False}), 404
    body, status = autosave(token)
    return jsonify(body), status


@bp.get("/d/<token>/results")
def results(token: str) -> Any:
    """The results of the game being entered (saving them twice saves one game: their save key is the draft's)."""
    page = _draft_or_404(token)
    if not isinstance(page, DraftPage):
        return page
    return render_results(page.table)
