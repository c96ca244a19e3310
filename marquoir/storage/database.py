"""Opening the database: the URL, the engine, SQLite's safety settings, and the schema brought up to date.

Migrations are Alembic's, run programmatically when the database is opened (no manual step): Alembic is the
migration tool of SQLAlchemy's own authors, knows how to alter tables on SQLite (batch mode) and on PostgreSQL
alike, and records the schema version in the database. The upgrade runs in one transaction that first takes the
database's write lock (``BEGIN IMMEDIATE`` on SQLite, an advisory lock on PostgreSQL), so several processes opening
a new database at once migrate it exactly once, and a process killed mid-migration leaves the old schema intact.

SQLite runs in WAL mode (readers never block the writer) with a busy timeout (writers wait for each other instead
of failing) and ``synchronous=FULL`` (a committed save survives a crash). Every write transaction starts with
``BEGIN IMMEDIATE`` so two writers queue up at the start instead of deadlocking on a lock upgrade; Marquoir's own
writers first wait their turn in :mod:`marquoir.storage.writers` (first come first served, across processes too),
so SQLite's lock, which has no queue, is handed over in arrival order.
"""

from __future__ import annotations

import functools
import os
import random
import sqlite3
import time
import weakref
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine

from marquoir.storage.errors import StorageError
from marquoir.storage.schema import VERSION_TABLE
from marquoir.storage.writers import WriterTurns, turns_for

#: The file name of the default SQLite database inside the folder the caller gives.
DEFAULT_FILE_NAME = "marquoir.sqlite3"
#: How long a writer waits for another one before giving up with ``StorageError(reason="busy")``.
DEFAULT_BUSY_TIMEOUT = 30.0
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
#: Execution option that makes a transaction a write transaction (``BEGIN IMMEDIATE`` on SQLite).
WRITE_OPTION = "marquoir_write"
#: An arbitrary constant: the PostgreSQL advisory lock that serialises schema upgrades.
_PG_MIGRATION_LOCK = 0x6D61_7271
#: The writers' queue of each SQLite engine :func:`open_database` made, with its busy timeout.
_QUEUES: weakref.WeakKeyDictionary[Engine, tuple[WriterTurns, float]] = weakref.WeakKeyDictionary()


def default_folder(environ: Mapping[str, str] | None = None) -> Path:
    """The folder of the default database, the same for the web app and the command line: ``MARQUOIR_INSTANCE``
    when set, else ``instance`` in the current folder (absolute)."""
    env = os.environ if environ is None else environ
    given = env.get("MARQUOIR_INSTANCE", "").strip()
    return Path(given or "instance").resolve()


def database_url(
    default: str | os.PathLike[str] | None = None, environ: Mapping[str, str] | None = None
) -> str:
    """``DATABASE_URL`` from ``environ`` when set, else a SQLite file in ``default`` (:func:`default_folder`
    when ``None``; created if missing)."""
    env = os.environ if environ is None else environ
    url = env.get("DATABASE_URL", "").strip()
    if url:
        return url
    folder = Path(default) if default is not None else default_folder(env)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StorageError(f"cannot create the database folder {folder}: {error.strerror}", "unavailable") from None
    return sqlite_url(folder / DEFAULT_FILE_NAME)


def sqlite_url(path: str | os.PathLike[str]) -> str:
    """The SQLAlchemy URL of a SQLite file."""
    return str(sa.URL.create("sqlite", database=str(Path(path).resolve())))


#: Connections an engine keeps open by default: one for each of the web server's request threads (waitress's 8).
DEFAULT_CONNECTIONS = 8


def open_database(
    url: str, *, busy_timeout: float = DEFAULT_BUSY_TIMEOUT, migrate: bool = True,
    connections: int = DEFAULT_CONNECTIONS,
) -> Engine:  # fmt: skip
    """An engine for ``url`` (a SQLAlchemy URL: ``sqlite:////path/file.sqlite3``, ``postgresql+psycopg://…``),
    with the schema brought up to date unless ``migrate`` is false. Raises :class:`StorageError` when the database
    cannot be opened or migrated.

    The engine keeps ``connections`` open (as many as the threads that use it: with fewer, every connection
    beyond them is closed when it is given back and opened again at the next busy moment, a new PostgreSQL backend
    each time) and opens as many again for a burst."""
    try:
        parsed = sa.make_url(url)
    except sa.exc.ArgumentError:
        raise StorageError(f"DATABASE_URL is not a database URL: {url!r}", "unavailable") from None
    if parsed.get_backend_name() == "sqlite":
        if parsed.database in (None, "", ":memory:"):
            raise StorageError("a SQLite database must be a file (saved games must outlive the process)", "unavailable")
        engine = sa.create_engine(parsed, connect_args={"timeout": busy_timeout}, pool_size=connections,
                                  max_overflow=connections)  # fmt: skip
        _configure_sqlite(engine, busy_timeout)
        _QUEUES[engine] = (turns_for(str(Path(parsed.database).resolve())), busy_timeout)
        if migrate:
            quick_check(engine)
    else:
        try:
            engine = sa.create_engine(parsed, pool_pre_ping=True, pool_size=connections, max_overflow=connections)
            if parsed.get_driver_name() == "psycopg":
                event.listen(engine, "do_execute", _plan_reads_for_their_values)
                event.listen(engine, "connect", _compress_documents_with_lz4)
        except (ImportError, sa.exc.NoSuchModuleError) as error:
            raise StorageError(f"no database driver for {parsed.drivername}: {error}", "unavailable") from None
    if migrate:
        upgrade(engine)
    return engine


