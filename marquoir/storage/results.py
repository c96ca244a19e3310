"""Players' results from SQL, in bounded slices: a player's latest results, the latest games of a few players, the
records of the games between two dates, and the games two players played together.

Every function reads a bounded number of rows, whatever the number of games saved: a player's latest
:data:`MAX_RESULTS` rows at most (an index range, newest first), the latest :data:`PERIOD_ROWS` player rows of a
period (its own index), a head-to-head over the latest :data:`ENCOUNTER_ROWS` games of the player with fewer. A
slice that stopped at its bound says so (``cut``), and the pages say it in words.

Values out: :class:`PlayerResult` (one player's result in one game, with the game's read-only token for a link),
:class:`PeriodRecords` (records added up over a period), :class:`Encounter` (two players' places in one game).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine, RowMapping

from marquoir.storage.database import guarded, read_transaction
from marquoir.storage.errors import StorageError
from marquoir.storage.rows import like_pattern, name_key, read_utc, scope, utc
from marquoir.storage.schema import ANY_EDITION, ANY_PLAYERS, game_players, games, player_stats
from marquoir.storage.stats import ALL_GAMES, Kind, PlayerRecord

#: The most results one call returns.
MAX_RESULTS = 1000
#: The player rows of a period added up at most (the latest), and the games of a head-to-head read at most.
PERIOD_ROWS = 4000
ENCOUNTER_ROWS = 2000
#: Keys per ``IN`` list.
_CHUNK = 200


@dataclass(frozen=True, slots=True)
class Period:
    """Games played from ``since`` (included) to ``until`` (excluded); ``None``: no bound on that side."""

    since: datetime | None = None
    until: datetime | None = None

    @property
    def is_all(self) -> bool:
        return self.since is None and self.until is None


#: Every date.
ALL_TIME = Period()


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's result in one game (a point of the chart of totals over time); ``share_token`` opens the game
    read-only; ``points`` are the categories' (when asked for)."""

    game_id: int
    game: str
    played_at: datetime
    name: str
    total: int
    rank: int
    winner: bool
    shared: bool
    share_token: str = ""
    points: Mapping[str, int] = field(default_factory=dict)
    edition: str = ""
    players: int = 0


@dataclass(frozen=True, slots=True)
class PeriodRecords:
    """The records of a game's players over a period (``records``, most games first, at most the page asked),
    how many players there are (``players``) and games were counted (``games``), and whether only the latest
    :data:`PERIOD_ROWS` player rows were (``cut``)."""

    records: list[PlayerRecord]
    players: int
    games: int
    cut: bool


@dataclass(frozen=True, slots=True)
class Encounter:
    """Two players in one game: the first one's place and win, the other's."""

    game_id: int
    played_at: datetime
    first_rank: int
    second_rank: int
    first_won: bool
    second_won: bool


def _check_limit(limit: int) -> None:
    if not 0 < limit <= MAX_RESULTS:
        raise StorageError(f"results: limit must be 1–{MAX_RESULTS}", "error")


def _dated(query: sa.Select[Any], period: Period, column: Any = game_players.c.played_at) -> sa.Select[Any]:
    if period.since is not None:
        query = query.where(column >= utc(period.since))
    if period.until is not None:
        query = query.where(column < utc(period.until))
    return query


def _kind_of(columns: Any, kind: Kind) -> list[sa.ColumnElement[bool]]:
    found = []
    if kind.edition != ANY_EDITION:
        found.append(columns.edition == kind.edition)
    if kind.players != ANY_PLAYERS:
        found.append(columns.players == kind.players)
    return found


_RESULT_COLUMNS = (
    game_players.c.game_id,
    game_players.c.game,
    game_players.c.played_at,
    game_players.c.name,
    game_players.c.total,
    game_players.c.rank,
    game_players.c.winner,
    game_players.c.shared_win,
    game_players.c.edition,
    game_players.c.players,
    game_players.c.seat,
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
        {str(c): int(v) for c, v in (row.get("points") or {}).items()},
        row["edition"],
        row["players"],
    )


def _player_slice(
    group_id: int | None, game: str, period: Period, rows: int, *, points: bool = False
) -> sa.Subquery:
    """A player's latest ``rows`` rows in a game of a group and a period (an index range, newest first), with
    their categories' points when asked; the player's name key is the bound parameter ``key``, so that one
    statement serves every player."""
    query = (
        sa.select(*_RESULT_COLUMNS, *([game_players.c.points] if points else []))
        .where(game_players.c.group_id == scope(group_id), game_players.c.game == game,
               game_players.c.name_key == sa.bindparam("key"))
        .order_by(*_NEWEST_FIRST)
        .limit(rows)
    )  # fmt: skip
    return _dated(query, period).subquery("mine")


