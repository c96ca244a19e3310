"""Saved games: save, list, search, open, correct (the old version kept), delete — each one transaction.

Values in, values out: every function takes the engine from :func:`marquoir.storage.open_database` and plain
values (a table and the score report its caller computed, an id, a token) and returns frozen values: storage never
scores. A game is stored as its table document (``marquoir/data/table-format.md``) with that score report, and
says which game it is (``game``: Kanagawa, Bonsai…). Each game has two unguessable tokens
(:func:`secrets.token_urlsafe`): the *share* token opens it read-only, the *edit* token is needed to correct or
delete it — the functions that change a game take only the edit token, so a share link cannot change anything.

Each write also rewrites the game's players (``game_players``, their figures copied from the report) and brings
their records up to date (:func:`marquoir.storage.stats.refresh_records`) in the same transaction. The list and the
search read indexes: the names searched are the records' (a row per name, not per game), and a page of a search
either walks the games newest first or gathers the players' games from the search index, whichever reads less.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine, RowMapping

from marquoir.core.report import ScoreReport
from marquoir.document import parse_table, table_to_document
from marquoir.games import AnyTable
from marquoir.storage.database import guarded, read_transaction, write_transaction
from marquoir.storage.errors import EditConflict, GameNotFound, StorageError
from marquoir.storage.rows import like_pattern, name_key, player_rows, read_utc, utc
from marquoir.storage.schema import game_players, game_versions, games, player_stats
from marquoir.storage.stats import refresh_records

__all__ = [
    "MAX_LIMIT",
    "GameSummary",
    "GameVersion",
    "PlayerLine",
    "SavedGame",
    "all_games",
    "correct_game",
    "count_games",
    "delete_game",
    "game_history",
    "get_game",
    "get_game_by_edit_token",
    "get_game_by_share_token",
    "list_games",
    "name_key",
    "save_game",
]

#: Bytes of randomness in each token (the token is about 4/3 as many characters).
TOKEN_BYTES = 24
#: The most games one list call returns.
MAX_LIMIT = 500


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """One player of a saved game as the list shows it."""

    seat: int
    name: str
    total: int
    rank: int
    winner: bool


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A line of the games list: no document, no edit token."""

    id: int
    game: str
    share_token: str
    played_at: datetime
    updated_at: datetime
    version: int
    players: tuple[PlayerLine, ...]

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players if p.winner)


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A saved game at its current version: the table document and its score report (both JSON values)."""

    id: int
    game: str
    share_token: str
    edit_token: str
    played_at: datetime
    created_at: datetime
    updated_at: datetime
    version: int
    document: Mapping[str, Any]
    report: Mapping[str, Any]

    @property
    def table(self) -> AnyTable:
        """The table, read back from the stored document."""
        return parse_table(dict(self.document))

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(self.report.get("winners", ()))


@dataclass(frozen=True, slots=True)
class GameVersion:
    """One version of a game as it was saved (version 1 is the first save)."""

    game_id: int
    version: int
    saved_at: datetime
    document: Mapping[str, Any]
    report: Mapping[str, Any]

    @property
    def table(self) -> AnyTable:
        return parse_table(dict(self.document))


def new_token() -> str:
    """An unguessable URL-safe token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def _players_of_game(connection: Connection, game_id: int) -> list[RowMapping]:
    """The ``game_players`` rows of a game as they are now (what a correction or a deletion takes away)."""
    return list(connection.execute(sa.select(game_players).where(game_players.c.game_id == game_id)).mappings())


def stored(table: AnyTable, report: ScoreReport) -> tuple[dict[str, Any], dict[str, Any]]:
    """The document and the report as they are stored (JSON values)."""
    if report.game != table.game or len(report.players) != len(table.players):
        raise ValueError("the score report is not this table's")
    return table_to_document(table), report.to_json()


