"""Saved games: save from the results page, the games list, a game's page with its history, correct an entry and
save the correction, delete with a confirmation, and the downloads.

The views are thin over :mod:`marquoir.storage`, through :mod:`marquoir.web.db` (whose one error handler answers
a failed database, keeping a game being saved as it was typed). A game is reached two ways: its *share* token
opens it read-only (``/s/<token>``) and its *edit* token opens it for correcting and deleting (``/e/<token>``); the
routes that change a game take only the edit token. A correction carries its edit token and the version that was
opened (:mod:`marquoir.web.editing`); a correction of an older version than the saved one is refused with a clear
message and nothing lost.

The games this browser saved are remembered in the signed session cookie (their ids and edit tokens, the newest
:data:`REMEMBERED` ones), so that the list offers "correct" next to them.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from babel.dates import format_date, format_datetime
from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    flash,
    g,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from marquoir.document import dump_table, parse_table
from marquoir.errors import TableError
from marquoir.games import AnyTable, game_of
from marquoir.i18n import N_, get_language
from marquoir.reports.charts import game_bars_svg
from marquoir.reports.export import csv_chunks
from marquoir.scoring import score
from marquoir.storage import (
    EditConflict,
    GameNotFound,
    GameVersion,
    SavedGame,
    correct_game,
    count_games,
    delete_game,
    game_history,
    list_games,
    save_game,
    stream_reports,
)
from marquoir.web.db import get_engine, get_game_or_404
from marquoir.web.documents import document_or_400, dump
from marquoir.web.editing import editing, is_number
from marquoir.web.forms import TableForm
from marquoir.web.i18n import _, sheets_gettext
from marquoir.web.render import (
    category_labels,
    error_page,
    issues_by_cell,
    place_issues,
    results_again,
    shown_categories,
)
from marquoir.web.security import carries_edit_token
from marquoir.web.share import edit_url, is_token, qr_svg, share_url

bp = Blueprint("saved", __name__)

#: Games per page of the list.
PAGE_SIZE = 20
#: How many games saved from this browser the session remembers (ids and edit tokens).
REMEMBERED = 30


def notify(message: str, **values: Any) -> None:
    """A message for the next page, kept untranslated (with its values) so that it is shown in the language of
    the page that shows it (``templates/_flashes.html``)."""
    flash([message, values])  # type: ignore[arg-type]  # (Flask keeps any JSON value; its hint says str)


def _remember(game: SavedGame) -> None:
    saved = [entry for entry in session.get("saved", []) if entry[0] != game.id]
    saved.append([game.id, game.edit_token])
    session["saved"] = saved[-REMEMBERED:]


def _forget(game_id: int) -> None:
    session["saved"] = [entry for entry in session.get("saved", []) if entry[0] != game_id]


def _remembered() -> dict[int, str]:
    """The games this browser saved: id → edit token (a page that shows them must not be cached)."""
    found: dict[int, str] = {}
    for entry in session.get("saved", []):
        if isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], int) and is_token(entry[1]):
            found[entry[0]] = entry[1]
    if found:
        carries_edit_token()
    return found


# ---------------------------------------------------------------- saving and correcting


@bp.post("/games/save")
def save() -> ResponseReturnValue:
    """Save the game on the results page; its page (with its links) comes next."""
    _doc, table = document_or_400(request.form.get("table"))
    saved = save_game(get_engine(), table, score(table))
    _remember(saved)
    notify(N_("The game is saved."))
    return redirect(url_for("saved.editor", token=saved.edit_token), code=303)


@bp.post("/games/correct")
def correct() -> ResponseReturnValue:
    """Save a correction of a saved game (its edit token and the version that was opened come with the form)."""
    _doc, table = document_or_400(request.form.get("table"))
    current = editing()
    if current is None:
        abort(404)
    try:
        saved = correct_game(get_engine(), current.token, table, score(table), expected_version=current.version)
    except GameNotFound:
        message = _("This game is no longer saved (it was deleted): the correction was not saved. The corrected "
                    "game is kept below: you can save it as a new game.")
        return results_again(table, message, 404, editing_off=True)
    except EditConflict as error:
        message = _("Someone saved another correction of this game since you opened it (it is now at version "
                    "%(found)d, you corrected version %(expected)d): yours was not saved. It is kept below: save "
                    "it as a new game, or reopen the saved game and correct it again.") % {
            "found": error.found, "expected": error.expected}
        g.conflict_token = current.token
        return results_again(table, message, 409, editing_off=True)
    _remember(saved)
    notify(N_("The correction is saved (version %(version)d)."), version=saved.version)
    return redirect(url_for("saved.editor", token=saved.edit_token), code=303)


@bp.get("/e/<token>/delete")
def confirm_delete(token: str) -> ResponseReturnValue:
    """Ask before deleting: the game's results in short, and the button."""
    game = get_game_or_404(token, edit=True)
    return render_template("saved/delete.html", game=game, when=_when(game.played_at), players=_lines(game.report))