def player_results(
    engine: Engine,
    game: str,
    player: str,
    *,
    limit: int = 200,
    group_id: int | None = None,
    kind: Kind = ALL_GAMES,
    period: Period = ALL_TIME,
    points: bool = False,
) -> list[PlayerResult]:
    """The results of the player called ``player`` (accents and case ignored) in ``game`` of a group, in games of
    ``kind`` and ``period``, newest first: those among their latest ``limit`` games of the period (the bound of
    the read: with an edition or a number of players chosen, there may be fewer); with ``points``, each result
    carries its categories' points."""
    _check_limit(limit)
    mine = _player_slice(group_id, game, period, limit, points=points)
    query = (
        sa.select(mine, games.c.share_token)
        .join(games, games.c.id == mine.c.game_id)
        .where(*_kind_of(mine.c, kind))
        .order_by(mine.c.played_at.desc(), mine.c.game_id.desc(), mine.c.seat.desc())
    )
    with guarded("read the statistics"), read_transaction(engine) as connection:
        return [_result(r) for r in connection.execute(query, {"key": name_key(player)}).mappings()]


def latest_results(
    engine: Engine,
    game: str,
    players: Sequence[str],
    *,
    games_shown: int = 50,
    group_id: int | None = None,
    kind: Kind = ALL_GAMES,
    period: Period = ALL_TIME,
) -> list[PlayerResult]:
    """The results of ``players`` in ``game`` of a group in the last ``games_shown`` games (of ``kind`` and
    ``period``) that any of them played, in the order of play (then seat). Bounded: one index range per player
    for their last games, then the results of the games kept."""
    _check_limit(games_shown)
    keys = list(dict.fromkeys(name_key(p) for p in players))[:_CHUNK]
    recent: set[tuple[datetime, int]] = set()
    mine = _player_slice(group_id, game, period, games_shown)
    latest = sa.select(mine.c.played_at, mine.c.game_id).where(*_kind_of(mine.c, kind))
    with guarded("read the statistics"), read_transaction(engine) as connection:
        for key in keys:
            rows = connection.execute(latest, {"key": key})
            recent.update((read_utc(played_at), game_id) for played_at, game_id in rows)
        kept = [game_id for _when, game_id in sorted(recent, reverse=True)[:games_shown]]
        if not kept:
            return []
        chosen = connection.execute(
            sa.select(*_RESULT_COLUMNS, games.c.share_token)
            .join(games, games.c.id == game_players.c.game_id)
            .where(game_players.c.game_id.in_(kept), game_players.c.name_key.in_(keys))
            .order_by(game_players.c.played_at, game_players.c.game_id, game_players.c.seat)
        ).mappings()
        return [_result(r) for r in chosen]


def _shown_name(connection: Connection, group_id: int | None, game: str, keys: list[str]) -> dict[str, str]:
    rows = connection.execute(
        sa.select(player_stats.c.name_key, player_stats.c.name).where(
            player_stats.c.group_id == scope(group_id),
            player_stats.c.game == game,
            player_stats.c.edition == ANY_EDITION,
            player_stats.c.players == ANY_PLAYERS,
            player_stats.c.name_key.in_(keys),
        )
    )
    return {str(k): str(n) for k, n in rows}


