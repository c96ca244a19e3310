"""Saved games in the web app: save from the results page, the games list, a game's page with its history,
correct an entry and save the correction, delete with a confirmation, and the downloads (issue 5, items 1, 2, 4).

The views are thin over :mod:`marquoir.storage`. A game is reached two ways: its *share* token opens it
read-only (``/s/<token>``) and its *edit* token opens it for correcting and deleting (``/e/<token>``); the
routes that change a game take only the edit token. While a saved game is being corrected, its edit token and
the version that was opened travel in the entry forms (hidden fields, :func:`editing_fields`) next to the table
document, like everything else of the game being entered; a correction of an older version than the saved one is
refused with a clear message and nothing lost. Any storage failure (a locked database, a full disk) shows what
happened and offers the game back as it was typed.

The games this browser saved are remembered in the signed session cookie (their ids and edit tokens, the newest
:data:`REMEMBERED` ones), so that the list offers "correct" next to them.
"""

from __future__ import annotations

import re
import threading
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from babel.dates import format_date, format_datetime
from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    current_app,
    flash,
    g,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.typing import ResponseReturnValue
from markupsafe import Markup
from sqlalchemy.engine import Engine

from marquoir import Table, TableError, dump_table, parse_table, score
from marquoir.i18n import N_, get_language
from marquoir.reports.charts import game_bars_svg
from marquoir.reports.export import games_csv
from marquoir.storage import (
    EditConflict,
    GameNotFound,
    GameVersion,
    SavedGame,
    StorageError,
    all_games,
    correct_game,
    count_games,
    database_url,
    delete_game,
    game_history,
    get_game_by_edit_token,
    get_game_by_share_token,
    list_games,
    open_database,
    save_game,
)
from marquoir.web.forms import TableForm
from marquoir.web.helpers import _, document_or_400, dump, place_issues
from marquoir.web.i18n import sheets_gettext
from marquoir.web.share import edit_url, is_token, qr_svg, share_url

bp = Blueprint("games", __name__)

#: Games per page of the list.
PAGE_SIZE = 20
#: How many games saved from this browser the session remembers (ids and edit tokens).
REMEMBERED = 30
EXTENSION = "marquoir.storage"
_VERSION = re.compile(r"[0-9]{1,9}")


# ---------------------------------------------------------------- the database of the app


@dataclass
class Storage:
    """The app's database: its URL, the engine once opened, the last error when it could not be opened."""

    url: str
    engine: Engine | None = None
    error: StorageError | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)


def open_storage(app: Flask) -> Storage:
    """Open the app's database once, in ``create_app``: ``DATABASE_URL`` from the app's configuration or the
    environment, else a SQLite file in the instance folder (created and migrated on first run). When it cannot
    be opened the app still scores games; the saved-games pages say why, and opening is tried again."""
    configured = app.config.get("DATABASE_URL")
    try:
        url = str(configured) if configured else database_url(app.instance_path)
    except StorageError as error:
        state = Storage("", None, error)
    else:
        state = Storage(url)
        try:
            state.engine = open_database(url)
        except StorageError as error:
            state.error = error
    app.extensions[EXTENSION] = state
    return state


def engine() -> Engine:
    """The app's database engine; :class:`StorageError` when it cannot be opened."""
    state: Storage = current_app.extensions[EXTENSION]
    if state.engine is not None:
        return state.engine
    with state.lock:  # several requests may find it closed at once: one opens it
        if state.engine is None:
            if not state.url:
                assert state.error is not None
                raise state.error
            state.engine = open_database(state.url)
            state.error = None
        return state.engine


