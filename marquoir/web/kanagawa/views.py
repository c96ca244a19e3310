"""Kanagawa's own pages: the paper sheet, the detailed entry, the Diploma checker, and "how could this have been
built?" (the blueprint ``kanagawa``; what they show is rendered by :mod:`marquoir.web.kanagawa.pages`)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, request

from marquoir.document import parse_table
from marquoir.errors import TableError
from marquoir.games.kanagawa.table import DetailedPlayer, Table
from marquoir.web.documents import BadDocument, bad_document_page, document_or_400, dump, index_in
from marquoir.web.i18n import _
from marquoir.web.kanagawa.pages import (
    KEPT_FIELDS,
    apply_action,
    check_diploma_ticks,
    diploma_page,
    merge_player,
    on_the_spot_document,
    player_fields_ok,
    player_form_for,
    reach_page,
    render_detailed,
    render_figures_page,
    sheet_form_for,
    sheet_players,
    start_choices,
)
from marquoir.web.render import render_results

bp = Blueprint("kanagawa", __name__)


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
        return render_figures_page(doc, form=form, status=422)
    try:
        scored = parse_table({**doc, "players": sheet_players(form, table, diplomas, with_points)})
    except TableError:
        return render_figures_page(doc, form=form, status=422)
    return render_results(scored)


@bp.post("/detailed")
def detailed() -> Any:
    """One step of the detailed entry: the current player's fields are written into the game, then the pressed
    button is done (add, move or remove a card, change player, score, check the Diplomas)."""
    doc, table = _kanagawa_game(request.form.get("table"))
    current = index_in(request.form.get("current"), len(table.players)) or 0
    form = player_form_for(table)()
    player = table.players[current]
    form.start.choices = start_choices(player.start if isinstance(player, DetailedPlayer) else "S1")
    form.validate()
    action = request.form.get("action", "")
    if not player_fields_ok(form):
        message = _("Some entries need correcting (marked below); nothing was changed yet.")
        return render_detailed(doc, current, form=form, status=422, message=message)
    merge_player(doc, table, current, form)
    outcome = apply_action(doc, table, current, action, form)
    try:
        changed = parse_table(doc)
    except TableError as error:
        return bad_document_page(BadDocument(error.path, error.message))
    assert isinstance(changed, Table)
    table = changed
    if isinstance(outcome, str):
        form.table.data = dump(doc)
        return render_detailed(doc, current, form=form, status=422, message=outcome)
    if action == "score":
        return render_results(table)
    if action == "diplomas":
        return diploma_page(doc, table, current)
    return render_detailed(doc, outcome, keep={name: form[name].data for name in KEPT_FIELDS})


@bp.post("/diplomas")
def diplomas() -> Any:
    """Every Diploma of the families in play for one player: met or not, the deciding figure and the cards."""
    doc, table = _kanagawa_game(request.form.get("table"))
    return diploma_page(doc, table, index_in(request.form.get("player"), len(table.players)))


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
