"""Tally's web plug: its blueprint (an entry page of the paper sheet's figures, one row a player), what the new-game
form starts it with, and how the shared views show its entry page again — everything the game needs of
:mod:`marquoir.web.plug`, written as a simple game writes it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Blueprint, abort, render_template, request
from wtforms import IntegerField

from marquoir.web import drafts
from marquoir.web.documents import document_or_400, dump
from marquoir.web.plug import Shown, WebPlug
from support.toygame.game import NAME, Table

bp = Blueprint(NAME, __name__, url_prefix="/tally", template_folder=str(Path(__file__).parent / "templates"))


def _page(doc: dict[str, Any], status: int = 200, error: str | None = None) -> tuple[str, int]:
    return render_template("tally/sheet.html", doc=doc, table_json=dump(doc), error=error), status


@bp.post("/sheet")
def sheet() -> Any:
    """The figures typed: each player's round scores (``rounds-N``, numbers apart) and bonus; then the results."""
    doc, table = document_or_400(request.form.get("table"))
    if table.game != NAME:
        abort(400)
    players = []
    for index, player in enumerate(doc["players"]):
        words = request.form.get(f"rounds-{index}", "").split()
        if not all(w.isdigit() for w in words):
            return _page(doc, 422, f"players[{index}].rounds: whole numbers, apart")
        bonus = request.form.get(f"bonus-{index}", "0").strip() or "0"
        players.append({**player, "rounds": [int(w) for w in words], "bonus": int(bonus) if bonus.isdigit() else 0})
    return drafts.keep({**doc, "players": players}, results=request.form.get("action") == "score")


def new_document(form: Any, choice: str) -> dict[str, Any]:
    return {"game": NAME, "rounds": int(form.tally_rounds.data or 3),
            "players": [{"name": name, "rounds": [], "bonus": 0} for name in form.player_names()]}


def page(doc: dict[str, Any], *_args: Any) -> tuple[str, int]:
    return _page(doc)


def kept_page(doc: dict[str, Any], table: Table, shown: Shown) -> tuple[str, int]:
    return _page(doc)


PLUG = WebPlug(
    blueprint=bp,
    choices={NAME: "Tally"},
    setup_fields={"tally_rounds": IntegerField("Rounds played", default=3)},
    setup_template="tally/_setup.html",
    new_document=new_document,
    rematch_data=lambda table: {"game": NAME, "tally_rounds": table.rounds},
    detailed_label="Tally has one entry page",
    new_page=page,
    edit_page=page,
    kept_page=kept_page,
    entry_form=lambda table: ("tally-form", "score"),
    entry_paths=frozenset({"/tally/sheet"}),
    resendable=("/tally/sheet",),
    limits={"tally.sheet": "100/minute"},
)