def save_game(
    engine: Engine,
    table: AnyTable,
    report: ScoreReport,
    *,
    played_at: datetime | None = None,
    now: datetime | None = None,
    save_key: str | None = None,
) -> SavedGame:
    """Save a new game (version 1) with the score report its caller computed (``marquoir.score(table)``), in one
    transaction. ``played_at`` is when the game was played (default: now); both must be timezone-aware.

    ``save_key`` makes the save idempotent: the results page gives each game it shows a key, and a save with a key
    already used returns the game it saved (a double tap, a resubmit, a retry after a timeout save one game)."""
    try:
        return _save(engine, table, report, played_at, now, save_key)
    except _KeyTaken:  # another request with the same key saved it a moment ago (its transaction came first)
        found = _get_where(engine, games.c.save_key == save_key)
        if found is None:
            raise StorageError("could not save the game: try again", "busy") from None
        return found


class _KeyTaken(Exception):
    """A save's key was taken by a save that committed while this one ran."""


def _save(
    engine: Engine,
    table: AnyTable,
    report: ScoreReport,
    played_at: datetime | None,
    now: datetime | None,
    save_key: str | None,
) -> SavedGame:
    document, report_json = stored(table, report)
    moment = utc(now)
    played = utc(played_at) if played_at is not None else moment
    share, edit = new_token(), new_token()
    with guarded("save the game"), write_transaction(engine) as connection:
        if save_key is not None:
            row = connection.execute(sa.select(games).where(games.c.save_key == save_key)).mappings().first()
            if row is not None:
                return _saved(row)
        try:
            game_id = _insert_game(
                connection,
                {
                    "game": table.game,
                    "share_token": share,
                    "edit_token": edit,
                    "played_at": played,
                    "created_at": moment,
                    "updated_at": moment,
                    "version": 1,
                    "document": document,
                    "report": report_json,
                    "save_key": save_key,
                },
            )
        except sa.exc.IntegrityError:
            if save_key is None:
                raise
            raise _KeyTaken() from None
        connection.execute(game_versions.insert(), [_version_row(game_id, 1, moment, document, report_json)])
        players = player_rows(game_id, table.game, played, report_json)
        connection.execute(game_players.insert(), players)
        refresh_records(connection, (), players)
    return SavedGame(game_id, table.game, share, edit, played, moment, moment, 1, document, report_json)


def _insert_game(connection: Connection, values: dict[str, Any]) -> int:
    """Insert a game's row; its id."""
    return int(connection.execute(games.insert().returning(games.c.id), values).scalar_one())


def _version_row(
    game_id: int, version: int, moment: datetime, document: Mapping[str, Any], report: Mapping[str, Any]
) -> dict[str, Any]:
    return {"game_id": game_id, "version": version, "saved_at": moment, "document": document, "report": report}


def correct_game(
    engine: Engine,
    edit_token: str,
    table: AnyTable,
    report: ScoreReport,
    *,
    expected_version: int | None = None,
    played_at: datetime | None = None,
    now: datetime | None = None,
) -> SavedGame:
    """Replace a game's table by a corrected one with its score report; the previous version stays in the history.

    Needs the edit token. With ``expected_version`` (the version the user opened), a game changed since raises
    :class:`EditConflict` and nothing is written. Unknown token: :class:`GameNotFound`."""
    document, report_json = stored(table, report)
    moment = utc(now)
    with guarded("save the correction"), write_transaction(engine) as connection:
        row = connection.execute(sa.select(games).where(games.c.edit_token == edit_token)).mappings().first()
        if row is None:
            raise GameNotFound("this edit link")
        if expected_version is not None and row["version"] != expected_version:
            raise EditConflict(expected_version, row["version"])
        game_id, version = row["id"], row["version"] + 1
        played = utc(played_at) if played_at is not None else read_utc(row["played_at"])
        connection.execute(
            games.update()
            .where(games.c.id == game_id)
            .values(
                game=table.game,
                version=version,
                updated_at=moment,
                played_at=played,
                document=document,
                report=report_json,
            )
        )
        connection.execute(game_versions.insert(), [_version_row(game_id, version, moment, document, report_json)])
        before = _players_of_game(connection, game_id)
        connection.execute(game_players.delete().where(game_players.c.game_id == game_id))
        players = player_rows(game_id, table.game, played, report_json)
        connection.execute(game_players.insert(), players)
        refresh_records(connection, before, players)
    return SavedGame(
        game_id,
        table.game,
        row["share_token"],
        row["edit_token"],
        played,
        read_utc(row["created_at"]),
        moment,
        version,
        document,
        report_json,
    )


