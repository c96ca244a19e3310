"""Saved games: save from the results page (once, however often it is sent), the games list (the games outside any
group, and each group's own), a game's page with its details, history and rematch, correct an entry and save the
correction (again over a newer version when someone else corrected it meanwhile), change the details, delete with
a confirmation, and the download of the games outside any group.

The views are thin over :mod:`marquoir.storage`, through :mod:`marquoir.web.db` (whose one error handler answers
a failed database, keeping a game being saved as it was typed). A game is reached two ways: its *share* token
opens it read-only (``/s/<token>``) and its *edit* token opens it for correcting and deleting (``/e/<token>``); the
routes that change a game take only the edit token. A correction carries its edit token and the version that was
opened (:mod:`marquoir.web.editing`). A group is reached by its own token (``/g/<token>``), a secret like an edit
token: every page that shows one is never stored by a cache.

The results page's save form carries a key made when the page was rendered (:func:`new_token`): a double tap, a
resubmit or a retry after a timeout sends the same key again, and storage answers with the game saved the first
time. The games and the groups this browser saved or opened are remembered in the signed session cookie (the
newest :data:`REMEMBERED` games' ids and edit tokens, the newest :data:`REMEMBERED_GROUPS` groups' tokens), so that
the list offers "correct" next to them and the save form offers the groups.
"""

from __future__ import annotations

from datetime import UTC, datetime, tzinfo
from typing import Any

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

from marquoir.document import dump_table, parse_table
from marquoir.errors import TableError
from marquoir.games import GAMES, AnyTable, game_of
from marquoir.i18n import N_, get_language
from marquoir.reports.bgstats import push_play_url
from marquoir.reports.charts import game_bars_svg
from marquoir.reports.export import csv_chunks
from marquoir.scoring import score
from marquoir.storage import (
    Details,
    EditConflict,
    GameNotFound,
    GameVersion,
    Group,
    SavedGame,
    StorageError,
    correct_game,
    count_games,
    delete_game,
    game_history,
    get_game_by_edit_token,
    get_group,
    get_group_by_token,
    groups_by_token,
    list_games,
    players_of,
    save_game,
    stream_reports,
)
from marquoir.storage.rows import new_token
from marquoir.storage.stats import MAX_RECORDS
from marquoir.web.db import get_engine, get_game_or_404, get_group_or_404, time_zone_of
from marquoir.web.documents import document_or_400, dump
from marquoir.web.editing import editing, is_number
from marquoir.web.forms import DetailsForm, TableForm
from marquoir.web.i18n import _, day_and_time_text, day_text, sheets_gettext
from marquoir.web.limits import over_limit, refusal
from marquoir.web.render import (
    category_labels,
    error_page,
    issues_by_cell,
    place_issues,
    results_again,
    shown_categories,
)
from marquoir.web.security import carries_edit_token
from marquoir.web.share import absolute_url, edit_url, is_token, qr_svg, share_url
from marquoir.zones import local

bp = Blueprint("saved", __name__)

#: Games per page of the list.
PAGE_SIZE = 20
#: How many games saved from this browser the session remembers (ids and edit tokens), and how many groups.
REMEMBERED = 30
REMEMBERED_GROUPS = 20
#: How many messages wait in the session for the next page at most (the newest): a client that never opens the
#: page a save sends it to (a script) keeps a cookie of bounded size, read and written at every request.
PENDING_MESSAGES = 3
#: The session's keys of the groups this browser opened, and of the group the game being entered was started in.
GROUPS = "groups"
PLAYING_IN = "playing_in"


def notify(message: str, **values: Any) -> None:
    """A message for the next page, kept untranslated (with its values) so that it is shown in the language of
    the page that shows it (``templates/_flashes.html``)."""
    flash([message, values])  # type: ignore[arg-type]  # (Flask keeps any JSON value; its hint says str)
    pending = session.get("_flashes", [])  # Flask's key of the messages for the next page
    if len(pending) > PENDING_MESSAGES:
        session["_flashes"] = pending[-PENDING_MESSAGES:]


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


def remembered_groups() -> list[str]:
    """The tokens of the groups this browser opened, newest first."""
    tokens = session.get(GROUPS, [])
    return [t for t in reversed(tokens) if isinstance(t, str) and is_token(t)] if isinstance(tokens, list) else []


def _remember_group(group: Group) -> None:
    kept = [t for t in session.get(GROUPS, []) if t != group.token]
    session[GROUPS] = [*kept, group.token][-REMEMBERED_GROUPS:]


