"""Alembic environment for Marquoir's schema, run only programmatically by :func:`marquoir.storage.open_database`.

The caller hands over an open connection inside a transaction that already holds the database's write lock
(``config.attributes["connection"]``), so the migrations run in that transaction: all or nothing, one process at a
time.
"""

from __future__ import annotations

from alembic import context

from marquoir.storage.schema import VERSION_TABLE

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=None,
    version_table=VERSION_TABLE,
    render_as_batch=connection.dialect.name == "sqlite",
    transactional_ddl=True,
)
with context.begin_transaction():
    context.run_migrations()
