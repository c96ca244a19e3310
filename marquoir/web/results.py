"""The results of any game carried by a form, "Correct an entry", and the download of its table document. The
first two keep the game in its draft and answer ``303`` to the draft's page (:mod:`marquoir.web.drafts`)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, request

from marquoir.document import dump_table
from marquoir.web import drafts
from marquoir.web.documents import document_or_400, index_in
from marquoir.web.plug import Shown

bp = Blueprint("results", __name__)


@bp.post("/results")
def results() -> Any:
    """The results of the game carried by the form (the Diploma checker's way back)."""
    doc, _table = document_or_400(request.form.get("table"))
    return drafts.keep(doc, results=True)


@bp.post("/edit")
def edit() -> Any:
    """"Correct an entry": back to the game's entry page with everything kept and the issues beside their
    entries."""
    doc, table = document_or_400(request.form.get("table"))
    return drafts.keep(doc, Shown(player=index_in(request.form.get("player"), len(table.players))))


@bp.post("/export")
def export() -> Response:
    """The table document, to save and import later."""
    _doc, table = document_or_400(request.form.get("table"))
    return Response(
        dump_table(table) + "\n",
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="{table.game}-table.json"'},
    )
