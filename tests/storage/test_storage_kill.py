"""A writer killed with SIGKILL — between saves or in the middle of one — loses nothing already saved.

The writer is a real process saving and correcting games in a loop; it prints each game's id and version only
after the save returned (committed). The test kills it and then checks the database: every reported save is there
whole, nothing half-written is, and SQLite's own integrity check passes.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest
import sqlalchemy as sa

from marquoir.storage import all_games, game_history, get_game, open_database, sqlite_url
from marquoir.storage.schema import game_players, game_versions, games

pytestmark = pytest.mark.slow

WRITER = """
import dataclasses, sys, time
from sqlalchemy import event
from marquoir import load_table, score
from marquoir.storage import correct_game, open_database, save_game, sqlite_url

path, seed, hang_at = sys.argv[1], sys.argv[2], int(sys.argv[3])
engine = open_database(sqlite_url(path))
base = load_table(open(seed, encoding="utf-8").read())

def named(i):
    players = tuple(dataclasses.replace(p, name=f"{p.name}{i}") for p in base.players)
    return dataclasses.replace(base, players=players)

def hang(connection):
    print("COMMITTING", flush=True)
    time.sleep(600)

i = 0
while True:
    i += 1
    if i == hang_at:
        event.listen(engine, "commit", hang)
    saved = save_game(engine, named(i), score(named(i)))
    print(f"saved {saved.id} {saved.version} {saved.edit_token}", flush=True)
    if i % 3 == 0:
        fixed = correct_game(engine, saved.edit_token, named(-i), score(named(-i)))
        print(f"saved {fixed.id} {fixed.version} {fixed.edit_token}", flush=True)
"""

SEED = Path(__file__).resolve().parents[2] / "seeds" / "base-4p.json"


def run_writer(path: Path, hang_at: int, kill_after_lines: int) -> dict[int, int]:
    """Start a writer, read its reports until ``kill_after_lines`` saves (or its hang), SIGKILL it; return the
    newest committed version of each game it reported."""
    committed: dict[int, int] = {}
    with subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path), str(SEED), str(hang_at)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as child:
        assert child.stdout is not None and child.stderr is not None
        try:
            for line in child.stdout:
                if line.startswith("COMMITTING"):
                    break
                _, game_id, version, _token = line.split()
                committed[int(game_id)] = int(version)
                if len(committed) >= kill_after_lines:
                    break
        finally:
            os.kill(child.pid, signal.SIGKILL)
            child.wait(timeout=30)
        assert child.returncode == -signal.SIGKILL, child.stderr.read()
    return committed


def check_consistent(path: Path, committed: dict[int, int]) -> None:
    engine = open_database(sqlite_url(path))
    with engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
        assert connection.exec_driver_sql("PRAGMA foreign_key_check").all() == []
    for game_id, version in committed.items():
        game = get_game(engine, game_id)
        assert game is not None, f"game {game_id} was reported saved and is gone"
        assert game.version >= version
    for game in all_games(engine):
        history = game_history(engine, game.id)
        assert [v.version for v in history] == list(range(game.version, 0, -1))
        assert history[0].document == game.document and history[0].report == game.report
        with engine.connect() as connection:
            names = connection.execute(
                sa.select(game_players.c.name).where(game_players.c.game_id == game.id).order_by(game_players.c.seat)
            ).scalars()
            assert list(names) == [p["name"] for p in game.report["players"]]
    engine.dispose()


def test_a_writer_killed_inside_a_save_loses_only_that_save(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    committed = run_writer(path, hang_at=7, kill_after_lines=10_000)
    # Saves 1–6 returned (with corrections of 3 and 6); the 7th was killed after its rows were written but
    # before COMMIT.
    assert sorted(committed.items()) == [(1, 1), (2, 1), (3, 2), (4, 1), (5, 1), (6, 2)]
    check_consistent(path, committed)
    engine = open_database(sqlite_url(path))
    with engine.connect() as connection:
        assert connection.execute(sa.select(sa.func.max(games.c.id))).scalar() == 6
        assert connection.execute(sa.select(sa.func.count()).select_from(game_versions)).scalar() == 8
        assert connection.execute(sa.select(sa.func.count()).select_from(game_players)).scalar() == 6 * 4


def test_writers_killed_at_random_moments_lose_nothing_saved(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    rng = random.Random(5)
    committed: dict[int, int] = {}
    for _ in range(4):
        committed.update(run_writer(path, hang_at=0, kill_after_lines=rng.randint(5, 40)))
        check_consistent(path, committed)
    assert len(committed) >= 20
