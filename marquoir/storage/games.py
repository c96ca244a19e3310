"""Saved games: save, list, search, open, correct (the old version kept), delete — each one transaction.

Values in, values out: every function takes the engine from :func:`marquoir.storage.open_database` and plain
values (a table and the score report its caller computed, an id, a token) and returns frozen values: storage never
scores. A game is stored as its table document (``marquoir/data/table-format.md``) with that score report, says
which game it is (``game``: the registry's name of it), which group it belongs to (none: the pool everyone lists;
:mod:`marquoir.storage.groups`), and the details people recorded (:class:`Details`: place, duration, notes; the
date played is ``played_at``), which each version keeps with its table. Each game has two unguessable tokens
(:func:`secrets.token_urlsafe`): the *share* token opens it read-only, the *edit* token is needed to correct or
delete it — the functions that change a game take only the edit token, so a share link cannot change anything.

Each write also rewrites the game's players (``game_players``, their figures copied from the report, their names
counted as the group's players) and brings their records up to date
(:func:`marquoir.storage.stats.refresh_records`) and the group's count of games in the same transaction. The list
and the search read indexes, a group's (or the pool's) only: the names searched are the records' (a row per name,
not per game), a list's length is the group's count, and a page of a search either walks the games newest first or
gathers the players' games from the search index, whichever reads less.
"""

from __future__ import annotations

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
from marquoir.storage.groups import aliases_of
from marquoir.storage.rows import edition_of, like_pattern, name_key, new_token, player_rows, read_utc, scope, utc
from marquoir.storage.schema import ANY_EDITION, ANY_PLAYERS, game_players, game_versions, games, groups, player_stats
from marquoir.storage.stats import add_to_counts, games_in, refresh_records

__all__ = [
    "MAX_LIMIT",
    "Details",
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
    "new_token",
    "save_game",
]

#: The most games one list call returns.
MAX_LIMIT = 500
#: The longest place and notes, and the longest game (minutes) a game's details hold.
PLACE_MAX = 80
NOTES_MAX = 2000
DURATION_MAX = 24 * 60


@dataclass(frozen=True, slots=True)
class Details:
    """What people recorded of a game besides its table: where it was played, how long it lasted (minutes) and
    their notes; ``None``: not recorded."""

    place: str | None = None
    duration_min: int | None = None
    notes: str | None = None

    def check(self) -> Details:
        """These details, or :class:`ValueError` naming the one that cannot be kept."""
        if self.place is not None and not 0 < len(self.place) <= PLACE_MAX:
            raise ValueError(f"place: 1 to {PLACE_MAX} characters")
        if self.notes is not None and not 0 < len(self.notes) <= NOTES_MAX:
            raise ValueError(f"notes: 1 to {NOTES_MAX} characters")
        if self.duration_min is not None and not 0 < self.duration_min <= DURATION_MAX:
            raise ValueError(f"duration_min: 1 to {DURATION_MAX} minutes")
        return self

    def values(self) -> dict[str, Any]:
        return {"place": self.place, "duration_min": self.duration_min, "notes": self.notes}


