"""Players' records and results, from SQL: the statistics read a few rows and an index, never the documents.

Each player's record in each game (``player_stats``: games, wins, shared wins, best total, sums of totals and of
each category's points, last played, the name as last written) is kept up to date by :func:`refresh_records` in
the same transaction as every save, correction and deletion: counts and sums by what the change added and took
away, the best total and the latest name by one index seek each when they may have changed. The statistics pages
then read at most a page of records (:func:`player_records`) and a bounded number of results
(:func:`player_results`, :func:`latest_results`), whatever the number of games saved.

Values out: :class:`PlayerRecord` (counts and sums; the averages are :mod:`marquoir.reports.stats`') and
:class:`PlayerResult` (one player's result in one game, with the game's read-only token for a link).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine, RowMapping

from marquoir.storage.database import guarded, read_transaction
from marquoir.storage.errors import StorageError
from marquoir.storage.rows import like_pattern, name_key, read_utc
from marquoir.storage.schema import game_players, games, player_stats

#: The most records one call returns, and the most results.
MAX_RECORDS = 500
MAX_RESULTS = 1000
#: An arbitrary constant: the PostgreSQL advisory lock that serialises the updates of the records (SQLite's
#: writers are serialised already).
_PG_RECORDS_LOCK = 0x6D61_7273
#: Keys per ``IN`` list.
_CHUNK = 200


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


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's result in one game (a point of the chart of totals over time); ``share_token`` opens the game
    read-only."""

    game_id: int
    game: str
    played_at: datetime
    name: str
    total: int
    rank: int
    winner: bool
    shared: bool
    share_token: str = ""


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


def refresh_records(
    connection: Connection, removed: Iterable[Mapping[Any, Any]], added: Iterable[Mapping[Any, Any]]
) -> None:
    """Bring the records of the players in ``removed`` and ``added`` (``game_players`` rows, already deleted and
    inserted in this transaction) up to date. Called by every function that writes players."""
    changes: dict[tuple[str, str], _Change] = {}
    for sign, rows in ((-1, removed), (1, added)):
        for row in rows:
            changes.setdefault((row["game"], row["name_key"]), _Change()).add(row, sign)
    if not changes:
        return
    if connection.dialect.name == "postgresql":
        # Two savers of one player must not both add to the record they read: one after the other.
        connection.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": _PG_RECORDS_LOCK})
    keys = sorted(changes)
    existing: dict[tuple[str, str], RowMapping] = {}
    for start in range(0, len(keys), _CHUNK):
        chosen = sa.tuple_(player_stats.c.game, player_stats.c.name_key).in_(keys[start : start + _CHUNK])
        for record in connection.execute(sa.select(player_stats).where(chosen)).mappings():
            existing[(record["game"], record["name_key"])] = record
    inserts, updates, deletes = [], [], []
    for key in keys:
        change, old = changes[key], existing.get(key)
        count = (old["games"] if old is not None else 0) + change.games
        if count <= 0:
            if old is not None:
                deletes.append({"k_game": key[0], "k_key": key[1]})
            continue
        best, name, last = _best_and_latest(connection, key, change, old)
        points = dict(old["points"]) if old is not None else {}
        for category, delta in change.points.items():
            points[category] = points.get(category, 0) + delta
        values = {
            "name": name,
            "games": count,
            "wins": (old["wins"] if old is not None else 0) + change.wins,
            "shared_wins": (old["shared_wins"] if old is not None else 0) + change.shared_wins,
            "best_total": best,
            "total_points": (old["total_points"] if old is not None else 0) + change.total_points,
            "points": points,
            "last_played": last,
        }
        if old is None:
            inserts.append({"game": key[0], "name_key": key[1], **values})
        else:
            updates.append({"k_game": key[0], "k_key": key[1], **values})
    where = (player_stats.c.game == sa.bindparam("k_game")) & (player_stats.c.name_key == sa.bindparam("k_key"))
    if deletes:
        connection.execute(player_stats.delete().where(where), deletes)
    if updates:
        connection.execute(player_stats.update().where(where), updates)
    if inserts:
        connection.execute(player_stats.insert(), inserts)


def _best_and_latest(
    connection: Connection, key: tuple[str, str], change: _Change, old: RowMapping | None
) -> tuple[int, str, datetime]:
    """The best total, the name as last written and the last date of play of a record after a change: from the
    change itself when it only added games later than the record's last, else by an index seek each."""
    latest = change.latest_added
    if not change.removed and latest is not None and change.best_added is not None:
        if old is None:
            return change.best_added, latest[3], latest[0]
        if latest[0] > read_utc(old["last_played"]):
            return max(old["best_total"], change.best_added), latest[3], latest[0]
        if latest[0] < read_utc(old["last_played"]):
            return max(old["best_total"], change.best_added), old["name"], read_utc(old["last_played"])
    mine = (game_players.c.game == key[0]) & (game_players.c.name_key == key[1])
    best = connection.execute(sa.select(sa.func.max(game_players.c.total)).where(mine)).scalar_one()
    name, played_at = connection.execute(
        sa.select(game_players.c.name, game_players.c.played_at)
        .where(mine)
        .order_by(game_players.c.played_at.desc(), game_players.c.game_id.desc(), game_players.c.seat.desc())
        .limit(1)
    ).one()
    return int(best), str(name), read_utc(played_at)


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


