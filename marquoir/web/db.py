"""The app's database, flaskr-style: :func:`init_app` opens it once in ``create_app``, :func:`get_engine` hands it
to a view, :func:`get_game_or_404` finds a saved game by its link, and one error handler answers every
:class:`~marquoir.storage.StorageError` — so no view carries an ``except`` block of its own.

``DATABASE_URL`` from the app's configuration or the environment, else a SQLite file in the instance folder
(created and migrated on first run), with ``DATABASE_CONNECTIONS`` connections kept open (``marquoir serve`` sets
it to its request threads). When it cannot be opened the app still scores games; the saved-games pages
say why, and opening is tried again at the next request that needs it. A save or a correction that fails keeps
the game as it was typed: its results page comes back with what happened and what to do.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from datetime import tzinfo

import sqlalchemy as sa
from flask import Flask, abort, current_app, request
from sqlalchemy.engine import Engine

from marquoir.storage import (
    DEFAULT_CONNECTIONS,
    Group,
    SavedGame,
    StorageError,
    current_revision,
    database_url,
    get_game_by_edit_token,
    get_game_by_share_token,
    get_group_by_token,
    head_revision,
    open_database,
)
from marquoir.web.documents import BadDocument, read_document
from marquoir.web.i18n import _
from marquoir.web.render import error_page, results_again
from marquoir.web.security import carries_edit_token
from marquoir.web.share import is_token
from marquoir.zones import zone

EXTENSION = "marquoir.storage"
LOG = logging.getLogger("marquoir.storage")
#: The views whose StorageError keeps the game typed on the page (they carry it in their form).
SAVING_ENDPOINTS = frozenset({"saved.save", "saved.correct"})


@dataclass
class Storage:
    """The app's database: its URL, the engine once opened, the last error when it could not be opened."""

    url: str
    connections: int = DEFAULT_CONNECTIONS
    engine: Engine | None = None
    error: StorageError | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)


def init_app(app: Flask) -> None:
    """Open the app's database once, and answer every StorageError of a request with its page."""
    configured = app.config.get("DATABASE_URL")
    try:
        url = str(configured) if configured else database_url(app.instance_path)
    except StorageError as error:
        state = Storage("", error=error)
    else:
        state = Storage(url, int(app.config.get("DATABASE_CONNECTIONS", DEFAULT_CONNECTIONS)))
        try:
            state.engine = open_database(url, connections=state.connections)
        except StorageError as error:
            state.error = error
    app.extensions[EXTENSION] = state
    app.register_error_handler(StorageError, storage_failed)


def database_shown(app: Flask) -> str:
    """The app's database as the server prints it: a SQLite file's path, or the URL without its password."""
    state: Storage = app.extensions[EXTENSION]
    if not state.url:
        return f"none ({state.error})"
    try:
        parsed = sa.make_url(state.url)
    except sa.exc.ArgumentError:
        return "an unreadable DATABASE_URL"
    if parsed.get_backend_name() == "sqlite":
        return f"SQLite file {parsed.database}"
    return parsed.render_as_string(hide_password=True)


def startup_refusal(app: Flask) -> str | None:
    """Why the server must not start on its database (a damaged SQLite file: serving it would lose saves), or
    ``None``; a database that merely cannot be reached now is tried again at each request."""
    state: Storage = app.extensions[EXTENSION]
    if state.error is not None and state.error.reason == "damaged":
        return f"the database cannot be used: {state.error}"
    return None


def readiness() -> str | None:
    """``None`` when the app's database answers at the schema this code needs, else what is wrong in a few words
    (``/readyz`` is public: the details, with the database named, go to the log)."""
    try:
        revision = current_revision(get_engine())
    except StorageError as error:
        LOG.warning("not ready: %s (database: %s)", error, database_shown(current_app))
        return f"the database is {error.reason}"
    if revision != head_revision():
        LOG.warning("not ready: the database is at schema %s, this server needs %s", revision, head_revision())
        return "the database is at another schema"
    return None


def get_engine() -> Engine:
    """The app's database engine; :class:`StorageError` when it cannot be opened."""
    state: Storage = current_app.extensions[EXTENSION]
    if state.engine is not None:
        return state.engine
    with state.lock:  # several requests may find it closed at once: one opens it
        if state.engine is None:
            if not state.url:
                assert state.error is not None
                raise state.error
            state.engine = open_database(state.url, connections=state.connections)
            state.error = None
        return state.engine


def get_game_or_404(token: str, *, edit: bool = False) -> SavedGame:
    """The saved game a read-only link (or, with ``edit``, an edit link) opens; 404 for anything else."""
    if not is_token(token):
        abort(404)
    find = get_game_by_edit_token if edit else get_game_by_share_token
    game = find(get_engine(), token)
    if game is None:
        abort(404)
    return game


def get_group_or_404(token: str) -> Group:
    """The group a link opens; 404 for anything else. The token is the group's key, like an edit token: the page
    is never cached (:func:`~marquoir.web.security.carries_edit_token`)."""
    if not is_token(token):
        abort(404)
    group = get_group_by_token(get_engine(), token)
    if group is None:
        abort(404)
    carries_edit_token()
    return group


def time_zone_of(group: Group | None) -> tzinfo:
    """The clocks a game of ``group`` is told and typed on: the group's time zone, else the app's ``TIME_ZONE``
    (``MARQUOIR_TIME_ZONE``), else UTC (:mod:`marquoir.zones`)."""
    if group is not None and group.time_zone:
        return zone(group.time_zone)
    return zone(current_app.config.get("TIME_ZONE"))


def storage_message(error: StorageError) -> str:
    """What a person reads when a save failed, by the error's reason (the storage's own wording is English and
    technical; this one says what to do)."""
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


def storage_failed(error: StorageError) -> tuple[str, int]:
    """The one answer to a failed database: a save or a correction shows its game again as typed, with what
    happened; any other page says the saved games cannot be reached now. Logged with the database it names."""
    LOG.warning("%s %s: %s (database: %s)", request.method, request.path, error, database_shown(current_app))
    if request.endpoint in SAVING_ENDPOINTS:
        try:
            _doc, table = read_document(request.form.get("table"))
        except BadDocument:
            pass
        else:
            return results_again(table, storage_message(error), 503)
    messages = {
        "busy": _("The database is busy with another save: try again in a moment."),
        "full": _("The disk or the database is full."),
        "unavailable": _("The saved games cannot be reached right now (the database cannot be opened)."),
        "damaged": _("The saved games cannot be read: the database is damaged. Whoever runs this server has to "
                     "restore it from a backup."),
    }
    message = messages.get(error.reason, _("The database could not answer."))
    return error_page(503, _("Saved games unavailable"), message)
