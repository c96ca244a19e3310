"""The same storage code on PostgreSQL (``DATABASE_URL=postgresql+psycopg://…``): a throwaway server is started
for these tests on a Unix socket only (no TCP), from the PostgreSQL that ``make system-deps`` installs."""

from __future__ import annotations

import dataclasses
import glob
import os
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from itertools import count
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy.engine import Engine
from support.postgres import new_database
from support.samples import sample_table
from test_storage_migrations import check_upgraded, database_at_0002

from marquoir import score
from marquoir.reports.export import csv_chunks, games_csv
from marquoir.reports.stats import records_of, statistics
from marquoir.storage import (
    BackupGame,
    EditConflict,
    GameNotFound,
    all_games,
    correct_game,
    current_revision,
    delete_game,
    game_history,
    get_game,
    get_game_by_share_token,
    head_revision,
    list_games,
    open_database,
    player_records,
    restore_games,
    save_game,
    stream_backup,
    stream_reports,
)
from marquoir.storage.backup import backup_chunks, read_backup_lines
from marquoir.storage.schema import VERSION_TABLE, metadata

pytestmark = pytest.mark.slow

_names = count()


def _binary(name: str) -> str:
    found = shutil.which(name) or next(iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)), None)
    if found is None:
        raise RuntimeError(f"PostgreSQL's {name} is missing: run `make system-deps` (Debian package postgresql)")
    return found


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """A PostgreSQL server in a temporary folder; yields the URL of its ``postgres`` database."""
    base = Path(tempfile.mkdtemp(prefix="marquoir-pg-"))
    base.chmod(0o755)
    as_postgres: list[str] = []
    if os.geteuid() == 0:  # initdb refuses to run as root
        shutil.chown(base, "postgres", "postgres")
        as_postgres = ["runuser", "-u", "postgres", "--"]
    data, socket = base / "data", base
    subprocess.run(
        [*as_postgres, _binary("initdb"), "-D", str(data), "-U", "marquoir", "--auth=trust", "-E", "UTF8",
         "--no-sync", "--no-instructions"],
        check=True, capture_output=True,
    )  # fmt: skip
    options = f"-k {socket} -c listen_addresses='' -c fsync=off -c max_connections=60"
    pg_ctl = _binary("pg_ctl")
    subprocess.run(
        [*as_postgres, pg_ctl, "-D", str(data), "-o", options, "-l", str(base / "log"), "-w", "start"],
        check=True, capture_output=True,
    )  # fmt: skip
    try:
        yield f"postgresql+psycopg://marquoir@/postgres?host={socket}"
    finally:
        subprocess.run([*as_postgres, pg_ctl, "-D", str(data), "-m", "immediate", "stop"], capture_output=True)
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture
def fresh_url(server: str) -> str:
    """The URL of a new, empty database on the server."""
    return new_database(server, f"marquoir_test_{next(_names)}")


@pytest.fixture
def pg(fresh_url: str) -> Iterator[Engine]:
    engine = open_database(fresh_url)
    yield engine
    engine.dispose()


def test_the_schema_is_migrated_on_postgresql_exactly_as_declared(pg: Engine) -> None:
    assert current_revision(pg) == head_revision()
    with pg.connect() as connection:
        context = MigrationContext.configure(connection, opts={"version_table": VERSION_TABLE})
        assert compare_metadata(context, metadata) == []


def test_save_open_correct_search_and_delete_on_postgresql(pg: Engine) -> None:
    table = sample_table("base-2p")
    saved = save_game(pg, table, score(table))
    assert get_game(pg, saved.id) == saved
    assert get_game_by_share_token(pg, saved.share_token) == saved
    players = (dataclasses.replace(table.players[0], name="Émile"), table.players[1])
    corrected = dataclasses.replace(table, players=players)
    fixed = correct_game(pg, saved.edit_token, corrected, score(corrected), expected_version=1)
    assert fixed.version == 2 and fixed.played_at == saved.played_at
    with pytest.raises(EditConflict):
        correct_game(pg, saved.edit_token, table, score(table), expected_version=1)
    with pytest.raises(GameNotFound):
        delete_game(pg, saved.share_token)
    assert [v.version for v in game_history(pg, saved.id)] == [2, 1]
    assert game_history(pg, saved.id)[1].table == table
    assert [g.id for g in list_games(pg, player="EMILE")] == [saved.id]
    assert list_games(pg, player="100%") == []
    delete_game(pg, saved.edit_token)
    assert get_game(pg, saved.id) is None and game_history(pg, saved.id) == []