def _details(row: Any) -> Details:
    return Details(row["place"], row["duration_min"], row["notes"])


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
    place: str | None = None
    #: The edition it was played with (``yokai``…; ``""`` for a game of one edition), as its players' rows have it.
    edition: str = ""

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players if p.winner)


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A saved game at its current version: the table document and its score report (both JSON values), its
    group (``None``: outside any) and its details."""

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
    group_id: int | None = None
    details: Details = Details()

    @property
    def table(self) -> AnyTable:
        """The table, read back from the stored document."""
        return parse_table(dict(self.document))

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(self.report.get("winners", ()))


@dataclass(frozen=True, slots=True)
class GameVersion:
    """One version of a game as it was saved (version 1 is the first save), with the date played and the details
    it had (``None`` and nothing in the versions saved before Marquoir kept them)."""

    game_id: int
    version: int
    saved_at: datetime
    document: Mapping[str, Any]
    report: Mapping[str, Any]
    played_at: datetime | None = None
    details: Details = Details()

    @property
    def table(self) -> AnyTable:
        return parse_table(dict(self.document))


def _players_of_game(connection: Connection, game_id: int) -> list[RowMapping]:
    """The ``game_players`` rows of a game as they are now (what a correction or a deletion takes away)."""
    return list(connection.execute(sa.select(game_players).where(game_players.c.game_id == game_id)).mappings())


def stored(table: AnyTable, report: ScoreReport) -> tuple[dict[str, Any], dict[str, Any]]:
    """The document and the report as they are stored (JSON values)."""
    if report.game != table.game or len(report.players) != len(table.players):
        raise ValueError("the score report is not this table's")
    return table_to_document(table), report.to_json()


def game_players_rows(
    connection: Connection, game_id: int, table: AnyTable, played: datetime, report: Mapping[str, Any],
    group_id: int | None,
) -> list[dict[str, Any]]:  # fmt: skip
    """A game's ``game_players`` rows, its names counted as its group's players."""
    aliases = aliases_of(connection, group_id, (p["name"] for p in report["players"]))
    return player_rows(game_id, table.game, played, report, group_id=group_id, edition=edition_of(table),
                       aliases=aliases)  # fmt: skip


def save_game(
    engine: Engine,
    table: AnyTable,
    report: ScoreReport,
    *,
    played_at: datetime | None = None,
    now: datetime | None = None,
    save_key: str | None = None,
    group_id: int | None = None,
    details: Details | None = None,
) -> SavedGame:
    """Save a new game (version 1) with the score report its caller computed (``marquoir.score(table)``), in one
    transaction, in the group ``group_id`` (``None``: outside any) with its ``details``. ``played_at`` is when the
    game was played (default: now); both must be timezone-aware.

    ``save_key`` makes the save idempotent: the results page gives each game it shows a key, and a save with a key
    already used returns the game it saved (a double tap, a resubmit, a retry after a timeout save one game)."""
    try:
        return _save(engine, table, report, played_at, now, save_key, group_id, (details or Details()).check())
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
    group_id: int | None,
    details: Details,
) -> SavedGame:
    document, report_json = stored(table, report)
    moment = utc(now)
    played = utc(played_at) if played_at is not None else moment
    share, edit = new_token(), new_token()
    with guarded("save the game"), write_transaction(engine) as connection:
        # A key used already is found by its unique index when the game's row is inserted (no read before: the
        # first save of a key, by far the most frequent, makes one round trip fewer).
        if group_id is not None and _missing_group(connection, group_id):
            raise StorageError("could not save the game: its group does not exist", "error")
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
                    "group_id": group_id,
                    **details.values(),
                },
            )
        except sa.exc.IntegrityError:
            if save_key is None:
                raise
            raise _KeyTaken() from None
        connection.execute(
            game_versions.insert(), [_version_row(game_id, 1, moment, document, report_json, played, details)]
        )
        players = game_players_rows(connection, game_id, table, played, report_json, group_id)
        connection.execute(game_players.insert(), players)
        refresh_records(connection, (), players)
        add_to_counts(connection, {group_id: 1})
    return SavedGame(game_id, table.game, share, edit, played, moment, moment, 1, document, report_json, group_id,
                     details)  # fmt: skip


def _missing_group(connection: Connection, group_id: int) -> bool:
    return connection.execute(sa.select(groups.c.id).where(groups.c.id == group_id)).first() is None


def _insert_game(connection: Connection, values: dict[str, Any]) -> int:
    """Insert a game's row; its id."""
    return int(connection.execute(games.insert().returning(games.c.id), values).scalar_one())


def _version_row(
    game_id: int, version: int, moment: datetime, document: Mapping[str, Any], report: Mapping[str, Any],
    played: datetime | None = None, details: Details | None = None,
) -> dict[str, Any]:  # fmt: skip
    return {"game_id": game_id, "version": version, "saved_at": moment, "document": document, "report": report,
            "played_at": played, **(details or Details()).values()}  # fmt: skip