def storage_message(error: StorageError) -> str:
    """What a person reads when the database failed, by the error's reason (the storage's own wording is English
    and technical; this one says what to do)."""
    messages = {
        "busy": _("The database is busy with another save: nothing was saved. Everything you entered is kept "
                  "below; try again in a moment."),
        "full": _("The disk or the database is full: nothing was saved. Everything you entered is kept below; "
                  "download the game (JSON) so that it is not lost."),
        "unavailable": _("The saved games cannot be reached (the database cannot be opened or written): nothing "
                         "was saved. Everything you entered is kept below."),
    }
    return messages.get(error.reason, _("The database refused the save: nothing was saved. Everything you "
                                        "entered is kept below."))


def unavailable_page(error: StorageError) -> ResponseReturnValue:
    """A page that only reads saved games, when the database cannot answer."""
    messages = {
        "busy": _("The database is busy with another save: try again in a moment."),
        "full": _("The disk or the database is full."),
        "unavailable": _("The saved games cannot be reached right now (the database cannot be opened)."),
    }
    message = messages.get(error.reason, _("The database could not answer."))
    return render_template("main/error.html", code=503, title=_("Saved games unavailable"), message=message), 503


# ---------------------------------------------------------------- a correction in progress


@dataclass(frozen=True)
class Editing:
    """A saved game being corrected: its edit token and the version that was opened."""

    token: str
    version: int


def editing() -> Editing | None:
    """The saved game whose correction this request carries (hidden fields ``edit`` and ``version``), if any."""
    if g.get("editing_off"):
        return None
    token = request.form.get("edit") if request.method == "POST" else None
    version = request.form.get("version", "") if request.method == "POST" else ""
    if not is_token(token) or not _VERSION.fullmatch(version):
        return None
    assert token is not None
    return Editing(token, int(version))


def editing_fields() -> Markup:
    """The hidden fields that keep a correction's edit token and version in every form of the entry pages."""
    current = editing()
    if current is None:
        return Markup("")
    return Markup('<input type="hidden" name="edit" value="{}"><input type="hidden" name="version" value="{}">').format(
        current.token, current.version
    )


def notify(message: str, **values: Any) -> None:
    """A message for the next page, kept untranslated (with its values) so that it is shown in the language of
    the page that shows it (``templates/_flashes.html``)."""
    flash([message, values])


def _remember(game: SavedGame) -> None:
    saved = [entry for entry in session.get("saved", []) if entry[0] != game.id]
    saved.append([game.id, game.edit_token])
    session["saved"] = saved[-REMEMBERED:]


def _forget(game_id: int) -> None:
    session["saved"] = [entry for entry in session.get("saved", []) if entry[0] != game_id]


def _remembered() -> dict[int, str]:
    found: dict[int, str] = {}
    for entry in session.get("saved", []):
        if isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], int) and is_token(entry[1]):
            found[entry[0]] = entry[1]
    return found


# ---------------------------------------------------------------- saving and correcting


def _results_again(table: Table, message: str, status: int, *, editing_off: bool = False) -> ResponseReturnValue:
    """The results page of the game as typed, with ``message`` above it: nothing the person entered is lost."""
    from marquoir.web.results import render_results

    g.storage_message = message
    if editing_off:
        g.editing_off = True
    body, _status = render_results(table)
    return body, status


@bp.post("/games/save")
def save() -> ResponseReturnValue:
    """Save the game on the results page; its page (with its links) comes next."""
    _doc, table = document_or_400(request.form.get("table"))
    try:
        saved = save_game(engine(), table)
    except StorageError as error:
        return _results_again(table, storage_message(error), 503)
    _remember(saved)
    notify(N_("The game is saved."))
    return redirect(url_for("games.editor", token=saved.edit_token), code=303)