def player_records(
    engine: Engine, game: str, *, search: str | None = None, limit: int = 50, offset: int = 0
) -> list[PlayerRecord]:
    """The records of ``game``'s players, most games first (then by name key); ``search`` keeps the names that
    contain it (accents and case ignored). At most ``limit``."""
    if not 0 < limit <= MAX_RECORDS or offset < 0:
        raise StorageError(f"player_records: limit must be 1–{MAX_RECORDS} and offset ≥ 0", "error")
    query = (
        sa.select(player_stats)
        .where(player_stats.c.game == game, _searched(search))
        .order_by(player_stats.c.games.desc(), player_stats.c.name_key)
        .limit(limit)
        .offset(offset)
    )
    with guarded("read the statistics"), read_transaction(engine) as connection:
        return [_record(r) for r in connection.execute(query).mappings()]


def player_counts(engine: Engine, *, search: str | None = None) -> dict[str, int]:
    """How many players (name keys) each game has, or has whose names contain ``search``."""
    query = sa.select(player_stats.c.game, sa.func.count()).where(_searched(search)).group_by(player_stats.c.game)
    with guarded("read the statistics"), read_transaction(engine) as connection:
        return {str(game): int(count) for game, count in connection.execute(query)}


def records_of_player(engine: Engine, player: str) -> list[PlayerRecord]:
    """The records of the player called ``player`` (accents and case ignored) in every game they played, most
    games first (then by game)."""
    key = name_key(player)
    query = (
        sa.select(player_stats)
        .where(player_stats.c.name_key == key)
        .order_by(player_stats.c.games.desc(), player_stats.c.game)
    )
    with guarded("read the statistics"), read_transaction(engine) as connection:
        return [_record(r) for r in connection.execute(query).mappings()]


_RESULT_COLUMNS = (
    game_players.c.game_id,
    game_players.c.game,
    game_players.c.played_at,
    game_players.c.name,
    game_players.c.total,
    game_players.c.rank,
    game_players.c.winner,
    game_players.c.shared_win,
    games.c.share_token,
)
_NEWEST_FIRST = (game_players.c.played_at.desc(), game_players.c.game_id.desc(), game_players.c.seat.desc())


def _result(row: RowMapping) -> PlayerResult:
    return PlayerResult(
        row["game_id"],
        row["game"],
        read_utc(row["played_at"]),
        row["name"],
        row["total"],
        row["rank"],
        bool(row["winner"]),
        bool(row["shared_win"]),
        row["share_token"],
    )


def _results_query(game: str, key: str, limit: int) -> sa.Select[Any]:
    return (
        sa.select(*_RESULT_COLUMNS)
        .join(games, games.c.id == game_players.c.game_id)
        .where(game_players.c.game == game, game_players.c.name_key == key)
        .order_by(*_NEWEST_FIRST)
        .limit(limit)
    )


def _check_limit(limit: int) -> None:
    if not 0 < limit <= MAX_RESULTS:
        raise StorageError(f"results: limit must be 1–{MAX_RESULTS}", "error")


def player_results(engine: Engine, game: str, player: str, *, limit: int = 200) -> list[PlayerResult]:
    """The results of the player called ``player`` (accents and case ignored) in ``game``, newest first, at most
    ``limit`` (their latest games)."""
    _check_limit(limit)
    with guarded("read the statistics"), read_transaction(engine) as connection:
        rows = connection.execute(_results_query(game, name_key(player), limit)).mappings()
        return [_result(r) for r in rows]


def latest_results(engine: Engine, game: str, players: Sequence[str], *, games_shown: int = 50) -> list[PlayerResult]:
    """The results of ``players`` in ``game`` in the last ``games_shown`` games that any of them played, in the
    order of play (then seat). Bounded: one index seek per player for their last games, reading the index only,
    then the results of the games kept."""
    _check_limit(games_shown)
    keys = list(dict.fromkeys(name_key(p) for p in players))[:_CHUNK]
    recent: set[tuple[datetime, int]] = set()
    with guarded("read the statistics"), read_transaction(engine) as connection:
        for key in keys:
            rows = connection.execute(
                sa.select(game_players.c.played_at, game_players.c.game_id)
                .where(game_players.c.game == game, game_players.c.name_key == key)
                .order_by(*_NEWEST_FIRST)
                .limit(games_shown)
            )
            recent.update((read_utc(played_at), game_id) for played_at, game_id in rows)
        kept = [game_id for _when, game_id in sorted(recent, reverse=True)[:games_shown]]
        if not kept:
            return []
        chosen = connection.execute(
            sa.select(*_RESULT_COLUMNS)
            .join(games, games.c.id == game_players.c.game_id)
            .where(game_players.c.game_id.in_(kept), game_players.c.name_key.in_(keys))
            .order_by(game_players.c.played_at, game_players.c.game_id, game_players.c.seat)
        ).mappings()
        return [_result(r) for r in chosen]