def delete_game(engine: Engine, edit_token: str) -> int:
    """Delete a game and its whole history (needs the edit token); returns its id. Unknown: :class:`GameNotFound`."""
    with guarded("delete the game"), write_transaction(engine) as connection:
        game_id = connection.execute(sa.select(games.c.id).where(games.c.edit_token == edit_token)).scalar()
        if game_id is None:
            raise GameNotFound("this edit link")
        before = _players_of_game(connection, game_id)
        connection.execute(game_players.delete().where(game_players.c.game_id == game_id))
        refresh_records(connection, before, ())
        connection.execute(game_versions.delete().where(game_versions.c.game_id == game_id))
        connection.execute(games.delete().where(games.c.id == game_id))
    return int(game_id)


def _saved(row: RowMapping) -> SavedGame:
    return SavedGame(
        row["id"],
        row["game"],
        row["share_token"],
        row["edit_token"],
        read_utc(row["played_at"]),
        read_utc(row["created_at"]),
        read_utc(row["updated_at"]),
        row["version"],
        row["document"],
        row["report"],
    )


def _get_where(engine: Engine, condition: sa.ColumnElement[bool]) -> SavedGame | None:
    with guarded("open the game"), read_transaction(engine) as connection:
        row = connection.execute(sa.select(games).where(condition)).mappings().first()
    return None if row is None else _saved(row)


def get_game(engine: Engine, game_id: int) -> SavedGame | None:
    """The game with this id at its current version, or ``None``."""
    return _get_where(engine, games.c.id == game_id)


def get_game_by_share_token(engine: Engine, token: str) -> SavedGame | None:
    """The game a read-only link opens, or ``None``. (Its ``edit_token`` is in the value: never show it.)"""
    return _get_where(engine, games.c.share_token == token)


def get_game_by_edit_token(engine: Engine, token: str) -> SavedGame | None:
    """The game an edit link opens, or ``None``."""
    return _get_where(engine, games.c.edit_token == token)


def game_history(engine: Engine, game_id: int) -> list[GameVersion]:
    """Every version of a game, newest first (the first is the current one); ``[]`` for an unknown game."""
    with guarded("read the game's history"), read_transaction(engine) as connection:
        rows = connection.execute(
            sa.select(game_versions).where(game_versions.c.game_id == game_id).order_by(game_versions.c.version.desc())
        ).mappings()
        return [
            GameVersion(r["game_id"], r["version"], read_utc(r["saved_at"]), r["document"], r["report"]) for r in rows
        ]


def _matching_keys(key: str) -> sa.Select[Any]:
    """The name keys that contain ``key``, found among the players' records (one row per name and game, not per
    game played)."""
    return sa.select(player_stats.c.name_key).where(player_stats.c.name_key.like(like_pattern(key), escape="\\"))


def _filtered(query: sa.Select[Any], player: str | None) -> sa.Select[Any]:
    """``query`` kept to the games with a player whose name contains ``player`` (found by the search index)."""
    key = name_key(player or "")
    if not key:
        return query
    matching = sa.select(game_players.c.game_id).where(game_players.c.name_key.in_(_matching_keys(key)))
    return query.where(games.c.id.in_(matching))


#: Reading a game while walking the games costs about this many times as much as gathering a player's game from
#: the search index (measured: ``bench/bench_stats.py``).
_WALK_COST = 3