def test_many_writers_at_once_on_postgresql_lose_nothing(pg: Engine, fresh_url: str) -> None:
    table = sample_table("base-4p")
    ids: list[int] = []
    errors: list[Exception] = []

    def write() -> None:
        try:
            for _ in range(8):
                game = save_game(pg, table, score(table))
                ids.append(correct_game(pg, game.edit_token, table, score(table)).id)
        except Exception as error:  # collected and asserted below
            errors.append(error)

    threads = [threading.Thread(target=write) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert errors == []
    assert sorted(g.id for g in list_games(pg, limit=500)) == sorted(ids) and len(ids) == 48
    assert all(len(game_history(pg, i)) == 2 for i in ids)


def test_as_many_writers_as_connections_open_each_connection_once_on_postgresql(fresh_url: str) -> None:
    """An engine keeps one connection per request thread: 8 threads saving and correcting at once open 8
    PostgreSQL backends and no more (a pool of 5 closed every connection beyond them when it was given back, and
    opened a new backend at the next busy moment)."""
    engine = open_database(fresh_url, connections=8)
    opened: list[object] = []
    sa.event.listen(engine, "connect", lambda *_: opened.append(None))
    table = sample_table("base-4p")
    start = threading.Barrier(8)

    def write() -> None:
        start.wait(30)
        for _ in range(6):
            game = save_game(engine, table, score(table))
            correct_game(engine, game.edit_token, table, score(table))

    threads = [threading.Thread(target=write) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert len(list_games(engine, limit=500)) == 48
    assert 1 <= len(opened) <= 8
    assert engine.pool.size() == 8  # type: ignore[attr-defined]
    engine.dispose()


def test_a_long_lived_connection_keeps_seeking_the_records_as_they_grow_on_postgresql(fresh_url: str) -> None:
    """A save reads its players' records by an index seek however small the table was when the connection first
    ran that read: one connection saves 300 games of new players from an empty database, and the last 50 saves
    read almost no record (a generic plan made on the first saves walked every record of the group on every save,
    through the primary key's index: 50 saves read some 200,000 records)."""
    engine = open_database(fresh_url, connections=1)
    table = sample_table("base-4p")

    def save(n: int) -> None:
        players = tuple(dataclasses.replace(p, name=f"{p.name} {n}") for p in table.players)
        renamed = dataclasses.replace(table, players=players)
        save_game(engine, renamed, score(renamed))

    def records_read() -> int:
        """The records read so far, as a reader on another connection sees the counters: a backend sends them
        at the end of a transaction a second after it last sent them (or when asked and idle)."""
        time.sleep(1.1)
        with engine.connect() as connection:  # the writer's one connection
            connection.execute(sa.text("SELECT pg_stat_force_next_flush()"))
            connection.commit()
        time.sleep(0.2)
        with reader.connect() as connection:
            return int(connection.execute(sa.text(
                "SELECT seq_tup_read + coalesce(idx_tup_fetch, 0) FROM pg_stat_user_tables "
                "WHERE relname = 'player_stats'")).scalar_one())  # fmt: skip

    reader = sa.create_engine(fresh_url)
    for n in range(250):
        save(n)
    before = records_read()
    for n in range(250, 300):
        save(n)
    assert records_read() - before < 50 * 16  # new players: a seek finds nothing; a walk reads 4,000 a save
    engine.dispose()
    reader.dispose()


def test_a_connection_prepares_its_writes_and_plans_each_read_on_postgresql(fresh_url: str) -> None:
    """Writes (by a key: one plan whatever the tables hold) are prepared once a connection runs them often, so
    PostgreSQL does not plan them again at every save; reads are never prepared (each is planned for its values
    and the tables as they are: see the test above)."""
    engine = open_database(fresh_url, connections=1)
    table = sample_table("base-4p")
    for _ in range(12):  # the same players: their records are read and updated at every save
        save_game(engine, table, score(table))
    with engine.connect() as connection:  # the savers' one connection: its own prepared statements
        prepared = [str(s) for (s,) in connection.execute(sa.text("SELECT statement FROM pg_prepared_statements"))]
    engine.dispose()
    assert any(s.startswith("INSERT INTO games ") for s in prepared), prepared
    assert any(s.startswith("UPDATE player_stats ") for s in prepared), prepared
    assert not any(s.lstrip().upper().startswith("SELECT") for s in prepared), prepared


def test_a_saved_game_is_compressed_with_lz4_on_a_postgresql_that_has_it(fresh_url: str) -> None:
    """The documents and reports a save writes are compressed with lz4 where the server offers it (Debian's
    PostgreSQL does), and read back the same."""
    engine = open_database(fresh_url, connections=1)
    with engine.connect() as connection:
        offered = connection.execute(sa.text(
            "SELECT enumvals FROM pg_settings WHERE name = 'default_toast_compression'")).scalar()  # fmt: skip
    assert offered is not None and "lz4" in offered, "the tests' PostgreSQL should be built with lz4"
    table = sample_table("base-4p")
    saved = save_game(engine, table, score(table))
    with engine.connect() as connection:
        used = connection.execute(sa.text(
            "SELECT pg_column_compression(report), pg_column_compression(document) FROM games")).one()  # fmt: skip
        versions = connection.execute(sa.text("SELECT pg_column_compression(report) FROM game_versions")).scalar()
    assert used[0] == versions == "lz4", (used, versions)
    assert get_game(engine, saved.id) == saved
    engine.dispose()


def test_processes_opening_a_new_postgresql_database_together_migrate_it_once(fresh_url: str) -> None:
    engines: list[Engine] = []
    errors: list[Exception] = []

    def open_it() -> None:
        try:
            engines.append(open_database(fresh_url))
        except Exception as error:  # collected and asserted below
            errors.append(error)

    threads = [threading.Thread(target=open_it) for _ in range(5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == [] and len(engines) == 5
    with engines[0].connect() as connection:
        assert connection.execute(sa.text(f"SELECT count(*) FROM {VERSION_TABLE}")).scalar() == 1
    for engine in engines:
        engine.dispose()


def test_writers_sharing_players_keep_their_records_exact_on_postgresql(pg: Engine) -> None:
    """Savers, correctors and deleters of games with the same players at once: each record adds up its games."""
    errors: list[Exception] = []
    base = sample_table("base-4p")

    def write(index: int) -> None:
        try:
            for n in range(6):
                names = ("Aiko", "Ben", f"Solo {index}", "aiko b") if n % 2 else ("Ben", "AIKO", "Chiyo", f"W{index}")
                players = tuple(dataclasses.replace(p, name=name) for p, name in zip(base.players, names, strict=True))
                table = dataclasses.replace(base, players=players)
                game = save_game(pg, table, score(table))
                if n % 3 == 1:
                    correct_game(pg, game.edit_token, base, score(base))
                elif n % 3 == 2:
                    delete_game(pg, game.edit_token)
        except Exception as error:  # collected and asserted below
            errors.append(error)

    threads = [threading.Thread(target=write, args=(i,)) for i in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert errors == []
    stored = {(r.game, r.key): r for r in player_records(pg, "kanagawa", limit=500)}
    assert stored == {(r.game, r.key): r for r in records_of(all_games(pg))}
    # Each writer keeps games 0 and 3 with an "aiko" (1 and 4 are corrected to the base table's players, 2 and 5
    # deleted); "aiko b" is another player.
    assert stored[("kanagawa", "aiko")].games == 6 * 2 and stored[("kanagawa", "aiko b")].games == 6


def test_games_saved_before_the_players_records_are_upgraded_on_postgresql(fresh_url: str) -> None:
    ids = database_at_0002(fresh_url)
    engine = open_database(fresh_url)
    check_upgraded(engine, ids)
    engine.dispose()


def test_the_exports_stream_from_a_server_side_cursor_and_restore_on_postgresql(pg: Engine, server: str) -> None:
    for name in ("base-2p", "yokai-3p", "bonsai-2p", "base-4p"):
        save_game(pg, sample_table(name), score(sample_table(name)))
    first = get_game(pg, 1)
    assert first is not None
    correct_game(pg, first.edit_token, sample_table("base-4p"), score(sample_table("base-4p")))
    with stream_reports(pg, batch=2) as reports:
        assert reports.total == 4
        assert "".join(csv_chunks(reports, chunk_size=10)) == games_csv(all_games(pg))
    with stream_backup(pg, batch=2) as games:
        text = "".join(backup_chunks(games, games.total, datetime.now(UTC)))
    count, read = read_backup_lines(iter(text.splitlines(keepends=True)))
    backups = [b for b in read if isinstance(b, BackupGame)]
    assert count == len(backups) == 4 and [len(b.versions) for b in backups] == [2, 1, 1, 1]
    other = open_database(_another(server))
    assert restore_games(other, backups) == [True] * 4
    assert restore_games(other, backups) == [False] * 4
    again = {g.share_token: g for g in all_games(other)}
    for game in all_games(pg):
        copy = again[game.share_token]
        assert (copy.edit_token, copy.played_at, copy.created_at, copy.version, copy.document, copy.report) == (
            game.edit_token, game.played_at, game.created_at, game.version, game.document, game.report
        )  # fmt: skip
        assert [v.document for v in game_history(other, copy.id)] == [v.document for v in game_history(pg, game.id)]
    assert statistics(player_records(other, "kanagawa")) == statistics(player_records(pg, "kanagawa"))
    other.dispose()


def _another(server: str) -> str:
    """The URL of one more new database on the server."""
    name = f"marquoir_copy_{next(_names)}"
    admin = sa.create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f"CREATE DATABASE {name}")
    admin.dispose()
    return server.replace("/postgres?", f"/{name}?")


def test_saves_with_one_key_at_once_save_one_game_on_postgresql(pg: Engine) -> None:
    table = sample_table("base-2p")
    report = score(table)
    ids: list[int] = []

    def save() -> None:
        ids.append(save_game(pg, table, report, save_key="double-tapped-save-button-key").id)

    threads = [threading.Thread(target=save) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(ids) == 8 and len(set(ids)) == 1
    assert len(list_games(pg)) == 1


def test_groups_merges_periods_and_the_head_to_head_on_postgresql(pg: Engine) -> None:
    """The groups' SQL on PostgreSQL: the same tests as on SQLite, run on a fresh database each."""
    import test_storage_groups as groups

    for check in (groups.test_a_group_s_games_are_listed_searched_and_counted_only_there,
                  groups.test_two_names_merged_are_one_player_and_the_games_keep_their_names,
                  groups.test_a_renamed_player_is_shown_by_the_new_name_and_it_counts_as_theirs,
                  groups.test_the_head_to_head_counts_the_games_played_together):  # fmt: skip
        check(pg)
        with pg.begin() as connection:
            connection.exec_driver_sql("TRUNCATE games, groups, player_stats, game_counts RESTART IDENTITY CASCADE")
            connection.exec_driver_sql("INSERT INTO game_counts (group_id, games) VALUES (0, 0)")


def test_a_database_at_0004_upgrades_in_place_on_postgresql(fresh_url: str) -> None:
    from marquoir.storage import upgrade

    ids = database_at_0002(fresh_url)
    old = open_database(fresh_url, migrate=False)
    upgrade(old, "0004")
    old.dispose()
    engine = open_database(fresh_url)
    try:
        check_upgraded(engine, ids)
        with engine.connect() as connection:
            editions = connection.execute(sa.text("SELECT DISTINCT game_id, edition, players FROM game_players"
                                                  " ORDER BY game_id")).all()  # fmt: skip
        assert [tuple(r) for r in editions] == [(1, "base", 4), (2, "base", 3), (3, "yokai", 3), (4, "", 2),
                                                (5, "base", 3)]  # fmt: skip
    finally:
        engine.dispose()


def corrections_at_once(engine: Engine) -> list[str]:
    """Eight corrections of one version of a game sent at once: what each got."""
    table = sample_table("base-2p")
    game = save_game(engine, table, score(table))
    barrier = threading.Barrier(8)
    outcomes: list[str] = []

    def correct() -> None:
        barrier.wait(10)
        try:
            correct_game(engine, game.edit_token, table, score(table), expected_version=1)
            outcomes.append("saved")
        except EditConflict:
            outcomes.append("conflict")
        except Exception as error:  # collected and asserted below
            outcomes.append(repr(error))

    threads = [threading.Thread(target=correct) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert len(game_history(engine, game.id)) == 2
    return sorted(outcomes)


def test_corrections_of_one_version_at_once_are_one_saved_and_conflicts_on_postgresql(pg: Engine) -> None:
    assert corrections_at_once(pg) == ["conflict"] * 7 + ["saved"]


def test_corrections_of_one_version_at_once_are_one_saved_and_conflicts_on_sqlite(tmp_path: Path) -> None:
    from marquoir.storage import sqlite_url

    assert corrections_at_once(open_database(sqlite_url(tmp_path / "games.sqlite3"))) == ["conflict"] * 7 + ["saved"]


def test_savers_of_other_players_do_not_wait_for_each_other_on_postgresql(pg: Engine) -> None:
    """No global lock: a transaction holding one player's records does not hold up a save of other players."""
    base = sample_table("base-2p")
    held = dataclasses.replace(base, players=tuple(dataclasses.replace(p, name=f"Held {i}")
                                                   for i, p in enumerate(base.players)))  # fmt: skip
    other = dataclasses.replace(base, players=tuple(dataclasses.replace(p, name=f"Free {i}")
                                                    for i, p in enumerate(base.players)))  # fmt: skip
    from marquoir.storage.database import write_transaction
    from marquoir.storage.stats import lock_players

    with write_transaction(pg) as connection:
        lock_players(connection, [(0, "held 0"), (0, "held 1")])
        started = datetime.now(UTC)
        save_game(pg, other, score(other))  # another connection: it must not wait for the one above
        assert (datetime.now(UTC) - started).total_seconds() < 5
        blocked = threading.Thread(target=save_game, args=(pg, held, score(held)))
        blocked.start()
        blocked.join(1.0)
        assert blocked.is_alive()  # a saver of the held players waits for them
    blocked.join(30)
    assert not blocked.is_alive() and len(all_games(pg)) == 2
