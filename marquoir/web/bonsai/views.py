"""Bonsai's own pages: the paper sheet and the tile-by-tile entry, with the small JSON answer its script asks for
after each tap (the blueprint ``bonsai``; what they show is rendered by :mod:`marquoir.web.bonsai.pages` and
:mod:`marquoir.web.bonsai.tiles`)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, jsonify, request
from flask.typing import ResponseReturnValue

from marquoir.errors import TableError
from marquoir.games.bonsai.document import parse_table
from marquoir.games.bonsai.table import DetailedPlayer, Table
from marquoir.web import drafts
from marquoir.web.bonsai.grid import PotView, pot_view, why_view
from marquoir.web.bonsai.pages import check_goal_ticks, sheet_form_for, sheet_players
from marquoir.web.bonsai.reach import reach_page
from marquoir.web.bonsai.tiles import (
    Refused,
    apply_action,
    fields_ok,
    live_parts,
    merge_player,
    tiles_form_for,
)
from marquoir.web.documents import BadDocument, bad_document_page, document_or_400, index_in, read_document
from marquoir.web.i18n import _
from marquoir.web.plug import Shown
from marquoir.web.render import error_page

bp = Blueprint("bonsai", __name__, url_prefix="/bonsai", static_folder="static", static_url_path="/static")


@bp.app_template_global("bonsai_pot")
def bonsai_pot(player: Any) -> PotView | None:
    """The drawing of a detailed player's bonsai, for the results page (``None`` for a player from the sheet)."""
    return pot_view(player, margin=0) if isinstance(player, DetailedPlayer) else None


@bp.app_template_global("bonsai_why")
def bonsai_why(player: Any, category: str) -> PotView | None:
    """The small drawing beside a results explanation, its tiles marked (``None``: no drawing for it)."""
    return why_view(player, category) if isinstance(player, DetailedPlayer) else None


def _bonsai_game(text: str | None) -> tuple[dict[str, Any], Table]:
    """The Bonsai game a form carries; another game's document is refused with a 400 naming ``game``."""
    doc, table = document_or_400(text)
    if not isinstance(table, Table):
        abort(bad_document_page(BadDocument("game", _("this page is for Bonsai games"))))
    return doc, table


@bp.post("/sheet")
def sheet() -> Any:
    """Score the sheet, or show it again with every entry kept and each error beside its field."""
    doc, table = _bonsai_game(request.form.get("table"))
    form_class, goals, with_points = sheet_form_for(table)
    form = form_class()
    valid = form.validate_on_submit()
    valid = check_goal_ticks(form, goals, [p.name for p in table.players]) and valid
    if not valid:
        return drafts.keep(doc, Shown(checked=True), form=drafts.pending_fields())
    scored = {**doc, "players": sheet_players(form, table, goals, with_points)}
    try:
        parse_table(scored)
    except TableError:
        return drafts.keep(doc, Shown(checked=True), form=drafts.pending_fields())
    return drafts.keep(scored, results=True)


@bp.post("/reach")
def reach() -> Any:
    """How could this have been built? The deep check's verdict, with a game that ends with the table, turn by turn."""
    doc, table = _bonsai_game(request.form.get("table"))
    return reach_page(doc, table)


def _refused(error: Refused) -> tuple[str, int]:
    message = _("The button pressed is not one of this page’s (action “%(action)s”: %(reason)s).") % {
        "action": error.action, "reason": error.reason}
    return error_page(400, _("Bad request"), message)


@bp.post("/tiles")
def tiles() -> Any:
    """One step of the tile-by-tile entry: the current player's counters, Parchments and goals are written into
    the game, then the pressed button is done (a cell cycled, the pot flipped, a counter stepped, another player,
    the score)."""
    doc, table = _bonsai_game(request.form.get("table"))
    current = index_in(request.form.get("current"), len(table.players)) or 0
    form = tiles_form_for(table)()
    form.validate()
    action = request.form.get("action", "")
    if not fields_ok(form):
        message = _("Some entries need correcting (marked below); nothing was changed yet.")
        return drafts.keep(doc, Shown(player=current, checked=True, message=message), form=drafts.pending_fields())
    if "current" in request.form:
        merge_player(doc, table, current, form)
    try:
        shown = apply_action(doc, table, current, action)
        parse_table(doc)  # the step must leave a readable game
    except Refused as error:
        return _refused(error)
    except TableError as error:
        return bad_document_page(BadDocument(error.path, error.message))
    if action == "score":
        return drafts.keep(doc, Shown(player=current), results=True)
    return drafts.keep(doc, Shown(player=shown))


@bp.post("/tiles/live")
def live() -> ResponseReturnValue:
    """What the page's script redraws after a tap or a change, as JSON: the form as it stands (the document the
    script changed, the counters and ticks) is read as a round trip would read it and written into the page's
    draft (a reload shows it); nothing else is done."""
    try:
        doc, table = read_document(request.form.get("table"))
    except BadDocument as error:
        return jsonify({"error": error.message, "path": error.path}), 400
    if not isinstance(table, Table):
        return jsonify({"error": _("this page is for Bonsai games"), "path": "game"}), 400
    current = index_in(request.form.get("current"), len(table.players)) or 0
    form = tiles_form_for(table)()
    form.validate()
    if fields_ok(form):
        merge_player(doc, table, current, form)
    try:
        parts = live_parts(doc, current)
    except TableError as error:
        return jsonify({"error": error.message, "path": error.path}), 400
    return drafts.keep_live(doc, current) or jsonify(drafts.step_written(parts))


__all__ = ["bonsai_pot", "bonsai_why", "bp"]
