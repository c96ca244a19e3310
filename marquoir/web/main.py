"""Home (a new game, an import, the dispute checker), the rule decisions, a health check."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template

from marquoir.core.reader import MAX_DOCUMENT_CHARS
from marquoir.document import load_table
from marquoir.errors import TableError
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES, EXPANSION_FAMILIES
from marquoir.web import entries
from marquoir.web.forms import ImportForm, NewGameForm
from marquoir.web.i18n import _
from marquoir.web.kanagawa.words import FAMILY_NAMES
from marquoir.web.render import render_results

bp = Blueprint("main", __name__)


def _home(form: NewGameForm, import_form: ImportForm) -> str:
    """The home page: a new game, an import, and Kanagawa's dispute checker (its families to choose from)."""
    return render_template(
        "main/index.html",
        form=form,
        import_form=import_form,
        BASE_FAMILIES=BASE_FAMILIES,
        EXPANSION_FAMILIES=EXPANSION_FAMILIES,
        FAMILY_NAMES=FAMILY_NAMES,
    )


@bp.get("/")
def index() -> str:
    return _home(NewGameForm(), ImportForm())


@bp.post("/new")
def new_game() -> Any:
    """Start a game: the entry page of the chosen game and mode, with the players set up."""
    form = NewGameForm()
    if not form.validate_on_submit():
        return _home(form, ImportForm(formdata=None)), 422
    return entries.new_game(form)


@bp.post("/import")
def import_table() -> Any:
    """Read an uploaded or pasted table document and show its results (errors name the place)."""
    form = ImportForm()
    if not form.validate_on_submit():
        return _import_error(form)
    upload = form.document.data
    text = ""
    if upload is not None and upload.filename:
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
    if not table.players:
        form.text.errors = [_("The document could not be read at %(path)s: %(message)s") % {
            "path": "players", "message": _("the game has no player")}]
        return _import_error(form)
    return render_results(table)


def _import_error(form: ImportForm) -> Any:
    return _home(NewGameForm(formdata=None), form), 422


@bp.get("/rules")
def rules() -> str:
    return render_template("main/rules.html")


@bp.get("/healthz")
def healthz() -> tuple[str, int, dict[str, str]]:
    return "ok\n", 200, {"Content-Type": "text/plain; charset=utf-8"}