def _public_list_or_404() -> None:
    if not current_app.config.get("PUBLIC_LIST", True):
        body, status = error_page(404, _("No public list"), _("This server lists no games: each group sees its "
                                                               "own games at its link."))
        abort(make_response(body, status))


# ---------------------------------------------------------------- saving and correcting


def _details_form() -> DetailsForm:
    form = DetailsForm(request.form)
    g.details_form = form
    return form


def _refused(table: AnyTable, form: DetailsForm) -> ResponseReturnValue:
    message = _("The game is not saved: a detail below cannot be kept (%(field)s). Everything you entered is kept.")
    field = next(f for f in form if f.errors)
    return results_again(table, message % {"field": field.label.text}, 422)


@bp.post("/games/save")
def save() -> ResponseReturnValue:
    """Save the game on the results page (in the group chosen, with its details); its page comes next. The same
    save key twice saves one game: the second answer is that game's page."""
    _doc, table = document_or_400(request.form.get("table"))
    form = _details_form()
    token = request.form.get("group", "")
    group = get_group_by_token(get_engine(), token) if is_token(token) else None
    if token and group is None:
        message = _("The game is not saved: the group chosen no longer opens. Everything you entered is kept: "
                    "choose another group, or save it outside any group.")
        return results_again(table, message, 422)
    if not form.validate():
        return _refused(table, form)
    if group is not None and (wait := over_limit("groups.saves", f"group-{group.id}")) is not None:
        return refusal(wait)  # type: ignore[no-any-return]  # a group is bounded however many save into it
    key = request.form.get("save_key", "")
    moment = datetime.now(UTC)
    saved = save_game(
        get_engine(), table, score(table), played_at=form.played_at(moment, time_zone_of(group)), now=moment,
        save_key=key if is_token(key) else None, group_id=None if group is None else group.id,
        details=form.details(),
    )  # fmt: skip
    _remember(saved)
    if saved.created_at != moment:
        notify(N_("This game was saved already (it was sent twice): here it is, saved once."))
    else:
        notify(N_("The game is saved."))
    return redirect(url_for("saved.editor", token=saved.edit_token), code=303)


@bp.post("/games/correct")
def correct() -> ResponseReturnValue:
    """Save a correction of a saved game (its edit token and the version that was opened come with the form, with
    its date and details)."""
    _doc, table = document_or_400(request.form.get("table"))
    current = editing()
    if current is None:
        abort(404)
    form = _details_form()
    if not form.validate():
        return _refused(table, form)
    sent = any(field.name in request.form for field in form)  # a form without the details keeps them
    where = _zone_of_edit_token(current.token) if sent else None
    try:
        saved = correct_game(get_engine(), current.token, table, score(table), expected_version=current.version,
                             played_at=form.played_at(where=where) if where is not None else None,
                             details=form.details() if sent else None)  # fmt: skip
    except GameNotFound:
        message = _("This game is no longer saved (it was deleted): the correction was not saved. The corrected "
                    "game is kept below: you can save it as a new game.")
        return results_again(table, message, 404, editing_off=True)
    except EditConflict as error:
        message = _("Someone saved another correction of this game (version %(found)d) since you opened version "
                    "%(expected)d: yours is not saved yet. It is kept below, as you typed it. “Save my correction "
                    "over it” makes yours the game as saved now; version %(found)d stays in its history, where it "
                    "can be looked at again.") % {"found": error.found, "expected": error.expected}
        g.conflict = {"token": current.token, "found": error.found}
        carries_edit_token()
        return results_again(table, message, 409)
    _remember(saved)
    notify(N_("The correction is saved (version %(version)d)."), version=saved.version)
    return redirect(url_for("saved.editor", token=saved.edit_token), code=303)


@bp.post("/e/<token>/details")
def change_details(token: str) -> ResponseReturnValue:
    """Change a saved game's date and details (a new version, with the same table: the history keeps the old)."""
    game = get_game_or_404(token, edit=True)
    form = DetailsForm(request.form)
    if not form.validate():
        return _game_page(game, can_edit=True, details_form=form, status=422)
    try:
        saved = correct_game(get_engine(), token, game.table, score(game.table), expected_version=game.version,
                             played_at=form.played_at(game.played_at, time_zone_of(_group_of(game))),
                             details=form.details())  # fmt: skip
    except EditConflict:
        again = get_game_or_404(token, edit=True)
        message = _("Someone changed this game a moment ago: your details are not saved yet. They are kept below: "
                    "look at the game as saved now, then save them again.")
        return _game_page(again, can_edit=True, details_form=form, status=409, message=message)
    notify(N_("The details are saved (version %(version)d)."), version=saved.version)
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
    game = get_game_by_edit_token(get_engine(), token)
    try:
        game_id = delete_game(get_engine(), token)
    except GameNotFound:
        abort(404)
    _forget(game_id)
    notify(N_("The game is deleted, with its history."))
    group = get_group(get_engine(), game.group_id) if game is not None and game.group_id is not None else None
    if group is not None and group.token in remembered_groups():
        return redirect(url_for("saved.group_games", token=group.token), code=303)
    return redirect(url_for("saved.index"), code=303)


