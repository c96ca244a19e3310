"""Storage failures reach the caller as StorageError with a clear message, and write nothing."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from support.samples import sample_table

from marquoir import MarquoirError, score
from marquoir.storage import (
    StorageError,
    count_games,
    database_url,
    game_history,
    get_game,
    open_database,
    save_game,
    sqlite_url,
)


def test_a_locked_database_gives_a_busy_error_and_saves_nothing(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    engine = open_database(sqlite_url(path), busy_timeout=0.2)
    table = sample_table("base-2p")
    blocker = sqlite3.connect(path, isolation_level=None)
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StorageError) as caught:
            save_game(engine, table, score(table))
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert caught.value.reason == "busy"
    assert "busy" in str(caught.value) and "nothing was changed" in str(caught.value)
    assert isinstance(caught.value, MarquoirError)
    assert count_games(engine) == 0
    saved = save_game(engine, table, score(table))  # the same values, once the lock is gone
    assert get_game(engine, saved.id) == saved


def test_a_full_database_gives_a_full_error_and_keeps_what_was_saved(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    engine = open_database(sqlite_url(path))
    first = save_game(engine, sample_table("base-4p"), score(sample_table("base-4p")))
    engine.dispose()

    @event.listens_for(engine, "connect")
    def _cap(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
        pages = dbapi_connection.execute("PRAGMA page_count").fetchone()[0]
        dbapi_connection.execute(f"PRAGMA max_page_count = {pages}")

    with pytest.raises(StorageError) as caught:
        for _ in range(50):
            save_game(engine, sample_table("base-4p"), score(sample_table("base-4p")))
    assert caught.value.reason == "full"
    assert "full" in str(caught.value)
    assert get_game(engine, first.id) == first
    assert len(game_history(engine, first.id)) == 1


def test_a_database_that_cannot_be_opened_is_named(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(StorageError) as caught:
        open_database(sqlite_url(blocker / "db.sqlite3"))
    assert caught.value.reason == "unavailable"
    with pytest.raises(StorageError, match="database folder"):
        database_url(blocker / "instance", environ={})


def test_a_file_that_is_not_a_database_is_refused_clearly(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite3"
    path.write_bytes(b"these are my notes, not a database" * 200)
    with pytest.raises(StorageError, match=r"the SQLite file .*notes\.sqlite3 is damaged.*restore it") as caught:
        open_database(sqlite_url(path))
    assert caught.value.reason == "damaged"


def test_a_damaged_file_is_found_by_quick_check_when_opened(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "games.sqlite3"
    open_database(sqlite_url(path)).dispose()
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    for offset in range(2 * 4096, len(data), 997):  # every page past the first two, torn
        data[offset] = 0x5A
    path.write_bytes(bytes(data))
    with pytest.raises(StorageError, match="is damaged") as caught:
        open_database(sqlite_url(path))
    assert caught.value.reason == "damaged"


def test_urls_the_storage_cannot_use_are_refused() -> None:
    with pytest.raises(StorageError, match="not a database URL"):
        open_database("definitely not a url")
    with pytest.raises(StorageError, match="must be a file"):
        open_database("sqlite://")
    with pytest.raises(StorageError, match="no database driver"):
        open_database("nosuchdb+nodriver://user@host/db")


def test_database_url_prefers_the_environment(tmp_path: Path) -> None:
    assert database_url(tmp_path, {"DATABASE_URL": "postgresql+psycopg://u@h/marquoir"}) == (
        "postgresql+psycopg://u@h/marquoir"
    )
    url = database_url(tmp_path / "instance", {"DATABASE_URL": "  "})
    assert url == sqlite_url(tmp_path / "instance" / "marquoir.sqlite3")
    assert (tmp_path / "instance").is_dir()
