"""Kanagawa's own pages: the paper sheet, the detailed entry, the Diploma checker, and "how could this have been
built?" (the blueprint ``kanagawa``; what they show is rendered by :mod:`marquoir.web.kanagawa.pages` and, for the
detailed entry, :mod:`marquoir.web.kanagawa.picker`)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, g, jsonify, redirect, request, url_for
from flask.typing import ResponseReturnValue

from marquoir.document import parse_table
from marquoir.errors import TableError
from marquoir.games.kanagawa.table import Table
from marquoir.web import drafts
from marquoir.web.documents import BadDocument, bad_document_page, document_or_400, index_in, read_document
from marquoir.web.editing import draft_token
from marquoir.web.i18n import _
from marquoir.web.kanagawa.pages import (
    check_diploma_ticks,
    diploma_page,
    on_the_spot_document,
    reach_page,
    sheet_form_for,
    sheet_players,
)
from marquoir.web.kanagawa.picker import detailed_parts, detailed_step, kept_fields, render_detailed
from marquoir.web.plug import Shown
from marquoir.web.security import carries_edit_token

bp = Blueprint("kanagawa", __name__, static_folder="static", static_url_path="/static/kanagawa")


def _kanagawa_game(text: str | None) -> tuple[dict[str, Any], Table]:
    """The Kanagawa game a form carries; another game's document is refused with a 400 naming ``game``."""
    doc, table = document_or_400(text)
    if not isinstance(table, Table):
        abort(bad_document_page(BadDocument("game", _("this page is for Kanagawa games"))))
    return doc, table


@bp.post("/sheet")
def sheet() -> Any:
    """Score the sheet, or show it again with every entry kept and each error beside its field."""
    doc, table = _kanagawa_game(request.form.get("table"))
    form_class, diplomas, with_points = sheet_form_for(table)
    form = form_class()
    valid = form.validate_on_submit()
    valid = check_diploma_ticks(form, diplomas, [p.name for p in table.players]) and valid
    if not valid:
        return drafts.keep(doc, Shown(checked=True), form=drafts.pending_fields())
    scored = {**doc, "players": sheet_players(form, table, diplomas, with_points)}
    try:
        parse_table(scored)
    except TableError:
        return drafts.keep(doc, Shown(checked=True), form=drafts.pending_fields())
    return drafts.keep(scored, results=True)


@bp.post("/detailed")
def detailed() -> Any:
    """One step of the detailed entry: the current player's fields are written into the game, then the pressed
    button is done (add, move or remove a card, change player, score, check the Diplomas)."""
    doc, table = _kanagawa_game(request.form.get("table"))
    current = index_in(request.form.get("current"), len(table.players)) or 0
    action = request.form.get("action", "")
    try:
        step = detailed_step(doc, table, current, action)
    except TableError as error:
        return bad_document_page(BadDocument(error.path, error.message))
    if step.message is not None:
        shown = Shown(player=step.current, checked=True, message=step.message)
        return drafts.keep(step.doc, shown, form=drafts.pending_fields())
    if action == "score":
        return drafts.keep(step.doc, Shown(player=current), results=True)
    if action == "diplomas":
        return _diplomas_shown(step.doc, step.table, current)
    return drafts.keep(step.doc, Shown(player=step.current, keep=kept_fields(step.form)))


@bp.post("/detailed/live")
def detailed_live() -> ResponseReturnValue:
    """A step of the detailed entry asked by the page's script (a card added, moved or removed): the same form and
    the same step as :func:`detailed`, answered with the parts of the page it changed and the game after it, as
    JSON (``picker.detailed_parts``); the game is written into the page's draft, so a reload shows the step."""
    try:
        doc, table = read_document(request.form.get("table"))
    except BadDocument as error:
        return jsonify({"error": error.message, "path": error.path}), 400
    if not isinstance(table, Table):
        return jsonify({"error": _("this page is for Kanagawa games"), "path": "game"}), 400
    current = index_in(request.form.get("current"), len(table.players)) or 0
    try:
        step = detailed_step(doc, table, current, request.form.get("action", ""))
    except TableError as error:
        return jsonify({"error": error.message, "path": error.path}), 400
    return drafts.keep_live(step.doc, step.current) or (jsonify(drafts.step_written(detailed_parts(step))), step.status)


@bp.post("/diplomas")
def diplomas() -> Any:
    """Every Diploma of the families in play for one player: met or not, the deciding figure and the cards."""
    doc, table = _kanagawa_game(request.form.get("table"))
    return _diplomas_shown(doc, table, index_in(request.form.get("player"), len(table.players)))


def _diplomas_shown(doc: dict[str, Any], table: Table, player: int | None) -> Any:
    """The Diploma checker's results for a form sent: with a draft, the game written into it and a ``303`` to the
    results read with GET (post/redirect/get: a reload asks nothing again, issue 18); without one (a game not
    being entered), the page itself."""
    token = draft_token()
    if token is None:
        return diploma_page(doc, table, player)
    kept = drafts.open_draft(token)
    if kept is None or kept.doc != doc:  # (the game as kept stays untouched: its results' save key with it)
        refused = drafts.keep_live(doc, player or 0, force=True)  # a form sent on purpose
        if refused is not None:
            return refused
    return redirect(url_for("kanagawa.diplomas_of_draft", token=token, player=player or 0), code=303)


@bp.get("/d/<token>/diplomas/<int:player>")
def diplomas_of_draft(token: str, player: int) -> Any:
    """The Diploma checker's results of a game being entered, under its draft's link (a reload, Back and another
    phone show them again)."""
    try:
        page = drafts.open_draft(token)
    except BadDocument as error:
        return bad_document_page(error)
    if page is None or not isinstance(page.table, Table):
        abort(404)
    g.draft_token = token
    g.draft_editing = page.editing
    carries_edit_token()
    return diploma_page(page.doc, page.table, index_in(str(player), len(page.table.players)))


@bp.get("/diplomas")
def diplomas_on_the_spot() -> Any:
    """The Diploma checker for a Print typed on the spot: one player, entered card by card."""
    doc = on_the_spot_document([f for f in request.args.getlist("families") if f])
    return render_detailed(doc, current=0, fresh=True)


@bp.post("/reach")
def reach() -> Any:
    """How could this have been built? The engine's verdict per player, with a witness round by round."""
    doc, table = _kanagawa_game(request.form.get("table"))
    return reach_page(doc, table)