@functools.cache
def _server_cursor() -> type:
    from psycopg import ServerCursor

    return ServerCursor


def _plan_reads_for_their_values(cursor: Any, statement: str, parameters: Any, _context: Any) -> bool | None:
    """On PostgreSQL, run each read (``SELECT``) unprepared, so that PostgreSQL plans it for its values and the
    tables as they are now; writes keep the prepared statements psycopg makes of what a connection runs often.

    psycopg prepares a statement run five times on a connection, and PostgreSQL then keeps one generic plan for it
    until the table's statistics change (autovacuum's next ANALYZE). A server started on a new club's database made
    that plan while the records were a handful of rows, a walk of every record of the group, and kept walking them
    as the table grew: after 300 saves the records' read of a save cost 1.1 ms of the server's time against 0.02 ms
    for the index seek a fresh plan chose (``pg_stat_statements``), and the work grows with the club's history. A
    read chooses among indexes (a player's records, a group's games, a page of history); a save's writes are by a
    key (an insert, an update of one record by its whole primary key) and have one plan whatever the table holds,
    so planning them at every execution (``plan_cache_mode = force_custom_plan`` on every connection)
    cost PostgreSQL 1.3–1.5 ms of CPU a save of the 3.6–4.4 it spent, for nothing (an A/B of 400 saves on one
    connection, interleaved). Returns ``True``: the read ran here (SQLAlchemy's ``do_execute`` event). A server-side
    cursor (an export's stream) is a ``DECLARE``, never prepared."""
    if statement.lstrip()[:6].upper() != "SELECT" or isinstance(cursor, _server_cursor()):
        return None
    cursor.execute(statement, parameters, prepare=False)
    return True


#: Sets lz4 as the compression of the values PostgreSQL compresses, where the server has it (built with lz4,
#: PostgreSQL 14 or later); elsewhere it matches no row and changes nothing.
_LZ4 = (
    "SELECT set_config('default_toast_compression', 'lz4', false) FROM pg_settings "
    "WHERE name = 'default_toast_compression' AND 'lz4' = ANY(enumvals)"
)


def _compress_documents_with_lz4(dbapi_connection: Any, _record: Any) -> None:
    """On PostgreSQL, a new connection compresses what it writes with lz4 rather than the default pglz: a save
    writes its table document and score report twice (the game and its first version), and the report (3 KB for
    four players) is compressed each time. Measured on the throwaway server, 300 saves of a four-player game
    through the web app, two interleaved pairs: the server spent 2.70–2.77 ms of CPU a save with lz4 against
    3.27–3.37 ms with pglz. Values written before keep their compression and read the same; one statement when a
    connection opens, none a request."""
    with dbapi_connection.cursor() as cursor:
        cursor.execute(_LZ4)
    dbapi_connection.commit()


def quick_check(engine: Engine) -> None:
    """SQLite's ``quick_check`` of the file: :class:`StorageError` (``damaged``) naming the file when it is not a
    sound database (torn, overwritten, truncated), before anything reads or writes it."""
    name = engine.url.database
    try:
        with engine.connect() as connection:
            rows = [str(r[0]) for r in connection.exec_driver_sql("PRAGMA quick_check(5)")]
    except sa.exc.DBAPIError as error:
        text = str(error.orig).strip() if error.orig is not None else str(error)
        if "not a database" in text or "malformed" in text:
            raise StorageError(f"the SQLite file {name} is damaged ({text}): restore it from a backup "
                               "(marquoir import FILE)", "damaged") from None
        raise storage_error("open the database", text, True) from error
    if rows != ["ok"]:
        raise StorageError(f"the SQLite file {name} is damaged (quick_check: {'; '.join(rows)[:300]}): restore it "
                           "from a backup (marquoir import FILE)", "damaged")


def _configure_sqlite(engine: Engine, busy_timeout: float) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
        # SQLAlchemy, not the sqlite3 module, decides when transactions begin (SQLAlchemy's pysqlite notes).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
            cursor.execute("PRAGMA journal_mode = WAL")
            cursor.execute("PRAGMA synchronous = FULL")
            cursor.execute("PRAGMA foreign_keys = ON")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        if not connection.get_execution_options().get(WRITE_OPTION, False):
            connection.exec_driver_sql("BEGIN")
            return
        dbapi_connection = connection.connection.driver_connection
        assert isinstance(dbapi_connection, sqlite3.Connection)
        _begin_immediate(dbapi_connection, busy_timeout)


