"""Home (new game, import), the rule decisions, a health check."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template

from marquoir import TableError, load_table
from marquoir.document import MAX_DOCUMENT_CHARS
from marquoir.web.forms import ImportForm, NewGameForm
from marquoir.web.helpers import _

bp = Blueprint("main", __name__)


@bp.get("/")
def index() -> str:
    return render_template("main/index.html", form=NewGameForm(), import_form=ImportForm())


@bp.post("/new")
def new_game() -> Any:
    """Start a game: the entry page of the chosen mode, with the players set up."""
    form = NewGameForm()
    if not form.validate_on_submit():
        return render_template("main/index.html", form=form, import_form=ImportForm(formdata=None)), 422
    rules: dict[str, bool] = {}
    if not form.storm_on_start_tile.data:
        rules["storm_on_start_tile"] = False
    if not form.joker_counts.data:
        rules["joker_counts_for_identical_landscapes"] = False
    doc: dict[str, Any] = {"game": "kanagawa", "families": form.families()}
    if rules:
        doc["rules"] = rules
    names = form.player_names()
    if form.mode.data == "detailed":
        doc["players"] = [
            {"name": name, "start": f"S{i + 1}", "print": [], "studio": [], "kept": [], "diplomas": [],
             "grand_master": False, "yokai": 0}
            for i, name in enumerate(names)
        ]
        from marquoir.web.detailed import render_detailed

        return render_detailed(doc, current=0, fresh=True)
    doc["players"] = [
        {"name": name, "sheet": {"print_cards": 1, "season_chain": 1, "harmony": 0, "diplomas": [],
                                 "grand_master": False, "yokai": 0}}
        for name in names
    ]
    from marquoir.web.sheet import render_sheet

    return render_sheet(doc, fresh=True)


@bp.post("/import")
def import_table() -> Any:
    """Read an uploaded or pasted table document and show its results (errors name the place)."""
    form = ImportForm()
    if form.validate_on_submit():
        upload = form.document.data
        text = ""
        if upload is not None and getattr(upload, "filename", ""):
            raw = upload.read(MAX_DOCUMENT_CHARS * 4 + 1)
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                form.document.errors = [_("This file is not UTF-8 text.")]
                return _import_error(form)
        if not text.strip():
            text = form.text.data or ""
        if not text.strip():
            form.text.errors = [_("Choose a file or paste a table document.")]
            return _import_error(form)
        try:
            table = load_table(text)
        except TableError as error:
            form.text.errors = [
                _("The document could not be read at %(path)s: %(message)s") % {"path": error.path,
                                                                                 "message": error.message}
            ]
            return _import_error(form)
        from marquoir.web.results import render_results

        return render_results(table)
    return _import_error(form)


def _import_error(form: ImportForm) -> Any:
    return render_template("main/index.html", form=NewGameForm(formdata=None), import_form=form), 422


@bp.get("/rules")
def rules() -> str:
    return render_template("main/rules.html")


@bp.get("/healthz")
def healthz() -> tuple[str, int, dict[str, str]]:
    return "ok\n", 200, {"Content-Type": "text/plain; charset=utf-8"}