def period_records(
    engine: Engine,
    game: str,
    period: Period,
    *,
    group_id: int | None = None,
    kind: Kind = ALL_GAMES,
    search: str | None = None,
    limit: int = 50,
) -> PeriodRecords:
    """The records of ``game``'s players in a group over ``period``, counting the games of ``kind`` (no category
    points: a player's are :func:`player_results`'), most games first (then by name key), at most ``limit``.
    Bounded: the latest :data:`PERIOD_ROWS` player rows of the period are added up (``cut`` says there were
    more)."""
    if not 0 < limit <= MAX_RESULTS:
        raise StorageError(f"period_records: limit must be 1–{MAX_RESULTS}", "error")
    columns = (game_players.c.name_key, game_players.c.game_id, game_players.c.winner, game_players.c.shared_win,
               game_players.c.total, game_players.c.played_at, game_players.c.edition, game_players.c.players)

    def newest(rows: int, name: str) -> sa.Subquery:
        """The period's latest rows, from its index alone (it holds every column read here)."""
        query = (
            sa.select(*columns)
            .where(game_players.c.group_id == scope(group_id), game_players.c.game == game)
            .order_by(game_players.c.played_at.desc(), game_players.c.game_id.desc())
            .limit(rows)
        )
        return _dated(query, period).subquery(name)

    probe, latest = newest(PERIOD_ROWS + 1, "probe"), newest(PERIOD_ROWS, "latest")
    won = sa.func.sum(sa.case((latest.c.winner, 1), else_=0))
    shared = sa.func.sum(sa.case((latest.c.shared_win, 1), else_=0))
    key = name_key(search or "")
    filters = _kind_of(latest.c, kind)
    named = [*filters, latest.c.name_key.like(like_pattern(key), escape="\\")] if key else filters
    grouped = (
        sa.select(
            latest.c.name_key, sa.func.count().label("played"), won.label("wins"), shared.label("shared"),
            sa.func.max(latest.c.total).label("best"), sa.func.sum(latest.c.total).label("points"),
            sa.func.max(latest.c.played_at).label("last"),
        )
        .where(*named)
        .group_by(latest.c.name_key)
        .order_by(sa.desc("played"), latest.c.name_key)
    )  # fmt: skip
    with guarded("read the statistics"), read_transaction(engine) as connection:
        seen = connection.execute(sa.select(sa.func.count()).select_from(probe)).scalar_one()
        games_counted = sa.select(sa.func.count(sa.distinct(latest.c.game_id))).where(*filters)
        counted = connection.execute(games_counted).scalar_one()
        rows = connection.execute(grouped).all()
        page = rows[:limit]
        names = _shown_name(connection, group_id, game, [str(r.name_key) for r in page])
    records = [
        PlayerRecord(game, str(r.name_key), names.get(str(r.name_key), str(r.name_key)), int(r.played), int(r.wins),
                     int(r.shared), int(r.best), int(r.points), {}, read_utc(r.last))
        for r in page
    ]  # fmt: skip
    return PeriodRecords(records, len(rows), int(counted), seen > PERIOD_ROWS)


def encounters(
    engine: Engine,
    game: str,
    first: str,
    second: str,
    *,
    group_id: int | None = None,
    kind: Kind = ALL_GAMES,
    period: Period = ALL_TIME,
) -> tuple[list[Encounter], bool]:
    """The games of ``game`` (of ``kind`` and ``period``) in a group that the players called ``first`` and
    ``second`` both played, newest first, and whether only the latest :data:`ENCOUNTER_ROWS` games of the one with
    fewer games were read (``cut``)."""
    keys = (name_key(first), name_key(second))
    with guarded("read the statistics"), read_transaction(engine) as connection:
        counts = dict(
            connection.execute(
                sa.select(player_stats.c.name_key, player_stats.c.games).where(
                    player_stats.c.group_id == scope(group_id),
                    player_stats.c.game == game,
                    player_stats.c.edition == ANY_EDITION,
                    player_stats.c.players == ANY_PLAYERS,
                    player_stats.c.name_key.in_(keys),
                )
            ).all()
        )
        if len(counts) < 2 or keys[0] == keys[1]:
            return [], False
        driver = 0 if counts[keys[0]] <= counts[keys[1]] else 1
        probe = _player_slice(group_id, game, period, ENCOUNTER_ROWS + 1)
        read = connection.execute(sa.select(sa.func.count()).select_from(probe), {"key": keys[driver]}).scalar_one()
        mine = _player_slice(group_id, game, period, ENCOUNTER_ROWS)
        other = game_players.alias("other")
        rows = connection.execute(
            sa.select(mine.c.game_id, mine.c.played_at, mine.c.rank, mine.c.winner, other.c.rank.label("other_rank"),
                      other.c.winner.label("other_won"))
            .join(other, sa.and_(other.c.game_id == mine.c.game_id, other.c.name_key == keys[1 - driver]))
            .where(*_kind_of(mine.c, kind))
            .order_by(mine.c.played_at.desc(), mine.c.game_id.desc()),
            {"key": keys[driver]},
        ).all()  # fmt: skip
    found = []
    for row in rows:
        ranks, won = (row.rank, row.other_rank), (bool(row.winner), bool(row.other_won))
        if driver == 1:
            ranks, won = ranks[::-1], won[::-1]
        found.append(Encounter(int(row.game_id), read_utc(row.played_at), int(ranks[0]), int(ranks[1]), *won))
    return found, read > ENCOUNTER_ROWS