@bp.post("/games/correct")
def correct() -> ResponseReturnValue:
    """Save a correction of a saved game (its edit token and the version that was opened come with the form)."""
    _doc, table = document_or_400(request.form.get("table"))
    current = editing()
    if current is None:
        abort(404)
    try:
        saved = correct_game(engine(), current.token, table, expected_version=current.version)
    except GameNotFound:
        message = _("This game is no longer saved (it was deleted): the correction was not saved. The corrected "
                    "game is kept below: you can save it as a new game.")
        return _results_again(table, message, 404, editing_off=True)
    except EditConflict as error:
        message = _("Someone saved another correction of this game since you opened it (it is now at version "
                    "%(found)d, you corrected version %(expected)d): yours was not saved. It is kept below: save "
                    "it as a new game, or reopen the saved game and correct it again.") % {
            "found": error.found, "expected": error.expected}
        g.conflict_token = current.token
        return _results_again(table, message, 409, editing_off=True)
    except StorageError as error:
        return _results_again(table, storage_message(error), 503)
    _remember(saved)
    notify(N_("The correction is saved (version %(version)d)."), version=saved.version)
    return redirect(url_for("games.editor", token=saved.edit_token), code=303)


@bp.get("/e/<token>/delete")
def confirm_delete(token: str) -> ResponseReturnValue:
    """Ask before deleting: the game's results in short, and the button."""
    game = game_by_edit(token)
    if not isinstance(game, SavedGame):
        return game
    return render_template("games/delete.html", game=game, when=_when(game.played_at), players=_lines(game.report))


@bp.post("/e/<token>/delete")
def delete(token: str) -> ResponseReturnValue:
    if not is_token(token):
        abort(404)
    try:
        game_id = delete_game(engine(), token)
    except GameNotFound:
        abort(404)
    except StorageError as error:
        return unavailable_page(error)
    _forget(game_id)
    notify(N_("The game is deleted, with its history."))
    return redirect(url_for("games.index"), code=303)


# ---------------------------------------------------------------- the list


