"""Results, "Correct an entry", export, and the Diploma checker (issue 3, items 5 to 7)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from flask import Blueprint, Response, render_template, request

from marquoir import DetailedPlayer, Table, catalogue, diploma_report, dump_table, score, table_to_document
from marquoir.games.kanagawa.tableau import Tableau
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES, EXPANSION_FAMILIES
from marquoir.web.forms import TableForm
from marquoir.web.helpers import _, document_or_400, dump, index_in, place_issues

bp = Blueprint("results", __name__)


def render_results(table: Table, status: int = 200) -> Any:
    """The sheet of results: figures with their explanations, totals, shared places, issues beside entries."""
    report = score(table)
    names = [p.name for p in table.players]
    placed = place_issues(report.issues, names)
    by_cell: dict[tuple[int | None, str | None], list[Any]] = defaultdict(list)
    for item in placed:
        by_cell[(item.player, item.row)].append(item)
    doc = table_to_document(table)
    form = TableForm(formdata=None, data={"table": dump(doc)})
    detailed = [i for i, p in enumerate(table.players) if isinstance(p, DetailedPlayer)]
    body = render_template(
        "game/results.html",
        report=report,
        table=table,
        form=form,
        issues=by_cell,
        placed=placed,
        detailed=detailed,
        reach=reach_available(),
    )
    return body, status


def _explain_reachability() -> Any:
    """The rules engine's ``explain_reachability``, or ``None`` when this installation has no engine."""
    try:
        from marquoir.games.kanagawa.reach import explain_reachability
    except ImportError:
        return None
    return explain_reachability


def reach_available() -> bool:
    """Whether the rules engine can explain how a table could have been built."""
    return _explain_reachability() is not None


#: Seconds the engine may search for one web request.
REACH_TIME_BOUND = 3.0


@bp.post("/reach")
def reach() -> Any:
    """How could this have been built? The engine's verdict per player, with a witness round by round."""
    doc, table = document_or_400(request.form.get("table"))
    explain = _explain_reachability()
    if explain is None:
        message = _("This installation has no rules engine to answer that.")
        return render_template("main/error.html", code=404, title=_("Not available"), message=message), 404
    report = explain(table, time_bound=REACH_TIME_BOUND)
    form = TableForm(formdata=None, data={"table": dump(doc)})
    return render_template("game/reach.html", report=report, form=form)


@bp.post("/edit")
def edit() -> Any:
    """"Correct an entry": back to the entry page with everything kept and the issues beside their entries."""
    doc, table = document_or_400(request.form.get("table"))
    if all(not isinstance(p, DetailedPlayer) for p in table.players):
        from marquoir.web.sheet import render_sheet

        return render_sheet(doc)
    from marquoir.web.detailed import render_detailed

    current = _player_index(table, request.form.get("player"))
    if current is None:
        current = next(i for i, p in enumerate(table.players) if isinstance(p, DetailedPlayer))
    # After the results every issue shows; the one-player Diploma checker is no game, so only entry mistakes do.
    keep = {"all_issues": "1"} if len(table.players) > 1 else {}
    return render_detailed(doc, current=current, keep=keep)


@bp.post("/export")
def export() -> Response:
    """The table document, to save and import later."""
    _doc, table = document_or_400(request.form.get("table"))
    return Response(
        dump_table(table) + "\n",
        mimetype="application/json",
        headers={"Content-Disposition": 'attachment; filename="kanagawa-table.json"'},
    )


@bp.post("/results")
def results() -> Any:
    """The results of the game carried by the form (the Diploma checker's way back)."""
    _doc, table = document_or_400(request.form.get("table"))
    return render_results(table)


def _player_index(table: Table, value: str | None) -> int | None:
    return index_in(value, len(table.players))


@bp.post("/diplomas")
def diplomas() -> Any:
    """Every Diploma of the families in play for one player: met or not, the deciding figure and the cards."""
    doc, table = document_or_400(request.form.get("table"))
    return diploma_page(doc, table, _player_index(table, request.form.get("player")))


def diploma_page(doc: dict[str, Any], table: Table, index: int | None) -> Any:
    if index is None:
        index = next((i for i, p in enumerate(table.players) if isinstance(p, DetailedPlayer)), None)
    player = table.players[index] if index is not None else None
    form = TableForm(formdata=None, data={"table": dump(doc)})
    choices = [(i, p.name) for i, p in enumerate(table.players) if isinstance(p, DetailedPlayer)]
    context = {"form": form, "player": player, "index": index, "choices": choices, "table": table}
    if not isinstance(player, DetailedPlayer):
        message = _("The Diploma checker needs the cards: this player was entered from the sheet's figures.")
        return render_template("game/diplomas.html", checks=None, message=message, **context), 422
    cat = catalogue()
    checks = diploma_report(Tableau.of(player, cat), table.families, table.rules, cat)
    return render_template("game/diplomas.html", checks=checks, message=None, **context)


@bp.get("/diplomas")
def diplomas_on_the_spot() -> Any:
    """The Diploma checker for a Print typed on the spot: one player, entered card by card."""
    families = [f for f in request.args.getlist("families") if f]
    valid = len(families) == 4 and (
        set(families) == set(BASE_FAMILIES)
        or (sum(f in BASE_FAMILIES for f in families) == 2 and sum(f in EXPANSION_FAMILIES for f in families) == 2)
    )
    if not valid:
        families = list(BASE_FAMILIES)
    doc = {
        "game": "kanagawa",
        "families": families,
        "players": [{"name": _("On the spot"), "start": "S1", "print": [], "studio": [], "kept": [], "diplomas": [],
                     "grand_master": False, "yokai": 0}],
    }
    from marquoir.web.detailed import render_detailed

    return render_detailed(doc, current=0, fresh=True)
