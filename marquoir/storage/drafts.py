"""Drafts: a game being entered, kept on the server under an unguessable token until it expires, so that nothing
typed is lost — a reload, Back and Forward, a language switch, an expired form, a phone that slept, or another
phone opening the draft's link all find the game as it was left.

The table is bounded: a draft is at most :data:`MAX_DRAFT_BYTES` of JSON (:class:`DraftRefused`, ``large``), the
table holds at most :data:`MAX_DRAFTS` (a new one beyond is refused, ``full``, once the expired ones are swept), a
draft token nobody made is never stored (a write under it makes a new draft, under a new token), and a draft lives
:data:`DRAFT_LIFETIME` after its last write.

Values in, values out, each function one transaction. A draft holds the table document as the entry pages carry it
(any game's), and what the page was showing (``page``: which entry page, which player). Expired drafts are deleted
a few at a time whenever a draft is written: the table never grows without bound.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine, RowMapping

from marquoir.storage.database import guarded, read_transaction, write_transaction
from marquoir.storage.errors import StorageError
from marquoir.storage.rows import new_token, read_utc, utc
from marquoir.storage.schema import drafts

#: How long a draft is kept after it was last written.
DRAFT_LIFETIME = timedelta(days=14)
#: Expired drafts deleted by one write (the rest go with the next writes).
SWEEP = 50
#: The largest draft kept, as JSON: the largest table document a person enters is a few KiB (a Yokai game of four
#: players card by card: about 6 KiB), the fields as typed a few more.
MAX_DRAFT_BYTES = 128 * 1024
#: The most drafts kept at once: with :data:`MAX_DRAFT_BYTES`, at most 1.25 GiB however many clients write (a
#: club's drafts are a few hundred of a few KiB).
MAX_DRAFTS = 10_000


class DraftRefused(StorageError):
    """A draft that is not kept: ``reason`` ``large`` (over :data:`MAX_DRAFT_BYTES`) or ``full`` (the table holds
    :data:`MAX_DRAFTS`)."""


@dataclass(frozen=True, slots=True)
class Draft:
    """A game being entered: its token, its game, its document (the entry pages' own, with what the page showed),
    and when it was made, last written and will expire."""

    token: str
    game: str
    document: Mapping[str, Any]
    created_at: datetime
    updated_at: datetime
    expires_at: datetime


def _draft(row: RowMapping) -> Draft:
    return Draft(
        row["token"],
        row["game"],
        row["document"],
        read_utc(row["created_at"]),
        read_utc(row["updated_at"]),
        read_utc(row["expires_at"]),
    )


def save_draft(
    engine: Engine,
    game: str,
    document: Mapping[str, Any],
    *,
    token: str | None = None,
    now: datetime | None = None,
    lifetime: timedelta = DRAFT_LIFETIME,
) -> Draft:
    """Write a draft: a new one (a new token) or, with ``token``, that draft again — a new one under a new token
    when there is none under it (expired, or a token nobody made: it is never stored). Its life starts again at
    each write. :class:`DraftRefused` for a draft too large, or a new one when the table is full."""
    moment = utc(now)
    expires = moment + lifetime
    size = len(json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode())
    if size > MAX_DRAFT_BYTES:
        raise DraftRefused(f"a draft is at most {MAX_DRAFT_BYTES // 1024} KiB, this one is {size // 1024} KiB",
                           "large")  # fmt: skip
    values = {"game": game, "document": dict(document), "updated_at": moment, "expires_at": expires}
    with guarded("keep the game being entered"), write_transaction(engine) as connection:
        old = sa.select(drafts.c.token).where(drafts.c.expires_at < moment).limit(SWEEP)
        connection.execute(drafts.delete().where(drafts.c.token.in_(old.scalar_subquery())))
        row = None
        if token is not None:
            row = connection.execute(sa.select(drafts.c.created_at).where(drafts.c.token == token)).first()
        if row is None:
            count = connection.execute(sa.select(sa.func.count()).select_from(drafts)).scalar_one()
            if count >= MAX_DRAFTS:
                raise DraftRefused(f"the server keeps at most {MAX_DRAFTS} games being entered", "full")
            token = new_token()
            connection.execute(drafts.insert().values(token=token, created_at=moment, **values))
            created = moment
        else:
            assert token is not None
            connection.execute(drafts.update().where(drafts.c.token == token).values(**values))
            created = read_utc(row.created_at)
    return Draft(token, game, dict(document), created, moment, expires)


def draft_exists(engine: Engine, token: str, *, now: datetime | None = None) -> bool:
    """Whether a draft is kept under ``token`` (and not expired): a write under it changes that draft."""
    with guarded("open the game being entered"), read_transaction(engine) as connection:
        found = connection.execute(
            sa.select(drafts.c.token).where(drafts.c.token == token, drafts.c.expires_at > utc(now))
        ).first()
    return found is not None


@dataclass(frozen=True, slots=True)
class DraftWrite:
    """What :func:`save_draft_at` did: ``written`` true, ``draft`` the draft as written (at the version after the
    one read); or ``written`` false when another copy was written since the version the page read (a conflict):
    ``draft`` is then the copy kept, untouched."""

    written: bool
    draft: Draft


def draft_version(document: Mapping[str, Any]) -> int:
    """The version of a draft's document: how many times it was written (its ``"version"``), 0 when it has none."""
    stored = document.get("version")
    return stored if isinstance(stored, int) and not isinstance(stored, bool) else 0


def save_draft_at(
    engine: Engine,
    game: str,
    document: Mapping[str, Any],
    *,
    token: str,
    seen: int,
    force: bool = False,
    now: datetime | None = None,
    lifetime: timedelta = DRAFT_LIFETIME,
    guard: Callable[[Connection], None] | None = None,
) -> DraftWrite:
    """Write the draft of ``token`` over the copy a page read at version ``seen``, read and written in one
    transaction (issue 18, item 1). Versions are the server's own count of writes, never a device's clock: a
    write is done, at the version after the one kept, only when the version kept is still ``seen``; else nothing is
    written and the copy kept is answered, for the page to put both together (a phone whose clock is wrong neither
    loses its writes nor overwrites a newer copy). With ``force`` (a form sent on purpose) it is written all the
    same, at the version after the one kept. When no draft is kept under ``token`` (it expired, or nobody made it)
    this is :func:`save_draft`'s new draft under a new token, at version 1: a made-up token is never stored. The
    bounds are :func:`save_draft`'s (:class:`DraftRefused`). ``guard`` is run first in the same transaction: it
    raises :class:`StorageError` to refuse the write (nothing is written), as the table link's does when a seat wrote
    since the document was merged (:func:`marquoir.storage.seats.table_unchanged`)."""
    moment = utc(now)
    expires = moment + lifetime
    if not draft_exists(engine, token, now=moment):
        return DraftWrite(True, save_draft(engine, game, {**document, "version": 1}, now=moment, lifetime=lifetime))
    size = len(json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode())
    if size > MAX_DRAFT_BYTES:
        raise DraftRefused(f"a draft is at most {MAX_DRAFT_BYTES // 1024} KiB, this one is {size // 1024} KiB",
                           "large")  # fmt: skip
    with guarded("keep the game being entered"), write_transaction(engine) as connection:
        if guard is not None:
            guard(connection)
        row = connection.execute(sa.select(drafts).where(drafts.c.token == token).with_for_update()).mappings().first()
        live = row is not None and read_utc(row["expires_at"]) > moment
        kept = draft_version(row["document"]) if live and isinstance(row["document"], Mapping) else 0  # type: ignore[index]
        if live and not force and seen != kept:
            assert row is not None
            return DraftWrite(False, _draft(row))
        document = {**document, "version": kept + 1}
        if row is not None and isinstance(row["document"], Mapping) and "save_key" in row["document"]:
            # The results' save key stays with the draft (it is reused only while the game is unchanged).
            document.setdefault("save_key", row["document"]["save_key"])
        values = {"game": game, "document": document, "updated_at": moment, "expires_at": expires}
        if row is None:
            connection.execute(drafts.insert().values(token=token, created_at=moment, **values))
            created = moment
        else:
            connection.execute(drafts.update().where(drafts.c.token == token).values(**values))
            created = read_utc(row["created_at"])
    return DraftWrite(True, Draft(token, game, document, created, moment, expires))


def get_draft(engine: Engine, token: str, *, now: datetime | None = None) -> Draft | None:
    """The draft of ``token``, or ``None`` when there is none or it expired."""
    with guarded("open the game being entered"), read_transaction(engine) as connection:
        row = connection.execute(sa.select(drafts).where(drafts.c.token == token)).mappings().first()
    if row is None:
        return None
    draft = _draft(row)
    return draft if draft.expires_at > utc(now) else None


def delete_draft(engine: Engine, token: str) -> None:
    """Forget a draft (its game was saved, or given up)."""
    with guarded("forget the game being entered"), write_transaction(engine) as connection:
        connection.execute(drafts.delete().where(drafts.c.token == token))