# ---------------------------------------------------------------- the lists


def _list_page(group: Group | None) -> ResponseReturnValue:
    """A page of games, newest first (a group's, or those outside any group); ``player`` searches by name (accents
    and capitals ignored); ``page``."""
    player = (request.args.get("player") or "").strip()[:100]
    page_text = request.args.get("page", "1")
    page = int(page_text) if is_number(page_text) and int(page_text) > 0 else 1
    group_id = None if group is None else group.id
    total = count_games(get_engine(), player=player or None, group_id=group_id)
    pages = max(1, -(-total // PAGE_SIZE))
    page = min(page, pages)
    games = list_games(get_engine(), player=player or None, limit=PAGE_SIZE, offset=(page - 1) * PAGE_SIZE,
                       group_id=group_id)  # fmt: skip
    mine = _remembered()
    rows = [{"game": game, "when": _when(game.played_at), "edit": mine.get(game.id), "played": played_text(game)}
            for game in games]
    context: dict[str, Any] = {"rows": rows, "player": player, "page": page, "pages": pages, "total": total,
                               "group": group}  # fmt: skip
    if group is not None:
        link = absolute_url("saved.group_games", token=group.token)
        context.update(group_link=link, group_qr=qr_svg(link, _("QR code of the group’s link")))
    return render_template("saved/list.html", **context)


@bp.get("/games")
def index() -> ResponseReturnValue:
    """The games saved outside any group (unless the server lists none)."""
    _public_list_or_404()
    return _list_page(None)


@bp.get("/g/<token>")
def group_games(token: str) -> ResponseReturnValue:
    """A group's page: its games (search, pages), its link and QR code to share, its other pages; this browser
    remembers the group."""
    group = get_group_or_404(token)
    _remember_group(group)
    return _list_page(group)


# ---------------------------------------------------------------- one game


def _group_of(game: SavedGame) -> Group | None:
    return get_group(get_engine(), game.group_id) if game.group_id is not None else None


def _zone_of_edit_token(token: str) -> tzinfo:
    """The clocks of the game an edit link opens (its group's), the default ones when it is gone (the correction
    is then refused further on, and kept)."""
    game = get_game_by_edit_token(get_engine(), token)
    return time_zone_of(None if game is None else _group_of(game))


def _group_names(group: Group | None) -> dict[str, str]:
    """The names a group shows its players by (its players' page), by name key: what BG Stats is sent."""
    if group is None:
        return {}
    return {p.key: p.name for p in players_of(get_engine(), group_id=group.id, limit=MAX_RECORDS)}


def played_text(game: Any) -> str:
    """Which game a line of a list is (issue 18, item 4): its title, with its edition where the game has several
    and it is not the first (a title, then its edition in brackets), so that a night of two games reads apart."""
    played = GAMES.get(game.game)
    if played is None:
        return str(game.game)
    title = _(played.title)
    editions = list(played.editions)
    if game.edition and editions and game.edition != editions[0] and game.edition in played.editions:
        return _("%(game)s (%(edition)s)") % {"game": title, "edition": _(played.editions[game.edition])}
    return title


def _when(moment: datetime) -> str:
    """The day a game was played, as people write it ("1 December 2026", « 1er décembre 2026 »: marquoir/dates.py)."""
    return day_text(moment)


def _when_time(moment: datetime) -> str:
    """When a version was saved: its day and time ("1 December 2026 at 20:30")."""
    return day_and_time_text(moment)


def _played(moment: datetime, where: tzinfo) -> str:
    """When a game was played, as its page says it: the date and the time, on the clocks of its group's time
    zone (else the deployment's)."""
    return day_and_time_text(local(moment, where))


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


def _version_line(version: GameVersion) -> dict[str, Any]:
    played = None if version.played_at is None else _when(version.played_at)
    return {"version": version.version, "saved": _when_time(version.saved_at), "players": _lines(version.report),
            "played": played, "place": version.details.place}  # fmt: skip


def _game_page(
    game: SavedGame, *, can_edit: bool, details_form: DetailsForm | None = None, status: int = 200,
    message: str | None = None,
) -> ResponseReturnValue:  # fmt: skip
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
    group = _group_of(game)
    where = time_zone_of(group)
    known_group = group if group is not None and group.token in remembered_groups() else None
    if known_group is not None:
        carries_edit_token()
    shown_details = shown.details
    played = shown.played_at if shown.played_at is not None else game.played_at
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
        "played": _played(played, where),
        "bgstats_link": push_play_url(game, where=where, shown=_group_names(group)),
        "details": shown_details,
        "history": [_version_line(v) for v in history],
        "chart": Markup(game_bars_svg(report, lang=get_language(), gettext=sheets_gettext)),
        "share_link": link,
        "qr": qr_svg(link, _("QR code of the read-only link")),
        "can_edit": can_edit,
        "edit_link": edit_url(game.edit_token) if can_edit else None,
        "form": TableForm(formdata=None, data={"table": dump(dict(shown.document))}),
        "base": url_for("saved.editor" if can_edit else "saved.shared",
                        token=game.edit_token if can_edit else game.share_token),
        "group": known_group,
        "in_group": game.group_id is not None,
        "details_form": details_form or DetailsForm().fill(game.played_at, game.details, where),
        "message": message,
    }
    return render_template("saved/game.html", **context), status


@bp.get("/s/<token>")
def shared(token: str) -> ResponseReturnValue:
    """A saved game, read-only (its share link)."""
    return _game_page(get_game_or_404(token), can_edit=False)


@bp.get("/e/<token>")
def editor(token: str) -> ResponseReturnValue:
    """A saved game with what only its edit link allows: correct an entry, change the details, delete."""
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
    """The games saved outside any group as CSV: one row per player per game, every category, rank and winner,
    the game's families or goal colours and details. Streamed: the games are read in batches while the download
    goes, in constant memory; the query runs before the first byte, so a database that cannot be reached still
    gets its error page."""
    _public_list_or_404()
    games = stream_reports(get_engine(), group_id=None)
    response = Response(
        csv_chunks(games),
        mimetype="text/csv",
        headers={"Content-Disposition": 'attachment; filename="marquoir-games.csv"'},
    )
    response.call_on_close(games.close)
    return response


# ---------------------------------------------------------------- the save form's helpers


def _save_groups() -> list[dict[str, Any]]:
    """The groups the save form offers (those this browser opened), the one the game was started in first; none
    when the database cannot be read (the results page still shows)."""
    tokens = remembered_groups()
    if not tokens:
        return []
    try:
        found = groups_by_token(get_engine(), tokens)
    except StorageError:
        return []
    carries_edit_token()
    sent = request.method == "POST" and request.endpoint == "saved.save" and "group" in request.form
    chosen = request.form.get("group", "") if sent else session.get(PLAYING_IN, "")
    return [{"token": g.token, "name": g.name, "chosen": g.token == chosen} for g in found]


def _save_details() -> DetailsForm:
    """The details fields of the save form: as sent (a page shown again), else a correction's game as saved,
    else today."""
    form = g.get("details_form")
    if form is not None:
        return form  # type: ignore[no-any-return]
    current = editing()
    if current is not None:
        try:
            game = get_game_by_edit_token(get_engine(), current.token)
        except StorageError:
            game = None
        if game is not None:
            return DetailsForm().fill(game.played_at, game.details, time_zone_of(_group_of(game)))
    return DetailsForm().fill(datetime.now(UTC), Details(), time_zone_of(None))


def _save_key() -> str:
    """The save form's key: the one this save sent, when its page is shown again (a retry must save one game),
    or the one of the draft whose results these are, else a new one."""
    sent = request.form.get("save_key", "") if request.method == "POST" else ""
    if request.endpoint == "saved.save" and is_token(sent):
        return sent
    kept: str | None = g.get("draft_save_key")  # a draft's results keep theirs (web/drafts.py): Back, then Save
    return kept or new_token()


def init_app(app: Flask) -> None:
    """The long date of the list and the pages; the save form's key, groups and details."""
    app.jinja_env.filters["long_date"] = _when
    app.jinja_env.globals.update(new_save_key=_save_key, save_groups=_save_groups, save_details=_save_details)
