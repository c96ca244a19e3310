"""Counters of the abuse limits kept in the database, so that every server process on it counts the same hits
(each process counting its own would let N processes allow N times a limit). A counter is a key (client, route and
window, made by the caller), its hits and the moment its window ends; one that ended counts as none, and ended
ones are deleted a few at a time as counters are written. Each function is one transaction: :func:`take_hits`
checks and counts every limit of one request at once (one write, however many limits it has)."""

from __future__ import annotations

import time
from collections.abc import Sequence

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


def take_hits(engine: Engine, counters: Sequence[tuple[str, int, int]], *, now: float | None = None) -> float | None:
    """One request against its limits, each a counter ``(key, window in seconds, most hits in a window)``, in one
    write transaction: when a counter has its most hits already, the moment its window ends, and nothing is
    counted; else one hit is added to each counter (a new one, ending ``window`` seconds from now, when it has none
    or it ended) and ``None``. The keys are written in one order (two requests sharing counters never deadlock);
    on PostgreSQL, requests of one client counted at the same moment by two processes may each pass a limit's last
    hit (a limit over by the number of those requests at most), SQLite's writers being one at a time."""
    moment = time.time() if now is None else now
    chosen = {key[:KEY_MAX]: (window, most) for key, window, most in counters}
    if not chosen:
        return None
    with guarded("count the request"), write_transaction(engine) as connection:
        keys = sorted(chosen)
        connection.execute(rate_limits.delete().where(rate_limits.c.key.in_(keys), rate_limits.c.expires_at <= moment))
        ended = sa.select(rate_limits.c.key).where(rate_limits.c.expires_at <= moment).limit(SWEEP)
        connection.execute(rate_limits.delete().where(rate_limits.c.key.in_(ended.scalar_subquery())))
        columns = (rate_limits.c.key, rate_limits.c.hits, rate_limits.c.expires_at)
        found = connection.execute(sa.select(*columns).where(rate_limits.c.key.in_(keys))).all()
        full = [float(expires) for key, hits, expires in found if int(hits) >= chosen[str(key)][1]]
        if full:
            return max(full)
        dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
        statement = dialect.insert(rate_limits)
        statement = statement.on_conflict_do_update(
            index_elements=[rate_limits.c.key], set_={"hits": rate_limits.c.hits + 1}
        )
        connection.execute(statement, [{"key": key, "hits": 1, "expires_at": moment + chosen[key][0]} for key in keys])
    return None


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