def _begin_immediate(dbapi_connection: sqlite3.Connection, busy_timeout: float) -> None:
    """``BEGIN IMMEDIATE``, waiting for the write lock by polling every few milliseconds.

    Marquoir's writers reach this in turn (:mod:`marquoir.storage.writers`) and find the lock free; the polling is
    for a writer outside that queue (the ``sqlite3`` shell, an older process). SQLite's own busy handler sleeps
    longer and longer (up to 100 ms) between tries, so such a wait could starve for seconds; short randomised polls
    do not. The busy timeout still bounds the wait."""
    deadline = time.monotonic() + busy_timeout
    dbapi_connection.execute("PRAGMA busy_timeout = 0")
    try:
        while True:
            try:
                dbapi_connection.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) and "busy" not in str(error):
                    raise
                if time.monotonic() >= deadline:
                    raise
            time.sleep(random.uniform(0.0005, 0.003))
    finally:
        dbapi_connection.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")


def alembic_config(connection: Connection | None = None) -> Config:
    """Alembic's configuration for Marquoir's migrations, without an ini file."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("version_table", VERSION_TABLE)
    if connection is not None:
        config.attributes["connection"] = connection
    return config


@functools.cache
def head_revision() -> str:
    """The newest migration's revision id (the migrations are files of the package: read once per process)."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def current_revision(engine: Engine) -> str | None:
    """The schema revision the database is at (``None`` for an empty database)."""
    with guarded("read the schema version"), engine.connect() as connection:
        return _revision_of(connection)


def _revision_of(connection: Connection) -> str | None:
    context = MigrationContext.configure(connection, opts={"version_table": VERSION_TABLE})
    return context.get_current_revision()


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the schema to ``revision`` in one locked transaction (a no-op when it is already there: a database
    at the newest revision is opened without running Alembic's machinery)."""
    with guarded("update the database schema"), write_transaction(engine) as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": _PG_MIGRATION_LOCK})
        if revision == "head" and _revision_of(connection) == head_revision():
            return
        command.upgrade(alembic_config(connection), revision)


@contextmanager
def write_transaction(engine: Engine) -> Iterator[Connection]:
    """One write transaction: committed when the block ends, rolled back on any exception."""
    with _writer_turn(engine), engine.connect() as connection:
        connection.execution_options(**{WRITE_OPTION: True})
        with connection.begin():
            yield connection


@contextmanager
def _writer_turn(engine: Engine) -> Iterator[None]:
    """This writer's turn in the queue of a SQLite file's writers (:mod:`marquoir.storage.writers`), for engines
    :func:`open_database` made; other engines (PostgreSQL, whose row locks need no queue) go straight in."""
    queued = _QUEUES.get(engine)
    if queued is None:
        yield
        return
    turns, timeout = queued
    with turns.turn(timeout):
        yield


@contextmanager
def read_transaction(engine: Engine) -> Iterator[Connection]:
    """One read transaction: a consistent snapshot of the database."""
    with engine.connect() as connection, connection.begin():
        yield connection


@contextmanager
def guarded(action: str) -> Iterator[None]:
    """Turn the database's failures into :class:`StorageError` saying what could not be done and why."""
    try:
        yield
    except sa.exc.DBAPIError as error:
        text = str(error.orig).strip() if error.orig is not None else str(error)
        unavailable = isinstance(error, sa.exc.OperationalError | sa.exc.InterfaceError)
        raise storage_error(action, text, unavailable) from error
    except sqlite3.Error as error:  # raised by our own BEGIN IMMEDIATE, outside SQLAlchemy's wrapping
        raise storage_error(action, str(error), isinstance(error, sqlite3.OperationalError)) from error


def storage_error(action: str, text: str, operational: bool = False) -> StorageError:
    """The :class:`StorageError` for the driver's message ``text`` while doing ``action``."""
    lowered = text.lower()
    if "locked" in lowered or "busy" in lowered or "could not obtain lock" in lowered:
        return StorageError(
            f"could not {action}: the database is busy with another save; nothing was changed, try again", "busy"
        )
    if "malformed" in lowered or "not a database" in lowered:
        return StorageError(f"could not {action}: the database file is damaged ({text}); restore it from a backup",
                            "damaged")
    if "full" in lowered or "no space" in lowered or "disk quota" in lowered:
        return StorageError(f"could not {action}: the disk or the database is full; nothing was changed", "full")
    if operational and (
        "unable to open" in lowered or "readonly" in lowered or "read-only" in lowered or "connect" in lowered
    ):
        return StorageError(f"could not {action}: the database cannot be opened or written ({text})", "unavailable")
    return StorageError(f"could not {action}: the database refused it ({text})")
