"""A game entered at the table: one phone per player, each writing its own player's part (its *seat*) of a game
being entered (a draft, :mod:`marquoir.storage.drafts`).

Each seat has its own version: a phone sends the version it read, and its write is taken only when the seat is
still at that version (an optimistic check, as a saved game's corrections are: :mod:`marquoir.storage.games`).
Two phones on different seats never conflict; two phones on the same seat do, and the second is told so with
the seat as it is now. A seat's part is merged into the draft in the same write transaction (``BEGIN
IMMEDIATE`` on SQLite, the table's row locked on PostgreSQL), so the draft always holds the whole game as the
seats left it: its pages, its results and its save see every seat. The merge itself is the caller's (the web
layer asks the game's plug): storage never reads a table.

A shared part of the game (who plays first, say: a thing of the whole table, not of one player) is versioned on
its own the same way (:func:`write_shared`): its version is kept as a seat at a negative number (−1 for the first
shared part, −2 for the next: :func:`shared_seat`), so one phone setting it never conflicts with a phone writing
a player's part. A shared part that moves the players (the first player: the players are listed in turn order)
moves their seats with them in the same transaction, versions and "done" included.

The table link lives as long as its draft: a table whose draft is gone is deleted a few at a time whenever a
table is opened. The game counts as saved once a game was saved under the save key the draft holds.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from marquoir.storage.database import guarded, read_transaction, write_transaction
from marquoir.storage.drafts import DRAFT_LIFETIME, MAX_DRAFT_BYTES, SWEEP, Draft, DraftRefused, _draft
from marquoir.storage.errors import StorageError
from marquoir.storage.rows import new_token, read_utc, utc
from marquoir.storage.schema import drafts, game_tables, games, table_seats


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat's state: the version of its part (0: never written from a phone), whether its player said they
    are done, and when it was last written."""

    version: int
    done: bool
    updated_at: datetime | None = None


@dataclass(frozen=True)
class GameTable:
    """A table link: its token, the draft it writes (``None`` once that draft is gone), its version (bumped at
    every seat's write), each seat written so far, and the share token of the game saved from it."""

    token: str
    draft_token: str
    version: int
    seats: Mapping[int, Seat] = field(default_factory=dict)
    draft: Draft | None = None
    saved_share_token: str | None = None

    def seat(self, index: int) -> Seat:
        return self.seats.get(index, Seat(0, False))

    def shared(self, part: int) -> Seat:
        """The state of the shared part ``part`` (its version: 0 when no phone set it)."""
        return self.seat(shared_seat(part))


@dataclass(frozen=True)
class SeatWrite:
    """What a seat's write did: ``written`` (at ``version``), ``conflict`` (the seat is at ``version`` now, not at
    the one the phone read: ``document`` is the draft as it is), ``saved`` (the game was saved: nothing changes
    any more) or ``gone`` (no such table, or its draft expired)."""

    outcome: str
    version: int = 0
    document: Mapping[str, Any] | None = None


def shared_seat(part: int) -> int:
    """The seat number under which the shared part ``part`` (0, 1, …) keeps its version: −1, −2, …"""
    return -1 - part


def _saved_share(connection: Connection, draft: Draft | None) -> str | None:
    key = draft.document.get("save_key") if draft is not None else None
    if not isinstance(key, str):
        return None
    row = connection.execute(sa.select(games.c.share_token).where(games.c.save_key == key)).first()
    return None if row is None else str(row.share_token)


def _live_draft(connection: Connection, token: str, now: datetime) -> Draft | None:
    row = connection.execute(sa.select(drafts).where(drafts.c.token == token)).mappings().first()
    if row is None:
        return None
    draft = _draft(row)
    return draft if draft.expires_at > now else None


def open_table(engine: Engine, draft_token: str, *, now: datetime | None = None) -> GameTable | None:
    """The table link of the draft ``draft_token``, made when it has none; ``None`` when that draft is gone."""
    moment = utc(now)
    with guarded("open the table link"), write_transaction(engine) as connection:
        if _live_draft(connection, draft_token, moment) is None:
            return None
        row = connection.execute(sa.select(game_tables).where(game_tables.c.draft_token == draft_token)).first()
        if row is None:
            token = new_token()
            connection.execute(game_tables.insert().values(token=token, draft_token=draft_token, version=0,
                                                           created_at=moment))
            version = 0
        else:
            token, version = str(row.token), int(row.version)
        orphans = (sa.select(game_tables.c.token)
                   .where(~sa.exists().where(drafts.c.token == game_tables.c.draft_token)).limit(SWEEP))
        connection.execute(game_tables.delete().where(game_tables.c.token.in_(orphans.scalar_subquery())))
    return GameTable(token, draft_token, version)


def get_table(engine: Engine, token: str, *, now: datetime | None = None) -> GameTable | None:
    """The table link ``token`` with its seats, its draft (``None`` when expired) and the share token of the game
    saved from it; ``None`` when there is no such link. Three indexed reads."""
    moment = utc(now)
    with guarded("open the table"), read_transaction(engine) as connection:
        row = connection.execute(sa.select(game_tables).where(game_tables.c.token == token)).first()
        if row is None:
            return None
        seats = {
            int(s.seat): Seat(int(s.version), bool(s.done), read_utc(s.updated_at))
            for s in connection.execute(sa.select(table_seats).where(table_seats.c.table_token == token))
        }
        draft = _live_draft(connection, str(row.draft_token), moment)
        saved = _saved_share(connection, draft)
    return GameTable(str(row.token), str(row.draft_token), int(row.version), seats, draft, saved)


def table_of_draft(engine: Engine, draft_token: str) -> str | None:
    """The token of the table link of ``draft_token``, when it has one."""
    with guarded("open the table"), read_transaction(engine) as connection:
        row = connection.execute(sa.select(game_tables.c.token).where(game_tables.c.draft_token == draft_token)).first()
    return None if row is None else str(row.token)


