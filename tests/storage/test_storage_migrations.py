"""The schema is created and upgraded at open by the project's Alembic migrations: no manual step, once only."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from storage_helpers import seed_table

from marquoir.storage import current_revision, get_game, head_revision, open_database, save_game, sqlite_url
from marquoir.storage.database import alembic_config
from marquoir.storage.schema import VERSION_TABLE, metadata


def test_a_new_database_is_created_at_the_newest_schema(tmp_path: Path) -> None:
    path = tmp_path / "new" / "games.sqlite3"
    path.parent.mkdir()
    engine = open_database(sqlite_url(path))
    assert path.exists()
    assert current_revision(engine) == head_revision()
    assert set(sa.inspect(engine).get_table_names()) == {"games", "game_players", "game_versions", VERSION_TABLE}


def test_the_migrations_build_exactly_the_schema_the_queries_use(tmp_path: Path) -> None:
    engine = open_database(sqlite_url(tmp_path / "db.sqlite3"))
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"version_table": VERSION_TABLE})
        differences = compare_metadata(context, metadata)
    assert differences == []


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(tmp_path: Path) -> None:
    engine = open_database(sqlite_url(tmp_path / "db.sqlite3"), busy_timeout=7)
    with engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == 7000
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL


def test_a_database_at_an_older_schema_is_upgraded_at_open(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path / "db.sqlite3")
    engine = open_database(url)
    saved = save_game(engine, seed_table("base-2p"))
    engine.dispose()
    with open_database(url, migrate=False).begin() as connection:
        command.downgrade(alembic_config(connection), "base")
    reopened = open_database(url)
    assert current_revision(reopened) == head_revision()
    assert get_game(reopened, saved.id) is None  # the downgrade dropped the tables; the upgrade made them anew
    again = save_game(reopened, seed_table("base-2p"))
    assert get_game(reopened, again.id) == again


OPEN = """
import sys
from marquoir.storage import open_database, sqlite_url, current_revision
engine = open_database(sqlite_url(sys.argv[1]))
print(current_revision(engine))
"""


def test_processes_opening_a_new_database_together_migrate_it_once(tmp_path: Path) -> None:
    path = tmp_path / "together.sqlite3"
    children = [
        subprocess.Popen(
            [sys.executable, "-c", OPEN, str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        for _ in range(6)
    ]
    outputs = [child.communicate(timeout=60) for child in children]
    assert [child.returncode for child in children] == [0] * 6, outputs
    assert {out.strip() for out, _ in outputs} == {head_revision()}
    engine = open_database(sqlite_url(path))
    with engine.connect() as connection:
        assert connection.execute(sa.text(f"SELECT count(*) FROM {VERSION_TABLE}")).scalar() == 1
