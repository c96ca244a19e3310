"""Players' records, from SQL: the statistics read a few rows and an index, never the documents.

Each player's record (``player_stats``) is kept per group (0: outside any group), game, edition and number of
players, with the rollups over every edition (``*``) and every number of players (0): games, wins, shared wins,
best total, sums of totals and of each category's points, last played, the name shown (as last written, or the
name a group gave a renamed player). :func:`refresh_records` keeps them in the same transaction as every save,
correction, deletion and merge: each player row of the change adds to (or takes from) its four records — its own
edition and number of players, and the three rollups — counts and sums by what the change added and took away,
the best total and the latest name by an index seek each when they may have changed. The statistics pages then
read at most a page of records (:func:`player_records`), whatever the number of games saved and whichever edition
and number of players they show; the results over time and between two dates are :mod:`marquoir.storage.results`'.

Values out: :class:`PlayerRecord` (counts and sums; the averages are :mod:`marquoir.reports.stats`').
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine, RowMapping

from marquoir.storage.database import guarded, read_transaction
from marquoir.storage.errors import StorageError
from marquoir.storage.rows import like_pattern, name_key, read_utc, scope
from marquoir.storage.schema import (
    ANY_EDITION,
    ANY_PLAYERS,
    NO_GROUP,
    game_counts,
    game_players,
    group_players,
    player_stats,
)

#: The most records one call returns.
MAX_RECORDS = 500
#: Keys per ``IN`` list.
_CHUNK = 200
#: A record's key: group (0: none), game, edition (``*``: any), number of players (0: any), name key.
RecordKey = tuple[int, str, str, int, str]


@dataclass(frozen=True, slots=True)
class Kind:
    """Which games a record counts: one edition (a key of the game's editions; ``*`` any) and one number of players (0:
    any)."""

    edition: str = ANY_EDITION
    players: int = ANY_PLAYERS

    @property
    def is_all(self) -> bool:
        return self.edition == ANY_EDITION and self.players == ANY_PLAYERS


#: Every game, whatever its edition and number of players.
ALL_GAMES = Kind()


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """One player's record in one game (a name key in a game): counts and sums. ``wins`` counts shared wins too;
    ``category_points`` sums each category's points over the player's games."""

    game: str
    key: str
    name: str
    games: int
    wins: int
    shared_wins: int
    best_total: int
    total_points: int
    category_points: Mapping[str, int]
    last_played: datetime


# ---------------------------------------------------------------- keeping the records


@dataclass
class _Change:
    """What a write adds to (and takes from) one player's record."""

    games: int = 0
    wins: int = 0
    shared_wins: int = 0
    total_points: int = 0
    points: dict[str, int] = field(default_factory=dict)
    removed: bool = False
    best_added: int | None = None
    latest_added: tuple[datetime, int, int, str] | None = None

    def add(self, row: Mapping[Any, Any], sign: int) -> None:
        self.games += sign
        self.wins += sign * bool(row["winner"])
        self.shared_wins += sign * bool(row["shared_win"])
        self.total_points += sign * int(row["total"])
        for category, points in row["points"].items():
            self.points[category] = self.points.get(category, 0) + sign * int(points)
        if sign < 0:
            self.removed = True
            return
        total = int(row["total"])
        self.best_added = total if self.best_added is None else max(self.best_added, total)
        latest = (read_utc(row["played_at"]), int(row["game_id"]), int(row["seat"]), str(row["name"]))
        if self.latest_added is None or latest[:3] > self.latest_added[:3]:
            self.latest_added = latest


def lock_players(connection: Connection, players: Iterable[tuple[int, str]]) -> None:
    """On PostgreSQL, take the transaction's lock of each player (group, name key) whose records it is about to
    read and write, in one order (no deadlock): two savers of one player add to its record one after the other,
    savers of other players never wait for each other. SQLite's writers are serialised already."""
    if connection.dialect.name != "postgresql":
        return
    ids = sorted({_lock_id(group, key) for group, key in players})
    for start in range(0, len(ids), _CHUNK):
        chunk = ids[start : start + _CHUNK]
        connection.execute(sa.text("SELECT pg_advisory_xact_lock(k) FROM unnest(CAST(:ids AS bigint[])) AS k "
                                   "ORDER BY k"), {"ids": chunk})  # fmt: skip