def table_unchanged(token: str, version: int) -> Callable[[Connection], None]:
    """The guard of the host's whole write of a draft that phones write too
    (:func:`marquoir.storage.drafts.save_draft_at`'s ``guard``): in the write's own transaction, the table
    ``token`` must still be at ``version`` (the one the host's merge read: every seat's write bumps it), else
    :class:`StorageError` (``conflict``) and nothing is written, so a seat's write landing between the merge and
    the write is never overwritten. The table's row is locked first on PostgreSQL, in the order a seat's write
    takes its locks (the table, then the draft); SQLite's ``BEGIN IMMEDIATE`` serialises the writes."""

    def guard(connection: Connection) -> None:
        query = sa.select(game_tables.c.version).where(game_tables.c.token == token)
        if connection.dialect.name == "postgresql":
            query = query.with_for_update()
        row = connection.execute(query).first()
        if row is None or int(row.version) != version:
            raise StorageError("could not keep the game being entered: a phone at the table wrote its part "
                               "meanwhile; nothing was changed, send it again", "conflict")

    return guard


def write_seat(
    engine: Engine,
    token: str,
    seat: int,
    expected: int,
    merge: Callable[[Mapping[str, Any]], dict[str, Any]],
    *,
    done: bool,
    now: datetime | None = None,
) -> SeatWrite:
    """Write seat ``seat`` of the table ``token``, read by the phone at version ``expected``: ``merge`` turns the
    draft's document as it is now into the one with this seat's part (it may raise to refuse the write: nothing is
    changed). The draft's life starts again; its save key is dropped (the game changed: its results get a new
    one)."""
    return _write(engine, token, seat, expected, lambda document: (merge(document), None), done=done, now=now)


def write_shared(
    engine: Engine,
    token: str,
    part: int,
    expected: int,
    merge: Callable[[Mapping[str, Any]], tuple[dict[str, Any], Sequence[int] | None]],
    *,
    now: datetime | None = None,
) -> SeatWrite:
    """Write the shared part ``part`` of the table ``token``, read at version ``expected``, as :func:`write_seat`
    writes a seat: ``merge`` answers the new document and, when the players moved, where each went (``order[i]``
    is the seat that was at ``i`` before, now at ``i``): their seats move with them."""
    return _write(engine, token, shared_seat(part), expected, merge, done=False, now=now)


def _write(
    engine: Engine,
    token: str,
    seat: int,
    expected: int,
    merge: Callable[[Mapping[str, Any]], tuple[dict[str, Any], Sequence[int] | None]],
    *,
    done: bool,
    now: datetime | None,
) -> SeatWrite:
    moment = utc(now)
    with guarded("keep your part of the game"), write_transaction(engine) as connection:
        query = sa.select(game_tables).where(game_tables.c.token == token)
        if connection.dialect.name == "postgresql":
            query = query.with_for_update()
        row = connection.execute(query).first()
        draft = None if row is None else _live_draft(connection, str(row.draft_token), moment)
        if row is None or draft is None:
            return SeatWrite("gone")
        if _saved_share(connection, draft) is not None:
            return SeatWrite("saved")
        found = connection.execute(
            sa.select(table_seats.c.version).where(table_seats.c.table_token == token, table_seats.c.seat == seat)
        ).first()
        current = 0 if found is None else int(found.version)
        if current != expected:
            return SeatWrite("conflict", current, draft.document)
        document, order = merge(draft.document)
        document.pop("save_key", None)
        # The draft's version moves on with the seat's write (storage/drafts.py save_draft_at, the server's count of
        # writes): a copy the host's page typed before it can no longer be written over it.
        kept = document.get("version")
        kept = kept if isinstance(kept, int) and not isinstance(kept, bool) else 0
        document["version"] = kept + 1
        size = len(json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode())
        if size > MAX_DRAFT_BYTES:  # the drafts' own bound (storage/drafts.py), kept by every write of one
            raise DraftRefused(f"a draft is at most {MAX_DRAFT_BYTES // 1024} KiB, this one is {size // 1024} KiB",
                               "large")
        connection.execute(drafts.update().where(drafts.c.token == draft.token).values(
            document=document, updated_at=moment, expires_at=moment + DRAFT_LIFETIME))
        if order is not None:
            _move_seats(connection, token, order)
        values = {"version": current + 1, "done": done, "updated_at": moment}
        if found is None:
            connection.execute(table_seats.insert().values(table_token=token, seat=seat, **values))
        else:
            connection.execute(table_seats.update().where(
                table_seats.c.table_token == token, table_seats.c.seat == seat).values(**values))
        connection.execute(game_tables.update().where(game_tables.c.token == token).values(
            version=game_tables.c.version + 1))
    return SeatWrite("written", current + 1, document)


def _move_seats(connection: Connection, token: str, order: Sequence[int]) -> None:
    """The players' seats (not the shared parts') renumbered: the one at ``order[i]`` goes to ``i``. Each keeps
    its version, so a phone that read its player before the move still writes it without a conflict (the web
    layer finds the seat by the player's name the phone's form carries)."""
    rows = connection.execute(sa.select(table_seats).where(table_seats.c.table_token == token,
                                                           table_seats.c.seat >= 0)).all()
    by_seat = {int(r.seat): r for r in rows}
    connection.execute(table_seats.delete().where(table_seats.c.table_token == token, table_seats.c.seat >= 0))
    for new, old in enumerate(order):
        if old in by_seat:
            r = by_seat[old]
            connection.execute(table_seats.insert().values(table_token=token, seat=new, version=int(r.version),
                                                           done=bool(r.done), updated_at=r.updated_at))
