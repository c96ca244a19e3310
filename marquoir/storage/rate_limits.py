"""Counters of the abuse limits kept in the database, so that every server process on it counts the same hits
(each process counting its own would let N processes allow N times a limit). A counter is a key (client, route and
window, made by the caller), its hits and the moment its window ends; one that ended counts as none, and ended
ones are deleted a few at a time as counters are written. Each function is one transaction."""

from __future__ import annotations

import time

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine

from marquoir.storage.database import guarded, read_transaction, write_transaction
from marquoir.storage.schema import rate_limits

#: Ended counters deleted by one write.
SWEEP = 20
#: The longest key kept (longer ones are cut: the caller's keys are a route and an address).
KEY_MAX = 200


def add_hits(engine: Engine, key: str, window: int, amount: int = 1, *, now: float | None = None) -> int:
    """Add ``amount`` hits to ``key``'s counter (a new one, ending ``window`` seconds from now, when it has none
    or it ended); the hits counted in its window."""
    moment = time.time() if now is None else now
    key = key[:KEY_MAX]
    with guarded("count the request"), write_transaction(engine) as connection:
        connection.execute(rate_limits.delete().where(rate_limits.c.key == key, rate_limits.c.expires_at <= moment))
        ended = sa.select(rate_limits.c.key).where(rate_limits.c.expires_at <= moment).limit(SWEEP)
        connection.execute(rate_limits.delete().where(rate_limits.c.key.in_(ended.scalar_subquery())))
        dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
        statement = dialect.insert(rate_limits).values(key=key, hits=amount, expires_at=moment + window)
        statement = statement.on_conflict_do_update(
            index_elements=[rate_limits.c.key], set_={"hits": rate_limits.c.hits + amount}
        )
        connection.execute(statement)
        return int(connection.execute(sa.select(rate_limits.c.hits).where(rate_limits.c.key == key)).scalar_one())


def hits_of(engine: Engine, key: str, *, now: float | None = None) -> tuple[int, float]:
    """The hits of ``key``'s counter and when its window ends (``0`` and now when it has none)."""
    moment = time.time() if now is None else now
    with guarded("read the request counts"), read_transaction(engine) as connection:
        row = connection.execute(
            sa.select(rate_limits.c.hits, rate_limits.c.expires_at).where(
                rate_limits.c.key == key[:KEY_MAX], rate_limits.c.expires_at > moment
            )
        ).first()
    return (0, moment) if row is None else (int(row.hits), float(row.expires_at))


def clear_hits(engine: Engine, key: str | None = None) -> None:
    """Forget ``key``'s counter (``None``: every counter)."""
    with guarded("clear the request counts"), write_transaction(engine) as connection:
        query = rate_limits.delete()
        if key is not None:
            query = query.where(rate_limits.c.key == key[:KEY_MAX])
        connection.execute(query)
