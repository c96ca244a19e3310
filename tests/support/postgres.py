"""A throwaway PostgreSQL server for the tests, on a Unix socket only (no TCP), from the PostgreSQL that
``make system-deps`` installs (Debian's ``postgresql``)."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def binary(name: str) -> str:
    """A PostgreSQL program (``initdb``, ``pg_ctl``) from the PATH or Debian's folder."""
    found = shutil.which(name) or next(iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)), None)
    if found is None:
        raise RuntimeError(f"PostgreSQL's {name} is missing: run `make system-deps` (Debian package postgresql)")
    return found


@contextmanager
def postgres_server(max_connections: int = 60, superuser: str = "marquoir") -> Iterator[str]:
    """A PostgreSQL server in a temporary folder; yields the URL of its ``postgres`` database as ``superuser``."""
    base = Path(tempfile.mkdtemp(prefix="marquoir-pg-"))
    base.chmod(0o755)
    as_postgres: list[str] = []
    if os.geteuid() == 0:  # initdb refuses to run as root
        shutil.chown(base, "postgres", "postgres")
        as_postgres = ["runuser", "-u", "postgres", "--"]
    data = base / "data"
    subprocess.run(
        [*as_postgres, binary("initdb"), "-D", str(data), "-U", superuser, "--auth=trust", "-E", "UTF8",
         "--no-sync", "--no-instructions"],
        check=True, capture_output=True,
    )  # fmt: skip
    options = f"-k {base} -c listen_addresses='' -c fsync=off -c max_connections={max_connections}"
    pg_ctl = binary("pg_ctl")
    subprocess.run(
        [*as_postgres, pg_ctl, "-D", str(data), "-o", options, "-l", str(base / "log"), "-w", "start"],
        check=True, capture_output=True,
    )  # fmt: skip
    try:
        yield f"postgresql+psycopg://{superuser}@/postgres?host={base}"
    finally:
        subprocess.run([*as_postgres, pg_ctl, "-D", str(data), "-m", "immediate", "stop"], capture_output=True)
        shutil.rmtree(base, ignore_errors=True)


def new_database(server: str, name: str) -> str:
    """Create the empty database ``name`` on the server whose ``postgres`` database is at ``server``: its URL."""
    import sqlalchemy as sa

    admin = sa.create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f"CREATE DATABASE {name}")
    admin.dispose()
    return server.replace("/postgres?", f"/{name}?")