def correct_game(
    engine: Engine,
    edit_token: str,
    table: AnyTable,
    report: ScoreReport,
    *,
    expected_version: int | None = None,
    played_at: datetime | None = None,
    now: datetime | None = None,
    details: Details | None = None,
) -> SavedGame:
    """Replace a game's table by a corrected one with its score report (and, when given, its date played and
    details; else they stay as they are); the previous version stays in the history.

    Needs the edit token. With ``expected_version`` (the version the user opened), a game changed since raises
    :class:`EditConflict` and nothing is written. Unknown token: :class:`GameNotFound`."""
    document, report_json = stored(table, report)
    moment = utc(now)
    if details is not None:
        details.check()
    with guarded("save the correction"), write_transaction(engine) as connection:
        # FOR UPDATE (PostgreSQL; SQLite's writer holds the whole database already): a second correction of the
        # same version waits for the first, then finds the version changed, a conflict, not a duplicate version.
        row = connection.execute(
            sa.select(games).where(games.c.edit_token == edit_token).with_for_update()
        ).mappings().first()
        if row is None:
            raise GameNotFound("this edit link")
        if expected_version is not None and row["version"] != expected_version:
            raise EditConflict(expected_version, row["version"])
        game_id, version = row["id"], row["version"] + 1
        played = utc(played_at) if played_at is not None else read_utc(row["played_at"])
        kept = details if details is not None else _details(row)
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
                **kept.values(),
            )
        )
        connection.execute(
            game_versions.insert(), [_version_row(game_id, version, moment, document, report_json, played, kept)]
        )
        before = _players_of_game(connection, game_id)
        connection.execute(game_players.delete().where(game_players.c.game_id == game_id))
        players = game_players_rows(connection, game_id, table, played, report_json, row["group_id"])
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
        row["group_id"],
        kept,
    )


def delete_game(engine: Engine, edit_token: str) -> int:
    """Delete a game and its whole history (needs the edit token); returns its id. Unknown: :class:`GameNotFound`."""
    with guarded("delete the game"), write_transaction(engine) as connection:
        found = connection.execute(
            sa.select(games.c.id, games.c.group_id).where(games.c.edit_token == edit_token).with_for_update()
        ).first()
        if found is None:
            raise GameNotFound("this edit link")
        game_id = found.id
        before = _players_of_game(connection, game_id)
        connection.execute(game_players.delete().where(game_players.c.game_id == game_id))
        refresh_records(connection, before, ())
        add_to_counts(connection, {found.group_id: -1})
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
        row["group_id"],
        _details(row),
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
            GameVersion(r["game_id"], r["version"], read_utc(r["saved_at"]), r["document"], r["report"],
                        None if r["played_at"] is None else read_utc(r["played_at"]), _details(r))
            for r in rows
        ]  # fmt: skip


def in_group(column: sa.ColumnElement[Any], group_id: int | None) -> sa.ColumnElement[bool]:
    """The games of a group (``None``: the games outside any group)."""
    return column.is_(None) if group_id is None else column == group_id


def _matching_keys(key: str, group_id: int | None) -> sa.Select[Any]:
    """The name keys of a group's players that contain ``key``, found among the players' records (one row per
    name and game, not per game played)."""
    return sa.select(player_stats.c.name_key).where(
        player_stats.c.group_id == scope(group_id),
        player_stats.c.edition == ANY_EDITION,
        player_stats.c.players == ANY_PLAYERS,
        player_stats.c.name_key.like(like_pattern(key), escape="\\"),
    )


#: Reading a game while walking the games costs about this many times as much as gathering a player's game from
#: the search index (measured: ``bench/bench_stats.py``).
_WALK_COST = 3


def _search_plan(connection: Connection, key: str, wanted: int, group_id: int | None) -> str | None:
    """How to list the games of a group's players whose names contain ``key``: ``None`` when there are none;
    ``"recent"`` to walk the games newest first, keeping those with such a player, when they are common enough
    that the ``wanted`` first ones come soon; else ``"players"``, to gather their games from the search index and
    sort them. The choice reads the records' game counts, never the games."""
    matches = connection.execute(
        sa.select(sa.func.sum(player_stats.c.games)).where(
            player_stats.c.name_key.in_(_matching_keys(key, group_id)),
            player_stats.c.group_id == scope(group_id),
            player_stats.c.edition == ANY_EDITION,
            player_stats.c.players == ANY_PLAYERS,
        )
    ).scalar()
    if not matches:
        return None
    total = games_in(connection, group_id)
    walked = wanted * total / matches  # games walked before ``wanted`` are found, were they evenly spread
    return "recent" if walked * _WALK_COST < matches else "players"


