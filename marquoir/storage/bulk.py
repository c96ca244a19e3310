"""Many games at once: the exports read every game as a stream, the import saves them in batches.

A :class:`Stream` runs its query when it is made (so a database that cannot be reached fails there, before a
download starts) and then hands its rows over in batches from a server-side cursor (``yield_per``), in one read
transaction that it owns until it is exhausted or closed: memory stays constant whatever the number of games.
Close it (``with`` block, or ``close()``; a web response does it when the download ends).

:func:`save_games` saves a batch of scored tables in one transaction (each write an ``executemany``);
:func:`restore_games` puts back the games of a backup with their tokens, dates and history, skipping those that
are already there. Both keep the players' records up to date (:func:`marquoir.storage.stats.refresh_records`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from types import TracebackType
from typing import Any, Generic, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine, RowMapping

from marquoir.core.report import ScoreReport
from marquoir.document import parse_table
from marquoir.games import AnyTable
from marquoir.storage.backup import BackupGame, BackupGroup, BackupVersion
from marquoir.storage.database import guarded, write_transaction
from marquoir.storage.games import Details, SavedGame, in_group, new_token, stored
from marquoir.storage.groups import aliases_of
from marquoir.storage.rows import edition_of, player_rows, read_utc, utc
from marquoir.storage.schema import game_counts, game_players, game_versions, games, group_players, groups
from marquoir.storage.stats import add_to_counts, refresh_records

T = TypeVar("T")
#: What ``next`` gives at the end of the rows.
_END: Any = object()

#: Rows fetched at a time by a stream.
STREAM_BATCH = 500
#: The most games one call of :func:`save_games` or :func:`restore_games` writes.
MAX_BATCH = 2000


@dataclass(frozen=True, slots=True)
class GameReport:
    """A saved game at its current version as the exports read it: its score report and table document, its
    details, its read-only token and dates (no edit token)."""

    id: int
    game: str
    played_at: datetime
    version: int
    report: Mapping[str, Any]
    document: Mapping[str, Any] = field(default_factory=dict)
    details: Details = field(default_factory=Details)
    share_token: str = ""
    created_at: datetime | None = None
    updated_at: datetime | None = None
    group_id: int | None = None


@dataclass(frozen=True, slots=True)
class NewGame:
    """A table to save with the score report its caller computed; ``played_at`` defaults to the time of saving."""

    table: AnyTable
    report: ScoreReport
    played_at: datetime | None = None


class Stream(Generic[T]):
    """The values of one query, read in batches in one read transaction; ``total`` is how many there are (counted
    in the same transaction)."""

    def __init__(
        self,
        engine: Engine,
        query: sa.Select[Any],
        count: sa.Select[Any],
        make: Callable[[Iterator[RowMapping]], Iterator[T]],
        action: str,
        batch: int = STREAM_BATCH,
    ) -> None:
        self._action = action
        self._closed = False
        with guarded(action):
            self._connection = engine.connect()
            try:
                if self._connection.dialect.name == "postgresql":  # the count and the rows from one snapshot
                    self._connection.execution_options(isolation_level="REPEATABLE READ")
                self._connection.begin()
                self.total = int(self._connection.execute(count).scalar_one())
                self._result = self._connection.execute(query.execution_options(yield_per=batch))
            except BaseException:
                self._connection.close()
                raise
        self._items = make(self._result.mappings())

    def __iter__(self) -> Stream[T]:
        return self

    def __next__(self) -> T:
        if self._closed:
            raise StopIteration
        try:
            with guarded(self._action):
                item = next(self._items, _END)
        except BaseException:  # failed or interrupted: the connection goes back
            self.close()
            raise
        if item is _END:
            self.close()
            raise StopIteration
        return item

    def close(self) -> None:
        """End the read transaction and give the connection back (idempotent)."""
        if not self._closed:
            self._closed = True
            try:
                self._result.close()  # a server-side cursor read part of the way is closed, not left to the collector
            finally:
                self._connection.close()

    def __enter__(self) -> Stream[T]:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()


#: What :func:`stream_reports` reads when it is given no group: every game, every group's included.
EVERY_GAME: Any = object()


def stream_reports(engine: Engine, *, batch: int = STREAM_BATCH, group_id: Any = EVERY_GAME) -> Stream[GameReport]:
    """Every saved game of a group (``None``: the games outside any group; by default every game), at its current
    version, oldest played first (then by id)."""
    query = sa.select(
        games.c.id, games.c.game, games.c.played_at, games.c.version, games.c.report, games.c.document,
        games.c.place, games.c.duration_min, games.c.notes, games.c.share_token, games.c.created_at,
        games.c.updated_at, games.c.group_id,
    ).order_by(games.c.played_at, games.c.id)  # fmt: skip
    count = sa.select(sa.func.count()).select_from(games)
    if group_id is not EVERY_GAME:
        query, count = query.where(in_group(games.c.group_id, group_id)), count.where(in_group(games.c.group_id,
                                                                                              group_id))  # fmt: skip

    def make(rows: Iterator[RowMapping]) -> Iterator[GameReport]:
        for r in rows:
            yield GameReport(
                r["id"], r["game"], read_utc(r["played_at"]), r["version"], r["report"], r["document"],
                Details(r["place"], r["duration_min"], r["notes"]), r["share_token"], read_utc(r["created_at"]),
                read_utc(r["updated_at"]), r["group_id"],
            )  # fmt: skip

    return Stream(engine, query, count, make, "read the games", batch)


def stream_backup(engine: Engine, *, batch: int = STREAM_BATCH) -> Stream[BackupGame]:
    """Every saved game with its whole history, tokens, dates, details and group, in the order they were saved (by
    id). The first game of each group carries its players' merged and renamed names."""
    query = (
        sa.select(
            games.c.id,
            games.c.game,
            games.c.share_token,
            games.c.edit_token,
            games.c.played_at,
            games.c.created_at,
            games.c.updated_at,
            games.c.group_id,
            groups.c.token.label("group_token"),
            groups.c.name.label("group_name"),
            groups.c.created_at.label("group_created_at"),
            game_versions.c.version,
            game_versions.c.saved_at,
            game_versions.c.document,
            game_versions.c.report,
            game_versions.c.played_at.label("version_played_at"),
            game_versions.c.place,
            game_versions.c.duration_min,
            game_versions.c.notes,
        )
        .join(game_versions, game_versions.c.game_id == games.c.id)
        .outerjoin(groups, groups.c.id == games.c.group_id)
        .order_by(games.c.id, game_versions.c.version)
    )
    seen: set[int] = set()

    def group_of(first: RowMapping) -> BackupGroup | None:
        if first["group_id"] is None or first["group_token"] is None:
            return None
        names: tuple[tuple[str, str, str | None], ...] = ()
        if first["group_id"] not in seen:  # a group's names once, with its first game
            seen.add(first["group_id"])
            with guarded("back up the games"), engine.connect() as connection:
                names = tuple(
                    (str(k), str(c), n)
                    for k, c, n in connection.execute(
                        sa.select(group_players.c.name_key, group_players.c.counts_as, group_players.c.name)
                        .where(group_players.c.group_id == first["group_id"])
                        .order_by(group_players.c.name_key)
                    )
                )
        return BackupGroup(first["group_token"], first["group_name"], read_utc(first["group_created_at"]), names)

    def game_of(first: RowMapping, versions: list[BackupVersion]) -> BackupGame:
        return BackupGame(
            first["game"],
            first["share_token"],
            first["edit_token"],
            read_utc(first["played_at"]),
            read_utc(first["created_at"]),
            read_utc(first["updated_at"]),
            tuple(versions),
            group_of(first),
        )

    def make(rows: Iterator[RowMapping]) -> Iterator[BackupGame]:
        first: RowMapping | None = None
        versions: list[BackupVersion] = []
        for r in rows:
            if first is not None and r["id"] != first["id"]:
                yield game_of(first, versions)
                versions = []
            if not versions:
                first = r
            played = None if r["version_played_at"] is None else read_utc(r["version_played_at"])
            versions.append(BackupVersion(r["version"], read_utc(r["saved_at"]), r["document"], r["report"], played,
                                          Details(r["place"], r["duration_min"], r["notes"])))  # fmt: skip
        if first is not None:
            yield game_of(first, versions)

    count = sa.select(sa.func.count()).select_from(games)
    return Stream(engine, query, count, make, "back up the games", batch)