def _lock_id(group: int, key: str) -> int:
    """A player's advisory lock: 64 bits of a hash of its group and name key (a collision only makes two players
    wait for each other)."""
    digest = hashlib.blake2b(f"{group}\x00{key}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def record_keys(row: Mapping[Any, Any]) -> tuple[RecordKey, ...]:
    """The four records a player row counts in: its edition and number of players, and the three rollups."""
    group, game, key = int(row["group_id"]), str(row["game"]), str(row["name_key"])
    edition, players = str(row["edition"]), int(row["players"])
    return (
        (group, game, edition, players, key),
        (group, game, edition, ANY_PLAYERS, key),
        (group, game, ANY_EDITION, players, key),
        (group, game, ANY_EDITION, ANY_PLAYERS, key),
    )


def _record_where(key: RecordKey) -> sa.ColumnElement[bool]:
    return sa.and_(
        player_stats.c.group_id == key[0],
        player_stats.c.game == key[1],
        player_stats.c.edition == key[2],
        player_stats.c.players == key[3],
        player_stats.c.name_key == key[4],
    )


def add_to_counts(connection: Connection, changes: Mapping[int | None, int]) -> None:
    """Add to the number of games of groups (``None``: outside any): a group -> games saved (or, negative,
    deleted) in this transaction. The counts' rows are made with their groups, so this only ever updates."""
    for group_id, delta in changes.items():
        if delta:
            key = NO_GROUP if group_id is None else group_id
            connection.execute(
                game_counts.update().where(game_counts.c.group_id == key).values(games=game_counts.c.games + delta)
            )


def games_in(connection: Connection, group_id: int | None) -> int:
    """How many games a group holds (``None``: outside any group), from its count."""
    key = NO_GROUP if group_id is None else group_id
    found = connection.execute(sa.select(game_counts.c.games).where(game_counts.c.group_id == key)).scalar()
    return int(found or 0)


def refresh_records(
    connection: Connection, removed: Iterable[Mapping[Any, Any]], added: Iterable[Mapping[Any, Any]]
) -> None:
    """Bring the records of the players in ``removed`` and ``added`` (``game_players`` rows, already deleted and
    inserted in this transaction) up to date. Called by every function that writes players."""
    changes: dict[RecordKey, _Change] = {}
    for sign, rows in ((-1, removed), (1, added)):
        for row in rows:
            for key in record_keys(row):
                changes.setdefault(key, _Change()).add(row, sign)
    if not changes:
        return
    lock_players(connection, {(k[0], k[4]) for k in changes})
    keys = sorted(changes)
    existing = _records_of(connection, keys)
    shown = _shown_names(connection, {(k[0], k[4]) for k in keys if k[0] != NO_GROUP})
    inserts, updates, deletes = [], [], []
    for key in keys:
        change, old = changes[key], existing.get(key)
        count = (old["games"] if old is not None else 0) + change.games
        named = {"k_group": key[0], "k_game": key[1], "k_edition": key[2], "k_players": key[3], "k_key": key[4]}
        if count <= 0:
            if old is not None:
                deletes.append(named)
            continue
        best, name, last = _best_and_latest(connection, key, change, old)
        points = dict(old["points"]) if old is not None else {}
        for category, delta in change.points.items():
            points[category] = points.get(category, 0) + delta
        values = {
            "name": shown.get((key[0], key[4]), name),
            "games": count,
            "wins": (old["wins"] if old is not None else 0) + change.wins,
            "shared_wins": (old["shared_wins"] if old is not None else 0) + change.shared_wins,
            "best_total": best,
            "total_points": (old["total_points"] if old is not None else 0) + change.total_points,
            "points": points,
            "last_played": last,
        }
        if old is None:
            inserts.append({"group_id": key[0], "game": key[1], "edition": key[2], "players": key[3],
                            "name_key": key[4], **values})  # fmt: skip
        else:
            updates.append({**named, **values})
    where = sa.and_(
        player_stats.c.group_id == sa.bindparam("k_group"),
        player_stats.c.game == sa.bindparam("k_game"),
        player_stats.c.edition == sa.bindparam("k_edition"),
        player_stats.c.players == sa.bindparam("k_players"),
        player_stats.c.name_key == sa.bindparam("k_key"),
    )
    if deletes:
        connection.execute(player_stats.delete().where(where), deletes)
    if updates:
        connection.execute(player_stats.update().where(where), updates)
    if inserts:
        connection.execute(player_stats.insert(), inserts)


def _records_of(connection: Connection, keys: list[RecordKey]) -> dict[RecordKey, RowMapping]:
    """The records among ``keys`` that exist. Read by group and player name (a seek on the players' index: a player
    has a few records, per game, edition and number of players and their rollups), never by a list of whole keys
    nor with the game in the query: SQLite and PostgreSQL both plan those as a walk of every record of the group
    (or of the table)."""
    wanted = set(keys)
    names: dict[int, set[str]] = {}
    for key in keys:
        names.setdefault(key[0], set()).add(key[4])
    found: dict[RecordKey, RowMapping] = {}
    for group, keys_of in sorted(names.items()):
        ordered = sorted(keys_of)
        for start in range(0, len(ordered), _CHUNK):
            query = sa.select(player_stats).where(
                player_stats.c.group_id == group, player_stats.c.name_key.in_(ordered[start : start + _CHUNK])
            )
            for record in connection.execute(query).mappings():
                key = (record["group_id"], record["game"], record["edition"], record["players"], record["name_key"])
                if key in wanted:
                    found[key] = record
    return found


def _shown_names(connection: Connection, keys: set[tuple[int, str]]) -> dict[tuple[int, str], str]:
    """The names groups gave their renamed players, among ``keys`` (group, name key): read group by group with the
    names in a list (a seek on the key), as :func:`_records_of` does."""
    names: dict[int, list[str]] = {}
    for group, key in sorted(keys):
        names.setdefault(group, []).append(key)
    found: dict[tuple[int, str], str] = {}
    for group, ordered in names.items():
        for start in range(0, len(ordered), _CHUNK):
            rows = connection.execute(
                sa.select(group_players.c.name_key, group_players.c.name).where(
                    group_players.c.group_id == group,
                    group_players.c.name_key.in_(ordered[start : start + _CHUNK]),
                    group_players.c.name.is_not(None),
                )
            )
            found.update({(group, str(k)): str(n) for k, n in rows})
    return found


def _mine(key: RecordKey) -> sa.ColumnElement[bool]:
    """The player rows a record counts."""
    condition = sa.and_(
        game_players.c.group_id == key[0], game_players.c.game == key[1], game_players.c.name_key == key[4]
    )
    if key[2] != ANY_EDITION:
        condition = sa.and_(condition, game_players.c.edition == key[2])
    if key[3] != ANY_PLAYERS:
        condition = sa.and_(condition, game_players.c.players == key[3])
    return condition


def _best_and_latest(
    connection: Connection, key: RecordKey, change: _Change, old: RowMapping | None
) -> tuple[int, str, datetime]:
    """The best total, the name as last written and the last date of play of a record after a change: from the
    change itself when it only added games later than the record's last, else by an index seek each (a rollup)
    or a walk of the player's rows (an edition or a number of players)."""
    latest = change.latest_added
    if not change.removed and latest is not None and change.best_added is not None:
        if old is None:
            return change.best_added, latest[3], latest[0]
        if latest[0] > read_utc(old["last_played"]):
            return max(old["best_total"], change.best_added), latest[3], latest[0]
        if latest[0] < read_utc(old["last_played"]):
            return max(old["best_total"], change.best_added), old["name"], read_utc(old["last_played"])
    mine = _mine(key)
    best = connection.execute(sa.select(sa.func.max(game_players.c.total)).where(mine)).scalar_one()
    name, played_at = connection.execute(
        sa.select(game_players.c.name, game_players.c.played_at)
        .where(mine)
        .order_by(game_players.c.played_at.desc(), game_players.c.game_id.desc(), game_players.c.seat.desc())
        .limit(1)
    ).one()
    return int(best), str(name), read_utc(played_at)


def rebuild_records(connection: Connection, group_id: int, keys: Iterable[str]) -> None:
    """Add up again, from their rows, every record of the players ``keys`` in a group (after their rows changed
    key: a merge). Reads those players' rows, in the order of play."""
    wanted = sorted(set(keys))
    if not wanted:
        return
    lock_players(connection, [(group_id, k) for k in wanted])
    connection.execute(player_stats.delete().where(player_stats.c.group_id == group_id,
                                                   player_stats.c.name_key.in_(wanted)))  # fmt: skip
    rows = connection.execute(
        sa.select(game_players)
        .where(game_players.c.group_id == group_id, game_players.c.name_key.in_(wanted))
        .order_by(game_players.c.played_at, game_players.c.game_id, game_players.c.seat)
    ).mappings()
    refresh_records(connection, (), list(rows))


# ---------------------------------------------------------------- reading them


def _record(row: RowMapping) -> PlayerRecord:
    return PlayerRecord(
        row["game"],
        row["name_key"],
        row["name"],
        row["games"],
        row["wins"],
        row["shared_wins"],
        row["best_total"],
        row["total_points"],
        dict(row["points"]),
        read_utc(row["last_played"]),
    )


def _searched(search: str | None) -> sa.ColumnElement[bool]:
    key = name_key(search or "")
    if not key:
        return sa.true()
    return player_stats.c.name_key.like(like_pattern(key), escape="\\")


def _of_kind(group_id: int | None, kind: Kind) -> sa.ColumnElement[bool]:
    return sa.and_(
        player_stats.c.group_id == scope(group_id),
        player_stats.c.edition == kind.edition,
        player_stats.c.players == kind.players,
    )


def player_records(
    engine: Engine,
    game: str,
    *,
    search: str | None = None,
    limit: int = 50,
    offset: int = 0,
    group_id: int | None = None,
    kind: Kind = ALL_GAMES,
) -> list[PlayerRecord]:
    """The records of ``game``'s players in a group (``None``: outside any), counting the games of ``kind``, most
    games first (then by name key); ``search`` keeps the names that contain it (accents and case ignored). At
    most ``limit``."""
    if not 0 < limit <= MAX_RECORDS or offset < 0:
        raise StorageError(f"player_records: limit must be 1–{MAX_RECORDS} and offset ≥ 0", "error")
    query = (
        sa.select(player_stats)
        .where(player_stats.c.game == game, _of_kind(group_id, kind), _searched(search))
        .order_by(player_stats.c.games.desc(), player_stats.c.name_key)
        .limit(limit)
        .offset(offset)
    )
    with guarded("read the statistics"), read_transaction(engine) as connection:
        return [_record(r) for r in connection.execute(query).mappings()]


def player_counts(
    engine: Engine, *, search: str | None = None, group_id: int | None = None, kind: Kind = ALL_GAMES
) -> dict[str, int]:
    """How many players (name keys) each game has in a group, with games of ``kind``, or has whose names contain
    ``search``."""
    query = (
        sa.select(player_stats.c.game, sa.func.count())
        .where(_of_kind(group_id, kind), _searched(search))
        .group_by(player_stats.c.game)
    )
    with guarded("read the statistics"), read_transaction(engine) as connection:
        return {str(game): int(count) for game, count in connection.execute(query)}


def records_of_player(engine: Engine, player: str, *, group_id: int | None = None) -> list[PlayerRecord]:
    """The records of the player called ``player`` (accents and case ignored) in a group, in every game they
    played, most games first (then by game)."""
    key = name_key(player)
    query = (
        sa.select(player_stats)
        .where(player_stats.c.name_key == key, _of_kind(group_id, ALL_GAMES))
        .order_by(player_stats.c.games.desc(), player_stats.c.game)
    )
    with guarded("read the statistics"), read_transaction(engine) as connection:
        return [_record(r) for r in connection.execute(query).mappings()]


def records_by_kind(engine: Engine, game: str, player: str, *, group_id: int | None = None) -> dict[Kind, PlayerRecord]:
    """Every record of one player in one game of a group: by edition and number of players, and the rollups (at
    most a few dozen rows)."""
    query = sa.select(player_stats).where(
        player_stats.c.group_id == scope(group_id),
        player_stats.c.game == game,
        player_stats.c.name_key == name_key(player),
    )
    with guarded("read the statistics"), read_transaction(engine) as connection:
        return {Kind(r["edition"], r["players"]): _record(r) for r in connection.execute(query).mappings()}


@dataclass(frozen=True, slots=True)
class PlayerName:
    """A player of a group as its players' page lists them: their key, the name shown, how many games (every game
    counted)."""

    key: str
    name: str
    games: int


def players_of(engine: Engine, *, group_id: int | None = None, limit: int = 200) -> list[PlayerName]:
    """A group's players, most games first (every game counted), at most ``limit``: reads their records."""
    if not 0 < limit <= MAX_RECORDS:
        raise StorageError(f"players_of: limit must be 1–{MAX_RECORDS}", "error")
    count = sa.func.sum(player_stats.c.games).label("count")
    query = (
        sa.select(player_stats.c.name_key, sa.func.max(player_stats.c.name), count)
        .where(_of_kind(group_id, ALL_GAMES))
        .group_by(player_stats.c.name_key)
        .order_by(sa.desc("count"), player_stats.c.name_key)
        .limit(limit)
    )
    with guarded("read the players"), read_transaction(engine) as connection:
        return [PlayerName(str(k), str(n), int(c)) for k, n, c in connection.execute(query)]


def group_player_names(engine: Engine) -> list[tuple[int, str, str]]:
    """Every group's players as their players' pages name them: (group id, name key, name), for an export of
    every game (one row per player of a group; the games outside any group have no group's names)."""
    query = (
        sa.select(player_stats.c.group_id, player_stats.c.name_key, sa.func.max(player_stats.c.name))
        .where(player_stats.c.group_id != scope(None), player_stats.c.edition == ALL_GAMES.edition,
               player_stats.c.players == ALL_GAMES.players)
        .group_by(player_stats.c.group_id, player_stats.c.name_key)
        .order_by(player_stats.c.group_id, player_stats.c.name_key)
    )  # fmt: skip
    with guarded("read the players"), read_transaction(engine) as connection:
        return [(int(g), str(k), str(n)) for g, k, n in connection.execute(query)]


def names_in_game(engine: Engine, game: str, *, group_id: int | None = None, limit: int = 200) -> list[PlayerName]:
    """A group's players of one game, most games first, at most ``limit`` (their names only: an index range)."""
    if not 0 < limit <= MAX_RECORDS:
        raise StorageError(f"names_in_game: limit must be 1–{MAX_RECORDS}", "error")
    query = (
        sa.select(player_stats.c.name_key, player_stats.c.name, player_stats.c.games)
        .where(player_stats.c.game == game, _of_kind(group_id, ALL_GAMES))
        .order_by(player_stats.c.games.desc(), player_stats.c.name_key)
        .limit(limit)
    )
    with guarded("read the players"), read_transaction(engine) as connection:
        return [PlayerName(str(k), str(n), int(c)) for k, n, c in connection.execute(query)]


def names_of(engine: Engine, *, group_id: int | None = None, limit: int = 200) -> list[str]:
    """The names of a group's players, most games first (every game counted), each once: what a new game's form
    offers as one types."""
    return [p.name for p in players_of(engine, group_id=group_id, limit=limit)]