def list_games(
    engine: Engine, *, player: str | None = None, limit: int = 50, offset: int = 0, group_id: int | None = None
) -> list[GameSummary]:
    """The saved games of a group (``None``: the games outside any group), newest played first; ``player`` keeps
    the games with a player whose name contains it (accents and case ignored)."""
    if not 0 < limit <= MAX_LIMIT or offset < 0:
        raise StorageError(f"list_games: limit must be 1–{MAX_LIMIT} and offset ≥ 0", "error")
    query = sa.select(
        games.c.id, games.c.game, games.c.share_token, games.c.played_at, games.c.updated_at, games.c.version,
        games.c.place,
    ).where(in_group(games.c.group_id, group_id))  # fmt: skip
    key = name_key(player or "")
    with guarded("list the games"), read_transaction(engine) as connection:
        plan = _search_plan(connection, key, offset + limit, group_id) if key else "all"
        if plan is None:
            return []
        mine = game_players.c.group_id == scope(group_id)
        if plan == "recent":
            found = sa.exists().where(
                game_players.c.game_id == games.c.id, mine, game_players.c.name_key.in_(_matching_keys(key, group_id))
            )
            query = query.where(found)
        elif plan == "players":  # the page's games from the search index alone (played_at is copied there)
            page = (
                sa.select(game_players.c.game_id)
                .where(mine, game_players.c.name_key.in_(_matching_keys(key, group_id)))
                .group_by(game_players.c.played_at, game_players.c.game_id)
                .order_by(game_players.c.played_at.desc(), game_players.c.game_id.desc())
                .limit(limit)
                .offset(offset)
            )
            query, offset = query.where(games.c.id.in_(page)), 0
        query = query.order_by(games.c.played_at.desc(), games.c.id.desc()).limit(limit).offset(offset)
        rows = connection.execute(query).mappings().all()
        ids = [r["id"] for r in rows]
        players = _players_of(connection, ids)
        played_with = _editions_of(connection, ids)
    return [
        GameSummary(
            r["id"],
            r["game"],
            r["share_token"],
            read_utc(r["played_at"]),
            read_utc(r["updated_at"]),
            r["version"],
            players.get(r["id"], ()),
            r["place"],
            played_with.get(r["id"], ""),
        )
        for r in rows
    ]


def _editions_of(connection: Connection, ids: Sequence[int]) -> dict[int, str]:
    """The edition of each game (its players' rows all have it): one row a game read."""
    if not ids:
        return {}
    rows = connection.execute(
        sa.select(game_players.c.game_id, sa.func.max(game_players.c.edition))
        .where(game_players.c.game_id.in_(ids), game_players.c.seat == 0)
        .group_by(game_players.c.game_id)
    ).all()
    return {game_id: edition or "" for game_id, edition in rows}


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


def count_games(engine: Engine, *, player: str | None = None, group_id: int | None = None) -> int:
    """How many games :func:`list_games` would list with no limit (without ``player``: the group's count, kept with
    every save; with it: counted on the search index, never reading the games)."""
    key = name_key(player or "")
    with guarded("count the games"), read_transaction(engine) as connection:
        if not key:
            return games_in(connection, group_id)
        query = sa.select(sa.func.count(sa.distinct(game_players.c.game_id))).where(
            game_players.c.group_id == scope(group_id), game_players.c.name_key.in_(_matching_keys(key, group_id))
        )
        return int(connection.execute(query).scalar_one())


def all_games(engine: Engine, *, player: str | None = None) -> list[SavedGame]:
    """Every saved game (every group's and the others) at its current version, oldest played first, all in
    memory: for tests and small tools (the pages read :mod:`marquoir.storage.stats`, the exports
    :mod:`marquoir.storage.bulk`'s streams). ``player`` keeps the games with a player whose name contains it."""
    query = sa.select(games)
    key = name_key(player or "")
    if key:
        query = query.where(
            games.c.id.in_(sa.select(game_players.c.game_id).where(game_players.c.name_key.like(like_pattern(key),
                                                                                                escape="\\")))
        )  # fmt: skip
    query = query.order_by(games.c.played_at, games.c.id)
    with guarded("read the games"), read_transaction(engine) as connection:
        return [_saved(r) for r in connection.execute(query).mappings()]