def _check_batch(size: int) -> None:
    if size > MAX_BATCH:
        raise ValueError(f"at most {MAX_BATCH} games at a time")


def _insert_games(connection: Connection, rows: list[dict[str, Any]]) -> list[int]:
    """Insert ``games`` rows; their new ids in the same order."""
    inserted = connection.execute(games.insert().returning(games.c.id, sort_by_parameter_order=True), rows)
    return [int(i) for i in inserted.scalars()]


def import_key(document: Mapping[str, Any], played_at: datetime | None) -> str:
    """The save key of an imported table document: the same document (and date, when one is given) imported
    again is the same game (a SHA-256 of its canonical JSON; the prefix keeps it apart from the pages' keys)."""
    canonical = json.dumps(document, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    when = "" if played_at is None else utc(played_at).isoformat()
    return "import-" + hashlib.sha256(f"{canonical}|{when}".encode()).hexdigest()[:57]


def save_games(
    engine: Engine, entries: Sequence[NewGame], *, now: datetime | None = None, once: bool = False
) -> list[SavedGame]:
    """Save new games (version 1 each) in one transaction, with the score reports their caller computed: all or
    none. At most :data:`MAX_BATCH` at a time. With ``once`` (an import), a table whose document was saved so
    before (:func:`import_key`), or comes twice in the batch, is not saved again: the list holds the new games
    only."""
    _check_batch(len(entries))
    if not entries:
        return []
    moment = utc(now)
    prepared = []
    keys: list[str | None] = []
    for entry in entries:
        document, report = stored(entry.table, entry.report)
        played = utc(entry.played_at) if entry.played_at is not None else moment
        prepared.append((entry.table.game, new_token(), new_token(), played, document, report))
        keys.append(import_key(document, entry.played_at) if once else None)
    with guarded("save the games"), write_transaction(engine) as connection:
        if once:  # in the writing transaction: two imports at once cannot both save a game
            known = set(connection.execute(sa.select(games.c.save_key).where(
                games.c.save_key.in_(sorted({k for k in keys if k})))).scalars())  # fmt: skip
            fresh = []
            for index, key in enumerate(keys):
                if key not in known:
                    known.add(key)
                    fresh.append(index)
            prepared, keys = [prepared[i] for i in fresh], [keys[i] for i in fresh]
            entries = [entries[i] for i in fresh]
            if not prepared:
                return []
        rows = [
            {"game": game, "share_token": share, "edit_token": edit, "played_at": played, "created_at": moment,
             "updated_at": moment, "version": 1, "document": document, "report": report, "save_key": key}
            for (game, share, edit, played, document, report), key in zip(prepared, keys, strict=True)
        ]  # fmt: skip
        ids = _insert_games(connection, rows)
        connection.execute(
            game_versions.insert(),
            [
                {"game_id": i, "version": 1, "saved_at": moment, "document": p[4], "report": p[5]}
                for i, p in zip(ids, prepared, strict=True)
            ],
        )
        players = [
            r
            for i, p, entry in zip(ids, prepared, entries, strict=True)
            for r in player_rows(i, p[0], p[3], p[5], edition=edition_of(entry.table))
        ]
        connection.execute(game_players.insert(), players)
        refresh_records(connection, (), players)
        add_to_counts(connection, {None: len(ids)})
    return [
        SavedGame(i, game, share, edit, played, moment, moment, 1, document, report)
        for i, (game, share, edit, played, document, report) in zip(ids, prepared, strict=True)
    ]


def _restore_groups(connection: Connection, backups: Sequence[BackupGame]) -> dict[str, int]:
    """The groups of ``backups`` by token: found, or made (with their players' names) when missing."""
    wanted: dict[str, BackupGroup] = {}
    names: dict[str, list[tuple[str, str, str | None]]] = {}
    for backup in backups:
        if backup.group is not None:
            wanted.setdefault(backup.group.token, backup.group)
            names.setdefault(backup.group.token, []).extend(backup.group.players)
    if not wanted:
        return {}
    ids = {str(t): int(i) for t, i in connection.execute(
        sa.select(groups.c.token, groups.c.id).where(groups.c.token.in_(sorted(wanted))))}  # fmt: skip
    for token, group in wanted.items():
        if token not in ids:
            ids[token] = int(connection.execute(groups.insert().returning(groups.c.id), {
                "token": token, "name": group.name, "created_at": utc(group.created_at)}).scalar_one())  # fmt: skip
            connection.execute(game_counts.insert(), {"group_id": ids[token], "games": 0})
    for token in wanted:
        known = set(connection.execute(
            sa.select(group_players.c.name_key).where(group_players.c.group_id == ids[token])).scalars())  # fmt: skip
        fresh = {key: (counts_as, name) for key, counts_as, name in names[token] if key not in known}
        rows = [{"group_id": ids[token], "name_key": key, "counts_as": counts_as, "name": name}
                for key, (counts_as, name) in fresh.items()]  # fmt: skip
        if rows:
            connection.execute(group_players.insert(), rows)
    return ids


def restore_games(engine: Engine, backups: Sequence[BackupGame]) -> list[bool]:
    """Put back games from a backup with their tokens, dates, details, groups and whole history, in one
    transaction (new ids; a group missing is made again with its token). A game whose share or edit token is
    saved already is left as it is. Says, game by game, whether it was restored. At most :data:`MAX_BATCH` at a
    time."""
    _check_batch(len(backups))
    if not backups:
        return []
    tokens = [t for b in backups for t in (b.share_token, b.edit_token)]
    with guarded("restore the games"), write_transaction(engine) as connection:
        taken: set[str] = set()
        for column in (games.c.share_token, games.c.edit_token):
            taken.update(connection.execute(sa.select(column).where(column.in_(tokens))).scalars())
        fresh: list[BackupGame] = []
        seen: set[str] = set()
        for backup in backups:
            mine = {backup.share_token, backup.edit_token}
            if not mine & taken and not mine & seen:
                fresh.append(backup)
                seen.update(mine)
        if fresh:
            group_ids = _restore_groups(connection, fresh)
            chosen = [None if b.group is None else group_ids[b.group.token] for b in fresh]
            ids = _insert_games(connection, [_restored_row(b, g) for b, g in zip(fresh, chosen, strict=True)])
            connection.execute(
                game_versions.insert(),
                [
                    {"game_id": i, "version": v.version, "saved_at": utc(v.saved_at), "document": v.document,
                     "report": v.report, "played_at": None if v.played_at is None else utc(v.played_at),
                     **v.details.values()}
                    for i, b in zip(ids, fresh, strict=True)
                    for v in b.versions
                ],
            )  # fmt: skip
            players = []
            for i, b, group_id in zip(ids, fresh, chosen, strict=True):
                report = b.current.report
                aliases = aliases_of(connection, group_id, (p["name"] for p in report["players"]))
                edition = edition_of(parse_table(dict(b.current.document)))
                players += player_rows(i, b.game, utc(b.played_at), report, group_id=group_id, edition=edition,
                                       aliases=aliases)  # fmt: skip
            connection.execute(game_players.insert(), players)
            refresh_records(connection, (), players)
            counted: dict[int | None, int] = {}
            for group_id in chosen:
                counted[group_id] = counted.get(group_id, 0) + 1
            add_to_counts(connection, counted)
    restored = {id(b) for b in fresh}
    return [id(b) in restored for b in backups]


def _restored_row(backup: BackupGame, group_id: int | None) -> dict[str, Any]:
    current = backup.current
    return {
        "game": backup.game,
        "share_token": backup.share_token,
        "edit_token": backup.edit_token,
        "played_at": utc(backup.played_at),
        "created_at": utc(backup.created_at),
        "updated_at": utc(backup.updated_at),
        "version": current.version,
        "document": current.document,
        "report": current.report,
        "group_id": group_id,
        **current.details.values(),
    }
