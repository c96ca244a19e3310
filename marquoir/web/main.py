"""Home (a new game — in a group, or a rematch of a saved game — an import, the dispute checker), the rule
decisions, a health check.

A new game started from a group's page (``/?group=<token>``) offers the group's players' names as one types (an
HTML ``<datalist>``: no script) and is saved in that group by default; a rematch (``/?rematch=<share token>``)
fills the form with the saved game's players, game and families (or goal colours), in its group when this browser
has that group's link already (a game's read-only link never gives its group's away)."""

from __future__ import annotations

from typing import Any

from babel.lists import format_list
from flask import Blueprint, abort, render_template, request, session

from marquoir.core.reader import MAX_DOCUMENT_CHARS
from marquoir.document import load_table, table_to_document
from marquoir.errors import TableError
from marquoir.games import GAMES
from marquoir.i18n import get_language
from marquoir.storage import Group, get_group, get_group_by_token, names_of
from marquoir.web import drafts
from marquoir.web.db import get_engine, get_game_or_404, readiness
from marquoir.web.forms import ImportForm, NewGameBase, NewGameForm, rematch_data
from marquoir.web.i18n import _
from marquoir.web.plug import Shown, plugs
from marquoir.web.render import error_page
from marquoir.web.security import carries_edit_token
from marquoir.web.share import is_token

bp = Blueprint("main", __name__)

#: The session's key of the group a game being entered was started in (its results page saves it there first).
PLAYING_IN = "playing_in"
#: The session's key of the groups this browser opened (their tokens).
GROUPS = "groups"
#: The most names a new game's form offers.
OFFERED_NAMES = 200


def _group_or_404(token: str) -> Group:
    if not is_token(token):
        abort(404)
    group = get_group_by_token(get_engine(), token)
    if group is None:
        abort(404)
    carries_edit_token()  # the page holds the group's link
    return group


def _home(
    form: NewGameBase, import_form: ImportForm, group: Group | None = None, status: int = 200,
    import_failed: bool = False,
) -> Any:
    """The home page: a new game (in ``group``: its players' names offered), an import, and what each game's plug
    adds (a dispute checker)."""
    names = names_of(get_engine(), group_id=group.id, limit=OFFERED_NAMES) if group is not None else []
    body = render_template(
        "main/index.html",
        form=form,
        import_form=import_form,
        group=group,
        names=names,
        import_failed=import_failed,
        game_titles=format_list([_(GAMES[name].title) for name in plugs()], style="or", locale=get_language()),
        player_ranges=" ".join(
            _("%(game)s: %(least)d to %(most)d players.") % {
                "game": _(GAMES[name].title), "least": GAMES[name].min_players, "most": GAMES[name].max_players}
            for name in plugs()),
    )
    return body, status


@bp.get("/")
def index() -> Any:
    """A new game; ``group`` starts it in a group, ``rematch`` from a saved game (its read-only token)."""
    group_token = request.args.get("group", "")
    rematch = request.args.get("rematch", "")
    group = _group_or_404(group_token) if group_token else None
    if rematch:
        game = get_game_or_404(rematch)
        try:
            form = NewGameForm(data=rematch_data(game.table))
        except TableError as error:  # a document saved by an older Marquoir that this one no longer reads
            message = _("This saved game cannot be read any more (%(path)s: %(message)s).") % {
                "path": error.path, "message": error.message}
            return error_page(500, _("Game not readable"), message)
        if group is None and game.group_id is not None:
            mine = get_group(get_engine(), game.group_id)
            if mine is not None and mine.token in session.get(GROUPS, []):
                group = _group_or_404(mine.token)
    else:
        form = NewGameForm()
    if group is not None:
        form.group.data = group.token
    return _home(form, ImportForm(), group)


@bp.post("/new")
def new_game() -> Any:
    """Start a game: its draft, and ``303`` to its entry page (the chosen game and mode, the players set up; in
    the group it was started from, remembered for its results page)."""
    form = NewGameForm()
    token = (form.group.data or "").strip()
    group = _group_or_404(token) if token else None
    if not form.validate_on_submit():
        return _home(form, ImportForm(formdata=None), group, 422)
    if group is not None:
        session[PLAYING_IN] = group.token
    else:
        session.pop(PLAYING_IN, None)
    return drafts.keep(form.new_document(), Shown(fresh=True))


@bp.post("/import")
def import_table() -> Any:
    """Read an uploaded or pasted table document: ``303`` to its results, kept as a draft (errors name the place,
    above the text as pasted, where the page opens: :func:`_import_error`)."""
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
    return drafts.keep(table_to_document(table), results=True)


def _import_error(form: ImportForm) -> Any:
    """The home page again with the import's error at its form: above the field in error, which has the focus
    (the page opens there), and the text pasted kept."""
    return _home(NewGameForm(formdata=None), form, None, 422, import_failed=True)


@bp.get("/rules")
def rules() -> str:
    return render_template("main/rules.html")


@bp.get("/healthz")
def healthz() -> tuple[str, int, dict[str, str]]:
    """The process lives and answers (nothing else is asked: a load balancer restarts a process that does not)."""
    return "ok\n", 200, {"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"}


@bp.get("/readyz")
def readyz() -> tuple[str, int, dict[str, str]]:
    """The process can serve saved games: its database answers, at the schema this code needs; 503 saying why
    when not (a load balancer sends no one to it meanwhile)."""
    problem = readiness()
    headers = {"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"}
    if problem is not None:
        return f"not ready: {problem}\n", 503, headers
    return "ready\n", 200, headers
