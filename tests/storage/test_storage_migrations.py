"""The schema is created and upgraded at open by the project's Alembic migrations: no manual step, once only."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from support.samples import sample_table

from marquoir import score, table_to_document
from marquoir.storage import (
    current_revision,
    get_game,
    get_game_by_share_token,
    head_revision,
    list_games,
    open_database,
    save_game,
    sqlite_url,
    upgrade,
)
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
    saved = save_game(engine, sample_table("base-2p"), score(sample_table("base-2p")))
    engine.dispose()
    with open_database(url, migrate=False).begin() as connection:
        command.downgrade(alembic_config(connection), "base")
    reopened = open_database(url)
    assert current_revision(reopened) == head_revision()
    assert get_game(reopened, saved.id) is None  # the downgrade dropped the tables; the upgrade made them anew
    again = save_game(reopened, sample_table("base-2p"), score(sample_table("base-2p")))
    assert get_game(reopened, again.id) == again


def test_games_saved_before_there_were_several_games_open_as_kanagawa_games(tmp_path: Path) -> None:
    # A database as Marquoir left it before saved games said which game they are (revision 0001).
    url = sqlite_url(tmp_path / "old.sqlite3")
    old = open_database(url, migrate=False)
    upgrade(old, "0001")
    table = sample_table("base-4p")
    document, report = table_to_document(table), score(table).to_json()
    with old.begin() as connection:
        connection.execute(
            sa.text(
                "INSERT INTO games (id, share_token, edit_token, played_at, created_at, updated_at, version, document,"
                " report) VALUES (7, 'share-token-of-the-old-game', 'edit-token-of-the-old-game',"
                " '2026-01-05 20:00:00', '2026-01-05 20:00:00', '2026-01-05 20:00:00', 1, :document, :report)"
            ),
            {"document": json.dumps(document), "report": json.dumps(report)},
        )
        connection.execute(
            sa.text(
                "INSERT INTO game_players (game_id, seat, name, name_key, total, rank, winner)"
                " VALUES (7, 0, 'Chiyo', 'chiyo', 41, 1, 1)"
            )
        )
    old.dispose()
    reopened = open_database(url)
    assert current_revision(reopened) == head_revision()
    game = get_game_by_share_token(reopened, "share-token-of-the-old-game")
    assert game is not None and game.game == "kanagawa"
    assert game.table == table and game.report == report
    assert [summary.game for summary in list_games(reopened)] == ["kanagawa"]


OPEN = """
import sys
from marquoir.storage import open_database, sqlite_url, current_revision
engine = open_database(sqlite_url(sys.argv[1]))
print(current_revision(engine))
"""


@pytest.mark.slow
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