def _search_plan(connection: Connection, key: str, wanted: int) -> str | None:
    """How to list the games of the players whose names contain ``key``: ``None`` when there are none;
    ``"recent"`` to walk the games newest first, keeping those with such a player, when they are common enough
    that the ``wanted`` first ones come soon; else ``"players"``, to gather their games from the search index and
    sort them. The choice reads the records' game counts, never the games."""
    matches = connection.execute(
        sa.select(sa.func.sum(player_stats.c.games)).where(player_stats.c.name_key.in_(_matching_keys(key)))
    ).scalar()
    if not matches:
        return None
    total = connection.execute(sa.select(sa.func.count()).select_from(games)).scalar_one()
    walked = wanted * total / matches  # games walked before ``wanted`` are found, were they evenly spread
    return "recent" if walked * _WALK_COST < matches else "players"


def list_games(engine: Engine, *, player: str | None = None, limit: int = 50, offset: int = 0) -> list[GameSummary]:
    """Saved games, newest played first; ``player`` keeps the games with a player whose name contains it
    (accents and case ignored)."""
    if not 0 < limit <= MAX_LIMIT or offset < 0:
        raise StorageError(f"list_games: limit must be 1–{MAX_LIMIT} and offset ≥ 0", "error")
    query = sa.select(
        games.c.id, games.c.game, games.c.share_token, games.c.played_at, games.c.updated_at, games.c.version
    )
    key = name_key(player or "")
    with guarded("list the games"), read_transaction(engine) as connection:
        plan = _search_plan(connection, key, offset + limit) if key else "all"
        if plan is None:
            return []
        if plan == "recent":
            found = sa.exists().where(
                game_players.c.game_id == games.c.id, game_players.c.name_key.in_(_matching_keys(key))
            )
            query = query.where(found)
        elif plan == "players":  # the page's games from the search index alone (played_at is copied there)
            page = (
                sa.select(game_players.c.game_id)
                .where(game_players.c.name_key.in_(_matching_keys(key)))
                .group_by(game_players.c.played_at, game_players.c.game_id)
                .order_by(game_players.c.played_at.desc(), game_players.c.game_id.desc())
                .limit(limit)
                .offset(offset)
            )
            query, offset = query.where(games.c.id.in_(page)), 0
        query = query.order_by(games.c.played_at.desc(), games.c.id.desc()).limit(limit).offset(offset)
        rows = connection.execute(query).mappings().all()
        players = _players_of(connection, [r["id"] for r in rows])
    return [
        GameSummary(
            r["id"],
            r["game"],
            r["share_token"],
            read_utc(r["played_at"]),
            read_utc(r["updated_at"]),
            r["version"],
            players.get(r["id"], ()),
        )
        for r in rows
    ]


def _players_of(connection: Connection, ids: Sequence[int]) -> dict[int, tuple[PlayerLine, ...]]:
    if not ids:
        return {}
    found: dict[int, list[PlayerLine]] = {}
    rows = connection.execute(
        sa.select(game_players).where(game_players.c.game_id.in_(ids)).order_by(game_players.c.seat)
    ).mappings()
    for r in rows:
        found.setdefault(r["game_id"], []).append(PlayerLine(r["seat"], r["name"], r["total"], r["rank"], r["winner"]))
    return {k: tuple(v) for k, v in found.items()}


def count_games(engine: Engine, *, player: str | None = None) -> int:
    """How many games :func:`list_games` would list with no limit (with ``player``: counted on the search index,
    never reading the games)."""
    key = name_key(player or "")
    query = sa.select(sa.func.count()).select_from(games)
    if key:
        query = sa.select(sa.func.count(sa.distinct(game_players.c.game_id))).where(
            game_players.c.name_key.in_(_matching_keys(key))
        )
    with guarded("count the games"), read_transaction(engine) as connection:
        return int(connection.execute(query).scalar_one())


def all_games(engine: Engine, *, player: str | None = None) -> list[SavedGame]:
    """Every saved game at its current version, oldest played first, all in memory: for tests and small tools
    (the pages read :mod:`marquoir.storage.stats`, the exports :mod:`marquoir.storage.bulk`'s streams)."""
    query = _filtered(sa.select(games), player).order_by(games.c.played_at, games.c.id)
    with guarded("read the games"), read_transaction(engine) as connection:
        return [_saved(r) for r in connection.execute(query).mappings()]