@bp.get("/games")
def index() -> ResponseReturnValue:
    """Saved games, newest first; ``player`` searches by name (accents and capitals ignored); ``page``."""
    player = (request.args.get("player") or "").strip()[:100]
    page_text = request.args.get("page", "1")
    page = int(page_text) if _VERSION.fullmatch(page_text) and int(page_text) > 0 else 1
    try:
        total = count_games(engine(), player=player or None)
        pages = max(1, -(-total // PAGE_SIZE))
        page = min(page, pages)
        games = list_games(engine(), player=player or None, limit=PAGE_SIZE, offset=(page - 1) * PAGE_SIZE)
    except StorageError as error:
        return unavailable_page(error)
    mine = _remembered()
    rows = [
        {"game": game, "when": _when(game.played_at), "edit": mine.get(game.id)}
        for game in games
    ]
    return render_template("games/list.html", rows=rows, player=player, page=page, pages=pages, total=total)


# ---------------------------------------------------------------- one game


def _when(moment: datetime) -> str:
    return format_date(moment, format="long", locale=get_language())


def _when_time(moment: datetime) -> str:
    return format_datetime(moment, format="medium", locale=get_language())


def _lines(report: Any) -> list[dict[str, Any]]:
    winners = set(report.get("winners", ()))
    return [{"name": p["name"], "total": p["total"], "rank": p["rank"], "winner": p["name"] in winners}
            for p in report.get("players", ())]


def game_by_edit(token: str) -> SavedGame | ResponseReturnValue:
    if not is_token(token):
        abort(404)
    try:
        game = get_game_by_edit_token(engine(), token)
    except StorageError as error:
        return unavailable_page(error)
    if game is None:
        abort(404)
    return game


def game_by_share(token: str) -> SavedGame | ResponseReturnValue:
    if not is_token(token):
        abort(404)
    try:
        game = get_game_by_share_token(engine(), token)
    except StorageError as error:
        return unavailable_page(error)
    if game is None:
        abort(404)
    return game


def shown_report(table: Table, stored: Any) -> dict[str, Any]:
    """The stored report (its figures are the record) with its words — explanations and issues — written again in
    the page's language by the core."""
    fresh = score(table)
    data = dict(stored)
    fresh_json = fresh.to_json()
    if len(fresh_json["players"]) == len(stored.get("players", ())):
        data["players"] = [
            dict(old, explanations=new.get("explanations", {}))
            for old, new in zip(stored["players"], fresh_json["players"], strict=True)
        ]
    data["issue_objects"] = list(fresh.issues)
    return data


def _game_page(game: SavedGame, *, can_edit: bool) -> ResponseReturnValue:
    try:
        history = game_history(engine(), game.id)
    except StorageError as error:
        return unavailable_page(error)
    version_text = request.args.get("version", "")
    shown: SavedGame | GameVersion = game
    if _VERSION.fullmatch(version_text) and int(version_text) != game.version:
        chosen = next((v for v in history if v.version == int(version_text)), None)
        if chosen is None:
            abort(404)
        shown = chosen
    try:
        table = parse_table(dict(shown.document))
    except TableError as error:  # a document saved by an older Marquoir that this one no longer reads
        message = _("This saved game cannot be read any more (%(path)s: %(message)s).") % {
            "path": error.path, "message": error.message}
        return render_template("main/error.html", code=500, title=_("Game not readable"), message=message), 500
    report = shown_report(table, shown.report)
    names = [p["name"] for p in report["players"]]
    by_cell: dict[tuple[int | None, str | None], list[Any]] = defaultdict(list)
    placed = place_issues(report["issue_objects"], names)
    for item in placed:
        by_cell[(item.player, item.row)].append(item)
    link = share_url(game.share_token)
    context = {
        "game": game,
        "shown_version": shown.version,
        "table": table,
        "report": report,
        "placed": placed,
        "issues": by_cell,
        "when": _when(game.played_at),
        "history": [
            {"version": v.version, "saved": _when_time(v.saved_at), "players": _lines(v.report)} for v in history
        ],
        "chart": Markup(game_bars_svg(report, lang=get_language(), gettext=sheets_gettext)),
        "share_link": link,
        "qr": qr_svg(link, _("QR code of the read-only link")),
        "can_edit": can_edit,
        "edit_link": edit_url(game.edit_token) if can_edit else None,
        "form": TableForm(formdata=None, data={"table": dump(dict(shown.document))}),
        "base": url_for("games.editor" if can_edit else "games.shared",
                        token=game.edit_token if can_edit else game.share_token),
    }
    return render_template("games/game.html", **context)


@bp.get("/s/<token>")
def shared(token: str) -> ResponseReturnValue:
    """A saved game, read-only (its share link)."""
    game = game_by_share(token)
    if not isinstance(game, SavedGame):
        return game
    return _game_page(game, can_edit=False)


@bp.get("/e/<token>")
def editor(token: str) -> ResponseReturnValue:
    """A saved game with what only its edit link allows: correct an entry, delete."""
    game = game_by_edit(token)
    if not isinstance(game, SavedGame):
        return game
    _remember(game)
    return _game_page(game, can_edit=True)


# ---------------------------------------------------------------- downloads


@bp.get("/s/<token>/table.json")
def table_document(token: str) -> ResponseReturnValue:
    """The table document of a saved game (at its current version), to keep or import elsewhere."""
    game = game_by_share(token)
    if not isinstance(game, SavedGame):
        return game
    return Response(
        dump_table(game.table) + "\n",
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="kanagawa-game-{game.id}.json"'},
    )


@bp.get("/games/export.csv")
def export_csv() -> ResponseReturnValue:
    """Every saved game as CSV: one row per player per game, every category, rank and winner."""
    try:
        games = all_games(engine())
    except StorageError as error:
        return unavailable_page(error)
    response = make_response(games_csv(games))
    response.mimetype = "text/csv"
    response.charset = "utf-8"
    response.headers["Content-Disposition"] = 'attachment; filename="kanagawa-games.csv"'
    return response


def install(app: Flask) -> None:
    """Open the database; the template helpers of a correction in progress."""
    open_storage(app)
    app.jinja_env.globals.update(editing=editing, editing_fields=editing_fields)
    app.jinja_env.filters["long_date"] = _when