@bp.post("/e/<token>/delete")
def delete(token: str) -> ResponseReturnValue:
    if not is_token(token):
        abort(404)
    try:
        game_id = delete_game(get_engine(), token)
    except GameNotFound:
        abort(404)
    _forget(game_id)
    notify(N_("The game is deleted, with its history."))
    return redirect(url_for("saved.index"), code=303)


# ---------------------------------------------------------------- the list


@bp.get("/games")
def index() -> ResponseReturnValue:
    """Saved games, newest first; ``player`` searches by name (accents and capitals ignored); ``page``."""
    player = (request.args.get("player") or "").strip()[:100]
    page_text = request.args.get("page", "1")
    page = int(page_text) if is_number(page_text) and int(page_text) > 0 else 1
    total = count_games(get_engine(), player=player or None)
    pages = max(1, -(-total // PAGE_SIZE))
    page = min(page, pages)
    games = list_games(get_engine(), player=player or None, limit=PAGE_SIZE, offset=(page - 1) * PAGE_SIZE)
    mine = _remembered()
    rows = [{"game": game, "when": _when(game.played_at), "edit": mine.get(game.id)} for game in games]
    return render_template("saved/list.html", rows=rows, player=player, page=page, pages=pages, total=total)


# ---------------------------------------------------------------- one game


def _when(moment: datetime) -> str:
    return format_date(moment, format="long", locale=get_language())


def _when_time(moment: datetime) -> str:
    return format_datetime(moment, format="medium", locale=get_language())


def _lines(report: Any) -> list[dict[str, Any]]:
    winners = set(report.get("winners", ()))
    return [{"name": p["name"], "total": p["total"], "rank": p["rank"], "winner": p["name"] in winners}
            for p in report.get("players", ())]


def shown_report(table: AnyTable, stored: Any) -> dict[str, Any]:
    """The stored report (its figures are the record) with its words — explanations, issues, the ranking's
    notes — written again in the page's language by the game."""
    fresh = score(table)
    data = dict(stored)
    fresh_json = fresh.to_json()
    if len(fresh_json["players"]) == len(stored.get("players", ())):
        data["players"] = [
            dict(old, explanations=new.get("explanations", {}))
            for old, new in zip(stored["players"], fresh_json["players"], strict=True)
        ]
    data["issue_objects"] = list(fresh.issues)
    data["notes"] = list(fresh.notes)
    return data


def _game_page(game: SavedGame, *, can_edit: bool) -> ResponseReturnValue:
    history = game_history(get_engine(), game.id)
    version_text = request.args.get("version", "")
    shown: SavedGame | GameVersion = game
    if is_number(version_text) and int(version_text) != game.version:
        chosen = next((v for v in history if v.version == int(version_text)), None)
        if chosen is None:
            abort(404)
        shown = chosen
    try:
        table = parse_table(dict(shown.document))
    except TableError as error:  # a document saved by an older Marquoir that this one no longer reads
        message = _("This saved game cannot be read any more (%(path)s: %(message)s).") % {
            "path": error.path, "message": error.message}
        return error_page(500, _("Game not readable"), message)
    report = shown_report(table, shown.report)
    names = [p["name"] for p in report["players"]]
    placed = place_issues(report["issue_objects"], names, game_of(table))
    link = share_url(game.share_token)
    context = {
        "game": game,
        "labels": category_labels(game_of(table)),
        "shown_version": shown.version,
        "table": table,
        "report": report,
        "categories": shown_categories(game_of(table), table, report["players"]),
        "placed": placed,
        "issues": issues_by_cell(placed),
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
        "base": url_for("saved.editor" if can_edit else "saved.shared",
                        token=game.edit_token if can_edit else game.share_token),
    }
    return render_template("saved/game.html", **context)


@bp.get("/s/<token>")
def shared(token: str) -> ResponseReturnValue:
    """A saved game, read-only (its share link)."""
    return _game_page(get_game_or_404(token), can_edit=False)


@bp.get("/e/<token>")
def editor(token: str) -> ResponseReturnValue:
    """A saved game with what only its edit link allows: correct an entry, delete."""
    game = get_game_or_404(token, edit=True)
    _remember(game)
    return _game_page(game, can_edit=True)


# ---------------------------------------------------------------- downloads


@bp.get("/s/<token>/table.json")
def table_document(token: str) -> ResponseReturnValue:
    """The table document of a saved game (at its current version), to keep or import elsewhere."""
    game = get_game_or_404(token)
    return Response(
        dump_table(game.table) + "\n",
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="{game.game}-game-{game.id}.json"'},
    )


@bp.get("/games/export.csv")
def export_csv() -> ResponseReturnValue:
    """Every saved game as CSV: one row per player per game, every category, rank and winner. Streamed: the games
    are read in batches while the download goes, in constant memory; the query runs before the first byte, so a
    database that cannot be reached still gets its error page."""
    games = stream_reports(get_engine())
    response = Response(
        csv_chunks(games),
        mimetype="text/csv",
        headers={"Content-Disposition": 'attachment; filename="marquoir-games.csv"'},
    )
    response.call_on_close(games.close)
    return response


def init_app(app: Flask) -> None:
    """The long date of the list and the pages."""
    app.jinja_env.filters["long_date"] = _when
